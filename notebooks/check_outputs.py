#!/usr/bin/env python3
"""Checks executed notebooks: a code cell fails when it was not executed, has an `error` output
(evcxr reports compile errors this way), or writes a panic or a compile error to stderr (a panic
or a failed `assert!` inside an evcxr cell does not make `jupyter execute` fail).

The last code cell must also print something on stdout: it is the notebook's final assert cell,
which ends with a summary line, so a lost panic message still fails the run.

Prints the failing cells, then `NAME: N passed, M failed` per notebook and a final
`notebooks: N passed, M failed`; exits 1 when any cell failed.

    check_outputs.py EXECUTED.ipynb ...
    check_outputs.py --strip-into COMMITTED.ipynb EXECUTED.ipynb   (used by run.sh --update)
"""
import re
import sys
from pathlib import Path

import nbformat

# What a panic, a failed assertion or a compile error looks like on a cell's stderr.
STDERR_FAILURES = [
    re.compile(r"panicked at"),
    re.compile(r"^error(\[E\d+\])?:", re.MULTILINE),
    re.compile(r"Child process terminated with status"),
]


def text_of(output):
    """The text of a stream output, or of an error output's name, value and traceback."""
    if output.get("output_type") == "stream":
        text = output.get("text", "")
        return "".join(text) if isinstance(text, list) else text
    if output.get("output_type") == "error":
        return "\n".join([output.get("ename", ""), output.get("evalue", "")]
                         + list(output.get("traceback", [])))
    return ""


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def cell_failure(cell):
    """Why a code cell failed, or None when it passed."""
    if cell.get("execution_count") is None:
        return "not executed"
    outputs = cell.get("outputs", [])
    for output in outputs:
        if output.get("output_type") == "error":
            name = ANSI.sub("", output.get("ename", "")).strip()
            value = ANSI.sub("", output.get("evalue", "")).strip()
            return f"error output: {name}: {value}"
    # evcxr splits stderr into many stream outputs: look at them joined
    stderr = ANSI.sub("", "".join(text_of(o) for o in outputs
                                  if o.get("output_type") == "stream" and o.get("name") == "stderr"))
    for pattern in STDERR_FAILURES:
        m = pattern.search(stderr)
        if m:
            lines = stderr[stderr.rfind("\n", 0, m.start()) + 1:].splitlines()
            return "stderr: " + " / ".join(line.strip() for line in lines[:2])
    return None


def final_cell_failure(cell):
    """The last code cell asserts the notebook's results and then prints a summary line:
    it must have written to stdout. After an earlier panic evcxr restarts its child process
    and a later panic's stderr can be lost, so a missing summary line counts as a failure."""
    stdout = "".join(text_of(o) for o in cell.get("outputs", [])
                     if o.get("output_type") == "stream" and o.get("name") == "stdout")
    if not stdout.strip():
        return "the final cell printed nothing on stdout (its asserts did not all pass)"
    return None


def check(path):
    """Returns (passed, failed) code-cell counts for one executed notebook, printing failures."""
    nb = nbformat.read(path, as_version=4)
    name = Path(path).stem
    passed = failed = 0
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        why = cell_failure(cell)
        if why is None and code and index == code[-1]:
            why = final_cell_failure(cell)
        if why is None:
            passed += 1
        else:
            failed += 1
            first_line = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
            print(f"{name}: cell {index} ({first_line[:60]!r}) failed: {why[:300]}")
    return passed, failed


def strip_into(dest, src):
    """Writes the executed notebook `src` to `dest` without per-run timing metadata."""
    nb = nbformat.read(src, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.validate(nb)
    nbformat.write(nb, dest)


def main(argv):
    if len(argv) == 3 and argv[0] == "--strip-into":
        strip_into(argv[1], argv[2])
        return 0
    if not argv or any(a.startswith("-") for a in argv):
        print(__doc__, file=sys.stderr)
        return 2
    results = []
    for path in argv:
        if not Path(path).is_file():
            print(f"{Path(path).stem}: missing executed notebook {path}")
            results.append((Path(path).stem, 0, 1))
            continue
        try:
            passed, failed = check(path)
        except Exception as e:  # unreadable or invalid notebook
            print(f"{Path(path).stem}: cannot read {path}: {e}")
            passed, failed = 0, 1
        results.append((Path(path).stem, passed, failed))
    for name, passed, failed in results:
        print(f"{name}: {passed} passed, {failed} failed")
    total_passed = sum(p for _, p, _ in results)
    total_failed = sum(f for _, _, f in results)
    print(f"notebooks: {total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
