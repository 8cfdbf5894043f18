#!/usr/bin/env python3
"""c2a beside the engine of `cdk diff` (@aws-cdk/cloudformation-diff), on the same pairs, in one run.

Where node and npm are present, installs @aws-cdk/cloudformation-diff into a temporary folder
(C2A_CDK_DIFF_VERSION chooses the version; 2.187.5 by default, the one
docs/cdk-diff-comparison.md used), generates the pairs of bench/measure.py (seed 1) and times:

  - cdk diff's engine in-process, its specification database already loaded (the most favourable
    setting for it): fullDiff() then formatDifferences() to a discarding stream, median of --runs;
  - the same engine's first diff in a fresh process (which loads the database), once per pair;
  - c2a as a whole process, `c2a diff BEFORE AFTER --format json -o /dev/null`, presets on;

and prints the ratio (cdk in-process / c2a whole process). Without node or npm it says so and
exits 0. Nothing is written outside the temporary folder, which is removed afterwards.

    bench/compare_cdk_diff.py --c2a build/c2a [--runs 5] [--resources 500,1000] [--shapes mixed,iam]

Python 3 standard library only.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import generate_pair  # noqa: E402
import measure  # noqa: E402

DEFAULT_VERSION = "2.187.5"

# Node: for each pair (argv: RUNS BEFORE AFTER ...), the first diff (it loads the database), then
# the median of RUNS more, each fullDiff plus formatDifferences to a stream that discards.
NODE_SCRIPT = r"""
const fs = require('fs');
const { Writable } = require('stream');
const t0 = process.hrtime.bigint();
const cfnDiff = require('@aws-cdk/cloudformation-diff');
const requireMs = Number(process.hrtime.bigint() - t0) / 1e6;
const sink = () => new Writable({ write(chunk, encoding, callback) { callback(); } });
const runs = Number(process.argv[2]);
const out = { requireMs, pairs: [] };
for (let i = 3; i < process.argv.length; i += 2) {
  const before = JSON.parse(fs.readFileSync(process.argv[i], 'utf8'));
  const after = JSON.parse(fs.readFileSync(process.argv[i + 1], 'utf8'));
  const once = () => {
    const start = process.hrtime.bigint();
    const diff = cfnDiff.fullDiff(before, after);
    cfnDiff.formatDifferences(sink(), diff);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, differences: diff.differenceCount };
  };
  const first = once();
  const times = [];
  for (let r = 0; r < runs; r++) times.push(once().ms);
  times.sort((a, b) => a - b);
  out.pairs.push({ firstMs: first.ms, medianMs: times[Math.floor(times.length / 2)],
                   minMs: times[0], differences: first.differences });
}
process.stdout.write(JSON.stringify(out));
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--c2a", default=os.path.join(ROOT, "build", "c2a"), help="c2a binary")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per pair (default 5)")
    parser.add_argument("--resources", default="500,1000",
                        help="comma-separated pair sizes (default 500,1000; at 4000 cdk diff's "
                        "engine takes minutes)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shapes", default="mixed,iam",
                        help="comma-separated generate_pair.py shapes (default mixed,iam: the "
                        "mixed pairs and CDK output heavy in IAM grants)")
    args = parser.parse_args(argv)

    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        print("compare_cdk_diff: node and npm are not both installed here; "
              "no comparison with cdk diff's engine (skipped)")
        return 0
    c2a = os.path.abspath(args.c2a)
    if not os.access(c2a, os.X_OK):
        sys.exit("compare_cdk_diff: no c2a binary at %s (make build)" % c2a)

    version = os.environ.get("C2A_CDK_DIFF_VERSION", DEFAULT_VERSION)
    work = tempfile.mkdtemp(prefix="c2a-cdk-diff-")
    try:
        print("installing @aws-cdk/cloudformation-diff@%s into %s ..." % (version, work),
              flush=True)
        install = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", work,
             "@aws-cdk/cloudformation-diff@" + version],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=False)
        if install.returncode != 0:
            print("compare_cdk_diff: npm install failed (no registry?); skipped:\n"
                  + install.stdout[-2000:])
            return 0
        script = os.path.join(work, "time_cdk_diff.js")
        with open(script, "w", encoding="utf-8") as out:
            out.write(NODE_SCRIPT)

        sizes = [int(n) for n in args.resources.split(",") if n]
        shapes = [shape for shape in args.shapes.split(",") if shape]
        pairs = []
        for shape in shapes:
            for n in sizes:
                before, after, _ = generate_pair.write_pair(
                    os.path.join(work, "pair-%s-%d" % (shape, n)), n, args.seed, shape=shape)
                pairs.append((n, shape, before, after))

        node_argv = [node, script, str(args.runs)]
        for _, _, before, after in pairs:
            node_argv += [before, after]
        result = subprocess.run(node_argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, cwd=work, check=False)
        if result.returncode != 0:
            sys.exit("compare_cdk_diff: node failed:\n" + result.stderr[-3000:])
        cdk = json.loads(result.stdout)

        rows = []
        for (n, shape, before, after), theirs in zip(pairs, cdk["pairs"]):
            ours = measure.measure(measure.diff_argv(c2a, before, after), args.runs)
            rows.append((n, shape, theirs, ours))

        print()
        print("cdk diff's engine (@aws-cdk/cloudformation-diff %s, node %s) in-process, database "
              "loaded, median of %d; require() took %.0f ms"
              % (version, subprocess.run([node, "--version"], stdout=subprocess.PIPE, text=True,
                                         check=False).stdout.strip(), args.runs,
                 cdk["requireMs"]))
        print("c2a: the whole process, presets on, median of %d" % args.runs)
        print()
        print("| resources | shape | cdk diff in-process ms | its first diff (loads the database) "
              "ms | c2a whole process ms | ratio (cdk / c2a) |")
        print("| --- | --- | --- | --- | --- | --- |")
        for n, shape, theirs, ours in rows:
            print("| %d | %s | %.1f | %.1f | %.1f | %.1fx |" % (
                n, shape, theirs["medianMs"], theirs["firstMs"], ours["median_ms"],
                theirs["medianMs"] / ours["median_ms"]))
        print()
        smallest = min(sizes)
        for n, shape, theirs, ours in rows:
            if n != smallest:
                continue
            ratio = theirs["medianMs"] / ours["median_ms"]
            print("- [%s] at least 20x faster than cdk diff's engine in-process on the "
                  "%d-resource %s pair: %.1fx" % ("met" if ratio >= 20 else "NOT MET", n, shape,
                                                  ratio))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
