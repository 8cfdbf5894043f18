#!/usr/bin/python3
"""What a user installs: `cmake --install` and the packages `make package` builds (issue 26).

Installs the build tree under a scratch prefix and checks the tree (the binary, the man page with
a section per command, the bash, zsh and fish completions, the docs with the README example); runs
the installed binary from an empty directory with an empty environment (it needs nothing from the
build tree: the specification and the presets are compiled in); builds the Debian package and the
tarball with CPack and checks their fields and contents, then runs the binary unpacked from the
package on the example, as a clean machine would after `dpkg -i`.

Usage: install_test.py SOURCE_DIR BUILD_DIR. Prints one line per check and "N passed, N failed"
last; exits non-zero on any failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

SOURCE, BUILD = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
results = []


def check(name, ok, detail=""):
    results.append(ok)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok or not detail else ": " + str(detail)[:2000]))


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def project_version():
    text = open(os.path.join(SOURCE, "CMakeLists.txt")).read()
    return re.search(r"project\(c2a VERSION ([0-9.]+)", text).group(1)


def spec_version():
    lock = json.load(open(os.path.join(SOURCE, "package-lock.json")))
    return lock["packages"]["node_modules/@aws-cdk/aws-service-spec"]["version"]


def commands(binary):
    """Every command and subcommand `--help` lists: ["diff", ..., "rules check", ...]."""
    def listed(args):
        out = run([binary] + args + ["--help"]).stdout
        part = out.split("Subcommands:", 1)
        if len(part) < 2:
            return []
        return [line.split()[0] for line in part[1].splitlines()
                if line.startswith("  ") and not line.startswith("   ") and line.split()]
    found = []
    for command in listed([]):
        found.append(command)
        found += [command + " " + sub for sub in listed([command])]
    return found


def check_tree(root, label):
    """The installed tree under `root` (a prefix such as /usr)."""
    binary = os.path.join(root, "bin/c2a")
    for path in ["bin/c2a", "share/man/man1/c2a.1", "share/bash-completion/completions/c2a",
                 "share/zsh/vendor-completions/_c2a", "share/fish/vendor_completions.d/c2a.fish",
                 "share/doc/c2a/README.md", "share/doc/c2a/CHANGELOG.md",
                 "share/doc/c2a/docs/rules.md", "share/doc/c2a/examples/orders-service/after.yaml"]:
        check(f"{label}: {path} installed", os.path.isfile(os.path.join(root, path)))
    check(f"{label}: bin/c2a is executable", os.access(binary, os.X_OK))

    empty = tempfile.mkdtemp(prefix="c2a-empty-")
    try:
        env = {"PATH": "/usr/bin:/bin"}
        version = run([binary, "--version"], cwd=empty, env=env)
        want = f"c2a {project_version()} (CloudFormation specification @aws-cdk/aws-service-spec {spec_version()})"
        check(f"{label}: --version names the version and the specification", version.stdout.strip() == want,
              version.stdout + version.stderr)
        example = os.path.join(root, "share/doc/c2a/examples/orders-service")
        diff = run([binary, "diff", os.path.join(example, "before.yaml"), os.path.join(example, "after.yaml")],
                   cwd=empty, env=env)
        check(f"{label}: the example's diff from an empty directory is rejected (exit 2)",
              diff.returncode == 2 and "Verdict: REJECTED" in diff.stdout, diff.stdout[-500:] + diff.stderr)
    finally:
        shutil.rmtree(empty)
    check(f"{label}: the binary names no path of the checkout or the build tree",
          SOURCE.encode() not in open(binary, "rb").read())

    man = open(os.path.join(root, "share/man/man1/c2a.1")).read()
    check(f"{label}: the man page is roff for section 1", man.startswith(".TH C2A 1 "))
    missing = [c for c in commands(binary) if f".SS c2a {c.replace('-', chr(92) + '-')}\n" not in man]
    check(f"{label}: the man page has a section for every command --help lists", not missing, missing)
    check(f"{label}: the man page is the binary's own (help --man)",
          man == run([binary, "help", "--man"]).stdout)
    if shutil.which("man"):
        rendered = run(["man", "-l", os.path.join(root, "share/man/man1/c2a.1")], env={"MANWIDTH": "100", "PATH": "/usr/bin:/bin"})
        check(f"{label}: man renders it", rendered.returncode == 0 and "c2a rules check" in rendered.stdout,
              rendered.stderr)

    # bash: complete `c2a diff --format <TAB>`, `c2a rules <TAB>` and `c2a diff --pre<TAB>`.
    script = os.path.join(root, "share/bash-completion/completions/c2a")
    def complete(words):
        line = ("source '%s'; COMP_WORDS=(%s); COMP_CWORD=%d; _c2a; printf '%%s\\n' \"${COMPREPLY[@]}\""
                % (script, " ".join("'%s'" % w for w in words), len(words) - 1))
        return run(["bash", "-c", line]).stdout.split()
    check(f"{label}: bash completes report formats", {"json", "sarif", "github"} <= set(complete(["c2a", "diff", "--format", ""])))
    check(f"{label}: bash completes subcommands", set(complete(["c2a", "rules", ""])) >= {"check", "test", "presets"})
    check(f"{label}: bash completes options", complete(["c2a", "diff", "--pre"]) == ["--preset"])
    check(f"{label}: bash completes preset names", "iam-broadening" in complete(["c2a", "diff", "--preset", "i"]))
    for shell, path in [("zsh", "share/zsh/vendor-completions/_c2a"), ("fish", "share/fish/vendor_completions.d/c2a.fish")]:
        text = open(os.path.join(root, path)).read()
        check(f"{label}: the {shell} completion is the binary's own", text == run([binary, "completion", shell]).stdout)
        parsed = run([shell, "-n", os.path.join(root, path)])  # make deps installs both shells
        check(f"{label}: {shell} parses its completion", parsed.returncode == 0, parsed.stderr)
    fish = run(["fish", "-c", "source '%s'; complete -C 'c2a diff --format '; complete -C 'c2a rules '"
                % os.path.join(root, "share/fish/vendor_completions.d/c2a.fish")])
    offered = {line.split("\t")[0] for line in fish.stdout.splitlines()}
    check(f"{label}: fish completes report formats and subcommands", {"json", "sarif", "check", "test"} <= offered,
          fish.stdout + fish.stderr)


def main():
    scratch = tempfile.mkdtemp(prefix="c2a-install-")
    try:
        prefix = os.path.join(scratch, "prefix")
        installed = run(["cmake", "--install", BUILD, "--prefix", prefix])
        check("cmake --install succeeds", installed.returncode == 0, installed.stderr)
        check_tree(prefix, "cmake --install")

        packages = os.path.join(scratch, "packages")
        packed = run(["cpack", "-G", "DEB;TGZ", "-B", packages, "--config", os.path.join(BUILD, "CPackConfig.cmake")],
                     cwd=BUILD)
        check("cpack builds the Debian package and the tarball", packed.returncode == 0, packed.stdout + packed.stderr)
        debs = [f for f in os.listdir(packages) if f.endswith(".deb")] if os.path.isdir(packages) else []
        tars = [f for f in os.listdir(packages) if f.endswith(".tar.gz")] if os.path.isdir(packages) else []
        check("one .deb and one .tar.gz", len(debs) == 1 and len(tars) == 1, os.listdir(packages) if os.path.isdir(packages) else "")
        if len(debs) != 1 or len(tars) != 1:
            return
        deb = os.path.join(packages, debs[0])
        field = lambda name: run(["dpkg-deb", "-f", deb, name]).stdout.strip()
        check("the package is c2a at the project's version", field("Package") == "c2a" and field("Version") == project_version(),
              field("Package") + " " + field("Version"))
        depends = [d.split()[0] for d in field("Depends").split(",") if d.strip()]
        check("Depends: the C library and mimalloc only (the rest is linked in)",
              set(depends) == {"libc6", "libmimalloc2.0"}, field("Depends"))
        root = os.path.join(scratch, "root")
        run(["dpkg-deb", "-x", deb, root])
        check_tree(os.path.join(root, "usr"), "the .deb")
        deb_files = {line.split()[-1].lstrip(".") for line in run(["dpkg-deb", "-c", deb]).stdout.splitlines()
                     if not line.startswith("d")}
        # The tarball: one folder holding the tree a prefix holds (bin/, share/), for other systems.
        unpacked = os.path.join(scratch, "tarball")
        with tarfile.open(os.path.join(packages, tars[0])) as tar:
            tar_files = {"/usr/" + name.split("/", 1)[1] for name in tar.getnames()
                         if "/" in name and tar.getmember(name).isfile()}
            tar.extractall(unpacked)
        check("the tarball holds the same files as the package", tar_files == deb_files,
              sorted(tar_files ^ deb_files)[:10])
        folders = os.listdir(unpacked)
        check("the tarball is one folder", len(folders) == 1, folders)
        if len(folders) == 1:
            check_tree(os.path.join(unpacked, folders[0]), "the tarball")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


main()
print(f"{results.count(True)} passed, {results.count(False)} failed")
sys.exit(0 if all(results) else 1)
