"""permlab.Perm: cycle notation, GAP's product order, powers, matrices, SymPy and GAP
interchange, errors."""

import itertools
import math
import pickle

import numpy as np
import pytest

import permlab
from permlab import Perm, PermlabError

from conftest import random_images


def brute_order(p):
    """The order by multiplying until the identity."""
    q, k = p, 1
    while not q.is_identity():
        q, k = q * p, k + 1
    return k


def inversions(images):
    return sum(1 for i, j in itertools.combinations(range(len(images)), 2) if images[i] > images[j])


def test_cycle_notation_in_and_out():
    p = Perm("(1,3,8,6)(2,5,7,4)")
    assert str(p) == "(1,3,8,6)(2,5,7,4)"
    assert p.cycles() == [[1, 3, 8, 6], [2, 5, 7, 4]]
    assert p.degree == 8
    assert p.images() == [3, 5, 8, 2, 7, 1, 4, 6]
    assert Perm.from_images(p.images()) == p
    assert Perm.from_cycles([[1, 3, 8, 6], [2, 5, 7, 4]]) == p
    assert str(Perm()) == "()"
    assert Perm("()").is_identity()
    assert repr(Perm("(1,2)", degree=5)) == "Perm('(1,2)', degree=5)"
    assert eval(repr(Perm("(1,2)", degree=5)), {"Perm": Perm}).degree == 5


def test_product_is_gap_order_first_left_then_right(rng):
    for _ in range(200):
        n = rng.randint(1, 30)
        p = Perm.from_images(random_images(rng, n))
        q = Perm.from_images(random_images(rng, n))
        pq = p * q
        for i in range(1, n + 1):
            assert pq.image(i) == q.image(p.image(i))
    # the crate's documented example: 1 -> 3 under p, 3 is fixed by (1,2)
    assert (Perm("(1,3,8,6)(2,5,7,4)") * Perm("(1,2)")).image(1) == 3


def test_powers_orders_signs_against_brute_force(rng):
    for _ in range(100):
        n = rng.randint(1, 12)
        p = Perm.from_images(random_images(rng, n))
        k = brute_order(p)
        assert p.order() == k
        assert p ** k == Perm.identity(n)
        assert p ** -1 == p.inverse()
        assert p * p.inverse() == Perm.identity(n)
        e = rng.randint(-40, 40)
        by_products = Perm.identity(n)
        for _ in range(abs(e)):
            by_products = by_products * p
        assert p ** e == (by_products if e >= 0 else by_products.inverse())
        # exponents beyond 64 bits reduce modulo the order
        big = rng.randint(2**70, 2**140)
        assert p ** big == p ** (big % k)
        assert p ** -big == (p ** (big % k)).inverse()
        assert p.sign() == (-1) ** inversions(p.images())
        assert p.is_even() == (p.sign() == 1)
        assert sum(p.cycle_type()) == n


def test_pow_by_a_permutation_is_gaps_conjugate(rng):
    for _ in range(50):
        n = rng.randint(1, 15)
        p = Perm.from_images(random_images(rng, n))
        q = Perm.from_images(random_images(rng, n))
        assert p ** q == q.inverse() * p * q
        assert p.conjugate(q) == p ** q
        # p^q does on i^q what p does on i
        for i in range(1, n + 1):
            assert (p ** q).image(q.image(i)) == q.image(p.image(i))
        assert p.commutator(q) == p * q * p.inverse() * q.inverse()


def test_order_of_a_large_permutation_is_exact():
    # cycles of the first primes up to 97: the order is their product
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]
    cycles, start = [], 1
    for q in primes:
        cycles.append(list(range(start, start + q)))
        start += q
    p = Perm.from_cycles(cycles)
    assert p.order() == math.prod(primes)
    assert p.order() > 2**64


def test_equality_and_hash_ignore_the_degree():
    a, b = Perm("(1,2)"), Perm("(1,2)", degree=5)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Perm("(2,1)")}) == 1
    assert Perm("(1,2)") != Perm("(1,3)")
    assert (Perm("(1,2)") == "(1,2)") is False


def test_matrix_is_the_crates_convention(rng):
    for _ in range(20):
        n = rng.randint(1, 10)
        p = Perm.from_images(random_images(rng, n))
        q = Perm.from_images(random_images(rng, n))
        m = p.matrix()
        assert m.shape == (n, n) and m.dtype == np.int64
        for i in range(n):
            e = np.zeros(n, dtype=np.int64)
            e[i] = 1
            target = np.zeros(n, dtype=np.int64)
            target[p.image(i + 1) - 1] = 1
            assert (m @ e == target).all()
        assert ((p * q).matrix() == q.matrix() @ p.matrix()).all()
    # P x moves the entry at position i to position i^g (the crate's apply_to_state)
    g = Perm("(1,2,3)")
    assert list(g.matrix() @ np.array([10, 20, 30])) == [30, 10, 20]


def test_pickle_round_trip():
    p = Perm("(1,5,2)(3,4)", degree=7)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.degree == 7


@pytest.mark.parametrize(
    "text, message",
    [
        ("(1,2,2)", "column 6: point 2 is repeated (first at column 4)"),
        ("(0,1)", "column 2: point 0 is not allowed (points are 1-based)"),
        ("(1,2", "column 1: unbalanced parenthesis"),
        ("(1,x)", "column 4: unexpected character 'x' in cycle notation"),
        ("", "column 1: empty cycle notation (write () for the identity)"),
        ("(1,99999999999999999999)", "column 4: point too large"),
    ],
)
def test_bad_cycle_notation_raises_the_crates_message(text, message):
    with pytest.raises(PermlabError) as e:
        Perm(text)
    assert str(e.value).startswith(message)
    assert isinstance(e.value, ValueError)


def test_bad_images_and_cycles():
    with pytest.raises(PermlabError, match="image 2 is repeated at positions 1 and 2"):
        Perm.from_images([2, 2, 1])
    with pytest.raises(PermlabError, match="image 4 at position 1 is out of range 1..=3"):
        Perm.from_images([4, 1, 2])
    with pytest.raises(PermlabError, match="image 0 at position 2 is out of range"):
        Perm.from_images([1, 0])
    with pytest.raises(PermlabError, match="point 2 is repeated"):
        Perm.from_cycles([[1, 2], [2, 3]])
    with pytest.raises(PermlabError, match="point 3 exceeds the degree 2"):
        Perm("(1,3)", degree=2)
    with pytest.raises(PermlabError, match="too large"):
        Perm.identity(10**12)
    with pytest.raises(PermlabError, match="points are 1-based"):
        Perm("(1,2)").image(0)
    with pytest.raises(TypeError):
        Perm("(1,2)") * 3
    # a dense matrix is refused before allocating beyond 8192 points
    assert Perm("(1,300)").matrix().shape == (300, 300)
    with pytest.raises(PermlabError, match="beyond the limit of degree 8192"):
        Perm("(1,8193)").matrix()


def test_sympy_round_trips_and_product_order(rng):
    sympy = pytest.importorskip("sympy.combinatorics")
    for _ in range(200):
        n = rng.randint(1, 25)
        p = Perm.from_images(random_images(rng, n))
        q = Perm.from_images(random_images(rng, n))
        sp, sq = p.to_sympy(), q.to_sympy()
        assert sp.size == n
        # SymPy is 0-based: its point i is permlab's point i + 1
        assert all(sp(i) == p.image(i + 1) - 1 for i in range(n))
        assert Perm.from_sympy(sp) == p
        # both directions of the product: SymPy's p*q is also first p, then q
        assert (p * q).to_sympy() == sp * sq
        assert Perm.from_sympy(sp * sq) == p * q
        assert Perm.from_sympy(sympy.Permutation(list(range(n)))) == Perm.identity(n)
        assert p.order() == sp.order()
        assert p.sign() == sp.signature()
    with pytest.raises(PermlabError, match="expected a sympy.combinatorics.Permutation"):
        Perm.from_sympy([1, 0])


def test_gap_text_round_trip(rng):
    for _ in range(50):
        n = rng.randint(1, 40)
        p = Perm.from_images(random_images(rng, n))
        assert Perm.from_gap(p.to_gap()) == p
    # GAP breaks long lines with a backslash before the line break
    assert Perm.from_gap("(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,\\\n23)(24,25)") == Perm.from_cycles(
        [list(range(1, 24)), [24, 25]]
    )
    assert Perm.from_gap("(1,2)\n(3,4)") == Perm("(1,2)(3,4)")
    with pytest.raises(PermlabError, match="point 2 is repeated"):
        Perm.from_gap("(1,2)(2,3)")


def test_display():
    p = Perm("(1,2,3)(4,5)")
    assert p._repr_html_() == "<code>(1,2,3)(4,5)</code><br><small>degree 5, order 6, odd, cycle type 3 2</small>"
    assert p._repr_latex_() == "$(1,\\,2,\\,3)(4,\\,5)$"
    fig = p.figure()
    assert fig._repr_svg_().startswith("<svg")
    assert fig._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert p.matrix_figure().svg().startswith("<svg")
    assert p.matrix_figure().tikz().startswith("\\begin{tikzpicture}")
    with pytest.raises(PermlabError, match="TikZ output"):
        fig.tikz()
    assert permlab.__version__
