"""Claims with proofs and certificates, the independent checker, breadth-first searches
against twsearch's distributions, and solving."""

import json
import math

import pytest

import permlab
from permlab import Perm, PermlabError, Puzzle

from conftest import data_table


def test_claims_hold_and_fail_with_certificates(tmp_path):
    t = Puzzle("turnstyle:12")
    proof = t.claim(symmetric=True)
    assert proof.holds and bool(proof)
    assert "479001600" in proof.markdown
    assert proof.latex and proof.text
    v = permlab.verify(proof.certificate)
    assert v.holds and bool(v)
    cube = Puzzle("cube3")
    no = cube.claim(symmetric=True)
    assert not no.holds
    # the certificate states that the claim fails, and the checker confirms that verdict
    assert json.loads(no.certificate)["holds"] is False
    assert permlab.verify(no.certificate).holds
    order = cube.claim(order=43252003274489856000)
    assert order.holds
    assert not cube.claim(order=43252003274489856001).holds
    path = tmp_path / "order.json"
    order.save_certificate(path)
    assert permlab.verify(path).holds
    assert permlab.verify(str(path)).holds
    assert cube.claim(even=True).holds is False
    assert cube.claim(reachable=cube.state("R U F")).holds
    flipped = cube.state()
    # swapping the two stickers of one edge is not reachable
    a, b = cube.group().blocks()[1][0]
    flipped[a - 1], flipped[b - 1] = flipped[b - 1], flipped[a - 1]
    assert not cube.claim(reachable=flipped).holds


def test_verify_checks_the_certificate():
    cert = json.loads(Puzzle("turnstyle:12").claim(symmetric=True).certificate)
    assert permlab.verify(json.dumps(cert)).holds
    # a certificate whose claim was changed does not hold
    tampered = json.loads(Puzzle("turnstyle:12").claim(order=479001600).certificate)
    tampered["claim"]["order"] = "479001601"
    assert not permlab.verify(json.dumps(tampered)).holds
    with pytest.raises(PermlabError, match="malformed certificate"):
        permlab.verify("{ not json")
    with pytest.raises(PermlabError, match="no-such-file"):
        permlab.verify("no-such-file.json")


def test_claim_arguments():
    cube = Puzzle("cube2")
    with pytest.raises(PermlabError, match="no claim given"):
        cube.claim()
    with pytest.raises(PermlabError, match="2 claims given"):
        cube.claim(symmetric=True, even=True)
    with pytest.raises(PermlabError, match="order: must not be negative"):
        cube.claim(order=-1)
    board = Puzzle("board:3x3:2")
    stab = board.claim(stabilizer_fixes=[1], acts_symmetric_on=list(range(2, 10)))
    assert stab.holds in (True, False)
    with pytest.raises(PermlabError, match="certificates are written for"):
        stab.certificate
    assert stab._repr_latex_() == stab.latex
    assert "<p>" in stab._repr_html_()


def test_bfs_equals_twsearch_distributions():
    tws = {row[0]: [int(x) for x in row[1].split()] for row in data_table("twsearch_distributions.txt")}
    found = {}
    for spec in ["cube2", "board:3x3:2", "pyraminx:notips", "floppy", "ivy"]:
        d = found[spec] = Puzzle(spec).bfs()
        assert d.counts == tws[spec], spec
        assert d.total == sum(tws[spec]) == Puzzle(spec).group().order()
        assert d.max_distance == len(tws[spec]) - 1
    d = found["cube2"]
    assert d.description.startswith("metric htm")
    assert d[0] == 1 and len(d) == 12 and d[-1] == d[11] == 64736
    with pytest.raises(IndexError):
        d[12]
    assert math.isclose(d.mean, sum(k * c for k, c in enumerate(d.counts)) / d.total)
    table = d.table()
    assert list(table[11]) == [11, 64736]
    assert d.figure()._repr_svg_().startswith("<svg")
    assert d._repr_html_().count("<svg") == 1
    latex = d._repr_latex_()
    assert latex.startswith("metric htm") and "\\begin{tabular}{ll}" in latex and latex.endswith("\\end{tabular}")


def test_bfs_metric_and_memory_limits():
    skewb = Puzzle("skewb")
    qtm = skewb.bfs(metric="qtm")
    assert qtm.total == skewb.group().order() == 3149280
    assert qtm.description.startswith("metric qtm")
    # the skewb's moves have order 3: each power is the move or its inverse, so the
    # half-turn and quarter-turn metrics agree, and clockwise turns alone differ
    assert qtm.counts == skewb.bfs(metric="htm").counts
    clockwise = skewb.bfs(metric="generators")
    assert clockwise.total == qtm.total and clockwise.counts != qtm.counts
    with pytest.raises(PermlabError):
        Puzzle("cube2").bfs(metric="ftm")
    with pytest.raises(PermlabError, match="bytes"):
        Puzzle("cube2").bfs(max_memory=1000)


def test_histogram_of_several_distributions():
    a = Puzzle("board:3x3:2").bfs()
    b = permlab.Distribution([1, 2, 3])
    fig = permlab.histogram([a, b], labels=["board", "given"], title="two")
    assert fig.svg().startswith("<svg")
    with pytest.raises(PermlabError, match="1 labels for 2 distributions"):
        permlab.histogram([a, b], labels=["x"])


def test_solve_replays_to_solved():
    board = Puzzle("board:3x3:2")
    distances = board.bfs()
    for scramble in ["A", "A B", "A B C D A", "D C B A B C D"]:
        state = board.state(scramble)
        s = board.solve(state)
        assert board.apply(state, s.word) == board.solved() if s.word else state == board.solved()
        assert s.length <= distances.max_distance
        assert s.length <= len(scramble.split())
    assert board.solve(board.solved()).length == 0
    # optimal: no shorter word of the search's moves solves the position (brute force)
    moves = [board[m] for m in distances.description.split(": ", 1)[1].split()]
    for scramble in ["A B", "A B2 C'", "A B C D"]:
        target = board[scramble].inverse()
        s = board.solve(board.state(scramble))
        assert s.optimal and s.metric == "htm"
        reachable = {Perm.identity(board.degree)}
        for _ in range(s.length - 1):
            reachable |= {x * m for x in reachable for m in moves}
        assert target not in reachable
    # beyond a complete table: the library solver's two-phase method (near-optimal)
    cube = Puzzle("cube3")
    state = cube.state("R U F' L2 D")
    s = cube.solve(state)
    assert cube.apply(state, s.word) == cube.solved()
    assert s.length <= 20 and not s.optimal and s.method.startswith("two-phase")
    with pytest.raises(PermlabError):
        Puzzle("cube2").solve([2, 1] + list(range(3, 25)))
