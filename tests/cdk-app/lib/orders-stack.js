// The orders service: a bucket, a table, a queue, a function behind a REST API, a security group,
// and a nested stack of alarms. Each `change` is one pull request a team would open.
const path = require('path');
const cdk = require('aws-cdk-lib');
const apigateway = require('aws-cdk-lib/aws-apigateway');
const cloudwatch = require('aws-cdk-lib/aws-cloudwatch');
const dynamodb = require('aws-cdk-lib/aws-dynamodb');
const ec2 = require('aws-cdk-lib/aws-ec2');
const lambda = require('aws-cdk-lib/aws-lambda');
const s3 = require('aws-cdk-lib/aws-s3');
const sqs = require('aws-cdk-lib/aws-sqs');
const { AlarmsStack } = require('./alarms-stack');

class OrdersStack extends cdk.Stack {
  constructor(scope, id, props) {
    super(scope, id);
    const change = props.change;

    const archive = new s3.Bucket(this, 'Archive', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      bucketName: change === 'bucket-name' ? 'orders-archive-v2' : undefined,
    });

    const table = new dynamodb.Table(this, 'Orders', {
      partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: cdk.RemovalPolicy.RETAIN,
    });

    const queue = new sqs.Queue(this, 'Events', {
      visibilityTimeout: cdk.Duration.seconds(change === 'timeout' ? 120 : 60),
    });

    const vpc = ec2.Vpc.fromVpcAttributes(this, 'Vpc', {
      vpcId: 'vpc-0123456789abcdef0',
      availabilityZones: ['eu-west-1a'],
      privateSubnetIds: ['subnet-0123456789abcdef0'],
    });
    const group = new ec2.SecurityGroup(this, 'HandlerGroup', { vpc, allowAllOutbound: false });
    group.addEgressRule(ec2.Peer.ipv4('10.0.0.0/16'), ec2.Port.tcp(443), 'to the VPC endpoints');
    if (change === 'open-ssh') {
      group.addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(22), 'debugging');
    }

    const handler = new lambda.Function(this, 'Handler', {
      runtime: lambda.Runtime.NODEJS_20_X,
      handler: 'index.handler',
      code: lambda.Code.fromAsset(path.join(__dirname, '..', 'lambda', change === 'code' ? 'v2' : 'v1')),
      memorySize: change === 'memory' ? 512 : 256,
      timeout: cdk.Duration.seconds(change === 'timeout' ? 20 : 10),
      environment: { TABLE: table.tableName, QUEUE: queue.queueUrl, ARCHIVE: archive.bucketName },
    });
    table.grantReadWriteData(handler);
    queue.grantSendMessages(handler);
    archive.grantPut(handler);
    if (change === 'grant-delete') {
      archive.grantDelete(handler);
    }

    const api = new apigateway.RestApi(this, 'Api', { deployOptions: { stageName: 'prod' } });
    const orders = api.root.addResource('orders');
    orders.addMethod('GET', new apigateway.LambdaIntegration(handler, {
      timeout: cdk.Duration.seconds(change === 'api-timeout' ? 20 : 29),
    }), {
      authorizationType: apigateway.AuthorizationType.IAM,
    });
    if (change === 'api-method') {
      orders.addMethod('POST', new apigateway.LambdaIntegration(handler), {
        authorizationType: apigateway.AuthorizationType.IAM,
      });
    }
    if (change === 'api-open') {
      orders.addResource('{id}').addMethod('DELETE', new apigateway.LambdaIntegration(handler));
    }

    new cloudwatch.Alarm(this, 'HandlerErrors', {
      metric: handler.metricErrors(),
      threshold: 1,
      evaluationPeriods: 1,
    });
    if (change === 'alarm') {
      new cloudwatch.Alarm(this, 'HandlerThrottles', {
        metric: handler.metricThrottles(),
        threshold: 1,
        evaluationPeriods: 1,
      });
    }

    new AlarmsStack(this, 'Alarms', { queue, change });

    if (change === 'tags') {
      cdk.Tags.of(this).add('cost-centre', 'orders');
    }
  }
}

module.exports = { OrdersStack };
