"""The blocked bilinear kernel: a pricer's basis rows times a shoe's six-card features, without the features.

A row count over the six-card form (:mod:`exact_odds.punto_banco.pricer`) is
``sum over the 5,005 six-value multisets m of B[m] * f_m``, and ``f_m`` is the
product of the card factors of m's first three values (its *prefix*, one of
220 three-value multisets) and of its last three (its *suffix*: a suffix value
equal to the prefix's largest value ``a`` continues that value's factors after
the prefix's ``k`` copies). The 220 plain triples and 550 offset ones make 770
triple products ``T``, and

    count = sum over prefixes p of  T[p] * U[p],   U[p] = sum over suffixes s of B[p + s] * T[s]

Group the prefixes by ``(a, k)``:
the suffixes that follow such a prefix are exactly the triples of values
above ``a`` (no offset: shared by every prefix whose largest value is below
their smallest) and the triples whose smallest value is ``a`` with the
copies of ``a`` offset by ``k``. Every pair (prefix of the group, such suffix)
is one six-value multiset, and every multiset is one such pair, so each
group's block of B is dense and the blocks together hold each multiset once.
:func:`layout` orders the triples so that every group's suffixes are two
contiguous slices (the triples of values above ``a``, sorted by smallest value
descending, then the group's own offset triples): ``U`` is then one plain
matrix product per largest value ``a`` (its prefixes stacked) and one per
group, views only. A shoe costs 770 triple products and ``5,005 * rows``
multiply-adds inside BLAS, instead of 5,005 features materialised per shoe.

Exactness (float64 and int64)
-----------------------------
Every card factor is ``max(c_v - r, 0) >= 0`` (the infinite deck's are its
weights, 1 or 4) and every entry of B counts orderings (``0 <= B <= 6! =
720``), so every product and every partial sum below is a non-negative
integer, whatever the order of summation (BLAS may reorder and fuse
multiply-adds; an exact value stays exact). Bounds:

* a triple product is ``falling(c, m)`` of a three-value multiset (or 0), at
  most ``N**3``; an offset triple is at most the plain triple of the same
  values;
* ``U[p]`` and all its partial sums are at most ``720 * sum_s T[s] <=
  720 * N(N-1)(N-2)``: the suffixes that follow one prefix are distinct
  value multisets, and the falling products of all three-value multisets
  add up to at most the ordered draws ``N(N-1)(N-2)`` (``720 * 13**3`` for
  the infinite deck);
* ``T[p] * U[p]`` is 0 when ``T[p] = 0``, else the sum of ``B[m] * f_m``
  over the multisets with prefix p, a part of the row count, so it and every
  partial sum over prefixes are at most the count, at most ``total =
  N(N-1)...(N-5)``.

So float64 is exact while ``total < 2**53`` and ``720 * N**3 < 2**53``: the
first is the binding one (N <= 458 cards; the second holds up to N = 23,200),
the same bound as the features path (:func:`~exact_odds.punto_banco.features.precision`).
int64 is exact while ``total < 2**63`` (N <= 1,450). Larger shoes use
Python integers elsewhere. The boundaries are tested (``tests/punto_banco/test_kernel.py``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

#: Copies of one value among six cards: card factor slots per value (slot ``6 * v + r`` is ``c_v - r``).
SLOTS_PER_VALUE = 6
#: Up to this many shoes, :meth:`Kernel.counts` forms the features (the product of a multiset's two
#: triples, each at most ``total``: the features path's bounds) and multiplies once, quicker than
#: the ~40 block products for so few.
FEW = 4


def six_value_multisets() -> list[tuple[int, ...]]:
    """The 5,005 sorted six-value tuples, in the order of the six-card form (lexicographic:
    the order of :class:`~exact_odds.punto_banco.compiled.CompiledWalk`'s six-value nodes)."""
    return list(combinations_with_replacement(range(10), 6))


def _slots(values: tuple[int, ...], offset_value: int = -1, offset: int = 0) -> tuple[int, ...]:
    """Card factor slots of a sorted triple; copies of ``offset_value`` start at ``offset``."""
    return tuple(SLOTS_PER_VALUE * v + values[:i].count(v) + (offset if v == offset_value else 0)
                 for i, v in enumerate(values))


@dataclass(frozen=True)
class Layout:
    """Where every six-value multiset sits in the blocked form (pure Python, shoe-independent).

    ``triple_slots``: the 770 triples' card factor slots, in kernel order (the 220 plain
    triples sorted by smallest value descending, then each group's offset triples);
    ``prefix_triples``: for the 220 prefixes in group order, their position among the triples;
    ``by_value``: per largest prefix value a, ``(first prefix, end prefix, plain suffixes)``
    (the plain suffixes are ``triples[:n]``); ``groups``: per (a, k), ``(a, first prefix, end
    prefix, first offset triple, end offset triple)``; ``cell``: per multiset (in
    :func:`six_value_multisets` order), ``(prefix position, suffix column)`` where a column
    below the group's plain count is a plain triple, else plain count + offset triple index."""

    triple_slots: tuple[tuple[int, int, int], ...]
    prefix_triples: tuple[int, ...]
    by_value: tuple[tuple[int, int, int], ...]
    groups: tuple[tuple[int, int, int, int, int], ...]
    group_of_prefix: tuple[int, ...]
    cell: tuple[tuple[int, int], ...]


@lru_cache(maxsize=1)
def layout() -> Layout:
    """The blocked layout (built once, a few milliseconds; see the module docstring)."""
    triples = list(combinations_with_replacement(range(10), 3))
    plain = sorted(triples, key=lambda t: (-t[0], t))
    plain_at = {t: i for i, t in enumerate(plain)}
    above = {a: sum(1 for t in plain if t[0] > a) for a in range(10)}
    slots = [_slots(t) for t in plain]
    prefixes: list[tuple[int, ...]] = []
    by_value, groups, group_of_prefix = [], [], []
    offset_at: dict[tuple[int, int, tuple[int, ...]], int] = {}
    for a in range(10):
        first = len(prefixes)
        for k in (3, 2, 1):
            members = [t for t in triples if t[2] == a and t.count(a) == k]
            if not members:
                continue
            start = len(slots)
            for t in (t for t in triples if t[0] == a):
                offset_at[a, k, t] = len(slots) - start
                slots.append(_slots(t, a, k))
            group_of_prefix += [len(groups)] * len(members)
            groups.append((a, len(prefixes), len(prefixes) + len(members), start, len(slots)))
            prefixes += members
        by_value.append((first, len(prefixes), above[a]))
    assert len(slots) == len(set(slots)) == 770 and len(prefixes) == 220
    prefix_at = {p: i for i, p in enumerate(prefixes)}
    # Each multiset is a prefix (its first three values) and a suffix (the last three, none below the
    # prefix's largest a): the multisets in order are the prefixes in order, each with its suffixes in
    # order, and a suffix's column depends only on a and the copies k of a in the prefix.
    columns = {(a, k): [plain_at[t] if t[0] > a else above[a] + offset_at[a, k, t]
                        for t in combinations_with_replacement(range(a, 10), 3)]
               for a, k in {(p[2], p.count(p[2])) for p in triples}}
    cell = [(prefix_at[p], col) for p in triples for col in columns[p[2], p.count(p[2])]]
    return Layout(tuple(slots), tuple(plain_at[p] for p in prefixes), tuple(by_value), tuple(groups),
                  tuple(group_of_prefix), tuple(cell))


class Kernel:
    """Basis rows over the six-value multisets, blocked for :meth:`counts` (one dtype).

    ``rows`` is an (R, 5,005) array of non-negative integers at most 720 (in
    :func:`six_value_multisets` order); ``dtype`` float64 (exact for totals below
    2**53) or int64 (below 2**63), as the module docstring proves."""

    def __init__(self, np: Any, rows: Any, dtype: Any):
        lay = layout()
        self.np, self.dtype = np, np.dtype(dtype)
        r = rows.shape[0]
        self.n_rows = r
        cell = np.array(lay.cell, dtype=np.intp)
        prefix, col = cell[:, 0], cell[:, 1]
        # One block per largest value a over its plain suffixes (its prefixes stacked), one per
        # group over its offset suffixes; block row = (prefix - first prefix) * R + basis row.
        self.plain = []
        for first, end, n in lay.by_value:
            block = np.zeros(((end - first) * r, n), dtype=self.dtype)
            pick = np.flatnonzero((prefix >= first) & (prefix < end) & (col < n))
            for i in range(r):
                block[(prefix[pick] - first) * r + i, col[pick]] = rows[i, pick]
            self.plain.append((first * r, end * r, n, block))
        self.offset = []
        group = np.array(lay.group_of_prefix, dtype=np.intp)[prefix]
        for g, (a, first, end, start, stop) in enumerate(lay.groups):
            n = lay.by_value[a][2]
            block = np.zeros(((end - first) * r, stop - start), dtype=self.dtype)
            pick = np.flatnonzero((group == g) & (col >= n))
            for i in range(r):
                block[(prefix[pick] - first) * r + i, col[pick] - n] = rows[i, pick]
            self.offset.append((first * r, end * r, start, stop, block))
        slots = np.array(lay.triple_slots, dtype=np.intp)
        self.slots = tuple(np.ascontiguousarray(slots[:, i]) for i in range(3))
        self.prefix_triples = np.array(lay.prefix_triples, dtype=np.intp)
        self._local = threading.local()
        # For a few shoes, the features themselves (two gathers and a product) and one product with
        # the rows: a triple index per multiset for its first three values and for its last three.
        plain_count = np.array([lay.by_value[a][2] for a, *_ in lay.groups], dtype=np.intp)[group]
        offset_start = np.array([start for *_, start, _ in lay.groups], dtype=np.intp)[group]
        self.six_prefix = self.prefix_triples[prefix]
        self.six_suffix = np.where(col < plain_count, col, offset_start + col - plain_count)
        self.rows = np.ascontiguousarray(rows, dtype=self.dtype)

    def counts(self, g: Any) -> Any:
        """The R row counts of every shoe, an (R, S) array of ``dtype``, from its 60 card factors
        ``g`` (a (60, S) array of ``dtype``, :func:`~exact_odds.punto_banco.features.card_factor_rows`)."""
        np = self.np
        s0, s1, s2 = self.slots
        shoes = g.shape[1]
        if shoes <= FEW:
            t = g.take(s0, axis=0)
            t *= g.take(s1, axis=0)
            t *= g.take(s2, axis=0)
            f = t.take(self.six_prefix, axis=0)
            f *= t.take(self.six_suffix, axis=0)
            return self.rows @ f
        t, tmp, u, tmp_u = self._work(shoes)
        np.take(g, s0, axis=0, out=t, mode="wrap")  # mode="wrap" (every index is in range) writes into ``out``
        np.take(g, s1, axis=0, out=tmp, mode="wrap")
        t *= tmp
        np.take(g, s2, axis=0, out=tmp, mode="wrap")
        t *= tmp
        for start, stop, n, block in self.plain:
            if n:
                np.matmul(block, t[:n], out=u[start:stop])
            else:
                u[start:stop] = 0
        for start, stop, first, end, block in self.offset:
            part = tmp_u[: stop - start]
            np.matmul(block, t[first:end], out=part)
            u[start:stop] += part
        prefixes = len(self.prefix_triples)
        t1 = tmp[:prefixes]
        np.take(t, self.prefix_triples, axis=0, out=t1, mode="wrap")
        u3 = u.reshape(prefixes, self.n_rows, shoes)
        u3 *= t1[:, None, :]
        return u3.sum(axis=0)

    def one(self, g: Any) -> Any:
        """The R row counts of one shoe, a (R,) array of ``dtype``, from its 60 card factors ``g``
        (a flat array of ``dtype``): the features of the few-shoes path of :meth:`counts`, the
        same products in the same bounds."""
        s0, s1, s2 = self.slots
        t = g[s0]
        t *= g[s1]
        t *= g[s2]
        f = t[self.six_prefix]
        f *= t[self.six_suffix]
        return self.rows @ f

    def _work(self, shoes: int) -> tuple[Any, Any, Any, Any]:
        """Arrays to work in for ``shoes`` shoes, kept per thread between calls: a chunk's
        triples are a megabyte or more, and fresh arrays that large cost page faults on every
        call, more than the arithmetic. C-contiguous views of flat arrays grown as needed."""
        local = self._local
        flat = getattr(local, "flat", None)
        triples, rows = len(self.slots[0]), len(self.prefix_triples) * self.n_rows
        widest = max(block.shape[0] for *_, block in self.offset)
        sizes = (triples * shoes, triples * shoes, rows * shoes, widest * shoes)
        if flat is None or any(a.size < n for a, n in zip(flat, sizes)):
            flat = local.flat = tuple(self.np.empty(n, dtype=self.dtype) for n in sizes)
        return (flat[0][: sizes[0]].reshape(triples, shoes), flat[1][: sizes[1]].reshape(triples, shoes),
                flat[2][: sizes[2]].reshape(rows, shoes), flat[3][: sizes[3]].reshape(widest, shoes))
