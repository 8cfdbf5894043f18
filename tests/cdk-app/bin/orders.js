#!/usr/bin/env node
// The app the test suite synthesises (tests/cdk-app/README.md). `-c change=NAME` picks the pull
// request being reviewed; without it, what is deployed.
const cdk = require('aws-cdk-lib');
const { OrdersStack } = require('../lib/orders-stack');

const app = new cdk.App();
new OrdersStack(app, 'Orders', { change: app.node.tryGetContext('change') || 'none' });
