#!/usr/bin/env bash
# CodePipeline has no conditional actions, so the manual approval that follows the c2a step is
# answered here when c2a approved the change: a person is asked only when the verdict is review.
# Runs beside the approval action (cdk-pipelines.ts), with C2A_VERDICT from the c2a step.
#   PIPELINE  the pipeline's name     APPROVAL_ACTION  the manual approval action's name
set -euo pipefail
if [[ ${C2A_VERDICT:?set C2A_VERDICT} != approved ]]; then
  echo "c2a verdict ${C2A_VERDICT}: the approval waits for a person"
  exit 0
fi
for _ in $(seq 1 60); do
  token=$(aws codepipeline get-pipeline-state --name "${PIPELINE:?set PIPELINE}" \
    --query "stageStates[].actionStates[?actionName=='${APPROVAL_ACTION:?set APPROVAL_ACTION}'].latestExecution.token" \
    --output text)
  if [[ -n $token && $token != None ]]; then
    stage=$(aws codepipeline get-pipeline-state --name "$PIPELINE" \
      --query "stageStates[?actionStates[?actionName=='$APPROVAL_ACTION']].stageName" --output text)
    aws codepipeline put-approval-result --pipeline-name "$PIPELINE" --stage-name "$stage" \
      --action-name "$APPROVAL_ACTION" --token "$token" \
      --result "summary=c2a approved every change,status=Approved"
    echo "approved by c2a"
    exit 0
  fi
  sleep 5
done
echo "the approval action never started" >&2
exit 1
