#!/usr/bin/env bash
# One c2a run for a pipeline: the human report in the log, JSON, SARIF, JUnit and a Markdown
# comment as files, and the verdict as the exit status (0 approved, 1 review, 2 rejected; 64 and
# up: c2a could not analyse). Every CI recipe in this folder calls it, so they all gate alike.
#
# Environment (all optional but the first two):
#   C2A_DEPLOYED   the deployed template (aws cloudformation get-template ... --template-stage
#                  Original), or a cdk.out of the deployed version
#   C2A_SYNTH      what is about to be deployed: a template or a cdk.out directory
#   C2A_STACK      the stack the deployed template is (needed when cdk.out has several)
#   C2A_RULES      the team's rule files, space-separated
#   C2A_APPROVALS  approvals files (c2a approve), space-separated; missing files are skipped
#   C2A_OUT        where the reports go (default: c2a-reports, made fresh on every run)
#   C2A_FAIL_ON    which verdicts fail the step: the default review (review and rejected fail),
#                  or rejected (only rejections fail; review is reported and passes)
#   C2A            the c2a binary (default: c2a on PATH)
# It also writes "$C2A_OUT/verdict" (approved, review or rejected) for later steps, and
# "verdict=..." to $GITHUB_OUTPUT when GitHub Actions provides it.
set -euo pipefail

c2a=${C2A:-c2a}
out=${C2A_OUT:-c2a-reports}
# The reports go into a directory made fresh here, inside the checkout (GitLab and CodeBuild only
# collect artifacts from there). A pull request can commit files under that name: a symbolic link
# `c2a-reports` or `c2a-reports/c2a.json` pointing at a file the job can write must be neither
# followed nor reused. So a link is removed (never followed), the default directory is emptied,
# and another directory must be empty; c2a itself also refuses to write through a link.
if [[ -L $out ]]; then rm -f -- "$out"; fi
if [[ -e $out && ( ! -d $out || -n $(ls -A -- "$out") ) ]]; then
  if [[ $out == c2a-reports ]]; then
    rm -rf -- "$out"
  else
    echo "C2A_OUT=$out exists and is not an empty directory: c2a writes into a fresh one" >&2
    exit 64
  fi
fi
mkdir -p -- "$out"

args=(diff "${C2A_DEPLOYED:?set C2A_DEPLOYED}" "${C2A_SYNTH:?set C2A_SYNTH}")
[[ -n ${C2A_STACK:-} ]] && args+=(--stack "$C2A_STACK")
for rules in ${C2A_RULES:-}; do args+=(--rules "$rules"); done
for approvals in ${C2A_APPROVALS:-}; do
  [[ -f $approvals ]] && args+=(--approvals "$approvals")
done
args+=(--report "json=$out/c2a.json" --report "sarif=$out/c2a.sarif"
       --report "junit=$out/c2a-junit.xml" --report "markdown=$out/c2a-comment.md"
       --report "html=$out/c2a.html")
# On GitHub Actions: an annotation on the template line of each change to review or rejected
# (workflow commands in the log), and the Markdown report as the job summary.
if [[ -n ${GITHUB_ACTIONS:-} ]]; then args+=(--report github=/dev/stdout); fi
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then args+=(--report "markdown=$GITHUB_STEP_SUMMARY"); fi

# `|| status=$?` keeps `bash -e` (the default shell of GitHub Actions and GitLab CI) from ending
# the step before the verdict is read.
status=0
"$c2a" "${args[@]}" || status=$?

case $status in
  0) verdict=approved ;;
  1) verdict=review ;;
  2) verdict=rejected ;;
  *) echo "c2a could not analyse the change (exit $status)" >&2; exit "$status" ;;
esac
echo "$verdict" > "$out/verdict"
if [[ -n ${GITHUB_OUTPUT:-} ]]; then echo "verdict=$verdict" >> "$GITHUB_OUTPUT"; fi

case ${C2A_FAIL_ON:-review} in
  review) exit "$status" ;;
  rejected) [[ $verdict == rejected ]] && exit 2; exit 0 ;;
  *) echo "C2A_FAIL_ON is review or rejected, not ${C2A_FAIL_ON}" >&2; exit 64 ;;
esac
