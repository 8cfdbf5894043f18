// CDK Pipelines: a c2a step before the stage; a person approves only when c2a says one must
// (verdict review). Rejected changes fail the c2a step; approved ones are let through by the
// auto-approver (CodePipeline has no conditional actions, so it answers the approval itself).
// The synthesized assembly is the output of the app's code: the c2a step reads it as data (an
// additional input) and runs the gate script of the build image's c2a package, never a script
// from the assembly or the source (docs/ci.md, "Why the jobs are split").
import { Stack, Stage, aws_codebuild as codebuild, aws_iam as iam, pipelines } from 'aws-cdk-lib';

declare const pipeline: pipelines.CodePipeline;
declare const source: pipelines.CodePipelineSource;  // the reviewed branch: rules/
declare const stage: Stage;
declare const c2aImage: codebuild.IBuildImage;       // c2a installed from its release package

const scripts = '/usr/share/doc/c2a/examples/ci';     // the package's examples/ci

const c2a = new pipelines.CodeBuildStep('c2a', {
  input: source,
  additionalInputs: { 'cdk.out': pipeline.synth },
  buildEnvironment: { buildImage: c2aImage },
  env: { C2A_SYNTH: `cdk.out/assembly-${stage.artifactId}`, C2A_DEPLOYED: 'deployed.json',
         C2A_STACK: 'OrdersService', C2A_RULES: 'rules/team.c2a', C2A_FAIL_ON: 'rejected' },
  commands: [
    'aws cloudformation get-template --stack-name OrdersService --template-stage Original ' +
      '--query TemplateBody --output json > deployed.json',
    `${scripts}/c2a-check.sh`,
    'export C2A_VERDICT=$(cat c2a-reports/verdict)',
  ],
  primaryOutputDirectory: 'c2a-reports',
  rolePolicyStatements: [new iam.PolicyStatement({
    actions: ['cloudformation:GetTemplate'],
    resources: [Stack.of(pipeline).formatArn({ service: 'cloudformation', resource: 'stack',
                                               resourceName: 'OrdersService/*' })],
  })],
});

const review = new pipelines.ManualApprovalStep('c2a-review', {
  comment: 'c2a needs a person: read the report in the c2a step\'s artifacts',
});
review.addStepDependency(c2a);

// The verdict reaches the auto-approver as the c2a step's exported variable (a CodePipeline
// variable, resolved in the action's environment, not in a command), and it may answer the
// approvals of this pipeline only.
const pipelineArn = Stack.of(pipeline).formatArn({ service: 'codepipeline', resource: 'OrdersPipeline' });
const autoApprove = new pipelines.CodeBuildStep('c2a-auto-approve', {
  buildEnvironment: { buildImage: c2aImage },
  env: { PIPELINE: 'OrdersPipeline', APPROVAL_ACTION: 'c2a-review',
         C2A_VERDICT: c2a.exportedVariable('C2A_VERDICT') },
  commands: [`${scripts}/codepipeline-auto-approve.sh`],
  rolePolicyStatements: [new iam.PolicyStatement({
    actions: ['codepipeline:GetPipelineState', 'codepipeline:PutApprovalResult'],
    resources: [pipelineArn, `${pipelineArn}/*`],
  })],
});
autoApprove.addStepDependency(c2a);

pipeline.addStage(stage, { pre: [c2a, review, autoApprove] });
