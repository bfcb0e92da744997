"""Hostile input to Pricer.value_batch now that it reads integer arrays in numpy (the bilinear kernel's
entry point): every bad array is refused with the same one-line error as the same rows given as lists,
and arrays numpy would overflow are priced exactly by the Python-integer path."""

import numpy as np
import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.pricer import cached_pricer
from exact_odds.rules.shoe import ShoeError


def pricer():
    return cached_pricer(tuple(builtin_catalog().variant("standard")))


@pytest.mark.parametrize("bad, error, message", [
    (np.full((2, 10, 1), 5), ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    (np.full((2, 9), 5), ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    (np.full(10, 5), TypeError, "must be a sequence of 10 value counts per shoe"),
    (np.full((2, 10), 5.0), ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    (np.full((2, 10), np.nan), ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    (np.ones((2, 10), dtype=bool), ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    (np.array([[5] * 10, [5] * 9 + [-1]], dtype=np.int8), ValueError, r"value_counts\[1\] must be 10 whole numbers"),
    (np.array([[5] * 10, [0] * 10], dtype=np.uint32), ShoeError, r"value_counts\[1\] has 0 cards"),
], ids=["3-d", "9 values", "1-d", "floats", "nan", "bools", "negative int8", "empty shoe uint32"])
def test_bad_arrays_are_refused_in_one_line(bad, error, message):
    with pytest.raises(error, match=message) as caught:
        pricer().value_batch(bad)
    assert "\n" not in str(caught.value)


def test_arrays_past_int64_and_object_arrays_are_priced_exactly():
    p = pricer()
    huge = [(2**63 + 5,) * 10]
    assert p.value_batch(np.array(huge, dtype=np.uint64)) == p.value_batch(huge)
    assert p.value_batch(np.array([[5] * 10], dtype=object)) == p.value_batch([(5,) * 10])
    assert p.value_batch(np.array([[2**59] * 10])) == p.value_batch([(2**59,) * 10])  # sums overflow int64
    assert p.value_batch(np.zeros((0, 10), dtype=np.int64)) == ([], [])
