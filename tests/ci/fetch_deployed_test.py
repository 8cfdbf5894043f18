#!/usr/bin/python3
"""examples/ci/fetch-deployed.sh, run against a stubbed AWS CLI.

The `aws` on PATH is a stub (STUB below) that records its arguments and answers from a fake
cloud, a JSON file the test writes per run: each stack's template (an object for a JSON template,
a string for a YAML one, as the real CLI gives them), its nested stacks, and the change set's
status, pages and nested change sets. It applies the script's `--query` expressions as the CLI
does (cross-checked with jmespath when that module is there) and prints JSON or text as the CLI
prints them. c2a is the real binary: the fetched layout and the .args file are handed to it as
the script says.

Usage: fetch_deployed_test.py SOURCE_DIR C2A_BINARY. Prints one line per check and "N passed,
N failed" last; exits non-zero on any failure.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

SOURCE, C2A = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
SCRIPT = os.path.join(SOURCE, "examples/ci/fetch-deployed.sh")
from ci_support import check, finish, results, scratch  # noqa: E402 (beside this file)



# The fake AWS CLI. The cloud ($FAKE_CLOUD):
#   templates   stack name or ARN -> TemplateBody (object or string)
#   nested      stack name or ARN -> [[LogicalResourceId, PhysicalResourceId or null], ...]
#   change_set  {status, reason, changes, values_changes, page_size, stack, nested}: the change
#               set's describe answers (changes, without and with --include-property-values), in
#               pages of page_size; nested: LogicalId -> {changes, values_changes, page_size,
#               unlisted_in, nested}, a nested stack's change set (it pages as the root unless
#               it has its own page_size). The parent's answers list it as a resource change
#               of type AWS::CloudFormation::Stack carrying its ChangeSetId,
#               changeSet/<root name>-<Logical>[-<Child>...]/1 (unless the parent's changes
#               already have one of that logical id, or unlisted_in names the answer, "plain" or
#               "values", that leaves it out); describe-change-set with that ARN as
#               --change-set-name answers it. stack: the root stack (default Orders).
#   fail        operation -> exit status (the call fails with an AWS error message)
#   sleep       operation -> seconds before answering
STUB = r'''#!PYTHON
import json, os, sys, time

args = sys.argv[1:]
with open(os.environ["STUB_LOG"], "a") as log:
    log.write(json.dumps(args) + "\n")
cloud = json.load(open(os.environ["FAKE_CLOUD"]))

def error(status, message):
    sys.stderr.write(message + "\n")
    sys.exit(status)

# Global options anywhere; the rest is `cloudformation OPERATION --option value...`.
globals_, rest, i = {}, [], 0
while i < len(args):
    if args[i] in ("--region", "--profile", "--output", "--query"):
        globals_[args[i]] = args[i + 1]
        i += 2
    else:
        rest.append(args[i])
        i += 1
if rest[:1] != ["cloudformation"]:
    error(252, "stub: not a cloudformation call")
if rest[1] == "wait":
    operation, rest = "wait " + rest[2], rest[3:]
else:
    operation, rest = rest[1], rest[2:]
options, name = {}, None
for word in rest:
    if word.startswith("--"):
        name = word
        options[name] = []
    elif name is None:
        error(252, "stub: a value without an option: " + word)
    else:
        options[name].append(word)

def one(option):
    values = options.get(option)
    if not values or len(values) != 1:
        error(252, f"stub: {option} needs one value")
    return values[0]

time.sleep(cloud.get("sleep", {}).get(operation, 0))
if operation in cloud.get("fail", {}):
    error(cloud["fail"][operation], f"\nAn error occurred (ValidationError) when calling the "
          f"{operation} operation: the stub fails it")

change_set = cloud.get("change_set", {})
CHANGE_SET_ARN = "arn:aws:cloudformation:eu-west-1:123456789012:changeSet/{}/1"
if operation == "describe-change-set" and "--stack-name" not in options \
        and (options.get("--change-set-name") or [""])[0].startswith("arn:"):
    stack = None  # an ARN names the change set alone
else:
    stack = one("--stack-name")
if operation == "get-template":
    if one("--template-stage") != "Original":
        error(252, "stub: not the Original stage")
    if stack not in cloud["templates"]:
        error(254, "\nAn error occurred (ValidationError) when calling the GetTemplate operation: "
              f"Stack with id {stack} does not exist")
    response = {"TemplateBody": cloud["templates"][stack],
                "StagesAvailable": ["Original", "Processed"]}
elif operation == "list-stack-resources":
    summaries = [{"LogicalResourceId": "Bucket", "PhysicalResourceId": "shop-bucket-1",
                  "ResourceType": "AWS::S3::Bucket", "ResourceStatus": "CREATE_COMPLETE"}]
    for logical, physical in cloud.get("nested", {}).get(stack, []):
        summary = {"LogicalResourceId": logical, "ResourceType": "AWS::CloudFormation::Stack",
                   "ResourceStatus": "CREATE_COMPLETE"}
        if physical:
            summary["PhysicalResourceId"] = physical
        summaries.append(summary)
    response = {"StackResourceSummaries": summaries}
elif operation == "create-change-set":
    name = one("--change-set-name")
    response = {"Id": f"arn:aws:cloudformation:eu-west-1:123456789012:changeSet/{name}/1",
                "StackId": f"arn:aws:cloudformation:eu-west-1:123456789012:stack/{stack}/2"}
elif operation == "wait change-set-create-complete":
    one("--change-set-name")
    if change_set.get("status") != "CREATE_COMPLETE":
        error(255, "\nWaiter ChangeSetCreateComplete failed: Waiter encountered a terminal "
              'failure state: For expression "Status" we matched expected path: "FAILED"')
    response = None
elif operation == "describe-change-set":
    name = one("--change-set-name")
    values = "--include-property-values" in options
    entry, path, root_name = change_set, [], name
    if name.startswith("arn:"):
        # A nested change set, by the ARN its parent's answer gave: the longest logical id path
        # its name ends with.
        def walk(node, above):
            for logical, child in node.get("nested", {}).items():
                yield above + [logical], child
                yield from walk(child, above + [logical])
        prefix, suffix = CHANGE_SET_ARN.split("{}")
        own = name[len(prefix):-len(suffix)] if name.startswith(prefix) \
            and name.endswith(suffix) else ""
        found = [(p, child) for p, child in walk(change_set, [])
                 if own.endswith("-" + "-".join(p))]
        if not found:
            error(254, "\nAn error occurred (ChangeSetNotFound) when calling the DescribeChangeSet "
                  f"operation: ChangeSet [{name}] does not exist")
        path, entry = max(found, key=lambda f: len(f[0]))
        root_name = own[:-len("-" + "-".join(path))]
    if not path and stack is None:
        error(252, "stub: --stack-name is needed when --change-set-name is not an ARN")

    def id_of(p):
        return CHANGE_SET_ARN.format("-".join([root_name] + p))

    changes = list(entry.get("values_changes" if values else "changes", []))
    listed = {c.get("ResourceChange", {}).get("LogicalResourceId") for c in changes}
    for logical, child in entry.get("nested", {}).items():
        if logical not in listed and ("values" if values else "plain") not in \
                child.get("unlisted_in", []):
            changes.append({"Type": "Resource", "ResourceChange": {
                "Action": "Modify", "LogicalResourceId": logical,
                "ResourceType": "AWS::CloudFormation::Stack",
                "ChangeSetId": id_of(path + [logical]), "Details": []}})
    start = int(options.get("--next-token", ["0"])[0])
    size = entry.get("page_size") or change_set.get("page_size") or len(changes) or 1
    response = {"ChangeSetName": "-".join([root_name] + path), "ChangeSetId": id_of(path),
                "StackName": "-".join([change_set.get("stack", "Orders")]
                                      + [f"{p}NestedStack-ABC" for p in path]) if path else stack,
                "Status": change_set.get("status", "CREATE_COMPLETE"),
                "ExecutionStatus": "AVAILABLE", "IncludeNestedStacks": True,
                "Changes": changes[start:start + size]}
    if path:
        response["ParentChangeSetId"] = id_of(path[:-1])
        response["RootChangeSetId"] = id_of([])
    elif change_set.get("reason"):
        response["StatusReason"] = change_set["reason"]
    if values:
        response["IncludePropertyValues"] = True
    if start + size < len(changes):
        response["NextToken"] = str(start + size)
elif operation == "delete-change-set":
    one("--change-set-name")
    response = None
else:
    error(252, "stub: no operation " + operation)

# --query: the expressions fetch-deployed.sh uses, evaluated as JMESPath does.
QUERIES = {
    "TemplateBody": lambda r: r.get("TemplateBody"),
    "StackResourceSummaries[?ResourceType=='AWS::CloudFormation::Stack']"
    ".[LogicalResourceId,PhysicalResourceId]":
        lambda r: [[s.get("LogicalResourceId"), s.get("PhysicalResourceId")]
                   for s in r["StackResourceSummaries"]
                   if s.get("ResourceType") == "AWS::CloudFormation::Stack"],
}
if response is not None and "--query" in globals_:
    query = globals_["--query"]
    if query not in QUERIES:
        error(252, "stub: a query the stub does not know: " + query)
    answer = QUERIES[query](response)
    try:
        import jmespath
        if jmespath.search(query, response) != answer:
            error(252, "stub: the query's JMESPath result differs from the stub's")
    except ImportError:
        pass
    response = answer
if response is not None:
    if globals_.get("--output", "json") == "json":
        sys.stdout.write(json.dumps(response, indent=4, ensure_ascii=False) + "\n")
    elif isinstance(response, list):  # text: a row a line, values tab-separated
        for row in response:
            row = row if isinstance(row, list) else [row]
            print("\t".join("None" if v is None else str(v) for v in row))
    else:
        print(response)
'''

ARN = "arn:aws:cloudformation:eu-west-1:123456789012:stack/{}/0a1b2c3d"


class Workspace:
    """A pipeline's working directory with the stubbed AWS CLI first on PATH."""

    def __init__(self, cloud, with_aws=True):
        self.dir = scratch("c2a-fetch-")
        self.bin = os.path.join(self.dir, "bin")
        os.makedirs(self.bin)
        if with_aws:
            path = os.path.join(self.bin, "aws")
            with open(path, "w") as out:
                out.write(STUB.replace("PYTHON", sys.executable, 1))
            os.chmod(path, 0o755)
        self.log = os.path.join(self.dir, "aws.log")
        self.cloud = os.path.join(self.dir, "cloud.json")
        with open(self.cloud, "w") as out:
            json.dump(cloud, out)

    def env(self, extra=None):
        env = {"PATH": self.bin + ":/usr/bin:/bin", "HOME": self.dir, "STUB_LOG": self.log,
               "FAKE_CLOUD": self.cloud, "LANG": "C.UTF-8"}
        env.update(extra or {})
        return env

    def run(self, *args, env=None):
        done = subprocess.run([SCRIPT, *args], cwd=self.dir, env=self.env(env),
                              capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout, done.stderr

    def path(self, relative):
        return os.path.join(self.dir, relative)

    def read(self, relative):
        path = self.path(relative)
        return open(path, encoding="utf-8").read() if os.path.exists(path) else None

    def write(self, relative, text):
        os.makedirs(os.path.dirname(self.path(relative)), exist_ok=True)
        with open(self.path(relative), "w", encoding="utf-8") as out:
            out.write(text)

    def calls(self):
        if not os.path.exists(self.log):
            return []
        return [json.loads(line) for line in open(self.log)]

    def calls_of(self, operation):
        return [call for call in self.calls() if operation_of(call) == operation]

    def c2a(self, command):
        """Runs a c2a command line in bash from the workspace, as a pipeline step would."""
        done = subprocess.run(["bash", "-c", command], cwd=self.dir,
                              env=self.env({"C2A": C2A}), capture_output=True, text=True,
                              timeout=60)
        return done.returncode, done.stdout, done.stderr


def operation_of(call):
    """The operation of a recorded call (`wait` for a waiter), global options anywhere."""
    words = [w for i, w in enumerate(call) if not w.startswith("--")
             and (i == 0 or call[i - 1] not in ("--region", "--profile", "--output", "--query"))]
    return words[1] if words[:1] == ["cloudformation"] and len(words) > 1 else None


def value_after(call, option):
    return call[call.index(option) + 1] if option in call else None


QUEUE_JSON = {"AWSTemplateFormatVersion": "2010-09-09",
              "Resources": {"Queue": {"Type": "AWS::SQS::Queue",
                                      "Properties": {"VisibilityTimeout": 30}}}}


def test_lone_json_stack():
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}})
    status, out, err = ws.run("Orders")
    check("json: exit 0", status == 0, out + err)
    text = ws.read("deployed/Orders.json")
    check("json: a JSON template is written as S.json, as the CLI prints it",
          text == json.dumps(QUEUE_JSON, indent=4) + "\n", text)
    check("json: no YAML file beside it", ws.read("deployed/Orders.yaml") is None)
    check("json: S.args is written, empty without nested stacks",
          ws.read("deployed/Orders.args") == "", ws.read("deployed/Orders.args"))
    call = ws.calls_of("get-template")[0]
    check("json: get-template asks for the Original stage's TemplateBody as JSON",
          value_after(call, "--stack-name") == "Orders"
          and value_after(call, "--template-stage") == "Original"
          and value_after(call, "--query") == "TemplateBody"
          and value_after(call, "--output") == "json", call)
    check("json: no change set without --change-set",
          ws.calls_of("create-change-set") == [], ws.calls())
    check("json: the c2a command is printed",
          "c2a diff deployed/Orders.json AFTER" in out, out)
    status, out, err = ws.c2a('"$C2A" diff deployed/Orders.json deployed/Orders.json')
    check("json: c2a reads the fetched template", status == 0, out + err)


def test_stacks_from_environment_and_region():
    ws = Workspace({"templates": {"Orders": QUEUE_JSON, "Billing-2": QUEUE_JSON}})
    status, out, err = ws.run("--region", "eu-west-1", "--profile", "ci",
                              env={"C2A_STACKS": "Orders  Billing-2\nOrders"})
    check("env: C2A_STACKS names the stacks (each once)",
          status == 0 and ws.read("deployed/Orders.json") is not None
          and ws.read("deployed/Billing-2.json") is not None
          and len(ws.calls_of("get-template")) == 2, out + err)
    check("env: --region and --profile reach every aws call",
          all(value_after(c, "--region") == "eu-west-1" and value_after(c, "--profile") == "ci"
              for c in ws.calls()), ws.calls())
    status, out, err = ws.run("Orders", "--out", "elsewhere",
                              env={"C2A_STACKS": "Billing-2"})
    check("env: arguments win over C2A_STACKS; --out names the directory",
          status == 0 and ws.read("elsewhere/Orders.json") is not None
          and not os.path.exists(ws.path("elsewhere/Billing-2.json")), out + err)
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}})
    status, out, err = ws.run("Orders", env={"C2A_FETCH_OUT": "fetched/"})
    check("env: C2A_FETCH_OUT names the directory",
          status == 0 and ws.read("fetched/Orders.json") is not None
          and "c2a diff fetched/Orders.json" in out, out + err)


YAML_BODY = """# the team's own template: comments, short tags, no trailing newline kept as is
Parameters:
  Env: {Type: String, Default: prod}
Resources:
  Queue:
    Type: AWS::SQS::Queue
    Properties:
      QueueName: !Sub "orders-${Env}-é"
      VisibilityTimeout: 30"""


def test_yaml_stack():
    ws = Workspace({"templates": {"Orders": YAML_BODY}})
    status, out, err = ws.run("Orders")
    check("yaml: exit 0", status == 0, out + err)
    check("yaml: the CLI's JSON string is written verbatim as S.yaml",
          ws.read("deployed/Orders.yaml") == YAML_BODY, ws.read("deployed/Orders.yaml"))
    check("yaml: no JSON file beside it", ws.read("deployed/Orders.json") is None)
    ws.write("after.yaml", YAML_BODY.replace("VisibilityTimeout: 30", "VisibilityTimeout: 60"))
    status, out, err = ws.c2a('"$C2A" diff deployed/Orders.yaml after.yaml --format json')
    report = json.loads(out) if out.startswith("{") else {}
    changes = [(c["component"]["name"], c["property"]["old"], c["property"]["new"])
               for c in report.get("changes", []) if c.get("property")]
    check("yaml: c2a reads the fetched YAML (short tags included)",
          status in (0, 1) and changes == [("Queue", 30, 60)], out + err)


# Shop: a JSON root whose nested stack Network (a YAML template) has its own nested stack
# Subnets (JSON): the TemplateURLs are S3 URLs, as `aws cloudformation package` and the CDK
# deploy them, so c2a reads them only through the .args mapping.
SHOP = {"Resources": {
    "Network": {"Type": "AWS::CloudFormation::Stack",
                "Properties": {"TemplateURL": "https://s3.amazonaws.com/bucket/network.yaml",
                               "Parameters": {"Cidr": "10.0.0.0/16"}}},
    "Bucket": {"Type": "AWS::S3::Bucket"}}}
NETWORK = """Parameters:
  Cidr: {Type: String}
Resources:
  Vpc:
    Type: AWS::EC2::VPC
    Properties: {CidrBlock: !Ref Cidr}
  Subnets:
    Type: AWS::CloudFormation::Stack
    Properties: {TemplateURL: https://s3.amazonaws.com/bucket/subnets.json}
"""
SUBNETS = {"Resources": {"Queue": {"Type": "AWS::SQS::Queue",
                                   "Properties": {"VisibilityTimeout": 30}}}}
NESTED_CLOUD = {
    "templates": {"Shop": SHOP, ARN.format("Shop-Network-1"): NETWORK,
                  ARN.format("Shop-Network-1-Subnets-2"): SUBNETS},
    "nested": {"Shop": [["Network", ARN.format("Shop-Network-1")]],
               ARN.format("Shop-Network-1"): [["Subnets", ARN.format("Shop-Network-1-Subnets-2")]]},
}
# What is about to be deployed: the same stacks as local files, the queue's timeout changed.
AFTER_ROOT = """Resources:
  Network:
    Type: AWS::CloudFormation::Stack
    Properties:
      TemplateURL: nested/network.yaml
      Parameters: {Cidr: 10.0.0.0/16}
  Bucket: {Type: AWS::S3::Bucket}
"""
AFTER_NETWORK = NETWORK.replace("https://s3.amazonaws.com/bucket/subnets.json", "subnets.yaml")
AFTER_SUBNETS = """Resources:
  Queue: {Type: AWS::SQS::Queue, Properties: {VisibilityTimeout: 60}}
"""


def test_nested_stacks():
    ws = Workspace(NESTED_CLOUD)
    status, out, err = ws.run("Shop")
    check("nested: exit 0", status == 0, out + err)
    check("nested: the root as S.json", json.loads(ws.read("deployed/Shop.json") or "{}") == SHOP)
    check("nested: a nested YAML template as S/Logical.yaml, verbatim",
          ws.read("deployed/Shop/Network.yaml") == NETWORK, ws.read("deployed/Shop/Network.yaml"))
    check("nested: its own nested stack as S/Logical/Child.json",
          json.loads(ws.read("deployed/Shop/Network/Subnets.json") or "{}") == SUBNETS)
    args = (ws.read("deployed/Shop.args") or "").split("\n")
    check("nested: S.args maps each logical id path to its file, one argument a line",
          args == ["--before-nested-template", "Network=deployed/Shop/Network.yaml",
                   "--before-nested-template", "Network/Subnets=deployed/Shop/Network/Subnets.json",
                   ""], args)
    fetched = [value_after(c, "--stack-name") for c in ws.calls_of("get-template")]
    check("nested: each nested stack's template is fetched by its ARN (the stack's physical id)",
          fetched == ["Shop", ARN.format("Shop-Network-1"), ARN.format("Shop-Network-1-Subnets-2")],
          fetched)
    listed = ws.calls_of("list-stack-resources")
    check("nested: the stack resources of every stack are listed, as text",
          len(listed) == 3 and all(value_after(c, "--output") == "text" for c in listed), listed)
    check("nested: the printed command carries the mapping",
          "--before-nested-template Network/Subnets=deployed/Shop/Network/Subnets.json" in out, out)

    ws.write("after/template.yaml", AFTER_ROOT)
    ws.write("after/nested/network.yaml", AFTER_NETWORK)
    ws.write("after/nested/subnets.yaml", AFTER_SUBNETS)
    status, out, err = ws.c2a('"$C2A" diff deployed/Shop.json after/template.yaml '
                              '$(cat deployed/Shop.args) --format json')
    report = json.loads(out) if out.startswith("{") else {}
    changes = [(c["stack"], c["component"]["name"], c["property"]["old"], c["property"]["new"],
                c["location"]["before"]["file"])
               for c in report.get("changes", []) if c.get("property")]
    # Besides the queue, only the TemplateURLs change (S3 deployed, local files after).
    check("nested: c2a reads the fetched layout with the .args file, down to Network/Subnets",
          status in (0, 1) and ("Network/Subnets", "Queue", 30, 60,
                                "deployed/Shop/Network/Subnets.json") in changes
          and [c[1] for c in changes] == ["Network", "Subnets", "Queue"],
          f"status {status}: {changes} {err}")
    check("nested: c2a analyses every nested stack (no not-analysed warning)",
          report.get("warnings") == [], report.get("warnings"))
    status, out, err = ws.c2a('mapfile -t args < deployed/Shop.args; '
                              '"$C2A" diff deployed/Shop.json after/template.yaml "${args[@]}"')
    check("nested: the .args file read with mapfile works as well",
          status in (0, 1) and "Network/Subnets" in out and "not analysed" not in out, out + err)

    cloud = json.loads(json.dumps(NESTED_CLOUD))
    cloud["nested"]["Shop"].append(["Pending", None])
    ws = Workspace(cloud)
    status, out, err = ws.run("Shop")
    check("nested: a nested stack without a stack yet is skipped with a warning",
          status == 0 and "nested stack Pending has no stack" in err
          and "Pending" not in (ws.read("deployed/Shop.args") or "")
          and len(ws.calls_of("get-template")) == 3, out + err)


AFTER_QUEUE = """Resources:
  Queue:
    Type: AWS::SQS::Queue
    Properties: {VisibilityTimeout: 60}
"""


def queue_change(replacement, values=False):
    change = {"Type": "Resource", "ResourceChange": {
        "Action": "Modify", "LogicalResourceId": "Queue",
        "PhysicalResourceId": "https://sqs.eu-west-1.amazonaws.com/123456789012/Orders-Queue",
        "ResourceType": "AWS::SQS::Queue", "Replacement": replacement, "Scope": ["Properties"],
        "Details": [{"Target": {"Attribute": "Properties", "Name": "VisibilityTimeout",
                                "RequiresRecreation": "Never"},
                     "Evaluation": "Static", "ChangeSource": "DirectModification"}]}}
    if values:
        change["ResourceChange"]["Details"][0]["Target"].update(
            {"Path": "/Properties/VisibilityTimeout", "BeforeValue": "30", "AfterValue": "60",
             "AttributeChangeType": "Modify"})
        change["ResourceChange"]["BeforeContext"] = '{"Properties":{"VisibilityTimeout":"30"}}'
        change["ResourceChange"]["AfterContext"] = '{"Properties":{"VisibilityTimeout":"60"}}'
    return change


def added(logical):
    return {"Type": "Resource", "ResourceChange": {
        "Action": "Add", "LogicalResourceId": logical, "ResourceType": "AWS::SQS::Queue",
        "Scope": [], "Details": []}}


def change_set_cloud(**change_set):
    return {"templates": {"Orders": QUEUE_JSON}, "change_set": change_set}


def test_change_set():
    # Three changes in pages of two; with property values CloudFormation leaves one out.
    ws = Workspace(change_set_cloud(
        status="CREATE_COMPLETE", page_size=2,
        changes=[queue_change("False"), added("Dlq"), added("Extra")],
        values_changes=[queue_change("False", values=True), added("Dlq")]))
    ws.write("after.yaml", AFTER_QUEUE)
    ws.write("params.json", '[{"ParameterKey": "Env", "ParameterValue": "prod"}]')
    status, out, err = ws.run("--change-set", "after.yaml", "--parameters", "params.json", "Orders")
    check("change set: exit 0", status == 0, out + err)
    create = (ws.calls_of("create-change-set") or [[]])[0]
    name = value_after(create, "--change-set-name") or ""
    check("change set: created for the stack under a unique c2a- name",
          value_after(create, "--stack-name") == "Orders" and name.startswith("c2a-"), create)
    check("change set: the template and parameters are passed as file:// paths",
          value_after(create, "--template-body") == "file://after.yaml"
          and value_after(create, "--parameters") == "file://params.json", create)
    check("change set: nested stacks and every capability are included",
          "--include-nested-stacks" in create
          and create[create.index("--capabilities") + 1:][:3] ==
          ["CAPABILITY_IAM", "CAPABILITY_NAMED_IAM", "CAPABILITY_AUTO_EXPAND"], create)
    wait = ws.calls_of("wait")
    check("change set: the script waits for it",
          len(wait) == 1 and "change-set-create-complete" in wait[0]
          and value_after(wait[0], "--change-set-name") == name, wait)
    describes = ws.calls_of("describe-change-set")
    plain = [c for c in describes if "--include-property-values" not in c]
    values = [c for c in describes if "--include-property-values" in c]
    check("change set: described without and with property values, following NextToken",
          len(plain) == 2 and len(values) == 1 and value_after(plain[1], "--next-token") == "2"
          and all(value_after(c, "--change-set-name") == name for c in describes), describes)
    check("change set: without nested change sets, only the root's is described",
          all(value_after(c, "--stack-name") == "Orders" for c in describes), describes)
    document = json.loads(ws.read("deployed/Orders.changeset/Orders.json") or "{}")
    check("change set: S.changeset/S.json holds every page's changes, no NextToken",
          [c["ResourceChange"]["LogicalResourceId"] for c in document.get("Changes", [])]
          == ["Queue", "Dlq", "Extra"] and "NextToken" not in document
          and document.get("ChangeSetName") == name, document)
    with_values = json.loads(ws.read("deployed/Orders.changeset/Orders.values.json") or "{}")
    check("change set: S.changeset/S.values.json keeps the property values",
          len(with_values.get("Changes", [])) == 2 and with_values["Changes"][0]["ResourceChange"]
          ["Details"][0]["Target"].get("AfterValue") == "60", with_values)
    calls = ws.calls()
    check("change set: deleted at the end",
          calls and operation_of(calls[-1]) == "delete-change-set"
          and value_after(calls[-1], "--change-set-name") == name
          and value_after(calls[-1], "--stack-name") == "Orders", calls[-1:])
    check("change set: the printed command reads the directory",
          "c2a diff deployed/Orders.json after.yaml --change-set deployed/Orders.changeset\n"
          in out, out)
    check("change set: the descriptions' files are printed",
          "change set described (3 changes): deployed/Orders.changeset/Orders.json, "
          "deployed/Orders.changeset/Orders.values.json" in out, out)
    # Each description is the describe-change-set JSON c2a reads as a single file too.
    for file in ("Orders.json", "Orders.values.json"):
        status, out, err = ws.c2a(f'"$C2A" diff deployed/Orders.json after.yaml '
                                  f'--change-set deployed/Orders.changeset/{file} --format json')
        report = json.loads(out) if out.startswith("{") else {}
        check(f"change set: c2a diff --change-set reads {file}",
              status in (0, 1, 2) and report.get("changeSet") is not None, out[-500:] + err)
    # The directory, as the printed command gives it: both descriptions, merged into one.
    status, out, err = ws.c2a('"$C2A" diff deployed/Orders.json after.yaml '
                              '--change-set deployed/Orders.changeset --format json')
    report = json.loads(out) if out.startswith("{") else {}
    parts = (report.get("changeSet") or {}).get("changeSets", [])
    check("change set: c2a diff --change-set DIR merges the two descriptions into one",
          status in (0, 1, 2) and len(parts) == 1 and len(parts[0].get("files", [])) == 2,
          out[-500:] + err)
    check("change set: no page files left behind",
          sorted(os.listdir(ws.path("deployed"))) ==
          ["Orders.args", "Orders.changeset", "Orders.json"]
          and sorted(os.listdir(ws.path("deployed/Orders.changeset"))) ==
          ["Orders.json", "Orders.values.json"],
          [os.listdir(ws.path(d)) for d in ("deployed", "deployed/Orders.changeset")
           if os.path.isdir(ws.path(d))])


def nested_change_set_id(name, *path):
    return "arn:aws:cloudformation:eu-west-1:123456789012:changeSet/{}/1".format(
        "-".join((name,) + path))


def test_nested_change_sets():
    # Network (three changes, in pages of two) has its own nested change set, Subnets; the
    # description with values leaves Storage out, the one without leaves Audit out.
    ws = Workspace(change_set_cloud(
        status="CREATE_COMPLETE", changes=[queue_change("False")],
        values_changes=[queue_change("False", values=True)],
        nested={"Network": {"changes": [added("Vpc"), added("Route")],
                            "values_changes": [added("Vpc")], "page_size": 2,
                            "nested": {"Subnets": {"changes": [added("Subnet")],
                                                   "values_changes": [added("Subnet")]}}},
                "Storage": {"changes": [added("Bucket")], "unlisted_in": ["values"]},
                "Audit": {"values_changes": [added("Trail")], "unlisted_in": ["plain"]}}))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml")
    check("nested change sets: exit 0", status == 0, out + err)
    name = value_after((ws.calls_of("create-change-set") or [[]])[0], "--change-set-name") or ""
    root, network, subnets, storage, audit = (
        nested_change_set_id(name), nested_change_set_id(name, "Network"),
        nested_change_set_id(name, "Network", "Subnets"), nested_change_set_id(name, "Storage"),
        nested_change_set_id(name, "Audit"))
    listing = sorted(os.listdir(ws.path("deployed/Orders.changeset"))) \
        if os.path.isdir(ws.path("deployed/Orders.changeset")) else None
    check("nested change sets: each described without and with values into S.changeset/, "
          "named S.Logical[.Child].json and .values.json, no page files",
          listing == ["Orders.Audit.json", "Orders.Audit.values.json",
                      "Orders.Network.Subnets.json", "Orders.Network.Subnets.values.json",
                      "Orders.Network.json", "Orders.Network.values.json", "Orders.Storage.json",
                      "Orders.Storage.values.json", "Orders.json", "Orders.values.json"], listing)
    describes = ws.calls_of("describe-change-set")
    by_arn = {}
    for call in describes:
        if value_after(call, "--change-set-name").startswith("arn:") \
                and "--next-token" not in call:
            by_arn.setdefault(value_after(call, "--change-set-name"), []).append(
                "--include-property-values" in call)
    check("nested change sets: each asked for once by its ARN alone, without and with values "
          "(listed by either description, both levels)",
          by_arn == {arn: [False, True] for arn in (network, subnets, storage, audit)}
          and all("--stack-name" not in c for c in describes
                  if value_after(c, "--change-set-name").startswith("arn:")), describes)
    pages = [c for c in describes if value_after(c, "--change-set-name") == network
             and "--next-token" in c]
    check("nested change sets: a nested change set's pages are followed by its ARN too",
          [("--include-property-values" in c, value_after(c, "--next-token")) for c in pages]
          == [(False, "2")], pages)

    def document(file):
        return json.loads(ws.read("deployed/Orders.changeset/" + file) or "{}")

    def logical_ids(file):
        return [c["ResourceChange"]["LogicalResourceId"] for c in document(file).get("Changes", [])]

    check("nested change sets: the root's descriptions list the nested stacks' change sets",
          logical_ids("Orders.json") == ["Queue", "Network", "Storage"]
          and logical_ids("Orders.values.json") == ["Queue", "Network", "Audit"]
          and document("Orders.json")["Changes"][1]["ResourceChange"].get("ChangeSetId")
          == network, document("Orders.json"))
    nested = document("Orders.Network.json")
    check("nested change sets: S.Logical.json is the nested change set's description, "
          "all pages",
          nested.get("ChangeSetId") == network and nested.get("ParentChangeSetId") == root
          and nested.get("StackName") == "Orders-NetworkNestedStack-ABC"
          and logical_ids("Orders.Network.json") == ["Vpc", "Route", "Subnets"]
          and "NextToken" not in nested, nested)
    check("nested change sets: S.Logical.values.json is described with the property values",
          document("Orders.Network.values.json").get("IncludePropertyValues") is True
          and "IncludePropertyValues" not in nested
          and logical_ids("Orders.Network.values.json") == ["Vpc", "Subnets"],
          document("Orders.Network.values.json"))
    deeper = document("Orders.Network.Subnets.json")
    check("nested change sets: two levels down, S.Logical.Child.json",
          deeper.get("ChangeSetId") == subnets and deeper.get("ParentChangeSetId") == network
          and deeper.get("RootChangeSetId") == root
          and logical_ids("Orders.Network.Subnets.json") == ["Subnet"]
          and document("Orders.Network.Subnets.values.json").get("ChangeSetId") == subnets,
          deeper)
    check("nested change sets: a change set listed by one description only is described too",
          logical_ids("Orders.Storage.json") == ["Bucket"]
          and logical_ids("Orders.Audit.values.json") == ["Trail"]
          and logical_ids("Orders.Audit.json") == [], listing)
    check("nested change sets: each one is printed with its logical id path",
          "  nested change set Network (3 changes): deployed/Orders.changeset/Orders.Network.json, "
          "deployed/Orders.changeset/Orders.Network.values.json\n" in out
          and "  nested change set Network/Subnets (1 change): "
          "deployed/Orders.changeset/Orders.Network.Subnets.json, " in out, out)
    check("nested change sets: the printed command has --change-set with the directory",
          "  compare with: c2a diff deployed/Orders.json after.yaml "
          "--change-set deployed/Orders.changeset\n" in out, out)
    deletes = ws.calls_of("delete-change-set")
    check("nested change sets: only the root change set is deleted (they go with it)",
          [(value_after(c, "--stack-name"), value_after(c, "--change-set-name")) for c in deletes]
          == [("Orders", name)], deletes)

    ws = Workspace(change_set_cloud(
        status="CREATE_COMPLETE", changes=[queue_change("False"), {
            "Type": "Resource", "ResourceChange": {
                "Action": "Modify", "LogicalResourceId": "../Evil",
                "ResourceType": "AWS::CloudFormation::Stack",
                "ChangeSetId": "arn:aws:cloudformation:eu-west-1:123456789012:changeSet/x/1"}}]))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml")
    check("nested change sets: a logical id that is not alphanumeric is an error, "
          "no file named after it",
          status == 1 and "a nested stack's logical id is not alphanumeric: '../Evil'" in err
          and not any("Evil" in f for _, _, files in os.walk(ws.dir) for f in files)
          and len(ws.calls_of("delete-change-set")) == 1, out + err)


def test_change_set_without_changes():
    reason = ("The submitted information didn't contain changes. Submit different information "
              "to create a change set.")
    ws = Workspace(change_set_cloud(status="FAILED", reason=reason))
    url = "https://bucket.s3.amazonaws.com/t.yaml"
    status, out, err = ws.run("Orders", env={"C2A_CHANGE_SET_TEMPLATE": url})
    check("no changes: not an error", status == 0, out + err)
    check("no changes: reported as no changes", "no changes" in out and "Waiter" not in err,
          out + err)
    check("no changes: no change set directory is left",
          not any("changeset" in f for f in os.listdir(ws.path("deployed"))),
          os.listdir(ws.path("deployed")))
    create = (ws.calls_of("create-change-set") or [[]])[0]
    check("no changes: an https:// template is passed as --template-url",
          value_after(create, "--template-url") == url
          and "--template-body" not in create, create)
    check("no changes: the change set is still deleted",
          len(ws.calls_of("delete-change-set")) == 1, ws.calls())
    check("no changes: the command has no --change-set", "--change-set" not in out, out)
    ws = Workspace(change_set_cloud(status="FAILED", reason="No updates are to be performed."))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml")
    check("no changes: 'No updates are to be performed' too: exit 0, no directory, no nested "
          "change set asked for",
          status == 0 and "no changes" in out and "--change-set" not in out
          and sorted(os.listdir(ws.path("deployed"))) == ["Orders.args", "Orders.json"]
          and all(not value_after(c, "--change-set-name").startswith("arn:")
                  for c in ws.calls_of("describe-change-set")), out + err)


def test_change_set_failures():
    ws = Workspace(change_set_cloud(status="FAILED",
                                    reason="Template format error: YAML not well-formed"))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml")
    check("failed change set: an error with CloudFormation's reason",
          status not in (0, 64) and "fetch-deployed.sh: the change set c2a-" in err
          and "Template format error" in err, out + err)
    check("failed change set: deleted", len(ws.calls_of("delete-change-set")) == 1, ws.calls())
    check("failed change set: no change set directory is left",
          sorted(os.listdir(ws.path("deployed"))) == ["Orders.args", "Orders.json"],
          os.listdir(ws.path("deployed")))

    ws = Workspace(dict(change_set_cloud(status="CREATE_COMPLETE", changes=[queue_change("False")]),
                        fail={"describe-change-set": 254}))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml")
    check("describe fails: an error naming the call",
          status not in (0, 64)
          and "fetch-deployed.sh: aws cloudformation describe-change-set" in err, out + err)
    check("describe fails: the change set is deleted all the same",
          operation_of(ws.calls()[-1]) == "delete-change-set"
          and value_after(ws.calls()[-1], "--change-set-name") ==
          value_after(ws.calls_of("create-change-set")[0], "--change-set-name"), ws.calls())

    ws = Workspace(dict(change_set_cloud(status="CREATE_COMPLETE", changes=[queue_change("False")]),
                        fail={"delete-change-set": 254}))
    ws.write("after.yaml", AFTER_QUEUE)
    status, out, err = ws.run("Orders", "--change-set", "after.yaml", "--region", "eu-west-1")
    check("delete fails: an error telling how to delete it by hand",
          status == 1 and "delete it with: aws --region eu-west-1 cloudformation "
          "delete-change-set --stack-name Orders --change-set-name c2a-" in err, out + err)

    ws = Workspace(dict(change_set_cloud(status="CREATE_COMPLETE", changes=[queue_change("False")]),
                        sleep={"wait change-set-create-complete": 1}))
    ws.write("after.yaml", AFTER_QUEUE)
    process = subprocess.Popen([SCRIPT, "Orders", "--change-set", "after.yaml"], cwd=ws.dir,
                               env=ws.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    deadline = time.time() + 20
    while time.time() < deadline and not ws.calls_of("wait"):
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=30)
    check("interrupted: exit 143, the change set deleted",
          process.returncode == 143 and ws.calls_of("delete-change-set")
          and not ws.calls_of("describe-change-set"), f"{process.returncode} {out} {err}")


def test_aws_failure_and_usage():
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}})
    status, out, err = ws.run("Missing")
    check("aws fails: exit 1 with a fetch-deployed.sh: message after aws's own",
          status == 1 and "Stack with id Missing does not exist" in err
          and "fetch-deployed.sh: aws cloudformation get-template --stack-name Missing failed"
          in err, out + err)
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}, "fail": {"list-stack-resources": 255}})
    status, out, err = ws.run("Orders")
    check("aws fails: listing the nested stacks too",
          status == 1 and "fetch-deployed.sh: aws cloudformation list-stack-resources" in err,
          out + err)

    ws = Workspace({"templates": {"Orders": QUEUE_JSON}})
    for name, args, env in (
            ("a stack name with a slash", ["../etc"], None),
            ("a stack name with a semicolon", ["Orders;rm"], None),
            ("a stack name starting with a digit", ["1Orders"], None),
            ("a bad name in C2A_STACKS", [], {"C2A_STACKS": "Orders *"}),
            ("no stack", [], None),
            ("an unknown option", ["--stack", "Orders"], None),
            ("an option without its value", ["Orders", "--region"], None),
            ("--parameters without --change-set", ["Orders", "--parameters", "p.json"], None),
            ("a change-set template that is not there", ["Orders", "--change-set", "no.yaml"],
             None)):
        status, out, err = ws.run(*args, env=env)
        check(f"usage: {name}: exit 64, no AWS call",
              status == 64 and err.startswith("fetch-deployed.sh: ") and ws.calls() == [],
              f"{status} {out} {err}")
    status, out, err = ws.run("--help")
    check("usage: --help prints the usage", status == 0 and out.startswith("Usage: ")
          and "--change-set TEMPLATE" in out and ws.calls() == [], out + err)
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}}, with_aws=False)
    status, out, err = ws.run("Orders")
    check("usage: no aws on PATH: exit 69", status == 69 and "AWS CLI" in err, out + err)


def test_output_directory():
    ws = Workspace({"templates": {"Orders": QUEUE_JSON}})
    victim = ws.path("victim")
    os.makedirs(victim)
    ws.write("victim/keep.txt", "precious\n")
    os.symlink(victim, ws.path("deployed"))
    status, out, err = ws.run("Orders")
    check("output: a committed link at deployed is not followed",
          status == 0 and os.listdir(victim) == ["keep.txt"]
          and ws.read("victim/keep.txt") == "precious\n"
          and not os.path.islink(ws.path("deployed"))
          and ws.read("deployed/Orders.json") is not None, out + err)
    shutil.rmtree(ws.path("deployed"))
    os.makedirs(ws.path("empty"))
    os.symlink(ws.path("empty"), ws.path("deployed"))
    status, out, err = ws.run("Orders")
    check("output: a committed link to an empty directory is not written through",
          status == 0 and os.listdir(ws.path("empty")) == []
          and not os.path.islink(ws.path("deployed"))
          and ws.read("deployed/Orders.json") is not None, out + err)
    shutil.rmtree(ws.path("deployed"))
    os.symlink(ws.path("victim/keep.txt"), ws.path("deployed"))
    status, out, err = ws.run("Orders")
    check("output: a link to a file at deployed is removed, the file untouched",
          status == 0 and ws.read("victim/keep.txt") == "precious\n"
          and os.path.isdir(ws.path("deployed")) and not os.path.islink(ws.path("deployed")),
          out + err)
    ws.write("deployed/stale.json", "{}")
    status, out, err = ws.run("Orders")
    check("output: the default directory is made fresh",
          status == 0 and sorted(os.listdir(ws.path("deployed"))) == ["Orders.args", "Orders.json"],
          os.listdir(ws.path("deployed")))
    ws.write("mine/notes.txt", "mine\n")
    status, out, err = ws.run("Orders", "--out", "mine")
    check("output: another directory that is not empty is refused (64), left alone",
          status == 64 and os.listdir(ws.path("mine")) == ["notes.txt"], out + err)
    os.symlink(victim, ws.path("linked"))
    status, out, err = ws.run("Orders", "--out", "linked")
    check("output: a link given with --out is replaced, not followed",
          status == 0 and os.listdir(victim) == ["keep.txt"]
          and ws.read("linked/Orders.json") is not None and not os.path.islink(ws.path("linked")),
          out + err)


def main():
    for test in (test_lone_json_stack, test_stacks_from_environment_and_region, test_yaml_stack,
                 test_nested_stacks, test_change_set, test_nested_change_sets,
                 test_change_set_without_changes,
                 test_change_set_failures, test_aws_failure_and_usage, test_output_directory):
        try:
            test()
        except Exception as error:  # a broken script is a failure, not a crash of the test
            check(test.__name__, False, repr(error))
    sys.exit(finish())


main()
