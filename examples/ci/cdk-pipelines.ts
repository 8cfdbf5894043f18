// CDK Pipelines: a c2a step before the stage; a person approves only when c2a says one must
// (verdict review). Rejected changes fail the c2a step; approved ones are let through by the
// auto-approver (CodePipeline has no conditional actions, so it answers the approval itself).
import { Stage, aws_iam as iam, pipelines } from 'aws-cdk-lib';

declare const pipeline: pipelines.CodePipeline;
declare const stage: Stage;

const c2a = new pipelines.CodeBuildStep('c2a', {
  input: pipeline.synth,  // the synthesized cdk.out, with this repository's examples/ci
  env: { C2A_SYNTH: '.', C2A_DEPLOYED: 'deployed.json', C2A_STACK: 'OrdersService',
         C2A_RULES: 'rules/team.c2a', C2A_FAIL_ON: 'rejected' },
  commands: [
    'aws cloudformation get-template --stack-name OrdersService --template-stage Original ' +
      '--query TemplateBody --output json > deployed.json',
    'examples/ci/c2a-check.sh',
    'export C2A_VERDICT=$(cat c2a-reports/verdict)',
  ],
  primaryOutputDirectory: 'c2a-reports',
});

const review = new pipelines.ManualApprovalStep('c2a-review', {
  comment: 'c2a needs a person: read the report in the c2a step\'s artifacts',
});
review.addStepDependency(c2a);

const autoApprove = new pipelines.CodeBuildStep('c2a-auto-approve', {
  input: pipeline.synth,
  env: { PIPELINE: 'OrdersPipeline', APPROVAL_ACTION: 'c2a-review' },
  commands: [`C2A_VERDICT=${c2a.exportedVariable('C2A_VERDICT')} examples/ci/codepipeline-auto-approve.sh`],
  rolePolicyStatements: [new iam.PolicyStatement({
    actions: ['codepipeline:GetPipelineState', 'codepipeline:PutApprovalResult'],
    resources: ['*'],
  })],
});
autoApprove.addStepDependency(c2a);

pipeline.addStage(stage, { pre: [c2a, review, autoApprove] });
