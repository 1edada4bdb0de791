#!/usr/bin/env python3
"""Checks executed notebooks: a code cell fails when it was not executed, has an `error` output
(evcxr reports compile errors this way), or writes a panic or a compile error to stderr (a panic
or a failed `assert!` inside an evcxr cell does not make `jupyter execute` fail).

The last code cell must also print something on stdout: it is the notebook's final assert cell,
which ends with a summary line, so a lost panic message still fails the run.

Prints the failing cells, then `NAME: N passed, M failed` per notebook and a final
`notebooks: N passed, M failed`; exits 1 when any cell failed.

--compare-figures checks that every figure cell (a code cell with an `image/svg+xml` or
`image/png` output) of a fresh run draws exactly what the committed notebook shows, and that the
committed notebook has no figure the fresh run lacks. --latex-figures checks nbconvert's LaTeX
export of a notebook: one image command (`\includegraphics`, or nbconvert's
`\adjustimage{max size=...}`, adjustbox's `\includegraphics` with a size limit) per figure
cell, each naming an existing PNG file.

    check_outputs.py EXECUTED.ipynb ...
    check_outputs.py --strip-into COMMITTED.ipynb EXECUTED.ipynb   (used by run.sh --update)
    check_outputs.py --compare-figures COMMITTED.ipynb EXECUTED.ipynb [...]
    check_outputs.py --latex-figures EXECUTED.ipynb EXPORTED.tex
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


FIGURE_TYPES = ("image/svg+xml", "image/png")


def figures_of(cell):
    """The figure outputs of a code cell: {mime type: data} for the image types."""
    found = {}
    for output in cell.get("outputs", []):
        for mime in FIGURE_TYPES:
            if mime in output.get("data", {}):
                data = output["data"][mime]
                found[mime] = "".join(data) if isinstance(data, list) else data
    return found


def first_line_of(cell):
    source = cell.source.strip()
    return source.splitlines()[0][:60] if source else ""


def compare_figures(committed_path, executed_path):
    """Messages for each figure cell whose committed output differs from the fresh run's."""
    name = Path(committed_path).stem
    committed = nbformat.read(committed_path, as_version=4)
    executed = nbformat.read(executed_path, as_version=4)
    if [c.source for c in committed.cells] != [c.source for c in executed.cells]:
        return [f"{name}: the executed notebook's cells are not the committed ones"]
    problems, figures, differing = [], 0, set()
    for index, (old, new) in enumerate(zip(committed.cells, executed.cells)):
        if old.cell_type != "code":
            continue
        old_figs, new_figs = figures_of(old), figures_of(new)
        if not old_figs and not new_figs:
            continue
        figures += 1
        for mime in FIGURE_TYPES:
            if old_figs.get(mime) != new_figs.get(mime):
                what = ("missing from the committed notebook" if mime not in old_figs
                        else "missing from the fresh run" if mime not in new_figs
                        else "differs from what the code draws now")
                problems.append(f"{name}: cell {index} ({first_line_of(new)!r}): {mime} {what}")
                differing.add(index)
    print(f"{name}: {figures} figure cell(s), {len(differing)} differ from the committed notebook")
    return problems


IMAGE_COMMAND = re.compile(r"\\(?:includegraphics|adjustimage)(?:\[[^\]]*\])?\{(?:[^{}]*\{[^{}]*\}[^{}]*\{[^{}]*\}\}\{)?([^{}]+)\}")


def latex_figures(executed_path, tex_path):
    """Messages when the LaTeX export lacks an image for a figure cell."""
    nb = nbformat.read(executed_path, as_version=4)
    with_png = [i for i, c in enumerate(nb.cells)
                if c.cell_type == "code" and "image/png" in figures_of(c)]
    tex = Path(tex_path).read_text()
    files = IMAGE_COMMAND.findall(tex)
    problems = []
    if len(files) != len(with_png):
        problems.append(f"{Path(tex_path).name}: {len(files)} image command(s) for "
                        f"{len(with_png)} figure cell(s) (cells {with_png})")
    for f in files:
        path = Path(tex_path).parent / f
        if not path.is_file() or not path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"):
            problems.append(f"{Path(tex_path).name}: the image {f} is not a PNG file")
    print(f"{Path(tex_path).name}: {len(files)} image(s) for {len(with_png)} figure cell(s)")
    return problems


def main(argv):
    if len(argv) == 3 and argv[0] == "--strip-into":
        strip_into(argv[1], argv[2])
        return 0
    if len(argv) >= 3 and len(argv) % 2 == 1 and argv[0] == "--compare-figures":
        problems = []
        for committed, executed in zip(argv[1::2], argv[2::2]):
            problems += compare_figures(committed, executed)
        for p in problems:
            print(p)
        return 1 if problems else 0
    if len(argv) == 3 and argv[0] == "--latex-figures":
        problems = latex_figures(argv[1], argv[2])
        for p in problems:
            print(p)
        return 1 if problems else 0
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
