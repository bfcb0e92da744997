"""Whole-coup bets that read suits, on a suited shoe in play, by pools of cards (docs/methods/suits.md, "Card classes").

On a shoe whose ranks hold their suits alike (fresh decks) the card classes
weigh suits by one suit model for every rank (:mod:`exact_odds.cards.routes.card_suits`).
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
two cards has four rows per sequence. A sequence whose values settle the line
whatever the cards (:func:`exact_odds.conditions.partial.line_of`: Super Tie's
colours matter only in a six-card tie of 6 or more) is not expanded.

Bets that compare suits only with each other take patterns of suits instead
(:mod:`exact_odds.cards.routes.card_patterns`), on the machinery here.

Beyond :data:`LIMIT` rows (or expanded namings) a plan is declined (the caller
has another method).

Integers: a multiset's weight is a product of at most six factors of at most
N, and a line's count sums distinct ordered deals, at most falling(N, 6) <= N**6.
A shoe weighs the three lowest factors of each multiset first (at most N**3)
and sums, per line, a multiset's count times them over the multisets that
share their three highest factors: such a sum is at most (the plan's rows, and
namings in a pattern plan, <= 2 * LIMIT <= 2**26) * N**3. Every partial sum of
a line's count is at most 2 * N**6 (a pattern plan's signed rows: see
card_patterns). So int64 is exact while N**6 < 2**62 (checked: then N**3 < 2**31
and those sums stay below 2**57), else Python integers.
"""

from __future__ import annotations

from functools import lru_cache

from exact_odds.conditions import language, partial
from exact_odds.cards.routes.card_suits import ALL_SLOTS, INT64_SAFE, settle_lines
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Most rows (sequences of pools, or a row's patterns of suits and their namings) a plan may hold (a bet's
#: first price grows with them).
LIMIT = 32_000_000
#: Rows expanded at once.
_CHUNK = 1 << 21
_BITS, _MASK = 9, 511  # a factor code is below 2**9: pools * 6 + 5 < 390, then 60 value codes, then the sentinel
_POOLS = 65  # at most 52 pools of a class and a value, and 13 of a rank class and a value (every suit)
_UNREAD = _POOLS * 6  # first code of an unread card's factor: value * 6 + (cards of its value before it)
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
    return None if plan is None else weighed(plan, shoe)


def weighed(plan, shoe: Shoe) -> list:
    """Each line's six-card count on ``shoe`` from a plan (:func:`planned`)."""
    np = _numpy()
    members, per_line, (high, used), low, low_of_key, starts = plan
    by_value = [0] * 10
    for r, n in enumerate(shoe.ranks):
        by_value[RANK_VALUES[r]] += n
    n = shoe.size
    dtype = np.int64 if n ** 6 < INT64_SAFE else object
    table = [0] * (_NONE + 1)
    for p, cards in enumerate(members):
        c = sum(shoe.suited[card] for card in cards)
        table[p * 6:p * 6 + 6] = [max(c - j, 0) for j in range(6)]
    for v, c in enumerate(by_value):
        table[_UNREAD + v * 6:_UNREAD + v * 6 + 6] = [max(c - j, 0) for j in range(6)]
    table[_NONE] = 1
    table = np.array(table, dtype=dtype)
    # A multiset's weight is (its three highest factors and the unused cards) x (its three lowest); the
    # lowest are weighed once per distinct triple and the sums of each highest part formed first (the
    # bound of these partial sums: the module's docstring).
    w_high = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)[used]
    for row in high:
        w_high = w_high * table[row]
    w_low = table[low[0]] * table[low[1]] * table[low[2]]
    parts = np.add.reduceat(per_line.astype(dtype, copy=False) * w_low[low_of_key], starts, axis=1)
    return [int(x) for x in parts @ w_high]


class Pools:
    """The pools of the 52 cards under a key of each card (its class): each pool's cards, value and
    representative (rank, suit), and the pools each value's cards may come from, as flat arrays."""

    def __init__(self, np, key_of, first: int = 0):
        ids: dict = {}
        self.members, self.rep, self.keys, values = [], [], [], []
        for card in range(52):
            r, s = card // 4 + 1, card % 4 + 1
            key = (key_of(card), RANK_VALUES[r - 1])
            if key not in ids:
                ids[key] = first + len(ids)
                self.keys.append(key[0])
                self.members.append([])
                self.rep.append((r, s))
                values.append(key[1])
            self.members[ids[key] - first].append(card)
        self.of_card = [ids[(key_of(c), RANK_VALUES[c // 4])] for c in range(52)]
        options = [[first + p for p, v in enumerate(values) if v == value] for value in range(10)]
        self.n_options = np.array([len(o) for o in options], dtype=np.int64)
        self.flat = np.array([p for o in options for p in o], dtype=np.int64)
        self.first = np.cumsum(self.n_options) - self.n_options


class Sequences:
    """Every sequence of values the rules play, with each card slot's position in it (-1 where the slot
    holds no card, or where the sequence's values settle the line: :func:`partial.line_of`), the line so
    settled (-1: open) and each value name's value per deal."""

    def __init__(self, np, trees, value_names, tableau, deal_names):
        from exact_odds.cards.routes.hand_suits import value_sequences

        x, pdraw, bdraw, self.used, self.deal, deals = value_sequences(tableau)
        self.values = np.stack(x).astype(np.int8)
        names = [name for name, _ in value_names]
        self.settled = deal_lines(np, trees, names, deals, deal_names)[self.deal]
        fixed = {(0, 0): 0, (1, 0): 1, (0, 1): 2, (1, 1): 3}
        position = {slot: np.full(len(pdraw), p, dtype=np.int64) for slot, p in fixed.items()}
        position[0, 2] = np.where(pdraw, 4, -1)
        position[1, 2] = np.where(bdraw, np.where(pdraw, 5, 4), -1)
        self.where = {slot: np.where(self.settled < 0, pos, -1) for slot, pos in position.items()}
        self.deal_values = {name: np.array([deal_names(d)[name] for d in deals], dtype=np.int64) for name in names}

    def sizes(self, np, slots, n_options):
        """Rows per sequence: the product of the pools each read card may come from; and cards read."""
        size = np.ones(len(self.used), dtype=np.int64)
        read = np.zeros(len(self.used), dtype=np.int64)
        for slot in slots:
            pos = self.where[slot]
            size *= np.where(pos >= 0, n_options[self.values[np.maximum(pos, 0), np.arange(len(pos))]], 1)
            read += pos >= 0
        return size, read

    def chunks(self, np, size):
        """Consecutive ranges of sequences of about :data:`_CHUNK` rows."""
        return chunked(np, size, _CHUNK)

    def cards(self, np, rows, pool, rep_rank, suit) -> language.Cards:
        """The coups of ``rows`` (sequence indices) with each read slot's pool (its representative rank)
        and ``suit`` per slot, for :func:`language.evaluate`."""
        zeros = np.zeros(len(rows), dtype=np.int64)
        rank = {s: rep_rank[pool[s]] if s in pool else zeros for s in ALL_SLOTS}
        suits = {s: suit[s] if s in suit else zeros for s in ALL_SLOTS}
        d = self.deal[rows]
        return language.Cards(rank, suits, {n: a[d] for n, a in self.deal_values.items()})


def deal_lines(np, trees, names, deals, deal_names):
    """For each of ``deals``, the line its values of the value names ``names`` settle whatever the cards
    (:func:`partial.line_of`), or -1 where the cards decide."""
    settled = [partial.line_of(trees, {n: deal_names(d)[n] for n in names}) for d in deals]
    return np.array([-1 if line is None else line for line in settled], dtype=np.int64)


def chunked(np, size, chunk: int):
    """Consecutive ranges of indices whose ``size`` add up to about ``chunk`` (one at least)."""
    total = np.cumsum(size)
    start = 0
    while start < len(size):
        stop = max(int(np.searchsorted(total, (total[start - 1] if start else 0) + chunk, "right")), start + 1)
        yield np.arange(start, stop)
        start = stop


def expand(np, seqs, slots, where, values, pools: Pools):
    """One row per pool each read card of sequences ``seqs`` may come from: (sequence of each row, the
    pool of each read slot per row, -1 where it holds no card)."""
    rows = seqs
    pool: dict = {}
    for slot in slots:
        pos = where[slot][rows]
        v = values[np.maximum(pos, 0), rows]
        k = np.where(pos >= 0, pools.n_options[v], 1)
        parent = np.repeat(np.arange(len(rows)), k)
        within = np.arange(len(parent)) - np.repeat(np.cumsum(k) - k, k)
        rows = rows[parent]
        pool = {s: p[parent] for s, p in pool.items()}
        pick = pools.flat[np.minimum(pools.first[v[parent]] + within, len(pools.flat) - 1)]
        pool[slot] = np.where(pos[parent] >= 0, pick, -1)
    return rows, pool


def planned(np, parts, n_lines: int, members):
    """A plan from chunks' (keys, lines x keys signed counts): the pools' cards; each line's count of each
    multiset of factors, ordered by the multiset's three highest factor codes and cards used; those (3 x
    groups, and groups); the distinct triples of its three lowest codes (3 x triples) and each multiset's
    triple; and where each group starts."""
    keys = np.concatenate([k for k, _ in parts])
    counts = np.concatenate([c for _, c in parts], axis=1)
    uniq, inverse = np.unique(keys, return_inverse=True)
    per_line = np.zeros((n_lines, len(uniq)), dtype=np.int64)
    np.add.at(per_line, (np.arange(n_lines)[:, None], inverse.reshape(-1)[None, :]), counts)
    low_bits = 3 + 3 * _BITS
    high = ((uniq >> low_bits) << 3) | (uniq & 7)  # the three highest codes, and the cards used
    low = (uniq >> 3) & ((1 << 3 * _BITS) - 1)
    order = np.lexsort((low, high))
    high, low, per_line = high[order], low[order], per_line[:, order]
    groups, starts = np.unique(high, return_index=True)
    triples, low_of_key = np.unique(low, return_inverse=True)
    high_codes = np.stack([(groups >> (3 + _BITS * i)) & _MASK for i in range(3)]).astype(np.intp)
    low_codes = np.stack([(triples >> (_BITS * i)) & _MASK for i in range(3)]).astype(np.intp)
    return (tuple(tuple(m) for m in members), per_line, (high_codes, (groups & 7).astype(np.intp)), low_codes,
            low_of_key.reshape(-1).astype(np.intp), starts.astype(np.intp))


def counted(np, key, line, n_lines: int, minus=None):
    """(distinct keys, lines x keys counts): each row counted +1 on its ``line``, and -1 on ``minus``."""
    uniq, inverse = np.unique(key, return_inverse=True)
    inverse, size = inverse.reshape(-1), n_lines * len(uniq)
    counts = np.bincount(line.astype(np.int64) * len(uniq) + inverse, minlength=size)
    if minus is not None:
        counts = counts - np.bincount(minus.astype(np.int64) * len(uniq) + inverse, minlength=size)
    return uniq, counts.reshape(n_lines, len(uniq))


@lru_cache(maxsize=16)  # a plan holds the multisets of one bet: a few MB
def _plan(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, tableau, deal_names, limit: int):
    """Shoe-independent: the pools' cards, and how many sequences of pools of each multiset of factors each
    line settles; None past ``limit`` rows."""
    np = _numpy()
    pools = Pools(np, lambda card: of_card[card])
    seqs = Sequences(np, trees, value_names, tableau, deal_names)
    size, _ = seqs.sizes(np, slots, pools.n_options)
    if int(size.sum()) > limit:
        return None
    rep_rank = np.array([r for r, _ in pools.rep] + [0], dtype=np.int64)  # pool -1 (no card): rank and suit 0
    rep_suit = np.array([s for _, s in pools.rep] + [0], dtype=np.int64)
    n_lines = len(trees) + 1
    parts = []
    for chunk in seqs.chunks(np, size):
        rows, pool = expand(np, chunk, slots, seqs.where, seqs.values, pools)
        cards = seqs.cards(np, rows, pool, rep_rank, {s: rep_suit[p] for s, p in pool.items()})
        line = settle_lines(np, trees, cards, len(rows))
        line = np.where(seqs.settled[rows] >= 0, seqs.settled[rows], line)  # (their cards were not expanded)
        parts.append(counted(np, factor_keys(np, rows, pool, seqs), line, n_lines))
    return planned(np, parts, n_lines, pools.members)


def factor_keys(np, rows, pool, seqs, parent=None):
    """Each row's multiset of factors, as one int64: its six factor codes sorted (a read card's pool and
    its earlier cards of that pool, after the read cards of the pools inside it: ``parent`` gives the
    pool each pool lies in, its rank pool in the pattern plan; an unread card's value and the cards of
    that value before it, the read ones all counted first; none if unused), and its cards used in the low
    3 bits."""
    k = seqs.used[rows]
    vals = [seqs.values[i][rows] for i in range(6)]
    read_pool = [np.full(len(rows), -1, dtype=np.int16) for _ in range(6)]
    for slot, p in pool.items():
        pos = seqs.where[slot][rows]
        for i in sorted(set(_FIXED.get(slot, (4, 5)))):
            hit = pos == i
            read_pool[i][hit] = p[hit]
    is_read = [p >= 0 for p in read_pool]
    can_read = {i for slot in pool for i in _FIXED.get(slot, (4, 5))}
    outer = [parent[p] for p in read_pool] if parent is not None else read_pool
    base = []
    for i in range(6):
        read_of_value = sum((is_read[j] & (vals[j] == vals[i])).astype(np.int16) for j in sorted(can_read))
        inner = 0 if parent is None else \
            sum(((outer[j] == read_pool[i]) & (read_pool[j] != read_pool[i])).astype(np.int16) for j in sorted(can_read))
        base.append(np.where(i >= k, _NONE, np.where(is_read[i], read_pool[i] * 6 + inner,
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
    return key


#: The deal position of each card slot that has one fixed position (P1, B1, P2, B2); P3 and B3: 4 or 5.
_FIXED = {(0, 0): (0,), (1, 0): (1,), (0, 1): (2,), (1, 1): (3,), (0, 2): (4,)}
#: A sorting network for six numbers (12 compare-exchanges).
_NETWORK = ((1, 2), (4, 5), (0, 2), (3, 5), (0, 1), (3, 4), (2, 5), (0, 3), (1, 4), (2, 4), (1, 3), (2, 3))
