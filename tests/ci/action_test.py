#!/usr/bin/python3
"""The GitHub Action (action.yml at the repository root), run here as GitHub would run it.

GitHub Actions is not available here, so the action runs as a step of a job on github_sim's model
of it: its composite steps in order, each `if:` evaluated and `${{ ... }}` substituted, each
`run:` step under bash with the job's environment files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH,
GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH...), each `uses:` step recorded, not run. gh is a fake
GitHub API (comments, statuses, the token's identity); sudo, dpkg, make and cmake are stubs that
record their arguments (dpkg and cmake "install" and "build" c2a by linking it); c2a is the real
binary, behind a wrapper that records its arguments. The two workflows docs/ci.md gives for the
action also run, against a hostile pull request.

Usage: action_test.py SOURCE_DIR C2A_BINARY. Prints one line per check and "N passed,
N failed" last; exits non-zero on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

SOURCE, C2A = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ACTION = yaml.safe_load(open(os.path.join(SOURCE, "action.yml")))
EXAMPLE = os.path.join(SOURCE, "examples/orders-service")            # rejected with the presets
REVIEW_PAIR = os.path.join(SOURCE, "tests/cases/diff/mapping-entry")  # review: an instance is replaced
APPROVED_PAIR = os.path.join(SOURCE, "tests/cases/diff/description-only")
STACKS = os.path.join(SOURCE, "tests/cases/plan/several-stacks")     # Consumer review, Producer rejected
TOKEN = "ghs-job-token"
from ci_support import check, finish, results, scratch  # noqa: E402 (beside this file)
from github_sim import (approve_pair, cloud_assembly, COMMITTED_COMMENT, HOSTILE_GATE, GitHub, deployed_json,  # noqa: E402
                        gate_marker, pull_request_event, repository, run_job, workflow_run_event)
# A copy: every run of the action then uses the same c2a, even if the build relinks it meanwhile.
C2A = shutil.copy(C2A, os.path.join(scratch("c2a-action-bin-"), "c2a"))



# --- Running the action -------------------------------------------------------------------------

class Run:
    """One run of the action, as the one step of a job on a fresh runner (github_sim), after the
    steps given in `before` (a workflow's earlier steps), with `files` in the workspace."""

    def __init__(self, inputs, files=(), event="pull_request", comments=(), c2a_on_path=True,
                 action_path=SOURCE, before=(), env=None, login=None, graphql=True, deployed=None):
        unknown = set(inputs) - set(ACTION["inputs"])
        if unknown:
            raise ValueError(f"inputs the action does not declare: {unknown}")
        self.gh = GitHub(C2A, actions={"OWNER/c2a": action_path}, c2a_preinstalled=c2a_on_path,
                         deployed=deployed,
                         comments={"42": [dict(c) for c in comments]})
        self.gh.token("ghp-other", login="c2a-bot", kind="user",
                      permissions={"pull-requests": "write", "statuses": "write"})
        payload = {"pull_request": {"number": 42}} if event.startswith("pull_request") else {"ref": "refs/heads/main"}
        spec = {"permissions": {"pull-requests": "write", "security-events": "write", "statuses": "write"},
                "env": dict(env or {}),
                "steps": list(before) + [{"id": "c2a-action", "name": "the action", "uses": "OWNER/c2a@v1",
                                          "with": dict(inputs)}]}
        self.gh.token_overrides[TOKEN] = dict({"graphql": graphql}, **({"login": login} if login else {}))
        self.job = run_job(self.gh, spec, event, payload, dict(files), token=TOKEN)
        self.dir, self.steps, self.status = self.job.workspace, self.job.action_steps, self.job.status
        self.uses = [u for u in self.job.uses if not u["uses"].startswith("OWNER/c2a@")]
        self.outputs = self.job.context["steps"].get("c2a-action", {}).get("outputs", {})
        self.summary = self.job.summary_path

    def calls(self, tool=None):
        return self.gh.calls(tool)

    def upload(self):
        return next((u for u in self.uses if u["uses"].startswith("github/codeql-action/upload-sarif")),
                    None)

    def transcript(self):
        return self.job.transcript()


def pair(directory, before="before.yaml", after="after.yaml"):
    """A template pair copied into the workspace as deployed.yaml and synthesized.yaml."""
    return {"deployed.yaml": os.path.join(directory, before),
            "synthesized.yaml": os.path.join(directory, after)}


SIDES = {"deployed": "deployed.yaml", "synthesized": "synthesized.yaml"}


def marker_of(directory):
    markdown = subprocess.run([C2A, "diff", os.path.join(directory, "before.yaml"),
                               os.path.join(directory, "after.yaml"), "--format", "markdown"],
                              capture_output=True, text=True).stdout
    return markdown.split("\n", 1)[0]


# --- The tests ----------------------------------------------------------------------------------

def test_declaration():
    check("action: a composite action", ACTION["runs"]["using"] == "composite")
    steps = ACTION["runs"]["steps"]
    check("action: every run step says its shell (bash)",
          all(step.get("shell") == "bash" for step in steps if "run" in step))
    inputs = ACTION["inputs"]
    expected = {"deployed", "source-root", "synthesized", "stacks", "rules", "presets", "no-presets", "approvals",
                "baseline", "approval-key", "parameters", "region", "account", "fail-on", "formats",
                "package", "comment", "pull-request", "head-sha", "upload-sarif", "github-token"}
    check("action: the inputs", set(inputs) == expected, sorted(set(inputs) ^ expected))
    check("action: every input is described", all(spec.get("description") for spec in inputs.values()))
    defaults = {"synthesized": "cdk.out", "fail-on": "review", "comment": "true",
                "upload-sarif": "true", "no-presets": "false", "github-token": "${{ github.token }}"}
    check("action: the defaults", all(str(inputs[k].get("default")) == v for k, v in defaults.items())
          and inputs["deployed"].get("default") == "" and not inputs["deployed"].get("required"),
          {k: inputs[k].get("default") for k in defaults})
    text = yaml.safe_dump(steps)
    dead = [name for name in inputs if not re.search(r"inputs\." + re.escape(name) + r"(?![\w-])", text)]
    check("action: every input is used by a step", not dead, dead)
    undeclared = set(re.findall(r"inputs\.([\w-]+)", text)) - set(inputs)
    check("action: the steps read only declared inputs", not undeclared, undeclared)
    check("action: it runs no code of the change: no synthesis, no package manager of the app's",
          not re.search(r"\b(npx|npm|yarn|pnpm|cdk synth)\b", text), re.findall(r".*\bnp[mx]\b.*", text))
    check("action: the gate script is the action's own, never the workspace's",
          '"$ACTION_PATH/examples/ci/c2a-check.sh"' in open(os.path.join(SOURCE, "action.yml")).read()
          and "./examples/ci" not in text)
    outputs = ACTION["outputs"]
    names = ("verdict", "exit-code", "report-dir", "markdown", "json", "sarif")
    check("action: the outputs are the c2a step's", set(outputs) == set(names) and all(
        outputs[n]["value"] == "${{ steps.c2a.outputs.%s }}" % n and outputs[n].get("description")
        for n in names), outputs)


def test_verdicts():
    run = Run(dict(SIDES), pair(EXAMPLE))
    out = run.outputs
    check("rejected: the README example's verdict is an output",
          out["verdict"] == "rejected" and out["exit-code"] == "2", run.transcript())
    check("rejected: the action fails with status 2", run.status == 2, run.transcript())
    check("rejected: the last step is the one that fails, after the comment and the upload",
          run.steps["verdict"][0] == 2 and run.steps["comment on the pull request"][0] == 0
          and run.upload() is not None, run.transcript())
    check("rejected: the report folder is c2a-reports in RUNNER_TEMP, outside the workspace",
          out["report-dir"] == os.path.join(run.job.temp, "c2a-reports"), out)
    exist = all(out[k].startswith(out["report-dir"] + "/") and os.path.isfile(out[k])
                for k in ("markdown", "json", "sarif"))
    check("rejected: the markdown, json and sarif outputs are reports that exist", exist, out)
    if exist:
        check("rejected: the JSON report says rejected", json.load(open(out["json"]))["verdict"] == "rejected")
        check("rejected: the SARIF report is SARIF 2.1.0", json.load(open(out["sarif"]))["version"] == "2.1.0")
        check("rejected: the Markdown report starts with its marker",
              open(out["markdown"]).read().startswith("<!-- c2a:report "))
    check("rejected: junit and html reports by default (formats)",
          all(os.path.isfile(os.path.join(out["report-dir"], f)) for f in ("c2a-junit.xml", "c2a.html")))
    check("rejected: the job summary is the Markdown report",
          "## Verdict: REJECTED" in (open(run.summary).read() if os.path.exists(run.summary) else ""))
    upload = run.upload() or {}
    check("rejected: the SARIF report goes to code scanning",
          upload.get("with", {}).get("sarif_file") == out["sarif"]
          and upload["with"].get("category") == "c2a" and upload["with"].get("token") == TOKEN, upload)

    run = Run(dict(SIDES), pair(REVIEW_PAIR))
    check("review: verdict review, the action fails with 1 by default",
          run.outputs["verdict"] == "review" and run.outputs["exit-code"] == "1" and run.status == 1,
          run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "never"}), pair(REVIEW_PAIR))
    check("review: passes with fail-on never, the verdict still review",
          run.outputs["verdict"] == "review" and run.outputs["exit-code"] == "0" and run.status == 0,
          run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "rejected"}), pair(REVIEW_PAIR))
    check("review: passes with fail-on rejected", run.status == 0 and run.outputs["verdict"] == "review",
          run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "rejected"}), pair(EXAMPLE))
    check("rejected: still fails with fail-on rejected", run.status == 2, run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "never"}), pair(EXAMPLE))
    check("rejected: passes with fail-on never", run.status == 0 and run.outputs["verdict"] == "rejected",
          run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "sometimes"}), pair(EXAMPLE))
    check("fail-on: an unknown value is a usage error (64)",
          run.status == 64 and run.outputs["exit-code"] == "64" and run.outputs["verdict"] == "", run.transcript())

    run = Run(dict(SIDES), pair(APPROVED_PAIR))
    check("approved: verdict approved, the action passes",
          run.outputs["verdict"] == "approved" and run.outputs["exit-code"] == "0" and run.status == 0,
          run.transcript())

    run = Run({"deployed": "missing.yaml", "synthesized": "synthesized.yaml"}, pair(EXAMPLE))
    check("error: an input c2a cannot read ends the action with its status, no verdict",
          run.status == 66 and run.outputs["exit-code"] == "66" and run.outputs["verdict"] == ""
          and run.steps["verdict"][0] == 66, run.transcript())
    check("error: nothing is posted or uploaded", not run.calls("gh") and run.upload() is None,
          run.calls())


BOT = "github-actions[bot]"


def comment(id, body, login=BOT):
    return {"id": id, "body": body, "user": {"login": login}}


def test_comment():
    marker = marker_of(EXAMPLE)
    others = [comment(5, "Looks good to me", "reviewer"),
              comment(555, "<!-- c2a:report 000000000000 -->\nanother set of stacks"),
              comment(666, marker + "\n## Verdict: APPROVED (written by another user)", "mallory")]
    run = Run(dict(SIDES), pair(EXAMPLE), comments=others)
    report = run.outputs["markdown"]
    calls = run.calls("gh")
    check("comment: looked for among the pull request's comments by its marker and its author",
          any(c.startswith("gh api --paginate repos/org/repo/issues/42/comments --jq ") and marker in c
              and f'.user.login == "{BOT}"' in c for c in calls), calls)
    check("comment: posted when no comment of its own has the marker; another user's is left alone",
          f"gh api --method POST repos/org/repo/issues/42/comments -F body=@{report} GH_TOKEN={TOKEN}"
          in calls and not any("PATCH" in c for c in calls) and 666 not in run.gh.state()["edited"]
          and run.gh.comments(42)[2]["body"].endswith("(written by another user)"), calls)
    posted = run.gh.comments(42)[-1]
    check("comment: the new comment is the report, by the token's identity",
          posted["user"]["login"] == BOT and posted["body"] == open(report).read(), posted)
    run = Run(dict(SIDES), pair(EXAMPLE), comments=others + [comment(777, marker + "\nolder")])
    calls = run.calls("gh")
    check("comment: its own comment with the marker is updated, not another posted",
          any(c.startswith(f"gh api --method PATCH repos/org/repo/issues/comments/777 "
                           f"-F body=@{run.outputs['markdown']}") for c in calls)
          and not any("POST repos" in c for c in calls) and run.gh.state()["edited"] == [777], calls)
    run = Run(dict(SIDES), pair(EXAMPLE), event="push")
    check("comment: none outside a pull request", not run.calls("gh") and run.outputs["verdict"] == "rejected",
          run.calls())
    run = Run(dict(SIDES, comment="false"), pair(EXAMPLE))
    check("comment: none with comment false", not run.calls("gh"), run.calls())
    run = Run(dict(SIDES, **{"github-token": "ghp-other"}), pair(EXAMPLE))
    check("github-token: the comment and the upload use it",
          all(c.endswith("GH_TOKEN=ghp-other") for c in run.calls("gh")) and run.calls("gh")
          and (run.upload() or {}).get("with", {}).get("token") == "ghp-other", run.calls())
    run = Run(dict(SIDES, **{"upload-sarif": "false"}), pair(EXAMPLE))
    check("upload-sarif: false uploads nothing", run.upload() is None and run.status == 2, run.uses)


def test_comment_identity():
    """Whose comment is "its own" depends on the token: a person's token is named by GET /user,
    an installation token (GITHUB_TOKEN, a GitHub App's) only by GraphQL's viewer, since GET /user
    fails for it; without either, the default token's github-actions[bot]."""
    marker = marker_of(EXAMPLE)
    comments = [comment(701, marker + "\nby the default token"),
                comment(702, marker + "\nby a person's token", "c2a-bot"),
                comment(703, marker + "\nby an app", "c2a-app[bot]")]
    run = Run(dict(SIDES), pair(EXAMPLE), comments=comments)
    check("identity: GITHUB_TOKEN: GET /user fails, the viewer names github-actions[bot]",
          run.gh.state()["edited"] == [701]
          and any(c.startswith("gh api user") for c in run.calls("gh"))
          and any(c.startswith("gh api graphql") for c in run.calls("gh")), run.calls("gh"))
    run = Run(dict(SIDES, **{"github-token": "ghp-other"}), pair(EXAMPLE), comments=comments)
    check("identity: a person's token: GET /user names it, only its comment is edited",
          run.gh.state()["edited"] == [702], run.calls("gh"))
    run = Run(dict(SIDES), pair(EXAMPLE), comments=comments, login="c2a-app[bot]")
    check("identity: a GitHub App's installation token: the viewer names the app's bot",
          run.gh.state()["edited"] == [703], run.calls("gh"))
    run = Run(dict(SIDES), pair(EXAMPLE), comments=comments, graphql=False)
    check("identity: neither answers: github-actions[bot], the default token's",
          run.gh.state()["edited"] == [701], run.calls("gh"))
    run = Run(dict(SIDES), pair(EXAMPLE), comments=comments[1:], login="c2a-app[bot]", graphql=False)
    check("identity: an app that cannot be named edits nothing, it posts a comment of its own",
          run.gh.state()["edited"] == [] and len(run.gh.comments(42)) == 3, run.gh.comments(42))


def approval(directory, key, by="alice", epoch=None, expires=None):
    """An approvals file of every change of the pair that waits for review (c2a approve), signed
    with key (or unsigned); epoch: when it was made (SOURCE_DATE_EPOCH)."""
    return approve_pair(C2A, os.path.join(directory, "before.yaml"),
                        os.path.join(directory, "after.yaml"), key, by, epoch, expires)


KEY = "6f1c2a0d9e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29"


def test_approvals_need_the_key():
    signed, unsigned = approval(REVIEW_PAIR, KEY), approval(REVIEW_PAIR, None, by="author")
    other_key = approval(REVIEW_PAIR, "the author's own key", by="author")
    files = dict(pair(REVIEW_PAIR), **{"approvals/ok.json": signed})
    run = Run(dict(SIDES, approvals="approvals/ok.json"), files)
    check("approvals without approval-key: refused (64), nothing approved, nothing posted",
          run.status == 64 and run.outputs["verdict"] == "" and "C2A_APPROVAL_KEY" in run.transcript()
          and not any("comments" in c for c in run.calls("gh")), run.transcript())
    run = Run(dict(SIDES, baseline="approvals/ok.json"), files)
    check("baseline without approval-key: refused (64)", run.status == 64, run.transcript())
    for name, path in (("unsigned", unsigned), ("signed with another key", other_key)):
        run = Run(dict(SIDES, approvals="approvals/*.json", **{"approval-key": KEY}),
                  dict(pair(REVIEW_PAIR), **{"approvals/self.json": path}))
        check(f"approvals: a file the author made, {name}, is refused (65), never applied",
              run.status == 65 and run.outputs["verdict"] == "" and "self.json" in run.transcript(),
              run.transcript())
    # Made a month ago, for a week: restored from history, it approves nothing.
    old = approval(REVIEW_PAIR, KEY, epoch=int(__import__("time").time()) - 30 * 86400, expires="7d")
    run = Run(dict(SIDES, approvals="approvals/*.json", **{"approval-key": KEY}),
              dict(pair(REVIEW_PAIR), **{"approvals/old.json": old}))
    applied = json.load(open(run.outputs["json"]))["approvals"] if run.outputs.get("json") else []
    check("approvals: an expired signed approval is not applied: review",
          run.status == 1 and run.outputs["verdict"] == "review" and applied and not applied[0]["applied"],
          run.transcript() + json.dumps(applied)[:800])
    run = Run(dict(SIDES, **{"approval-key": KEY}), pair(REVIEW_PAIR))
    check("approval-key alone (no approvals): the gate runs as usual", run.outputs["verdict"] == "review",
          run.transcript())
    check("approval-key: never in the log", KEY not in run.transcript() and not any(KEY in c for c in run.calls()),
          run.transcript())


def test_fail_on_thresholds():
    admin = scratch("c2a-admin-")
    for name, text in (("before.yaml", ADMIN_BEFORE), ("after.yaml", ADMIN_AFTER)):
        with open(os.path.join(admin, name), "w") as out:
            out.write(text)
    run = Run(dict(SIDES, **{"fail-on": "high"}), pair(admin))
    check("fail-on high: a high-risk change waiting for review fails (1)",
          run.status == 1 and run.outputs["verdict"] == "review", run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "high"}), pair(REVIEW_PAIR))
    check("fail-on high: review below high passes, the verdict still review",
          run.status == 0 and run.outputs["verdict"] == "review" and run.outputs["exit-code"] == "0", run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "unknown"}), pair(REVIEW_PAIR))
    check("fail-on unknown: review at unknown risk fails (1)", run.status == 1 and run.outputs["verdict"] == "review",
          run.transcript())
    run = Run(dict(SIDES, **{"fail-on": "high"}), pair(EXAMPLE))
    check("fail-on high: a rejection fails (2)", run.status == 2, run.transcript())
    check("fail-on: the JSON report states the gate",
          json.load(open(run.outputs["json"])).get("gate", {}).get("failOn") == "high", run.outputs)


ADMIN_BEFORE = """Resources:
  Role:
    Type: AWS::IAM::Role
    Properties:
      AssumeRolePolicyDocument:
        Statement: [{Effect: Allow, Principal: {Service: lambda.amazonaws.com}, Action: "sts:AssumeRole"}]
"""
ADMIN_AFTER = ADMIN_BEFORE + """      ManagedPolicyArns: ["arn:aws:iam::aws:policy/AdministratorAccess"]
"""


def test_hostile_workspace():
    """The workspace holds the pull request's files (its artifact, or a checkout): a rewritten
    gate script, a committed report, a c2a; the job's environment names another C2A and
    reports folder. The action uses none of them."""
    marker = marker_of(EXAMPLE)
    files = dict(pair(EXAMPLE), **{"examples/ci/c2a-check.sh": hostile_file("gate.sh", HOSTILE_GATE),
                                   "c2a-reports/c2a-comment.md": hostile_file("comment.md", COMMITTED_COMMENT.format(marker=marker.split()[2]))})
    env = {"C2A": "/bin/true", "C2A_OUT": "c2a-reports", "C2A_FAIL_ON": "never", "C2A_NO_PRESETS": "true",
           "C2A_APPROVAL_KEY": "", "C2A_CHANGE_SET": "missing.json"}
    foreign = comment(666, marker + "\n## Verdict: APPROVED", "mallory")
    run = Run(dict(SIDES), files, env=env, comments=[foreign])
    check("hostile workspace: the real verdict, whatever C2A, C2A_OUT, C2A_FAIL_ON say",
          run.status == 2 and run.outputs["verdict"] == "rejected" and "approved (the pull request" not in run.transcript(),
          run.transcript())
    posted = run.gh.comments(42)
    check("hostile workspace: another user's comment with the marker is not edited; the report is posted",
          run.gh.state()["edited"] == [] and posted[0]["body"].endswith("APPROVED") and len(posted) == 2
          and "## Verdict: REJECTED" in posted[1]["body"], posted)
    run = Run({"deployed": "missing.yaml", "synthesized": "synthesized.yaml"}, files, env=env)
    check("hostile workspace: c2a fails early; the committed c2a-reports/c2a-comment.md is not posted",
          run.status == 66 and not any("comments" in c for c in run.calls("gh"))
          and run.outputs["markdown"] == "", run.transcript() + "\n".join(run.calls()))
    before = [{"name": "the checkout's tools on PATH", "run":
               'mkdir -p tools && printf "#!/bin/sh\\nexit 0\\n" > tools/c2a && chmod +x tools/c2a\n'
               'echo "$PWD/tools" >> "$GITHUB_PATH"'}]
    run = Run(dict(SIDES), pair(EXAMPLE), before=before, c2a_on_path=False)
    check("hostile workspace: a c2a in the workspace is not used (64)",
          run.status == 64 and "in the workspace" in run.transcript() and "c2a" not in run.steps,
          run.transcript())


def hostile_file(name, text):
    path = os.path.join(scratch("c2a-hostile-"), name)
    with open(path, "w") as out:
        out.write(text)
    os.chmod(path, 0o755)
    return path


def test_head_sha():
    """A workflow_run gate names the pull request and its head: the comment goes there, the
    verdict becomes the head's commit status, the SARIF upload goes to its ref."""
    run = Run(dict(SIDES, **{"pull-request": "42", "head-sha": "abc123"}), pair(EXAMPLE), event="workflow_run")
    statuses = run.gh.statuses("abc123")
    check("head-sha: the verdict is the head's status c2a (failure on rejected)",
          [(s["state"], s["context"], s["description"]) for s in statuses] == [("failure", "c2a", "c2a: rejected")],
          statuses)
    check("pull-request: the comment goes to it outside a pull_request event",
          len(run.gh.comments(42)) == 1, run.calls("gh"))
    upload = (run.upload() or {}).get("with", {})
    check("head-sha: the SARIF upload goes to the pull request's head",
          upload.get("ref") == "refs/pull/42/head" and upload.get("sha") == "abc123", upload)
    run = Run(dict(SIDES, **{"head-sha": "abc123"}), pair(APPROVED_PAIR), event="workflow_run")
    check("head-sha: success when the gate passes",
          [s["state"] for s in run.gh.statuses("abc123")] == ["success"], run.gh.statuses())
    run = Run(dict(SIDES), pair(EXAMPLE))
    check("head-sha: none given, no status", not run.gh.statuses() and (run.upload() or {}).get("with", {}).get("sha") == "",
          run.gh.statuses())


def test_install():
    run = Run(dict(SIDES, package="dist/c2a_*_amd64.deb"),
              dict(pair(REVIEW_PAIR), **{"dist/c2a_0.1.0_amd64.deb": os.path.join(EXAMPLE, "README.md")}),
              c2a_on_path=False)
    status, log = run.steps.get("install c2a", (None, ""))
    check("package: installed with dpkg -i, the glob resolved",
          "dpkg -i dist/c2a_0.1.0_amd64.deb" in run.calls("dpkg")
          and (os.getuid() == 0 or "sudo dpkg -i dist/c2a_0.1.0_amd64.deb" in run.calls("sudo")),
          run.calls())
    check("package: then c2a --version", status == 0 and "c2a " in log and "c2a --version" in run.calls("c2a"),
          log)
    check("package: the installed c2a runs the gate, nothing is built",
          run.outputs["verdict"] == "review" and not run.calls("make") and not run.calls("cmake")
          and not any(u["uses"].startswith("actions/cache") for u in run.uses), run.transcript())
    run = Run(dict(SIDES, package="dist/c2a-needs-deps.deb"),
              dict(pair(REVIEW_PAIR), **{"dist/c2a-needs-deps.deb": os.path.join(EXAMPLE, "README.md")}),
              c2a_on_path=False)
    check("package: missing dependencies are fetched by apt-get -f",
          "apt-get install -f -y -qq" in run.calls("apt-get") and run.outputs["verdict"] == "review",
          run.transcript() + "\n".join(run.calls()))
    run = Run(dict(SIDES, package="dist/none-*.deb"), pair(REVIEW_PAIR), c2a_on_path=False)
    check("package: a path that matches no file stops the action",
          run.status == 66 and "c2a" not in run.steps and not run.calls("dpkg"), run.transcript())

    run = Run(dict(SIDES), pair(REVIEW_PAIR))
    check("c2a on PATH: used as it is", run.outputs["verdict"] == "review" and not run.calls("dpkg")
          and not run.calls("make") and not run.calls("cmake") and not run.uses[:-1], run.calls())

    # Built from the action's source: a copy of a few of its files stands for the source, so that
    # nothing here touches the real build folder.
    action = scratch("c2a-action-source-")
    os.symlink(os.path.join(SOURCE, "examples"), os.path.join(action, "examples"))
    for name in ("action.yml", "Makefile", "CMakeLists.txt", "package-lock.json"):
        shutil.copy(os.path.join(SOURCE, name), action)
    run = Run(dict(SIDES), pair(REVIEW_PAIR), c2a_on_path=False, action_path=action)
    cache = next((u for u in run.uses if u["uses"].startswith("actions/cache@")), {})
    ccache = os.path.join(run.job.base_env["HOME"], ".cache/c2a-action-ccache")
    key = cache.get("with", {}).get("key", "")
    check("build: the compiler cache is restored first",
          cache.get("with", {}).get("path") == ccache
          and re.fullmatch(r"c2a-ccache-Linux-X64-[0-9a-f]{16}", key)
          and cache["with"].get("restore-keys") == "c2a-ccache-Linux-X64-", cache)
    build = os.path.join(action, "build")
    check("build: make deps, then the c2a target in Release, through the cache",
          run.calls("make") == [f"make -C {action} deps"]
          and f"cmake -S {action} -B {build} -DCMAKE_BUILD_TYPE=Release CCACHE_DIR={ccache}" in run.calls("cmake")
          and any(re.fullmatch(f"cmake --build {re.escape(build)} -j \\d+ --target c2a CCACHE_DIR={re.escape(ccache)}", c)
                  for c in run.calls("cmake")), run.calls())
    check("build: the built c2a is put on PATH and runs the gate",
          run.outputs["verdict"] == "review" and run.status == 1, run.transcript())
    with open(os.path.join(action, "Makefile"), "a") as out:
        out.write("\n# changed\n")
    again = Run(dict(SIDES), pair(REVIEW_PAIR), c2a_on_path=False, action_path=action)
    cache = next((u for u in again.uses if u["uses"].startswith("actions/cache@")), {})
    check("build: another source, another cache key", cache.get("with", {}).get("key") not in ("", key))


def test_inputs_reach_c2a():
    assembly = {"deployed": "before", "synthesized": "after"}
    files = {"before": os.path.join(STACKS, "before"), "after": os.path.join(STACKS, "after"),
             "Cons-notes.txt": os.path.join(EXAMPLE, "README.md")}  # would match Cons* as a file glob
    run = Run(dict(assembly, stacks="Cons*\nProducer"), files)
    stacks = [s["name"] for s in json.load(open(run.outputs["json"]))["stacks"]] if run.outputs["json"] else []
    check("stacks: each line a --stack glob, not expanded against files",
          any("--stack Cons* --stack Producer" in c for c in run.calls("c2a"))
          and stacks == ["Consumer", "Producer"] and run.outputs["verdict"] == "rejected", run.transcript())
    # Consumer depends on Producer (cdk deploy Consumer deploys Producer first): both compared.
    run = Run(dict(assembly, stacks="Cons*"), files)
    stacks = [s["name"] for s in json.load(open(run.outputs["json"]))["stacks"]] if run.outputs["json"] else []
    check("stacks: Consumer brings Producer, which it depends on",
          stacks == ["Consumer", "Producer"] and run.outputs["verdict"] == "rejected", run.transcript())

    run = Run(dict(SIDES, presets="routine narrowing"), pair(EXAMPLE))
    check("presets: only the packs named (no data-loss: review)",
          any("--preset routine --preset narrowing" in c for c in run.calls("c2a"))
          and run.outputs["verdict"] == "review", run.transcript())
    run = Run(dict(SIDES, presets="data-loss"), pair(EXAMPLE))
    check("presets: data-loss alone rejects", run.outputs["verdict"] == "rejected", run.transcript())
    run = Run(dict(SIDES, **{"no-presets": "true"}), pair(EXAMPLE))
    check("no-presets: no packs, every change waits for review",
          any("--no-presets" in c for c in run.calls("c2a")) and run.outputs["verdict"] == "review",
          run.transcript())
    files = dict(pair(EXAMPLE), **{"rules/team.c2a": os.path.join(EXAMPLE, "rules.c2a")})
    run = Run(dict(SIDES, **{"no-presets": "true", "rules": "rules/team.c2a"}), files)
    check("rules: the team's rules reject without the presets",
          any("--rules rules/team.c2a" in c for c in run.calls("c2a"))
          and run.outputs["verdict"] == "rejected", run.transcript())

    # An approvals file for exactly this change set (c2a approve), signed with the key, approves it.
    files = dict(pair(REVIEW_PAIR), **{"approvals/ok.json": approval(REVIEW_PAIR, KEY)})
    run = Run(dict(SIDES, approvals="approvals/ok.json\napprovals/not-yet.json", **{"approval-key": KEY}), files)
    check("approvals: a signed approval of the change set passes, a missing file is skipped",
          run.outputs["verdict"] == "approved" and run.status == 0, run.transcript())
    run = Run(dict(SIDES, approvals="approvals/*.json", **{"approval-key": KEY}), files)
    check("approvals: a glob names the files", run.outputs["verdict"] == "approved", run.transcript())

    # The parameter Env's default changes; the value deployed is given: nothing changes.
    work = scratch("c2a-evaluation-")
    templates = {
        "params-before.yaml": "Parameters:\n  Env: {Type: String, Default: prod}\nResources:\n"
                              "  Topic:\n    Type: AWS::SNS::Topic\n    Properties: {DisplayName: !Ref Env}\n",
        "params.txt": "Env=prod\n",
        "pseudo-before.yaml": "Resources:\n  Topic:\n    Type: AWS::SNS::Topic\n"
                              "    Properties: {DisplayName: eu-west-1/123456789012}\n",
        "pseudo-after.yaml": "Resources:\n  Topic:\n    Type: AWS::SNS::Topic\n    Properties:\n"
                             "      DisplayName: !Sub '${AWS::Region}/${AWS::AccountId}'\n",
    }
    templates["params-after.yaml"] = templates["params-before.yaml"].replace("prod", "dev")
    for name, body in templates.items():
        with open(os.path.join(work, name), "w") as out:
            out.write(body)
    files = dict(pair(work, "params-before.yaml", "params-after.yaml"),
                 **{"params.txt": os.path.join(work, "params.txt")})
    before = Run(dict(SIDES), files).outputs["verdict"]
    run = Run(dict(SIDES, parameters="params.txt"), files)
    check("parameters: the values given are compared", before == "review"
          and run.outputs["verdict"] == "approved", run.transcript())
    files = pair(work, "pseudo-before.yaml", "pseudo-after.yaml")
    run = Run(dict(SIDES, region="eu-west-1", account="123456789012"), files)
    wrong = Run(dict(SIDES, region="eu-west-1", account="999999999999"), files)
    check("region, account: AWS::Region and AWS::AccountId take them",
          run.outputs["verdict"] == "approved" and wrong.outputs["verdict"] == "review",
          run.transcript() + wrong.transcript())

    run = Run(dict(SIDES, formats="text"), pair(EXAMPLE))
    written = sorted(os.listdir(run.outputs["report-dir"]))
    check("formats: the reports named besides markdown, json and sarif",
          written == [".c2a-check", "c2a-comment.md", "c2a.json", "c2a.sarif", "c2a.txt", "verdict"], written)
    run = Run(dict(SIDES, formats="markdown sarif"), pair(EXAMPLE))
    check("formats: naming one the action writes anyway is fine", run.outputs["verdict"] == "rejected",
          run.transcript())
    run = Run(dict(SIDES, formats="pdf"), pair(EXAMPLE))
    check("formats: an unknown format is a usage error (64)", run.status == 64, run.transcript())


HEAD = "3f4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c9b0a1f2e"


def docs_workflows():
    """The workflows docs/ci.md shows for the action, by file name (`# .github/workflows/NAME`)."""
    text = open(os.path.join(SOURCE, "docs/ci.md")).read()
    section = text[text.index("## The GitHub Action"):]
    section = section[:section.find("\n## ", 1)] if section.find("\n## ", 1) > 0 else section
    found = {}
    for block in re.findall(r"```yaml\n(.*?)```", section, re.S):
        name = re.match(r"# \.github/workflows/(\S+?):?\s", block)
        if name:
            found[name.group(1)] = yaml.safe_load(block)
    return found


def test_trusted_workflow():
    """The two workflows docs/ci.md gives for the action, against a hostile pull request: its
    synth job poisons GITHUB_ENV, GITHUB_PATH and BASH_ENV, puts a c2a on PATH, rewrites the gate
    script and the rules, commits a report and approvals it made itself; another user wrote a
    comment with the report's marker. The gate holds: the real verdict, the status it gives."""
    workflows = docs_workflows()
    check("docs: the action's synth and gate workflows", {"c2a-synth.yml", "c2a.yml"} <= set(workflows),
          sorted(workflows))
    if not {"c2a-synth.yml", "c2a.yml"} <= set(workflows):
        return
    marker = gate_marker(C2A, os.path.join(EXAMPLE, "before.yaml"), os.path.join(EXAMPLE, "after.yaml"))
    for approvals, expected in (((), (2, "rejected")),
                                ((approval(EXAMPLE, None, by="author"),), (65, ""))):
        # The README example: rejected. The author's own (unsigned) approvals file.
        base, pr = repository(SOURCE, os.path.join(EXAMPLE, "before.yaml"), os.path.join(EXAMPLE, "after.yaml"),
                              os.path.join(EXAMPLE, "rules.c2a"), hostile=True, approvals=approvals,
                              marker=marker.split()[2])
        gh = GitHub(C2A, trees={"main": base, "refs/pull/42/merge": pr},
                    secrets={"c2a-gate": {"C2A_APPROVAL_KEY": KEY}},
                    variables={"C2A_READ_ROLE": "arn:aws:iam::123456789012:role/c2a-read"},
                    deployed=deployed_json(os.path.join(EXAMPLE, "before.yaml")),
                    actions={"OWNER/c2a": SOURCE}, c2a_preinstalled=True,
                    comments={"42": [comment(666, marker + "\n## Verdict: APPROVED", "mallory")]})
        synth = gh.run_workflow(None, "pull_request", pull_request_event(42, HEAD),
                                workflow=workflows["c2a-synth.yml"], installed_as=".github/workflows/c2a-synth.yml")
        gate = gh.run_workflow(None, "workflow_run", workflow_run_event(synth, HEAD), workflow=workflows["c2a.yml"])
        job = next(iter(gate.jobs.values()))
        what = "unsigned approvals of the author's" if approvals else "a hostile pull request"
        outputs = job.context["steps"].get("c2a", {}).get("outputs", {})
        check(f"docs workflows, {what}: the gate ends with the real status, {expected}",
              (job.status, outputs.get("verdict", "")) == expected, job.transcript()[-3000:])
        check(f"docs workflows, {what}: the head's status c2a is failure",
              [s["state"] for s in gh.statuses(HEAD)] == ["failure"], gh.statuses())
        check(f"docs workflows, {what}: the other user's comment is left alone",
              gh.state()["edited"] == [] and gh.comments(42)[0]["body"].endswith("APPROVED"), gh.comments(42))
        loot = open(os.path.join(gh.artifacts[(synth.id, "c2a-synth")], "cdk.out/loot.txt")).read()
        check(f"docs workflows, {what}: the synth job held no key and no token",
              KEY not in loot and "AUTHORIZATION" not in loot and "ghs-" not in loot, loot[-500:])
    check("docs workflows: the poisoned environment reached only the synth job's own later steps",
          "BASH_ENV" in synth.jobs["synth"].env_vars and not job.env_vars, synth.jobs["synth"].env_vars)


def test_fetches_the_deployed_side():
    """Without `deployed`, the action fetches the stack it names, nested stacks too, by its own
    fetch-deployed.sh (the AWS CLI is a stub here), and the gate reads what it wrote."""
    assembly = scratch("c2a-action-assembly-")
    cloud_assembly(os.path.join(EXAMPLE, "after.yaml"), assembly)
    deployed = deployed_json(os.path.join(EXAMPLE, "before.yaml"))
    run = Run({"synthesized": "cdk.out", "stacks": "OrdersService"}, {"cdk.out": assembly},
              deployed=deployed)
    aws = run.calls("aws")
    check("fetch: the deployed stack is fetched as CloudFormation holds it, nested stacks listed",
          any("get-template --stack-name OrdersService --template-stage Original" in c for c in aws)
          and any("list-stack-resources --stack-name OrdersService" in c for c in aws), aws)
    check("fetch: the gate compares it with the assembly (the example's rejection)",
          run.outputs.get("verdict") == "rejected", run.transcript())
    run = Run({"synthesized": "cdk.out", "stacks": "A B"}, {"cdk.out": assembly}, deployed=deployed)
    check("fetch: without `deployed`, `stacks` must name one stack",
          not run.outputs.get("verdict") and "names the one stack to fetch" in run.transcript()
          and not run.calls("aws"), run.transcript())


def main():
    for test in (test_declaration, test_fetches_the_deployed_side, test_verdicts, test_comment, test_comment_identity, test_install,
                 test_inputs_reach_c2a, test_approvals_need_the_key, test_fail_on_thresholds,
                 test_hostile_workspace, test_head_sha, test_trusted_workflow):
        try:
            test()
        except Exception as error:  # a broken action is a failure, not a crash of the test
            check(test.__name__, False, repr(error))
    sys.exit(finish())


main()
