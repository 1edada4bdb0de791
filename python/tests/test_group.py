"""permlab.PermGroup: orders against GAP's, membership, orbits, blocks, subgroups,
classes against GAP's, factorization, SymPy and GAP interchange."""

import math
from collections import Counter

import pytest

from permlab import Perm, PermGroup, PermlabError, Puzzle

from conftest import DATA, data_table, random_images

#: GAP's orders (tests/data/gap_orders.txt) checked here: the fast ones.
GAP_SPECS = ["cube3", "cube2", "cube:4", "megaminx", "pyraminx", "skewb", "dino", "ivy", "floppy",
             "hungarian-rings", "turnstyle:12", "board:4x5:4", "nokia-rect", "psl:3:5", "agl:4:2"]


def closure(gens, n):
    """All elements of <gens> by closure (brute force, small groups only)."""
    identity = Perm.identity(n)
    seen, frontier = {identity}, [identity]
    while frontier:
        nxt = []
        for x in frontier:
            for g in gens:
                y = x * g
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return seen


def d8():
    return PermGroup(["(1,2,3,4)", "(1,3)"])


def s4():
    return PermGroup(["(1,2,3,4)", "(1,2)"])


def test_orders_equal_gaps():
    gap = {row[0]: int(row[1]) for row in data_table("gap_orders.txt")}
    for spec in GAP_SPECS:
        assert Puzzle(spec).group().order() == gap[spec], spec


def test_readme_example():
    assert Puzzle.builtin("cube3").group().order() == 43252003274489856000
    assert isinstance(Puzzle.builtin("cube3").group().order(), int)


def test_megaminx_file_and_builtin_agree_with_gap():
    gap = {row[0]: int(row[1]) for row in data_table("gap_orders.txt")}
    from_file = Puzzle.load(str(DATA / "megaminx.gens")).group()
    assert from_file.order() == gap["megaminx"] == Puzzle("megaminx").group().order()
    assert from_file.degree == 120


def test_giants_from_two_generators():
    n = 1000
    s1000 = PermGroup([Perm.from_cycles([list(range(1, n + 1))]), "(1,2)"])
    assert s1000.order() == math.factorial(n)
    assert s1000.is_symmetric()
    # sympy#23303's group: (1 2) and a 100-cycle
    g = PermGroup(["(1,2)", Perm.from_cycles([list(range(1, 101))])])
    assert g.order() == math.factorial(100)
    a = PermGroup.alternating(12)
    assert a.order() == math.factorial(12) // 2 and a.is_alternating()
    assert PermGroup.symmetric(7).order() == 5040
    assert PermGroup([]).order() == 1


def test_membership_against_closure_and_parity(rng):
    gens = [Perm("(1,2,3)(4,5)"), Perm("(2,4)(3,6)")]
    elements = closure(gens, 6)
    g = PermGroup(gens)
    assert g.order() == len(elements)
    for _ in range(300):
        x = Perm.from_images(random_images(rng, 6))
        assert g.contains(x) == (x in elements)
        assert (x in g) == (x in elements)
    a = PermGroup.alternating(30)
    for _ in range(100):
        x = Perm.from_images(random_images(rng, 30))
        assert a.contains(x) == x.is_even()
    # beyond the degree: not a member
    assert not g.contains(Perm("(1,7)"))


def test_random_elements_are_members_and_reproducible():
    g = Puzzle("cube3").group()
    xs = g.random_elements(50, seed=7)
    assert all(g.contains(x) for x in xs)
    assert g.random_elements(50, seed=7) == xs
    assert g.random_element(seed=3) == g.random_element(seed=3)


def test_orbits_against_closure_and_sympy(rng):
    sympy = pytest.importorskip("sympy.combinatorics")
    for _ in range(30):
        n = rng.randint(2, 40)
        gens = [Perm.from_cycles([rng.sample(range(1, n + 1), rng.randint(2, min(n, 4)))], degree=n) for _ in range(3)]
        g = PermGroup(gens, degree=n)
        orbits = g.orbits()
        # each orbit is closed under the generators, and they partition 1..n
        assert sorted(p for o in orbits for p in o) == list(range(1, n + 1))
        for o in orbits:
            assert {x.image(p) for x in gens for p in o} <= set(o)
        theirs = sorted(sorted(i + 1 for i in o) for o in g.to_sympy().orbits())
        assert sorted(orbits) == theirs
        assert g.is_transitive() == (len(orbits) == 1)
        assert g.orbit_lengths() == [len(o) for o in orbits]


def test_blocks_and_primitivity():
    assert not d8().is_primitive()
    assert d8().block_system(1, 3) == [[1, 3], [2, 4]]
    assert PermGroup(["(1,2,3)", "(1,2,3,4,5)"]).is_primitive()
    cube = Puzzle("cube3").group()
    systems = cube.blocks()
    assert [(len(s), len(s[0])) for s in systems] == [(8, 3), (12, 2)]
    # every system is a partition into blocks the generators permute
    for s in systems:
        blocks = {frozenset(b) for b in s}
        for x in cube.generators:
            assert {frozenset(x.image(p) for p in b) for b in blocks} == blocks


def test_stabilizers_orbit_stabilizer_theorem():
    g = Puzzle("cube2").group()
    point = g.moved_points()[0]
    orbit = next(o for o in g.orbits() if point in o)
    h = g.stabilizer([point])
    assert h.order() * len(orbit) == g.order()
    assert all(x.image(point) == point for x in h.generators)
    s5 = PermGroup.symmetric(5)
    assert s5.setwise_stabilizer([1, 2]).order() == 12
    with pytest.raises(PermlabError, match="point 6 is out of range 1..=5"):
        s5.stabilizer([6])


def test_centralizer_center_normal_closure_derived_series():
    x = Perm("(1,2)")
    c = s4().centralizer(x)
    assert c.order() == 4
    assert all(y * x == x * y for y in c.generators)
    brute = [y for y in closure(s4().generators, 4) if y * x == x * y]
    assert c.order() == len(brute)
    z = Puzzle("cube3").group().center()
    assert z.order() == 2
    assert all(y * g == g * y for y in z.generators for g in Puzzle("cube3").group().generators)
    v4 = s4().normal_closure("(1,2)(3,4)")
    assert v4.order() == 4
    assert s4().is_normal(v4)
    assert [h.order() for h in s4().derived_series()] == [24, 12, 4, 1]
    cube = Puzzle("cube3").group()
    assert cube.index(cube.derived_subgroup()) == 2
    assert s4().is_solvable() and not PermGroup.alternating(5).is_solvable()
    with pytest.raises(PermlabError, match="element 1 is not in the group"):
        d8().normal_closure("(1,2)")


def test_classes_against_gap():
    # tests/data/classes_gap.txt: GAP's centralizer orders of cube2[R,U,F]'s classes
    row = next(r for r in data_table("classes_gap.txt") if r[0] == "tests/data/cube2_ruf.gens")
    order, count = int(row[1]), int(row[2])
    gap = Counter({int(k): int(v) for k, v in (pair.split(":") for pair in row[3:])})
    g = Puzzle.load(str(DATA / "cube2_ruf.gens")).group()
    classes = g.classes()
    assert len(classes) == count
    assert sum(size for _, size, _, _ in classes) == order
    assert Counter(order // size for _, size, _, _ in classes) == gap
    assert classes.columns == ["order", "size", "cycle type", "representative"]
    assert [c[1] for c in d8().classes()] == [1, 1, 2, 2, 2]
    assert len(PermGroup.symmetric(6).classes()) == 11
    with pytest.raises(PermlabError, match="conjugacy classes"):
        Puzzle("cube3").group().classes()


def test_factor_words_evaluate_to_the_element():
    p = Puzzle("cube2")
    g = p.group()
    for x in g.random_elements(20, seed=1):
        word = g.factor(x)
        assert p.eval(word) == x
    with pytest.raises(PermlabError, match="is not in the group"):
        g.factor("(1,2)")
    s4g = s4()
    assert s4g.generator_names == ["g1", "g2"]
    w = s4g.factor("(1,3)")
    assert w


def test_structure_descriptions():
    assert s4().structure() == "S4"
    assert PermGroup.alternating(5).structure() == "A5"
    assert Puzzle("cube2").group().structure() == "C3^7 ⋊ S8"


def test_summary_table():
    rows = dict(Puzzle("turnstyle:12").group().summary().rows)
    assert rows["order"] == "479001600"
    assert rows[""] == "= 2^10 · 3^5 · 5^2 · 7 · 11"


def test_sympy_group_round_trip(rng):
    sympy = pytest.importorskip("sympy.combinatorics")
    for spec in ["cube2", "pyraminx", "floppy"]:
        g = Puzzle(spec).group()
        sg = g.to_sympy()
        assert sg.degree == g.degree
        assert sg.order() == g.order()
        back = PermGroup.from_sympy(sg)
        assert back.order() == g.order()
        assert [Perm.from_sympy(x) for x in sg.generators] == g.generators
    for _ in range(20):
        n = rng.randint(2, 9)
        sg = sympy.PermutationGroup([sympy.Permutation([i - 1 for i in random_images(rng, n)]) for _ in range(2)])
        assert PermGroup.from_sympy(sg).order() == sg.order()
    with pytest.raises(PermlabError, match="expected a sympy.combinatorics.PermutationGroup"):
        PermGroup.from_sympy(3)


def test_gap_group_text():
    g = Puzzle("cube2").group()
    text = g.to_gap()
    assert text.startswith("Group([(")
    back = PermGroup.from_gap(text)
    assert back.order() == g.order() and back.generators == g.generators
    assert PermGroup.from_gap("G := Group((1,2,3), (1,2));").order() == 6
    assert PermGroup.from_gap("Group([ (1,2,3,\\\n4), (1,2) ])").order() == 24
    assert PermGroup.from_gap("Group([], ())").order() == 1
    assert PermGroup([]).to_gap() == "Group([], ())"
    with pytest.raises(PermlabError, match=r'generator 2 \("\(1,x\)"\): column 4'):
        PermGroup.from_gap("Group([(1,2), (1,x)])")
    with pytest.raises(PermlabError, match="expected Group"):
        PermGroup.from_gap("[(1,2)]")


def test_bad_generators():
    with pytest.raises(PermlabError, match="generator 2: column 2: point 0"):
        PermGroup(["(1,2)", "(0,1)"])
    with pytest.raises(PermlabError, match="generator 1 moves point 5, beyond the degree 4"):
        PermGroup(["(1,5)"], degree=4)
    with pytest.raises(PermlabError, match="generator 1: expected a permlab.Perm"):
        PermGroup([3])
