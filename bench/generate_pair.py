#!/usr/bin/env python3
"""Synthetic CloudFormation template pairs for benchmarks, deterministic by seed.

BEFORE holds N resources of real types, grouped the way CDK apps group them, with the references
real stacks have:

  service   IAM role <- Lambda function (Fn::GetAtt Role.Arn), IAM policy (Ref role),
            log group (Fn::Sub on the function's Ref)
  bucket    S3 bucket <- bucket policy (Ref bucket, Fn::GetAtt Bucket.Arn)
  messaging SQS queue <- SNS subscription (Fn::GetAtt Queue.Arn, Ref topic), SNS topic,
            queue policy (Ref queue)
  network   security group <- ingress rule (Fn::GetAtt Group.GroupId)
  table     DynamoDB table (KeySchema, AttributeDefinitions)

Most resources carry CDK's `aws:cdk:path` metadata; logical ids look like CDK's (path plus an
8-digit hash). AFTER is BEFORE mutated: a share of the resources gets a property change that
updates in place (--mutable), one that replaces (--immutable), a new logical id with every
reference rewritten (--renames); resources are added (--adds) and removed (--removes). Shares are
percentages of N. `--uniform` makes every resource an SQS queue of near-identical properties (for
renames among many same-type leftovers: `--uniform --renames 100`). `--shape iam` is CDK output
heavy in IAM: most units are a role whose default policy holds the statements CDK's grants write
(`table.grantReadWriteData(fn)`, `bucket.grantRead(fn)`, `queue.grantSendMessages(fn)`), each
naming a table, bucket or queue of the template by Fn::GetAtt.

The same seed and options give byte-identical files. Python 3 standard library only.

    bench/generate_pair.py --resources 500 --seed 1 --out /tmp/pair
    # -> /tmp/pair/before.json, /tmp/pair/after.json
"""

import argparse
import copy
import json
import os
import random
import re
import sys

STACK = "BenchStack"

# The default mutation mix (percent of N): about 35% of the resources differ, as in the 500-resource
# pair of issue 14 (175 differences).
DEFAULT_MIX = {"mutable": 20.0, "immutable": 3.0, "renames": 5.0, "adds": 4.0, "removes": 3.0}


def lambda_trust():
    """The trust policy CDK gives a Lambda function's service role."""
    return {
        "Statement": [
            {
                "Action": "sts:AssumeRole",
                "Effect": "Allow",
                "Principal": {"Service": "lambda.amazonaws.com"},
            }
        ],
        "Version": "2012-10-17",
    }


class Builder:
    """Adds resources to a template, with CDK-like logical ids and metadata."""

    def __init__(self, rng, resources):
        self.rng = rng
        self.resources = resources
        self.units = 0
        self.grantable = []  # (logical id, type) of the tables, buckets and queues made so far

    def logical_id(self, path):
        while True:
            lid = "".join(part for part in path) + "%08X" % self.rng.getrandbits(32)
            if lid not in self.resources:
                return lid

    def add(self, path, rtype, properties, cdk=True, depends_on=None):
        lid = self.logical_id(path)
        resource = {"Type": rtype, "Properties": properties}
        if depends_on:
            resource["DependsOn"] = depends_on
        if cdk:
            resource["Metadata"] = {"aws:cdk:path": "/".join([STACK] + path + ["Resource"])}
        self.resources[lid] = resource
        if rtype in GRANTS:
            self.grantable.append((lid, rtype))
        return lid

    # Each unit returns how many resources it added.

    def service(self):
        n = self.units
        self.units += 1
        rng = self.rng
        name = ["Service%d" % n, "Handler"]
        role = self.add(
            name + ["ServiceRole"],
            "AWS::IAM::Role",
            {
                "AssumeRolePolicyDocument": lambda_trust(),
                "ManagedPolicyArns": [
                    {
                        "Fn::Join": [
                            "",
                            [
                                "arn:",
                                {"Ref": "AWS::Partition"},
                                ":iam::aws:policy/service-role/AWSLambdaBasicExecutionRole",
                            ],
                        ]
                    }
                ],
            },
        )
        function = self.add(
            name,
            "AWS::Lambda::Function",
            {
                "Code": {
                    "S3Bucket": {"Fn::Sub": "cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}"},
                    "S3Key": "%064x.zip" % rng.getrandbits(256),
                },
                "Environment": {
                    "Variables": {
                        "SERVICE_NAME": "service-%d" % n,
                        "LOG_LEVEL": rng.choice(["INFO", "WARN", "DEBUG"]),
                    }
                },
                "Handler": "index.handler",
                "MemorySize": rng.choice([128, 256, 512, 1024]),
                "Role": {"Fn::GetAtt": [role, "Arn"]},
                "Runtime": rng.choice(["nodejs20.x", "python3.12", "nodejs18.x"]),
                "Timeout": rng.choice([3, 10, 30, 60]),
            },
            depends_on=[role],
        )
        policy = self.add(
            name + ["ServiceRole", "DefaultPolicy"],
            "AWS::IAM::Policy",
            {
                "PolicyDocument": {
                    "Statement": [
                        {
                            "Action": ["xray:PutTraceSegments", "xray:PutTelemetryRecords"],
                            "Effect": "Allow",
                            "Resource": "*",
                        }
                    ],
                    "Version": "2012-10-17",
                },
                "PolicyName": "Service%dHandlerServiceRoleDefaultPolicy" % n,
                "Roles": [{"Ref": role}],
            },
        )
        self.resources[function]["DependsOn"].insert(0, policy)
        self.add(
            name + ["LogGroup"],
            "AWS::Logs::LogGroup",
            {
                "LogGroupName": {"Fn::Sub": "/aws/lambda/${%s}" % function},
                "RetentionInDays": rng.choice([7, 14, 30, 90]),
            },
        )
        return 4

    def bucket(self):
        n = self.units
        self.units += 1
        name = ["Assets%d" % n, "Bucket"]
        bucket = self.add(
            name,
            "AWS::S3::Bucket",
            {
                "BucketEncryption": {
                    "ServerSideEncryptionConfiguration": [
                        {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "aws:kms"}}
                    ]
                },
                "PublicAccessBlockConfiguration": {
                    "BlockPublicAcls": True,
                    "BlockPublicPolicy": True,
                    "IgnorePublicAcls": True,
                    "RestrictPublicBuckets": True,
                },
                "Tags": [{"Key": "team", "Value": "team-%d" % (n % 7)}],
                "VersioningConfiguration": {"Status": "Enabled"},
            },
        )
        self.add(
            name + ["Policy"],
            "AWS::S3::BucketPolicy",
            {
                "Bucket": {"Ref": bucket},
                "PolicyDocument": {
                    "Statement": [
                        {
                            "Action": "s3:*",
                            "Condition": {"Bool": {"aws:SecureTransport": "false"}},
                            "Effect": "Deny",
                            "Principal": {"AWS": "*"},
                            "Resource": [
                                {"Fn::GetAtt": [bucket, "Arn"]},
                                {"Fn::Join": ["", [{"Fn::GetAtt": [bucket, "Arn"]}, "/*"]]},
                            ],
                        }
                    ],
                    "Version": "2012-10-17",
                },
            },
        )
        return 2

    def messaging(self):
        n = self.units
        self.units += 1
        rng = self.rng
        name = ["Events%d" % n]
        queue = self.add(
            name + ["Queue"],
            "AWS::SQS::Queue",
            {
                "MessageRetentionPeriod": rng.choice([86400, 345600, 1209600]),
                "VisibilityTimeout": rng.choice([30, 60, 300]),
            },
        )
        topic = self.add(name + ["Topic"], "AWS::SNS::Topic", {"DisplayName": "events-%d" % n})
        self.add(
            name + ["Queue", "Subscription"],
            "AWS::SNS::Subscription",
            {
                "Endpoint": {"Fn::GetAtt": [queue, "Arn"]},
                "Protocol": "sqs",
                "RawMessageDelivery": False,
                "TopicArn": {"Ref": topic},
            },
        )
        self.add(
            name + ["Queue", "Policy"],
            "AWS::SQS::QueuePolicy",
            {
                "PolicyDocument": {
                    "Statement": [
                        {
                            "Action": "sqs:SendMessage",
                            "Condition": {"ArnEquals": {"aws:SourceArn": {"Ref": topic}}},
                            "Effect": "Allow",
                            "Principal": {"Service": "sns.amazonaws.com"},
                            "Resource": {"Fn::GetAtt": [queue, "Arn"]},
                        }
                    ],
                    "Version": "2012-10-17",
                },
                "Queues": [{"Ref": queue}],
            },
        )
        return 4

    def network(self):
        n = self.units
        self.units += 1
        rng = self.rng
        name = ["Api%d" % n, "SecurityGroup"]
        group = self.add(
            name,
            "AWS::EC2::SecurityGroup",
            {
                "GroupDescription": "%s/Api%d/SecurityGroup" % (STACK, n),
                "SecurityGroupEgress": [
                    {"CidrIp": "0.0.0.0/0", "Description": "all outbound", "IpProtocol": "-1"}
                ],
                "VpcId": {"Ref": "VpcId"},
            },
        )
        port = rng.choice([443, 5432, 6379, 8080])
        self.add(
            name + ["Ingress"],
            "AWS::EC2::SecurityGroupIngress",
            {
                "CidrIp": "10.%d.0.0/16" % (n % 256),
                "Description": "from the VPC",
                "FromPort": port,
                "GroupId": {"Fn::GetAtt": [group, "GroupId"]},
                "IpProtocol": "tcp",
                "ToPort": port,
            },
        )
        return 2

    def table(self):
        n = self.units
        self.units += 1
        rng = self.rng
        key = rng.choice(["pk", "id", "tenantId"])
        self.add(
            ["Store%d" % n, "Table"],
            "AWS::DynamoDB::Table",
            {
                "AttributeDefinitions": [
                    {"AttributeName": key, "AttributeType": "S"},
                    {"AttributeName": "sk", "AttributeType": "S"},
                ],
                "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [
                    {"AttributeName": key, "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"},
                ],
                "PointInTimeRecoverySpecification": {"PointInTimeRecoveryEnabled": True},
            },
        )
        return 1

    def grants(self):
        """A role and its default policy with the statements of 4 to 12 CDK grants."""
        n = self.units
        self.units += 1
        rng = self.rng
        name = ["Worker%d" % n, "ServiceRole"]
        role = self.add(
            name,
            "AWS::IAM::Role",
            {
                "AssumeRolePolicyDocument": lambda_trust(),
            },
        )
        targets = rng.sample(self.grantable, min(len(self.grantable), rng.randint(4, 12)))
        statements = [GRANTS[rtype](lid) for lid, rtype in targets] or [
            {"Action": "logs:CreateLogGroup", "Effect": "Allow", "Resource": "*"}]
        self.add(
            name + ["DefaultPolicy"],
            "AWS::IAM::Policy",
            {
                "PolicyDocument": {"Statement": statements, "Version": "2012-10-17"},
                "PolicyName": "Worker%dServiceRoleDefaultPolicy" % n,
                "Roles": [{"Ref": role}],
            },
        )
        return 2

    def lone_queue(self):
        """A queue alone (the filler, and every resource of a --uniform template)."""
        n = self.units
        self.units += 1
        self.add(
            ["Work%d" % n, "Queue"],
            "AWS::SQS::Queue",
            {
                "MessageRetentionPeriod": 345600,
                "Tags": [{"Key": "worker", "Value": "work-%d" % n}],
                "VisibilityTimeout": 30 + (n % 4) * 30,
            },
        )
        return 1


# The statements CDK's grants add to a role's default policy, by the granted resource's type.
GRANTS = {
    "AWS::DynamoDB::Table": lambda lid: {
        "Action": ["dynamodb:BatchGetItem", "dynamodb:GetRecords", "dynamodb:GetShardIterator",
                   "dynamodb:Query", "dynamodb:GetItem", "dynamodb:Scan",
                   "dynamodb:ConditionCheckItem", "dynamodb:BatchWriteItem", "dynamodb:PutItem",
                   "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:DescribeTable"],
        "Effect": "Allow",
        "Resource": [{"Fn::GetAtt": [lid, "Arn"]}, {"Ref": "AWS::NoValue"}],
    },
    "AWS::S3::Bucket": lambda lid: {
        "Action": ["s3:GetObject*", "s3:GetBucket*", "s3:List*"],
        "Effect": "Allow",
        "Resource": [{"Fn::GetAtt": [lid, "Arn"]},
                     {"Fn::Join": ["", [{"Fn::GetAtt": [lid, "Arn"]}, "/*"]]}],
    },
    "AWS::SQS::Queue": lambda lid: {
        "Action": ["sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl"],
        "Effect": "Allow",
        "Resource": {"Fn::GetAtt": [lid, "Arn"]},
    },
}

# (unit, resources it adds, weight) by shape.
SHAPES = {
    "mixed": [("service", 4, 30), ("bucket", 2, 20), ("messaging", 4, 20), ("network", 2, 15),
              ("table", 1, 15)],
    "iam": [("grants", 2, 40), ("service", 4, 20), ("bucket", 2, 15), ("messaging", 4, 10),
            ("table", 1, 15)],
}


def add_resources(builder, count, uniform=False, shape="mixed"):
    """Adds about `count` resources in whole units (exactly `count`: single resources fill)."""
    added = 0
    units = SHAPES[shape]
    kinds = [k for k, _, _ in units]
    weights = [w for _, _, w in units]
    sizes = {k: s for k, s, _ in units}
    while added < count:
        if uniform:
            added += builder.lone_queue()
            continue
        kind = builder.rng.choices(kinds, weights)[0]
        if sizes[kind] > count - added:
            kind = "table" if builder.rng.random() < 0.5 else "lone_queue"
        added += getattr(builder, kind)()
    return added


def generate_before(resources, seed, uniform=False, shape="mixed"):
    rng = random.Random(seed)
    template = {
        "Parameters": {
            "VpcId": {"Type": "AWS::EC2::VPC::Id"},
            "BootstrapVersion": {
                "Type": "AWS::SSM::Parameter::Value<String>",
                "Default": "/cdk-bootstrap/hnb659fds/version",
            },
        },
        "Resources": {},
    }
    builder = Builder(rng, template["Resources"])
    add_resources(builder, resources, uniform, shape)
    outputs = {}
    for lid, resource in template["Resources"].items():
        if resource["Type"] in ("AWS::S3::Bucket", "AWS::SQS::Queue") and rng.random() < 0.1:
            outputs[lid + "Name"] = {"Value": {"Ref": lid}}
    if outputs:
        template["Outputs"] = outputs
    return template, builder


# --- The mutator -----------------------------------------------------------------------------

def _mutable(resource, rng):
    """A property change CloudFormation applies in place; False when the type has none here."""
    p = resource["Properties"]
    t = resource["Type"]
    if t == "AWS::Lambda::Function":
        choice = rng.randrange(3)
        if choice == 0:
            p["MemorySize"] = p["MemorySize"] * 2
        elif choice == 1:
            p["Timeout"] = p["Timeout"] + 5
        else:
            p["Environment"]["Variables"]["FEATURE_FLAG"] = "on"
    elif t == "AWS::IAM::Role":
        p["MaxSessionDuration"] = 7200
    elif t == "AWS::IAM::Policy":
        p["PolicyDocument"]["Statement"].append(
            {"Action": "s3:GetObject", "Effect": "Allow", "Resource": "*"})
    elif t == "AWS::Logs::LogGroup":
        p["RetentionInDays"] = 365
    elif t == "AWS::S3::Bucket":
        p["Tags"].append({"Key": "cost-centre", "Value": "cc-%d" % rng.randrange(100)})
    elif t == "AWS::S3::BucketPolicy":
        p["PolicyDocument"]["Statement"][0]["Action"] = ["s3:*", "s3:PutObject"]
    elif t == "AWS::SQS::Queue":
        p["VisibilityTimeout"] = p.get("VisibilityTimeout", 30) + 60
    elif t == "AWS::SNS::Topic":
        p["DisplayName"] = p["DisplayName"] + "-v2"
    elif t == "AWS::SNS::Subscription":
        p["RawMessageDelivery"] = True
    elif t == "AWS::SQS::QueuePolicy":
        p["PolicyDocument"]["Statement"][0]["Action"] = ["sqs:SendMessage", "sqs:GetQueueUrl"]
    elif t == "AWS::EC2::SecurityGroup":
        p["SecurityGroupEgress"].append(
            {"CidrIp": "10.0.0.0/8", "Description": "internal", "IpProtocol": "tcp",
             "FromPort": 443, "ToPort": 443})
    elif t == "AWS::EC2::SecurityGroupIngress":
        p["Description"] = "from the VPC (reviewed)"
    elif t == "AWS::DynamoDB::Table":
        p["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"] = False
    else:
        return False
    return True


def _immutable(resource, lid, rng):
    """A property change that replaces the resource; False when the type has none here."""
    p = resource["Properties"]
    t = resource["Type"]
    if t == "AWS::Lambda::Function":
        p["FunctionName"] = lid.lower()[:50]
    elif t == "AWS::IAM::Role":
        p["Path"] = "/service/"
    elif t == "AWS::Logs::LogGroup":
        p["LogGroupName"] = {"Fn::Sub": p["LogGroupName"]["Fn::Sub"] + "-v2"}
    elif t == "AWS::S3::Bucket":
        p["BucketName"] = "bench-%s" % lid.lower()[:40]
    elif t == "AWS::SQS::Queue":
        p["QueueName"] = "bench-%s" % lid.lower()[:60]
    elif t == "AWS::SNS::Topic":
        p["TopicName"] = "bench-%s" % lid.lower()[:60]
    elif t == "AWS::EC2::SecurityGroup":
        p["GroupDescription"] = p["GroupDescription"] + " v2"
    elif t == "AWS::EC2::SecurityGroupIngress":
        p["FromPort"] = p["ToPort"] = p["FromPort"] + 1
    elif t == "AWS::DynamoDB::Table":
        key = p["KeySchema"][0]["AttributeName"]
        new = key + "2"
        p["KeySchema"][0]["AttributeName"] = new
        p["AttributeDefinitions"][0]["AttributeName"] = new
    else:
        return False
    return True


def _rename_refs(node, renames):
    """Rewrites Ref, Fn::GetAtt, Fn::Sub and DependsOn names in `node` (in place)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "Ref" and isinstance(value, str) and value in renames:
                node[key] = renames[value]
            elif key == "Fn::GetAtt" and isinstance(value, list) and value and value[0] in renames:
                value[0] = renames[value[0]]
            elif key == "Fn::Sub":
                text = value if isinstance(value, str) else value[0]
                text = re.sub(r"\$\{([A-Za-z0-9]+)([.}])",
                              lambda m: "${%s%s" % (renames.get(m.group(1), m.group(1)),
                                                     m.group(2)),
                              text)
                if isinstance(value, str):
                    node[key] = text
                else:
                    value[0] = text
                    _rename_refs(value[1:], renames)
            elif key == "DependsOn":
                if isinstance(value, str):
                    node[key] = renames.get(value, value)
                else:
                    node[key] = [renames.get(v, v) for v in value]
            else:
                _rename_refs(value, renames)
    elif isinstance(node, list):
        for item in node:
            _rename_refs(item, renames)


def _referenced(node, out):
    """Adds to `out` the logical ids `node` refers to (Ref, Fn::GetAtt, Fn::Sub, DependsOn)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "Ref" and isinstance(value, str):
                out.add(value)
            elif key == "Fn::GetAtt" and isinstance(value, list) and value:
                out.add(value[0])
            elif key == "Fn::Sub":
                text = value if isinstance(value, str) else value[0]
                out.update(re.findall(r"\$\{([A-Za-z0-9]+)[.}]", text))
                if not isinstance(value, str):
                    _referenced(value[1:], out)
            elif key == "DependsOn":
                out.update([value] if isinstance(value, str) else value)
            else:
                _referenced(value, out)
    elif isinstance(node, list):
        for item in node:
            _referenced(item, out)
    return out


def mutate(before, builder, seed, resources, mix, shape="mixed"):
    """AFTER from BEFORE: the mix's shares are percentages of `resources`."""
    rng = random.Random(seed * 7919 + 1)
    after = copy.deepcopy(before)
    res = after["Resources"]
    count = {k: int(round(resources * mix[k] / 100.0)) for k in mix}
    ids = list(res)
    rng.shuffle(ids)

    referenced = _referenced(after, set())
    removable = [lid for lid in ids if lid not in referenced]
    removed = set(removable[: count["removes"]])
    for lid in removed:
        del res[lid]

    pool = [lid for lid in ids if lid not in removed]
    renamed = pool[: count["renames"]]
    pool = pool[count["renames"]:]
    immutable = 0
    mutable = 0
    for lid in pool:
        if immutable < count["immutable"] and _immutable(res[lid], lid, rng):
            immutable += 1
        elif mutable < count["mutable"] and _mutable(res[lid], rng):
            mutable += 1
        if immutable >= count["immutable"] and mutable >= count["mutable"]:
            break

    # Renames: a construct moved (a CDK refactor): new logical id and path, references rewritten.
    renames = {}
    for lid in renamed:
        renames[lid] = "Moved" + lid[:-8] + "%08X" % rng.getrandbits(32)
    if renames:
        order = list(res)
        moved = {}
        for lid in order:
            resource = res.pop(lid)
            if lid in renames:
                meta = resource.get("Metadata")
                if meta:
                    meta["aws:cdk:path"] = meta["aws:cdk:path"].replace(STACK + "/", STACK + "/Moved/", 1)
                moved[renames[lid]] = resource
            else:
                moved[lid] = resource
        res.update(moved)
        _rename_refs(after, renames)

    # Adds: new units (the AFTER builder continues BEFORE's unit numbering).
    adder = Builder(rng, res)
    adder.units = builder.units + 1000000
    adder.grantable = list(builder.grantable)
    add_resources(adder, count["adds"], uniform=all(
        r["Type"] == "AWS::SQS::Queue" for r in before["Resources"].values()), shape=shape)
    return after, {"mutable": mutable, "immutable": immutable, "renames": len(renames),
                   "adds": count["adds"], "removes": len(removed)}


def dump(template):
    return json.dumps(template, indent=1, ensure_ascii=True) + "\n"


def generate_pair(resources, seed=1, mix=None, uniform=False, shape="mixed"):
    """(before_text, after_text, stats): the two templates as JSON text."""
    mix = dict(DEFAULT_MIX, **(mix or {}))
    before, builder = generate_before(resources, seed, uniform, shape)
    after, stats = mutate(before, builder, seed, resources, mix, shape)
    return dump(before), dump(after), stats


def write_pair(directory, resources, seed=1, mix=None, uniform=False, shape="mixed"):
    """Writes DIRECTORY/before.json and after.json; returns (before_path, after_path, stats)."""
    os.makedirs(directory, exist_ok=True)
    before, after, stats = generate_pair(resources, seed, mix, uniform, shape)
    paths = (os.path.join(directory, "before.json"), os.path.join(directory, "after.json"))
    for path, text in zip(paths, (before, after)):
        with open(path, "w", encoding="ascii", newline="\n") as out:
            out.write(text)
    return paths[0], paths[1], stats


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--resources", "-n", type=int, default=500, help="resources in BEFORE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="directory for before.json and after.json")
    for key, value in DEFAULT_MIX.items():
        parser.add_argument("--" + key, type=float, default=value,
                            help="percent of N (default %g)" % value)
    parser.add_argument("--uniform", action="store_true",
                        help="every resource an SQS queue (renames among same-type leftovers)")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="mixed",
                        help="mixed (default) or iam: CDK output heavy in IAM grants")
    args = parser.parse_args(argv)
    mix = {k: getattr(args, k) for k in DEFAULT_MIX}
    before, after, stats = write_pair(args.out, args.resources, args.seed, mix, args.uniform,
                                      args.shape)
    print("%s %s %s" % (before, after, " ".join("%s=%d" % kv for kv in stats.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
