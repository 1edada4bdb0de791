#!/usr/bin/env python3
"""The wall time of every notebook cell, from executed notebooks, as a Markdown table.

nbclient (`jupyter execute`) records when the kernel started and finished each cell in the
cell's metadata (`execution`: `iopub.execute_input`, `shell.execute_reply`); a cell's time
is the difference: compiling (evcxr builds every cell into a shared library) plus running.
The kernel's start is not in any cell; run.sh measures each notebook's whole wall time
(kernel start included) and passes it with --total.

    timings.py record PASS DIR/NAME.ipynb ... [--total NAME=SECONDS ...] --into FILE.json
        adds the cells of executed notebooks, as pass PASS (e.g. cold, warm), to FILE.json
    timings.py table FILE.json [--load TEXT] > TIMINGS.md
        the per-cell table (one column per pass) and the summary

The summary names the figures issue 39 sets goals for: the first `:dep` cell (the
notebook's header cell) per pass, the median of the small-expression cells of the latency
probe (notebooks/tests/latency.ipynb, cells tagged `small-expression`), and each
notebook's total.
"""
import json
import statistics
import sys
from datetime import datetime
from pathlib import Path

import nbformat


def parse_time(stamp):
    """An ISO 8601 time stamp as nbclient writes it (UTC, with a Z)."""
    return datetime.fromisoformat(stamp.replace("Z", "+00:00"))


def cell_seconds(cell):
    """The seconds between the kernel taking the cell and its reply, or None (also for a cell
    with an error output: a failed compile is not a cell's time)."""
    if any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
        return None
    ex = cell.get("metadata", {}).get("execution", {})
    start, end = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
    if not start or not end:
        return None
    return (parse_time(end) - parse_time(start)).total_seconds()


def first_line(source):
    """The first non-empty line of a cell, shortened for the table."""
    for line in source.splitlines():
        if line.strip():
            line = line.strip()
            return line if len(line) <= 60 else line[:57] + "..."
    return ""


def record(pass_name, paths, totals, into):
    """Adds the cells of the executed notebooks `paths` to the JSON file `into`."""
    data = json.loads(Path(into).read_text()) if Path(into).is_file() else {"notebooks": {}}
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        name = Path(path).stem
        entry = data["notebooks"].setdefault(name, {"cells": {}, "totals": {}})
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            seconds = cell_seconds(cell)
            c = entry["cells"].setdefault(str(index), {"source": first_line(cell.source),
                                                       "tags": cell.metadata.get("tags", []),
                                                       "seconds": {}})
            c["seconds"][pass_name] = seconds
        if name in totals:
            entry["totals"][pass_name] = totals[name]
    names = {Path(p).stem for p in paths}
    for name, seconds in totals.items():
        if name not in names:  # e.g. `all`: the whole pass
            data.setdefault("runs", {}).setdefault(name, {})[pass_name] = seconds
    passes = data.setdefault("passes", [])
    if pass_name not in passes:
        passes.append(pass_name)
    Path(into).write_text(json.dumps(data, indent=1) + "\n")


def fmt(seconds):
    return "" if seconds is None else f"{seconds:.1f}"


def table(path, load):
    """The Markdown report of a timings JSON file."""
    data = json.loads(Path(path).read_text())
    passes = data.get("passes", [])
    out = []
    if load:
        out.append(f"Load: {load}\n")
    out.append("## Summary\n")
    out.append("| figure | " + " | ".join(passes) + " |")
    out.append("|---|" + "---:|" * len(passes))
    rows = []
    for name, nb in data["notebooks"].items():
        cells = list(nb["cells"].values())
        if cells:
            rows.append((f"{name}: header (`:dep`) cell", [cells[0]["seconds"].get(p) for p in passes]))
        small = [c for c in cells if "small-expression" in c.get("tags", [])]
        if small:
            med = []
            for p in passes:
                values = [c["seconds"][p] for c in small if c["seconds"].get(p) is not None]
                med.append(statistics.median(values) if values else None)
            rows.append((f"{name}: small-expression cell, median of {len(small)}", med))
        rows.append((f"{name}: all cells", [sum(c["seconds"].get(p) or 0 for c in cells)
                                            if any(c["seconds"].get(p) is not None for c in cells)
                                            else None for p in passes]))
        if nb.get("totals"):
            rows.append((f"{name}: whole notebook (kernel start included)",
                         [nb["totals"].get(p) for p in passes]))
    for name, values in data.get("runs", {}).items():
        rows.append((f"the whole pass ({name} notebooks, kernel starts included)",
                     [values.get(p) for p in passes]))
    for label, values in rows:
        out.append(f"| {label} | " + " | ".join(fmt(v) for v in values) + " |")
    out.append("\n## Every cell (seconds: compile and run)\n")
    out.append("| notebook | cell | first line | " + " | ".join(passes) + " |")
    out.append("|---|---:|---|" + "---:|" * len(passes))
    for name, nb in data["notebooks"].items():
        for index, c in nb["cells"].items():
            src = c["source"].replace("|", "\\|").replace("`", "'")
            out.append(f"| {name} | {index} | `{src}` | "
                       + " | ".join(fmt(c["seconds"].get(p)) for p in passes) + " |")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) >= 4 and argv[0] == "record":
        pass_name, rest = argv[1], argv[2:]
        paths, totals, into = [], {}, None
        i = 0
        while i < len(rest):
            if rest[i] == "--into":
                into = rest[i + 1]
                i += 2
            elif rest[i] == "--total":
                name, seconds = rest[i + 1].split("=", 1)
                totals[name] = float(seconds)
                i += 2
            else:
                paths.append(rest[i])
                i += 1
        if into is None or not paths:
            print(__doc__, file=sys.stderr)
            return 2
        record(pass_name, paths, totals, into)
        return 0
    if len(argv) in (2, 4) and argv[0] == "table":
        load = argv[3] if len(argv) == 4 and argv[2] == "--load" else None
        sys.stdout.write(table(argv[1], load))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
