"""permlab.Puzzle and permlab.Word: built-ins and files, words, states, figures, and
the crate's hostile inputs."""

import pytest

import permlab
from permlab import Perm, PermlabError, Puzzle

from conftest import DATA


def test_builtins_and_loading():
    names = permlab.builtins()
    assert "cube3" in names and "megaminx" in names
    p = Puzzle("cube3")
    assert p.name == "cube3" and p.degree == 54
    assert p.generator_names == ["U", "D", "F", "B", "R", "L"]
    assert [name for name, _ in p.generators] == p.generator_names
    assert all(isinstance(g, Perm) for _, g in p.generators)
    sub = Puzzle("cube3[U,D,R2,L2,F2,B2]")
    assert sub.generator_names == ["U", "D", "R2", "L2", "F2", "B2"]
    assert sub.group().order() == 19_508_428_800
    assert Puzzle.load(str(DATA / "cube3.geo")).group().order() == 43252003274489856000
    assert p.group() is p.group()


def test_words_evaluate_as_the_crate_documents():
    cube = Puzzle("cube3")
    w = cube.parse_word("R U2 D' B D'")
    assert cube.eval(w).order() == 1260 == cube["R U2 D' B D'"].order()
    assert w.letter_count() == 5
    # a word is first its first letter: the product of its letters in GAP's order
    letters = [cube[x] for x in ["R", "U2", "D'", "B", "D'"]]
    product = letters[0]
    for x in letters[1:]:
        product = product * x
    assert cube.eval(w) == product
    assert (cube.eval(w) * w.inverse().perm()).is_identity()
    assert str(cube.parse_word("R R R").simplify()) == "R'"
    assert str(cube.parse_word("R") * cube.parse_word("U")) == "R U"
    t = Puzzle("turnstyle:12")
    assert str(t["L T L (T L L L T R) (R R T L L) (T L L L T R)^3 T L"]) == "(1,2)"
    assert cube["(R U)^100000000000"] == cube["R U"] ** 100000000000


def test_states_and_apply():
    cube = Puzzle("cube3")
    solved = cube.solved()
    assert solved == list(range(1, 55)) == cube.state()
    s = cube.state("R U")
    assert s == cube.apply(solved, "R U")
    assert cube.apply(cube.state("R"), "U") == s
    # the state reached by g has label i at position i^g
    g = cube["R U"]
    assert all(s[g.image(i) - 1] == i for i in range(1, 55))
    assert g.to_state() == s
    assert cube.parse_state(",".join(map(str, s))) == s
    assert cube.apply(",".join(map(str, s)), "U' R'") == solved
    board = Puzzle("board:3x3:2")
    assert board.render(board.state("A")) == "4 1 3\n5 2 6\n7 8 9\n"


def test_figures_of_states():
    board = Puzzle("board:3x3:2")
    svg = board.figure(word="A B").svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert board.figure(state=board.state("A")).png()[:8] == b"\x89PNG\r\n\x1a\n"
    cube = Puzzle("cube3")
    fig = cube.figure(word="R U")
    assert fig._repr_svg_().startswith("<svg")
    w, h = fig.size
    assert fig.png(width=w // 2, height=h // 2)[:4] == b"\x89PNG"
    with pytest.raises(PermlabError, match="has no geometry to draw"):
        Puzzle("megaminx").figure()
    with pytest.raises(PermlabError, match="give a state or a word, not both"):
        board.figure(state=board.solved(), word="A")


def test_figure_save_is_atomic_and_checks_the_extension(tmp_path):
    fig = Puzzle("board:3x3:2").figure(word="A")
    fig.save(tmp_path / "a.svg")
    fig.save(tmp_path / "a.png")
    assert (tmp_path / "a.svg").read_text().startswith("<svg")
    assert (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(PermlabError, match="must end in .svg, .png, .pdf or .tex"):
        fig.save(tmp_path / "a.jpg")
    # a missing directory, or a parent that is a file: an error naming the path, and
    # nothing left behind
    with pytest.raises(PermlabError, match="no-such-dir/c.svg"):
        fig.save(tmp_path / "no-such-dir" / "c.svg")
    with pytest.raises(PermlabError, match="a.svg/b.svg"):
        fig.save(tmp_path / "a.svg" / "b.svg")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.png", "a.svg"]


@pytest.mark.parametrize(
    "spec, message",
    [
        ("no-such-puzzle", 'unknown puzzle "no-such-puzzle"'),
        ("cube:0", 'bad puzzle spec "cube:0": N must be 1..9'),
        ("turnstyle:16777217", "degree 16777217 is too large"),
        ("board:3x3:9", "need 2 <= K <= min(R, C)"),
        (str(DATA / "hostile" / "degree_wraps.gens"), "degree_wraps.gens:2:9: degree 4294967298 is too large (at most 16777216 points)"),
        (str(DATA / "hostile" / "degree_huge.gens"), "degree_huge.gens:1:9: degree 10000000000 is too large"),
        (str(DATA / "hostile" / "point_u32max.gens"), "point_u32max.gens:1:7: generator A: point too large (at most 16777216)"),
        (str(DATA / "hostile" / "too_many_bytes.gens"), "too_many_bytes.gens:18:1: 17 moves on 16777216 points take 1140850688 bytes"),
        (str(DATA / "bad_point_zero.gens"), "point 0"),
        ("cube3[R,Q]", "generator word 2"),
    ],
)
def test_bad_puzzles_raise_the_crates_message(spec, message):
    with pytest.raises(PermlabError) as e:
        Puzzle(spec)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_bad_words_and_states():
    cube = Puzzle("cube3")
    with pytest.raises(PermlabError, match="word \"R Q\""):
        cube.parse_word("R Q")
    with pytest.raises(PermlabError, match="word"):
        cube.eval("R (U")
    with pytest.raises(PermlabError, match="54 positions"):
        cube.apply([1, 2, 3], "R")
    with pytest.raises(PermlabError, match="label 1 is repeated"):
        cube.apply([1] * 54, "R")
    with pytest.raises(PermlabError, match="point 55 is out of range"):
        cube.apply(list(range(2, 56)), "R")
    with pytest.raises(PermlabError, match="state"):
        cube.parse_state("1,2,x")
    # deep nesting is refused, not a stack overflow
    with pytest.raises(PermlabError):
        cube.parse_word("(" * 100000 + "R" + ")" * 100000)
