"""Whole-coup bets that read suits only through events (``suited_run(player_hand) or
of_a_suit(banker_hand) >= 2``, ``same_suit(banker_hand) and of_a_kind(player_hand, red) >= 2``), on a
suited shoe in play, by the ways to deal each group of cards, with no suit counts (docs/methods/suits.md,
"Events alone").

Such a bet reads a coup's suits only through events (:mod:`~exact_odds.cards.routes.suit_events`), so its
line is f(H), a function of the row (a sequence of values and each card's rank pool, as in
:mod:`~exact_odds.cards.routes.card_counts`) and of the set H of live events that hold, never of how many
cards hold each suit. By inclusion-exclusion over the events,

    sum over deals of [line] = sum over sets S of events of g(S) * sum over H within S of (-1)**|S - H| * f(H)

with g(S) the deals of the row where every event of S holds. Each set S is one *variant*
(:func:`suit_events.parted`): the cards S binds alike (a *part*) are of one suit left unnamed, summed over
the suits they may hold when the shoe is weighed, and every other card S bounds to some suits is
restricted to them. A suited run in either hand is 4 variants a row where naming each part's suit took 25.

A variant of a row is a *group*, the multiset of (rank pool, code) of its cards. Its ways on a shoe are a
product over *components*, each a set of pools that parts join with every card of those pools that is
not counted freely (named, parted or restricted), then the counted cards, then the unused ones:

    ways(g) = u * prod over C of (sum over the suits σ of C's parts of prod over C's cards of a_j(σ))
                * prod over the counted cards of (n_P - f_P - the counted cards of P before it)

In order within a pool (named and parted cards first, then the restricted, the smaller sets first), a_j is
the cards left for the j-th: for a card of suit s (named, or of a part of suit σ = s), n_{P,s} less the
earlier cards of P of suit s; for a card restricted to a set R, n_{P,R} (its suits' cards) less P's cards
of a suit in R and the earlier cards of P restricted within R (the sets are nested or disjoint). f_P
counts P's cards that are not counted freely, and u = falling(N - k, 6 - k) the unused cards
(docs/rules.md §3). Each line's count is sum over g of w[g][line] * ways(g), w summing the signed terms;
the last line's is the six-card total less the others'.

A shoe computes each distinct component and each distinct multiset of counted cards once (thousands to
hundreds of thousands), then one gathered product and one dot a line over the groups.

Where renamings of the suits map the events onto themselves and move no line, the route takes
:mod:`~exact_odds.cards.routes.suit_symmetry`: this plan over one variant an orbit of them, each part weighed
on the shoe renamed (:func:`weighed`'s ``renamed``), built in the steps it shares (:func:`prepared`,
:func:`planned`, over any lists of variants); :func:`alone_counts` builds it over every variant.

Integers: ways(g) counts distinct ordered deals of six cards (at most N**6), and w[g][line] * ways(g) is
a sum of terms of card_counts' docstring, so every partial sum of a line's count lies within F N**6 (F:
:func:`suit_events.bound`): int64 while F N**6 < 2**63 (:func:`suit_products.exact_dtype`), else Python
integers. A component weighed from its parts (:func:`_pure_ways`) adds terms each at most 2 N**6 in size
(a coefficient of 1 or 2 times sums over the suits of products of counts of deals of disjoint cards), whose
coefficients sum to at most 3 in size for two parts and 13 for three: within F N**6 too, since two parts
need two events (F >= 5) and three need three (F >= 14).

This module is long because the groups, their components, the ways of each and the weighing of a
shoe share the arrays of one plan.
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial, prod
from typing import NamedTuple

from exact_odds.cards.routes import card_counts, card_pools
from exact_odds.cards.routes.card_suits import settle_lines
from exact_odds.cards.routes.suit_events import PART, PARTED_CODES, RESTRICTED_AT, bound, parted, suit_events
from exact_odds.cards.routes.count_plan import summed_at
from exact_odds.cards.routes.suit_products import RESTRICTED, exact_dtype
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Most variants of a row (:func:`suit_events.parted`: a hand's suit compared with the other's first card's by
#: order, three events each, beside a hand alike: 32; every card's colour beside a hand alike: 80).
MOST_VARIANTS = 128
#: Most groups times lines but the last a plan may hold (w: 8 bytes an entry; each group about 100 bytes more).
MOST_GROUPS = 8_000_000
#: Most rows times their variants a plan may group (about 0.3 µs each).
MOST_VARIANT_ROWS = 40_000_000
#: Most classes of rows, each once per set of events that holds, a plan settles (about 0.5 µs each: every
#: card's colour beside a hand alike, 12 million, a plan of about 8 s).
MOST_SETTLED = 1 << 24
#: Most work a shoe may take (:func:`work`; about 2 ns a unit).
MOST_WORK = 20_000_000
#: A position past a group's cards (pool * PARTED_CODES + code stays below it for 16 pools).
EMPTY = 999


def _numpy():
    import numpy

    return numpy


class Plan(NamedTuple):
    """A bet's plan (:func:`_plan`). ``members``: each rank pool's cards. ``counted``: each distinct multiset
    of counted cards as (6 x kinds) pool * 7 + f_P (99: none), and ``used``, its cards used k.
    ``components``: the distinct components (:class:`Components`). ``of_counted``: each group's counted
    multiset; ``of_component``: per column, each group's component (past them all: none, 1); ``w``: lines
    but the last x groups; ``bound``: F (:func:`suit_events.bound`)."""

    members: tuple
    counted: object
    used: object
    components: tuple
    of_counted: object
    of_component: object
    w: object
    bound: int


def alone_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                 deal_names) -> list | None:
    """:func:`~exact_odds.cards.routes.card_pools.pool_counts` for a bet that reads suits only through events
    (:func:`fitting_events`), by the ways of each group; None for any other bet, on a shoe without suits,
    or past the limits. (``slots`` is taken for the same signature: every card is read here.)"""
    events = fitting_events(trees) if shoe.suited is not None else None
    if events is None:
        return None
    plan = _plan(trees, of_card, value_names, events, tableau, deal_names, MOST_WORK)
    return None if plan is None else weighed(plan, shoe)


def estimate(reading, shoe=None, tableau=None):
    """The plan's size before it is built (:func:`card_counts.estimate`: the rows it expands, a bound of the
    rows it merges and settles; times the variants a row, :func:`suit_events.parted`, of its groups),
    for the route's ``estimate(reading, shoe, tableau)``."""
    from exact_odds.cards.route import Estimate

    events = reading.once("events alone", lambda r: fitting_events(r.trees))
    if events is None:
        return Estimate()
    rows, _ = card_counts.planned_rows(reading, events, parted, tableau)
    return Estimate(rows=rows)


def fitting_events(trees: tuple) -> tuple | None:
    """The events (:func:`suit_events.suit_events`) of a bet that reads suits through them alone, with no
    count over every card (that one moves with the suit counts: :mod:`card_counts`), where a row takes at
    most :data:`MOST_VARIANTS` variants; else None."""
    if suit_events(trees) is not None:
        return None
    events = suit_events(trees, alone=True)
    if events is None or max(len(parted(events, p)[2]) for p in range(4)) > MOST_VARIANTS:
        return None
    return events


# --- the plan -----------------------------------------------------------------

@lru_cache(maxsize=8)
def _plan(trees: tuple, of_card: tuple, value_names: tuple, events: tuple, tableau, deal_names, most_work: int):
    """Shoe-independent: the groups, their components and counted cards, and w (:class:`Plan`). None past
    :data:`card_pools.LIMIT` rows, :data:`MOST_VARIANT_ROWS` rows and variants, :data:`MOST_SETTLED`
    settled, :data:`MOST_GROUPS` groups times lines, or ``most_work`` a shoe (:func:`work`)."""
    np = _numpy()
    lattices = [parted(events, p) for p in range(4)]
    flat = [(p, v) for p, (_, _, variants) in enumerate(lattices) for v in variants]
    ready = prepared(np, trees, of_card, value_names, events, tableau, deal_names, lattices, flat)
    plans = None if ready is None else planned(np, trees, events, ready, [flat])
    return None if plans is None or work(plans[0]) > most_work else plans[0]


class Prepared(NamedTuple):
    """The rows of a plan (:func:`card_counts.merged_rows`), each row's class's index among its pattern's
    (``of_class``), and each class's lines f(H) (:func:`_lines`), before any variant is grouped."""

    ranks: object
    rows: object
    pool: object
    times: object
    pattern: object
    of_class: object
    lines: dict


def prepared(np, trees, of_card, value_names, events, tableau, deal_names, lattices: list,
             flat: list) -> Prepared | None:
    """The rows of a plan of the variants ``flat`` ((pattern, variant of ``lattices[pattern]``) each), their
    classes and lines (:class:`Prepared`); None past :data:`card_pools.LIMIT` rows, :data:`MOST_VARIANT_ROWS`
    rows times those variants, or :data:`MOST_SETTLED` classes settled."""
    got = card_counts.merged_rows(np, trees, of_card, value_names, events, tableau, deal_names,
                                  min(card_pools.LIMIT, card_counts.MOST_ROWS))
    if got is None:
        return None
    ranks, rows, pool, times, slot_at, pattern, deals = got
    if len(ranks.members) * PARTED_CODES + PARTED_CODES > EMPTY or \
            not card_counts.within_variant_rows(np, pattern[rows], flat, MOST_VARIANT_ROWS):
        return None
    rep_rank, first, alike = card_counts.alike_classes(np, trees, events, value_names, ranks, rows, pool, slot_at,
                                                       pattern, deals)
    class_pattern = pattern[rows[first]]
    n_firsts = np.array([len(firsts) for _, firsts, _ in lattices])
    if int(n_firsts[class_pattern].sum()) > MOST_SETTLED:
        return None
    lines = _lines(np, trees, lattices, rows[first], pool[:, first], class_pattern, slot_at, deals, rep_rank)
    within = np.zeros(len(first), dtype=np.int64)  # each class's index among its pattern's
    for p in range(4):
        at = np.flatnonzero(class_pattern == p)
        within[at] = np.arange(len(at))
    return Prepared(ranks, rows, pool, times, pattern, within[alike], lines)


def planned(np, trees, events, ready: Prepared, subsets: list) -> list | None:
    """A plan (:class:`Plan`) for each list of variants of ``subsets`` ((pattern, variant) each), from the
    rows ``ready``; None where their groups together pass :data:`MOST_GROUPS` (times the lines but the
    last)."""
    n_lines = len(trees) + 1
    found, n_groups = [], 0
    for flat in subsets:
        found.append(_weights(np, ready, flat, n_lines))
        n_groups += len(found[-1][0])
        if n_groups * (n_lines - 1) > MOST_GROUPS:
            return None
    plans = []
    for groups, w in found:
        codes = np.zeros((6, len(groups)), dtype=np.int64)
        for i in range(5, -1, -1):
            codes[i] = groups % 1000
            groups = groups // 1000
        counted, used, of_counted = _counted(np, codes)
        components, of_component = _components(np, codes)
        plans.append(Plan(tuple(tuple(m) for m in ready.ranks.members), counted, used, _sorted_out(np, components),
                          of_counted, of_component, w, bound(events)))
    return plans


def _weights(np, ready: Prepared, flat: list, n_lines: int) -> tuple:
    """Every variant of ``flat`` of every row as its group (its cards' (pool, code), sorted: a key in base
    1000), with its signed terms summed per (group, line): the groups (sorted keys) and w (lines but the
    last x groups)."""
    rows, pool, times, pattern, of_class, lines = ready.rows, ready.pool, ready.times, ready.pattern, \
        ready.of_class, ready.lines
    keys, on, value = [], [], []
    by_pattern = {}
    for p, (codes, terms) in flat:
        if p not in by_pattern:
            here = np.flatnonzero(pattern[rows] == p)
            # each row's cards a row in memory (rows x 6), sorted along it: a row's pools with each variant's codes
            by_row = np.ascontiguousarray(pool[:, here].T)
            by_pattern[p] = here, of_class[here], by_row < 0, by_row * PARTED_CODES
        here, classes, empty, by_row = by_pattern[p]
        if not terms or not len(here):  # (its sets of events cancel)
            continue
        code = np.sort(np.where(empty, EMPTY, by_row + np.array(codes)[None, :]), axis=1)
        key = np.zeros(len(here), dtype=np.int64)  # (below 1000**6 < 2**63)
        for i in range(6):
            key = key * 1000 + code[:, i]
        kinds, dense = np.unique(key, return_inverse=True)
        pairs, signed = [], []  # (group, line) and the rows it counts, signed, summed in this variant
        for h, c in terms:
            line = lines[p, h][classes]
            keep = line < n_lines - 1
            pairs.append(dense.reshape(-1)[keep] * (n_lines - 1) + line[keep])
            signed.append(c * times[here][keep])
        total = summed_at(np, np.concatenate(pairs), np.concatenate(signed), len(kinds) * (n_lines - 1))
        kept = np.flatnonzero(total)  # (the pairs present whose terms do not cancel, in order)
        keys.append(kinds[kept // (n_lines - 1)])
        on.append(kept % (n_lines - 1))
        value.append(total[kept])
    groups, group = np.unique(np.concatenate(keys or [np.zeros(0, dtype=np.int64)]), return_inverse=True)
    w = summed_at(np, np.concatenate(on or [np.zeros(0, dtype=np.int64)]) * len(groups) + group.reshape(-1),
                  np.concatenate(value or [np.zeros(0, dtype=np.int64)]),
                  (n_lines - 1) * len(groups)).reshape(n_lines - 1, len(groups))
    return groups, w


def _lines(np, trees, lattices, rows, pool, pattern, slot_at, deals, rep_rank) -> dict:
    """f(H) of each class of rows (``rows``: its first row's sequence; ``pool``: per position; ``pattern``:
    who drew): for each (pattern, H), the line of each class of that pattern (in order), settled with the
    first suits that make exactly H hold."""
    out = {}
    for p, (_, firsts, _) in enumerate(lattices):
        at = np.flatnonzero(pattern == p)
        if not len(at):
            continue
        for h, suits in firsts:
            suit = np.zeros((6, len(at)), dtype=np.int64)
            suit[:len(suits)] = np.array(suits, dtype=np.int64)[:, None]
            cards = card_counts._row_cards(np, rows[at], pool[:, at], suit, slot_at, deals, rep_rank)
            out[p, h] = settle_lines(np, trees, cards, len(at))
    return out


def _counted(np, codes):
    """Each group's counted cards (code 0) as a multiset of (pool, f_P: the pool's cards not counted
    freely), with its cards used: the distinct multisets (6 x kinds: pool * 7 + f_P, sorted; 99: none), each
    one's cards used, and each group's."""
    held = codes != EMPTY
    pool = np.where(held, codes // PARTED_CODES, -1)
    free = held & (codes % PARTED_CODES == 0)
    fixed = held & ~free
    f = sum(((pool == pool[i]) & fixed[i]).astype(np.int64) for i in range(6))
    # a group's codes are sorted (pool first, its free cards first), so its free cards' entries are in order:
    # the key of the sorted entries, 99 last, in base 100 after the cards used (below 7 * 100**6 < 2**63)
    key = held.sum(axis=0).astype(np.int64)
    for i in range(6):
        key = np.where(free[i], key * 100 + pool[i] * 7 + f[i], key)
    key = (key + 1) * 100 ** (6 - free.sum(axis=0)) - 1
    kinds, of_kind = np.unique(key, return_inverse=True)
    table = np.zeros((6, len(kinds)), dtype=np.int64)
    for i in range(5, -1, -1):
        table[i] = kinds % 100
        kinds = kinds // 100
    return table, kinds.astype(np.intp), of_kind.reshape(-1).astype(np.intp)


def _components(np, codes):
    """Each group's cards not counted freely, in components (the cards that one pool or one part joins):
    the distinct components (6 x components: their sorted codes, EMPTY past their cards) and, per column,
    each group's components (an index into them; past them all: none)."""
    held = codes != EMPTY
    pool, code = codes // PARTED_CODES, codes % PARTED_CODES
    fixed = held & (code > 0)
    part = np.where(fixed & (code >= PART) & (code < RESTRICTED_AT), (code - PART) // 15, -1)
    # which positions join depends only on a group's *shape*: each position's fixed card, its pool as the
    # first fixed position of that pool, and its part (a few hundred shapes among hundreds of thousands of
    # groups): the components are found once a shape
    same_pool = np.full(pool.shape, 6, dtype=np.int64)
    for j in range(5, -1, -1):
        same_pool = np.where(fixed & fixed[j] & (pool == pool[j]), j, same_pool)
    shape = np.zeros(len(codes[0]), dtype=np.int64)
    for i in range(6):
        shape = shape * 64 + np.where(fixed[i], 1 + same_pool[i] * 4 + part[i] + 1, 0)
    shapes, of_shape = np.unique(shape, return_inverse=True)
    of_shape = of_shape.reshape(-1)
    at = np.empty(len(shapes), dtype=np.intp)
    at[of_shape] = np.arange(len(of_shape))  # a group of each shape
    s_fixed, s_pool, s_part = fixed[:, at], same_pool[:, at], part[:, at]
    label = np.where(s_fixed, np.arange(6)[:, None], 6)
    while True:  # each card's component: the least position joined to it by a pool or a part
        new = label.copy()
        for i in range(6):
            for j in range(6):
                joined = s_fixed[i] & s_fixed[j] & ((s_pool[i] == s_pool[j]) | (s_part[i] >= 0) & (s_part[i] == s_part[j]))
                new[i] = np.where(joined, np.minimum(new[i], label[j]), new[i])
        if (new == label).all():
            break
        label = new
    label = label[:, of_shape]
    keys, where = [], []
    for c in range(6):
        mine = label == c
        here = np.flatnonzero(mine.any(axis=0))  # the groups with a component whose least position is c
        if len(here):
            # the component's codes in order (a group's codes are sorted), then EMPTY past them: the key of
            # its sorted codes, EMPTY last, in base 1000 (below 1000**6 < 2**63)
            mine, key = mine[:, here], np.zeros(len(here), dtype=np.int64)
            for i in range(6):
                key = np.where(mine[i], key * 1000 + codes[i, here], key)
            keys.append((key + 1) * 1000 ** (6 - mine.sum(axis=0)) - 1)
            where.append(here)
    if not keys:
        return np.zeros((6, 0), dtype=np.int64), np.zeros((0, len(codes[0])), dtype=np.intp)
    found, inverse = np.unique(np.concatenate(keys), return_inverse=True)
    index = np.full((len(keys), len(codes[0])), len(found), dtype=np.intp)  # past them all: none
    start = 0
    for j, here in enumerate(where):
        index[j, here] = inverse.reshape(-1)[start:start + len(here)]
        start += len(here)
    table = np.zeros((6, len(found)), dtype=np.int64)
    for i in range(5, -1, -1):
        table[i] = found % 1000
        found = found // 1000
    return table, index


class Components(NamedTuple):
    """A plan's components (:func:`_components`) as they are weighed. ``table``: each one's sorted codes (6 x
    components). ``general``: per set of parts (a bit a part), the components weighed suit by suit
    (:func:`_component_ways`). ``pure``: the components all of whose cards are parted, by their number of
    parts q (1-3), each as (their indices; for each nonempty set U of their parts, a bit a part, the cards of
    U's parts together, an index into ``parts``, and the suits U's parts all allow, a mask), weighed from
    the ways of those sets by suit (:func:`_pure_ways`); ``parts``: those sets of cards, as (6 x sets) sorted
    pools (-1 past their cards)."""

    table: object
    general: tuple
    pure: tuple
    parts: object


def _sorted_out(np, table) -> Components:
    """The components ``table`` sorted into those weighed suit by suit and those weighed from their parts."""
    held = table != EMPTY
    pool, code = table // PARTED_CODES, table % PARTED_CODES
    part = np.where(held & (code >= PART) & (code < RESTRICTED_AT), (code - PART) // 15, -1)
    has = [(part == j).any(axis=0) for j in range(3)]
    sets = sum(h.astype(np.int64) << j for j, h in enumerate(has))
    pure = ((part >= 0) | ~held).all(axis=0) & (sets > 0)
    general = tuple(np.flatnonzero(~pure & (sets == s)) for s in range(8))
    mask = np.where(part >= 0, (code - PART) % 15 + 1, 0)
    chosen, union, allowed = [], [], []
    for q in (1, 2, 3):
        at = np.flatnonzero(pure & (sum(h.astype(np.int64) for h in has) == q))
        # each one's parts in order (the j-th present part of each), then each set U of them: its cards, suits
        order = np.sort(np.where(np.array(has)[:, at], np.arange(3)[:, None], 9), axis=0)[:q]
        cards, masks = [], []
        for u in range(1, 1 << q):
            inside = np.zeros(part[:, at].shape, dtype=bool)
            for j in range(q):
                if u >> j & 1:
                    inside |= part[:, at] == order[j]
            cards.append(np.sort(np.where(inside, pool[:, at], 99), axis=0))
            masks.append(np.bitwise_and.reduce(np.where(inside, mask[:, at], 15), axis=0))
        chosen.append(at)
        union.append(cards)
        allowed.append(np.stack(masks) if masks else np.zeros((0, len(at)), dtype=np.int64))
    every, index = np.unique(np.concatenate([c for cards in union for c in cards], axis=1), axis=1,
                             return_inverse=True)
    index, pure_parts, start = index.reshape(-1), [], 0
    for q, at, m in zip((1, 2, 3), chosen, allowed):
        n = ((1 << q) - 1) * len(at)
        pure_parts.append((at, index[start:start + n].reshape((1 << q) - 1, len(at)), m))
        start += n
    return Components(table, general, tuple(pure_parts), np.where(every == 99, -1, every))


def work(plan: Plan) -> int:
    """A shoe's work: each group's gathers and lines, each set of parted cards by suit, and each component
    once per term (pure) or per suit of its parts and card (general)."""
    groups, c = plan.w.shape[1], plan.components
    return groups * (len(plan.of_component) + 1 + len(plan.w)) + len(c.parts[0]) * 4 * 6 + \
        sum(len(at) * 4 * (2, 12, 60)[q] for q, (at, _, _) in enumerate(c.pure)) + \
        sum(len(at) * 4 ** bin(s).count("1") * 6 * 8 for s, at in enumerate(c.general))


# --- a shoe -------------------------------------------------------------------

def weighed(plan: Plan, shoe: Shoe, renamed: tuple = (1, 2, 3, 4)) -> list:
    """Each line's six-card count on ``shoe`` from a plan (:func:`_plan`); with ``renamed``, on the shoe
    whose cards of suit s are those of ``shoe`` of suit renamed[s - 1] (:mod:`~exact_odds.cards.routes.suit_symmetry`)."""
    np = _numpy()
    n = shoe.size
    dtype = exact_dtype(np, n, plan.bound)
    suits = np.array([[sum(shoe.suited[c] for c in cards if c % 4 == s - 1) for s in renamed]
                      for cards in plan.members], dtype=np.int64)
    of_set = np.array([[sum(suits[p, s - 1] for s in r) for r in RESTRICTED] for p in range(len(suits))],
                      dtype=np.int64).reshape(len(suits), len(RESTRICTED))
    ways = _counted_ways(np, plan, suits.sum(axis=1), n, dtype)[plan.of_counted]
    c = plan.components
    values = np.ones(len(c.table[0]) + 1, dtype=dtype)  # each component's ways (the last: none, 1)
    for s, at in enumerate(c.general):
        values[at] = _component_ways(np, c.table[:, at], s, suits, of_set, dtype)
    for (at, _, _), ways_of in zip(c.pure, _pure_ways(np, c, suits, dtype)):
        values[at] = ways_of
    for column in plan.of_component:
        ways = ways * values[column]
    counts = [int(np.dot(row.astype(dtype, copy=False), ways)) for row in plan.w]
    return counts + [falling(n, 6) - sum(counts)]


def _counted_ways(np, plan: Plan, size, n: int, dtype):
    """Each multiset of counted cards' ways, times its unused cards' ways: each card takes any card of its
    pool left by the pool's other cards (f_P, and the counted ones before it)."""
    table = plan.counted
    held = table != 99
    pool, f = table // 7, table % 7
    out = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)[plan.used]
    for i in range(6):
        left = np.maximum(size[np.where(held[i], pool[i], 0)] - f[i] - _earlier(np, pool, held, i), 0)
        out = out * np.where(held[i], left, 1).astype(dtype)
    return out


def _earlier(np, pool, held, i: int):
    """For each column of ``pool`` (6 x columns, sorted), how many of its held cards before the i-th are of
    the i-th's pool: the cards that pool has given already, as a falling factorial is taken card by card."""
    return sum(((pool[j] == pool[i]) & held[j]).astype(np.int64) for j in range(i)) if i else 0


def _partitions(items: tuple) -> list:
    """Every partition of ``items`` into blocks (each a tuple, in order)."""
    if not items:
        return [()]
    head, out = items[0], []
    for rest in _partitions(items[1:]):
        out.append(((head,),) + rest)
        for i, block in enumerate(rest):
            out.append(rest[:i] + ((head,) + block,) + rest[i + 1:])
    return out


def _pure_ways(np, c: Components, suits, dtype) -> list:
    """The ways of the components whose cards are all parted (one array a number of parts q, in the order of
    :attr:`Components.pure`). With the parts' suits σ, the cards of the parts that share a suit are one
    *block* (the partition π of the parts that σ makes), and blocks of distinct suits never meet: so the
    sum over σ is the sum over π of the sum over distinct suits of π's blocks of prod over them of M_B(s),
    M_B(s) the ways to deal B's cards all of suit s (a product over their pools of falling(n_{P,s}, its
    cards of P)) where B's parts all allow s. The sum over distinct suits is, by Moebius inversion over
    the partitions ρ of the blocks, the sum over ρ of prod over its groups C of (-1)**(|C| - 1) (|C| - 1)!
    sum over s of prod over C's blocks of M_B(s)."""
    table = c.parts
    held = table >= 0
    pool = np.maximum(table, 0)
    ways = np.ones((4, len(table[0])), dtype=dtype)  # each set's M(s), a row a suit
    for i in range(6):
        left = np.maximum(suits[pool[i]].T - _earlier(np, table, held, i), 0)
        ways = ways * np.where(held[i], left, 1).astype(dtype)
    allow = np.array([[m >> s & 1 for m in range(16)] for s in range(4)], dtype=np.int64)
    out = []
    for q, (at, union, masks) in zip((1, 2, 3), c.pure):
        x = {u: ways[:, union[u - 1]] if (masks[u - 1] == 15).all() else ways[:, union[u - 1]] * allow[:, masks[u - 1]]
             for u in range(1, 1 << q)}
        summed: dict = {}  # sum over s of the product of some blocks' M_B(s), by their sets

        def together(bits):
            if bits not in summed:
                same = x[bits[0]]
                for b in bits[1:]:
                    same = same * x[b]
                summed[bits] = same[0] + same[1] + same[2] + same[3]
            return summed[bits]

        total = np.zeros(len(at), dtype=dtype)
        for blocks in _partitions(tuple(range(q))):
            bits = [sum(1 << j for j in b) for b in blocks]
            for groups in _partitions(tuple(range(len(bits)))):
                term = (-1) ** (len(bits) - len(groups)) * prod(factorial(len(g) - 1) for g in groups)
                for group in groups:
                    term = term * together(tuple(sorted(bits[b] for b in group)))
                total = total + term
        out.append(total)
    return out


def _component_ways(np, table, parts: int, suits, of_set, dtype):
    """The ways of each component (6 x components: sorted codes) whose parts are the set ``parts`` (a bit a
    part): summed over the suits of its parts, the product over its cards of the cards left for each."""
    k = table.shape[1]
    total = np.zeros(k, dtype=dtype)
    if not k:
        return total
    held = table != EMPTY
    pool = np.where(held, table // PARTED_CODES, 0)
    code = np.where(held, table % PARTED_CODES, 0)
    restricted = np.where(code >= RESTRICTED_AT, code - RESTRICTED_AT, -1)
    part = np.where((code >= PART) & (code < RESTRICTED_AT), (code - PART) // 15, -1)
    mask = np.where(part >= 0, (code - PART) % 15 + 1, 0)
    inside = np.array([[a <= b for b in RESTRICTED] for a in RESTRICTED] + [[False] * len(RESTRICTED)])
    among = np.array([[s in r for s in range(5)] for r in RESTRICTED] + [[False] * 5])
    same = [[(pool[i] == pool[j]) & held[i] & held[j] for j in range(6)] for i in range(6)]
    members = [j for j in range(3) if parts >> j & 1]
    for sigma in np.ndindex(*([4] * len(members))):
        given = np.zeros(3, dtype=np.int64)
        given[members] = np.array(sigma, dtype=np.int64) + 1
        suit = np.where((code >= 1) & (code <= 4), code, np.where(part >= 0, given[np.maximum(part, 0)], 0))
        ok = np.ones(k, dtype=bool)
        for j in range(6):
            ok &= (part[j] < 0) | (mask[j] >> np.maximum(suit[j] - 1, 0) & 1 == 1)
        product = ok.astype(dtype)
        for j in range(6):
            named = suit[j] > 0
            left = np.where(named, suits[pool[j], np.maximum(suit[j] - 1, 0)],
                            of_set[pool[j], np.maximum(restricted[j], 0)])
            for i in range(6):
                if i < j:
                    left = left - (same[i][j] & named & (suit[i] == suit[j])).astype(np.int64)
                    left = left - (same[i][j] & (restricted[j] >= 0) & (restricted[i] >= 0)
                                   & inside[restricted[i], np.maximum(restricted[j], 0)]).astype(np.int64)
                if i != j:
                    left = left - (same[i][j] & (restricted[j] >= 0) & (suit[i] > 0)
                                   & among[np.maximum(restricted[j], 0), suit[i]]).astype(np.int64)
            product = product * np.where(held[j], np.maximum(left, 0), 1).astype(dtype)
        total = total + product
    return total
