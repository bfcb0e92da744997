"""The blocked bilinear kernel (exact_odds/punto_banco/bilinear.py) gives today's integers exactly.

Checked against the features path it replaced (``Pricer.dense_kernel``) and the pure-Python
path (``Pricer._counts_python``, Python integers), on random and depleted shoes of 1-12
decks, shoes of 6-10 cards, values run out, and at the float64 and int64 boundaries
(the largest shoes each number type is proven exact for, and one card more).
"""

import math
import random
from itertools import combinations_with_replacement

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco import bilinear
from exact_odds.punto_banco import walk as engine
from exact_odds.punto_banco.features import FLOAT_EXACT, INT64_EXACT, card_factor_rows, kind_of_total, value_shoe
from exact_odds.punto_banco.pricer import Pricer, cached_pricer
from exact_odds.rules.deal import six_card_total
from example_bets import dragon_7


def standard():
    return cached_pricer(tuple(builtin_catalog().variant("standard")))


def several():
    """Bets with many lines and a deal-level table (Dragon 7), so the basis has more than two rows."""
    cat = builtin_catalog()
    return cached_pricer((cat.bets["banker"], dragon_7(), cat.bets["dragon_bonus_banker"], cat.bets["tie"]))


def python_rows(pricer, counts, outcomes=True):
    """What value_batch returns for one shoe, from the pure-Python path (Python integers; the
    standard pricer's rows only, built once for every test here and the hostile ones)."""
    row = pricer._counts_python(value_shoe(counts))
    return (row[:3] if outcomes else []) + pricer.ev_numerators(row)


def dense_rows(pricer, value_counts, outcomes=True, chunk=64):
    pricer.dense_kernel = True
    try:
        return pricer.value_batch(value_counts, outcomes=outcomes, chunk=chunk)
    finally:
        pricer.dense_kernel = False


def test_layout_holds_every_six_value_multiset_once_as_prefix_and_suffix():
    lay = bilinear.layout()
    plain = sorted(combinations_with_replacement(range(10), 3), key=lambda t: (-t[0], t))
    prefixes = [plain[i] for i in lay.prefix_triples]
    assert sorted(prefixes) == sorted(plain)
    seen = set()
    assert len(lay.cell) == len(bilinear.six_value_multisets())
    for m, (p, col) in zip(bilinear.six_value_multisets(), lay.cell):
        prefix = prefixes[p]
        group = lay.groups[lay.group_of_prefix[p]]
        a, first, end, start, stop = group
        assert prefix == m[:3] and first <= p < end and a == m[2]
        n = lay.by_value[a][2]
        slots = lay.triple_slots[col] if col < n else lay.triple_slots[start + col - n]
        # the suffix's card factors are the six-value multiset's last three factors
        assert slots == tuple(6 * v + m[:3 + i].count(v) for i, v in enumerate(m[3:]))
        assert (p, col) not in seen
        seen.add((p, col))
    assert len(seen) == 5005 == math.comb(15, 6)


def test_kernel_counts_equal_the_rows_times_the_features_on_every_multiset():
    """Each basis row alone, on shoes where every feature differs: a wrong cell changes the count."""
    pricer = standard()
    rows = pricer._basis(np).rows
    shoes = [[128] + [32] * 9, [7, 9, 3, 11, 6, 8, 12, 5, 10, 4], [16, 4, 4, 4, 4, 4, 4, 4, 4, 4],
             [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [90, 31, 0, 27, 30, 25, 32, 29, 28, 30], [5, 0, 0, 3, 0, 0, 0, 2, 0, 1]]
    by_features = []
    for c in shoes:
        f = [math.prod(math.perm(c[v], m.count(v)) for v in set(m)) for m in bilinear.six_value_multisets()]
        by_features.append([sum(int(b) * x for b, x in zip(row, f)) for row in rows.tolist()])
    g = card_factor_rows(np, np.array(shoes, dtype=np.int64).T, None, np.float64)
    assert len(shoes) > bilinear.FEW  # the blocked products, then a few shoes: the features themselves
    for dtype in (np.float64, np.int64):
        kernel = pricer.kernel(np, dtype)
        assert kernel.counts(g.astype(dtype)).astype(np.int64).T.tolist() == by_features
        assert kernel.counts(g[:, :2].astype(dtype)).astype(np.int64).T.tolist() == by_features[:2]


def random_counts(rng, decks):
    """A shoe of ``decks`` decks with a random number of random cards dealt, sometimes a value run out."""
    c = [16 * decks] + [4 * decks] * 9
    for _ in range(rng.randint(0, 52 * decks - 6)):
        v = rng.choice([v for v in range(10) if c[v]])
        c[v] -= 1
    if rng.random() < 0.25:
        v = rng.randrange(10)
        if sum(c) - c[v] >= 6:
            c[v] = 0
    return tuple(c)


def check_against_the_features_path(seed, decks, size):
    rng = random.Random(seed)
    shoes = [random_counts(rng, rng.randint(1, decks)) for _ in range(size)]
    for pricer in (standard(), several()):
        for outcomes in (False, True):
            chunk = rng.choice([1, 3, 64, 256])
            assert pricer.value_batch(shoes, outcomes=outcomes, chunk=chunk) == dense_rows(
                pricer, shoes, outcomes, chunk)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), decks=st.integers(1, 12), size=st.integers(1, 12))
def test_value_batch_equals_the_features_path_on_random_depleted_shoes(seed, decks, size):
    check_against_the_features_path(seed, decks, size)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), decks=st.integers(1, 12), size=st.integers(1, 300))
def test_value_batch_equals_the_features_path_on_many_random_depleted_shoes(seed, decks, size):
    check_against_the_features_path(seed, decks, size)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(counts=st.lists(st.integers(0, 3), min_size=10, max_size=10).filter(lambda c: 6 <= sum(c) <= 10))
def test_small_shoes_of_6_to_10_cards_equal_the_python_path(counts):
    pricer = standard()
    nums, totals = pricer.value_batch([tuple(counts)], outcomes=True)
    assert nums == [python_rows(pricer, counts)]
    assert totals == [six_card_total(value_shoe(counts))]


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_depleted_shoes_equal_the_python_path(seed):
    """Against Python integers (not only the features path): 1-12 decks, values run out, no tens."""
    rng = random.Random(seed)
    c = list(random_counts(rng, rng.randint(1, 12)))
    if rng.random() < 0.3 and sum(c) - c[0] >= 6:
        c[0] = 0  # no card of value 0
    pricer = standard()
    assert pricer.value_batch([tuple(c)], outcomes=True)[0] == [python_rows(pricer, c)]


def shoe_of(n):
    """A shoe of exactly ``n`` cards, spread unevenly over the ten values."""
    c = [n // 10] * 10
    for v in range(n % 10):
        c[v] += 1
    if n >= 40:
        c[0], c[9] = c[0] + 3, c[9] - 3
    return tuple(c)


@pytest.mark.parametrize("n, kind", [(458, "float64"), (459, "int64"), (1450, "int64")])
def test_the_number_type_boundaries_are_exact(n, kind):
    """458 cards is the largest shoe float64 is proven exact for (total < 2**53, and the kernel's
    partial sums 720 N**3 far below), 459 the first in int64; 1,450 the largest in int64."""
    counts = shoe_of(n)
    total = six_card_total(value_shoe(counts))
    assert kind_of_total(total) == kind
    assert (total < FLOAT_EXACT) == (n <= 458) and total < INT64_EXACT
    assert 720 * n**3 < FLOAT_EXACT
    pricer = standard()
    assert pricer.value_batch([counts], outcomes=True)[0] == [python_rows(pricer, counts)]
    # the kernel itself, in the number type the bound allows, against Python integers
    dtype = np.float64 if kind == "float64" else np.int64
    g = card_factor_rows(np, np.array([counts] * (bilinear.FEW + 1), dtype=np.int64).T, None, dtype)
    shoe_features = [math.prod(math.perm(counts[v], m.count(v)) for v in set(m)) for m in bilinear.six_value_multisets()]
    want = [sum(int(b) * f for b, f in zip(row, shoe_features)) for row in pricer._basis(np).rows.tolist()]
    for shoes in (g, g[:, :1]):  # the blocked products, and one shoe's features
        got = pricer.kernel(np, dtype).counts(np.ascontiguousarray(shoes)).astype(np.int64)
        assert got.T.tolist() == [want] * shoes.shape[1]
    if kind == "float64":  # the one-shoe path (Pricer.counts) is float64 only: 458 cards its last shoe
        assert pricer.kernel(np, dtype).one(np.ascontiguousarray(g[:, 0])).astype(np.int64).tolist() == want
    # Pricer.counts of one shoe (its own path below 2**53, the batch's above) against pure Python
    assert pricer.counts(value_shoe(counts)) == pricer._counts_python(value_shoe(counts))


def test_past_int64_python_integers_and_a_mixed_batch_in_order():
    """1,451 cards leaves int64 (Python integers); a batch mixing all three number types keeps its order."""
    pricer = standard()
    big = shoe_of(1451)
    assert kind_of_total(six_card_total(value_shoe(big))) == "python"
    shoes = [shoe_of(458), big, shoe_of(459), shoe_of(6), shoe_of(458)]
    nums, _ = pricer.value_batch(shoes, outcomes=True, chunk=2)
    assert nums == [python_rows(pricer, c) for c in shoes]


def test_infinite_deck_and_batch_counts_equal_the_walk():
    from exact_odds.rules.shoe import Shoe
    pricer = several()
    shoes = [Shoe.infinite(), Shoe.decks(8), Shoe.from_counts([1, 0, 2, 1, 0, 1, 1, 0, 0, 2, 0, 0, 1])]
    for shoe, row in zip(shoes, pricer.batch_counts(shoes, chunk=2)):
        dist = engine.walk(shoe)
        assert pricer.results(shoe, row) == tuple(b.price(dist) for b in pricer.bets)


def test_a_fresh_pricer_has_the_same_basis_and_two_rows_for_the_standard_bets():
    """The total is a basis row of its own (Tie = total - Banker - Player), so the standard bets
    multiply out two rows, Banker and Player."""
    bets = tuple(builtin_catalog().variant("standard"))
    built = Pricer(bets).built_basis(np)
    assert built.rows.shape == (2, 5005)
    orderings = np.array([720 // math.prod(math.factorial(m.count(v)) for v in set(m))
                          for m in bilinear.six_value_multisets()])
    assert (built.rows >= 0).all() and (built.rows.sum(axis=0) <= orderings).all()


def test_value_batch_reads_integer_arrays_as_it_reads_lists():
    """An (S, 10) integer array is checked and priced in numpy (no list per shoe): the same rows,
    in order, with shoes past 1,000 cards and past int64 mixed in; a bad shoe is refused the same way."""
    pricer = standard()
    rng = random.Random(9)
    shoes = [random_counts(rng, rng.randint(1, 8)) for _ in range(30)] + [(200,) * 10, (2**58,) * 10, shoe_of(459)]
    rng.shuffle(shoes)
    want = pricer.value_batch(shoes, outcomes=True, chunk=4)
    assert pricer.value_batch(np.array(shoes, dtype=np.int64), outcomes=True, chunk=4) == want
    small = [s for s in shoes if max(s) < 2**15]
    for dtype in (np.int32, np.uint16, np.int16):
        assert pricer.value_batch(np.array(small, dtype=dtype)) == pricer.value_batch(small)
    for bad, error in (([[1] * 10, [-1] + [5] * 9], "value_counts\\[1\\] must be 10 whole numbers"),
                       ([[1] * 10, [0] * 10], "value_counts\\[1\\] has 0 cards")):
        with pytest.raises(ValueError, match=error):
            pricer.value_batch(np.array(bad))
        with pytest.raises(ValueError, match=error):
            pricer.value_batch(bad)
