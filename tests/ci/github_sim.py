"""GitHub Actions and GitHub itself, as far as the CI tests need them, run here.

GitHub is not available here, so the tests run workflows and the composite action on this model:

- A workflow run: its jobs in `needs` order, each on a fresh runner (its own workspace, RUNNER_TEMP,
  HOME and installed tools), with its own GITHUB_ENV, GITHUB_PATH and GITHUB_OUTPUT files: what a
  step writes there reaches the later steps of the same job only, as on GitHub. Secrets reach a
  job only through its `environment`, and only in a run on the default branch (workflow_run,
  workflow_dispatch); a pull_request run gets none and a read-only token (a fork's pull request).
- A step: `if:` is evaluated (contexts, strings, numbers, ==, !=, !, &&, ||, the status functions,
  contains, startsWith), `${{ }}` substituted, `run:` executed under the step's shell (`bash -e`
  by default, `bash --noprofile --norc -eo pipefail` for `shell: bash`; bash reads BASH_ENV as on
  GitHub), `working-directory` honoured; steps.<id>.outputs and .outcome are recorded.
- `uses:` actions/checkout copies a tree of the fake repository by ref (leaving the job's token in
  .git/config unless persist-credentials is false), actions/upload-artifact and
  download-artifact keep and hand out artifacts by run (hidden files left out, as v4 does), a
  composite action of a local directory (action.yml) runs its steps in the job; anything else is
  recorded with its `with:`.
- The fake GitHub behind the `gh` stub: issue comments and commit statuses that the calls change,
  each token's login and permissions (GET /user fails for installation tokens, as on GitHub; the
  GraphQL viewer answers), workflow runs, and any other answer a test sets (routes).

Cloud and build tools are stubs that record their arguments (STUB_LOG); c2a is the real binary.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import yaml

from ci_support import scratch

# --- Expressions --------------------------------------------------------------------------------

TOKENS = re.compile(r"\s*(?:'((?:[^']|'')*)'|(&&|\|\||==|!=|!|\(|\)|,)|(\d+(?:\.\d+)?)"
                    r"|([A-Za-z_][\w-]*(?:\.[\w*-]+|\[\d+\])*)(\()?)")
STATUS_FUNCTIONS = ("always", "cancelled", "success", "failure")



def approve_pair(c2a, before, after, key, by, epoch=None, expires=None):
    """What `c2a approve` writes for every change of BEFORE -> AFTER that waits for review:
    signed with key (unsigned without one); epoch: when it was made (SOURCE_DATE_EPOCH)."""
    work = scratch("c2a-approval-")
    report, out = os.path.join(work, "c2a.json"), os.path.join(work, f"by-{by}.json")
    subprocess.run([c2a, "diff", before, after, "--format", "json", "-o", report], capture_output=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("C2A_")}
    env.update({"C2A_APPROVAL_KEY": key} if key else {})
    env.update({"SOURCE_DATE_EPOCH": str(epoch)} if epoch else {})
    subprocess.run([c2a, "approve", report, "--by", by, "-o", out] + (["--expires", expires] if expires else []),
                   check=True, capture_output=True, env=env)
    return out

def lookup(context, name):
    value = context
    for part in re.findall(r"\[(\d+)\]|([^.\[\]]+)", name):
        index, key = part
        if index:
            value = value[int(index)] if isinstance(value, list) and int(index) < len(value) else None
        else:
            value = value.get(key) if isinstance(value, dict) else None
        if value is None:
            return ""
    return value


def evaluate(expression, context, failed=False):
    python, text, at = [], expression.strip(), 0
    functions = {
        "always": lambda: True, "cancelled": lambda: False, "success": lambda: not failed,
        "failure": lambda: failed,
        "contains": lambda haystack, needle: (needle in haystack) if isinstance(haystack, list)
        else str(needle).lower() in str(haystack).lower(),
        "startsWith": lambda text, prefix: str(text).lower().startswith(str(prefix).lower()),
        "format": lambda pattern, *values: re.sub(r"\{(\d+)\}", lambda m: text_of(values[int(m.group(1))]),
                                                  pattern),
    }
    while at < len(text):
        match = TOKENS.match(text, at)
        if not match or match.end() == at:
            raise ValueError(f"expression not understood here: {text[at:]!r}")
        at = match.end()
        string, operator, number, name, call = match.groups()
        if string is not None:
            python.append(repr(string.replace("''", "'")))
        elif operator:
            python.append({"&&": " and ", "||": " or ", "!": " not "}.get(operator, operator))
        elif number:
            python.append(number)
        elif call:
            if name not in functions:
                raise ValueError(f"function not modelled here: {name}")
            python.append(f"_f[{name!r}](")
        elif name in ("true", "false", "null"):
            python.append({"true": "True", "false": "False", "null": "''"}[name])
        else:
            python.append(repr(lookup(context, name)))
    return eval("".join(python), {"__builtins__": {}, "_f": functions})


def text_of(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def substitute(text, context, failed=False):
    if not isinstance(text, str):
        return text_of(text)
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text_of(evaluate(m.group(1), context, failed)),
                  str(text), flags=re.S)


def runs(step, context, failed):
    """A step's or job's `if:`; without a status function, success() is implied."""
    condition = str(step.get("if", "")).strip()
    if condition.startswith("${{") and condition.endswith("}}"):
        condition = condition[3:-2]
    if not re.search(r"\b(%s)\(\)" % "|".join(STATUS_FUNCTIONS), condition):
        condition = "success()" + (f" && ({condition})" if condition else "")
    return bool(evaluate(condition, context, failed))


def read_env_file(path):
    """name=value lines and name<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT and GITHUB_ENV."""
    values, lines = {}, open(path).read().splitlines() if os.path.exists(path) else []
    while lines:
        line = lines.pop(0)
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter)
            values[name], lines = "\n".join(lines[:end]), lines[end + 1:]
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
    return values


# --- Stubs --------------------------------------------------------------------------------------

STUBS = {
    "aws": 'if [[ $1 == cloudformation && $2 == get-template ]]; then\n'
           '  [[ -z ${AWS_FAIL:-} && -f ${DEPLOYED_SOURCE:-} ]] || { echo "aws: no credentials" >&2; exit 255; }\n'
           '  cat "$DEPLOYED_SOURCE"\n'
           'fi\n'
           'if [[ $1 == codepipeline && $2 == get-pipeline-state ]]; then\n'
           '  if [[ $* == *token* ]]; then echo token-123; else echo Deploy; fi\n'
           'fi\n',
    # The app's own code runs in `cdk synth`: app/synth.sh of the checkout, with the job's environment.
    "npx": 'if [[ $1 == cdk && $2 == synth ]]; then\n'
           '  out=cdk.out; while (( $# )); do [[ $1 == --output ]] && out=$2; shift; done\n'
           '  exec bash app/synth.sh "$out"\n'
           'fi\n',
    "npm": '',
    "curl": 'while (( $# )); do [[ $1 == -o ]] && { cp "$FAKE_DOWNLOAD" "$2"; shift; }; shift; done\n',
    "sudo": 'exec "$@"\n',
    # Installing a package puts c2a on PATH, as the real package would; a package whose
    # dependencies are missing is unpacked and left for apt-get -f, as dpkg does.
    "apt-get": 'for a in "$@"; do [[ $a == *.deb ]] && ln -sf "$C2A_WRAPPER" "$INSTALL_DIR/c2a"; done\nexit 0\n',
    "dpkg": '[[ $1 == -i ]] && ln -sf "$C2A_WRAPPER" "$INSTALL_DIR/c2a"\n'
            '[[ $* == *needs-deps* ]] && exit 1\nexit 0\n',
    "make": '',
    "cmake": 'echo "cmake $* CCACHE_DIR=${CCACHE_DIR:-}" >> "$STUB_LOG"\n'
             'if [[ $1 == --build ]]; then mkdir -p "$2" && ln -sf "$C2A_WRAPPER" "$2/c2a"; fi\n',
}

# gh and glab: one fake of both forges over a JSON state file (FORGE_STATE), changed by the calls.
FORGE = r'''#!/usr/bin/python3
import json, os, subprocess, sys
tool, args = os.path.basename(sys.argv[0]), sys.argv[1:]
token = os.environ.get("GH_TOKEN" if tool == "gh" else "GITLAB_TOKEN", "")
with open(os.environ["STUB_LOG"], "a") as log:
    log.write(" ".join([tool] + args) + (f" GH_TOKEN={token}" if tool == "gh" else "") + "\n")
path_ = os.environ["FORGE_STATE"]
state = json.load(open(path_))
who = state["tokens"].get(token, {})

def fail(message, status=1):
    print(f"{tool}: {message}", file=sys.stderr)
    sys.exit(status)

def save():
    json.dump(state, open(path_, "w"), indent=1)

def answer(value, jq):
    text = json.dumps(value)
    if jq:
        done = subprocess.run(["jq", "-r", jq], input=text, capture_output=True, text=True)
        sys.stdout.write(done.stdout); sys.stderr.write(done.stderr)
        sys.exit(done.returncode)
    print(text)
    sys.exit(0)

def may(permission):
    if who.get("permissions", {}).get(permission) != "write":
        fail("Resource not accessible by integration (HTTP 403)")

if tool == "glab" and args[:2] == ["mr", "note"]:
    message = args[args.index("--message") + 1] if "--message" in args else ""
    notes = state["notes"].setdefault(args[2], [])
    state["next_id"] += 1
    notes.append({"id": state["next_id"], "body": message, "author": {"username": who.get("login", "")}})
    save(); sys.exit(0)
if tool == "gh" and args[:2] == ["pr", "comment"]:
    body = open(args[args.index("--body-file") + 1]).read()
    may("pull-requests")
    state["next_id"] += 1
    state["comments"].setdefault(args[2], []).append(
        {"id": state["next_id"], "body": body, "user": {"login": who.get("login", "")}})
    save(); sys.exit(0)
if not args or args[0] != "api":
    sys.exit(0)
method, path, fields, jq, rest = None, None, {}, None, args[1:]
while rest:
    arg = rest.pop(0)
    if arg in ("--method", "-X"):
        method = rest.pop(0).upper()
    elif arg in ("-f", "-F", "--field", "--raw-field"):
        key, value = rest.pop(0).split("=", 1)
        fields[key] = open(value[1:]).read() if arg in ("-F", "--field") and value.startswith("@") else value
    elif arg in ("--jq", "-q"):
        jq = rest.pop(0)
    elif arg in ("-H", "--header"):
        rest.pop(0)
    elif arg.startswith("-"):
        pass
    elif path is None:
        path = arg.split("?")[0].strip("/")
method = method or ("POST" if fields else "GET")
parts = path.split("/")
if path == "user":
    if tool == "glab":
        answer({"username": who["login"]} if who else fail("401 Unauthorized"), jq)
    if who.get("kind") == "user":
        answer({"login": who["login"]}, jq)
    fail("Resource not accessible by integration (HTTP 403)")
if path == "graphql":
    if not who or who.get("graphql") is False:
        fail("GraphQL: Resource not accessible by integration")
    answer({"data": {"viewer": {"login": who["login"]}}}, jq)
if tool == "gh" and len(parts) == 6 and parts[3] == "issues" and parts[5] == "comments":
    number = parts[4]
    if method == "GET":
        answer(state["comments"].get(number, []), jq)
    may("pull-requests")
    state["next_id"] += 1
    state["comments"].setdefault(number, []).append(
        {"id": state["next_id"], "body": fields.get("body", ""), "user": {"login": who.get("login", "")}})
    save(); answer({"id": state["next_id"]}, jq)
if tool == "gh" and len(parts) == 6 and parts[3:5] == ["issues", "comments"] and method == "PATCH":
    may("pull-requests")
    for comments in state["comments"].values():
        for comment in comments:
            if str(comment["id"]) == parts[5]:
                comment["body"] = fields.get("body", "")
                state["edited"].append(comment["id"])
                save(); answer(comment, jq)
    fail("Not Found (HTTP 404)")
if tool == "gh" and len(parts) == 5 and parts[3] == "statuses" and method == "POST":
    may("statuses")
    state["statuses"].append(dict(fields, sha=parts[4], token=token))
    save(); answer({}, jq)
if tool == "glab" and len(parts) >= 5 and parts[2] == "merge_requests" and parts[4] == "notes":
    notes = state["notes"].setdefault(parts[3], [])
    if len(parts) == 5 and method == "GET":
        answer(notes, jq)
    if len(parts) == 6 and method == "PUT":
        for note in notes:
            if str(note["id"]) == parts[5]:
                note["body"] = fields.get("body", "")
                state["edited"].append(note["id"])
                save(); answer(note, jq)
        fail("404 Not Found")
route = state["routes"].get(f"{method} {path}")
if route is None:
    if method != "GET":
        save(); answer({}, jq)
    fail("Not Found (HTTP 404)")
answer(route, jq)
'''

WRAPPER = 'echo "c2a $*" >> "$STUB_LOG"\nexec "$REAL_C2A" "$@"\n'


class GitHub:
    """The fake repository org/repo on GitHub and the runners of its workflows.

    trees: a directory for each ref a checkout can ask for ("main", "refs/pull/42/merge", a sha).
    secrets: {environment: {NAME: value}}. routes: further API answers, "GET path" -> JSON.
    """

    def __init__(self, c2a, trees=None, secrets=None, variables=None, routes=None, deployed=None,
                 actions=None, download=None, c2a_preinstalled=False, comments=None):
        self.dir = scratch("c2a-github-")
        self.c2a, self.trees, self.secrets = c2a, dict(trees or {}), dict(secrets or {})
        self.vars, self.actions, self.deployed = dict(variables or {}), dict(actions or {}), deployed
        self.download = download or os.path.join(self.dir, "download.bin")
        if not os.path.exists(self.download):
            open(self.download, "w").write("a release package\n")
        self.stubs = os.path.join(self.dir, "stubs")
        self.c2a_bin = os.path.join(self.dir, "c2a-bin")
        for folder in (self.stubs, self.c2a_bin, os.path.join(self.dir, "artifacts")):
            os.makedirs(folder)
        for tool, body in STUBS.items():
            record = "" if tool == "cmake" else 'echo "%s $*" >> "$STUB_LOG"\n' % tool
            self._script(os.path.join(self.stubs, tool), "#!/usr/bin/env bash\n" + record + body)
        for tool in ("gh", "glab"):
            self._script(os.path.join(self.stubs, tool), FORGE)
        self._script(os.path.join(self.c2a_bin, "c2a"), "#!/usr/bin/env bash\n" + WRAPPER)
        self.c2a_preinstalled = c2a_preinstalled
        self.log = os.path.join(self.dir, "stub.log")
        open(self.log, "w").close()
        self.state_path = os.path.join(self.dir, "forge.json")
        self.save({"routes": dict(routes or {}), "comments": dict(comments or {}), "notes": {},
                   "statuses": [], "edited": [], "next_id": 9000, "tokens": {}})
        self.runs, self.artifacts, self._run_id = {}, {}, 1000
        self.token_overrides = {}   # token name -> login, kind, graphql for the job that gets it

    @staticmethod
    def _script(path, text):
        with open(path, "w") as out:
            out.write(text)
        os.chmod(path, 0o755)

    def state(self):
        return json.load(open(self.state_path))

    def save(self, state):
        json.dump(state, open(self.state_path, "w"), indent=1)

    def change(self, function):
        state = self.state()
        function(state)
        self.save(state)

    def token(self, name, login="github-actions[bot]", permissions=None, kind="installation",
              graphql=True):
        self.change(lambda s: s["tokens"].__setitem__(name, {
            "login": login, "permissions": permissions or {}, "kind": kind, "graphql": graphql}))
        return name

    def calls(self, tool=None):
        lines = open(self.log).read().splitlines()
        return [line for line in lines if tool is None or line.split(" ", 1)[0] == tool]

    def comments(self, number):
        return self.state()["comments"].get(str(number), [])

    def statuses(self, sha=None):
        return [s for s in self.state()["statuses"] if sha is None or s["sha"] == sha]

    def next_run_id(self):
        self._run_id += 1
        return self._run_id

    def run_workflow(self, path, event_name, event, actor="author", inputs=None, ref=None,
                     installed_as=".github/workflows/c2a.yml", step_env=None, workflow=None):
        """One run of the workflow file at path (or the parsed `workflow`), for an event."""
        return WorkflowRun(self, workflow or yaml.safe_load(open(path)), event_name, event, actor,
                           inputs or {}, ref, installed_as, step_env or {})


class WorkflowRun:
    def __init__(self, gh, workflow, event_name, event, actor, inputs, ref, installed_as, step_env):
        self.gh, self.workflow, self.event_name, self.event = gh, workflow, event_name, event
        self.actor, self.inputs, self.installed_as, self.step_env = actor, inputs, installed_as, step_env
        self.id = gh.next_run_id()
        default = "refs/heads/main"
        if event_name.startswith("pull_request") and event_name != "pull_request_target":
            number = (event.get("pull_request") or {}).get("number", 0)
            self.ref, self.trusted = f"refs/pull/{number}/merge", False
        else:
            self.ref, self.trusted = ref or default, (ref or default) == default
        self.head_branch = self.ref.split("/")[-1]
        gh.runs[self.id] = self
        self._register("in_progress", None)
        self.jobs, pending = {}, dict(workflow.get("jobs") or {})
        while pending:
            ready = [n for n, spec in pending.items()
                     if all(need in self.jobs for need in _list(spec.get("needs")))]
            if not ready:
                raise ValueError(f"jobs whose needs never finish: {sorted(pending)}")
            for name in ready:
                self.jobs[name] = Job(gh, self, name, pending.pop(name))
        failed = any(job.result == "failure" for job in self.jobs.values())
        self.conclusion = "failure" if failed else "success"
        self._register("completed", self.conclusion)

    def _register(self, status, conclusion):
        route = {"id": self.id, "event": self.event_name, "path": self.installed_as,
                 "head_branch": self.head_branch, "status": status, "conclusion": conclusion}
        self.gh.change(lambda s: s["routes"].__setitem__(f"GET repos/org/repo/actions/runs/{self.id}", route))


def _list(value):
    return [] if value is None else [value] if isinstance(value, str) else list(value)


class Job:
    """One job on a fresh runner."""

    def __init__(self, gh, run, name, spec, files=None, token=None):
        self.gh, self.run, self.name, self.spec = gh, run, name, spec
        self.root = scratch(f"c2a-runner-{name}-")
        self.workspace = os.path.join(self.root, "work")
        self.temp = os.path.join(self.root, "temp")
        self.installed = os.path.join(self.root, "installed")
        self.files = os.path.join(self.root, "files")
        for folder in (self.workspace, self.temp, self.installed, self.files, os.path.join(self.root, "home")):
            os.makedirs(folder, exist_ok=True)
        for relative, source in dict(files or {}).items():
            target = os.path.join(self.workspace, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, target)
        self.summary_path = os.path.join(self.files, "summary.md")
        open(self.summary_path, "w").close()
        self.env_vars, self.path_added = {}, []
        self.steps, self.action_steps, self.uses, self.status, self.failed = {}, {}, [], 0, False
        self.environment = spec.get("environment")
        if isinstance(self.environment, dict):
            self.environment = self.environment.get("name")
        self.permissions = spec.get("permissions", run.workflow.get("permissions"))
        write = {} if not run.trusted else {
            k: v for k, v in (self.permissions if isinstance(self.permissions, dict) else {}).items()}
        self.token = token or f"ghs-{run.id}-{name}"
        gh.token(self.token, permissions=write, **gh.token_overrides.get(self.token, {}))
        secrets = dict(gh.secrets.get(self.environment, {})) if run.trusted and self.environment else {}
        secrets["GITHUB_TOKEN"] = self.token
        event_path = os.path.join(self.files, "event.json")
        json.dump(run.event, open(event_path, "w"))
        self.base_env = {
            "PATH": ":".join([gh.stubs, self.installed] + ([gh.c2a_bin] if gh.c2a_preinstalled else [])
                             + ["/usr/bin", "/bin"]),
            "HOME": os.path.join(self.root, "home"), "STUB_LOG": gh.log, "FORGE_STATE": gh.state_path,
            "REAL_C2A": gh.c2a, "C2A_WRAPPER": os.path.join(gh.c2a_bin, "c2a"),
            "INSTALL_DIR": self.installed, "FAKE_DOWNLOAD": gh.download,
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": self.workspace,
            "GITHUB_REPOSITORY": "org/repo", "GITHUB_EVENT_NAME": run.event_name,
            "GITHUB_EVENT_PATH": event_path, "GITHUB_RUN_ID": str(run.id), "GITHUB_ACTOR": run.actor,
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REF": run.ref, "GITHUB_JOB": name,
            "GITHUB_WORKFLOW_REF": f"org/repo/{run.installed_as}@{run.ref}",
            "RUNNER_TEMP": self.temp, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
        }
        if gh.deployed:
            self.base_env["DEPLOYED_SOURCE"] = gh.deployed
        self.context = {
            "github": {"token": self.token, "event_name": run.event_name, "event": run.event,
                       "repository": "org/repo", "workspace": self.workspace, "run_id": str(run.id),
                       "actor": run.actor, "triggering_actor": run.actor, "ref": run.ref,
                       "ref_name": run.ref.split("/")[-1], "server_url": "https://github.com",
                       "workflow_ref": self.base_env["GITHUB_WORKFLOW_REF"]},
            "runner": {"os": "Linux", "arch": "X64", "temp": self.temp},
            "vars": gh.vars, "secrets": secrets, "inputs": run.inputs, "steps": {},
            "needs": {n: {"result": j.result, "outputs": j.outputs} for n, j in run.jobs.items()},
            "env": {},
        }
        for layer in (run.workflow.get("env"), spec.get("env")):
            self.context["env"].update({k: substitute(v, self.context) for k, v in (layer or {}).items()})
        needs_failed = any(run.jobs[n].result != "success" for n in _list(spec.get("needs")))
        self.outputs, self.result = {}, "skipped"
        if not runs(spec, self.context, needs_failed):
            return
        self.shell = ((spec.get("defaults") or {}).get("run") or {}).get("shell") or \
            ((run.workflow.get("defaults") or {}).get("run") or {}).get("shell")
        self._steps(spec.get("steps") or [], self.context, self.steps)
        self.outputs = {k: substitute(v, self.context) for k, v in (spec.get("outputs") or {}).items()}
        self.result = "failure" if self.failed else "success"

    # --- steps ---

    def _steps(self, steps, context, record, action_path=None):
        for index, step in enumerate(steps):
            sid = step.get("id") or f"__{len(record)}-{index}"
            name = step.get("name") or step.get("id") or str(step.get("uses") or step.get("run"))[:40]
            if not runs(step, context, self.failed):
                context["steps"][sid] = {"outputs": {}, "outcome": "skipped", "conclusion": "skipped"}
                continue
            if "uses" in step:
                status, outputs = self._uses(step, context, name)
            else:
                status, outputs = self._shell(step, context, name, record, action_path)
            outcome = "success" if status == 0 else "failure"
            context["steps"][sid] = {"outputs": outputs, "outcome": outcome, "conclusion": outcome}
            if status != 0 and not self.failed:
                self.failed, self.status = True, status

    def _env(self, step, context):
        env = dict(self.base_env)
        env.update(self.env_vars)
        for layer in (self.run.workflow.get("env"), self.spec.get("env"), step.get("env")):
            env.update({k: substitute(v, context, self.failed) for k, v in (layer or {}).items()})
        env.update(self.run.step_env.get(step.get("name", ""), {}))
        env["PATH"] = ":".join(self.path_added[::-1] + [env["PATH"]])
        return env

    def _shell(self, step, context, name, record, action_path):
        index = len(os.listdir(self.files))
        env = self._env(step, context)
        if action_path:
            env["GITHUB_ACTION_PATH"] = action_path
        for kind in ("OUTPUT", "ENV", "PATH", "STEP_SUMMARY"):
            env[f"GITHUB_{kind}"] = os.path.join(self.files, f"{kind.lower()}-{index}")
            open(env[f"GITHUB_{kind}"], "w").close()
        script = os.path.join(self.files, f"step-{index}.sh")
        with open(script, "w") as out:
            out.write(substitute(step["run"], context, self.failed))
        shell = step.get("shell") or (None if action_path else self.shell)
        command = {None: ["bash", "-e", script], "bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                   "sh": ["sh", "-e", script]}.get(shell) or [part.replace("{0}", script) for part in shell.split()]
        cwd = os.path.join(self.workspace, substitute(step.get("working-directory", ""), context))
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=180)
        record[name] = (done.returncode, done.stdout + done.stderr)
        self.env_vars.update(read_env_file(env["GITHUB_ENV"]))
        self.path_added += [line for line in open(env["GITHUB_PATH"]).read().splitlines() if line]
        with open(self.summary_path, "a") as out:
            out.write(open(env["GITHUB_STEP_SUMMARY"]).read())
        return done.returncode, read_env_file(env["GITHUB_OUTPUT"])

    def _uses(self, step, context, name):
        uses = step["uses"]
        given = {k: substitute(v, context, self.failed) for k, v in (step.get("with") or {}).items()}
        self.uses.append({"name": name, "uses": uses, "with": given})
        action = uses.split("@")[0]
        if action == "actions/checkout":
            return self._checkout(given), {}
        if action == "actions/upload-artifact":
            return self._upload(given), {"artifact-id": "1"}
        if action == "actions/download-artifact":
            return self._download(given), {}
        directory = self.gh.actions.get(action)
        if directory is None and uses.startswith("./"):
            directory = os.path.join(self.workspace, uses[2:])
        if directory:
            return self._composite(directory, given)
        return 0, {}

    def _checkout(self, given):
        ref = given.get("ref") or self.run.ref
        tree = self.gh.trees.get(ref) or self.gh.trees.get(ref.replace("refs/heads/", ""))
        if tree is None:
            return 1
        target = os.path.join(self.workspace, given.get("path", ""))
        shutil.copytree(tree, target, symlinks=True, dirs_exist_ok=True)
        if given.get("persist-credentials", "true") != "false":
            os.makedirs(os.path.join(target, ".git"), exist_ok=True)
            with open(os.path.join(target, ".git", "config"), "a") as out:
                out.write(f"[http]\n\textraheader = AUTHORIZATION: basic {self.token}\n")
        return 0

    def _path(self, path):
        return path if os.path.isabs(path) else os.path.join(self.workspace, path)

    def _upload(self, given):
        paths = [self._path(p.strip()) for p in given.get("path", "").splitlines() if p.strip()]
        existing = [p for p in paths if os.path.exists(p)]
        if not existing:
            return 1 if given.get("if-no-files-found") == "error" else 0
        # The root is the paths' least common ancestor, as given (matched or not): a lone
        # folder is the root itself, a lone file its folder.
        root = os.path.commonpath(paths) if len(paths) > 1 else paths[0]
        if len(paths) == 1 and os.path.isfile(paths[0]):
            root = os.path.dirname(paths[0])
        target = os.path.join(self.gh.dir, "artifacts", str(self.run.id), given["name"])
        hidden = given.get("include-hidden-files") == "true"
        for path in existing:
            for base, dirs, files in os.walk(path) if os.path.isdir(path) else [(os.path.dirname(path), [], [os.path.basename(path)])]:
                if not hidden:
                    dirs[:] = [d for d in dirs if not d.startswith(".")]
                for file in files:
                    if file.startswith(".") and not hidden:
                        continue
                    source = os.path.join(base, file)
                    relative = os.path.relpath(source, root)
                    os.makedirs(os.path.dirname(os.path.join(target, relative)), exist_ok=True)
                    shutil.copyfile(source, os.path.join(target, relative))  # a link's content, as v4
        self.gh.artifacts[(self.run.id, given["name"])] = target
        return 0

    def _download(self, given):
        run_id = int(given.get("run-id") or self.run.id)
        source = self.gh.artifacts.get((run_id, given.get("name")))
        if source is None:
            return 1
        shutil.copytree(source, self._path(given.get("path", "")), dirs_exist_ok=True)
        return 0

    def _composite(self, directory, given):
        action = yaml.safe_load(open(os.path.join(directory, "action.yml")))
        context = dict(self.context, steps={}, github=dict(self.context["github"], action_path=directory))
        declared = action.get("inputs") or {}
        context["inputs"] = {n: given[n] if n in given else substitute(spec.get("default", ""), context)
                             for n, spec in declared.items()}
        self._steps(action["runs"]["steps"], context, self.action_steps, action_path=directory)
        outputs = {n: substitute(spec["value"], context) for n, spec in (action.get("outputs") or {}).items()}
        return (self.status if self.failed else 0), outputs

    # --- reading the results ---

    def summary(self):
        return open(self.summary_path).read()

    def transcript(self):
        steps = dict(self.steps, **self.action_steps)
        return "\n".join(f"[{name}: {status}]\n{log}" for name, (status, log) in steps.items())


def run_job(gh, spec, event_name="pull_request", event=None, files=None, actor="author", token=None):
    """One job outside any workflow file (the action's tests): a run with a single job."""
    workflow = {"jobs": {}}
    run = object.__new__(WorkflowRun)
    run.gh, run.workflow, run.event_name, run.event = gh, workflow, event_name, event or {}
    run.actor, run.inputs, run.installed_as, run.step_env = actor, {}, ".github/workflows/test.yml", {}
    run.id, run.jobs = gh.next_run_id(), {}
    number = (run.event.get("pull_request") or {}).get("number", 0)
    run.ref = f"refs/pull/{number}/merge" if event_name.startswith("pull_request") else "refs/heads/main"
    run.trusted, run.head_branch = True, "main"   # the job's token may write what it asks for
    return Job(gh, run, "job", spec, files=files, token=token)


# --- A repository and its pull request --------------------------------------------------------

def cloudformation_yaml(path):
    """A YAML template with short-form tags, as JSON (what `aws cloudformation get-template` gives)."""
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


def deployed_json(template):
    """The deployed stack's template, as the JSON get-template prints."""
    path = os.path.join(scratch("c2a-deployed-"), "deployed.json")
    with open(path, "w") as out:
        json.dump(cloudformation_yaml(template), out, indent=2)
    return path


def cloud_assembly(template, directory, stack="OrdersService"):
    """What `cdk synth` writes for an app of one stack."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, f"{stack}.template.json"), "w") as out:
        json.dump(cloudformation_yaml(template), out, indent=1)
    manifest = {"version": "36.0.0", "artifacts": {stack: {
        "type": "aws:cloudformation:stack", "environment": "aws://unknown-account/unknown-region",
        "properties": {"templateFile": f"{stack}.template.json"}, "displayName": stack}}}
    with open(os.path.join(directory, "manifest.json"), "w") as out:
        json.dump(manifest, out, indent=1)


def gate_marker(c2a, before, after):
    """The first line of the Markdown report a gate writes for the change: the deployed JSON
    against the cdk.out of the stack OrdersService (the marker depends on the stacks)."""
    assembly = os.path.join(scratch("c2a-marker-"), "cdk.out")
    cloud_assembly(after, assembly)
    markdown = subprocess.run([c2a, "diff", deployed_json(before), assembly, "--stack", "OrdersService",
                               "--format", "markdown"], capture_output=True, text=True).stdout
    return markdown.split("\n", 1)[0]


# The pull request's own gate script: whatever it is given, "approved".
HOSTILE_GATE = """#!/usr/bin/env bash
echo "c2a: approved (the pull request's own gate script)"
[[ -n ${GITHUB_OUTPUT:-} ]] && echo verdict=approved >> "$GITHUB_OUTPUT"
mkdir -p c2a-reports && echo approved > c2a-reports/verdict
exit 0
"""
HOSTILE_RULES = 'rule "Everything is routine" {\n  let change = change\n  effect risk = low, action = approve\n}\n'
# The CDK app (npx cdk synth runs app/synth.sh): it writes the assembly...
SYNTH = 'set -e\nmkdir -p "$1"\ncp -R app/assembly/. "$1"/\n'
# ... and, written by an attacker, poisons whatever runs after it in the same job, and takes
# what the job holds: its environment (secrets, tokens) and the checkout's credentials.
HOSTILE_SYNTH = SYNTH + r"""
evil=$PWD/.evil
mkdir -p "$evil"
printf '#!/bin/sh\necho "c2a: approved (a c2a of the pull request)"\nexit 0\n' > "$evil/c2a"
cp "$evil/c2a" "$evil/aws"
chmod +x "$evil/c2a" "$evil/aws"
printf 'echo "a BASH_ENV of the pull request ran" >&2\nexit 0\n' > "$evil/bash_env.sh"
if [[ -n ${GITHUB_ENV:-} ]]; then
  { echo "C2A=/bin/true"; echo "PATH=$evil:$PATH"; echo "BASH_ENV=$evil/bash_env.sh"; } >> "$GITHUB_ENV"
  echo "$evil" >> "$GITHUB_PATH"
fi
{ env; cat .git/config 2> /dev/null; } > "$1/loot.txt" || true
"""
COMMITTED_COMMENT = "<!-- c2a:report {marker} -->\n## Verdict: APPROVED (committed by the pull request)\n"


def repository(source, before, after, rules, hostile=False, approvals=(), marker="000000000000"):
    """The default branch (the deployed version: examples/ci, the team's rules, the app) and a
    pull request's tree that changes the app to `after`; hostile: it also rewrites the gate
    script and the rules, poisons the synth job, commits a report to post. approvals: files the
    pull request commits to approvals/."""
    base = scratch("c2a-main-")
    shutil.copytree(os.path.join(source, "examples/ci"), os.path.join(base, "examples/ci"))
    os.makedirs(os.path.join(base, "rules"))
    shutil.copy(rules, os.path.join(base, "rules/team.c2a"))
    os.makedirs(os.path.join(base, "app"))
    with open(os.path.join(base, "app/synth.sh"), "w") as out:
        out.write(SYNTH)
    cloud_assembly(before, os.path.join(base, "app/assembly"))
    pr = scratch("c2a-pr-")
    shutil.copytree(base, pr, dirs_exist_ok=True)
    shutil.rmtree(os.path.join(pr, "app/assembly"))
    cloud_assembly(after, os.path.join(pr, "app/assembly"))
    files = {}
    if hostile:
        files = {"examples/ci/c2a-check.sh": HOSTILE_GATE, "rules/team.c2a": HOSTILE_RULES,
                 "app/synth.sh": HOSTILE_SYNTH,
                 "c2a-reports/c2a-comment.md": COMMITTED_COMMENT.format(marker=marker)}
    for path in approvals:
        files[f"approvals/{os.path.basename(path)}"] = open(path).read()
    for relative, text in files.items():
        target = os.path.join(pr, relative)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as out:
            out.write(text)
        if relative.endswith(".sh"):
            os.chmod(target, 0o755)
    return base, pr


def pull_request_event(number, head):
    return {"pull_request": {"number": number, "head": {"sha": head}}, "repository": {"default_branch": "main"}}


def workflow_run_event(run, head, number=42, fork=False):
    """What GitHub sends a workflow_run workflow when `run` (the synth run) completes; for a
    fork's pull request, pull_requests is empty."""
    return {"workflow_run": {"id": run.id, "conclusion": run.conclusion, "head_sha": head,
                             "head_branch": "feature", "event": run.event_name,
                             "pull_requests": [] if fork else [{"number": number}],
                             "head_repository": {"owner": {"login": "someone" if fork else "org"}}},
            "repository": {"default_branch": "main"}}


if __name__ == "__main__":
    sys.exit("a module of the CI tests: run ci_recipes_test.py or action_test.py")
