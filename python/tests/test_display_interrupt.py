"""Jupyter's rich display (HTML, LaTeX, SVG, PNG) and Ctrl-C during long calls."""

import signal
import subprocess
import sys
import time

import pytest

import permlab
from permlab import PermGroup, Puzzle


def test_group_displays_its_summary():
    g = Puzzle("cube3").group()
    html = g._repr_html_()
    assert html.startswith("<table") and "43252003274489856000" in html
    assert "2^27 · 3^14 · 5^3 · 7^2 · 11" in html
    latex = g._repr_latex_()
    assert latex.startswith("\\begin{tabular}") and latex.endswith("\\end{tabular}")
    assert "43252003274489856000" in latex.replace("\\allowbreak{}", "")
    assert repr(g) == "<permlab.PermGroup of degree 54 with 6 generators>"
    assert str(PermGroup(["(1,2)"])) == "Group([(1,2)])"


def test_tables_are_sequences_with_html_and_latex():
    t = PermGroup.symmetric(4).classes()
    assert len(t) == 5
    assert t[0][0] == 1 and t[0][1] == 1 and t[-1] == t[4]
    assert [row[1] for row in t] == [c[1] for c in t.rows]
    assert sum(row[1] for row in t) == 24
    with pytest.raises(IndexError):
        t[5]
    html = t._repr_html_()
    assert html.count("<tr>") == 6 and "<caption>5 conjugacy classes</caption>" in html
    assert t._repr_latex_().count("\\\\") == 6
    md = t.to_markdown()
    assert md.splitlines()[0] == "| order | size | cycle type | representative |"
    assert str(t).splitlines()[1].split() == ["order", "size", "cycle", "type", "representative"]


def test_proof_display_forms():
    proof = Puzzle("turnstyle:12").claim(symmetric=True)
    assert proof._repr_latex_() == proof.latex
    assert proof._repr_markdown_() == proof.markdown
    assert proof._repr_html_().startswith("<div class=\"permlab-proof\"><p>")
    assert repr(proof).startswith("<permlab.Proof: holds")


def test_long_calls_release_the_gil():
    # while a search runs on another Python thread, this thread keeps running
    import threading

    p = Puzzle("cube2")
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("d", p.bfs()))
    worker.start()
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.005)
    worker.join()
    assert result["d"].total == 88179840
    # the search takes seconds: a held GIL would leave this loop a handful of ticks
    assert ticks >= 50, ticks


def run_and_interrupt(code, after=1.5, timeout=60):
    """Runs `code` in a new interpreter, sends SIGINT once it printed "started", and
    returns its output and how long it took to end after the signal."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "started"
        time.sleep(after)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=timeout)
        return out, err, time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


CATCH = """
import sys, permlab
{setup}
print("started", flush=True)
try:
    result = {call}
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
    sys.exit(0)
print("finished", result, flush=True)
"""


def test_ctrl_c_stops_a_search():
    # board:4x4:3 has 812851200 positions: minutes of search; Ctrl-C sets the crate's
    # stop flag and the search ends between chunks
    out, err, _ = run_and_interrupt(CATCH.format(setup="p = permlab.Puzzle('board:4x4:3')", call="p.bfs()"))
    assert out.splitlines()[-1] == "KeyboardInterrupt", (out, err)


def test_ctrl_c_interrupts_a_group_computation():
    # Schreier-Sims has no stop flag: the call returns at once, its worker is left to end
    # (one structure of cube:9 takes about half a second: a hundred new groups, minutes)
    out, err, _ = run_and_interrupt(
        CATCH.format(
            setup="",
            call="[permlab.Puzzle('cube:9').group().structure() for _ in range(100)]",
        ),
        after=1.0,
    )
    assert out.splitlines()[-1] == "KeyboardInterrupt", (out, err)


def test_latex_forms_compile_with_pdflatex(tmp_path):
    # what nbconvert --to pdf puts into the document: each object's _repr_latex_
    import os
    import shutil

    if shutil.which("pdflatex") is None:
        # CI sets PERMLAB_REQUIRE_TOOLS=1: a missing tool fails there
        if "1" in (os.environ.get("PERMLAB_REQUIRE_TOOLS"), os.environ.get("PERMLAB_REQUIRE_PDFLATEX")):
            pytest.fail("pdflatex is required (PERMLAB_REQUIRE_TOOLS=1) but not installed")
        pytest.skip("pdflatex is not installed")
    cube = Puzzle("cube3")
    parts = [
        cube.group()._repr_latex_(),
        PermGroup.symmetric(5).classes()._repr_latex_(),
        Puzzle("board:3x3:2").bfs()._repr_latex_(),
        Puzzle("turnstyle:12").claim(symmetric=True)._repr_latex_(),
        cube.claim(reachable=cube.state("R U"))._repr_latex_(),
        cube["R U"]._repr_latex_(),
    ]
    body = "\n\n\\bigskip\n\n".join(parts)
    tex = tmp_path / "display.tex"
    tex.write_text("\\documentclass{article}\n\\sloppy\n\\begin{document}\n" + body + "\n\\end{document}\n")
    run = subprocess.run(
        ["pdflatex", "-halt-on-error", "-interaction=nonstopmode", tex.name],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    assert (tmp_path / "display.pdf").stat().st_size > 1000
