#!/usr/bin/python3
"""Browser test of the HTML report (`c2a diff --format html`), in headless Chromium.

It renders the report for the orders-service example and for a hostile template, opens each from a
file:// URL and checks what a reader relies on: the page's own style and script run under its
Content-Security-Policy, the aggregation tree renders, the filters hide and show changes (by mouse
and by keyboard), hostile template text shows as text and runs nothing, nothing is fetched.

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

    def click(self, css):
        self.command("POST", f"/element/{self.element(css)}/click", {})

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


def render(c2a, before, after, rules, out_dir, name):
    """The HTML and JSON reports of one diff; the JSON one says what the page must show."""
    html, data = out_dir / f"{name}.html", out_dir / f"{name}.json"
    command = [str(c2a), "diff", str(before), str(after), "--format", "html", "--output", str(html),
               "--report", f"json={data}"]
    if rules:
        command += ["--rules", str(rules)]
    status = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    if status.returncode not in (0, 1, 2):
        raise RuntimeError(f"c2a failed ({status.returncode}): {status.stderr}")
    return html, json.loads(data.read_text())


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


def test_orders_service(driver, results, c2a, out, screenshot):
    example = Path("examples") / "orders-service"  # relative: the page shows these paths
    html, report = render(c2a, example / "before.yaml", example / "after.yaml",
                          example / "rules.c2a", out, "orders-service")
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

    if screenshot:
        # Tall enough to show the tree under the summary.
        driver.command("POST", "/window/rect", {"width": 1280, "height": 1500})
        driver.run("window.scrollTo(0, 0)")
        driver.screenshot(ROOT / "docs" / "images" / "html-report.png")
        print("saved docs/images/html-report.png")


def test_hostile(driver, results, c2a, out):
    before, after = hostile_templates(out)
    html, report = render(c2a, before, after, None, out, "hostile")
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
            test_hostile(driver, results, Path(options.c2a), temp)
        except (WebDriverError, RuntimeError, OSError, KeyError) as error:
            results.check("the browser test ran to its end", False, error)
        finally:
            driver.stop()
            stop_process(process)
    print(f"{results.passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
