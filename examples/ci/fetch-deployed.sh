#!/usr/bin/env bash
# The deployed side for c2a, fetched with the AWS CLI: c2a itself never calls AWS, and a pipeline
# should not have to write this by hand. For each stack it writes, into a fresh directory:
#   S.json or S.yaml     the deployed template as CloudFormation holds it (get-template
#                        --template-stage Original): a JSON template as S.json, a YAML one
#                        verbatim as S.yaml
#   S/Logical.json       each nested stack's deployed template (or .yaml), at any depth:
#   S/Logical/Child.json ... under its parent's logical id
#   S.args               the c2a arguments that map them, one a line (--before-nested-template,
#                        then Logical=PATH or Logical/Child=PATH); empty without nested stacks
#   S.changeset/         with a change-set template: the change set made for it (create-change-set
#                        --include-nested-stacks), described with all pages joined, as:
#     S.json               describe-change-set
#     S.values.json        the same with --include-property-values (asking for the values can
#                          make CloudFormation leave changes out, so both are kept)
#     S.Logical.json       each nested stack's change set, named by the ChangeSetId (an ARN) of
#     S.Logical.values.json  its resource change in either description of the parent, described
#                          the same two ways; at any depth: S.Logical.Child.json, ...
#                        c2a diff --change-set S.changeset reads the whole directory. None of it
#                        is written when CloudFormation finds no changes. The change set is
#                        deleted at the end (its nested ones go with it), also when a step fails
#                        or the script is interrupted.
# and prints the c2a command to run with them. The paths in S.args are relative to the directory
# the script ran in (as the output directory was given): run c2a from there.
#
# Usage: fetch-deployed.sh [OPTIONS] [STACK...]
#   STACK                  stack names (letters, digits, hyphens); default: C2A_STACKS
#   --out DIR              where the files go (default: C2A_FETCH_OUT, else deployed; made fresh)
#   --region REGION        the stacks' region (default: the AWS CLI's: AWS_REGION, the profile)
#   --profile PROFILE      the AWS CLI profile (default: AWS_PROFILE, else the default one)
#   --change-set TEMPLATE  also make a change set of TEMPLATE (a file, or an https:// S3 URL) for
#                          each stack and describe it (default: C2A_CHANGE_SET_TEMPLATE)
#   --parameters FILE      the change set's parameters, the CLI's JSON list (create-change-set
#                          --parameters file://FILE; default: C2A_CHANGE_SET_PARAMETERS). A
#                          parameter it does not give takes its Default, not the stack's value:
#                          list those with "UsePreviousValue": true
#   --help                 this text
# Environment: C2A_STACKS (space-separated), C2A_FETCH_OUT, C2A_CHANGE_SET_TEMPLATE,
#   C2A_CHANGE_SET_PARAMETERS, and whatever the AWS CLI reads (AWS_REGION, AWS_PROFILE, keys).
# Needs jq and the AWS CLI (v1 or v2, recent enough to know --include-property-values).
# Exit status: 0 done (also when a change set finds no changes), 64 usage, 69 aws or jq missing,
# 1 an AWS call or the change set failed (aws's own message, then a fetch-deployed.sh: line on
# stderr), 130 / 143 interrupted.
set -euo pipefail

me=fetch-deployed.sh
usage_text() {
  awk '/^# Usage:/ { on = 1 } on && !/^#/ { exit } on { sub(/^# ?/, ""); print }' "$0"
}
usage() { echo "$me: $*" >&2; echo "Try: $me --help" >&2; exit 64; }
fail() { echo "$me: $*" >&2; exit 1; }

out=${C2A_FETCH_OUT:-deployed}
region=
profile=
change_set_template=${C2A_CHANGE_SET_TEMPLATE:-}
change_set_parameters=${C2A_CHANGE_SET_PARAMETERS:-}
stacks=()
while (($#)); do
  case $1 in
    --help | -h) usage_text; exit 0 ;;
    --out | --region | --profile | --change-set | --parameters)
      (($# >= 2)) || usage "$1 needs a value"
      option=$1 value=$2
      shift 2 ;;
    --out=* | --region=* | --profile=* | --change-set=* | --parameters=*)
      option=${1%%=*} value=${1#*=}
      shift ;;
    --) shift; stacks+=("$@"); break ;;
    -*) usage "unknown option $1" ;;
    *) stacks+=("$1"); shift; continue ;;
  esac
  [[ -n $value ]] || usage "$option needs a value"
  case $option in
    --out) out=$value ;;
    --region) region=$value ;;
    --profile) profile=$value ;;
    --change-set) change_set_template=$value ;;
    --parameters) change_set_parameters=$value ;;
  esac
done
if ((${#stacks[@]} == 0)); then
  set -f
  # shellcheck disable=SC2206  # split on spaces and newlines, never expanded against files
  stacks=(${C2A_STACKS:-})
  set +f
fi
((${#stacks[@]})) || usage "name the stacks (arguments or C2A_STACKS)"
unique=()
for stack in "${stacks[@]}"; do
  # CloudFormation's own rule; it also keeps a name from being a path or an option.
  [[ $stack =~ ^[A-Za-z][A-Za-z0-9-]{0,127}$ ]] ||
    usage "not a stack name: '$stack' (a letter, then letters, digits and hyphens)"
  [[ " ${unique[*]} " == *" $stack "* ]] || unique+=("$stack")
done
stacks=("${unique[@]}")
if [[ -n $change_set_template && $change_set_template != https://* &&
      ! -f $change_set_template ]]; then
  usage "--change-set: no file $change_set_template"
fi
if [[ -n $change_set_parameters ]]; then
  [[ -n $change_set_template ]] || usage "--parameters is for the change set: give --change-set"
  [[ -f $change_set_parameters ]] || usage "--parameters: no file $change_set_parameters"
fi
while [[ $out == */ && $out != / ]]; do out=${out%/}; done
[[ -n $out ]] || usage "--out needs a directory"

command -v aws > /dev/null || { echo "$me: the AWS CLI (aws) is not on PATH" >&2; exit 69; }
command -v jq > /dev/null || { echo "$me: jq is not on PATH" >&2; exit 69; }

aws_options=()
[[ -n $region ]] && aws_options+=(--region "$region")
[[ -n $profile ]] && aws_options+=(--profile "$profile")
export AWS_PAGER=""  # AWS CLI v2 would page long output through less
cfn() { aws "${aws_options[@]}" cloudformation "$@"; }

# The change sets made, deleted on the way out whatever happens: a failed step (set -e), an
# interruption, or the end.
made_stacks=()
made_names=()
cleanup() {
  local status=$? i hint
  trap - EXIT INT TERM
  for i in "${!made_names[@]}"; do
    if cfn delete-change-set --stack-name "${made_stacks[$i]}" \
        --change-set-name "${made_names[$i]}" > /dev/null; then
      echo "${made_stacks[$i]}: change set ${made_names[$i]} deleted"
    else
      printf -v hint ' %q' aws "${aws_options[@]}" cloudformation delete-change-set \
        --stack-name "${made_stacks[$i]}" --change-set-name "${made_names[$i]}"
      echo "$me: could not delete the change set ${made_names[$i]} of stack" \
        "${made_stacks[$i]}; delete it with:$hint" >&2
      ((status)) || status=1
    fi
  done
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The output directory is made fresh, as c2a-check.sh makes its reports directory: a pull
# request can commit a symbolic link under that name, pointing where the job can write, so a
# link is removed (never followed), the default directory is emptied, and another directory
# must be empty.
if [[ -L $out ]]; then rm -f -- "$out"; fi
if [[ -e $out && ( ! -d $out || -n $(ls -A -- "$out") ) ]]; then
  if [[ $out == deployed ]]; then
    rm -rf -- "$out"
  else
    usage "$out exists and is not an empty directory: the templates go into a fresh one"
  fi
fi
mkdir -p -- "$out"

# fetch_template STACK_OR_ARN BASE: writes BASE.json (a JSON template: the CLI gives an object)
# or BASE.yaml (a YAML template: the CLI gives it as one JSON string, written out verbatim) and
# sets $fetched to the file written.
fetched=
fetch_template() {
  local stack=$1 base=$2 body type
  body=$(cfn get-template --stack-name "$stack" --template-stage Original \
           --query TemplateBody --output json) ||
    fail "aws cloudformation get-template --stack-name $stack failed (exit $?)"
  type=$(jq -r type <<< "$body") || fail "get-template of $stack: not JSON"
  case $type in
    object) fetched=$base.json; printf '%s\n' "$body" > "$fetched" ;;
    string) fetched=$base.yaml; jq -j . <<< "$body" > "$fetched" ;;
    *) fail "get-template of $stack: no template body (got $type)" ;;
  esac
}

# fetch_nested STACK_OR_ARN BASE KEY: the nested stacks of a fetched stack, into BASE/, and
# their own nested stacks below, at any depth; each adds its c2a arguments to nested_args.
nested_args=()
nested_count=0
nested_columns='.[LogicalResourceId,PhysicalResourceId]'
fetch_nested() {
  local stack=$1 base=$2 key=$3 listing row logical physical child rows=()
  # list-stack-resources, not describe-stack-resources: that one stops at 100 resources.
  listing=$(cfn list-stack-resources --stack-name "$stack" --output text --query \
    "StackResourceSummaries[?ResourceType=='AWS::CloudFormation::Stack']$nested_columns") ||
    fail "aws cloudformation list-stack-resources --stack-name $stack failed (exit $?)"
  [[ -z $listing ]] || mapfile -t rows <<< "$listing"
  for row in "${rows[@]}"; do
    IFS=$'\t' read -r logical physical <<< "$row"
    [[ $logical =~ ^[A-Za-z0-9]+$ ]] ||
      fail "stack $stack: a nested stack's logical id is not alphanumeric: '$logical'"
    child=${key:+$key/}$logical
    if [[ -z $physical || $physical == None ]]; then
      echo "$me: nested stack $child has no stack (not created): not fetched," \
        "c2a reports it as not analysed" >&2
      continue
    fi
    mkdir -p -- "$base"
    fetch_template "$physical" "$base/$logical"
    nested_args+=(--before-nested-template "$child=$fetched")
    nested_count=$((nested_count + 1))
    echo "  nested stack $child: $fetched"
    fetch_nested "$physical" "$base/$logical" "$child"
  done
}

# describe STACK NAME FILE [--include-property-values]: the change set as JSON into FILE, its
# pages joined: a CLI that pages describe-change-set itself gives one; an older one gives a
# NextToken to follow. STACK is empty when NAME is the change set's ARN, which names it alone
# (a nested change set's).
describe() {
  local stack=$1 name=$2 file=$3 token page=1 i which=() pages=()
  shift 3
  [[ -z $stack ]] || which=(--stack-name "$stack")
  which+=(--change-set-name "$name")
  cfn describe-change-set "${which[@]}" "$@" --output json > "$file.page$page" ||
    fail "aws cloudformation describe-change-set --change-set-name $name failed (exit $?)"
  token=$(jq -r '.NextToken // empty' "$file.page$page")
  while [[ -n $token ]]; do
    page=$((page + 1))
    cfn describe-change-set "${which[@]}" "$@" --next-token "$token" --output json \
      > "$file.page$page" ||
      fail "aws cloudformation describe-change-set --change-set-name $name failed (exit $?)"
    token=$(jq -r '.NextToken // empty' "$file.page$page")
  done
  for ((i = 1; i <= page; i++)); do pages+=("$file.page$i"); done
  jq -s '.[0] + {Changes: [.[].Changes // [] | .[]]} | del(.NextToken)' "${pages[@]}" > "$file"
  rm -f -- "${pages[@]}"
}

# describe_nested FILE VALUES_FILE BASE KEY: the nested change sets that the two descriptions of
# a change set list (a nested stack's resource change carries its change set's ARN as
# ChangeSetId; either description may leave one out, so both are read), each described both
# ways into BASE.Logical.json and BASE.Logical.values.json, and their own below, at any depth.
nested_change_sets='[.[].Changes[]?.ResourceChange | select(.ChangeSetId)
  | [.LogicalResourceId, .ChangeSetId]] | unique | .[] | @tsv'
describe_nested() {
  local plain=$1 values=$2 base=$3 key=$4 listing row logical id child count seen=' ' rows=()
  listing=$(jq -r -s "$nested_change_sets" "$plain" "$values") ||
    fail "$plain: the nested change sets could not be read (jq exit $?)"
  [[ -z $listing ]] || mapfile -t rows <<< "$listing"
  for row in "${rows[@]}"; do
    IFS=$'\t' read -r logical id <<< "$row"
    [[ $logical =~ ^[A-Za-z0-9]+$ ]] ||
      fail "$plain: a nested stack's logical id is not alphanumeric: '$logical'"
    child=${key:+$key/}$logical
    [[ $id =~ ^arn:[^[:space:]]+$ ]] ||
      fail "$plain: the nested stack $child's ChangeSetId is not an ARN: '$id'"
    [[ $seen != *" $logical "* ]] ||
      fail "$plain: the nested stack $child has two change sets"
    seen+="$logical "
    describe "" "$id" "$base.$logical.json"
    describe "" "$id" "$base.$logical.values.json" --include-property-values
    count=$(jq '.Changes | length' "$base.$logical.json")
    echo "  nested change set $child ($count change$([[ $count == 1 ]] || echo s)):" \
      "$base.$logical.json, $base.$logical.values.json"
    describe_nested "$base.$logical.json" "$base.$logical.values.json" "$base.$logical" "$child"
  done
}

# change_set STACK: makes, waits for and describes a change set of the template for STACK, and
# its nested change sets, into $out/STACK.changeset/; sets $change_set_dir to that directory
# (what c2a reads), empty when CloudFormation finds no changes.
change_set_dir=
change_set() {
  local stack=$1 name dir body=() parameters=() waited=0 wait_error status reason count
  name=c2a-$(date -u +%Y%m%d%H%M%S)-$$-$RANDOM
  dir=$out/$stack.changeset
  if [[ $change_set_template == https://* ]]; then
    body=(--template-url "$change_set_template")
  else
    body=(--template-body "file://$change_set_template")
  fi
  [[ -z $change_set_parameters ]] || parameters=(--parameters "file://$change_set_parameters")
  cfn create-change-set --stack-name "$stack" --change-set-name "$name" "${body[@]}" \
    "${parameters[@]}" --include-nested-stacks \
    --capabilities CAPABILITY_IAM CAPABILITY_NAMED_IAM CAPABILITY_AUTO_EXPAND \
    --description "c2a fetch-deployed.sh: described, then deleted" > /dev/null ||
    fail "aws cloudformation create-change-set --stack-name $stack failed (exit $?)"
  made_stacks+=("$stack")
  made_names+=("$name")
  echo "  change set $name created; waiting for CloudFormation"
  wait_error=$(cfn wait change-set-create-complete --stack-name "$stack" \
                 --change-set-name "$name" 2>&1 > /dev/null) || waited=$?
  mkdir -- "$dir"
  describe "$stack" "$name" "$dir/$stack.json"
  status=$(jq -r '.Status // ""' "$dir/$stack.json")
  reason=$(jq -r '.StatusReason // ""' "$dir/$stack.json")
  change_set_dir=
  case $status in
    CREATE_COMPLETE)
      describe "$stack" "$name" "$dir/$stack.values.json" --include-property-values
      count=$(jq '.Changes | length' "$dir/$stack.json")
      echo "  change set described ($count change$([[ $count == 1 ]] || echo s)):" \
        "$dir/$stack.json, $dir/$stack.values.json"
      describe_nested "$dir/$stack.json" "$dir/$stack.values.json" "$dir/$stack" ""
      change_set_dir=$dir ;;
    FAILED)
      rm -rf -- "$dir"
      if [[ $reason == *"didn't contain changes"* ||
            $reason == *"No updates are to be performed"* ]]; then
        echo "  change set: no changes (CloudFormation: $reason)"
      else
        fail "the change set $name of stack $stack failed: $reason"
      fi ;;
    *)
      rm -rf -- "$dir"
      [[ -z $wait_error ]] || echo "$wait_error" >&2
      fail "the change set $name of stack $stack is $status, not created (wait exit $waited)" ;;
  esac
}

after_placeholder=
for stack in "${stacks[@]}"; do
  echo "$stack:"
  fetch_template "$stack" "$out/$stack"
  root=$fetched
  echo "  deployed template: $root"
  nested_args=()
  nested_count=0
  fetch_nested "$stack" "$out/$stack" ""
  if ((${#nested_args[@]})); then
    printf '%s\n' "${nested_args[@]}" > "$out/$stack.args"
  else
    : > "$out/$stack.args"
  fi
  echo "  c2a arguments for the $nested_count nested stacks: $out/$stack.args"
  command=(c2a diff "$root")
  [[ -z $change_set_template ]] || change_set "$stack"
  if [[ -n $change_set_template && $change_set_template != https://* ]]; then
    command+=("$change_set_template")
  else
    command+=(AFTER)
    after_placeholder=true
  fi
  command+=("${nested_args[@]}")
  [[ -z $change_set_dir ]] || command+=(--change-set "$change_set_dir")
  printf -v line ' %q' "${command[@]}"
  echo "  compare with:${line}"
done
if [[ -n $after_placeholder ]]; then
  echo "(AFTER: the template or cdk.out about to be deployed; add --stack NAME for a cdk.out)"
fi
