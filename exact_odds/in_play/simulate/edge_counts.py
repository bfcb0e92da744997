"""How a bet's house edge was spread over a simulation's coups: each coup's exact edge, rounded to
1/EDGE_RESOLUTION, counted by cards left; and its percentiles by band of cards left.

An :class:`EdgeCounts` holds three arrays, one row per distinct (cards left,
rounded edge): sorted by cards left from the most down, then by edge. Each
block of shoes counts its own coups (:func:`count_edges`), and the parent adds
the blocks up (:func:`merge_edge_counts`, the same function on their rows put
together): counting is exact, and the result does not depend on the blocks.
The arrays are the smallest integer types that hold them (cards left below
2**16, coups below 2**53, edges below 2**39 in size), or, for an edge beyond
that (a bet paying millions), the edges are Python integers in an object array.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from exact_odds.in_play.dealing import check_int

#: Rows are sorted by one int64 key: ``(LEFT_LIMIT - 1 - left) << EDGE_BITS | (edge + INT64_EDGE)``,
#: below 2**56 (cards left below LEFT_LIMIT, |edge| below INT64_EDGE).
LEFT_LIMIT = 1 << 16
EDGE_BITS = 40
#: The largest edge (in size, units of 1/EDGE_RESOLUTION) kept in int64.
INT64_EDGE = 1 << (EDGE_BITS - 1)


@dataclass(frozen=True, eq=False)
class EdgeCounts:
    """One bet's coups by (cards left, edge rounded to 1/EDGE_RESOLUTION): ``left``, ``edge`` and
    ``coups`` are arrays of one row per distinct pair, sorted by cards left (most first), then edge."""

    left: Any
    edge: Any
    coups: Any

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EdgeCounts):
            return NotImplemented
        return all(len(a) == len(b) and bool(np.all(a == b)) for a, b in
                   ((self.left, other.left), (self.edge, other.edge), (self.coups, other.coups)))

    def __len__(self) -> int:
        return len(self.left)

    def __repr__(self) -> str:
        return f"EdgeCounts({self.total} coups, {len(self)} (cards left, edge) pairs)"

    @property
    def total(self) -> int:
        """Every coup counted."""
        return int(sum(self.coups.tolist()))

    def by_cards_left(self) -> dict[int, Counter]:
        """cards left -> Counter of the rounded edge (in units of 1/EDGE_RESOLUTION)."""
        out: dict[int, Counter] = {}
        for n, e, c in zip(self.left.tolist(), self.edge.tolist(), self.coups.tolist()):
            out.setdefault(n, Counter())[e] = c
        return out

    def percentiles(self, bands: Sequence[tuple[int, int]],
                    percents: Sequence[int]) -> list[tuple[int, int, int, list[int]]]:
        """For each band (low, high) of cards left with a coup: (low, high, coups, the rounded edge
        at each of ``percents``), nearest rank: the least edge with at least that percent
        of the band's coups at or below it. Bands without a coup are left out."""
        percents = check_percents(percents)
        for band in bands:
            if not (isinstance(band, tuple) and len(band) == 2 and check_int(band[0], "a band's low end")
                    <= check_int(band[1], "a band's high end")):
                raise ValueError(f"a band is a pair (low, high) of cards left with low <= high, not {band!r}")
        out = []
        fewer = -self.left.astype(np.int64)  # ascending: rows are sorted by cards left, most first: a band is a slice
        for low, high in bands:
            start = int(np.searchsorted(fewer, -high, side="left"))
            stop = int(np.searchsorted(fewer, -low, side="right"))
            if stop <= start:
                continue
            edge, coups = self.edge[start:stop], self.coups[start:stop]
            order = np.argsort(edge, kind="stable")
            edge = edge[order]
            running = np.cumsum(coups[order], dtype=np.int64)  # coups: far below 2**63
            total = int(running[-1])
            ranks = np.array([max(1, -(-q * total // 100)) for q in percents], dtype=np.int64)
            out.append((low, high, total, edge[np.searchsorted(running, ranks, side="left")].tolist()))
        return out


def check_percents(percents: Sequence[int]) -> tuple[int, ...]:
    """``percents`` as a tuple, if it is a non-empty sequence of whole numbers from 0 to 100."""
    if isinstance(percents, (str, bytes)) or not hasattr(percents, "__iter__"):
        raise TypeError(f"percents is a sequence of whole percents such as (5, 50, 95), not {percents!r}")
    percents = tuple(percents)
    if not percents or any(isinstance(q, bool) or not isinstance(q, int) or not 0 <= q <= 100 for q in percents):
        raise ValueError(f"percents are whole numbers from 0 to 100, such as (5, 50, 95), not {percents!r}")
    return percents


def count_edges(left: Any, edge: Any, coups: Any) -> EdgeCounts:
    """The rows (cards left, edge, coups) added up pair by pair, as an :class:`EdgeCounts` in the
    smallest integer types that hold them (:func:`_compact`): ``edge`` an integer array of edges
    below :data:`INT64_EDGE` in size, or an object array of Python integers."""
    if not len(left):
        return _compact(left, edge, coups)
    left, coups = left.astype(np.int64), coups.astype(np.int64)
    if edge.dtype == object:  # an edge beyond int64: Python integers throughout
        sums: dict[tuple[int, int], int] = {}
        for n, e, c in zip(left.tolist(), edge.tolist(), coups.tolist()):
            sums[n, e] = sums.get((n, e), 0) + c
        rows = sorted(((n, e, c) for (n, e), c in sums.items()), key=lambda r: (-r[0], r[1]))
        ns, es, cs = zip(*rows)
        return _compact(np.array(ns, dtype=np.int64), np.array(es, dtype=object), np.array(cs, dtype=np.int64))
    key = ((LEFT_LIMIT - 1 - left) << EDGE_BITS) + (edge.astype(np.int64) + INT64_EDGE)
    order = np.argsort(key, kind="stable")  # (timsort: quick on blocks already sorted, put end to end)
    key, coups = key[order], coups[order]
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1])))
    key = key[starts]
    return _compact(LEFT_LIMIT - 1 - (key >> EDGE_BITS), (key & ((1 << EDGE_BITS) - 1)) - INT64_EDGE,
                    np.add.reduceat(coups, starts))  # coups: below 2**53


def _compact(left: Any, edge: Any, coups: Any) -> EdgeCounts:
    """The arrays in the smallest types that hold them: cards left (below 2**16) in uint16; edges and
    coups in int32 where every one fits, else int64 (edges beyond int64 stay Python integers). A worker's
    block of 300 eight-deck shoes then pickles to 0.9 MB, against 1.9 MB in int64."""
    def small(a: Any) -> Any:
        if a.dtype == object or not len(a) or not (-2**31 <= int(a.min()) and int(a.max()) < 2**31):
            return a if a.dtype == object else a.astype(np.int64, copy=False)
        return a.astype(np.int32, copy=False)

    return EdgeCounts(left.astype(np.uint16, copy=False), small(edge), small(coups))


#: Rows merged at once at most (about): more are merged a range of cards left at a time, so that the
#: sorting's arrays (some 50 bytes a row) stay small beside the counts (10 bytes a row).
PIECE_ROWS = 1 << 20


def merge_edge_counts(parts: Sequence[EdgeCounts]) -> EdgeCounts:
    """Every part's coups added up (see the module docstring): a range of cards left at a time
    where they are many (:data:`PIECE_ROWS`), the ranges cut where the largest part has every
    PIECE_ROWS-th row (the rows are sorted by cards left: each range is a slice of every part)."""
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return _compact(empty, empty, empty)
    if sum(len(p) for p in parts) <= PIECE_ROWS or any(p.edge.dtype == object for p in parts):
        return _merged(parts)
    biggest = max(parts, key=len)
    cuts = [None, *sorted(set(biggest.left[PIECE_ROWS::PIECE_ROWS].tolist()), reverse=True), None]

    def more_than(p: EdgeCounts, n: int | None, otherwise: int) -> int:
        """The rows of ``p`` with more than ``n`` cards left: its first ones (read backwards, ascending)."""
        return otherwise if n is None else len(p) - int(np.searchsorted(p.left[::-1], n, side="right"))

    pieces = []
    for high, low in zip(cuts, cuts[1:]):  # the rows with low < cards left <= high
        ranges = [(more_than(p, high, 0), more_than(p, low, len(p))) for p in parts]
        piece = [EdgeCounts(p.left[a:b], p.edge[a:b], p.coups[a:b]) for p, (a, b) in zip(parts, ranges) if b > a]
        if piece:
            pieces.append(_merged(piece))
    columns = []
    for name in ("left", "edge", "coups"):  # one column at a time, the pieces' copies let go as it is made
        columns.append(np.concatenate([getattr(p, name) for p in pieces]))
        pieces = [EdgeCounts(*(None if n == name else getattr(p, n) for n in ("left", "edge", "coups")))
                  for p in pieces]
    return _compact(*columns)


def _merged(parts: Sequence[EdgeCounts]) -> EdgeCounts:
    return count_edges(*(np.concatenate([getattr(p, name) for p in parts]) for name in ("left", "edge", "coups")))
