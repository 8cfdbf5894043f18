#!/usr/bin/python3
"""The CI recipes of examples/ci, run here as their CI systems would run them.

GitHub Actions, GitLab CI and CodeBuild are not available here, so each recipe's YAML is parsed
and its shell steps are executed in order under `bash -e -o pipefail` (the default shell of
GitHub Actions and GitLab CI), with the job's and step's environment, against the README example
(examples/orders-service). The cloud tools they call (aws, npx, gh, glab) are stubs that record
their arguments; c2a is the real binary.

Usage: ci_recipes_test.py SOURCE_DIR C2A_BINARY. Prints one line per check and "N passed,
N failed" last; exits non-zero on any failure.
"""
import os
import shutil
import subprocess
import sys

import json

import yaml

SOURCE, C2A = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
EXAMPLE = os.path.join(SOURCE, "examples/orders-service")
REVIEW_PAIR = os.path.join(SOURCE, "tests/cases/diff/mapping-entry")  # verdict review: an instance is replaced
from ci_support import check, finish, results, scratch  # noqa: E402 (beside this file)


def cloudformation_yaml(path):
    """A YAML template with short-form tags, as the JSON `aws cloudformation get-template` gives."""
    class Loader(yaml.SafeLoader):
        pass

    def tagged(loader, suffix, node):
        if isinstance(node, yaml.ScalarNode):
            value = loader.construct_scalar(node)
        elif isinstance(node, yaml.SequenceNode):
            value = loader.construct_sequence(node, deep=True)
        else:
            value = loader.construct_mapping(node, deep=True)
        if suffix == "Ref":
            return {"Ref": value}
        if suffix == "GetAtt" and isinstance(value, str):
            value = value.split(".", 1)
        return {("Condition" if suffix == "Condition" else "Fn::" + suffix): value}

    Loader.add_multi_constructor("!", tagged)
    return yaml.load(open(path), Loader=Loader)


def deployed_json(template=os.path.join(EXAMPLE, "before.yaml")):
    """A BEFORE template as the deployed stack's JSON."""
    path = os.path.join(scratch("c2a-ci-src-"), "deployed-source.json")
    with open(path, "w") as out:
        json.dump(cloudformation_yaml(template), out, indent=2)
    return path



STUB = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$STUB_LOG"
if [[ $(basename "$0") == aws && $1 == cloudformation && $2 == get-template ]]; then
  cat "$DEPLOYED_SOURCE"
fi
if [[ $(basename "$0") == gh && $1 == api && $* == *issues/42/comments* && -n ${GH_COMMENT_ID:-} ]]; then
  echo "$GH_COMMENT_ID"
fi
if [[ $(basename "$0") == glab && $1 == api && $* == *merge_requests/7/notes* && $* != *PUT* ]]; then
  if [[ -n ${GH_COMMENT_ID:-} ]]; then printf '[{"id": %s, "body": "%s and the report"}]' "$GH_COMMENT_ID" "$(head -n 1 c2a-reports/c2a-comment.md)"; else echo "[]"; fi
fi
if [[ $(basename "$0") == aws && $1 == codepipeline && $2 == get-pipeline-state ]]; then
  if [[ $* == *token* ]]; then echo token-123; else echo Deploy; fi
fi
exit 0
"""


class Workspace:
    """A checkout as a CI job sees it: examples/ci, rules, and stubbed cloud tools on PATH."""

    def __init__(self, before, after):
        self.dir = scratch("c2a-ci-")
        os.symlink(os.path.join(SOURCE, "examples"), os.path.join(self.dir, "examples"))
        os.makedirs(os.path.join(self.dir, "rules"))
        shutil.copy(os.path.join(EXAMPLE, "rules.c2a"), os.path.join(self.dir, "rules/team.c2a"))
        self.bin = os.path.join(self.dir, "bin")
        os.makedirs(self.bin)
        for tool in ("aws", "npx", "gh", "glab"):
            path = os.path.join(self.bin, tool)
            with open(path, "w") as out:
                out.write(STUB)
            os.chmod(path, 0o755)
        os.symlink(C2A, os.path.join(self.bin, "c2a"))
        self.log = os.path.join(self.dir, "stub.log")
        self.before, self.after = before, after

    def env(self, *layers):
        env = {"PATH": self.bin + ":/usr/bin:/bin", "HOME": self.dir, "STUB_LOG": self.log,
               "DEPLOYED_SOURCE": self.before}
        for layer in layers:
            env.update({k: str(v) for k, v in (layer or {}).items()})
        # What the recipe synthesizes is the example's AFTER template (a lone template: no stack).
        env["C2A_SYNTH"] = self.after
        env["C2A_STACK"] = ""
        return env

    def run(self, script, env):
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=self.dir,
                              env=env, capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout + done.stderr

    def file(self, relative):
        path = os.path.join(self.dir, relative)
        return open(path).read() if os.path.exists(path) else None

    def stub_calls(self):
        return open(self.log).read() if os.path.exists(self.log) else ""


def github_expressions(text):
    return (text.replace("${{ github.event.pull_request.number }}", "42")
                .replace("${{ github.token }}", "token"))


def run_github(before, after, extra=None):
    before = before or deployed_json()
    """Runs the workflow's `run` steps in order; `if: always()` steps run after a failure."""
    workflow = yaml.safe_load(open(os.path.join(SOURCE, "examples/ci/github-actions.yml")))
    job = workflow["jobs"]["change-analysis"]
    ws = Workspace(before, after)
    output = os.path.join(ws.dir, "github_output")
    open(output, "w").close()
    github = {"GITHUB_OUTPUT": output, "GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "org/repo",
              "GITHUB_STEP_SUMMARY": os.path.join(ws.dir, "step_summary.md")}
    github.update(extra or {})
    failed, statuses = False, {}
    for step in job["steps"]:
        if "run" not in step:
            continue  # an action (checkout, upload-sarif): not a shell step
        condition = str(step.get("if", ""))
        if failed and "always()" not in condition:
            continue
        step_env = {k: github_expressions(str(v)) for k, v in (step.get("env") or {}).items()}
        env = ws.env(job.get("env"), step_env, github)
        status, log = ws.run(github_expressions(step["run"]), env)
        statuses[step.get("name", step["run"][:20])] = (status, log)
        failed = failed or status != 0
    return ws, statuses, open(output).read()


def test_github():
    ws, statuses, outputs = run_github(None, os.path.join(EXAMPLE, "after.yaml"))
    status, log = statuses["c2a"]
    check("github: the c2a step fails on the example's rejection", status == 2, log)
    check("github: the verdict is a step output", "verdict=rejected" in outputs, outputs)
    for report in ("c2a.json", "c2a.sarif", "c2a-junit.xml", "c2a-comment.md", "c2a.html"):
        check(f"github: c2a-reports/{report} written", ws.file(f"c2a-reports/{report}") is not None)
    check("github: the comment step posts the Markdown report",
          "gh pr comment 42 --body-file c2a-reports/c2a-comment.md" in ws.stub_calls(),
          ws.stub_calls())
    check("github: the deployed template is fetched as the original stage",
          "--template-stage Original" in ws.stub_calls(), ws.stub_calls())
    comment = ws.file("c2a-reports/c2a-comment.md")
    check("github: the comment starts with its marker, then the verdict",
          comment.startswith("<!-- c2a:report ") and comment.split("\n")[1].startswith("## Verdict: REJECTED"),
          comment[:200])
    check("github: the earlier comment is looked for by its marker",
          "gh api --paginate repos/org/repo/issues/42/comments" in ws.stub_calls(), ws.stub_calls())
    check("github: rejected changes are error annotations on their template lines",
          "::error file=" in log and ",line=" in log, log[-2000:])
    check("github: the job summary is the Markdown report",
          (ws.file("step_summary.md") or "").split("\n")[1].startswith("## Verdict: REJECTED"))
    ws2, _, _ = run_github(None, os.path.join(EXAMPLE, "after.yaml"), {"GH_COMMENT_ID": "777"})
    calls = ws2.stub_calls()
    check("github: a later push updates the comment instead of adding one",
          "gh api --method PATCH repos/org/repo/issues/comments/777 -F body=@c2a-reports/c2a-comment.md" in calls
          and "gh pr comment" not in calls, calls)


def test_gitlab():
    config = yaml.safe_load(open(os.path.join(SOURCE, "examples/ci/gitlab-ci.yml")))
    job = config["c2a"]
    ws = Workspace(deployed_json(),
                   os.path.join(EXAMPLE, "after.yaml"))
    env = ws.env(job.get("variables"))
    status, log = ws.run("\n".join(job["script"]), env)
    check("gitlab: the job fails on the example's rejection", status == 2, log)
    check("gitlab: the JUnit report is where the job says",
          ws.file(job["artifacts"]["reports"]["junit"]) is not None)
    gitlab = {"CI_PROJECT_ID": "5", "CI_MERGE_REQUEST_IID": "7"}
    status, log = ws.run("\n".join(job["after_script"]), ws.env(job.get("variables"), gitlab))
    check("gitlab: after_script posts the comment", status == 0 and "glab mr note 7" in
          ws.stub_calls(), log + ws.stub_calls())
    status, log = ws.run("\n".join(job["after_script"]),
                         ws.env(job.get("variables"), gitlab, {"GH_COMMENT_ID": "31"}))
    check("gitlab: a later push updates the note its marker finds",
          status == 0 and "glab api --method PUT projects/5/merge_requests/7/notes/31" in
          ws.stub_calls(), log + ws.stub_calls())


def test_codebuild():
    spec = yaml.safe_load(open(os.path.join(SOURCE, "examples/ci/buildspec.yml")))
    commands = "\n".join(spec["phases"]["build"]["commands"])
    # Review passes (only rejections fail), and the verdict is exported for the approval.
    ws = Workspace(deployed_json(os.path.join(REVIEW_PAIR, "before.yaml")),
                   os.path.join(REVIEW_PAIR, "after.yaml"))
    status, log = ws.run(commands + '\necho "C2A_VERDICT=$C2A_VERDICT"', ws.env(spec["env"]["variables"]))
    check("codebuild: a review verdict does not fail the build", status == 0, log)
    check("codebuild: the verdict is exported", "C2A_VERDICT=review" in log, log)
    ws = Workspace(deployed_json(),
                   os.path.join(EXAMPLE, "after.yaml"))
    status, log = ws.run(commands, ws.env(spec["env"]["variables"]))
    check("codebuild: a rejection fails the build", status == 2, log)
    # The approval is answered by c2a only when it approved.
    for verdict, approves in (("approved", True), ("review", False)):
        ws = Workspace(os.path.join(EXAMPLE, "before.yaml"), os.path.join(EXAMPLE, "after.yaml"))
        env = ws.env({"C2A_VERDICT": verdict, "PIPELINE": "P", "APPROVAL_ACTION": "c2a-review"})
        status, log = ws.run("examples/ci/codepipeline-auto-approve.sh", env)
        answered = "put-approval-result" in ws.stub_calls()
        check(f"codepipeline: verdict {verdict} {'approves' if approves else 'waits for a person'}",
              status == 0 and answered == approves, log + ws.stub_calls())


def test_check_script():
    ws = Workspace(os.path.join(REVIEW_PAIR, "before.yaml"), os.path.join(REVIEW_PAIR, "after.yaml"))
    base = {"C2A_DEPLOYED": ws.before, "C2A": C2A}
    status, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base))
    check("c2a-check.sh: review fails by default", status == 1)
    status, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_FAIL_ON": "rejected"}))
    check("c2a-check.sh: review passes with C2A_FAIL_ON=rejected", status == 0)
    status, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_FAIL_ON": "never"}))
    check("c2a-check.sh: review passes with C2A_FAIL_ON=never, the verdict kept",
          status == 0 and ws.file("c2a-reports/verdict") == "review\n")
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_DEPLOYED": "missing.json"}))
    check("c2a-check.sh: an input c2a cannot read fails with its status", status == 66, log)
    status, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_FAIL_ON": "sometimes"}))
    check("c2a-check.sh: an unknown policy is a usage error", status == 64)


def test_check_script_takes_the_fetched_deployed_side():
    """The deployed root template with the .args file fetch-deployed.sh writes for its nested
    stacks, against a cdk.out, and a change set file: c2a-check.sh passes them on, and the nested
    stacks pair with the assembly's."""
    case = os.path.join(SOURCE, "tests/cases/diff/nested-found-by-asset-manifest")
    ws = Workspace(os.path.join(case, "before/App.template.json"), os.path.join(case, "after"))
    service = "ServiceNestedStackResource1A2B3C4D"
    args = os.path.join(ws.dir, "App.args")
    with open(args, "w") as out:
        out.write("--before-nested-template\n%s=%s\n--before-nested-template\n%s/%s=%s\n" % (
            service, os.path.join(case, "before/AppService1A2B3C4D.nested.template.json"),
            service, "StorageNestedStackResource5E6F7A8B",
            os.path.join(case, "before/AppServiceStorage5E6F7A8B.nested.template.json")))
    env = ws.env({"C2A_DEPLOYED": ws.before, "C2A": C2A, "C2A_DEPLOYED_ARGS": args})
    env["C2A_STACK"] = "App"
    status, log = ws.run("examples/ci/c2a-check.sh", env)
    report = json.load(open(os.path.join(ws.dir, "c2a-reports", "c2a.json")))
    stacks = sorted({change["stack"] for change in report["changes"]})
    check("c2a-check.sh: C2A_DEPLOYED_ARGS maps the nested stacks onto the cdk.out's",
          stacks == ["App/%s/StorageNestedStackResource5E6F7A8B" % service]
          and not any("not compared" in w["message"] for w in report["warnings"]), log + str(stacks))
    env["C2A_CHANGE_SET"] = os.path.join(SOURCE, "tests/cases/report/change-set/change-set.json")
    env["C2A_DEPLOYED_ARGS"] = os.path.join(ws.dir, "missing.args")
    status, log = ws.run("examples/ci/c2a-check.sh", env)
    check("c2a-check.sh: a missing C2A_DEPLOYED_ARGS file is a usage error", status == 64, log)


# Risky changes the default presets never approve, through the gate script every recipe calls: a
# role that gains AdministratorAccess and accepts it inline in the same change, and protections
# switched off behind parameter defaults (tests/cases/rules/preset-risk-behind-parameters).
SELF_ACCEPT_BEFORE = """Resources:
  Role:
    Type: AWS::IAM::Role
    Properties:
      AssumeRolePolicyDocument:
        Statement: [{Effect: Allow, Principal: {Service: lambda.amazonaws.com}, Action: "sts:AssumeRole"}]
"""
SELF_ACCEPT_AFTER = """Resources:
  Role:
    Type: AWS::IAM::Role
    Metadata: {c2a: {accept: [{reason: trust me}]}}
    Properties:
      AssumeRolePolicyDocument:
        Statement: [{Effect: Allow, Principal: {Service: lambda.amazonaws.com}, Action: "sts:AssumeRole"}]
      ManagedPolicyArns: ["arn:aws:iam::aws:policy/AdministratorAccess"]
"""


def test_check_script_never_approves_the_risky():
    scratch_dir = scratch("c2a-risky-")
    before = os.path.join(scratch_dir, "before.yaml")
    after = os.path.join(scratch_dir, "after.yaml")
    with open(before, "w") as out:
        out.write(SELF_ACCEPT_BEFORE)
    with open(after, "w") as out:
        out.write(SELF_ACCEPT_AFTER)
    hidden = os.path.join(SOURCE, "tests/cases/rules/preset-risk-behind-parameters")
    for name, pair in (("a self-accepted AdministratorAccess", (before, after)),
                       ("protections off behind parameter defaults",
                        (os.path.join(hidden, "before.yaml"), os.path.join(hidden, "after.yaml")))):
        ws = Workspace(*pair)
        status, log = ws.run("examples/ci/c2a-check.sh", ws.env({"C2A_DEPLOYED": ws.before, "C2A": C2A}))
        verdict = open(os.path.join(ws.dir, "c2a-reports", "verdict")).read().strip()
        check(f"c2a-check.sh: {name} is not approved", status == 1 and verdict == "review", log)


def test_check_script_writes_through_no_committed_link():
    """A pull request commits c2a-reports/c2a.json (and a whole c2a-reports) as links to a file
    the job can write: the script and c2a leave that file alone."""
    ws = Workspace(os.path.join(REVIEW_PAIR, "before.yaml"), os.path.join(REVIEW_PAIR, "after.yaml"))
    victim = os.path.join(ws.dir, "victim.txt")
    with open(victim, "w") as out:
        out.write("precious\n")
    os.makedirs(os.path.join(ws.dir, "c2a-reports"))
    os.symlink(victim, os.path.join(ws.dir, "c2a-reports", "c2a.json"))
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env({"C2A_DEPLOYED": ws.before, "C2A": C2A}))
    check("c2a-check.sh: a committed link among the reports is not written through",
          status == 1 and open(victim).read() == "precious\n"
          and not os.path.islink(os.path.join(ws.dir, "c2a-reports", "c2a.json")), log)
    shutil.rmtree(os.path.join(ws.dir, "c2a-reports"))
    os.symlink(ws.dir + "/elsewhere", os.path.join(ws.dir, "c2a-reports"))
    os.makedirs(ws.dir + "/elsewhere")
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env({"C2A_DEPLOYED": ws.before, "C2A": C2A}))
    check("c2a-check.sh: a committed link for the reports directory is not followed",
          status == 1 and os.listdir(ws.dir + "/elsewhere") == []
          and os.path.isdir(os.path.join(ws.dir, "c2a-reports"))
          and not os.path.islink(os.path.join(ws.dir, "c2a-reports")), log)


def main():
    for test in (test_github, test_gitlab, test_codebuild, test_check_script,
                 test_check_script_takes_the_fetched_deployed_side,
                 test_check_script_never_approves_the_risky,
                 test_check_script_writes_through_no_committed_link):
        try:
            test()
        except Exception as error:  # a broken recipe is a failure, not a crash of the test
            check(test.__name__, False, repr(error))
    sys.exit(finish())


main()
