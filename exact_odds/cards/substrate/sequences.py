"""The card walk's substrate: every ordered sequence of six ranks, played once per tableau, and its weights.

Every card-level route that reads ranks over the whole coup starts here (docs/methods/suits.md):

- :func:`six_rank_sequences`: every ordered sequence of six *ranks* (13**6 of them, the six-card
  convention of docs/rules.md §3 made literal), played once per tableau by the rules
  (:func:`tableau_arrays` builds numpy lookup tables from :mod:`exact_odds.rules`, never restating them).
  A coup of 4 or 5 cards is kept once, its unused positions coded :data:`UNUSED`, and its unused cards
  counted by one factor per shoe.
- :func:`sequence_weights`: each sequence's ways to be dealt from a shoe, ``prod_r falling(c_r, m_r)``
  times the unused cards' factor ``falling(N - k, 6 - k)``.
- :func:`exact_sums`: sums of those weights by group, exact.

Integers: a weight is at most ``N**6`` and is formed in int64 only where ``N**6 < 2**63`` (else Python
integers in object arrays); group sums are formed from 21-bit slices in float64 (each slice's sum of
fewer than 2**32 terms stays below 2**53) and joined in int64 only where the grand total is below 2**62.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import falling, hand_total, natural_ends_coup
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import Tableau

#: Positions (0-5, deal order) of each hand's cards, by layout: 0 neither drew,
#: 1 Player drew and Banker stood, 2 Player stood and Banker drew, 3 both drew.
HAND_POSITIONS = {
    0: ((0, 2), (1, 3)),
    1: ((0, 2, 4), (1, 3)),
    2: ((0, 2), (1, 3, 4)),
    3: ((0, 2, 4), (1, 3, 5)),
}
_PAIRS = tuple((j, i) for i in range(6) for j in range(i))
#: The code of a card the coup does not use (ranks * 6 + earlier cards of the rank run to 77).
UNUSED = 78
_SLICE = 21


@dataclass(frozen=True)
class SixRankSequences:
    """Every six-rank sequence played once for a tableau (shoe-independent)."""

    codes: tuple  # per position: rank * 6 + (earlier cards of the same rank), uint8
    deal: object  # index into ``deals`` per sequence, int16
    deals: tuple[Deal, ...]
    pattern: object  # index into ``patterns`` per sequence, int16
    patterns: tuple[tuple[int, tuple[int, ...]], ...]  # (layout, rank labels of the used cards)
    used: object  # cards the coup uses, 4-6, per sequence (uint8)


def _numpy():
    import numpy

    return numpy


def tableau_arrays(np, tableau: Tableau) -> tuple:
    """The rules as numpy lookup tables, built from :mod:`exact_odds.rules` (never restated): the two-card
    total ``ht[a, b]``, whether a natural ends the coup ``ne[p, b]``, whether the Player draws on ``pd[p]``
    and the Banker on ``bd[b, t]`` (t the Player's third card, 10 if he stood)."""
    ht = np.array([[hand_total(a, b) for b in range(10)] for a in range(10)], dtype=np.int8)
    ne = np.array([[natural_ends_coup(p, b) for b in range(10)] for p in range(10)])
    pd = np.array([p < 8 and tableau.player_draws(p) for p in range(10)])
    bd = np.array([[b < 8 and tableau.banker_draws(b, None if t == 10 else t) for t in range(11)]
                   for b in range(10)])
    return ht, ne, pd, bd


@lru_cache(maxsize=4)
def six_rank_sequences(tableau: Tableau) -> SixRankSequences:
    np = _numpy()
    ht, ne, pd, bd = tableau_arrays(np, tableau)
    val = np.array(RANK_VALUES, dtype=np.int8)
    chunk = 13 ** 5
    codes = [[] for _ in range(6)]
    deal_codes, keys, used_all = [], [], []
    # Cards 2-6 run through the same 13**5 ranks under every first card: built once.
    rest = [np.tile(np.repeat(np.arange(13, dtype=np.int8), 13 ** (5 - i)), 13 ** (i - 1)) for i in range(1, 6)]
    rest_values = [val[x] for x in rest]
    for first in range(13):
        r = [np.full(chunk, first, dtype=np.int8)] + rest
        v = [np.full(chunk, val[first], dtype=np.int8)] + rest_values
        idx = r[0]
        pt, bt = ht[v[0], v[2]], ht[v[1], v[3]]
        nat = ne[pt, bt]
        pdraw = ~nat & pd[pt]
        p3 = np.where(pdraw, v[4], 10)
        bdraw = ~nat & bd[bt, p3]
        b3 = np.where(bdraw, np.where(pdraw, v[5], v[4]), 10)
        layout = pdraw.astype(np.int32) + 2 * bdraw.astype(np.int32)
        used = 4 + pdraw.astype(np.int8) + bdraw.astype(np.int8)
        deal_codes.append(((pt.astype(np.int32) * 10 + bt) * 11 + p3) * 11 + b3)
        bits = np.zeros(len(idx), dtype=np.int32)
        # A coup of 4 or 5 cards is kept once (its unused cards' ranks all A), its unused cards
        # counted by one factor per shoe (_computed_weights): about a third of the 13**6 sequences.
        keep = (used == 6) | ((used == 5) & (r[5] == 0)) | ((used == 4) & (r[4] == 0) & (r[5] == 0))
        for i in range(6):
            dup = np.zeros(len(idx), dtype=np.uint8)
            for j in range(i):
                dup += r[j] == r[i]
            code = (r[i].astype(np.uint8) * 6 + dup).astype(np.uint8)
            codes[i].append(np.where(i < used, code, UNUSED).astype(np.uint8)[keep])
        for bit, (j, i) in enumerate(_PAIRS):
            bits |= ((r[j] == r[i]) & (i < used)).astype(np.int32) << bit
        keys.append((layout << 15 | bits)[keep])
        deal_codes[-1] = deal_codes[-1][keep]
        used_all.append(used[keep].astype(np.uint8))
    codes = tuple(np.concatenate(c) for c in codes)
    deal, deal_codes = dense_ids(np, np.concatenate(deal_codes), 10 * 10 * 11 * 11)
    pattern, pattern_keys = dense_ids(np, np.concatenate(keys), 4 << 15)
    deals = tuple(deal_of_code(c) for c in deal_codes)
    patterns = tuple(pattern_of_key(k) for k in pattern_keys)
    return SixRankSequences(codes, deal, deals, pattern, patterns, np.concatenate(used_all))


def dense_ids(np, values, bound: int):
    """``values`` (0 <= v < bound) renumbered 0, 1, ... in increasing order (int16), and the values seen."""
    seen = np.zeros(bound, dtype=bool)
    seen[values] = True
    where = np.flatnonzero(seen)
    index = np.zeros(bound, dtype=np.int16)
    index[where] = np.arange(len(where), dtype=np.int16)
    return index[values], [int(v) for v in where]


def deal_of_code(code: int) -> Deal:
    code, b3 = divmod(code, 11)
    code, p3 = divmod(code, 11)
    pt, bt = divmod(code, 10)
    return Deal(pt, bt, None if p3 == 10 else p3, None if b3 == 10 else b3)


def pattern_of_key(key: int) -> tuple[int, tuple[int, ...]]:
    layout, bits = key >> 15, key & 0x7FFF
    used = 4 + (layout & 1) + (layout >> 1)
    labels: list[int] = []
    for i in range(used):
        label = None
        for bit, (j, k) in enumerate(_PAIRS):
            if k == i and bits >> bit & 1:
                label = labels[j]
                break
        labels.append(len(set(labels)) if label is None else label)
    return layout, tuple(labels)


def sequence_weights(np, seqs: SixRankSequences, shoe: Shoe):
    """Each sequence's ways to be dealt from ``shoe`` (six-card convention), exact (the last shoe's kept:
    the bets of one shoe are priced one after another)."""
    key = (id(seqs), shoe.ranks)
    if _LAST_WEIGHTS and _LAST_WEIGHTS[0] == key:
        return _LAST_WEIGHTS[1]
    w = _computed_weights(np, seqs, shoe)
    _LAST_WEIGHTS[:] = [key, w]
    return w


_LAST_WEIGHTS: list = []


def _computed_weights(np, seqs: SixRankSequences, shoe: Shoe):
    if shoe.is_infinite:
        return np.array([13 ** (6 - k) for k in range(7)], dtype=np.int64)[seqs.used]
    counts = shoe.ranks
    n = shoe.size
    table = [max(c - j, 0) for c in counts for j in range(6)] + [1]  # the last: a card the coup does not use
    dtype = np.int64 if n ** 6 < 2 ** 63 else object  # a weight is at most N**6
    t = np.array(table, dtype=dtype)
    w = t[seqs.codes[0]]
    for c in seqs.codes[1:]:
        w = w * t[c]
    unused = np.array([falling(n - k, 6 - k) for k in range(7)], dtype=dtype)
    return w * unused[seqs.used]


def exact_sums(np, w, groups, n: int) -> list[int]:
    """``sum(w[groups == g])`` for g < n as Python ints, exact: float64 slices of 21 bits (each slice's sums
    whole and below 2**53 while len(w) < 2**32), joined in int64 where their grand total, so every group's
    sum and partial sum, is below 2**62, else a group at a time in Python integers."""
    top = max(int(w.max()), 1).bit_length() if len(w) else 1
    slices = [(shift, np.bincount(groups, weights=((w >> shift) & ((1 << _SLICE) - 1)).astype(np.float64),
                                  minlength=n)) for shift in range(0, top, _SLICE)]
    if sum(int(part.sum()) << shift for shift, part in slices) < 2 ** 62:
        return sum((np.rint(part).astype(np.int64) << shift for shift, part in slices), np.zeros(n, np.int64)).tolist()
    out = [0] * n
    for shift, sums in slices:
        for g in np.flatnonzero(sums):
            out[g] += int(round(float(sums[g]))) << shift
    return out
