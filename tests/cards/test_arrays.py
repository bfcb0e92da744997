"""The shared array steps of the card routes (exact_odds/cards/substrate/arrays.py) against numpy's own."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exact_odds.cards.substrate.arrays import distinct


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-2**62, 2**62), max_size=200), st.sampled_from([np.int64, np.int16, np.intp]))
def test_distinct_is_numpys_unique(values, dtype):
    if dtype is np.int16:
        values = [v % 30_000 for v in values]
    a = np.array(values, dtype=dtype)
    got = distinct(np, a)
    expected = np.unique(a)
    assert got.dtype == expected.dtype and got.tolist() == expected.tolist()


@pytest.mark.parametrize("a", [np.zeros(0, dtype=np.int64), np.array([[3, 1], [3, 2]]), np.full(1000, 7)],
                         ids=["empty", "two rows (flattened)", "one value"])
def test_distinct_of_edge_shapes(a):
    assert distinct(np, a).tolist() == np.unique(a).tolist()
