"""The distribution of the rounded edge (exact_odds.in_play.simulate.edge_counts) against plain counting:
Counters of (cards left, edge) pairs and nearest-rank percentiles of the expanded coups."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from exact_odds.in_play.simulate.edge_counts import INT64_EDGE, EdgeCounts, count_edges, merge_edge_counts

BANDS = [(1, 13), (14, 26), (27, 39), (40, 52)]
PERCENTS = (5, 25, 50, 75, 95)


def counted(rows: list[tuple[int, int]], big: bool) -> EdgeCounts:
    left = np.array([n for n, _ in rows], dtype=np.int64)
    edge = np.array([e for _, e in rows], dtype=object if big else np.int64)
    return count_edges(left, edge, np.ones(len(rows), dtype=np.int64))


def naive_percentiles(rows: list[tuple[int, int]]) -> list[tuple[int, int, int, list[int]]]:
    out = []
    for low, high in BANDS:
        edges = sorted(e for n, e in rows if low <= n <= high)
        if edges:
            out.append((low, high, len(edges), [edges[max(1, math.ceil(q * len(edges) / 100)) - 1] for q in PERCENTS]))
    return out


rows_strategy = st.lists(st.tuples(st.integers(1, 52), st.integers(-300, 300)), max_size=60)


@settings(max_examples=60, deadline=None)
@given(rows_strategy, st.lists(st.integers(0, 60), max_size=4), st.booleans())
def test_blocks_added_up_are_the_plain_counts(rows, cuts, big):
    """However the coups are split into blocks, and in int64 or Python integers, the merged counts
    are the pairs counted one by one, sorted by cards left (most first) then edge."""
    if big and rows:  # an edge past int64's range: the object path
        rows = rows + [(rows[0][0], 10 * INT64_EDGE)]
    bounds = sorted({0, len(rows), *(c for c in cuts if c < len(rows))})
    parts = [counted(rows[a:b], big) for a, b in zip(bounds, bounds[1:])]
    merged = merge_edge_counts(parts)
    expected = sorted(Counter(rows).items(), key=lambda item: (-item[0][0], item[0][1]))
    assert list(zip(merged.left.tolist(), merged.edge.tolist(), merged.coups.tolist())) == \
        [(n, e, c) for (n, e), c in expected]
    assert merged == counted(rows, big) and merged.total == len(rows)
    assert merged.by_cards_left() == {n: Counter({e: c for (m, e), c in Counter(rows).items() if m == n})
                                      for n, _ in rows}
    assert merged.percentiles(BANDS, PERCENTS) == naive_percentiles(rows)


def test_the_int64_key_holds_the_extremes():
    """The largest cards left and edges of either sign at the int64 limit come back unchanged."""
    rows = [(65535, INT64_EDGE - 1), (65535, -INT64_EDGE), (1, 0), (1, -INT64_EDGE), (1, INT64_EDGE - 1)]
    got = counted(rows, False)
    assert got.edge.dtype == np.int64
    assert list(zip(got.left.tolist(), got.edge.tolist())) == [(65535, -INT64_EDGE), (65535, INT64_EDGE - 1),
                                                               (1, -INT64_EDGE), (1, 0), (1, INT64_EDGE - 1)]


def test_counts_come_in_the_smallest_types_that_hold_them():
    """What a worker sends back: uint16 cards left, int32 edges and coups where they fit; merging
    small parts into counts past int32 widens them, exactly."""
    small = counted([(416, -2**31), (7, 2**31 - 1)], False)
    assert (small.left.dtype, small.edge.dtype, small.coups.dtype) == (np.uint16, np.int32, np.int32)
    wide = counted([(416, -2**31 - 1), (7, 5)], False)
    assert wide.edge.dtype == np.int64 and wide.edge.tolist() == [-2**31 - 1, 5]
    many = merge_edge_counts([EdgeCounts(np.array([9], dtype=np.uint16), np.array([3], dtype=np.int32),
                                         np.array([2**31 - 1], dtype=np.int32))] * 3)
    assert many.coups.dtype == np.int64 and many.coups.tolist() == [3 * (2**31 - 1)] and many.total == 3 * (2**31 - 1)


def test_counts_differ_where_one_coup_differs():
    a = counted([(10, 3), (10, 4)], False)
    assert a != counted([(10, 3), (10, 5)], False) and a != counted([(10, 3)], False)
    assert a == counted([(10, 4), (10, 3)], True)
