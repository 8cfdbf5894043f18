#!/usr/bin/python3
"""The floors of ARCHITECTURE.md, checked: every include points down.

    cli/  fuzz/                        the command and the fuzz checks: engine and model only
    engine/                            wires the stages: any stage, and model
    platform-mapping/ spec/ model-diffing/ deployment-prediction/ aggregations/ rules/
                                       the stages: model only, never another stage
    model/  readers/                   the vocabulary, and the located JSON/YAML readers with their
                                       limits (readers/ may include model/; model/ nothing of ours)

A file may include its own folder's headers and those of floors below it. tests/ and bench/ may
include anything. Reads every .h and .cpp of the product folders and prints each include that
points up or sideways as FILE:LINE; first it checks itself on a small tree with one of each
mistake, so that it cannot pass by finding nothing.

Usage: layering_test.py SOURCE_DIR. Exits non-zero on any finding.
"""
import os
import re
import sys
import tempfile

STAGES = ["platform-mapping", "spec", "model-diffing", "deployment-prediction", "aggregations", "rules"]
FLOOR = {"model": 0, "readers": 0, **{stage: 1 for stage in STAGES}, "engine": 2, "cli": 3,
         "fuzz": 3}
# What each top folder may include besides itself: the floors below, minus what the architecture
# rules out (the command talks to the engine only; a stage knows no other stage).
ALLOWED = {
    "model": set(),
    "readers": {"model"},
    **{stage: {"model", "readers"} for stage in STAGES},
    "engine": {"model", "readers", *STAGES},
    "cli": {"engine", "model", "readers"},
    "fuzz": {"engine", "model", "readers", *STAGES},
}
# Known exceptions, each with its reason; an exception no file needs any more is itself a finding.
EXCEPTIONS = {}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def findings(source):
    out = []
    used = set()
    for top in FLOOR:
        for folder, _, files in os.walk(os.path.join(source, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        included = match.group(1)
                        target = included.split("/", 1)[0]
                        if target == top or target not in FLOOR:
                            continue  # its own folder; a generated or system header
                        if target in ALLOWED[top]:
                            continue
                        if (top, included) in EXCEPTIONS:
                            used.add((top, included))
                            continue
                        why = ("a floor above" if FLOOR[target] > FLOOR[top]
                               else "another stage" if FLOOR[target] == FLOOR[top] == 1
                               else "what the architecture keeps from it")
                        out.append(f"{os.path.relpath(path, source)}:{number}: includes {included} "
                                   f"({target}/ is {why})")
    for (top, included), reason in EXCEPTIONS.items():
        if (top, included) not in used:
            out.append(f"the exception for {top}/ including {included} is no longer needed: remove it")
    return out


def self_check():
    """A tree with upward, sideways and forbidden includes must give exactly their findings."""
    with tempfile.TemporaryDirectory() as root:
        files = {
            "model/a.h": '#include "rules/x.h"\n',
            "rules/b.cpp": '#include "spec/y.h"\n#include "model/a.h"\n',
            "cli/c.cpp": '#include "aggregations/z.h"\n#include "engine/e.h"\n',
            "cli/d.cpp": '#include "readers/read_limits.h"\n',
            "model/f.h": '#include "readers/read_limits.h"\n',
            "engine/e.h": '#include "cli/c.h"\n#include <vector>\n',
        }
        for name, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        got = findings(root)
        expected = ["model/a.h:1: includes rules/x.h", "rules/b.cpp:1: includes spec/y.h",
                    "cli/c.cpp:1: includes aggregations/z.h", "engine/e.h:1: includes cli/c.h",
                    "model/f.h:1: includes readers/read_limits.h"]
        missing = [e for e in expected if not any(g.startswith(e) for g in got)]
        return missing if missing or len(got) != len(expected) else [], got


def main():
    missing, got = self_check()
    if missing:
        print("FAIL the checker missed", missing, "in its own example; it found", got)
        return 1
    print("ok   the checker finds an upward, a sideways and a forbidden include in its own example")
    found = findings(os.path.abspath(sys.argv[1]))
    for finding in found:
        print("FAIL " + finding)
    if not found:
        print("ok   every include of the product points down its floors")
    return 1 if found else 0


sys.exit(main())
