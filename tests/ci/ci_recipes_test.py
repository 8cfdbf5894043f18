#!/usr/bin/python3
"""The CI recipes of examples/ci, run here as their CI systems would run them.

GitHub Actions, GitLab CI and CodeBuild are not available here, so each recipe's file is parsed
and run on a model of its system:

- GitHub: the two workflows (github-actions-synth.yml, github-actions.yml) on github_sim: each job
  on a fresh runner with its own GITHUB_ENV, GITHUB_PATH and GITHUB_OUTPUT, secrets only for
  environments in runs on the default branch, checkouts of the fake repository's default branch
  or pull request, artifacts between runs, and a stateful fake GitHub API behind `gh`.
- GitLab: each job in a fresh project directory (or one holding a merge request's files, as a
  shell runner leaves them), with the artifacts of the jobs it needs, the variables scoped to its
  environment, `rules:` evaluated, the target branch a real git repository to clone, and the
  fake GitLab API behind `glab`.
- CodeBuild: the buildspec's commands under `bash -e -o pipefail` with its variables.

against the README example (examples/orders-service, rejected) and a review pair, as an honest
pull request and as a hostile one. The cloud tools (aws, npx, npm, curl, gh, glab) are stubs that
record their arguments; c2a is the real binary.

Usage: ci_recipes_test.py SOURCE_DIR C2A_BINARY. Prints one line per check and "N passed,
N failed" last; exits non-zero on any failure.
"""
import atexit
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

import yaml

SOURCE, C2A = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
EXAMPLE = os.path.join(SOURCE, "examples/orders-service")
REVIEW_PAIR = os.path.join(SOURCE, "tests/cases/diff/mapping-entry")  # verdict review: an instance is replaced
from ci_support import check, finish, results, scratch  # noqa: E402 (beside this file)
from github_sim import (approve_pair, HOSTILE_GATE, STUBS, GitHub, cloud_assembly, deployed_json,  # noqa: E402
                        gate_marker, pull_request_event, repository, workflow_run_event)

# A copy: every run uses the same c2a, even if the build relinks it meanwhile.
C2A = shutil.copy(C2A, os.path.join(scratch("c2a-recipes-bin-"), "c2a"))
KEY = "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c"
HEAD, HEAD2 = "1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c", "2a3b4c5d6e7f80912a3b4c5d6e7f80912a3b4c5d"
BOT = "github-actions[bot]"


def pair_of(directory):
    return os.path.join(directory, "before.yaml"), os.path.join(directory, "after.yaml")


def marker_of(directory):
    return gate_marker(C2A, *pair_of(directory))


def approval(directory, key, by="author", epoch=None, expires=None):
    """What `c2a approve` writes for every change of the pair that waits for review: with key
    signed, without unsigned; epoch: when (SOURCE_DATE_EPOCH)."""
    return approve_pair(C2A, *pair_of(directory), key, by, epoch, expires)


def expired_approval(directory):
    """Signed a month ago, for a week: a file restored from history."""
    return approval(directory, KEY, by="alice", epoch=int(time.time()) - 30 * 86400, expires="7d")


def comment(id, body, login=BOT):
    return {"id": id, "body": body, "user": {"login": login}}


# --- GitHub: github-actions-synth.yml and github-actions.yml ------------------------------------

SYNTH_FILE = os.path.join(SOURCE, "examples/ci/github-actions-synth.yml")
GATE_FILE = os.path.join(SOURCE, "examples/ci/github-actions.yml")


class GitHubCase:
    """org/repo on the fake GitHub, its default branch deployed, and pull request #42 (by
    `author`) changing the app from the pair's before to its after."""

    def __init__(self, directory=EXAMPLE, hostile=False, approvals=(), comments=(), key=True,
                 digest=True, head=HEAD):
        before, after = pair_of(directory)
        self.marker = marker_of(directory)
        base, self.pr = repository(SOURCE, before, after, os.path.join(EXAMPLE, "rules.c2a"),
                                   hostile=hostile, approvals=approvals, marker=self.marker.split()[2])
        self.package = os.path.join(scratch("c2a-release-"), "c2a_0.1.0_amd64.deb")
        with open(self.package, "w") as out:
            out.write("the c2a release package\n")
        secrets = {"C2A_APPROVAL_KEY": KEY} if key else {}
        self.gh = GitHub(C2A, trees={"main": base, "refs/pull/42/merge": self.pr},
                         secrets={"c2a-gate": secrets, "c2a-approve": secrets},
                         variables={"C2A_READ_ROLE": "arn:aws:iam::123456789012:role/c2a-read"},
                         deployed=deployed_json(before), download=self.package,
                         comments={"42": [dict(c) for c in comments]})
        # The workflow's C2A_DEB_SHA256 is the release's; here the release is this file.
        sha = hashlib.sha256(open(self.package, "rb").read()).hexdigest()
        self.step_env = {"install c2a": {"C2A_DEB_SHA256": sha}} if digest else {}
        self.push(head)

    def push(self, head, files=()):
        """A push to the pull request: its head commit, and files it adds."""
        self.head = head
        for relative, path in dict(files).items():
            target = os.path.join(self.pr, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy(path, target)
        pull = {"number": 42, "head": {"sha": head}, "user": {"login": "author"}}
        self.gh.change(lambda s: s["routes"].update({"GET repos/org/repo/pulls/42": pull,
                                                     "GET repos/org/repo/pulls": [pull]}))

    def synth(self):
        return self.gh.run_workflow(SYNTH_FILE, "pull_request", pull_request_event(42, self.head),
                                    installed_as=".github/workflows/c2a-synth.yml")

    def gate(self, synth, fork=False, head=None):
        return self.gh.run_workflow(GATE_FILE, "workflow_run", workflow_run_event(synth, head or self.head, fork=fork),
                                    step_env=self.step_env)

    def run(self, fork=False):
        synth = self.synth()
        gate = self.gate(synth, fork=fork)
        return synth, gate, gate.jobs["gate"]

    def approve(self, gate_run, actor="alice"):
        event = {"inputs": {"gate-run": str(gate_run)}, "repository": {"default_branch": "main"}}
        run = self.gh.run_workflow(GATE_FILE, "workflow_dispatch", event, actor=actor,
                                   inputs={"gate-run": str(gate_run), "comment": "reviewed the replacement"},
                                   step_env=self.step_env)
        return run, run.jobs["approve"]

    def statuses(self):
        return [(s["state"], s["description"]) for s in self.gh.statuses(self.head)]

    def bot_comments(self):
        return [c for c in self.gh.comments(42) if c["user"]["login"] == BOT]


def step(job, name):
    return job.steps.get(name, (None, ""))


def verdict(job):
    return job.context["steps"].get("c2a", {}).get("outputs", {}).get("verdict", "")


def test_github_shape():
    synth_text, gate_text = open(SYNTH_FILE).read(), open(GATE_FILE).read()
    synth, gate = yaml.safe_load(synth_text), yaml.safe_load(gate_text)
    on_synth, on_gate = synth.get("on", synth.get(True)), gate.get("on", gate.get(True))
    check("github synth: on pull_request only, a read-only token",
          list(on_synth) == ["pull_request"] and synth.get("permissions") == {"contents": "read"}
          and all("permissions" not in job for job in synth["jobs"].values()), (on_synth, synth.get("permissions")))
    check("github synth: no secret, no environment, no credentials left in the checkout",
          "${{ secrets." not in synth_text and all("environment" not in job for job in synth["jobs"].values())
          and all(s.get("with", {}).get("persist-credentials") is False
                  for j in synth["jobs"].values() for s in j["steps"] if s.get("uses", "").startswith("actions/checkout")))
    check("github gate: triggered by the synth workflow's completion and by hand, never by a pull request",
          set(on_gate) == {"workflow_run", "workflow_dispatch"}
          and on_gate["workflow_run"]["workflows"] == [synth["name"]], on_gate)
    steps = [s for job in gate["jobs"].values() for s in job["steps"]]
    runs = "\n".join(s.get("run", "") for s in steps)
    check("github gate: runs no code of the pull request (no npm, npx, cdk, no script of the artifact)",
          not re.search(r"\b(npm|npx|yarn|pnpm)\b|cdk synth", runs) and "pr/" not in runs.replace("$RUNNER_TEMP/pr", ""),
          re.findall(r".*\b(?:npm|npx)\b.*", runs))
    checkouts = [s for s in steps if s.get("uses", "").startswith("actions/checkout")]
    check("github gate: checks out the default branch only",
          checkouts and all(s["with"].get("ref") == "${{ github.event.repository.default_branch }}"
                            and s["with"].get("persist-credentials") is False for s in checkouts), checkouts)
    c2a = next(s for s in gate["jobs"]["gate"]["steps"] if s.get("id") == "c2a")
    check("github gate: the default branch's gate script, the key from the gate's environment",
          c2a["run"].strip() == "./examples/ci/c2a-check.sh"
          and c2a["env"]["C2A_APPROVAL_KEY"] == "${{ secrets.C2A_APPROVAL_KEY }}"
          and gate["jobs"]["gate"]["environment"] == "c2a-gate"
          and gate["jobs"]["approve"]["environment"] == "c2a-approve", c2a)
    check("github gate: the workflow grants nothing by default, each job what it needs",
          gate.get("permissions") == {} and "statuses" in gate["jobs"]["gate"]["permissions"]
          and set(gate["jobs"]["approve"]["permissions"]) == {"actions", "pull-requests"})


def test_github():
    case = GitHubCase()
    synth, gate, job = case.run()
    status, log = step(job, "c2a")
    check("github: the synth run succeeds and hands over the assembly",
          synth.conclusion == "success" and (synth.id, "c2a-synth") in case.gh.artifacts, synth.jobs["synth"].transcript())
    check("github: the c2a step fails on the example's rejection", status == 2 and verdict(job) == "rejected",
          job.transcript()[-3000:])
    check("github: the head's status c2a: pending, then failure with the verdict",
          case.statuses() == [("pending", "c2a: analysing"), ("failure", "c2a: rejected")], case.gh.statuses())
    check("github: the deployed template is fetched as the original stage",
          any("--template-stage Original" in c for c in case.gh.calls("aws")), case.gh.calls("aws"))
    check("github: the nested stacks are fetched too (fetch-deployed.sh lists them)",
          any("list-stack-resources" in c for c in case.gh.calls("aws")), case.gh.calls("aws"))
    posted = case.bot_comments()
    check("github: the comment is the report: its marker, then the verdict",
          len(posted) == 1 and posted[0]["body"].startswith(case.marker)
          and posted[0]["body"].split("\n")[1].startswith("## Verdict: REJECTED"), posted)
    check("github: the earlier comment is looked for by its marker and its author",
          any("issues/42/comments --jq" in c and f'.user.login == "{BOT}"' in c and case.marker in c
              for c in case.gh.calls("gh")), case.gh.calls("gh"))
    check("github: rejected changes are error annotations on their template lines",
          "::error file=" in log and ",line=" in log, log[-2000:])
    check("github: the job summary is the Markdown report", "## Verdict: REJECTED" in job.summary(), job.summary()[:300])
    upload = next((u["with"] for u in job.uses if u["uses"].startswith("github/codeql-action/upload-sarif")), {})
    check("github: SARIF goes to code scanning for the pull request's head",
          upload.get("ref") == "refs/pull/42/head" and upload.get("sha") == HEAD
          and upload.get("sarif_file") == "c2a-reports/c2a.sarif", upload)
    reports = case.gh.artifacts.get((gate.id, "c2a-reports"))
    check("github: the reports are kept, with what was gated",
          reports and os.path.isfile(os.path.join(reports, "c2a.json"))
          and open(os.path.join(reports, "gated")).read() == f"pull-request=42\nhead={HEAD}\n", reports)
    check("github: the package is installed only when it matches its digest",
          any("sha256sum --check" in open(p).read() for p in [GATE_FILE])
          and any(c.startswith("apt-get install") for c in case.gh.calls("apt-get")), case.gh.calls())
    case.push(HEAD2)
    _, _, job = case.run()
    posted = case.bot_comments()
    check("github: a later push updates its comment instead of adding one",
          len(posted) == 1 and case.gh.state()["edited"] == [posted[0]["id"]], case.gh.calls("gh")[-4:])


def test_github_approval():
    """The review pair waits for review; a reviewer's approve run signs the gate's report; the
    pull request commits the file; the next gate run is approved."""
    case = GitHubCase(REVIEW_PAIR)
    synth, gate, job = case.run()
    check("github approval: review fails the gate", step(job, "c2a")[0] == 1 and case.statuses()[-1] == ("failure", "c2a: review"),
          job.transcript()[-2000:])
    body = (case.bot_comments() or [{"body": ""}])[0]["body"]
    check("github approval: the comment says how to approve this gate run",
          f"gh workflow run c2a.yml -f gate-run={gate.id}" in body, body[-400:])
    run, job = case.approve(gate.id, actor="author")
    check("github approval: the pull request's author cannot approve it",
          job.status != 0 and (run.id, "c2a-approvals") not in case.gh.artifacts
          and "another person approves it" in job.transcript(), job.transcript())
    run, job = case.approve(synth.id)
    check("github approval: only a gate run of this workflow is signed (not the synth run's artifact)",
          job.status != 0 and "is not a gate run" in job.transcript() and not any("c2a approve" in c for c in case.gh.calls("c2a")),
          job.transcript())
    run, job = case.approve(gate.id)
    folder = case.gh.artifacts.get((run.id, "c2a-approvals"))
    files = os.listdir(folder) if folder else []
    signed = json.load(open(os.path.join(folder, files[0]))) if files else {}
    check("github approval: the approve job signs the gate's report for the person who ran it, for a week",
          files == [f"c2a-pr42-run{gate.id}.json"] and signed.get("by") == "alice"
          and str(signed.get("signature", "")).startswith("hmac-sha256:") and signed.get("expires", "") > signed.get("at", "~")
          and "pull request #42" in signed.get("comment", ""), job.transcript() + json.dumps(signed))
    check("github approval: the signed file is in the job summary", files and files[0] in job.summary(), job.summary())
    if not files:
        return
    case.push(HEAD2, {f"approvals/{files[0]}": os.path.join(folder, files[0])})
    _, gate2, job = case.run()
    check("github approval: with the signed file committed, the next gate run is approved",
          step(job, "c2a")[0] == 0 and verdict(job) == "approved"
          and case.statuses()[-1] == ("success", "c2a: approved"), job.transcript()[-2000:])
    check("github approval: the comment is updated, not another posted",
          len(case.bot_comments()) == 1 and "APPROVED" in case.bot_comments()[0]["body"], case.gh.comments(42))
    case = GitHubCase(REVIEW_PAIR, approvals=[expired_approval(REVIEW_PAIR)])
    _, _, job = case.run()
    report = json.load(open(os.path.join(job.workspace, "c2a-reports/c2a.json")))
    check("github approval: a signed approval that expired (restored from history) does not apply",
          step(job, "c2a")[0] == 1 and verdict(job) == "review"
          and [a["applied"] for a in report.get("approvals", [])] == [False], job.transcript()[-1500:])


def test_github_hostile():
    """A pull request that rewrites the gate script and the rules, whose app poisons GITHUB_ENV
    (C2A, PATH, BASH_ENV) and GITHUB_PATH and takes what its job holds, that commits a report;
    another user wrote a comment with the report's marker first."""
    marker = marker_of(EXAMPLE)
    foreign = comment(501, marker + "\n## Verdict: APPROVED (by another user)", "mallory")
    case = GitHubCase(EXAMPLE, hostile=True, comments=[foreign])
    synth, gate, job = case.run()
    synth_job = synth.jobs["synth"]
    check("github hostile: the pull request's app did poison its own job",
          {"C2A", "PATH", "BASH_ENV"} <= set(synth_job.env_vars) and synth_job.path_added, synth_job.env_vars)
    status, log = step(job, "c2a")
    check("github hostile: the gate fails with the real verdict, rejected",
          status == 2 and verdict(job) == "rejected" and case.statuses()[-1] == ("failure", "c2a: rejected"),
          job.transcript()[-3000:])
    check("github hostile: none of it reached the gate job: no GITHUB_ENV, no BASH_ENV, no PATH",
          not job.env_vars and not job.path_added and "BASH_ENV of the pull request" not in job.transcript()
          and "approved (" not in job.transcript(), job.transcript()[-2000:])
    check("github hostile: the real c2a ran, with the default branch's rules",
          any(c.startswith("c2a diff ") and "--rules rules/team.c2a" in c for c in case.gh.calls("c2a")), case.gh.calls("c2a"))
    loot = open(os.path.join(case.gh.artifacts[(synth.id, "c2a-synth")], "cdk.out/loot.txt")).read()
    check("github hostile: the synth job held no key, no cloud role, no token",
          KEY not in loot and "c2a-read" not in loot and "AUTHORIZATION" not in loot and "ghs-" not in loot, loot[-800:])
    check("github hostile: the other user's comment with the marker is left alone",
          case.gh.state()["edited"] == [] and case.gh.comments(42)[0]["body"] == foreign["body"], case.gh.comments(42))
    posted = case.bot_comments()
    check("github hostile: the comment posted is the gate's report, not the committed one",
          len(posted) == 1 and "## Verdict: REJECTED" in posted[0]["body"]
          and "committed by the pull request" not in posted[0]["body"], posted)
    case = GitHubCase(REVIEW_PAIR, hostile=True)
    _, _, job = case.run()
    check("github hostile: the pull request's rules (everything routine) do not count: review",
          step(job, "c2a")[0] == 1 and verdict(job) == "review", job.transcript()[-1500:])
    for name, path in (("unsigned approvals the author made", approval(REVIEW_PAIR, None)),
                       ("approvals the author signed with a key of their own", approval(REVIEW_PAIR, "the author's key"))):
        case = GitHubCase(REVIEW_PAIR, hostile=True, approvals=[path])
        _, _, job = case.run()
        status, log = step(job, "c2a")
        check(f"github hostile: {name} are refused (65), nothing approved",
              status == 65 and verdict(job) == "" and case.statuses()[-1][0] == "failure"
              and not case.bot_comments(), log[-1500:])
    case = GitHubCase(REVIEW_PAIR, approvals=[approval(REVIEW_PAIR, None)], key=False)
    _, _, job = case.run()
    status, log = step(job, "c2a")
    check("github: without the key (a secret that did not reach the job), the gate refuses (64)",
          status == 64 and "did not reach" in log and case.statuses()[-1][0] == "failure", log[-1500:])


def test_github_one_job_is_beaten():
    """The model runs the attack: in one job (the shape the recipe had), the same pull request's
    synth step wins over the gate, even over a trusted copy of the gate script."""
    for name, script in (("the pull request's gate script", "examples/ci/c2a-check.sh"),
                         ("a trusted gate script after the pull request's synth step",
                          os.path.join(SOURCE, "examples/ci/c2a-check.sh"))):
        case = GitHubCase(EXAMPLE, hostile=True)
        workflow = {"name": "c2a (one job)", "on": {"pull_request": None}, "jobs": {"change-analysis": {
            "steps": [{"uses": "actions/checkout@v4"},
                      {"name": "synthesize", "run": "npx cdk synth --quiet --output cdk.out"},
                      {"name": "c2a", "id": "c2a", "run": script,
                       "env": {"C2A_DEPLOYED": case.gh.deployed, "C2A_SYNTH": "cdk.out",
                               "C2A_STACK": "OrdersService", "C2A_RULES": "rules/team.c2a", "C2A": C2A}}]}}}
        run = case.gh.run_workflow(None, "pull_request", pull_request_event(42, HEAD), workflow=workflow)
        job = run.jobs["change-analysis"]
        check(f"github, one job: {name} passes a rejected change (the attack the split stops)",
              step(job, "c2a")[0] == 0, job.transcript()[-1500:])


def test_github_edges():
    case = GitHubCase()
    synth = case.synth()
    gate = case.gate(synth, fork=True)
    check("github: a fork's pull request (no pull_requests in the event) is found by its head",
          len(case.bot_comments()) == 1 and any("-f head=someone:feature" in c for c in case.gh.calls("gh")),
          case.gh.calls("gh"))
    case = GitHubCase()
    synth = case.synth()
    case.push(HEAD2)
    gate = case.gate(synth, head=HEAD)
    check("github: a push since: no comment from the older run, the status of its own commit",
          not case.bot_comments() and [s["state"] for s in case.gh.statuses(HEAD)] == ["pending", "failure"],
          case.gh.state()["statuses"])
    case = GitHubCase()
    shutil.rmtree(os.path.join(case.pr, "app"))
    synth, gate, job = case.run()
    check("github: when the synthesis fails, the gate fails without analysing",
          synth.conclusion == "failure" and job.status != 0 and "c2a" not in job.steps
          and case.statuses()[-1] == ("failure", "c2a: no verdict, see the run"), job.transcript())
    case = GitHubCase(digest=False)
    _, _, job = case.run()
    check("github: a package that does not match the release's digest is not installed",
          step(job, "install c2a")[0] != 0 and "c2a" not in job.steps and not case.gh.calls("apt-get")
          and case.statuses()[-1][0] == "failure", job.transcript())


# --- GitLab: gitlab-ci.yml ---------------------------------------------------------------------

GITLAB_FILE = os.path.join(SOURCE, "examples/ci/gitlab-ci.yml")
_job_ids = [os.getpid() * 100]
atexit.register(lambda: [shutil.rmtree(f"/tmp/c2a-gate-{n}", ignore_errors=True)
                         for n in range(os.getpid() * 100, _job_ids[0] + 1)])


class GitLabCase:
    """Project 5 on a fake GitLab, its protected main deployed, and merge request !7 (by
    `author`) changing the app; the key, the AWS keys and GITLAB_TOKEN are variables scoped to
    the environments c2a-gate and c2a-approve."""

    def __init__(self, directory=EXAMPLE, hostile=False, approvals=(), notes=(), protected=True):
        before, after = pair_of(directory)
        self.marker = marker_of(directory)
        base, self.mr = repository(SOURCE, before, after, os.path.join(EXAMPLE, "rules.c2a"), hostile=hostile,
                                   approvals=approvals, marker=self.marker.split()[2])
        self.config = yaml.safe_load(open(GITLAB_FILE))
        self.gh = GitHub(C2A, deployed=deployed_json(before), c2a_preinstalled=True,
                         routes={"GET projects/5/merge_requests/7": {"iid": 7, "author": {"username": "author"}}})
        self.gh.token("glpat-c2a", login="project_5_bot_c2a")
        self.gh.change(lambda s: s["notes"].update({"7": [dict(n) for n in notes]}))
        self.repo = scratch("c2a-gitlab-repo-")
        shutil.copytree(base, self.repo, dirs_exist_ok=True)
        git = ["git", "-C", self.repo, "-c", "user.name=ci", "-c", "user.email=ci@example.com"]
        subprocess.run(git[:3] + ["init", "-q", "-b", "main"], check=True)
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-q", "-m", "main"], check=True)
        self.scoped = {"c2a-gate": {"C2A_APPROVAL_KEY": KEY, "GITLAB_TOKEN": "glpat-c2a",
                                    "AWS_SECRET_ACCESS_KEY": "aws-secret-of-the-gate"},
                       "c2a-approve": {"C2A_APPROVAL_KEY": KEY, "GITLAB_TOKEN": "glpat-c2a"}}
        self.protected, self.artifacts, self.pipeline = protected, {}, 400

    def predefined(self, user):
        _job_ids[0] += 1
        return {"CI": "true", "CI_PIPELINE_SOURCE": "merge_request_event", "CI_PROJECT_ID": "5",
                "CI_MERGE_REQUEST_IID": "7", "CI_MERGE_REQUEST_TARGET_BRANCH_NAME": "main",
                "CI_MERGE_REQUEST_TARGET_BRANCH_PROTECTED": "true" if self.protected else "false",
                "CI_DEFAULT_BRANCH": "main", "CI_REPOSITORY_URL": "file://" + self.repo,
                "CI_JOB_ID": str(_job_ids[0]), "CI_PIPELINE_ID": str(self.pipeline), "GITLAB_USER_LOGIN": user}

    def rule(self, spec, env):
        """The first rule whose `if:` holds: (runs, when)."""
        for rule in spec.get("rules") or [{}]:
            terms = [t.strip() for t in str(rule.get("if", "")).split("&&") if t.strip()]
            if all((lambda m: m and env.get(m.group(1), "") == m.group(2))(re.fullmatch(r'\$(\w+) == "([^"]*)"', t))
                   for t in terms):
                return rule.get("when", "on_success") != "never", rule.get("when", "on_success")
        return False, "never"

    def job(self, name, user="author", leftovers=None, extra=None, manual=False):
        """Runs one job: (status, log, project dir); status None when its rules leave it out."""
        spec = self.config[name]
        root = scratch(f"c2a-gitlab-{name}-")
        project, home = os.path.join(root, "project"), os.path.join(root, "home")
        os.makedirs(home)
        variables = dict(self.config.get("variables") or {}, **(spec.get("variables") or {}))
        if variables.get("GIT_STRATEGY") != "none":
            shutil.copytree(self.mr, project)
        os.makedirs(project, exist_ok=True)
        if leftovers:   # what a shell runner leaves in the project folder: an earlier checkout
            shutil.copytree(leftovers, project, dirs_exist_ok=True)
        for need in spec.get("needs") or []:
            need = need["job"] if isinstance(need, dict) else need
            if need in self.artifacts:
                shutil.copytree(self.artifacts[need], project, dirs_exist_ok=True)
        env = {"PATH": f"{self.gh.stubs}:{self.gh.c2a_bin}:/usr/bin:/bin", "HOME": home,
               "STUB_LOG": self.gh.log, "FORGE_STATE": self.gh.state_path, "REAL_C2A": C2A,
               "DEPLOYED_SOURCE": self.gh.deployed, "CI_PROJECT_DIR": project}
        env.update(self.predefined(user))
        runs, when = self.rule(spec, env)
        if not runs or (when == "manual" and not manual):
            return None, "", project
        environment = spec.get("environment")
        environment = environment.get("name") if isinstance(environment, dict) else environment
        env.update(self.scoped.get(environment, {}))
        for key, value in variables.items():   # GitLab expands $VARIABLES in variables
            env[key] = re.sub(r"\$\{?(\w+)\}?", lambda m: env.get(m.group(1), ""), str(value))
        env.update(extra or {})
        script = "\n".join((spec.get("before_script") or []) + spec["script"])
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=project, env=env,
                              capture_output=True, text=True, timeout=120)
        status, log = done.returncode, done.stdout + done.stderr
        if spec.get("after_script"):
            after = subprocess.run(["bash", "-c", "\n".join(spec["after_script"])], cwd=project,
                                   env=dict(env, CI_JOB_STATUS="success" if status == 0 else "failed"),
                                   capture_output=True, text=True, timeout=60)
            log += "\n[after_script]\n" + after.stdout + after.stderr
        artifacts = spec.get("artifacts") or {}
        if status == 0 or artifacts.get("when") == "always":
            kept = os.path.join(root, "artifacts")
            os.makedirs(kept)
            for path in artifacts.get("paths") or []:
                source = os.path.join(project, path)
                if os.path.exists(source):
                    shutil.copytree(source, os.path.join(kept, path), dirs_exist_ok=True)
            self.artifacts[name] = kept
        return status, log, project

    def pipeline_run(self, leftovers=None, extra=None):
        self.pipeline += 1
        self.artifacts = {}
        synth = self.job("c2a-synth")
        gate = self.job("c2a-gate", leftovers=leftovers, extra=extra)
        verdict = self.job("c2a-verdict")
        return synth, gate, verdict

    def notes(self):
        return self.gh.state()["notes"].get("7", [])

    def own_notes(self):
        return [n for n in self.notes() if n["author"]["username"] == "project_5_bot_c2a"]


def test_gitlab_shape():
    config = yaml.safe_load(open(GITLAB_FILE))
    synth, gate, verdict, approve = (config[n] for n in ("c2a-synth", "c2a-gate", "c2a-verdict", "c2a-approve"))
    check("gitlab: the synth job has no environment: none of the gate's variables",
          "environment" not in synth and set(synth["artifacts"]["paths"]) == {"cdk.out/", "approvals/"}, synth)
    check("gitlab: the gate has no checkout of the merge request, and an environment of its own",
          gate["variables"].get("GIT_STRATEGY") == "none" and gate["environment"]["name"] == "c2a-gate"
          and "after_script" not in gate, gate.get("variables"))
    scripts = "\n".join(str(line) for job in (gate, verdict, approve) for line in job["script"])
    check("gitlab: the gate side runs no code of the merge request, and the target branch's script",
          not re.search(r"\b(npm|npx|yarn|pnpm)\b|cdk synth", scripts)
          and '--branch "$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"' in scripts
          and '"$C2A_WORK/trusted/examples/ci/c2a-check.sh"' in scripts and "./examples" not in scripts)
    check("gitlab: the gate runs only for a protected target branch; approving is manual, in c2a-approve",
          all('$CI_MERGE_REQUEST_TARGET_BRANCH_PROTECTED == "true"' in r["if"] for j in (gate, verdict, approve) for r in j["rules"])
          and approve["rules"][0]["when"] == "manual" and approve["environment"]["name"] == "c2a-approve")


def test_gitlab():
    case = GitLabCase()
    synth, gate, verdict = case.pipeline_run()
    check("gitlab: the synth job makes the assembly", synth[0] == 0 and os.path.isdir(os.path.join(case.artifacts["c2a-synth"], "cdk.out")),
          synth[1])
    check("gitlab: the gate analyses, passes, and records the rejection",
          gate[0] == 0 and open(os.path.join(case.artifacts["c2a-gate"], "c2a-reports/status")).read() == "2\n"
          and open(os.path.join(case.artifacts["c2a-gate"], "c2a-reports/verdict")).read() == "rejected\n", gate[1])
    check("gitlab: c2a-verdict fails the pipeline on the example's rejection", verdict[0] == 2, verdict[1])
    check("gitlab: the JUnit report is where the job says",
          os.path.isfile(os.path.join(case.artifacts["c2a-gate"], case.config["c2a-gate"]["artifacts"]["reports"]["junit"])))
    notes = case.own_notes()
    check("gitlab: the note is the report, posted by the gate's token",
          len(notes) == 1 and notes[0]["body"].startswith(case.marker) and "## Verdict: REJECTED" in notes[0]["body"],
          case.notes())
    case.pipeline_run()
    check("gitlab: a later push updates its note", len(case.own_notes()) == 1 and case.gh.state()["edited"] == [notes[0]["id"]],
          case.gh.calls("glab"))
    case = GitLabCase(protected=False)
    _, gate, _ = case.pipeline_run()
    check("gitlab: no gate for an unprotected target branch (it would supply the script)", gate[0] is None)


def test_gitlab_hostile():
    marker = marker_of(EXAMPLE)
    foreign = {"id": 601, "body": marker + "\n## Verdict: APPROVED (by another user)", "author": {"username": "mallory"}}
    case = GitLabCase(EXAMPLE, hostile=True, notes=[foreign])
    synth, gate, verdict = case.pipeline_run(leftovers=case.mr)
    check("gitlab hostile: the real verdict, on a runner that holds the merge request's files",
          gate[0] == 0 and verdict[0] == 2 and "approved (the pull request" not in gate[1], gate[1] + verdict[1])
    loot = open(os.path.join(case.artifacts["c2a-synth"], "cdk.out/loot.txt")).read()
    check("gitlab hostile: the synth job held no key, no AWS secret, no GitLab token",
          KEY not in loot and "aws-secret" not in loot and "glpat" not in loot, loot[-600:])
    check("gitlab hostile: the other user's note with the marker is left alone; the gate's own is posted",
          case.gh.state()["edited"] == [] and case.notes()[0]["body"] == foreign["body"]
          and len(case.own_notes()) == 1 and "## Verdict: REJECTED" in case.own_notes()[0]["body"]
          and "committed by the pull request" not in case.own_notes()[0]["body"], case.notes())
    case = GitLabCase(EXAMPLE, hostile=True)
    _, gate, verdict = case.pipeline_run(leftovers=case.mr, extra={"AWS_FAIL": "1"})
    check("gitlab hostile: the gate fails before c2a: the committed c2a-reports/c2a-comment.md is not posted",
          gate[0] != 0 and verdict[0] != 0 and not case.notes() and not any("note" in c for c in case.gh.calls("glab"))
          and not os.path.exists(os.path.join(case.artifacts.get("c2a-gate", "/nonexistent"), "c2a-reports/c2a-comment.md")),
          gate[1] + str(case.notes()))
    case = GitLabCase(REVIEW_PAIR, hostile=True, approvals=[approval(REVIEW_PAIR, None)])
    _, gate, verdict = case.pipeline_run()
    check("gitlab hostile: approvals the author made are refused (65), nothing posted",
          gate[0] == 65 and verdict[0] != 0 and not case.notes(), gate[1][-1500:])


def test_gitlab_approval():
    case = GitLabCase(REVIEW_PAIR)
    _, gate, verdict = case.pipeline_run()
    check("gitlab approval: review fails the pipeline", gate[0] == 0 and verdict[0] == 1, verdict[1])
    status, log, _ = case.job("c2a-approve")
    check("gitlab approval: the approve job is manual", status is None)
    status, log, _ = case.job("c2a-approve", user="author", manual=True)
    check("gitlab approval: the merge request's author cannot approve it",
          status != 0 and "another person approves it" in log and "c2a-approve" not in case.artifacts, log)
    status, log, project = case.job("c2a-approve", user="alice", manual=True)
    folder = os.path.join(case.artifacts.get("c2a-approve", "/nonexistent"), "c2a-approvals")
    files = os.listdir(folder) if os.path.isdir(folder) else []
    signed = json.load(open(os.path.join(folder, files[0]))) if files else {}
    check("gitlab approval: signed for the person who ran it, for a week",
          status == 0 and signed.get("by") == "alice" and str(signed.get("signature", "")).startswith("hmac-sha256:")
          and signed.get("expires", "") > signed.get("at", "~"), log + json.dumps(signed))
    if not files:
        return
    case = GitLabCase(REVIEW_PAIR, approvals=[os.path.join(folder, files[0])])
    _, gate, verdict = case.pipeline_run()
    check("gitlab approval: with the signed file committed, the pipeline passes",
          gate[0] == 0 and verdict[0] == 0 and "approved" in verdict[1], gate[1][-1500:] + verdict[1])
    case = GitLabCase(REVIEW_PAIR, approvals=[expired_approval(REVIEW_PAIR)])
    _, gate, verdict = case.pipeline_run()
    check("gitlab approval: an expired signed approval does not apply", verdict[0] == 1, verdict[1])


# --- CodeBuild and CodePipeline -----------------------------------------------------------------

class Workspace:
    """A checkout as a CI job sees it: examples/ci, rules, and stubbed cloud tools on PATH; with
    assembly, the after template as the cdk.out of the stack OrdersService."""

    def __init__(self, before, after, assembly=False):
        self.dir = scratch("c2a-ci-")
        os.symlink(os.path.join(SOURCE, "examples"), os.path.join(self.dir, "examples"))
        os.makedirs(os.path.join(self.dir, "rules"))
        shutil.copy(os.path.join(EXAMPLE, "rules.c2a"), os.path.join(self.dir, "rules/team.c2a"))
        self.bin = os.path.join(self.dir, "..", os.path.basename(self.dir) + "-bin")
        os.makedirs(self.bin)
        for tool in ("aws",):
            path = os.path.join(self.bin, tool)
            with open(path, "w") as out:
                out.write('#!/usr/bin/env bash\necho "%s $*" >> "$STUB_LOG"\n%s' % (tool, STUBS[tool]))
            os.chmod(path, 0o755)
        os.symlink(C2A, os.path.join(self.bin, "c2a"))
        self.log = os.path.join(self.dir, "stub.log")
        self.assembly = assembly
        if assembly:
            cloud_assembly(after, os.path.join(self.dir, "cdk.out"))
            before = deployed_json(before)
        self.before, self.after = before, after

    def env(self, *layers):
        env = {"PATH": self.bin + ":/usr/bin:/bin", "HOME": self.dir, "STUB_LOG": self.log,
               "DEPLOYED_SOURCE": self.before}
        for layer in layers:
            env.update({k: str(v) for k, v in (layer or {}).items()})
        if not self.assembly:  # the AFTER template itself, a lone template: no stack
            env["C2A_SYNTH"], env["C2A_STACK"] = self.after, ""
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


def test_codebuild():
    spec = yaml.safe_load(open(os.path.join(SOURCE, "examples/ci/buildspec.yml")))
    commands = "\n".join(spec["phases"]["build"]["commands"])
    variables = spec["env"]["variables"]
    check("codebuild: the gate script is the c2a package's, not the input's",
          variables["C2A_CHECK"] == "/usr/share/doc/c2a/examples/ci/c2a-check.sh" and '"$C2A_CHECK"' in commands
          and "examples/ci/c2a-check.sh" not in commands.replace(variables["C2A_CHECK"], ""), commands)
    check("codebuild: the deployed side is fetched whole (nested stacks too) by the package's script",
          variables["C2A_FETCH"] == "/usr/share/doc/c2a/examples/ci/fetch-deployed.sh"
          and '"$C2A_FETCH" --out deployed "$C2A_STACK"' in commands and variables["C2A_DEPLOYED"] == "deployed"
          and "get-template" not in commands, commands)
    # The build image's package, here: copies of the scripts outside the input.
    package = scratch("c2a-image-")
    image = os.path.join(package, "c2a-check.sh")
    shutil.copy(os.path.join(SOURCE, "examples/ci/c2a-check.sh"), image)
    fetch = os.path.join(package, "fetch-deployed.sh")
    shutil.copy(os.path.join(SOURCE, "examples/ci/fetch-deployed.sh"), fetch)
    for pair, hostile in ((REVIEW_PAIR, False), (REVIEW_PAIR, True)):
        ws = Workspace(*pair_of(pair), assembly=True)
        if hostile:  # the input carries a gate script of its own: never run
            os.unlink(os.path.join(ws.dir, "examples"))
            os.makedirs(os.path.join(ws.dir, "examples/ci"))
            with open(os.path.join(ws.dir, "examples/ci/c2a-check.sh"), "w") as out:
                out.write(HOSTILE_GATE)
            os.chmod(os.path.join(ws.dir, "examples/ci/c2a-check.sh"), 0o755)
        status, log = ws.run(commands + '\necho "C2A_VERDICT=$C2A_VERDICT"', ws.env(variables, {"C2A_CHECK": image, "C2A_FETCH": fetch}))
        what = "with a gate script in the input" if hostile else "on the cdk.out"
        check(f"codebuild: a review verdict does not fail the build, and is exported ({what})",
              status == 0 and "C2A_VERDICT=review" in log and "approved (" not in log, log)
    ws = Workspace(*pair_of(EXAMPLE), assembly=True)
    status, log = ws.run(commands, ws.env(variables, {"C2A_CHECK": image, "C2A_FETCH": fetch}))
    check("codebuild: a rejection fails the build", status == 2, log)
    # The approval is answered by c2a only when it approved.
    for verdict, approves in (("approved", True), ("review", False)):
        ws = Workspace(*pair_of(EXAMPLE))
        env = ws.env({"C2A_VERDICT": verdict, "PIPELINE": "P", "APPROVAL_ACTION": "c2a-review"})
        status, log = ws.run("examples/ci/codepipeline-auto-approve.sh", env)
        answered = "put-approval-result" in ws.stub_calls()
        check(f"codepipeline: verdict {verdict} {'approves' if approves else 'waits for a person'}",
              status == 0 and answered == approves, log + ws.stub_calls())
    ts = open(os.path.join(SOURCE, "examples/ci/cdk-pipelines.ts")).read()
    check("cdk pipelines: the assembly is an additional input; scripts are the package's",
          "additionalInputs: { 'cdk.out': pipeline.synth }" in ts and "input: pipeline.synth" not in ts
          and "'examples/ci/" not in ts and "${scripts}/c2a-check.sh" in ts
          and "c2a.exportedVariable('C2A_VERDICT')" in ts.split("env:")[-1], ts)


# --- c2a-check.sh itself ------------------------------------------------------------------------

def test_check_script():
    ws = Workspace(*pair_of(REVIEW_PAIR))
    base = {"C2A_DEPLOYED": ws.before, "C2A": C2A}
    for fail_on, expected in (("review", 1), ("unknown", 1), ("high", 0), ("rejected", 0), ("never", 0)):
        status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_FAIL_ON": fail_on}))
        check(f"c2a-check.sh: review at unknown risk under C2A_FAIL_ON={fail_on}: exit {expected}, verdict review",
              status == expected and ws.file("c2a-reports/verdict") == "review\n"
              and f'"failOn": "{fail_on}"' in (ws.file("c2a-reports/c2a.json") or ""), log)
    ws_admin = scratch("c2a-admin-")
    for name, text in (("before.yaml", SELF_ACCEPT_BEFORE), ("after.yaml", SELF_ACCEPT_AFTER)):
        with open(os.path.join(ws_admin, name), "w") as out:
            out.write(text)
    admin = Workspace(*pair_of(ws_admin))
    status, log = admin.run("examples/ci/c2a-check.sh", admin.env({"C2A_DEPLOYED": admin.before, "C2A_FAIL_ON": "high"}))
    check("c2a-check.sh: C2A_FAIL_ON=high fails on a high-risk change waiting for review", status == 1, log)
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_DEPLOYED": "missing.json"}))
    check("c2a-check.sh: an input c2a cannot read fails with its status", status == 66, log)
    status, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_FAIL_ON": "sometimes"}))
    check("c2a-check.sh: an unknown policy is a usage error", status == 64)
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A": "/bin/true"}))
    check("c2a-check.sh: a C2A that is not c2a gives no verdict: it fails (70), never passes",
          status == 70 and ws.file("c2a-reports/verdict") is None, log)


def test_check_script_output():
    """Issue 46: standard output a regular file (a self-hosted runner's log), and a second run
    into the same C2A_OUT."""
    ws = Workspace(*pair_of(REVIEW_PAIR))
    base = {"C2A_DEPLOYED": ws.before, "GITHUB_ACTIONS": "true"}
    status, log = ws.run("examples/ci/c2a-check.sh > run.log 2>&1", ws.env(base, {"GITHUB_STEP_SUMMARY": os.path.join(ws.dir, "summary.md")}))
    written = ws.file("run.log") or ""
    check("c2a-check.sh: standard output a regular file: the annotations are in it, the verdict kept",
          status == 1 and "::warning file=" in written and ws.file("c2a-reports/verdict") == "review\n", log + written)
    check("c2a-check.sh: the job summary is appended to, not replaced",
          (ws.file("summary.md") or "").count("## Verdict: REVIEW") == 1)
    ws.run("echo earlier >> summary.md", ws.env())
    ws.run("examples/ci/c2a-check.sh > /dev/null", ws.env(base, {"GITHUB_STEP_SUMMARY": os.path.join(ws.dir, "summary.md")}))
    check("c2a-check.sh: a second run appends its summary after what the step wrote",
          (ws.file("summary.md") or "").count("## Verdict: REVIEW") == 2 and "earlier" in ws.file("summary.md"))
    out = {"C2A_OUT": "out"}
    first, _ = ws.run("examples/ci/c2a-check.sh", ws.env(base, out))
    second, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, out, {"C2A_FORMATS": "text"}))
    check("c2a-check.sh: a second run into the same C2A_OUT replaces the first one's reports",
          first == 1 and second == 1 and sorted(os.listdir(os.path.join(ws.dir, "out"))) == [".c2a-check", "c2a.txt", "verdict"], log)
    with open(os.path.join(ws.dir, "out", "notes.txt"), "w") as stray:
        stray.write("mine\n")
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, out))
    check("c2a-check.sh: a C2A_OUT holding another file is refused, the file kept",
          status == 64 and ws.file("out/notes.txt") == "mine\n", log)
    os.makedirs(os.path.join(ws.dir, "theirs"))
    with open(os.path.join(ws.dir, "theirs", "c2a.json"), "w") as stray:
        stray.write("{}\n")
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_OUT": "theirs"}))
    check("c2a-check.sh: report names alone, without the script's marker, are not its to remove",
          status == 64 and ws.file("theirs/c2a.json") == "{}\n", log)


def test_check_script_needs_the_key():
    ws = Workspace(*pair_of(REVIEW_PAIR))
    base = {"C2A_DEPLOYED": ws.before}
    signed = approval(REVIEW_PAIR, KEY, by="alice")
    for name, layer in (("C2A_APPROVALS", {"C2A_APPROVALS": signed}),
                        ("C2A_BASELINE", {"C2A_BASELINE": signed})):
        status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, layer))
        check(f"c2a-check.sh: {name} without a key is refused (64)", status == 64 and "C2A_APPROVAL_KEY" in log, log)
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_APPROVAL_KEY": ""}))
    check("c2a-check.sh: an empty C2A_APPROVAL_KEY is refused (64)", status == 64 and "did not reach" in log, log)
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_APPROVALS": signed, "C2A_APPROVAL_KEY": KEY}))
    check("c2a-check.sh: an approval signed with the key applies", status == 0 and ws.file("c2a-reports/verdict") == "approved\n", log)
    key_file = os.path.join(ws.dir, "key")
    with open(key_file, "w") as out:
        out.write(KEY + "\n")
    status, log = ws.run("examples/ci/c2a-check.sh",
                         ws.env(base, {"C2A_APPROVALS": "approvals-none/*.json " + signed, "C2A_APPROVAL_KEY_FILE": key_file}))
    check("c2a-check.sh: C2A_APPROVAL_KEY_FILE is the key too", status == 0, log)
    status, log = ws.run("examples/ci/c2a-check.sh",
                         ws.env(base, {"C2A_APPROVALS": approval(REVIEW_PAIR, None), "C2A_APPROVAL_KEY": KEY}))
    check("c2a-check.sh: with the key, an unsigned approvals file is refused (65)", status == 65, log)
    baseline = os.path.join(ws.dir, "baseline.json")
    status, log = ws.run(f"C2A_APPROVAL_KEY={KEY} c2a diff {ws.before} {ws.after} --write-baseline {baseline} > /dev/null || true",
                         ws.env())
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_BASELINE": baseline, "C2A_APPROVAL_KEY": KEY}))
    check("c2a-check.sh: a baseline signed with the key accepts its changes (C2A_BASELINE)",
          status == 0 and ws.file("c2a-reports/verdict") == "approved\n", log)
    status, log = ws.run(f"c2a diff {ws.before} {ws.after} --write-baseline {baseline} > /dev/null || true", ws.env())
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env(base, {"C2A_BASELINE": baseline, "C2A_APPROVAL_KEY": KEY}))
    check("c2a-check.sh: with the key, an unsigned baseline is refused (65)", status == 65, log)


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
    # The directory fetch-deployed.sh writes, as the recipes pass it: its App.json and App.args.
    fetched = os.path.join(ws.dir, "deployed")
    os.makedirs(fetched)
    shutil.copy(ws.before, os.path.join(fetched, "App.json"))
    shutil.copy(args, os.path.join(fetched, "App.args"))
    whole = dict(env, C2A_DEPLOYED=fetched, C2A_OUT=os.path.join(ws.dir, "reports-fetched"))
    del whole["C2A_DEPLOYED_ARGS"]
    status, log = ws.run("examples/ci/c2a-check.sh", whole)
    report = json.load(open(os.path.join(ws.dir, "reports-fetched", "c2a.json")))
    check("c2a-check.sh: C2A_DEPLOYED as fetch-deployed.sh's directory takes STACK.json and STACK.args",
          sorted({change["stack"] for change in report["changes"]}) == stacks, log)
    whole["C2A_STACK"] = "App Other"
    status, log = ws.run("examples/ci/c2a-check.sh", whole)
    check("c2a-check.sh: a fetched directory with several stacks named is a usage error",
          status == 64 and "names its one stack" in log, log)
    with open(os.path.join(fetched, "App.args"), "a") as out:
        out.write("--no-presets\n--rules\nevil.c2a\n")
    whole["C2A_STACK"] = "App"
    status, log = ws.run("examples/ci/c2a-check.sh", whole)
    check("c2a-check.sh: an .args file holding other options than nested templates is refused",
          status == 64 and "not a --before-nested-template KEY=FILE pair" in log, log)
    shutil.copy(args, os.path.join(fetched, "App.args"))
    for name in ("../App", "App*"):
        whole["C2A_STACK"] = name
        status, log = ws.run("examples/ci/c2a-check.sh", whole)
        check(f"c2a-check.sh: a fetched directory with C2A_STACK={name} is refused",
              status == 64 and "not a stack name" in log, log)
    os.rename(os.path.join(fetched, "App.json"), os.path.join(fetched, "Real.json"))
    os.symlink(os.path.join(fetched, "Real.json"), os.path.join(fetched, "App.json"))
    whole["C2A_STACK"] = "App"
    status, log = ws.run("examples/ci/c2a-check.sh", whole)
    check("c2a-check.sh: a fetched template that is a symbolic link is refused",
          status == 64 and "symbolic link" in log, log)
    whole["C2A_STACK"] = "Other"
    status, log = ws.run("examples/ci/c2a-check.sh", whole)
    check("c2a-check.sh: a fetched directory without the stack's template is a usage error",
          status == 64 and "no Other.json or Other.yaml" in log, log)
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
    Metadata: {c2a: {accept: [{operation: UPDATE, path: Properties.ManagedPolicyArns, reason: trust me}]}}
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
    # The author approves their own AdministratorAccess: unsigned, it is refused with the key.
    author = approval(scratch_dir, None)
    ws = Workspace(before, after)
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env({"C2A_DEPLOYED": ws.before, "C2A_APPROVALS": author}))
    check("c2a-check.sh: the author's own approval of AdministratorAccess is refused without a key (64)", status == 64, log)
    status, log = ws.run("examples/ci/c2a-check.sh",
                         ws.env({"C2A_DEPLOYED": ws.before, "C2A_APPROVALS": author, "C2A_APPROVAL_KEY": KEY}))
    check("c2a-check.sh: ... and with the key (65)", status == 65, log)


def test_check_script_writes_through_no_committed_link():
    """A pull request commits c2a-reports/c2a.json (and a whole c2a-reports) as links to a file
    the job can write: the script and c2a leave that file alone."""
    ws = Workspace(*pair_of(REVIEW_PAIR))
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
    # A custom C2A_OUT that an earlier run left, with a committed link inside it.
    os.makedirs(os.path.join(ws.dir, "out"))
    open(os.path.join(ws.dir, "out", ".c2a-check"), "w").close()
    os.symlink(victim, os.path.join(ws.dir, "out", "c2a.json"))
    status, log = ws.run("examples/ci/c2a-check.sh", ws.env({"C2A_DEPLOYED": ws.before, "C2A_OUT": "out"}))
    check("c2a-check.sh: in a reused C2A_OUT, a link is removed, never written through",
          status == 1 and open(victim).read() == "precious\n" and not os.path.islink(os.path.join(ws.dir, "out", "c2a.json")), log)


def main():
    for test in (test_github_shape, test_github, test_github_approval, test_github_hostile,
                 test_github_one_job_is_beaten, test_github_edges,
                 test_gitlab_shape, test_gitlab, test_gitlab_hostile, test_gitlab_approval,
                 test_codebuild, test_check_script, test_check_script_output,
                 test_check_script_needs_the_key, test_check_script_takes_the_fetched_deployed_side,
                 test_check_script_never_approves_the_risky,
                 test_check_script_writes_through_no_committed_link):
        try:
            test()
        except Exception as error:  # a broken recipe is a failure, not a crash of the test
            import traceback
            traceback.print_exc()
            check(test.__name__, False, repr(error))
    sys.exit(finish())


main()
