#!/usr/bin/python3
"""Checks the machine-read reports against what their readers require.

    validate_reports.py SOURCE_DIR C2A_BINARY

- JSON: every tests/cases/report/*/expected.json and fresh `c2a diff --format json` outputs
  validate against docs/report.schema.json (draft 2020-12, Debian's python3-jsonschema; run it
  with /usr/bin/python3, a pyenv `python3` may not have it).
- SARIF: every expected.sarif and fresh `--format sarif` output has what code-scanning services
  require (version, $schema, driver name, rule ids that exist, messages, locations with a URI and
  a line >= 1, partial fingerprints).
- JUnit: every expected.xml and fresh `--format junit` output is well-formed XML whose counts
  match its test cases.

Fresh outputs: the bundled example, and every diff/rules/report case of tests/cases. The last
line is `N passed, N failed`; the exit status is 1 on any failure.

- Rule tests (`c2a rules test --format junit|json`): every tests/cases/rule-tests/*/expected.xml
  and expected.json, and fresh runs of the example's, the presets' and those cases' test files:
  JUnit as above, JSON against docs/rule-tests.schema.json, totals that match the cases, and the
  two formats counting the same.
"""
import copy
import json
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("validate_reports.py: python3-jsonschema is missing (make deps installs it); "
             "run this with /usr/bin/python3")

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVELS = {"error", "warning", "note", "none"}
# A URI reference: RFC 3986 characters only, percent-escapes complete (no raw space, no '\').
URI = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#]|%[0-9A-F]{2})+$")
VERDICT_EXIT = {0, 1, 2}


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def record(self, name, problems):
        if problems:
            self.failed += 1
            print(f"FAIL {name}")
            for problem in problems[:10]:
                print(f"  {problem}")
        else:
            self.passed += 1
            print(f"ok   {name}")


# ---- JSON ----------------------------------------------------------------------------------------


def json_problems(validator, text):
    try:
        report = json.loads(text)
    except json.JSONDecodeError as error:
        return [f"not JSON: {error}"]
    # Golden files keep stand-ins for what changes with every edit of a case (cases_test.cpp).
    for source in report.get("tool", {}).get("sources", []):
        if source.get("sha256") == "(sha256)":
            source["sha256"] = "0" * 64
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:300]}"
        for error in validator.iter_errors(report)
    ]


def schema_is_strict(validator, text):
    """A misspelt field must fail: the schema is closed where the shape is."""
    report = json.loads(text)
    problems = []
    mutations = {
        "top-level typo": lambda r: r.__setitem__("chnages", []),
        "change typo": lambda r: r["changes"][0].__setitem__("rsik", "low"),
        "bad risk": lambda r: r["changes"][0].__setitem__("risk", "medium"),
        "bad fingerprint": lambda r: r.__setitem__("fingerprint", "sha256:XYZ"),
        "location typo": lambda r: r["changes"][0]["location"].__setitem__("afer", {"file": "x"}),
        "gate typo": lambda r: r["gate"].__setitem__("failon", "high"),
        "bad fail-on": lambda r: r["gate"].__setitem__("failOn", "sometimes"),
        "approval typo": lambda r: r.__setitem__("approvals", [{"file": "a", "by": "b"}]),
        "plan typo": lambda r: r["plan"][0].__setitem__("waves", []),
        "bad plan action": lambda r: r["plan"][0]["update"][0]["steps"][0].__setitem__(
            "action", "recreate"),
    }
    for name, mutate in mutations.items():
        broken = copy.deepcopy(report)
        mutate(broken)
        if validator.is_valid(broken):
            problems.append(f"the schema accepts a report with a {name}")
    return problems


# ---- SARIF ---------------------------------------------------------------------------------------


def result_problems(run, rules, where, result):
    problems = []
    rule_id = result.get("ruleId")
    if rule_id not in rules:
        problems.append(f"{where}: ruleId {rule_id!r} is not in tool.driver.rules")
    if "ruleIndex" in result:
        index = result["ruleIndex"]
        descriptors = run["tool"]["driver"]["rules"]
        if not isinstance(index, int) or not 0 <= index < len(descriptors) or \
                descriptors[index].get("id") != rule_id:
            problems.append(f"{where}: ruleIndex {index!r} does not name rule {rule_id!r}")
    if result.get("level", "warning") not in SARIF_LEVELS:
        problems.append(f"{where}: level {result.get('level')!r}")
    text = result.get("message", {}).get("text")
    if not isinstance(text, str) or not text.strip():
        problems.append(f"{where}: no message.text")
    locations = result.get("locations") or []
    if not locations:
        problems.append(f"{where}: no location")
    bases = run.get("originalUriBaseIds", {})
    for location in locations + result.get("relatedLocations", []):
        physical = location.get("physicalLocation", {})
        artifact = physical.get("artifactLocation", {})
        uri = artifact.get("uri")
        if not isinstance(uri, str) or not URI.match(uri):
            problems.append(f"{where}: artifactLocation.uri {uri!r} is not a URI reference")
        if "uriBaseId" in artifact and artifact["uriBaseId"] not in bases:
            problems.append(f"{where}: uriBaseId {artifact['uriBaseId']!r} not in originalUriBaseIds")
        region = physical.get("region", {})
        line = region.get("startLine")
        if not isinstance(line, int) or line < 1:
            problems.append(f"{where}: region.startLine {line!r}")
        column = region.get("startColumn", 1)
        if not isinstance(column, int) or column < 1:
            problems.append(f"{where}: region.startColumn {column!r}")
    fingerprints = result.get("partialFingerprints")
    if not isinstance(fingerprints, dict) or not fingerprints or \
            not all(isinstance(v, str) and v for v in fingerprints.values()):
        problems.append(f"{where}: no partialFingerprints")
    return problems


def sarif_problems(text):
    try:
        sarif = json.loads(text)
    except json.JSONDecodeError as error:
        return [f"not JSON: {error}"]
    problems = []
    if sarif.get("version") != "2.1.0":
        problems.append(f"version {sarif.get('version')!r}")
    if sarif.get("$schema") != SARIF_SCHEMA:
        problems.append(f"$schema {sarif.get('$schema')!r}")
    runs = sarif.get("runs")
    if not isinstance(runs, list) or not runs:
        return problems + ["no runs"]
    for r, run in enumerate(runs):
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append(f"runs[{r}]: no tool.driver.name")
        ids = [rule.get("id") for rule in driver.get("rules", [])]
        if len(set(ids)) != len(ids) or not all(ids):
            problems.append(f"runs[{r}]: rule ids missing or not unique: {ids}")
        seen = set()
        for i, result in enumerate(run.get("results", [])):
            where = f"runs[{r}].results[{i}]"
            problems += result_problems(run, set(ids), where, result)
            key = (result.get("ruleId"), json.dumps(result.get("partialFingerprints"), sort_keys=True))
            if key in seen:
                problems.append(f"{where}: same rule and fingerprints as an earlier result")
            seen.add(key)
    return problems


# ---- JUnit ---------------------------------------------------------------------------------------


def counts_of(cases):
    failures = sum(1 for case in cases if case.find("failure") is not None)
    skipped = sum(1 for case in cases if case.find("skipped") is not None)
    errors = sum(1 for case in cases if case.find("error") is not None)
    return {"tests": len(cases), "failures": failures, "skipped": skipped, "errors": errors}


def count_problems(element, cases, where):
    problems = []
    for attribute, expected in counts_of(cases).items():
        value = element.get(attribute)
        if value is None or not value.isdigit() or int(value) != expected:
            problems.append(f"{where}: {attribute}={value!r}, its test cases say {expected}")
    return problems


def junit_problems(data):
    if not data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>'):
        return ["no XML declaration with UTF-8"]
    try:
        root = ET.fromstring(data)
    except ET.ParseError as error:
        return [f"not well-formed: {error}"]
    if root.tag != "testsuites":
        return [f"root element <{root.tag}>"]
    problems = count_problems(root, root.findall("testsuite/testcase"), "testsuites")
    for s, suite in enumerate(root.findall("testsuite")):
        where = f"testsuite[{s}] {suite.get('name')!r}"
        if not suite.get("name"):
            problems.append(f"{where}: no name")
        problems += count_problems(suite, suite.findall("testcase"), where)
        for case in suite.findall("testcase"):
            if not case.get("classname") or not case.get("name"):
                problems.append(f"{where}: a testcase without classname or name")
            outcomes = [child for child in case if child.tag in ("failure", "skipped", "error")]
            if len(outcomes) > 1:
                problems.append(f"{where}: testcase {case.get('name')!r} has several outcomes")
            for outcome in outcomes:
                if not outcome.get("message"):
                    problems.append(f"{where}: <{outcome.tag}> without a message")
    return problems


# ---- inputs --------------------------------------------------------------------------------------


def side(case, name):
    """A case's `before` or `after`: a file with any extension, a directory holding
    `template.yaml` or `template.json` (with the nested templates it names), or a directory."""
    matches = sorted(p for p in case.iterdir() if p.name == name or p.stem == name)
    if not matches:
        return None
    for file in ("template.yaml", "template.json"):
        if (matches[0] / file).is_file():
            return matches[0] / file
    return matches[0]


def fresh_runs(root):
    """(name, diff arguments, refused-is-expected) for every fresh report."""
    example = root / "examples/orders-service"
    assembly = root / "tests/cases/model/assembly-nested/input"
    runs = [
        ("example orders-service",
         [example / "before.yaml", example / "after.yaml", "--rules", example / "rules.c2a"], False),
        ("assembly-nested against itself", [assembly, assembly], False),
    ]
    for kind in ("diff", "rules", "report"):
        for case in sorted((root / "tests/cases" / kind).iterdir()):
            before, after = side(case, "before"), side(case, "after")
            if before is None or after is None:
                continue
            args = [before, after]
            for rules in sorted(case.glob("rules.*")):
                args += ["--rules", rules]
            # The values a case deploys each side with (tests/cases/cases_test.cpp).
            for prefix, option in (("parameters.", "--parameters"),
                                   ("before-parameters.", "--before-parameters"),
                                   ("after-parameters.", "--after-parameters")):
                for values in sorted(case.glob(prefix + "*")):
                    args += [option, values]
            if (case / "pseudo.txt").exists():
                for line in (case / "pseudo.txt").read_text().splitlines():
                    key, _, value = line.partition("=")
                    if value:
                        args += ["--" + key, value]
            expected = case / "expected.txt"
            refused = expected.exists() and "\nerror " in "\n" + expected.read_text()
            runs.append((f"{kind}/{case.name}", args, refused))
    return runs


def write_invalid_utf8_case(directory):
    """Templates with what XML and terminals cannot carry as is (U+FFFE, markup, non-ASCII) in a
    value and in a logical id, at an absolute path with a space: every report must stay
    well-formed, URIs encoded. (Bytes that are not UTF-8 are refused by the readers, exit 65:
    tests/cases/hostile.)"""
    before, after = directory / "before.yaml", directory / "after.yaml"
    before.write_bytes(b"Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n"
                       b"    Properties:\n      BucketName: old\n")
    after.write_bytes(b"Resources:\n  Bucket:\n    Type: AWS::S3::Bucket\n    Properties:\n"
                      b"      BucketName: \"bad \xef\xbf\xbe <&> \xc3\xa9 end\"\n"
                      b"  \"Q\xc3\xa9 x\":\n    Type: AWS::SQS::Queue\n")
    return ("invalid UTF-8 at an absolute path", [before, after], False)


def approvals_case(root, binary, directory):
    """The README example with an approvals file that applies (written by `c2a approve`), one
    that does not (another change set's, hand-written, naming a rejected and an unknown change)
    and a baseline refusing a rejection: the approvals, accepted and baseline sections."""
    example = root / "examples/orders-service"
    pair = [example / "before.yaml", example / "after.yaml", "--rules", example / "rules.c2a"]
    report, approvals = directory / "report.json", directory / "approvals.json"
    subprocess.run([binary, "diff", *map(str, pair), "--format", "json", "-o", str(report)],
                   cwd=root, capture_output=True, timeout=60)
    subprocess.run([binary, "approve", str(report), "--by", "alice", "--comment", "ok", "-o",
                    str(approvals)], cwd=root, capture_output=True, timeout=60, check=True)
    # Approvals and baseline entries bind each change to its values (its digest in the report).
    digests = {change["id"]: change["digest"] for change in json.loads(report.read_text())["changes"]}
    zero = "sha256:" + "0" * 64
    stale = directory / "stale.json"
    stale.write_text(json.dumps({"c2aApprovals": 2, "fingerprint": zero, "by": "bob", "changes": [
        {"id": "Resource:ArchiveBucket:REPLACE", "digest": zero}]}))
    edited = json.loads(approvals.read_text())
    edited["changes"] += [
        {"id": "Resource:ArchiveBucket:REPLACE", "digest": digests["Resource:ArchiveBucket:REPLACE"]},
        {"id": "Resource:Nope:INSERT", "digest": zero}]
    (directory / "edited.json").write_text(json.dumps(edited))
    baseline = directory / "baseline.json"
    baseline.write_text(json.dumps({"c2aBaseline": 2, "changes": [
        {"id": "Resource:ArchiveBucket:REPLACE", "digest": digests["Resource:ArchiveBucket:REPLACE"]},
        {"id": "Resource:Gone:INSERT", "digest": zero},
        {"id": "Resource:Worker:Properties.Environment.Variables.ARCHIVE:update", "digest": zero}]}))
    return [("approvals, stale approvals and a baseline",
             pair + ["--approvals", stale, "--approvals", directory / "edited.json",
                     "--baseline", baseline, "--fail-on", "high"], False)]


def run_c2a(root, binary, args, fmt):
    """Paths under the repository are given relative to it, as a pipeline gives them."""
    def shown(arg):
        path = Path(str(arg))
        if path.is_absolute() and path.is_relative_to(root):
            return str(path.relative_to(root))
        return str(arg)
    return subprocess.run([binary, "diff", *map(shown, args), "--format", fmt], cwd=root,
                          capture_output=True, timeout=60)


def consistency_problems(outputs):
    """The three formats of one run tell the same story: SARIF has a result per change that is
    not approved, and a suppressed one per change an approval or acceptance approved; JUnit a
    test case per change."""
    report = json.loads(outputs["json"])
    sarif = json.loads(outputs["sarif"])
    junit = ET.fromstring(outputs["junit"])
    summary = report["summary"]
    problems = []
    all_results = sarif["runs"][0].get("results", [])
    open_results = [r for r in all_results if not r.get("suppressions")]
    results = len(open_results)
    # A change with foreseen failures is one error per failure; the deployment's own failures
    # (no change) are errors of their own.
    failures = report.get("failures", [])
    bound = [f for f in failures if f["changeId"] is not None]
    failing = len({f["changeId"] for f in bound})
    unbound = len(failures) - len(bound)
    extra = len(bound) - failing + unbound  # SARIF errors beyond one per rejected change
    if results != summary["rejected"] + summary["review"] + extra:
        problems.append(f"SARIF has {results} results; the JSON report {summary['rejected']} "
                        f"rejected and {summary['review']} to review, and {len(failures)} "
                        f"failures on {failing} changes")
    accepted = sum(1 for change in report["changes"] if "acceptance" in change)
    suppressed = len(all_results) - results
    if suppressed != accepted:
        problems.append(f"SARIF has {suppressed} suppressed results; the JSON report {accepted} "
                        f"changes approved by approvals or acceptances")
    errors = sum(1 for r in open_results if r.get("level") == "error")
    if errors != summary["rejected"] + extra:
        problems.append(f"SARIF has {errors} errors; the JSON report {summary['rejected']} rejected "
                        f"and {len(failures)} failures on {failing} changes")
    tests, failures = int(junit.get("tests")), int(junit.get("failures"))
    # No change: one passing "No changes" case, unless the deployment itself fails.
    if tests != (summary["changes"] + unbound if unbound else max(summary["changes"], 1)):
        problems.append(f"JUnit has {tests} tests; the JSON report {summary['changes']} changes")
    if failures != summary["rejected"] + summary["review"] + unbound:
        problems.append(f"JUnit has {failures} failures; the JSON report {summary['rejected']} "
                        f"rejected and {summary['review']} to review")
    return problems


# ---- rule tests ----------------------------------------------------------------------------------


def rule_test_json_problems(validator, text):
    problems = json_problems(validator, text)
    if problems:
        return problems
    data = json.loads(text)
    cases, totals = data["cases"], data["totals"]
    counted = {
        "files": len(data["files"]),
        "filesNotRun": sum(1 for f in data["files"] if not f["ran"]),
        "cases": len(cases),
        "passed": sum(1 for c in cases if c["passed"]),
        "failed": sum(1 for c in cases if not c["passed"] and c["error"] is None),
        "notRun": sum(1 for c in cases if c["error"] is not None),
    }
    for key, value in counted.items():
        if totals[key] != value:
            problems.append(f"totals.{key} is {totals[key]}, the files and cases say {value}")
    for c in cases:
        consistent = (not c["passed"] and not c["failures"] if c["error"] is not None
                      else c["passed"] != bool(c["failures"]))
        if not consistent:
            problems.append(f"case {c['name']!r}: passed, failures and error disagree")
    for f in data["files"]:
        if f["ran"] == bool(f["problems"]):
            problems.append(f"file {f['file']!r}: ran and problems disagree")
    return problems


def rule_test_agreement(junit, data):
    """JUnit counts a file that could not be run as one test case in error."""
    root, totals = ET.fromstring(junit), json.loads(data)["totals"]
    expected = {"tests": totals["cases"] + totals["filesNotRun"], "failures": totals["failed"],
                "errors": totals["notRun"] + totals["filesNotRun"]}
    return [f"JUnit {key}={root.get(key)}, the JSON totals say {value}"
            for key, value in expected.items() if int(root.get(key)) != value]


def check_rule_tests(root, binary, checks):
    schema = json.loads((root / "docs/rule-tests.schema.json").read_text())
    try:
        Draft202012Validator.check_schema(schema)
        checks.record("docs/rule-tests.schema.json is a draft 2020-12 schema", [])
    except Exception as error:  # noqa: BLE001 - any schema error is one failure
        checks.record("docs/rule-tests.schema.json is a draft 2020-12 schema", [str(error)[:500]])
        return
    validator = Draft202012Validator(schema)
    cases = root / "tests/cases/rule-tests"
    for path in sorted(cases.glob("*/expected.xml")):
        checks.record(f"rule tests junit {path.relative_to(root)}", junit_problems(path.read_bytes()))
    for path in sorted(cases.glob("*/expected.json")):
        checks.record(f"rule tests json {path.relative_to(root)}",
                      rule_test_json_problems(validator, path.read_text()))
    runs = [("example", [root / "examples/orders-service/rules.tests.yaml"]),
            ("presets", sorted((root / "rules/presets").glob("*.tests.yaml")))]
    for case in sorted(p for p in cases.iterdir() if p.is_dir()):
        listed = case / "files.txt"
        files = ([case / line for line in listed.read_text().split()] if listed.exists()
                 else sorted(case.glob("*tests.yaml")))
        runs.append((f"rule-tests/{case.name}", files))
    for name, files in runs:
        args = [str(f.relative_to(root)) for f in files]
        outputs = {}
        for fmt in ("junit", "json"):
            done = subprocess.run([binary, "rules", "test", "--format", fmt, *args], cwd=root,
                                  capture_output=True, timeout=120)
            if done.returncode not in (0, 1, 65, 66):
                checks.record(f"rule tests {fmt} fresh {name}",
                              [f"exit {done.returncode}: {done.stderr.decode(errors='replace')[:300]}"])
                continue
            problems = (junit_problems(done.stdout) if fmt == "junit" else
                        rule_test_json_problems(validator, done.stdout.decode("utf-8")))
            checks.record(f"rule tests {fmt} fresh {name}", problems)
            if not problems:
                outputs[fmt] = done.stdout
        if len(outputs) == 2:
            checks.record(f"rule tests formats agree: {name}",
                          rule_test_agreement(outputs["junit"], outputs["json"]))


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 64
    root, binary = Path(sys.argv[1]).resolve(), sys.argv[2]
    if not Path(binary).is_file():
        print(f"FAIL no c2a binary at {binary}\n0 passed, 1 failed")
        return 1
    checks = Checks()
    schema = json.loads((root / "docs/report.schema.json").read_text())
    try:
        Draft202012Validator.check_schema(schema)
        checks.record("docs/report.schema.json is a draft 2020-12 schema", [])
    except Exception as error:  # noqa: BLE001 - any schema error is one failure
        checks.record("docs/report.schema.json is a draft 2020-12 schema", [str(error)[:500]])
        return 1
    validator = Draft202012Validator(schema)
    check_of = {
        "json": lambda data: json_problems(validator, data.decode("utf-8")),
        "sarif": lambda data: sarif_problems(data.decode("utf-8")),
        "junit": junit_problems,
    }
    golden = {"json": "expected.json", "sarif": "expected.sarif", "junit": "expected.xml"}

    for fmt, name in golden.items():
        for path in sorted((root / "tests/cases/report").glob(f"*/{name}")):
            checks.record(f"{fmt} {path.relative_to(root)}", check_of[fmt](path.read_bytes()))

    with tempfile.TemporaryDirectory(prefix="c2a reports ") as scratch:
        runs = fresh_runs(root) + [write_invalid_utf8_case(Path(scratch))] + \
            approvals_case(root, binary, Path(scratch))
        for name, args, refused in runs:
            outputs = {}
            for fmt in ("json", "sarif", "junit"):
                done = run_c2a(root, binary, args, fmt)
                if refused and done.returncode not in VERDICT_EXIT:
                    continue  # a case whose rule files c2a must refuse: no report to check
                if done.returncode not in VERDICT_EXIT:
                    stderr = done.stderr.decode(errors="replace")[:300]
                    checks.record(f"{fmt} fresh {name}", [f"exit {done.returncode}: {stderr}"])
                    continue
                problems = check_of[fmt](done.stdout)
                checks.record(f"{fmt} fresh {name}", problems)
                if not problems:
                    outputs[fmt] = done.stdout
            if len(outputs) == 3:
                checks.record(f"formats agree: {name}", consistency_problems(outputs))
            if name == "example orders-service" and "json" in outputs:
                checks.record("json schema refuses typos", schema_is_strict(validator, outputs["json"]))

    check_rule_tests(root, binary, checks)
    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
