#!/usr/bin/python3
"""Browser test of the HTML report (`c2a diff --format html`), in headless Chromium.

It renders the report for the orders-service example, for the security-tables case and for a
hostile template, opens each from a file:// URL and checks what a reader relies on: the page's own
style and script run under its Content-Security-Policy and the browser logs no violation or error,
the aggregation tree renders, the filters hide and show changes (by mouse and by keyboard), the
body of an added or removed component starts folded and opens and closes (by mouse and by
keyboard), the security tables show every row with + and - told apart, a long value shows as a
diff, hostile template text shows as text and runs nothing, nothing is fetched.

Standard library only: it talks to chromedriver's WebDriver HTTP API with urllib.

    tests/browser/html_report_test.py [--c2a build/c2a] [--update-screenshot]

--update-screenshot (or C2A_UPDATE_SCREENSHOT=1) also saves docs/images/html-report.png; without
it the tree is left as it is (CI). Exits non-zero on a failure; the last line is
`N passed, N failed`. Make targets: `make deps-browser`, `make test-browser`.
"""

import argparse
import base64
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference
SPACE = "\ue00d"  # WebDriver's code for the space key
ENTER = "\ue007"  # and for the Enter key

# Markup that would run if a report wrote it unescaped: each sets window.__pwned or alerts.
HOSTILE_ID = 'Bucket<script>window.__pwned=1</script><img src=x onerror=alert(1)>'
HOSTILE_VALUE = ('<script>alert(1)</script><img src=x onerror="window.__pwned=1">'
                 '"><svg onload=window.__pwned=1></details></pre><script>window.__pwned=1</script>'
                 "' onmouseover='window.__pwned=1")


class WebDriverError(Exception):
    pass


class WebDriver:
    """The few WebDriver commands the test needs, over HTTP."""

    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.session = None

    def call(self, method, path, body=None, timeout=30):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{value.get('error')}: {value.get('message', '')[:200]}")

    def start(self, user_data_dir):
        args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={user_data_dir}", "--window-size=1280,1000"]
        capabilities = {"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM,
                                                                        "args": args}}
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": capabilities}},
                          timeout=60)
        self.session = value["sessionId"]

    def stop(self):
        if self.session:
            try:
                self.call("DELETE", f"/session/{self.session}", timeout=10)
            except (WebDriverError, OSError):
                pass
            self.session = None

    def command(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)

    def open(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def element(self, css):
        return self.command("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find(self, script, *args):
        """The element a script returns, or None when it returns null."""
        value = self.run(script, *args)
        return value[ELEMENT] if value else None

    def click(self, css):
        self.click_element(self.element(css))

    def click_element(self, element):
        self.command("POST", f"/element/{element}/click", {})

    def displayed(self, element):
        return self.command("GET", f"/element/{element}/displayed")

    def text(self, element):
        """The text the page renders for an element: empty while it is folded away or hidden."""
        return self.command("GET", f"/element/{element}/text")

    def press(self, element, key):
        """Focuses an element and presses a key on it, as a keyboard user would."""
        self.run("arguments[0].focus()", ref(element))
        keys = [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self.command("POST", "/actions", {"actions": [{"type": "key", "id": "keyboard",
                                                       "actions": keys}]})
        self.command("DELETE", "/actions")

    def type(self, css, text):
        self.command("POST", f"/element/{self.element(css)}/value", {"text": text})

    def alert_open(self):
        try:
            self.command("GET", "/alert/text")
            return True
        except WebDriverError as error:
            if "no such alert" in str(error):
                return False
            raise

    def console_errors(self):
        """The errors the browser logged since the last call: a CSP violation is one of them."""
        entries = self.command("POST", "/se/log", {"type": "browser"})
        return [entry["message"] for entry in entries if entry["level"] == "SEVERE"]

    def screenshot(self, path):
        png = base64.b64decode(self.command("GET", "/screenshot"))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok   {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}{': ' + str(detail) if detail else ''}")


def ref(element):
    """An element as a script argument."""
    return {ELEMENT: element}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_chromedriver(port):
    # Its own process group, so that everything it starts can be ended with it.
    process = subprocess.Popen([CHROMEDRIVER, f"--port={port}"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 15
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/status", timeout=2) as response:
                if json.loads(response.read())["value"].get("ready"):
                    return process
        except OSError:
            time.sleep(0.1)
    stop_process(process)
    raise RuntimeError("chromedriver did not start")


def stop_process(process):
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=5)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


def render(c2a, before, after, rules, out_dir, name, options=()):
    """The HTML and JSON reports of one diff; the JSON one says what the page must show."""
    html, data = out_dir / f"{name}.html", out_dir / f"{name}.json"
    command = [str(c2a), "diff", str(before), str(after), "--format", "html", "--output", str(html),
               "--report", f"json={data}"]
    if rules:
        command += ["--rules", str(rules)]
    command += [str(option) for option in options]
    status = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    if status.returncode not in (0, 1, 2):
        raise RuntimeError(f"c2a failed ({status.returncode}): {status.stderr}")
    return html, json.loads(data.read_text())


def case_options(case):
    """The values a case under tests/cases deploys with (tests/cases/case_options.cpp)."""
    options = []
    for values in sorted((ROOT / case).glob("parameters.*")):
        options += ["--parameters", case / values.name]
    if (ROOT / case / "pseudo.txt").exists():
        for line in (ROOT / case / "pseudo.txt").read_text().splitlines():
            key, _, value = line.partition("=")
            if value:
                options += ["--" + key, value]
    return options


def count_groups(nodes):
    return sum(1 + count_groups(node["children"]) for node in nodes)


def hostile_templates(directory):
    before = {"Resources": {HOSTILE_ID: {"Type": "AWS::S3::Bucket",
                                         "Properties": {"BucketName": "plain"}}}}
    after = {"Resources": {HOSTILE_ID: {"Type": "AWS::S3::Bucket",
                                        "Properties": {"BucketName": HOSTILE_VALUE}}}}
    paths = directory / "hostile-before.json", directory / "hostile-after.json"
    for path, template in zip(paths, (before, after)):
        path.write_text(json.dumps(template))
    return paths


VISIBLE_ROWS = "return [...document.querySelectorAll('[data-change]')].filter(r => !r.hidden).length"
VISIBLE_GROUPS = "return [...document.querySelectorAll('[data-group]')].filter(g => !g.hidden).length"
# checkVisibility(), not offsetHeight: Chromium lays out a closed <details>' content (it hides it
# with content-visibility), so its <pre> keeps its height while nobody can see it.
VISIBLE_BODIES = ("return [...document.querySelectorAll('details.body')]"
                  ".filter(d => d.checkVisibility()).length")
OPEN_BODIES = ("return [...document.querySelectorAll('details.body')]"
               ".filter(d => d.open || d.querySelector('pre').checkVisibility()).length")
# A closed body takes the room of its summary line and no more.
BODIES_FOLDED = """return [...document.querySelectorAll('details.body')].every(d =>
    Math.abs(d.getBoundingClientRect().height
             - d.querySelector('summary').getBoundingClientRect().height) < 1)"""
# The change of a component (by logical id) and, for an update, property path.
CHANGE = """const [name, path] = arguments;
return [...document.querySelectorAll('li.change')].find(li => {
  const codes = [...li.querySelectorAll('.title code')].map(c => c.textContent);
  return codes[0] === name && (path === null || codes[1] === path);
}) || null"""
TABLE = "return document.querySelector(`table.security[data-table='${arguments[0]}']`)"
# What a security table shows: its heading, its columns, the sign and class of each row it renders.
TABLE_SHOWN = """const table = arguments[0];
const rows = [...table.querySelectorAll('tbody tr')].filter(tr => tr.checkVisibility());
return {heading: table.previousElementSibling.textContent,
        columns: [...table.querySelectorAll('thead th')].map(th => th.textContent),
        signs: rows.map(tr => tr.cells[0].textContent), classes: rows.map(tr => tr.className)}"""
SECURITY_TABLES = {
    "iam": ("IAM statement changes",
            ["", "Resource", "Effect", "Action", "Principal", "Condition"]),
    "managedPolicies": ("Managed policy changes", ["", "Resource", "Managed policy ARN"]),
    "network": ("Security group changes",
                ["", "Group", "Direction", "Protocol", "Ports", "Peer"]),
}
SIGN_COLOURS = """const colour = css => getComputedStyle(document.querySelector(css)).color;
return [colour('table.security tr.added td'), colour('table.security tr.removed td'),
        colour('table.security td:nth-child(2)')]"""
DIFF = """const pre = arguments[0].querySelector('pre.diff');
if (pre === null) return null;
const lines = css => [...pre.querySelectorAll(css)].map(span => span.textContent);
return {added: lines('span.add'), deleted: lines('span.del'),
        colours: ['span.add', 'span.del'].map(css =>
            getComputedStyle(pre.querySelector(css)).color)}"""


def test_orders_service(driver, results, c2a, out, screenshot):
    example = Path("examples") / "orders-service"  # relative: the page shows these paths
    html, report = render(c2a, example / "before.yaml", example / "after.yaml",
                          example / "rules.c2a", out, "orders-service")
    driver.console_errors()  # only what this page logs counts
    driver.open(html.as_uri())
    verdict = report["verdict"].upper()
    results.check("orders: title names the verdict",
                  driver.run("return document.title") == f"c2a report: {verdict}")
    # Both only take effect when their CSP hashes are right.
    results.check("orders: the style applies under the CSP",
                  driver.run("return getComputedStyle(document.body).maxWidth") != "none")
    results.check("orders: the script runs under the CSP (filters shown)",
                  driver.run("return document.getElementById('filters').hidden") is False)
    groups = count_groups(report["aggregations"])
    total = len(report["changes"])
    results.check("orders: one group element per aggregation node",
                  driver.run("return document.querySelectorAll('details[data-group]').length")
                  == groups, f"expected {groups}")
    results.check("orders: one row per change", driver.run(VISIBLE_ROWS) == total,
                  f"expected {total}")

    approved = report["summary"]["approved"]
    driver.click("input[name=action][value=approved]")
    shown = driver.run(VISIBLE_ROWS)
    results.check("orders: unchecking 'approved' hides the approved changes",
                  shown == total - approved, f"{shown} visible, expected {total - approved}")
    results.check("orders: a group left without visible changes is hidden",
                  driver.run(VISIBLE_GROUPS) < groups)
    results.check("orders: the status counts the visible changes",
                  driver.run("return document.getElementById('shown').textContent")
                  == f"{total - approved} of {total} changes shown")
    driver.click("input[name=action][value=approved]")
    results.check("orders: checking it again shows every change", driver.run(VISIBLE_ROWS) == total)

    # The same filter by keyboard: a native checkbox toggles with the space key.
    driver.type("input[name=risk][value=low]", SPACE)
    low = sum(1 for change in report["changes"] if change["risk"] == "low")
    results.check("orders: the space key toggles a filter", driver.run(VISIBLE_ROWS) == total - low,
                  f"expected {total - low}")
    driver.click("button[type=reset]")
    time.sleep(0.1)
    results.check("orders: 'Show all' shows every change again", driver.run(VISIBLE_ROWS) == total)
    results.check("orders: nothing fetched",
                  driver.run("return performance.getEntriesByType('resource').length") == 0)
    errors = driver.console_errors()
    results.check("orders: no CSP violation or other error logged", not errors, errors)

    if screenshot:
        # Tall enough to show the tree under the summary.
        driver.command("POST", "/window/rect", {"width": 1280, "height": 1500})
        driver.run("window.scrollTo(0, 0)")
        driver.screenshot(ROOT / "docs" / "images" / "html-report.png")
        print("saved docs/images/html-report.png")


def test_hostile(driver, results, c2a, out):
    before, after = hostile_templates(out)
    html, report = render(c2a, before, after, None, out, "hostile")
    driver.console_errors()
    driver.open(html.as_uri())
    time.sleep(0.3)  # an onerror handler would have run by now
    results.check("hostile: no alert opened", not driver.alert_open())
    if driver.alert_open():
        driver.command("POST", "/alert/dismiss", {})
    results.check("hostile: window.__pwned stays undefined",
                  driver.run("return typeof window.__pwned") == "undefined")
    results.check("hostile: title unchanged",
                  driver.run("return document.title") == f"c2a report: {report['verdict'].upper()}")
    results.check("hostile: only the report's own script element",
                  driver.run("return document.scripts.length") == 1)
    results.check("hostile: no injected elements",
                  driver.run("return document.querySelectorAll('img, svg, iframe, object').length")
                  == 0)
    text = driver.run("return document.body.innerText")
    results.check("hostile: the logical id shows as text", HOSTILE_ID in text)
    results.check("hostile: the value shows as text",
                  "<script>alert(1)</script><img src=x onerror=" in text)
    results.check("hostile: every change row rendered",
                  driver.run(VISIBLE_ROWS) == len(report["changes"]))
    results.check("hostile: nothing fetched",
                  driver.run("return performance.getEntriesByType('resource').length") == 0)
    errors = driver.console_errors()
    results.check("hostile: no CSP violation or other error logged", not errors, errors)


def body_of(change):
    """What the report shows as the body of an added or removed component."""
    return change.get("new" if change["operation"] == "INSERT" else "old")


def body_summary(change):
    lines = len(json.dumps(body_of(change), indent=2).splitlines())
    return f"body {'added' if change['operation'] == 'INSERT' else 'removed'} ({lines} lines)"


def shows_json(text, value):
    try:
        return json.loads(text) == value
    except ValueError:
        return False


def check_body_toggle(driver, results, change, expected, toggle, how):
    """Opens the folded body of a change with `toggle`, reads it, closes it again."""
    name = change["component"]["name"]
    item = driver.find(CHANGE, name, None)
    if item is None:
        results.check(f"security: the change of {name} is on the page", False)
        return
    summary = driver.find("return arguments[0].querySelector('details.body > summary')", ref(item))
    pre = driver.find("return arguments[0].querySelector('details.body > pre')", ref(item))
    if summary is None or pre is None:
        results.check(f"security: {name} has a body", False)
        return
    results.check(f"security: {name}'s body is not shown before it is opened",
                  not driver.displayed(pre) and driver.text(pre) == "")
    toggle(summary)
    results.check(f"security: {name}'s body summary takes the focus",
                  driver.run("return document.activeElement === arguments[0]", ref(summary)))
    text = driver.text(pre)
    results.check(f"security: {how} opens {name}'s body and shows {expected}",
                  driver.displayed(pre) and expected in text, repr(text[:80]))
    results.check(f"security: the opened body is {name}'s whole body, as in the JSON report",
                  shows_json(text, body_of(change)))
    results.check(f"security: opening {name}'s body leaves the others closed",
                  driver.run(OPEN_BODIES) == 1)
    toggle(summary)
    results.check(f"security: {how} again closes {name}'s body",
                  not driver.displayed(pre) and driver.text(pre) == ""
                  and driver.run(OPEN_BODIES) == 0)


def test_security_tables(driver, results, c2a, out):
    case = Path("tests") / "cases" / "report" / "security-tables"
    html, report = render(c2a, case / "before.yaml", case / "after.yaml", None, out,
                          "security-tables", case_options(case))
    driver.console_errors()
    driver.open(html.as_uri())
    results.check("security: the style applies under the CSP",
                  driver.run("return getComputedStyle(document.body).maxWidth") != "none")
    results.check("security: the script runs under the CSP (filters shown)",
                  driver.run("return document.getElementById('filters').hidden") is False)

    # The bodies of added and removed components: folded until the reader opens one.
    changes = report["changes"]
    bodies = [change for change in changes
              if change["operation"] in ("INSERT", "REMOVE") and body_of(change)]
    results.check("security: one folded body per added or removed component with a body",
                  driver.run("return document.querySelectorAll('details.body').length")
                  == len(bodies), f"expected {len(bodies)}")
    summaries = driver.run("return [...document.querySelectorAll('details.body > summary')]"
                           ".map(s => s.textContent)")
    results.check("security: each body's summary says added or removed and how many lines",
                  sorted(summaries) == sorted(body_summary(change) for change in bodies),
                  summaries)
    results.check("security: every body starts closed", driver.run(OPEN_BODIES) == 0)
    results.check("security: a closed body takes only its summary line",
                  driver.run(BODIES_FOLDED) is True)
    by_name = {change["component"]["name"]: change for change in bodies}
    for name, action in (("HandlerInvoke", "none"), ("ReportsPolicy", "approve")):
        if by_name.get(name, {}).get("action") != action:
            raise RuntimeError(f"the case no longer has {name} with a body and action {action}")
    check_body_toggle(driver, results, by_name["HandlerInvoke"], "lambda:InvokeFunction",
                      driver.click_element, "a click on its summary")

    # Approved changes sit in a folded top-level group; a reviewer opens it by keyboard.
    group = driver.find("return document.querySelector('main > details.group.approved')")
    reports_policy = driver.find(CHANGE, "ReportsPolicy", None)
    results.check("security: the approved group starts folded, its changes not shown",
                  group is not None and not driver.run("return arguments[0].open", ref(group))
                  and not driver.displayed(reports_policy))
    if group is not None:
        driver.press(driver.find("return arguments[0].querySelector('summary')", ref(group)),
                     ENTER)
    results.check("security: Enter on its summary unfolds it; the bodies in it stay closed",
                  driver.displayed(reports_policy) and driver.run(OPEN_BODIES) == 0
                  and driver.run(VISIBLE_BODIES) == len(bodies))
    check_body_toggle(driver, results, by_name["ReportsPolicy"], "cloudwatch:GetMetricData",
                      lambda summary: driver.press(summary, ENTER), "Enter on its summary")

    # A long structured value shows as a diff by default, not as its old and new values.
    queue = driver.find(CHANGE, "Queue", "Properties.Tags")
    diff = driver.run(DIFF, ref(queue)) if queue else None
    results.check("security: the Queue Tags change shows a diff without a click on it",
                  diff is not None and driver.displayed(
                      driver.find("return arguments[0].querySelector('pre.diff')", ref(queue))))
    if diff is not None:
        results.check("security: the diff marks its lines + and -, in two colours",
                      diff["added"] and diff["deleted"]
                      and all(line.startswith("+") for line in diff["added"])
                      and all(line.startswith("-") for line in diff["deleted"])
                      and diff["colours"][0] != diff["colours"][1], diff["colours"])
        results.check("security: the diff shows the new tag value as added",
                      any("payments" in line for line in diff["added"]))

    # The security tables: shown as they are, one row per row of the JSON report.
    tables = {}
    for key, (heading, columns) in SECURITY_TABLES.items():
        rows = report["security"][key]
        tables[key] = driver.find(TABLE, key)
        if tables[key] is None:
            results.check(f"security: the {key} table is on the page", False)
            continue
        shown = driver.run(TABLE_SHOWN, ref(tables[key]))
        results.check(f"security: the {key} table shows without a click",
                      driver.displayed(tables[key]))
        results.check(f"security: the {key} table is headed '{heading}' with its columns",
                      shown["heading"] == heading and shown["columns"] == columns, shown)
        results.check(f"security: the {key} table has one row per JSON row, signs in order",
                      shown["signs"] == [row["sign"] for row in rows],
                      f"{shown['signs']}, expected {[row['sign'] for row in rows]}")
        results.check(f"security: the {key} table's rows are classed by their sign",
                      shown["classes"] == [{"+": "added", "-": "removed"}[row["sign"]]
                                           for row in rows], shown["classes"])
    tables = {key: table for key, table in tables.items() if table is not None}
    results.check("security: the tables come before the filters",
                  driver.run("""const form = document.getElementById('filters');
                      return [...document.querySelectorAll('table.security')].every(t =>
                          t.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING)"""))
    added, removed, plain = driver.run(SIGN_COLOURS)
    results.check("security: + and - rows are coloured apart from each other and the other cells",
                  len({added, removed, plain}) == 3, (added, removed, plain))

    # The filters with the new content: hiding a change hides its body; the tables stay.
    total, review = len(changes), report["summary"]["review"]
    approved_bodies = sum(1 for change in bodies if change["action"] == "approve")
    driver.click("input[name=action][value=review]")
    shown = driver.run(VISIBLE_ROWS)
    results.check("security: unchecking 'review' hides the changes that need review",
                  shown == total - review, f"{shown} visible, expected {total - review}")
    visible = driver.run(VISIBLE_BODIES)
    results.check("security: ... and their bodies; the approved changes' bodies stay",
                  visible == approved_bodies,
                  f"{visible} visible, expected {approved_bodies}")
    driver.click("input[name=action][value=approved]")
    results.check("security: unchecking both actions hides every change and every body",
                  driver.run(VISIBLE_ROWS) == 0 and driver.run(VISIBLE_BODIES) == 0
                  and driver.run(VISIBLE_GROUPS) == 0)
    results.check("security: the status says so",
                  driver.run("return document.getElementById('shown').textContent")
                  == f"0 of {total} changes shown")
    results.check("security: the security tables stay shown",
                  len(tables) == 3 and all(driver.displayed(table) for table in tables.values()))
    driver.click("button[type=reset]")
    time.sleep(0.1)
    results.check("security: 'Show all' shows every change and body again, bodies closed",
                  driver.run(VISIBLE_ROWS) == total and driver.run(VISIBLE_BODIES) == len(bodies)
                  and driver.run(OPEN_BODIES) == 0)

    results.check("security: only the report's own script element",
                  driver.run("return document.scripts.length") == 1)
    results.check("security: nothing fetched",
                  driver.run("return performance.getEntriesByType('resource').length") == 0)
    errors = driver.console_errors()
    results.check("security: no CSP violation or other error logged", not errors, errors)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--c2a", default=str(ROOT / "build" / "c2a"))
    parser.add_argument("--update-screenshot", action="store_true",
                        default=os.environ.get("C2A_UPDATE_SCREENSHOT") == "1")
    options = parser.parse_args()
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            print(f"{tool} is missing: run `make deps-browser`")
            print("0 passed, 1 failed")
            return 1

    results = Results()
    with tempfile.TemporaryDirectory(prefix="c2a-browser-") as temp:
        temp = Path(temp)
        (temp / "profile").mkdir()
        port = free_port()
        process = start_chromedriver(port)
        driver = WebDriver(port)
        try:
            driver.start(temp / "profile")
            test_orders_service(driver, results, Path(options.c2a), temp, options.update_screenshot)
            test_security_tables(driver, results, Path(options.c2a), temp)
            test_hostile(driver, results, Path(options.c2a), temp)
        except (WebDriverError, RuntimeError, OSError, KeyError, TypeError) as error:
            results.check("the browser test ran to its end", False, error)
        finally:
            driver.stop()
            stop_process(process)
    print(f"{results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
