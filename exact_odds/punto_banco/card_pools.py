"""Whole-coup bets that read suits, on a suited shoe in play, by pools of cards (docs/methods/suits.md, "Card classes").

On a shoe whose ranks hold their suits alike (fresh decks) the card classes
weigh suits by one suit model for every rank (:mod:`exact_odds.punto_banco.card_suits`).
In play each rank's suits differ, and that method's rows multiply. Here the
bet's classes of cards (``card_classes._classes``:
what its tests see of a card) are split by card value into *pools*: two cards
of one pool are alike to the bet and to the rules. A sequence of pools is
settled once per bet, and its ways to be dealt from a suited shoe are a
product of falling factorials of the pools' counts:

    prod_pool falling(n_pool, m_pool) * prod_v falling(n_v - M_v, u_v) * falling(N - k, 6 - k)

where the read cards come from disjoint pools (m_pool of each), the coup's
other cards only by value (u_v of value v, from the n_v cards of value v less
the M_v read ones), and the unused cards from the rest (docs/rules.md §3;
counting ordered choices of distinct cards does not depend on their order).
So the sequences are summed by the multiset of their factors, once per bet,
and a shoe costs one product of six table lookups per multiset.

Every sequence of values the rules play (about 340,000) is expanded into the
pools of the cards the bet reads: a bet reading one suit class per card over
two cards has four rows per sequence, every suit of every card 4**6. A
sequence whose values settle the line whatever the cards
(:func:`exact_odds.bets.partial.line_of`: Super Tie's colours matter only in a
six-card tie of 6 or more) is not expanded. Beyond :data:`LIMIT` rows this
method declines (the caller has another).

Integers: a multiset's weight is a product of at most six factors of at most
N (N**6 < 2**62 checked, else Python integers), and a line's count is a sum of
distinct ordered deals, at most N**6: int64 is exact below that bound.
"""

from __future__ import annotations

from functools import lru_cache

from exact_odds.bets import language, partial
from exact_odds.punto_banco.card_suits import ALL_SLOTS, INT64_SAFE, settle_lines
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Most rows (sequences of pools) a bet's plan may expand to (a bet's first price grows with its rows).
LIMIT = 32_000_000
#: Rows expanded at once.
_CHUNK = 1 << 21
_BITS = 9  # a factor code is below 2**9: pools * 6 + 5 < 312, then 60 value codes, then the sentinel
_UNREAD = 52 * 6  # first code of an unread card's factor: value * 6 + (cards of its value before it)
_NONE = _UNREAD + 60  # a position the coup does not use: factor 1


def _numpy():
    import numpy

    return numpy


def pool_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                deal_names) -> list | None:
    """Each line's six-card count (the last: none holds) of a bet on a shoe with 52 counts, or None when
    the bet's rows would pass :data:`LIMIT`. ``of_card`` gives the class of each of the 52 cards (what the
    bet's tests see of it: card_classes._classes), ``value_names`` the bet's value names with their
    tests, ``slots`` the card slots it reads."""
    plan = _plan(trees, of_card, value_names, slots, tableau, deal_names, LIMIT)
    if plan is None:
        return None
    np = _numpy()
    pool_of_card, per_line, codes, used = plan
    pools = [0] * (max(pool_of_card) + 1)
    for card, n in enumerate(shoe.suited):
        pools[pool_of_card[card]] += n
    by_value = [0] * 10
    for r, n in enumerate(shoe.ranks):
        by_value[RANK_VALUES[r]] += n
    n = shoe.size
    dtype = np.int64 if n ** 6 < INT64_SAFE else object
    table = [0] * (_NONE + 1)
    for p, c in enumerate(pools):
        table[p * 6:p * 6 + 6] = [max(c - j, 0) for j in range(6)]
    for v, c in enumerate(by_value):
        table[_UNREAD + v * 6:_UNREAD + v * 6 + 6] = [max(c - j, 0) for j in range(6)]
    table[_NONE] = 1
    table = np.array(table, dtype=dtype)
    w = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)[used]
    for row in codes:
        w = w * table[row]
    return [int(x) for x in per_line.astype(dtype) @ w]


def _positions(np, pdraw, bdraw) -> dict:
    """The deal position (0-5) of each card slot per sequence, -1 where the slot holds no card."""
    fixed = {(0, 0): 0, (1, 0): 1, (0, 1): 2, (1, 1): 3}
    out = {slot: np.full(len(pdraw), p, dtype=np.int64) for slot, p in fixed.items()}
    out[0, 2] = np.where(pdraw, 4, -1)
    out[1, 2] = np.where(bdraw, np.where(pdraw, 5, 4), -1)
    return out


@lru_cache(maxsize=16)  # a plan holds the multisets of one bet: a few MB
def _plan(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, tableau, deal_names, limit: int):
    """Shoe-independent: the pool of each of the 52 cards, and how many sequences of pools of each
    multiset of factors each line settles; None past ``limit`` rows."""
    from exact_odds.punto_banco.hand_suits import value_sequences

    np = _numpy()
    ids: dict = {}
    pool_of_card, rep, pool_value = [], [], []
    for card in range(52):
        r, s = card // 4 + 1, card % 4 + 1
        key = (of_card[card], RANK_VALUES[r - 1])
        if key not in ids:
            ids[key] = len(ids)
            rep.append((r, s))
            pool_value.append(key[1])
        pool_of_card.append(ids[key])
    options = [[p for p in range(len(ids)) if pool_value[p] == v] for v in range(10)]
    n_options = np.array([len(o) for o in options], dtype=np.int64)
    flat = np.array([p for o in options for p in o], dtype=np.int64)
    first = np.cumsum(n_options) - n_options
    x, pdraw, bdraw, used, deal, deals = value_sequences(tableau)
    values = np.stack(x).astype(np.int8)
    # Where a deal's values settle the line whatever the cards, its sequences are not expanded.
    names = [name for name, _ in value_names]
    settled = np.array([-1 if line is None else line for line in
                        (partial.line_of(trees, {n: deal_names(d)[n] for n in names}) for d in deals)],
                       dtype=np.int64)[deal]
    where = {slot: np.where(settled < 0, pos, -1) for slot, pos in _positions(np, pdraw, bdraw).items()}
    size = np.ones(len(used), dtype=np.int64)
    for slot in slots:
        pos = where[slot]
        size *= np.where(pos >= 0, n_options[values[np.maximum(pos, 0), np.arange(len(pos))]], 1)
    if int(size.sum()) > limit:
        return None
    deal_values = {name: np.array([deal_names(d)[name] for d in deals], dtype=np.int64) for name in names}
    rep_rank = np.array([r for r, _ in rep] + [0], dtype=np.int64)  # pool -1 (no card): rank and suit 0
    rep_suit = np.array([s for _, s in rep] + [0], dtype=np.int64)
    n_lines = len(trees) + 1
    parts = []
    total = np.cumsum(size)
    start = 0
    while start < len(size):  # about _CHUNK rows at a time
        stop = max(int(np.searchsorted(total, (total[start - 1] if start else 0) + _CHUNK, side="right")), start + 1)
        parts.append(_chunk(np, np.arange(start, stop), trees, slots, values, where, used, deal, deal_values,
                            settled, options=(n_options, flat, first), reps=(rep_rank, rep_suit), n_lines=n_lines))
        start = stop
    keys = np.concatenate([k for k, _ in parts])
    counts = np.concatenate([c for _, c in parts], axis=1)
    uniq, inverse = np.unique(keys, return_inverse=True)
    per_line = np.zeros((n_lines, len(uniq)), dtype=np.int64)
    np.add.at(per_line, (np.arange(n_lines)[:, None], inverse.reshape(-1)[None, :]), counts)
    codes = np.stack([(uniq >> (3 + _BITS * i)) & ((1 << _BITS) - 1) for i in range(6)]).astype(np.intp)
    return tuple(pool_of_card), per_line, codes, (uniq & 7).astype(np.intp)


def _chunk(np, seqs, trees, slots, values, where, used, deal, deal_values, settled, options, reps, n_lines):
    """The rows of sequences ``seqs``: each read card's pool, settled, keyed by their multiset of factors:
    (keys, a lines x keys array of how many rows of each key each line settles)."""
    n_options, flat, first = options
    rep_rank, rep_suit = reps
    rows = seqs
    pool: dict = {}
    for slot in slots:  # expand: one row per pool each read card can come from
        pos = where[slot][rows]
        v = values[np.maximum(pos, 0), rows]
        k = np.where(pos >= 0, n_options[v], 1)
        parent = np.repeat(np.arange(len(rows)), k)
        within = np.arange(len(parent)) - np.repeat(np.cumsum(k) - k, k)
        rows = rows[parent]
        pool = {s: p[parent] for s, p in pool.items()}
        pool[slot] = np.where(pos[parent] >= 0, flat[np.minimum(first[v[parent]] + within, len(flat) - 1)], -1)
    zeros = np.zeros(len(rows), dtype=np.int64)
    rank = {s: rep_rank[pool[s]] if s in pool else zeros for s in ALL_SLOTS}
    suit = {s: rep_suit[pool[s]] if s in pool else zeros for s in ALL_SLOTS}
    d = deal[rows]
    line = settle_lines(np, trees, language.Cards(rank, suit, {n: a[d] for n, a in deal_values.items()}), len(rows))
    line = np.where(settled[rows] >= 0, settled[rows], line)  # (their cards were not expanded)
    # The factor of each position: a read card's pool and its earlier cards of that pool; an unread card's
    # value and the cards of that value before it (the read ones all counted first); none if unused.
    k = used[rows]
    vals = [values[i][rows] for i in range(6)]
    read_pool = [np.full(len(rows), -1, dtype=np.int16) for _ in range(6)]
    for slot, p in pool.items():
        pos = where[slot][rows]
        for i in sorted(set(_FIXED.get(slot, (4, 5)))):
            hit = pos == i
            read_pool[i][hit] = p[hit]
    is_read = [p >= 0 for p in read_pool]
    can_read = {i for slot in pool for i in _FIXED.get(slot, (4, 5))}
    base = []
    for i in range(6):
        read_of_value = sum((is_read[j] & (vals[j] == vals[i])).astype(np.int16) for j in sorted(can_read))
        base.append(np.where(i >= k, _NONE, np.where(is_read[i], read_pool[i] * 6,
                                                    _UNREAD + vals[i].astype(np.int16) * 6 + read_of_value)))
    codes = []
    for i in range(6):
        before = sum((base[j] == base[i]).astype(np.int16) for j in range(i)) if i else 0
        codes.append(np.where(base[i] == _NONE, _NONE, base[i] + before).astype(np.int64))
    for a, b in _NETWORK:  # sort the six codes of every row
        codes[a], codes[b] = np.minimum(codes[a], codes[b]), np.maximum(codes[a], codes[b])
    key = k.astype(np.int64)
    for i in range(6):
        key |= codes[i] << (3 + _BITS * i)
    uniq, inverse = np.unique(key, return_inverse=True)
    counts = np.bincount(line.astype(np.int64) * len(uniq) + inverse.reshape(-1), minlength=n_lines * len(uniq))
    return uniq, counts.reshape(n_lines, len(uniq))


#: The deal position of each card slot that has one fixed position (P1, B1, P2, B2); P3 and B3: 4 or 5.
_FIXED = {(0, 0): (0,), (1, 0): (1,), (0, 1): (2,), (1, 1): (3,), (0, 2): (4,)}
#: A sorting network for six numbers (12 compare-exchanges).
_NETWORK = ((1, 2), (4, 5), (0, 2), (3, 5), (0, 1), (3, 4), (2, 5), (0, 3), (1, 4), (2, 4), (1, 3), (2, 3))
