"""What the CI tests share: scratch folders removed at exit, and checks counted and printed.

Each test prints one line per check ("ok   NAME" or "FAIL NAME: DETAIL") and, through finish(),
"N passed, N failed" last; finish() is the exit status (non-zero on any failure).
"""
import atexit
import shutil
import tempfile

results = []
_made = []


def scratch(prefix):
    """A temporary folder, removed when the test ends."""
    path = tempfile.mkdtemp(prefix=prefix)
    _made.append(path)
    return path


atexit.register(lambda: [shutil.rmtree(path, ignore_errors=True) for path in _made])


def check(name, ok, detail=""):
    """One check: counted, and printed with the end of its detail when it fails."""
    results.append(bool(ok))
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + str(detail)[-3000:]))


def finish():
    """Prints the counts; the exit status: 1 when any check failed."""
    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0
