#!/usr/bin/env python3
"""Synthetic CDK cloud assemblies for benchmarks: BEFORE and AFTER, S stacks of N resources each.

Each stack is a pair from generate_pair.py (seeded by the stack's number, so the same arguments
give byte-identical assemblies), written as `Stack<i>.template.json` and named in the assembly's
`manifest.json` as an `aws:cloudformation:stack` artifact, as `cdk synth` writes them. With
`--nested K` each stack also deploys a nested stack of K resources (an AWS::CloudFormation::Stack
whose `aws:asset:path` metadata names its template, passed a parameter that refers to the parent's
first resource), itself a generated pair. This is the input of the parallel-stacks target of
issue 14 (docs/performance.md):

    bench/generate_assembly.py --stacks 100 -n 50 --nested 10 --out /tmp/assembly
    c2a diff /tmp/assembly/before /tmp/assembly/after

Python 3 standard library only.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import generate_pair  # noqa: E402


def manifest(stacks):
    artifacts = {}
    for i in range(stacks):
        name = "Stack%03d" % i
        artifacts[name] = {
            "type": "aws:cloudformation:stack",
            "environment": "aws://123456789012/eu-west-1",
            "properties": {"templateFile": name + ".template.json", "stackName": name},
        }
    return {"version": "36.0.0", "artifacts": artifacts}


def with_nested_stack(text, name, first_resource):
    """The template `text` with a nested stack resource that deploys `name` (a file beside it)."""
    template = json.loads(text)
    template["Resources"]["NestedNestedStackResource"] = {
        "Type": "AWS::CloudFormation::Stack",
        "Properties": {
            "TemplateURL": "https://s3.amazonaws.com/cdk-assets/%s" % name,
            "Parameters": {"ParentRef": {"Ref": first_resource}},
        },
        "Metadata": {"aws:cdk:path": "Nested.NestedStack/Nested.NestedStackResource",
                     "aws:asset:path": name, "aws:asset:property": "TemplateURL"},
    }
    return generate_pair.dump(template)


def with_parameter(text):
    """A nested template that declares the parameter its parent passes."""
    template = json.loads(text)
    template.setdefault("Parameters", {})["ParentRef"] = {"Type": "String"}
    return generate_pair.dump(template)


def write_assembly(directory, stacks, resources, seed=1, mix=None, nested=0):
    """Writes DIRECTORY/before and DIRECTORY/after; returns (before_dir, after_dir, changes)."""
    sides = (os.path.join(directory, "before"), os.path.join(directory, "after"))
    for side in sides:
        os.makedirs(side, exist_ok=True)
        with open(os.path.join(side, "manifest.json"), "w", encoding="ascii", newline="\n") as out:
            out.write(json.dumps(manifest(stacks), indent=1) + "\n")
    changes = 0
    for i in range(stacks):
        before, after, stats = generate_pair.generate_pair(resources, seed * 1000 + i, mix)
        changes += sum(stats.values())
        files = {"Stack%03d.template.json" % i: (before, after)}
        if nested > 0:
            name = "Stack%03dNested.nested.template.json" % i
            first = {side: next(iter(json.loads(text)["Resources"]))
                     for side, text in (("before", before), ("after", after))}
            files["Stack%03d.template.json" % i] = (
                with_nested_stack(before, name, first["before"]),
                with_nested_stack(after, name, first["after"]))
            child_before, child_after, child_stats = generate_pair.generate_pair(
                nested, seed * 1000 + i + 500, mix)
            changes += sum(child_stats.values())
            files[name] = (with_parameter(child_before), with_parameter(child_after))
        for file, texts in files.items():
            for side, text in zip(sides, texts):
                with open(os.path.join(side, file), "w", encoding="ascii", newline="\n") as out:
                    out.write(text)
    return sides[0], sides[1], changes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stacks", type=int, default=100)
    parser.add_argument("--resources", "-n", type=int, default=50, help="resources per stack")
    parser.add_argument("--nested", type=int, default=0,
                        help="resources of a nested stack each stack deploys (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="directory for before/ and after/")
    args = parser.parse_args(argv)
    before, after, changes = write_assembly(args.out, args.stacks, args.resources, args.seed,
                                            nested=args.nested)
    print("%s %s mutations=%d" % (before, after, changes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
