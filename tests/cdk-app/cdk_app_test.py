#!/usr/bin/python3
"""A real CDK v2 app (this folder), synthesised by the pinned aws-cdk CLI, judged the way docs/ci.md
says a pipeline judges it.

What is deployed is the app as it is (`cdk synth` without a change). Each pull request is one
`-c change=NAME` of lib/ (the same app with one edit, the way a team changes it). The deployed side
is what examples/ci/fetch-deployed.sh writes for the stack (the root template as get-template
returns it, each nested stack's template under its logical id, and the .args file naming them:
that script is tested against a stubbed AWS CLI in tests/ci), and examples/ci/c2a-check.sh runs
the gate from the app's checkout, as on GitHub Actions. Routine changes must be approved, nested
stack included; risky ones held, annotated at the app's own source line with the construct path
first. The previous synth's cdk.out (the other documented deployed side) must agree.

Needs `make deps-cdk` (npm ci of package-lock.json here). Usage: cdk_app_test.py SOURCE_DIR
C2A_BINARY. Prints one line per check and "N passed, N failed" last; exits non-zero on failure.
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

SOURCE, C2A = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
APP = os.path.join(SOURCE, "tests/cdk-app")
CHECK = os.path.join(SOURCE, "examples/ci/c2a-check.sh")
sys.path.insert(0, os.path.join(SOURCE, "tests/ci"))
from ci_support import check, finish, scratch  # noqa: E402

CDK = os.path.join(APP, "node_modules/.bin/cdk")
STACK = "Orders"

# The pull requests a team opens every day: each must be approved.
ROUTINE = {
    "memory": "the function's memory raised",
    "timeout": "the function's and the queue's timeouts raised",
    "tags": "a cost-centre tag on every resource",
    "alarm": "a new alarm",
    "code": "new function code (a new asset)",
    "api-timeout": "an integration timeout: the API's deployment is re-created",
    "nested-threshold": "an alarm threshold in the nested stack",
    "nested-alarm": "a new alarm in the nested stack",
}
# The risky ones: held, each annotated where the app makes the resource.
# change -> (file, the source text of the line, words of the annotation title)
RISKY = {
    "open-ssh": ("lib/orders-stack.js", "new ec2.SecurityGroup(this, 'HandlerGroup'",
                 "HandlerGroup (HandlerGroup"),
    "grant-delete": ("lib/orders-stack.js", None, "Handler/ServiceRole/DefaultPolicy (Handler"),
    "bucket-name": ("lib/orders-stack.js", "new s3.Bucket(this, 'Archive'", "Archive (Archive"),
    "api-open": ("lib/orders-stack.js", "addMethod('DELETE'", "DELETE"),
    "nested-public-topic": ("lib/alarms-stack.js", "topic.addToResourcePolicy(", "Alarms/Pager/Policy ("),
}


def synth(change, out):
    env = dict(os.environ, CDK_DISABLE_CLI_TELEMETRY="true", CI="true")
    args = [CDK, "synth", "--quiet", "--no-notices", "-o", out]
    if change:
        args += ["-c", f"change={change}"]
    run = subprocess.run(args, cwd=APP, env=env, capture_output=True, text=True, timeout=600)
    return run.returncode, run.stderr


def line_of(file, text):
    with open(os.path.join(APP, file)) as source:
        for number, line in enumerate(source, 1):
            if text in line:
                return number
    raise AssertionError(f"{file} has no line with {text!r}")


def fetched_layout(assembly, deployed):
    """What fetch-deployed.sh writes for the stack deployed from `assembly`."""
    os.makedirs(os.path.join(deployed, STACK))
    shutil.copy(os.path.join(assembly, f"{STACK}.template.json"), os.path.join(deployed, f"{STACK}.json"))
    template = json.load(open(os.path.join(assembly, f"{STACK}.template.json")))
    args = []
    for logical, resource in template["Resources"].items():
        if resource["Type"] != "AWS::CloudFormation::Stack":
            continue
        nested = os.path.join(assembly, resource["Metadata"]["aws:asset:path"])
        fetched = os.path.join(deployed, STACK, f"{logical}.json")
        shutil.copy(nested, fetched)
        args += ["--before-nested-template", f"{logical}={fetched}"]
    with open(os.path.join(deployed, f"{STACK}.args"), "w") as file:
        file.write("".join(arg + "\n" for arg in args))
    return len(args) // 2


def gate(deployed, assembly, out, extra_env=None):
    """c2a-check.sh as the GitHub recipe runs it, from the app's checkout."""
    env = dict(os.environ, C2A=C2A, C2A_DEPLOYED=os.path.join(deployed, f"{STACK}.json"),
               C2A_DEPLOYED_ARGS=os.path.join(deployed, f"{STACK}.args"), C2A_SYNTH=assembly,
               C2A_OUT=out, C2A_FORMATS="json sarif text", GITHUB_ACTIONS="true")
    env.pop("GITHUB_STEP_SUMMARY", None)
    env.pop("GITHUB_OUTPUT", None)
    env.update(extra_env or {})
    run = subprocess.run(["bash", CHECK], cwd=APP, env=env, capture_output=True, text=True,
                         timeout=300)
    return run


def annotations(stdout):
    out = []
    for line in stdout.splitlines():
        match = re.match(r"::(error|warning) (.*?)::(.*)", line)
        if not match:
            continue
        fields = dict(re.findall(r"(\w+)=([^,]*)", match.group(2).split("title=")[0]))
        title = match.group(2).split("title=", 1)[1] if "title=" in match.group(2) else ""
        out.append((match.group(1), fields, title.replace("%3A", ":")))
    return out


def main():
    if not os.access(CDK, os.X_OK):
        check("the pinned aws-cdk CLI is installed (make deps-cdk)", False, CDK + " is missing")
        return finish()
    work = scratch("c2a-cdk-app.")
    changes = [None] + list(ROUTINE) + list(RISKY)
    outs = {change: os.path.join(work, "synth", change or "deployed") for change in changes}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        synths = {change: pool.submit(synth, change, outs[change]) for change in changes}
    for change in changes:
        status, stderr = synths[change].result()
        check(f"cdk synth {change or '(deployed)'}", status == 0, stderr)
        if status != 0:
            return finish()

    base = outs[None]
    manifest = json.load(open(os.path.join(base, "manifest.json")))
    check("the CLI writes the stack's metadata to a file of its own (as c2a reads it)",
          "additionalMetadataFile" in manifest["artifacts"][STACK] or
          "metadata" in manifest["artifacts"][STACK], manifest["artifacts"][STACK])
    deployed = os.path.join(work, "deployed")
    nested = fetched_layout(base, deployed)
    check("the app deploys a nested stack", nested == 1, nested)

    unchanged = gate(deployed, base, os.path.join(work, "reports-unchanged"))
    check("no change: approved with the nested stack fetched (exit 0)",
          unchanged.returncode == 0 and "No changes" in unchanged.stdout + open(
              os.path.join(work, "reports-unchanged", "c2a.txt")).read(),
          unchanged.stdout + unchanged.stderr)

    for change, what in ROUTINE.items():
        reports = os.path.join(work, f"reports-{change}")
        run = gate(deployed, outs[change], reports)
        report = json.load(open(os.path.join(reports, "c2a.json"))) if os.path.exists(
            os.path.join(reports, "c2a.json")) else {}
        held = [c["id"] for c in report.get("changes", []) if c["action"] != "approve"]
        check(f"{change} ({what}): approved", run.returncode == 0 and report.get("verdict") ==
              "approved" and report.get("changes"), f"exit {run.returncode}, held {held}\n" +
              run.stdout[-3000:] + run.stderr)
        # The previous synth's cdk.out as the deployed side says the same.
        again = subprocess.run([C2A, "diff", base, outs[change], "--format", "json"], cwd=APP,
                               capture_output=True, text=True)
        check(f"{change}: approved against the previous cdk.out too",
              again.returncode == 0 and json.loads(again.stdout)["verdict"] == "approved",
              again.stdout[-2000:] + again.stderr)

    for change, (file, text, title_words) in RISKY.items():
        reports = os.path.join(work, f"reports-{change}")
        run = gate(deployed, outs[change], reports)
        check(f"{change}: held (exit 1 or 2)", run.returncode in (1, 2),
              f"exit {run.returncode}\n" + run.stdout[-3000:] + run.stderr)
        found = annotations(run.stdout)
        at_source = [a for a in found if a[1].get("file") == file]
        check(f"{change}: annotated at {file}, not in cdk.out", at_source and all(
            "cdk.out" not in a[1].get("file", "") and not a[1].get("file", "").startswith("/")
            for a in found), found)
        if text is not None:
            line = str(line_of(file, text))
            check(f"{change}: the annotation is on the line that makes it ({file}:{line})",
                  any(a[1].get("line") == line for a in at_source), at_source)
        check(f"{change}: its title leads with the construct path",
              any(title_words in a[2] for a in at_source), [a[2] for a in found])
        sarif = json.load(open(os.path.join(reports, "c2a.sarif")))
        results = sarif["runs"][0]["results"]
        uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results
                if r.get("level") in ("error", "warning")]
        check(f"{change}: SARIF locates it in the app's source first", file in uris, uris)

    # The IAM table speaks in construct paths, as cdk diff does.
    text = open(os.path.join(work, "reports-grant-delete", "c2a.txt")).read()
    check("the IAM table names the role and bucket by construct path",
          "${Handler/ServiceRole}" in text and "${Archive.Arn}/*" in text and
          "HandlerServiceRole" not in text.split("== ")[0], text[:2000])

    # Run from elsewhere, the source root says where the app's checkout is; without it, nothing
    # outside the current directory is named (the template's line is).
    elsewhere = scratch("c2a-cdk-elsewhere.")
    args = [C2A, "diff", os.path.join(deployed, f"{STACK}.json"), outs["open-ssh"], "--format",
            "github"]
    rooted = subprocess.run(args + ["--source-root", APP], cwd=elsewhere, capture_output=True,
                            text=True)
    check("--source-root: the annotation names the app's file relative to it",
          "file=lib/orders-stack.js," in rooted.stdout, rooted.stdout + rooted.stderr)
    unrooted = subprocess.run(args, cwd=elsewhere, capture_output=True, text=True)
    check("outside the source root: the template's line instead",
          "file=lib/" not in unrooted.stdout and "Orders.template.json" in unrooted.stdout,
          unrooted.stdout + unrooted.stderr)
    return finish()


if __name__ == "__main__":
    sys.exit(main())
