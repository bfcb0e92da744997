"""Whole-coup bets that compare suits only with each other, on a suited shoe in play, by patterns of suits.

The pools of :mod:`exact_odds.cards.routes.card_pools` (docs/methods/suits.md,
"Card classes"), for a bet that reads suits only through equality between
cards. Suits compared only with each other (``Reads.suit_symmetric``: every card's
suit against every other's, ``same_suit``, ``of_a_suit``) would expand into
4**6 rows a sequence. Renaming the suits never changes such a line, so a row
(a sequence and the *rank* pool of each read card: its rank class and value,
every suit) is settled once per *pattern* of its suits: which read cards share
a suit, at most 187 for six cards, each standing for its falling(4, blocks)
namings. The row is counted whole on its most frequent line (its pools' counts
are the sums over the suits), and only the namings of the patterns on another
line are expanded into pools of one suit, each counted +1 on its line and -1
on the row's line. Only the cards whose suits can move the row's line are
named: a card whose suit never does (whatever the others') keeps its rank pool
(a pool of one suit lies inside its rank pool, so a rank pool's factor starts
after the named cards of its suits). Rows alike in all the bet reads are
settled once. A bet that asks whether any two cards share a suit has then 24
namings in a four-card coup and none in a longer one (five cards always share
a suit): milliseconds a shoe.


A plan whose rows or namings would pass :data:`card_pools.LIMIT` is declined (the
caller has another method); every row is settled before any is weighed, so a
plan past the limit stops within about a second.

Integers: the plan's counts are signed. Every partial sum of a line's count is
at most the sum of its terms' magnitudes: the rows counted on it, once; the
namings taken off them, at most those rows again; and the namings added to it,
at most every deal once: 2 * N**6 in all, within the bound card_pools checks.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from exact_odds.conditions import language
from exact_odds.cards.routes import card_pools
from exact_odds.cards.routes.card_pools import Pools, Sequences, counted, expand, factor_keys, planned, weighed
from exact_odds.cards.routes.card_suits import settle_lines
from exact_odds.cards.substrate.arrays import distinct
from exact_odds.rules.shoe import Shoe


def _numpy():
    import numpy

    return numpy


#: Rows times their patterns past which a plan takes about a minute or more to build (about 1-3 µs each):
#: announced before it starts (``suited_run(player_hand) or of_a_suit(banker_hand) >= 2``: 293 million).
SLOW_PLAN = 50_000_000
_announced: set = set()


def pattern_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                   deal_names) -> list | None:
    """:func:`~exact_odds.cards.routes.card_pools.pool_counts` for a bet that reads suits only by comparing
    them with each other (``Reads.suit_symmetric``), by patterns of suits; None past :data:`card_pools.LIMIT`
    rows or namings, and for a bet that reads suits any other way (``suit == hearts``: renaming suits would
    move its lines, which the patterns assume never happens)."""
    if not language.reads(trees, frozenset(n for n, _ in value_names)).suit_symmetric:
        return None
    plan = _pattern_plan(trees, of_card, value_names, slots, tableau, deal_names, card_pools.LIMIT)
    return None if plan is None else weighed(plan, shoe)


def slow_plan(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
              deal_names) -> str | None:
    """What to say before :func:`pattern_counts` (same arguments) builds a plan past :data:`SLOW_PLAN` rows
    and patterns, which takes minutes; None when it would not, or was said before in this process."""
    key = (trees, of_card, value_names, slots, tableau, deal_names)
    if key in _announced:
        return None
    _announced.add(key)
    size = slow_size(trees, of_card, value_names, slots, shoe, tableau, deal_names)
    if size is None:
        return None
    return (f"the first price builds a plan of {size / 1e6:,.0f} million rows of suit patterns, "
            "which can take minutes; the shoes after it reuse the plan")


def slow_size(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
              deal_names) -> int | None:
    """The rows and patterns of the plan of :func:`pattern_counts` (same arguments) where past
    :data:`SLOW_PLAN` (minutes to build), else None (quicker, or declined: past the pools' limit)."""
    _, rows, patterns = _sizes(trees, of_card, value_names, slots, tableau, deal_names)
    if int(rows.sum()) > card_pools.LIMIT or int(patterns.sum()) <= SLOW_PLAN:
        return None
    return int(patterns.sum())


@lru_cache(maxsize=2)  # (asked by slow_plan, then by the plan it announces; each holds about 25 MB)
def _sizes(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, tableau, deal_names):
    """The sequences of a pattern plan, each one's rows, and its rows times the patterns of its read cards."""
    np = _numpy()
    ranks = Pools(np, lambda card: of_card[card - card % 4])
    seqs = Sequences(np, trees, value_names, tableau, deal_names)
    size, read = seqs.sizes(np, slots, ranks.n_options)
    return seqs, size, size * np.array([len(_patterns(k)) for k in range(len(slots) + 1)], dtype=np.int64)[read]


@lru_cache(maxsize=16)
def _pattern_plan(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, tableau, deal_names, limit: int):
    """The pools' plan for a bet that reads suits only by comparing them with each other: rows of rank pools
    settled by patterns of suits (the module's docstring); None past ``limit`` rows or namings."""
    np = _numpy()
    pools = Pools(np, lambda card: of_card[card])  # a rank class, a suit and a value
    # the rank pools (a rank class and a value, every suit), numbered after those; a rank's class is that
    # of its card of the first suit
    ranks = Pools(np, lambda card: of_card[card - card % 4], first=len(pools.members))
    fine = np.zeros((len(pools.members) + len(ranks.members) + 1, 5), dtype=np.int64)  # the last: no card
    for card in range(52):
        fine[ranks.of_card[card], card % 4 + 1] = pools.of_card[card]
        fine[pools.of_card[card], 0] = fine[ranks.of_card[card], 0] = ranks.of_card[card]  # column 0: its rank pool
    fine[-1] = -1
    rep_rank = np.zeros(len(fine), dtype=np.int64)
    rep_rank[len(pools.members):-1] = [r for r, _ in ranks.rep]
    rank_class = np.full(len(fine), -1, dtype=np.int64)  # what the bet sees of a rank pool's cards but suits
    rank_class[len(pools.members):-1] = ranks.keys
    seqs, size, patterns = _sizes(trees, of_card, value_names, slots, tableau, deal_names)
    if int(size.sum()) > limit:
        return None
    size = patterns  # (the chunks)
    n_lines = len(trees) + 1
    settled = []
    named = 0
    for chunk in seqs.chunks(np, size):  # every row settled first, so a plan past the limit stops early
        rows, pool = expand(np, chunk, slots, seqs.where, seqs.values, ranks)
        line, off = _settle_patterns(np, trees, seqs, rows, pool, slots, (rep_rank, rank_class), n_lines)
        named += sum(len(at) * len(_namings(max(p, default=-1) + 1)) for at, p, _, _ in off)
        if named > limit:
            return None
        settled.append((rows, pool, line, off))
    parts = []
    for rows, pool, line, off in settled:
        parts.append(counted(np, factor_keys(np, rows, pool, seqs, parent=fine[:, 0]), line, n_lines))
        if off:
            parts.append(_named(np, rows, pool, slots, off, line, fine, seqs, n_lines))
    return planned(np, parts, n_lines, pools.members + ranks.members)


def _read_index(np, pool, slots) -> dict:
    """Each read slot's place among its row's read cards (in the order of ``slots``)."""
    index, seen = {}, np.zeros(len(next(iter(pool.values()))), dtype=np.int64)
    for slot in slots:
        index[slot] = seen
        seen = seen + (pool[slot] >= 0)
    return index


def _settle_patterns(np, trees, seqs, rows, pool, slots, ranks, n_lines: int):
    """Each row's line (the one most of its namings settle) and the patterns on another line: a list of
    (rows, pattern of the read cards whose suits can change their line, which read cards those are, their
    line). Rows alike in what the bet reads (the read cards' rank classes, and the value names) are
    settled once. ``ranks``: each pool's representative rank and its rank class."""
    rep_rank, rank_class = ranks
    read = sum((pool[s] >= 0).astype(np.int64) for s in slots)
    seen = np.stack([rank_class[pool[s]] for s in slots] + [a[seqs.deal[rows]] for a in seqs.deal_values.values()]
                    + [seqs.settled[rows]])
    line = np.zeros(len(rows), dtype=np.int64)
    off = []
    for k in range(len(slots) + 1):
        at = np.flatnonzero(read == k)
        if not len(at):
            continue
        _, first, alike = np.unique(seen[:, at], axis=1, return_index=True, return_inverse=True)
        alike = alike.reshape(-1)
        held = _settled_alike(np, trees, seqs, rows[at[first]], {s: pool[s][at[first]] for s in slots}, slots,
                              rep_rank, k)
        relevant = _relevant(np, held, k)
        for mask in distinct(np, relevant):
            group = np.flatnonzero(relevant == mask)
            cards = tuple(c for c in range(k) if mask >> c & 1)
            pick, pats = _projected(k, cards)
            on = held[np.ix_(group, pick)]  # the line of each pattern of the relevant cards
            score = np.zeros((len(group), n_lines), dtype=np.int64)
            everyone = np.arange(len(group))
            for j, p in enumerate(pats):
                score[everyone, on[:, j]] += len(_namings(max(p, default=-1) + 1))
            usual = score.argmax(axis=1)
            where = np.full(len(first), -1, dtype=np.int64)
            where[group] = np.arange(len(group))
            members = np.flatnonzero(where[alike] >= 0)
            line[at[members]] = usual[where[alike[members]]]
            for j, p in enumerate(pats):
                moved_alike = on[:, j] != usual
                if not moved_alike.any():
                    continue
                moved = members[moved_alike[where[alike[members]]]]
                off.append((at[moved], p, cards, on[where[alike[moved]], j]))
    return line, off


def _settled_alike(np, trees, seqs, rows, pool, slots, rep_rank, k: int):
    """Rows of ``k`` read cards, each unlike the others in what the bet reads: the line of each row and
    pattern of suits (rows x patterns)."""
    pats = _patterns(k)
    index = _read_index(np, pool, slots)
    labels = np.zeros((len(pats), 6), dtype=np.int64)
    labels[:, :k] = np.array(pats, dtype=np.int64).reshape(len(pats), k)
    each = np.repeat(np.arange(len(rows)), len(pats))
    which = np.tile(np.arange(len(pats)), len(rows))
    suit = {s: np.where(pool[s][each] >= 0, labels[which, index[s][each]] + 1, 0) for s in slots}
    cards = seqs.cards(np, rows[each], {s: pool[s][each] for s in slots}, rep_rank, suit)
    held = settle_lines(np, trees, cards, len(each)).astype(np.int64)
    settled = seqs.settled[rows[each]]
    return np.where(settled >= 0, settled, held).reshape(len(rows), len(pats))


def _relevant(np, held, k: int):
    """Each row's read cards (bits by their place among the read cards) whose suit can change its line:
    a card is left out when every pattern of the other cards settles one line whatever its suit (and
    cards so left out one by one are so together: changing their suits one at a time never moves the
    line)."""
    mask = np.zeros(len(held), dtype=np.int64)
    for c in range(k):
        order, starts = _fibres(k, c)
        h = held[:, order]
        moves = np.minimum.reduceat(h, starts, axis=1) != np.maximum.reduceat(h, starts, axis=1)
        mask |= moves.any(axis=1).astype(np.int64) << c
    return mask


def _canonical(p: tuple) -> tuple:
    """A pattern's blocks renumbered in order of first appearance."""
    names: dict = {}
    return tuple(names.setdefault(b, len(names)) for b in p)


@lru_cache(maxsize=64)
def _fibres(k: int, card: int) -> tuple:
    """The patterns of k cards ordered so that those alike but in ``card``'s block are together: (order,
    where each group starts)."""
    rest = [_canonical(p[:card] + p[card + 1:]) for p in _patterns(k)]
    order = sorted(range(len(rest)), key=lambda j: rest[j])
    starts = [i for i, j in enumerate(order) if i == 0 or rest[j] != rest[order[i - 1]]]
    return order, starts


@lru_cache(maxsize=256)
def _projected(k: int, cards: tuple) -> tuple:
    """The patterns of the read cards ``cards`` (places among k): for each, one pattern of all k cards that
    gives it (its index), and the patterns."""
    pats = _patterns(len(cards))
    pick = {}
    for j, p in enumerate(_patterns(k)):
        pick.setdefault(_canonical(tuple(p[c] for c in cards)), j)
    return [pick[q] for q in pats], pats


def _named(np, rows, pool, slots, off, line, fine, seqs, n_lines: int):
    """The namings of the patterns ``off`` as rows whose relevant cards come from pools of one suit (the
    others keep their rank pools): +1 on their line, -1 on their row's."""
    index = _read_index(np, pool, slots)
    at_all, pools_all, plus, minus = [], {s: [] for s in slots}, [], []
    for at, p, cards, held in off:
        blocks = max(p, default=-1) + 1
        namer = np.array(_namings(blocks), dtype=np.int64).reshape(-1, blocks)
        leaf = np.repeat(at, len(namer))
        naming = np.tile(np.arange(len(namer)), len(at))
        block_of = np.full(7, -1, dtype=np.int64)  # each read card's block, -1 for a card left out
        block_of[list(cards)] = p
        for s in slots:
            rank_pool = pool[s][leaf]
            block = block_of[index[s][leaf]]
            suit = namer[naming, np.maximum(block, 0)] if blocks else np.zeros(len(leaf), dtype=np.int64)
            pools_all[s].append(np.where((rank_pool >= 0) & (block >= 0), fine[rank_pool, suit], rank_pool))
        at_all.append(leaf)
        plus.append(np.repeat(held, len(namer)))
        minus.append(line[leaf])
    leaf = np.concatenate(at_all)
    leaf_pool = {s: np.concatenate(v) for s, v in pools_all.items()}
    keys = factor_keys(np, rows[leaf], leaf_pool, seqs, parent=fine[:, 0])
    return counted(np, keys, np.concatenate(plus), n_lines, minus=np.concatenate(minus))


@lru_cache(maxsize=8)
def _patterns(k: int) -> tuple:
    """Every way k read cards fall into suits, up to renaming the suits: each card's block, numbered in
    order of first appearance (at most four blocks)."""
    out = [()]
    for _ in range(k):
        out = [p + (b,) for p in out for b in range(min(max(p, default=-1) + 2, 4))]
    return tuple(out)


@lru_cache(maxsize=8)
def _namings(blocks: int) -> tuple:
    """The suits (1-4) of each of ``blocks`` blocks, all different: falling(4, blocks) of them."""
    return tuple(permutations(range(1, 5), blocks))
