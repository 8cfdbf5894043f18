#!/usr/bin/env bash
# One c2a run for a pipeline: the human report in the log, JSON, SARIF, JUnit and a Markdown
# comment as files, and the verdict as the exit status (0 approved, 1 review, 2 rejected; 64 and
# up: c2a could not analyse). Every CI recipe in this folder calls it, so they all gate alike.
# A gate runs its own trusted copy (the default branch's, a pinned release's), never the one in
# the checkout of the change it judges (docs/ci.md, "Why the jobs are split").
#
# Environment (all optional but the first two):
#   C2A_DEPLOYED   what is deployed: the directory examples/ci/fetch-deployed.sh wrote (its
#                  STACK.json or STACK.yaml and STACK.args, the nested stacks' templates, for the one
#                  stack C2A_STACK names: the complete comparison, and the recipes' default), a
#                  deployed template (aws cloudformation get-template ... --template-stage
#                  Original), or a cdk.out of the deployed version
#   C2A_SYNTH      what is about to be deployed: a template or a cdk.out directory
#   C2A_DEPLOYED_ARGS  a file of c2a arguments for the deployed side, one a line, as
#                  examples/ci/fetch-deployed.sh writes them (STACK.args: its nested templates);
#                  taken from the directory when C2A_DEPLOYED is one
#   C2A_CHANGE_SET the change set CloudFormation made of this deployment: a describe-change-set
#                  JSON file, or a directory of them with the nested change sets, as
#                  fetch-deployed.sh writes it (STACK.changeset): c2a diff --change-set
#   C2A_STACK      the stacks to compare (--stack globs, space or newline separated; needed when
#                  a lone deployed template meets a cdk.out of several stacks)
#   C2A_RULES      the team's rule files, space-separated
#   C2A_PRESETS    bundled rule packs to use instead of all of them (c2a rules presets), space-separated
#   C2A_NO_PRESETS true: no bundled rule packs at all
#   C2A_APPROVALS  approvals files (c2a approve), space-separated, globs allowed; missing files
#                  are skipped. Needs the key (below)
#   C2A_BASELINE   a baseline file (c2a diff --baseline). Needs the key (below)
#   C2A_APPROVAL_KEY, C2A_APPROVAL_KEY_FILE  the key approvals and baselines are signed with
#                  (the key itself, or a file holding it): required when C2A_APPROVALS or
#                  C2A_BASELINE is given, and refused when set but empty (a secret that did not
#                  reach the job). Without a key a file approves as whoever could write it, and
#                  in a pull request that is its author; with one, c2a refuses unsigned files
#   C2A_PARAMETERS parameter values both sides are deployed with (c2a diff --parameters)
#   C2A_REGION, C2A_ACCOUNT  the deployment's region and account (--region, --account)
#   C2A_OUT        where the reports go (default: c2a-reports). Made fresh on every run: the
#                  default directory is emptied; another one must be empty or hold only what an
#                  earlier run of this script left there (it leaves a .c2a-check marker)
#   C2A_FORMATS    the reports to write (default: json sarif junit markdown html; text also):
#                  c2a.json, c2a.sarif, c2a-junit.xml, c2a-comment.md, c2a.html, c2a.txt
#   C2A_FAIL_ON    which verdicts fail the step (c2a diff --fail-on): review (the default:
#                  review and rejected fail), unknown or high (a rejection, or a change waiting
#                  for review at that risk or above), rejected (only rejections), or never
#   C2A_SOURCE_ROOT  the CDK app's checkout as the synth job had it (c2a diff --source-root;
#                  default: the current directory): annotations point at the app's source lines
#   C2A            the c2a binary (default: c2a on PATH)
# It also writes "$C2A_OUT/verdict" (approved, review or rejected) for later steps, and
# "verdict=..." to $GITHUB_OUTPUT when GitHub Actions provides it. The exit status is c2a's under
# C2A_FAIL_ON: 0 passes, 1 review, 2 rejected.
set -euo pipefail

c2a=${C2A:-c2a}
out=${C2A_OUT:-c2a-reports}
fail_on=${C2A_FAIL_ON:-review}
marker=.c2a-check
usage() { echo "c2a-check.sh: $*" >&2; exit 64; }
[[ -n ${C2A_DEPLOYED:-} && -n ${C2A_SYNTH:-} ]] || usage "set C2A_DEPLOYED and C2A_SYNTH"
case $fail_on in
  review | unknown | high | rejected | never) ;;
  *) usage "C2A_FAIL_ON is review, unknown, high, rejected or never, not ${fail_on}" ;;
esac
case ${C2A_NO_PRESETS:-false} in
  true | false) ;;
  *) usage "C2A_NO_PRESETS is true or false, not ${C2A_NO_PRESETS}" ;;
esac
# Approvals and baselines approve what waits for a person. Unsigned, they are as trustworthy as
# the place they come from, and a pull request writes every file of its checkout and artifacts:
# so they count only with a key the change's author cannot read, which c2a checks them with.
if [[ -v C2A_APPROVAL_KEY && -z $C2A_APPROVAL_KEY ]]; then
  usage "C2A_APPROVAL_KEY is set but empty: the secret did not reach this job"
fi
if [[ ( -n ${C2A_APPROVALS:-} || -n ${C2A_BASELINE:-} )
      && -z ${C2A_APPROVAL_KEY:-} && -z ${C2A_APPROVAL_KEY_FILE:-} ]]; then
  usage "C2A_APPROVALS and C2A_BASELINE count only with C2A_APPROVAL_KEY or" \
        "C2A_APPROVAL_KEY_FILE: without a key, whoever can write the file approves (docs/ci.md)"
fi
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

# The reports go into a directory made fresh here, by default inside the checkout (GitLab and
# CodeBuild only collect artifacts from there). A pull request can commit files under that name:
# a symbolic link `c2a-reports` or `c2a-reports/c2a.json` pointing at a file the job can write
# must be neither followed nor reused. So a link is removed (never followed), the default
# directory is emptied, and another directory must be empty or hold only the files an earlier
# run of this script wrote there (its marker among them), which are removed, links unfollowed;
# c2a itself also refuses to write through a link.
ours() {
  [[ -f $out/$marker && ! -L $out/$marker ]] || return 1
  local entry name
  for entry in "$out"/* "$out"/.[!.]* "$out"/..?*; do
    [[ -e $entry || -L $entry ]] || continue   # an unmatched pattern
    name=${entry##*/}
    [[ -L $entry || ! -d $entry ]] || return 1
    [[ " $marker verdict ${report_file[*]} " == *" $name "* ]] || return 1
  done
}
if [[ -L $out ]]; then rm -f -- "$out"; fi
if [[ -e $out && ( ! -d $out || -n $(ls -A -- "$out") ) ]]; then
  if [[ $out == c2a-reports ]]; then
    rm -rf -- "$out"
  elif ours; then
    for name in "$marker" verdict "${report_file[@]}"; do rm -f -- "$out/$name"; done
  else
    echo "C2A_OUT=$out exists and holds files this script did not write: c2a writes into an" \
         "empty directory, or one an earlier run of c2a-check.sh left" >&2
    exit 64
  fi
fi
mkdir -p -- "$out"
echo "reports of examples/ci/c2a-check.sh: a later run empties this directory" > "$out/$marker"
# The annotations and the verdict's JSON go through files of the script's own: c2a writes a
# regular file atomically (a new file renamed into place), which /dev/stdout is not when the
# log is a file (self-hosted runners, wrappers that tee), and the JSON may not be a report asked for.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/c2a-check.XXXXXX")
trap 'rm -rf -- "$scratch"' EXIT

deployed=$C2A_DEPLOYED
deployed_args_file=${C2A_DEPLOYED_ARGS:-}
if [[ -d $deployed && ! -f $deployed/manifest.json ]]; then
  # What fetch-deployed.sh wrote: the stack's root template, and its .args naming the nested ones.
  ((${#stacks[@]} == 1)) ||
    usage "C2A_DEPLOYED is a directory of fetched templates: C2A_STACK names its one stack"
  stack=${stacks[0]}
  # CloudFormation's rule for a stack name: it also keeps the name from being a path.
  [[ $stack =~ ^[A-Za-z][A-Za-z0-9-]{0,127}$ ]] ||
    usage "C2A_STACK: not a stack name: '$stack' (a letter, then letters, digits and hyphens)"
  for file in "$deployed/$stack.json" "$deployed/$stack.yaml" "$deployed/$stack.args"; do
    [[ ! -L $file ]] || usage "C2A_DEPLOYED: $file is a symbolic link, not what fetch-deployed.sh writes"
  done
  if [[ -f $deployed/$stack.json ]]; then
    root=$deployed/$stack.json
  elif [[ -f $deployed/$stack.yaml ]]; then
    root=$deployed/$stack.yaml
  else
    usage "C2A_DEPLOYED: no $stack.json or $stack.yaml in $deployed (fetch-deployed.sh $stack writes them)"
  fi
  if [[ -z $deployed_args_file && -f $deployed/$stack.args ]]; then
    deployed_args_file=$deployed/$stack.args
  fi
  deployed=$root
fi
args=(diff "$deployed" "$C2A_SYNTH" --fail-on "$fail_on")
if [[ -n $deployed_args_file ]]; then
  [[ -f $deployed_args_file ]] || usage "C2A_DEPLOYED_ARGS: no file ${deployed_args_file}"
  mapfile -t deployed_args < "$deployed_args_file"
  # Only what fetch-deployed.sh writes: pairs of --before-nested-template and KEY=FILE. Anything
  # else would be an option of the gate's own (--no-presets, --rules) read from a file.
  for ((i = 0; i < ${#deployed_args[@]}; i += 2)); do
    [[ ${deployed_args[i]} == --before-nested-template && ${deployed_args[i + 1]:-} == ?*=?* &&
       ${deployed_args[i + 1]} != -* ]] ||
      usage "$deployed_args_file: line $((i + 1)): not a --before-nested-template KEY=FILE pair"
  done
  args+=("${deployed_args[@]}")
fi
[[ -n ${C2A_SOURCE_ROOT:-} ]] && args+=(--source-root "$C2A_SOURCE_ROOT")
[[ -n ${C2A_CHANGE_SET:-} ]] && args+=(--change-set "$C2A_CHANGE_SET")
for stack in "${stacks[@]}"; do args+=(--stack "$stack"); done
for preset in "${presets[@]}"; do args+=(--preset "$preset"); done
[[ ${C2A_NO_PRESETS:-false} == true ]] && args+=(--no-presets)
for rules in ${C2A_RULES:-}; do args+=(--rules "$rules"); done
for approvals in ${C2A_APPROVALS:-}; do
  [[ -f $approvals ]] && args+=(--approvals "$approvals")
done
[[ -n ${C2A_BASELINE:-} ]] && args+=(--baseline "$C2A_BASELINE")
[[ -n ${C2A_APPROVAL_KEY_FILE:-} ]] && args+=(--approval-key-file "$C2A_APPROVAL_KEY_FILE")
[[ -n ${C2A_PARAMETERS:-} ]] && args+=(--parameters "$C2A_PARAMETERS")
[[ -n ${C2A_REGION:-} ]] && args+=(--region "$C2A_REGION")
[[ -n ${C2A_ACCOUNT:-} ]] && args+=(--account "$C2A_ACCOUNT")
for format in "${formats[@]}"; do args+=(--report "$format=$out/${report_file[$format]}"); done
# Under --fail-on the exit status no longer tells review from approved: the JSON report does.
json=$out/c2a.json
[[ " ${formats[*]} " == *" json "* ]] || { json=$scratch/c2a.json; args+=(--report "json=$json"); }
# On GitHub Actions: an annotation on the template line of each change to review or rejected
# (workflow commands in the log), and the Markdown report as the job summary.
if [[ -n ${GITHUB_ACTIONS:-} ]]; then args+=(--report "github=$scratch/annotations"); fi
summary=
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  summary=$out/c2a-comment.md
  [[ " ${formats[*]} " == *" markdown "* ]] ||
    { summary=$scratch/summary.md; args+=(--report "markdown=$summary"); }
fi

# `|| status=$?` keeps `bash -e` (the default shell of GitHub Actions and GitLab CI) from ending
# the step before the verdict is read.
status=0
"$c2a" "${args[@]}" || status=$?

if (( status > 2 )); then
  echo "c2a could not analyse the change (exit $status)" >&2
  exit "$status"
fi
[[ -f $scratch/annotations ]] && cat -- "$scratch/annotations"
[[ -n $summary && -f $summary ]] && cat -- "$summary" >> "$GITHUB_STEP_SUMMARY"
# The report's top-level "verdict" (c2a's JSON layout is fixed: docs/report.md); none when c2a
# wrote no report, whatever it exited with.
verdict=
if [[ -f $json ]]; then verdict=$(awk -F '"' '/^  "verdict": /{ print $4; exit }' "$json"); fi
case $verdict in
  approved | review | rejected) ;;
  *) echo "c2a wrote no verdict to $json (exit $status)" >&2; exit 70 ;;
esac
echo "$verdict" > "$out/verdict"
if [[ -n ${GITHUB_OUTPUT:-} ]]; then echo "verdict=$verdict" >> "$GITHUB_OUTPUT"; fi
exit "$status"
