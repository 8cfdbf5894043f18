#!/usr/bin/python3
"""The GitHub Action (action.yml at the repository root), run here as GitHub would run it.

GitHub Actions is not available here, so action.yml is parsed and its composite steps are taken in
order: each `if:` is evaluated (the expressions action.yml writes: contexts, strings, ==, !=, !,
&&, ||, the status functions), `${{ ... }}` is substituted, each `run:` step runs under
`bash -e -o pipefail` with a simulated GitHub environment (GITHUB_OUTPUT, GITHUB_PATH,
GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH...), and each `uses:` step is recorded, not run. gh, sudo,
dpkg, make and cmake are stubs that record their arguments (dpkg and cmake "install" and "build"
c2a by linking it); c2a is the real binary, behind a wrapper that records its arguments.

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
# A copy: every run of the action then uses the same c2a, even if the build relinks it meanwhile.
C2A = shutil.copy(C2A, os.path.join(scratch("c2a-action-bin-"), "c2a"))



# --- GitHub expressions -------------------------------------------------------------------------

TOKENS = re.compile(r"\s*(?:'((?:[^']|'')*)'|(&&|\|\||==|!=|!|\(|\))|([A-Za-z_][\w.-]*)(\(\))?)")


def evaluate(expression, context, failed=False):
    python, text, at = [], expression.strip(), 0
    while at < len(text):
        match = TOKENS.match(text, at)
        if not match:
            raise ValueError(f"expression not understood here: {text[at:]!r}")
        at = match.end()
        string, operator, name, call = match.groups()
        if string is not None:
            python.append(repr(string.replace("''", "'")))
        elif operator:
            python.append({"&&": " and ", "||": " or ", "!": " not "}.get(operator, operator))
        elif call:
            status = {"always": True, "cancelled": False, "success": not failed, "failure": failed}
            python.append(repr(status[name]))
        elif name in ("true", "false"):
            python.append(repr(name == "true"))
        else:
            value = context
            for part in name.split("."):
                value = value.get(part, "") if isinstance(value, dict) else ""
            python.append(repr("" if value is None else value))
    return eval("".join(python), {"__builtins__": {}})


def text_of(value):
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def substitute(text, context):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text_of(evaluate(m.group(1), context)), str(text),
                  flags=re.S)


def runs(step, context, failed):
    """A step's `if:`; without a status function, success() is implied."""
    condition = str(step.get("if", "")).strip()
    if condition.startswith("${{") and condition.endswith("}}"):
        condition = condition[3:-2]
    if not re.search(r"\b(always|cancelled|success|failure)\(\)", condition):
        condition = "success()" + (f" && ({condition})" if condition else "")
    return bool(evaluate(condition, context, failed))


def read_outputs(path):
    """name=value lines and name<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT."""
    outputs, lines = {}, open(path).read().splitlines()
    while lines:
        line = lines.pop(0)
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter)
            outputs[name], lines = "\n".join(lines[:end]), lines[end + 1:]
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
    return outputs


# --- Stubs and the workspace --------------------------------------------------------------------

STUBS = {
    "c2a": 'echo "c2a $*" >> "$STUB_LOG"\nexec "$REAL_C2A" "$@"\n',
    "sudo": 'echo "sudo $*" >> "$STUB_LOG"\nexec "$@"\n',
    # Installing the package puts c2a on PATH, as the real package would; a package whose
    # dependencies are missing is unpacked and left for apt-get -f, as dpkg does.
    "dpkg": 'echo "dpkg $*" >> "$STUB_LOG"\n'
            '[[ $1 == -i ]] && ln -sf "$C2A_WRAPPER" "$INSTALL_DIR/c2a"\n'
            '[[ $* == *needs-deps* ]] && exit 1\nexit 0\n',
    "apt-get": 'echo "apt-get $*" >> "$STUB_LOG"\n',
    "make": 'echo "make $*" >> "$STUB_LOG"\n',
    "cmake": 'echo "cmake $* CCACHE_DIR=${CCACHE_DIR:-}" >> "$STUB_LOG"\n'
             'if [[ $1 == --build ]]; then mkdir -p "$2" && ln -sf "$C2A_WRAPPER" "$2/c2a"; fi\n',
    # The comments of pull request 42 are $GH_COMMENTS; --jq applies its filter as gh does.
    "gh": 'echo "gh $* GH_TOKEN=$GH_TOKEN" >> "$STUB_LOG"\n'
          'if [[ $1 == api && $* == *--paginate*issues/42/comments* ]]; then\n'
          '  while (( $# )) && [[ $1 != --jq ]]; do shift; done\n'
          '  jq -r "$2" "$GH_COMMENTS"\n'
          'fi\n',
}


class Run:
    """One run of the action's steps in a fresh workspace."""

    def __init__(self, inputs, files=(), event="pull_request", comments=(), c2a_on_path=True,
                 action_path=SOURCE):
        self.dir = scratch("c2a-action-")
        for relative, source in dict(files).items():
            target = os.path.join(self.dir, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, target)
        for folder in ("stubs", "c2a-bin", "installed", "tmp"):
            os.makedirs(os.path.join(self.dir, folder))
        for tool, body in STUBS.items():
            path = os.path.join(self.dir, "c2a-bin" if tool == "c2a" else "stubs", tool)
            with open(path, "w") as out:
                out.write("#!/usr/bin/env bash\n" + body)
            os.chmod(path, 0o755)
        self.log = os.path.join(self.dir, "stub.log")
        open(self.log, "w").close()
        with open(os.path.join(self.dir, "event.json"), "w") as out:
            json.dump({"pull_request": {"number": 42}} if event.startswith("pull_request") else
                      {"ref": "refs/heads/main"}, out)
        with open(os.path.join(self.dir, "comments.json"), "w") as out:
            json.dump(list(comments), out)
        self.summary = os.path.join(self.dir, "step_summary.md")
        path = [os.path.join(self.dir, "stubs"), os.path.join(self.dir, "installed")]
        path += [os.path.join(self.dir, "c2a-bin")] if c2a_on_path else []
        self.env = {
            "PATH": ":".join(path + ["/usr/bin", "/bin"]), "HOME": self.dir, "STUB_LOG": self.log,
            "REAL_C2A": C2A, "C2A_WRAPPER": os.path.join(self.dir, "c2a-bin", "c2a"),
            "INSTALL_DIR": os.path.join(self.dir, "installed"),
            "GH_COMMENTS": os.path.join(self.dir, "comments.json"),
            "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": self.dir, "GITHUB_REPOSITORY": "org/repo",
            "GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": os.path.join(self.dir, "event.json"),
            "GITHUB_ACTION_PATH": action_path, "GITHUB_STEP_SUMMARY": self.summary,
            "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": os.path.join(self.dir, "tmp"),
        }
        self.context = {
            "github": {"action_path": action_path, "token": TOKEN, "event_name": event,
                       "event": json.load(open(self.env["GITHUB_EVENT_PATH"])),
                       "repository": "org/repo", "workspace": self.dir},
            "runner": {"os": "Linux", "arch": "X64", "temp": self.env["RUNNER_TEMP"]},
            "steps": {},
        }
        declared = ACTION["inputs"]
        unknown = set(inputs) - set(declared)
        if unknown:
            raise ValueError(f"inputs the action does not declare: {unknown}")
        self.context["inputs"] = {name: str(inputs[name]) if name in inputs else
                                  substitute(spec.get("default", ""), self.context)
                                  for name, spec in declared.items()}
        self.steps, self.uses, self.status = {}, [], 0
        self._run()
        self.outputs = {name: substitute(spec["value"], self.context)
                        for name, spec in ACTION["outputs"].items()}

    def _run(self):
        failed, added_path = False, []
        for index, step in enumerate(ACTION["runs"]["steps"]):
            name = step.get("name", step.get("id", str(index)))
            self.context["steps"].setdefault(step.get("id", f"_{index}"), {"outputs": {}})
            if not runs(step, self.context, failed):
                continue
            if "uses" in step:
                self.uses.append({"name": name, "uses": step["uses"],
                                  "with": {k: substitute(v, self.context)
                                           for k, v in (step.get("with") or {}).items()}})
                continue
            env = dict(self.env, PATH=":".join(added_path[::-1] + [self.env["PATH"]]))
            env.update({k: substitute(v, self.context) for k, v in (step.get("env") or {}).items()})
            env["GITHUB_OUTPUT"] = os.path.join(self.dir, "tmp", f"output-{index}")
            env["GITHUB_PATH"] = os.path.join(self.dir, "tmp", f"path-{index}")
            script = os.path.join(self.dir, "tmp", f"step-{index}.sh")
            for path in (env["GITHUB_OUTPUT"], env["GITHUB_PATH"]):
                open(path, "w").close()
            with open(script, "w") as out:
                out.write(substitute(step["run"], self.context))
            done = subprocess.run(["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", script],
                                  cwd=self.dir, env=env, capture_output=True, text=True, timeout=120)
            self.steps[name] = (done.returncode, done.stdout + done.stderr)
            if "id" in step:
                self.context["steps"][step["id"]] = {"outputs": read_outputs(env["GITHUB_OUTPUT"])}
            added_path += [line for line in open(env["GITHUB_PATH"]).read().splitlines() if line]
            if done.returncode != 0 and not failed:
                failed, self.status = True, done.returncode

    def calls(self, tool=None):
        lines = open(self.log).read().splitlines()
        return [line for line in lines if tool is None or line.split(" ", 1)[0] == tool]

    def upload(self):
        return next((u for u in self.uses if u["uses"].startswith("github/codeql-action/upload-sarif")),
                    None)

    def transcript(self):
        return "\n".join(f"[{name}: {status}]\n{log}" for name, (status, log) in self.steps.items())


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
    expected = {"deployed", "synthesized", "stacks", "rules", "presets", "no-presets", "approvals",
                "parameters", "region", "account", "fail-on", "formats", "package", "comment",
                "upload-sarif", "github-token"}
    check("action: the inputs", set(inputs) == expected, sorted(set(inputs) ^ expected))
    check("action: every input is described", all(spec.get("description") for spec in inputs.values()))
    defaults = {"synthesized": "cdk.out", "fail-on": "review", "comment": "true",
                "upload-sarif": "true", "no-presets": "false", "github-token": "${{ github.token }}"}
    check("action: the defaults", all(str(inputs[k].get("default")) == v for k, v in defaults.items())
          and inputs["deployed"].get("required") is True,
          {k: inputs[k].get("default") for k in defaults})
    text = yaml.safe_dump(steps)
    dead = [name for name in inputs if not re.search(r"inputs\." + re.escape(name) + r"(?![\w-])", text)]
    check("action: every input is used by a step", not dead, dead)
    undeclared = set(re.findall(r"inputs\.([\w-]+)", text)) - set(inputs)
    check("action: the steps read only declared inputs", not undeclared, undeclared)
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
    check("rejected: the report folder is the workspace's c2a-reports",
          out["report-dir"] == os.path.join(run.dir, "c2a-reports"), out)
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


def test_comment():
    marker = marker_of(EXAMPLE)
    others = [{"id": 5, "body": "Looks good to me"},
              {"id": 555, "body": "<!-- c2a:report 000000000000 -->\nanother set of stacks"}]
    run = Run(dict(SIDES), pair(EXAMPLE), comments=others)
    report = run.outputs["markdown"]
    calls = run.calls("gh")
    check("comment: looked for among the pull request's comments by its marker",
          any(c.startswith("gh api --paginate repos/org/repo/issues/42/comments --jq ") and marker in c
              for c in calls), calls)
    check("comment: posted when no comment has the marker",
          f"gh api --method POST repos/org/repo/issues/42/comments -F body=@{report} GH_TOKEN={TOKEN}"
          in calls and not any("PATCH" in c for c in calls), calls)
    run = Run(dict(SIDES), pair(EXAMPLE), comments=others + [{"id": 777, "body": marker + "\nolder"}])
    calls = run.calls("gh")
    check("comment: the comment with the marker is updated, not another posted",
          any(c.startswith(f"gh api --method PATCH repos/org/repo/issues/comments/777 "
                           f"-F body=@{run.outputs['markdown']}") for c in calls)
          and not any("POST" in c for c in calls), calls)
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
    for name in ("Makefile", "CMakeLists.txt", "package-lock.json"):
        shutil.copy(os.path.join(SOURCE, name), action)
    run = Run(dict(SIDES), pair(REVIEW_PAIR), c2a_on_path=False, action_path=action)
    cache = next((u for u in run.uses if u["uses"].startswith("actions/cache@")), {})
    ccache = os.path.join(run.dir, ".cache/c2a-action-ccache")
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
    run = Run(dict(assembly, stacks="Cons*"), files)
    check("stacks: Consumer alone is review", run.outputs["verdict"] == "review", run.transcript())

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

    # An approvals file for exactly this change set (c2a approve) approves it.
    work = scratch("c2a-approve-")
    report = os.path.join(work, "report.json")
    subprocess.run([C2A, "diff", os.path.join(REVIEW_PAIR, "before.yaml"),
                    os.path.join(REVIEW_PAIR, "after.yaml"), "--format", "json", "-o", report])
    subprocess.run([C2A, "approve", report, "--by", "alice", "-o", os.path.join(work, "ok.json")],
                   check=True, capture_output=True)
    files = dict(pair(REVIEW_PAIR), **{"approvals/ok.json": os.path.join(work, "ok.json")})
    run = Run(dict(SIDES, approvals="approvals/ok.json\napprovals/not-yet.json"), files)
    check("approvals: the approved change set passes, a missing file is skipped",
          run.outputs["verdict"] == "approved" and run.status == 0, run.transcript())

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
          written == ["c2a-comment.md", "c2a.json", "c2a.sarif", "c2a.txt", "verdict"], written)
    run = Run(dict(SIDES, formats="markdown sarif"), pair(EXAMPLE))
    check("formats: naming one the action writes anyway is fine", run.outputs["verdict"] == "rejected",
          run.transcript())
    run = Run(dict(SIDES, formats="pdf"), pair(EXAMPLE))
    check("formats: an unknown format is a usage error (64)", run.status == 64, run.transcript())


def main():
    for test in (test_declaration, test_verdicts, test_comment, test_install, test_inputs_reach_c2a):
        try:
            test()
        except Exception as error:  # a broken action is a failure, not a crash of the test
            check(test.__name__, False, repr(error))
    sys.exit(finish())


main()
