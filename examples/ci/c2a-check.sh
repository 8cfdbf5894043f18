#!/usr/bin/env bash
# One c2a run for a pipeline: the human report in the log, JSON, SARIF, JUnit and a Markdown
# comment as files, and the verdict as the exit status (0 approved, 1 review, 2 rejected; 64 and
# up: c2a could not analyse). Every CI recipe in this folder calls it, so they all gate alike.
#
# Environment (all optional but the first two):
#   C2A_DEPLOYED   the deployed template (aws cloudformation get-template ... --template-stage
#                  Original), or a cdk.out of the deployed version
#   C2A_SYNTH      what is about to be deployed: a template or a cdk.out directory
#   C2A_DEPLOYED_ARGS  a file of c2a arguments for the deployed side, one a line, as
#                  examples/ci/fetch-deployed.sh writes them (STACK.args: its nested templates)
#   C2A_CHANGE_SET the change set CloudFormation made of this deployment: a describe-change-set
#                  JSON file, or a directory of them with the nested change sets, as
#                  fetch-deployed.sh writes it (STACK.changeset): c2a diff --change-set
#   C2A_STACK      the stacks to compare (--stack globs, space or newline separated; needed when a
#                  lone deployed template meets a cdk.out of several stacks)
#   C2A_RULES      the team's rule files, space-separated
#   C2A_PRESETS    bundled rule packs to use instead of all of them (c2a rules presets), space-separated
#   C2A_NO_PRESETS true: no bundled rule packs at all
#   C2A_APPROVALS  approvals files (c2a approve), space-separated; missing files are skipped
#   C2A_PARAMETERS parameter values both sides are deployed with (c2a diff --parameters)
#   C2A_REGION, C2A_ACCOUNT  the deployment's region and account (--region, --account)
#   C2A_OUT        where the reports go (default: c2a-reports, made fresh on every run)
#   C2A_FORMATS    the reports to write (default: json sarif junit markdown html; text also):
#                  c2a.json, c2a.sarif, c2a-junit.xml, c2a-comment.md, c2a.html, c2a.txt
#   C2A_FAIL_ON    which verdicts fail the step: the default review (review and rejected fail),
#                  rejected (only rejections fail; review is reported and passes), or never
#   C2A            the c2a binary (default: c2a on PATH)
# It also writes "$C2A_OUT/verdict" (approved, review or rejected) for later steps, and
# "verdict=..." to $GITHUB_OUTPUT when GitHub Actions provides it.
set -euo pipefail

c2a=${C2A:-c2a}
out=${C2A_OUT:-c2a-reports}
usage() { echo "c2a-check.sh: $*" >&2; exit 64; }
[[ -n ${C2A_DEPLOYED:-} && -n ${C2A_SYNTH:-} ]] || usage "set C2A_DEPLOYED and C2A_SYNTH"
case ${C2A_FAIL_ON:-review} in
  review | rejected | never) ;;
  *) usage "C2A_FAIL_ON is review, rejected or never, not ${C2A_FAIL_ON}" ;;
esac
case ${C2A_NO_PRESETS:-false} in
  true | false) ;;
  *) usage "C2A_NO_PRESETS is true or false, not ${C2A_NO_PRESETS}" ;;
esac
# Each report's file name, by format; checked before anything is written. The lists below are
# split on spaces and newlines, never expanded against files (stack names are globs for c2a).
declare -A report_file=([json]=c2a.json [sarif]=c2a.sarif [junit]=c2a-junit.xml
                        [markdown]=c2a-comment.md [html]=c2a.html [text]=c2a.txt)
set -f
formats=()
for format in ${C2A_FORMATS:-json sarif junit markdown html}; do
  [[ -n ${report_file[$format]:-} ]] ||
    usage "C2A_FORMATS: no report format ${format} (json, sarif, junit, markdown, html, text)"
  [[ " ${formats[*]} " == *" $format "* ]] || formats+=("$format")  # c2a refuses one file twice
done
stacks=(${C2A_STACK:-})
presets=(${C2A_PRESETS:-})
set +f

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

args=(diff "$C2A_DEPLOYED" "$C2A_SYNTH")
if [[ -n ${C2A_DEPLOYED_ARGS:-} ]]; then
  [[ -f $C2A_DEPLOYED_ARGS ]] || usage "C2A_DEPLOYED_ARGS: no file ${C2A_DEPLOYED_ARGS}"
  mapfile -t deployed_args < "$C2A_DEPLOYED_ARGS"
  args+=("${deployed_args[@]}")
fi
[[ -n ${C2A_CHANGE_SET:-} ]] && args+=(--change-set "$C2A_CHANGE_SET")
for stack in "${stacks[@]}"; do args+=(--stack "$stack"); done
for preset in "${presets[@]}"; do args+=(--preset "$preset"); done
[[ ${C2A_NO_PRESETS:-false} == true ]] && args+=(--no-presets)
for rules in ${C2A_RULES:-}; do args+=(--rules "$rules"); done
for approvals in ${C2A_APPROVALS:-}; do
  [[ -f $approvals ]] && args+=(--approvals "$approvals")
done
[[ -n ${C2A_PARAMETERS:-} ]] && args+=(--parameters "$C2A_PARAMETERS")
[[ -n ${C2A_REGION:-} ]] && args+=(--region "$C2A_REGION")
[[ -n ${C2A_ACCOUNT:-} ]] && args+=(--account "$C2A_ACCOUNT")
for format in "${formats[@]}"; do args+=(--report "$format=$out/${report_file[$format]}"); done
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
  never) exit 0 ;;
esac
