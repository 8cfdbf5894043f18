#!/usr/bin/python3
"""One home for CloudFormation's intrinsic functions (issue 28), checked.

model/ spells the functions (the table in model/intrinsics/function_table.cpp); everything above
asks it by the enum `Fn` (`calls(value, Fn::If)`, `call(Fn::Ref, id)`), never by the name a
template spells. Outside model/ this test fails on:

  - a string literal that is a function's name or key (`"Ref"`, `"Fn::If"`, `"Fn::ForEach::"`):
    dispatching on, or building, a call by its spelling;
  - a string literal that builds a call as JSON text (`{"Ref": ...}`);
  - more than MAX_FILES product files whose messages name a function at all (prose such as
    "depend on each other in a circle (Ref, Fn::GetAtt...)"), with the files listed.

Comments are not read. First it checks itself on a small tree, so that it cannot pass by finding
nothing. Usage: intrinsic_home_test.py SOURCE_DIR. Exits non-zero on any finding.
"""
import os
import re
import sys
import tempfile

PRODUCT = ["readers", "platform-mapping", "spec", "model-diffing", "deployment-prediction",
           "aggregations", "rules", "engine", "cli"]
MAX_FILES = 5
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
NAME = re.compile(r"^(?:Ref|Fn::[A-Za-z]+(?:::)?)$")
BUILT = re.compile(r'\{\s*\\"(?:Ref|Fn::[A-Za-z]+)\\"\s*:')
MENTION = re.compile(r"(?<![A-Za-z])(?:Fn::[A-Z][A-Za-z]*)")


def code_of(line, in_block):
    """The line without comments; whether a /* */ comment is still open after it."""
    out, i = "", 0
    while i < len(line):
        if in_block:
            end = line.find("*/", i)
            if end < 0:
                return out, True
            i, in_block = end + 2, False
        elif line.startswith("//", i):
            break
        elif line.startswith("/*", i):
            in_block, i = True, i + 2
        elif line[i] == '"':
            match = LITERAL.match(line, i)
            if not match:
                out += line[i:]
                break
            out += match.group(0)
            i = match.end()
        else:
            out += line[i]
            i += 1
    return out, in_block


def findings(source):
    out, mentioning = [], []
    for top in PRODUCT:
        for folder, _, files in sorted(os.walk(os.path.join(source, top))):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(folder, name)
                relative = os.path.relpath(path, source)
                mentions = False
                in_block = False
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        code, in_block = code_of(line, in_block)
                        for literal in LITERAL.findall(code):
                            if NAME.match(literal):
                                out.append(f"{relative}:{number}: spells the function {literal!r}"
                                           " (ask model/intrinsics.h by Fn::...)")
                            elif BUILT.search(literal):
                                out.append(f"{relative}:{number}: builds a call as JSON text"
                                           " (model/intrinsics.h call(Fn::..., argument))")
                            elif MENTION.search(literal):
                                mentions = True
                if mentions:
                    mentioning.append(relative)
    if len(mentioning) > MAX_FILES:
        out.append(f"{len(mentioning)} product files name an intrinsic function in a message, more"
                   f" than {MAX_FILES}: " + ", ".join(mentioning))
    return out, mentioning


def self_check():
    with tempfile.TemporaryDirectory() as root:
        files = {
            "model-diffing/a.cpp": 'if (key == "Fn::If") {}  // "Fn::Sub" in a comment is fine\n',
            "rules/b.cpp": 'auto ref = "Ref";\nJson j = Json::parse("{\\"Ref\\": \\"X\\"}");\n',
            "cli/c.cpp": '/* "Fn::Join" */ auto help = "what Fn::GetAZs gives";\n',
            "spec/d.cpp": 'bool loop = key.starts_with("Fn::ForEach::");\n',
        }
        for name, text in files.items():
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w") as f:
                f.write(text)
        got, mentioning = findings(root)
        expected = ["model-diffing/a.cpp:1: spells the function 'Fn::If'",
                    "rules/b.cpp:1: spells the function 'Ref'", "rules/b.cpp:2: builds a call",
                    "spec/d.cpp:1: spells the function 'Fn::ForEach::'"]
        missing = [e for e in expected if not any(g.startswith(e) for g in got)]
        if mentioning != ["cli/c.cpp"]:
            missing.append("cli/c.cpp as the one file naming a function in a message")
        return missing if missing or len(got) != len(expected) else [], got


def main():
    missing, got = self_check()
    if missing:
        print("FAIL the checker missed", missing, "in its own example; it found", got)
        return 1
    print("ok   the checker finds spelled, built and mentioned functions in its own example")
    found, mentioning = findings(os.path.abspath(sys.argv[1]))
    for finding in found:
        print("FAIL " + finding)
    if not found:
        print("ok   no product file outside model/ spells an intrinsic function; "
              f"{len(mentioning)} name one in a message: " + ", ".join(mentioning))
    return 1 if found else 0


sys.exit(main())
