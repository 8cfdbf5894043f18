// A nested stack: the queue's alarms, deployed as their own CloudFormation stack.
const cdk = require('aws-cdk-lib');
const cloudwatch = require('aws-cdk-lib/aws-cloudwatch');
const actions = require('aws-cdk-lib/aws-cloudwatch-actions');
const iam = require('aws-cdk-lib/aws-iam');
const sns = require('aws-cdk-lib/aws-sns');

class AlarmsStack extends cdk.NestedStack {
  constructor(scope, id, props) {
    super(scope, id);
    const threshold = props.change === 'nested-threshold' ? 200 : 100;
    const depth = new cloudwatch.Alarm(this, 'QueueDepth', {
      metric: props.queue.metricApproximateNumberOfMessagesVisible(),
      threshold,
      evaluationPeriods: 3,
    });
    if (props.change === 'nested-public-topic') {
      const topic = new sns.Topic(this, 'Pager');
      depth.addAlarmAction(new actions.SnsAction(topic));
      topic.addToResourcePolicy(new iam.PolicyStatement({
        principals: [new iam.AnyPrincipal()],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
      }));
    }
    if (props.change === 'nested-alarm') {
      new cloudwatch.Alarm(this, 'OldestMessage', {
        metric: props.queue.metricApproximateAgeOfOldestMessage(),
        threshold: 600,
        evaluationPeriods: 2,
      });
    }
  }
}

module.exports = { AlarmsStack };
