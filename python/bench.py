#!/usr/bin/env python3
"""permlab from Python against SymPy, in the same run: writes python/BENCHMARKS.md.

    python python/bench.py [--repeat 3] [--timeout 120] [--out python/BENCHMARKS.md]

Each measurement runs in a new Python process (as a user meets it: nothing computed
before is cached), which loads the generators from a JSON file, then times only the
computation with time.perf_counter: building the group from its generators and the
call, for both tools alike. Each (case, tool) runs --repeat times and the median is
reported; a run past --timeout seconds is stopped and reported as "> T s". The answers
of the two tools are compared, and the run fails if they differ. The machine's load
(1-minute load average) is recorded before and after.
"""

import argparse
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: A run longer than this many seconds is not repeated (its single time is reported).
SLOW = 30.0

# The code each run executes: {setup} builds the inputs (untimed), {timed} is timed.
RUNNER = r"""
import json, sys, time
data = json.load(open(sys.argv[1]))
{imports}
{setup}
t0 = time.perf_counter()
{timed}
t1 = time.perf_counter()
print(json.dumps({{"seconds": t1 - t0, "answer": answer}}))
"""

TOOLS = {
    "permlab": {
        "imports": "from permlab import Perm, PermGroup",
        # permlab's image lists are 1-based (converted before the clock starts)
        "setup": "gens = [[i + 1 for i in g] for g in data['gens']]\n"
        "elements = [[i + 1 for i in x] for x in data.get('elements', [])]",
        "perm": "Perm.from_images({x})",
        "group": "PermGroup([{perms}], degree=data['degree'])",
    },
    "sympy": {
        "imports": "from sympy.combinatorics import Permutation, PermutationGroup",
        "setup": "gens = data['gens']\nelements = data.get('elements', [])",
        "perm": "Permutation({x}, size=data['degree'])",
        "group": "PermutationGroup([{perms}])",
    },
}


def cycle(points, n):
    """0-based images of the cycle through `points` on n points."""
    images = list(range(n))
    for a, b in zip(points, points[1:] + points[:1]):
        images[a] = b
    return images


def cube3_images():
    import permlab

    p = permlab.Puzzle("cube3")
    return p.degree, [[i - 1 for i in g.images()] for _, g in p.generators]


def puzzle_images(spec):
    import permlab

    p = permlab.Puzzle(spec)
    return p.degree, [[i - 1 for i in g.images()] for _, g in p.generators]


def membership_data(rng):
    """cube3's generators, 500 random elements of its group and 500 random permutations
    of its 54 points (0-based images)."""
    import permlab

    n, gens = cube3_images()
    members = permlab.Puzzle("cube3").group().random_elements(500, seed=1)
    elements = [[i - 1 for i in x.images()] for x in members]
    for _ in range(500):
        x = list(range(n))
        rng.shuffle(x)
        elements.append(x)
    return {"degree": n, "gens": gens, "elements": elements}


def orbits_data(rng):
    """Three permutations of 20000 points, each 400 random disjoint transpositions."""
    n = 20_000
    gens = []
    for _ in range(3):
        pts = rng.sample(range(n), 800)
        images = list(range(n))
        for a, b in zip(pts[::2], pts[1::2]):
            images[a], images[b] = b, a
        gens.append(images)
    return {"degree": n, "gens": gens}


def cases(rng):
    """(name, data, timed code per tool)."""
    order_code = {
        "permlab": "G = {group}\nanswer = str(G.order())",
        "sympy": "G = {group}\nanswer = str(G.order())",
    }
    n, gens = cube3_images()
    yield "order of cube3 (54 points)", {"degree": n, "gens": gens}, order_code
    n, gens = puzzle_images("megaminx")
    yield "order of Megaminx (120 points)", {"degree": n, "gens": gens}, order_code
    n = 1000
    yield "order of S_1000 from (1,2,...,1000) and (1,2)", {
        "degree": n,
        "gens": [cycle(list(range(n)), n), cycle([0, 1], n)],
    }, order_code
    n = 100
    yield "order of <(1,2), (1,...,100)> (sympy#23303)", {
        "degree": n,
        "gens": [cycle([0, 1], n), cycle(list(range(n)), n)],
    }, order_code
    yield "membership of 1000 random elements in cube3's group (500 members)", membership_data(rng), {
        "permlab": "G = {group}\nG.order()\nxs = [{element}]\nt0 = time.perf_counter()\n"
        "answer = sum(1 for x in xs if G.contains(x))",
        "sympy": "G = {group}\nG.order()\nxs = [{element}]\nt0 = time.perf_counter()\n"
        "answer = sum(1 for x in xs if G.contains(x))",
    }
    yield "orbits of 3 permutations of 20000 points (400 transpositions each)", orbits_data(rng), {
        "permlab": "G = {group}\nanswer = sorted(len(o) for o in G.orbits() if len(o) > 1)",
        "sympy": "G = {group}\nanswer = sorted(len(o) for o in G.orbits() if len(o) > 1)",
    }


def program(tool, code):
    t = TOOLS[tool]
    perms = ", ".join(t["perm"].format(x=f"gens[{k}]") for k in range(code["ngens"]))
    timed = code["code"].format(
        group=t["group"].format(perms=perms), element=t["perm"].format(x="x") + " for x in elements"
    )
    return RUNNER.format(imports=t["imports"], setup=t["setup"], timed=timed)


def run_once(source, data_path, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
        script = f.name
    try:
        out = subprocess.run(
            [sys.executable, script, data_path], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None
    finally:
        os.unlink(script)
    if out.returncode != 0:
        raise SystemExit(f"bench run failed:\n{source}\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def fmt_seconds(s):
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.0f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms"
    return f"{s:.2f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--out", type=Path, default=HERE / "BENCHMARKS.md")
    args = ap.parse_args()
    import permlab
    import sympy

    rng = random.Random(42)
    load_before = os.getloadavg()
    started = time.time()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, data, codes in cases(rng):
            path = os.path.join(tmp, "data.json")
            with open(path, "w") as f:
                json.dump(data, f)
            result = {}
            for tool in ("permlab", "sympy"):
                source = program(tool, {"code": codes[tool], "ngens": len(data["gens"])})
                times, answers = [], []
                for _ in range(args.repeat):
                    r = run_once(source, path, args.timeout)
                    if r is None:
                        times = None
                        break
                    times.append(r["seconds"])
                    answers.append(r["answer"])
                    if r["seconds"] > SLOW:
                        break
                if times is None:
                    result[tool] = (None, None)
                else:
                    if any(a != answers[0] for a in answers):
                        raise SystemExit(f"{name}: {tool} gave different answers in its runs")
                    result[tool] = (statistics.median(times), answers[0])
                print(f"{name}: {tool} {fmt_seconds(result[tool][0]) if result[tool][0] is not None else f'> {args.timeout:.0f} s'}", flush=True)
            (tp, ap_), (ts, as_) = result["permlab"], result["sympy"]
            if tp is None:
                raise SystemExit(f"{name}: permlab did not finish within {args.timeout} s")
            if ts is not None and ap_ != as_:
                raise SystemExit(f"{name}: the answers differ: permlab {ap_!r}, SymPy {as_!r}")
            rows.append((name, tp, ts, ap_))
    load_after = os.getloadavg()
    elapsed = time.time() - started

    lines = [
        "# permlab from Python against SymPy",
        "",
        "Generated by `python python/bench.py` (this file is its output; rerun it to refresh).",
        "",
        f"- Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}; whole run {elapsed:.0f} s.",
        f"- Machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, permlab {permlab.__version__} (abi3 wheel, release build), SymPy {sympy.__version__}.",
        f"- Load (1-minute average): {load_before[0]:.2f} before, {load_after[0]:.2f} after: "
        + (
            f"the machine was busy (more runnable processes than its {os.cpu_count()} cores), so both tools' times are inflated."
            if max(load_before[0], load_after[0]) > (os.cpu_count() or 1)
            else "the machine was not overloaded."
        ),
        f"- Each figure is the median of {args.repeat} run{'s' if args.repeat != 1 else ''} (one run when it takes over {SLOW:.0f} s), each in a new Python process, timing "
        "only the computation (building the group from its generators, then the call) with "
        f"`time.perf_counter`; imports and reading the inputs are not timed. A run stopped after {args.timeout:.0f} s "
        "shows as `> T s` and its ratio as a lower bound.",
        "- Membership: the group is built and its order computed first (not timed), then the "
        "1000 `contains` calls are timed: 500 random elements of the group and 500 random "
        "permutations of its 54 points.",
        "- The two tools' answers (orders, member counts, orbit lengths) are compared, and "
        "agree in every row where both finished.",
        "",
        "| computation | permlab | SymPy | SymPy / permlab |",
        "|---|---:|---:|---:|",
    ]
    for name, tp, ts, _ in rows:
        if ts is None:
            sym, ratio = f"> {args.timeout:.0f} s", f"> {args.timeout / tp:,.0f}×"
        else:
            sym, ratio = fmt_seconds(ts), f"{ts / tp:,.1f}×"
        lines.append(f"| {name} | {fmt_seconds(tp)} | {sym} | {ratio} |")
    lines.append("")
    args.out.write_text("\n".join(lines))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
