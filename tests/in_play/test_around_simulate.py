"""simulate's parent adds every band of 52 cards left of a block at once
(RatioMoments.add_columns): the same float sums, bit for bit, as adding each band's shoes
with coups there one band at a time."""

import random

import numpy as np
import pytest

from exact_odds.in_play.simulate.statistics import RatioMoments


def _one_band_at_a_time(shifts, blocks):
    moments = [RatioMoments(s) for s in shifts]
    for ys, ns in blocks:
        for k, m in enumerate(moments):
            there = ns[:, k] > 0
            m.add_many(ys[there, k], ns[there, k])
    return moments


@pytest.mark.parametrize("seed", range(6))
def test_every_band_at_once_is_each_band_alone_bit_for_bit(seed):
    rng = random.Random(seed)
    shifts = [rng.choice([0.0, -0.0123, 0.0107, -1.5, 3.0]) for _ in range(8)]
    blocks = []
    for _ in range(rng.randint(1, 4)):
        shoes = rng.randint(0, 30)
        ns = np.array([[rng.choice([0, 0, rng.randint(1, 14)]) for _ in shifts] for _ in range(shoes)],
                      dtype=np.int64).reshape(shoes, len(shifts))
        # y: a band's sum of float EVs, 0.0 where it has no coup (as play_block makes it)
        ys = np.where(ns > 0, np.array([[rng.uniform(-0.3, 0.3) * rng.choice([1, 1e-9, 0.0]) for _ in shifts]
                                        for _ in range(shoes)]).reshape(shoes, len(shifts)), 0.0)
        blocks.append((ys, ns))
    expected = _one_band_at_a_time(shifts, blocks)
    got = [RatioMoments(s) for s in shifts]
    for ys, ns in blocks:
        RatioMoments.add_columns(got, ys, ns)
    assert [vars(m) for m in got] == [vars(m) for m in expected]
    for a, b in zip(got, expected):  # the same bits, -0.0 and all
        assert all(np.float64(x).tobytes() == np.float64(y).tobytes()
                   for x, y in zip((a.sy, a.syy, a.syn, a.snn), (b.sy, b.syy, b.syn, b.snn)))


def test_add_columns_refuses_arrays_that_do_not_fit():
    with pytest.raises(ValueError, match="S x K"):
        RatioMoments.add_columns([RatioMoments()], np.zeros((3, 2)), np.zeros((3, 2)))
    with pytest.raises(ValueError, match="S x K"):
        RatioMoments.add_columns([RatioMoments()], np.zeros(3), np.zeros(3))


def test_ev_sums_by_cards_left_are_exact_over_a_large_block():
    """Tens of thousands of coups of int64 numerators near the extremes, added by cards left in halves:
    the same sums as Python's integers (every partial sum of a half stays below 2**53)."""
    from exact_odds.in_play.simulate.shoe_blocks import _sums_by_remaining

    rng = random.Random(27)
    nums = [rng.choice([2**63 - 1, -(2**63 - 1), rng.randint(-2**63 + 1, 2**63 - 1)]) for _ in range(40_000)]
    left = np.array([rng.choice([6, 7, 8, 416]) for _ in range(len(nums))], dtype=np.int64)
    expected = {}
    for n in sorted(set(left.tolist()), reverse=True):
        expected[n] = sum(x for x, m in zip(nums, left.tolist()) if m == n)
    got = _sums_by_remaining(nums, left, left.tolist())
    assert got == expected and list(got) == list(expected)


@pytest.mark.parametrize("seed", range(4))
def test_ev_sums_by_cards_left_are_exact_in_int64_and_beyond(seed):
    from exact_odds.in_play.simulate.shoe_blocks import _sums_by_remaining

    rng = random.Random(seed)
    size = rng.choice([1, 5, 300])
    most = rng.choice([2**20, 2**62, 2**63 - 1, 2**70])  # 2**70: Python integers
    nums = [rng.choice([rng.randint(-most, most), most, -most, 0]) for _ in range(size)]
    nums[0] = -most  # the extreme
    left = np.array([rng.choice([6, 7, 50, 416]) for _ in range(size)], dtype=np.int64)
    expected = {}
    for n in sorted(set(left.tolist()), reverse=True):
        expected[n] = sum(x for x, m in zip(nums, left.tolist()) if m == n)
    got = _sums_by_remaining(nums, left, left.tolist())
    assert got == expected and list(got) == list(expected)  # the same sums, from the most cards down
