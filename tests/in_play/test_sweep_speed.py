"""What sweep's speed rests on gives the same answers: the inlined CSV rows, the compiled walk's
one cache entry, batches sent to Dask as one object, and workers forked with the heap frozen."""

import gc
import pickle
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from exact_odds.in_play.workers import parallel
from exact_odds.in_play.sweep.sweep import ShoePrice
from exact_odds.punto_banco.compiled import compiled
from exact_odds.report.in_play import sweep_rows
from exact_odds.rules.tableau import PUNTO_BANCO
from oracles.sweep_text import csv_row

KEYS = ["a", "b"]




prices = st.builds(
    lambda counts, total, nums, scales: ShoePrice(*counts, total, tuple(nums), tuple(scales)),
    st.tuples(*[st.integers(0, 10**18)] * 3), st.integers(1, 10**25),
    st.lists(st.integers(-(10**27), 10**27), min_size=2, max_size=2),
    st.lists(st.integers(1, 40), min_size=2, max_size=2))


@settings(max_examples=60, deadline=None)
@given(st.lists(prices, max_size=4))
def test_csv_rows_are_the_exact_edges_formatted(shoes):
    assert sweep_rows("csv", KEYS, list(range(1, len(shoes) + 1)), shoes) == "".join(
        csv_row(n, p) for n, p in enumerate(shoes, 1))


def test_csv_rows_round_half_away_from_zero_and_keep_signs():
    # edges -1/(2*10^12) and 1/(2*10^12): exactly half of the last place; 0; and -100%
    shoes = [ShoePrice(1, 2, 3, 2 * 10**12, (1, -1), (1, 1)), ShoePrice(0, 0, 0, 7, (0, 7), (1, 1))]
    text = sweep_rows("csv", KEYS, [4, 9], shoes)
    assert text == ("4,1,2,3,2000000000000,-1/2000000000000,-0.0000000001,1/2000000000000,0.0000000001\n"
                    "9,0,0,0,7,0/1,0.0000000000,-1/1,-100.0000000000\n")
    assert text == "".join(csv_row(n, p) for n, p in zip([4, 9], shoes))


def test_the_compiled_walk_is_one_cache_entry_whatever_the_call():
    assert compiled() is compiled(PUNTO_BANCO) is compiled(tableau=PUNTO_BANCO)


def test_a_batch_for_dask_is_one_object_that_unpacks_to_its_items():
    batch = parallel._Batch([(1, 2), (3, 4)])
    back = pickle.loads(pickle.dumps(batch))
    assert isinstance(back, parallel._Batch) and back.items == [(1, 2), (3, 4)]
    assert parallel._apply(sum, back) == [3, 7]


def _frozen(item):
    return gc.get_freeze_count() > 0


def test_workers_fork_with_the_heap_frozen_and_the_parent_thaws():
    assert list(parallel.run(_frozen, [1, 2, 3], jobs=2)) == [True, True, True]
    assert gc.get_freeze_count() == 0


def test_a_house_edge_is_minus_the_numerator_over_scale_times_total():
    price = ShoePrice(0, 0, 0, 30, (-3, 4), (20, 1))
    assert price.house_edges == (Fraction(3, 600), Fraction(-4, 30))


_CALLS = []


def _note_setup(word):
    _CALLS.append(word)


def test_a_worker_reads_the_pickled_setup_once_and_skips_it_after():
    token = "test-token-setup-once"
    setup = (token, pickle.dumps((_note_setup, ("ready",))))
    assert parallel._apply(abs, [-1], setup) == [1] and _CALLS == ["ready"]
    # set up already: the bytes are not even read (these would not unpickle)
    assert parallel._apply(abs, [-2, 3], (token, b"not a pickle")) == [2, 3] and _CALLS == ["ready"]
    parallel._SET_UP.discard(token)


def test_value_batch_of_checked_counts_is_the_same_numbers():
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.punto_banco.pricer import cached_pricer

    pricer = cached_pricer(tuple(builtin_catalog().variant("standard")))
    shoes = [(128, 32, 32, 32, 32, 32, 32, 32, 32, 32), (3, 0, 1, 0, 2, 0, 0, 0, 0, 1), (700, 1, 0, 0, 0, 0, 0, 0, 0, 400)]
    assert pricer.value_batch(shoes, outcomes=True, checked=True) == pricer.value_batch(shoes, outcomes=True)
