"""The compiled kernel (exact_odds/punto_banco/_native.c) gives the numpy and pure-Python paths' integers exactly.

Compared with the numpy bilinear kernel (``Pricer.compiled_kernel = False``) and the pure-Python
path (``Pricer._counts_python``, Python integers) on random depleted shoes (hypothesis), shoes of
6-10 cards, values run out, and on both sides of each bound its comment proves: 458 cards
(``N(N-1)...(N-5) < 2**53``, float64 exact) against 459 (declined: the numpy path prices), and
``norm * total < 2**63`` (int64 exact) against one more. ``EXACT_ODDS_PURE=1`` switches it off.

Where the kernel was not built (no C compiler at install), the tests that need it are skipped with
that reason and the rest check that every path still prices.
"""

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco import native
from exact_odds.punto_banco.features import value_shoe
from exact_odds.punto_banco.pricer import Pricer
from exact_odds.rules.deal import six_card_total
from example_bets import dragon_7

needs_kernel = pytest.mark.skipif(native.module() is None, reason=f"pricing by {native.describe()}")


def pricers():
    """The standard bets (a basis of two rows) and several with many lines (more rows, a deal-level table)."""
    cat = builtin_catalog()
    return (Pricer(tuple(cat.variant("standard"))),
            Pricer((cat.bets["banker"], dragon_7(), cat.bets["dragon_bonus_banker"], cat.bets["tie"],
                    cat.bets["player"])))


STANDARD, SEVERAL = pricers()


def by_numpy(pricer, call):
    pricer.compiled_kernel = False
    try:
        return call()
    finally:
        pricer.compiled_kernel = True


def depleted(rng_draw, decks, dealt):
    counts = [4 * decks] * 9 + [16 * decks]  # value 1..9, then 0 last; reordered below
    counts = [counts[9]] + counts[:9]
    for i in rng_draw[:dealt]:
        v = i % 10
        while counts[v] == 0:
            v = (v + 1) % 10
        counts[v] -= 1
    return tuple(counts)


@needs_kernel
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 8), st.lists(st.integers(0, 9999), min_size=420, max_size=420), st.integers(0, 410),
       st.integers(1, 20))
def test_compiled_equals_numpy_on_random_depleted_shoes(decks, draws, dealt, batch):
    dealt = min(dealt, 52 * decks - 6)
    shoes = [depleted(draws[k:] + draws[:k], decks, max(dealt - 7 * k, 0)) for k in range(batch)]
    for pricer in (STANDARD, SEVERAL):
        for outcomes in (True, False):
            want = by_numpy(pricer, lambda: pricer.value_batch(shoes, outcomes=outcomes))
            assert pricer.value_batch(shoes, outcomes=outcomes) == want
            assert pricer.value_batch(np.array(shoes, dtype=np.int64), outcomes=outcomes) == want
        one = value_shoe(shoes[0])
        assert pricer.counts(one) == by_numpy(pricer, lambda: pricer.counts(one))
        assert pricer.shoe_ev_numerators(one) == by_numpy(pricer, lambda: pricer.shoe_ev_numerators(one))
        assert pricer.batch_counts([value_shoe(s) for s in shoes]) == by_numpy(
            pricer, lambda: pricer.batch_counts([value_shoe(s) for s in shoes]))


@needs_kernel
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 8), st.lists(st.integers(0, 9999), min_size=420, max_size=420), st.integers(0, 410),
       st.integers(1, 40), st.sets(st.integers(0, 39), max_size=3))
def test_value_arrays_are_value_batch_as_int64_arrays_and_decline_as_it_does(decks, draws, dealt, batch, far):
    """Pricer.value_arrays (the kernel's counts_into) gives value_batch's integers in arrays, for every
    length of batch: whole walks of 16 lanes, a last walk with spare lanes (3 to 15 shoes) and the last
    one or two shoes alone; one shoe it declines (459 cards) makes it give None."""
    dealt = min(dealt, 52 * decks - 6)
    shoes = [depleted(draws[k:] + draws[:k], decks, max(dealt - 7 * k, 0)) for k in range(batch)]
    for pricer in (STANDARD, SEVERAL):
        rows, totals = pricer.value_arrays(np.array(shoes, dtype=np.int64))
        assert rows.dtype == totals.dtype == np.int64
        assert (rows.tolist(), totals.tolist()) == pricer.value_batch(shoes, outcomes=True)
        declined = [edge_shoe(459) if i in far else s for i, s in enumerate(shoes)]
        assert (pricer.value_arrays(np.array(declined, dtype=np.int64)) is None) == bool(far & set(range(batch)))
        assert by_numpy(pricer, lambda: pricer.value_arrays(np.array(shoes, dtype=np.int64))) is None


@needs_kernel
@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_small_shoes_and_values_run_out_equal_the_python_path(counts):
    shoe = value_shoe(tuple(counts))
    assert SEVERAL.counts(shoe) == SEVERAL._counts_python(shoe)


def edge_shoe(n):
    """A shoe of ``n`` cards spread over the ten values."""
    counts = [n // 10] * 10
    for v in range(n % 10):
        counts[v] += 1
    return tuple(counts)


@needs_kernel
def test_458_cards_are_priced_by_the_kernel_and_459_declined_both_exact():
    """The float64 bound: 458 * 457 * ... * 453 < 2**53 < 459 * 458 * ... * 454."""
    kernel, tables = native.module(), STANDARD._native_tables_of(np)
    basis = STANDARD._basis(np)
    assert six_card_total(value_shoe(edge_shoe(458))) < 2**53 < six_card_total(value_shoe(edge_shoe(459)))
    rows, totals = kernel.counts(tables, [edge_shoe(458), edge_shoe(459)], basis.e, basis.e_norm)
    assert rows[1] is None and totals[1] is None
    assert rows[0] == STANDARD._counts_python(value_shoe(edge_shoe(458)))
    assert totals[0] == six_card_total(value_shoe(edge_shoe(458)))
    for n in (458, 459):
        shoe = value_shoe(edge_shoe(n))
        assert STANDARD.counts(shoe) == STANDARD._counts_python(shoe)
        assert STANDARD.value_batch([edge_shoe(n), edge_shoe(200)], outcomes=True)[0][0][:3] == \
            STANDARD._counts_python(shoe)[:3]


@needs_kernel
def test_the_int64_bound_norm_times_total_is_checked_on_both_sides():
    """A shoe is priced while norm * total <= 2**63 - 1 and declined from 2**63 on."""
    kernel, tables = native.module(), STANDARD._native_tables_of(np)
    shoe = edge_shoe(416)
    total = six_card_total(value_shoe(shoe))
    largest = (2**63 - 1) // total  # the largest norm with norm * total < 2**63
    matrix = np.zeros((1, STANDARD._basis(np).rows.shape[0] + 1), dtype=np.int64)
    matrix[0, -1] = largest  # the row is largest * total: the biggest value int64 may hold here
    rows, _ = kernel.counts(tables, [shoe], matrix, largest)
    assert rows == [[largest * total]]
    assert kernel.counts(tables, [shoe], matrix, largest + 1)[0] == [None]


@needs_kernel
def test_the_kernel_declines_what_it_cannot_read_and_the_checks_name_it():
    kernel, tables = native.module(), STANDARD._native_tables_of(np)
    basis = STANDARD._basis(np)
    bad = [(True,) + (32,) * 9, (32.0,) + (32,) * 9, (32,) * 9, (-1,) + (40,) * 9, (1,) * 5 + (0,) * 5,
           (np.int64(32),) + (32,) * 9, (2**70,) + (1,) * 9]
    rows, totals = kernel.counts(tables, bad, basis.e, basis.e_norm)
    assert rows == [None] * len(bad) and totals == [None] * len(bad)
    with pytest.raises(ValueError, match=r"value_counts\[0\]"):
        STANDARD.value_batch([bad[0]])
    with pytest.raises(ValueError, match=r"value_counts\[1\]"):
        STANDARD.value_batch([(32,) * 10, bad[3]])
    assert STANDARD.value_batch(iter([(32,) * 10])) == STANDARD.value_batch([(32,) * 10])  # an iterator, read once


@needs_kernel
def test_prepare_refuses_entries_outside_0_to_720_and_a_wrong_layout():
    kernel = native.module()
    rows = np.asarray(STANDARD._basis(np).rows, dtype=np.float64).copy()
    assert native.tables(np, rows) is not None
    for value in (720.5, 721.0, -1.0, float("nan")):
        wrong = rows.copy()
        wrong[0, 17] = value
        with pytest.raises(ValueError, match="0..720"):
            native.tables(np, wrong)
    wrong = rows.copy()
    wrong[1, 4] = 720.0
    assert native.tables(np, wrong) is not None
    cell = np.zeros((5005, 2), dtype=np.int32)  # every multiset in one cell
    with pytest.raises(ValueError, match="layout"):
        kernel.prepare(rows, cell, np.zeros((220, 4), dtype=np.int32), np.zeros((770, 3), dtype=np.int32))


@needs_kernel
def test_exact_odds_pure_switches_the_kernel_off_also_for_a_pricer_pickled_with_its_tables():
    """A pricer made where the kernel runs (its tables made) prices the same in a process without it
    (a Dask worker may be such a process)."""
    shoe = value_shoe((128,) + (32,) * 9)
    pricer = pricers()[0]
    pricer.counts(shoe)
    script = ("import pickle, sys; from exact_odds.punto_banco import native; from exact_odds.punto_banco.features "
              "import value_shoe; p = pickle.loads(sys.stdin.buffer.read()); "
              "print(native.module() is None, p.counts(value_shoe((128,) + (32,) * 9)))")
    env = dict(os.environ, EXACT_ODDS_PURE="1")
    out = subprocess.run([sys.executable, "-c", script], env=env, input=pickle.dumps(pricer), capture_output=True,
                         check=True)
    pure, counts = out.stdout.decode().split(" ", 1)
    assert pure == "True"
    assert counts.strip() == str(STANDARD._counts_python(shoe))
