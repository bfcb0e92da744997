"""The banque walk's int64 kernel (issue 15 "Speed") gives exactly what the Python-integer path gives.

The int64 kernel (:class:`~exact_odds.games.banque.hands.ShoeKernel`: a table of the right hands'
ways per card usage, built once per shoe, and np.add.at into the result cells) and the Python-integer path
(:func:`~exact_odds.games.banque.hands._python_block`: the full hands x hands matrix of ways and
prefix sums over the results) reach the counts by different routes. They must agree on random
depleted shoes (values missing, a handful of cards), with both five-flag layouts, and at the
kernel's int64 bound. The walk's pure path (the five flag summed out in the kernel, only the
nonzero counts made Python integers) must equal its general path with 0/1 weights.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

from exact_odds import Shoe
from exact_odds.games.banque import PunterFive, banque_walk
from exact_odds.games.banque.hands import ShoeKernel, banker_pair_block, kernel_dtype
from exact_odds.games.banque.model import N_ACTIONS, PAIR_INDEX, STOOD
from exact_odds.rules.deal import hand_total, is_natural
from exact_odds.games.banque.walk import _mixed_info, _pure_info

#: Value counts of a depleted shoe: some values gone, at least the 9 cards of a coup.
depleted = st.lists(st.integers(0, 6), min_size=10, max_size=10).filter(lambda c: sum(c) >= 9)


def _same(fast, slow):
    assert [x.dtype for x in fast] == [np.int64, np.int64]
    assert [x.tolist() for x in fast] == [x.tolist() for x in slow]


@settings(max_examples=8, deadline=None)
@given(c=depleted, data=st.data())
def test_kernel_equals_python_integers_on_depleted_shoes(c, data):
    """The walk's use: one kernel per shoe, read for a banker pair; and one for a shoe already
    without the banker's cards (banker_pair_block)."""
    pairs = [(a, b) for a in range(10) for b in range(a, 10)
             if c[a] >= 1 and c[b] >= 1 + (a == b) and not is_natural(hand_total(a, b))]
    assume(pairs)
    a, b = data.draw(st.sampled_from(pairs))
    c0 = list(c)
    c0[a] -= 1
    c0[b] -= 1
    bt = hand_total(a, b)
    slow = banker_pair_block(np, c0, False, bt, object)
    _same(ShoeKernel(np, c, False).block(PAIR_INDEX[a, b], c0, bt), slow)
    _same(banker_pair_block(np, c0, False, bt, np.int64), slow)


def test_kernel_equals_python_integers_with_the_know_cards_flags_and_the_infinite_deck():
    """kinds=6 (the know-cards model's five flags by holding), a shoe missing the 7s; and the
    infinite deck (its rank-one shortcut), both layouts."""
    c0 = [15, 4, 3, 4, 4, 4, 4, 0, 4, 3]
    _same(banker_pair_block(np, c0, False, 5, np.int64, 6), banker_pair_block(np, c0, False, 5, object, 6))
    inf = list(Shoe.infinite().value_counts)
    for kinds in (2, 6):
        _same(banker_pair_block(np, inf, True, 2, np.int64, kinds), banker_pair_block(np, inf, True, 2, object, kinds))


@pytest.mark.parametrize("q", [0, 1])
def test_five_flag_summed_in_the_kernel_equals_the_weighted_blocks(q):
    """The kernel with q drops the hands of the choice at 5 the punters do not make and merges the
    five flag, the same as weighting the full (kinds=2) block by 0/1 and summing the flag out."""
    c0 = [14, 4, 2, 4, 3, 4, 1, 4, 4, 4]
    w = np.ones((N_ACTIONS, 2), dtype=np.int64)
    w[STOOD, 1] = 1 - q
    w[1:11, 1] = q
    merged_blocks = ShoeKernel(np, c0, False, banker_pairs=False).block(None, c0, 4, q)
    for full, merged in zip(banker_pair_block(np, c0, False, 4, object), merged_blocks):
        x = full.reshape(N_ACTIONS, 2, 3, N_ACTIONS, 2, 3)
        x = (x * w[:, :, None, None, None, None] * w[None, None, None, :, :, None]).sum(axis=(1, 4))
        assert merged.dtype == np.int64
        assert merged.reshape(N_ACTIONS, 3, N_ACTIONS, 3).tolist() == x.tolist()


def test_int64_kernel_at_its_bound_and_python_integers_just_past_it():
    """463 cards is the largest shoe below the kernel's bound ((N^3 + N^2)^2 N < 2^62); there the
    int64 kernel equals Python integers for the banker's pair with the most ways (two tens, the
    fullest value left in the shoe), so no sum overflows. At 464 cards the walk takes Python
    integers (the walks: test_banque.py's test_python_integers_agree_with_int64 and the slow test
    below)."""
    assert kernel_dtype(np, 463) is np.int64 and kernel_dtype(np, 464) is object
    c = [175, 31, 33, 29, 31, 33, 31, 35, 33, 32]  # 463 cards by value
    assert sum(c) == 463
    c0 = [c[0] - 2] + c[1:]  # the banker holds two tens
    fast = banker_pair_block(np, c0, False, 0, np.int64)
    _same(fast, banker_pair_block(np, c0, False, 0, object))
    assert max(int(x.max()) for x in fast) > 2**53  # counts past what float64 holds exactly


@pytest.mark.parametrize("q", [0, 1])
def test_pure_walk_equals_the_general_walk(q):
    """A shoe of 7 values (4s, 8s and 9s gone): the pure path (int64 counts, nonzero ones to
    Python integers, scaled by the pair's ways and the unused cards) equals the general path."""
    shoe = Shoe.from_counts([2, 3, 1, 0, 2, 1, 2, 0, 0, 3, 1, 1, 1])
    c = list(shoe.value_counts)
    f_pure, f_mixed = [0] * 9, [0] * 9
    pure = _pure_info(np, shoe, c, 1, q, f_pure)
    mixed = _mixed_info(np, shoe, c, 1, Fraction(q), np.int64, f_mixed)
    assert pure.dtype == object and all(type(x) is int for x in pure.ravel()[:50])
    assert (pure == mixed).all() and f_pure == f_mixed
    assert pure.any()


@pytest.mark.slow
@pytest.mark.parametrize("shoe, q", [(Shoe.decks(1), 1), (Shoe.decks(1).remove(["7", "7", "7", "7", "K", "2"]), 0)],
                         ids=["1 deck, draw at 5", "1 deck less every 7, stand at 5"])
def test_walk_in_int64_equals_python_integers(shoe, q):
    a = banque_walk(shoe, PunterFive(Fraction(q)))
    b = banque_walk(shoe, PunterFive(Fraction(q)), python_ints=True)
    assert a.forced == b.forced and a.total == b.total and (a.info == b.info).all()
