"""Whole-coup bets that read suits only by counting them over every card, on a suited shoe in play, by
suit-count generating functions (docs/methods/suits.md, "Card classes").

``of_a_suit(all_cards) >= 3``, ``same_suit(all_cards)``, ``count(all_cards, suit == hearts) >= 4``,
``all(all_cards, red)``: each reads the coup's suits only through T = (t_1, ..., t_4), how many of its
4-6 cards hold each suit, so its line is a function of what it reads of the values and ranks and of T
alone (renaming the cards' suits among themselves never moves it). The pools of
:mod:`exact_odds.cards.routes.card_pools` would expand every card's suit (4**6 rows a sequence) and the
patterns of :mod:`exact_odds.cards.routes.card_patterns` name most of them; here a row (a sequence of
values and each card's *rank pool*: its rank class and value, every suit) is settled once per T, with
the suits laid out in deal order (T's first t_1 cards of suit 1, ...), and rows alike in what the bet
reads once. The rows are summed, once per bet, into w[g][T][line]: how many rows of group g (the
multiset of rank pools the coup draws, with its cards used) settle ``line`` at T.

Single cards' suits the bet also reads (``player_card1_suit == hearts``, ``player_card1_suit ==
banker_card3_suit``, ``of_a_suit(player_hand)``, ``all(player_hand, red)``) are read as *events*
(:mod:`~exact_odds.cards.routes.suit_events`): a row is taken once per *variant* (some cards named of a
suit, so that a set of events holds; T counting the other cards; a group then holds the named cards'
pools and suits too), and each variant counts, at T, signed terms on the lines f(H, T + its named
cards' counts) that the row with every card counted settles with exactly the events H holding: by
inclusion-exclusion, every deal once on its own line. A pair is five variants a row where naming its
cards would take sixteen.

The variants multiply the groups (two pairs: 25 a row). Where renamings of the suits move no line, the
route takes :mod:`~exact_odds.cards.routes.suit_symmetry`, the same plan over one variant an orbit of
them, each weighed on the shoe renamed: the plan is built in steps it shares (:func:`prepared_rows`,
:func:`settled`, :func:`planned`, over any lists of variants); :func:`count_counts` builds it over every
variant (the reference, and the plan where no orbit holds two).

A shoe weighs a group by the polynomial, in four variables x_1..x_4 (one per suit), of its ordered ways
to be dealt by suit counts: a pool P drawn m times gives

    q_{P,m}(x) = sum over |a| = m of multinomial(m; a) * prod_s falling(n_{P,s}, a_s) * x**a

(which of its m positions take each suit, then distinct cards of each suit; with f_s named cards of suit
s in P, falling(n_{P,s}, f_s + a_s): the named cards first), the pools are disjoint, so a group's
polynomial is the product of its pools' (degree k <= 6: at most 84 coefficients), and each line's count
is sum_g falling(N - k, 6 - k) * sum_T w[g][T][line] * coefficient_T (the unused cards: docs/rules.md §3);
the last line's is the six-card total less the others'. The products are a tree: a node is the product
of the first factors of the groups that begin alike (the pools drawn most often first, named cards'
pools last; those of named cards only, numbers, folded out: :func:`suit_products.folded`), each node
its parent times one pool's polynomial, every node of a step at once (numpy, grouped by the degrees
multiplied: :mod:`~exact_odds.cards.routes.suit_products`).

Integers: every coefficient of a partial product counts distinct ordered deals of some cards, at most
N**6; a line's count, and each of its partial sums, adds terms each of which counts distinct deals of six
cards, each deal in at most (3**e + 1) / 2 terms positively and (3**e - 1) / 2 negatively (e live
events): within F N**6, F = :func:`suit_events.bound` (2 for one event). int64 while F N**6 < 2**63 (F = 2:
N <= 1,290 cards), else Python integers (:func:`suit_products.exact_dtype`).

Rows alike but for the order of the cards of a hand that the bet's aggregates read in no order are one
row, weighed by how many they stand for (:func:`_merged`: about 8 rows in 9 for a bet over the hands). A
bet that reads suits only through events, with no count over every card (``suited_run(player_hand) or
suited_run(banker_hand)``), takes :mod:`~exact_odds.cards.routes.suit_alone`, over the same rows: its lines
do not move with T.

A bet that reads suits any other way (a predicate over every card that reads rank and suit, past
:data:`suit_events.MOST_EVENTS` events) is declined (None), and so is one past
:data:`suit_events.MOST_VARIANTS` variants a row, whose groups (times its lines) would pass
:data:`MOST_GROUPS`, whose rows would pass :data:`MOST_ROWS` (or :data:`card_pools.LIMIT`;
:data:`MOST_VARIANT_ROWS` with their variants), whose w would pass
:data:`MOST_ENTRIES` while it is built, whose settling would pass :data:`MOST_SETTLED`, or whose shoe's
weighing would pass :data:`MOST_WORK`.

This module is long because the plan's rows, their merging and the lines settled on them share the
slots and deal classes built here; the quicker steps and folding of the plan are apart
(:mod:`~exact_odds.cards.routes.count_plan`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from exact_odds.conditions import language, partial
from exact_odds.cards.routes import card_pools, suit_events as events_of
from exact_odds.cards.routes.card_pools import Pools
from exact_odds.cards.routes.card_suits import ALL_SLOTS, TESTS, settle_lines
from exact_odds.cards.routes.suit_events import bound, lattice, suit_events
from exact_odds.cards.routes.count_plan import folded, steps_of, summed_at
from exact_odds.cards.routes.suit_products import CODES, compositions, weighed, work
from exact_odds.rules.shoe import Shoe

#: Most rows (a sequence, a rank pool per card, a variant: suit_events) a plan may expand: each holds about
#: 200 bytes while the plan is built (a bet reading every card's rank, 13 pools, would pass it).
MOST_ROWS = 3_000_000
#: Most rows times their variants (suit_events) a plan may group, a variant at a time (about 1 µs each).
MOST_VARIANT_ROWS = 16_000_000
#: Most entries of a plan's table w while it is built (nodes x suit counts x lines but the last; 8 bytes each).
MOST_ENTRIES = 1 << 25
#: Most work a shoe's weighing may take (:func:`suit_products.work`: w's nonzero entries, the nodes'
#: coefficients built, the leaves' terms; measured at 1.9-2.5 ns a unit: 20 million, 40-50 ms a shoe).
MOST_WORK = 20_000_000
#: Most groups times lines but the last a plan may build (a group holds about 900 bytes while the products
#: are laid out, and its columns of w grow with the lines: 2 GB, about 10 s to lay out, for one line).
MOST_GROUPS = 2_500_000
#: Most rows, each once per suit count T and set of events that hold, a plan settles (about 1 µs each: a
#: first price of seconds).
MOST_SETTLED = 1 << 22
#: Most (row, T) settled at once (about 100 bytes each while they are).
CHUNK = 1 << 18


def _numpy():
    import numpy

    return numpy


def count_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                 deal_names) -> list | None:
    """:func:`~exact_odds.cards.routes.card_pools.pool_counts` for a bet that counts suits over every card
    (:func:`~exact_odds.cards.routes.suit_events.suit_events`), by suit-count generating functions; None for
    any other bet, or past the limits. (``slots`` is taken for the same signature: every card is read
    here.)"""
    events = fitting_events(trees) if shoe.suited is not None else None
    if events is None:
        return None
    plan = _count_plan(trees, of_card, value_names, events, tableau, deal_names, min(card_pools.LIMIT, MOST_ROWS),
                       MOST_ENTRIES, MOST_WORK)
    return None if plan is None else weighed(plan, shoe)


def estimate(reading, shoe=None, tableau=None):
    """The plan's size before it is built (:class:`~exact_odds.cards.route.Estimate`), for the route's
    ``estimate(reading, shoe, tableau)``: ``rows``, the rows the plan expands (a sequence of values and a rank pool a
    card it deals, the count :func:`merged_rows` holds to its limit): a bound of the rows it merges and
    settles, and, times the variants of a row (:func:`planned_rows`), of the groups it builds. Worked out
    once per reading (about 0.1 s: the value sequences). ``tableau``: punto banco unless given. Memory and time are left unknown (None): they follow the groups, known only
    once they are built."""
    from exact_odds.cards.route import Estimate

    events = reading.once("counted events", lambda r: fitting_events(r.trees))
    if events is None:
        return Estimate()
    rows, _ = planned_rows(reading, events, lattice, tableau)
    return Estimate(rows=rows)


def planned_rows(reading, events, lattice_of, tableau=None) -> tuple:
    """(the rows a plan for ``reading`` expands, the rows times their variants under ``lattice_of``:
    :func:`suit_events.lattice` or :func:`suit_events.parted`), before it is built, once per reading and
    tableau. Every group a plan builds is some row's variant, so the second bounds the groups."""
    from exact_odds.rules.tableau import PUNTO_BANCO

    tableau = PUNTO_BANCO if tableau is None else tableau

    def count(r):
        from exact_odds.cards.routes.hand_suits import value_sequences

        np = _numpy()
        ranks = Pools(np, lambda card: r.of_card[card - card % 4])
        x, pdraw, bdraw, *_ = value_sequences(tableau)
        slot_at = _slots_at(np, pdraw, bdraw)
        size = np.ones(len(pdraw), dtype=np.int64)
        for i in range(6):
            size *= np.where(slot_at[i] >= 0, ranks.n_options[np.asarray(x[i])], 1)
        n_variants = np.array([len(lattice_of(events, p)[2]) for p in range(4)], dtype=np.int64)
        pattern = pdraw.astype(np.int64) * 2 + bdraw
        return int(size.sum()), int((size * n_variants[pattern]).sum())

    return reading.once(("planned rows", events, lattice_of, tableau), count)


def fitting_events(trees: tuple) -> tuple | None:
    """The events of :func:`suit_events.suit_events` where a row takes at most
    :data:`suit_events.MOST_VARIANTS` variants, else None."""
    events = suit_events(trees)
    if events is None or max(len(lattice(events, p)[2]) for p in range(4)) > events_of.MOST_VARIANTS:
        return None
    return events


# --- the plan -----------------------------------------------------------------

@lru_cache(maxsize=8)
def _count_plan(trees: tuple, of_card: tuple, value_names: tuple, events: tuple, tableau, deal_names, limit: int,
                entries: int, most_work: int):
    """Shoe-independent: the rank pools' cards; the factor types (a rank pool, its cards whose suits are
    counted, and those named, by suit); each group's product as steps; per degree, for each node, the cards
    used by the group that ends there (a group ends at one node) and w (lines but the last x T x nodes);
    and the bound of its partial sums (:func:`suit_events.bound`). None past ``limit`` rows, ``entries`` in
    w, :data:`MOST_SETTLED` settled, :data:`MOST_VARIANT_ROWS` rows (merged: :func:`_merged`) and variants,
    :data:`MOST_GROUPS` groups, or ``most_work`` a shoe (:func:`suit_products.work`). (``events``: within
    :data:`suit_events.MOST_VARIANTS` variants a row, :func:`fitting_events`.)

    A row (a sequence, a rank pool a card) is taken once per variant of its sequence's events
    (:func:`suit_events.lattice`: some cards named of a suit, the others counted), and its lines f(H, T)
    settled once, with every card counted, at each T and set H of events that hold; a variant's group
    counts, at T' (its counted cards' suit counts), each term (H, multiplier) on the line f(H, T' + its
    named cards' counts). Rows alike in what the bet reads besides the suits are settled once."""
    np = _numpy()
    lattices = [lattice(events, p) for p in range(4)]
    flat = [(p, v) for p, (_, _, variants) in enumerate(lattices) for v in variants]
    prepared = prepared_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit, lattices, flat)
    if prepared is None:
        return None
    plans = planned(np, trees, events, prepared, settled(np, trees, lattices, prepared), [flat], entries)
    return None if plans is None or work(plans[0]) > most_work else plans[0]


class Prepared(NamedTuple):
    """The rows of a plan and their classes, before any variant is grouped (:func:`prepared_rows`): the rank
    pools, the rows merged (:func:`merged_rows`) with how many each stands for (``times``), each position's
    slot and each sequence's draws and deal class; each pool's representative rank (:func:`alike_classes`),
    each class's first row and pattern, each row's class and each class's index among its pattern's."""

    ranks: object
    rows: object
    pool: object
    times: object
    slot_at: object
    pattern: object
    deals: tuple
    rep_rank: object
    first: object
    alike: object
    class_pattern: object
    within: object


def prepared_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit: int, lattices: list,
                  flat: list) -> Prepared | None:
    """The rows of a plan of the variants ``flat`` ((pattern, variant of ``lattices[pattern]``) each) and their
    classes (:class:`Prepared`); None past ``limit`` rows, :data:`MOST_VARIANT_ROWS` rows times those
    variants, or :data:`MOST_SETTLED` classes settled."""
    got = merged_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit)
    if got is None:
        return None
    ranks, rows, pool, times, slot_at, pattern, deals = got
    if not within_variant_rows(np, pattern[rows], flat):
        return None
    rep_rank, first, alike = alike_classes(np, trees, events, value_names, ranks, rows, pool, slot_at, pattern, deals)
    class_pattern = pattern[rows[first]]
    n_layouts = np.array([sum(len(by_t) for by_t in layouts.values()) for _, layouts, _ in lattices])
    if int(n_layouts[class_pattern].sum()) > MOST_SETTLED:
        return None
    within = np.zeros(len(first), dtype=np.int64)  # each class's index among its pattern's
    for p in range(4):
        at = np.flatnonzero(class_pattern == p)
        within[at] = np.arange(len(at))
    return Prepared(ranks, rows, pool, times, slot_at, pattern, deals, rep_rank, first, alike, class_pattern, within)


def within_variant_rows(np, row_pattern, flat: list, most: int = MOST_VARIANT_ROWS) -> bool:
    """Whether the rows (each its pattern, ``row_pattern``) times the variants of ``flat`` ((pattern,
    variant) each) of their patterns stay within ``most``."""
    n_variants = np.bincount(np.array([p for p, _ in flat], dtype=np.intp), minlength=4)
    return int(n_variants[row_pattern].sum()) <= most


def settled(np, trees, lattices: list, prepared: Prepared) -> dict:
    """Each class's lines f(H, T) (:func:`_lines`), for every pattern and set H of its events."""
    return _lines(np, trees, lattices, prepared.rows[prepared.first], prepared.pool[:, prepared.first],
                  prepared.class_pattern, prepared.slot_at, prepared.deals, prepared.rep_rank, len(trees) + 1)


def planned(np, trees, events, prepared: Prepared, lines: dict, subsets: list, entries: int) -> list | None:
    """A plan (:class:`suit_products.Folded`) for each list of variants of ``subsets`` ((pattern, variant)
    each), from the rows and classes ``prepared`` and their ``lines`` (:func:`settled`); None where their
    groups together pass :data:`MOST_GROUPS` (times the lines but the last) or their w ``entries``."""
    grouped = [_grouped(np, prepared, flat) for flat in subsets]
    if sum(len(g[0]) for g in grouped) * len(trees) > MOST_GROUPS:
        return None
    built, left = [], entries
    for flat, (groups, t_group, t_class, t_variant, count) in zip(subsets, grouped):
        codes = []
        for _ in range(6):
            codes.append(groups % 1000)
            groups = groups // 1000
        types, steps, cards_used, counted = steps_of(np, np.stack(codes[::-1]))
        left -= sum(len(compositions(d)) * k for d, k in enumerate(steps[2])) * len(trees)
        if left < 0:
            return None
        by_degree = _weights(np, prepared, lines, flat, steps, cards_used, counted, t_group, t_class, t_variant,
                             count, len(trees) + 1)
        built.append(folded((tuple(tuple(m) for m in prepared.ranks.members), types, steps, by_degree,
                             bound(events))))
    return built


def _grouped(np, prepared: Prepared, flat: list) -> tuple:
    """Every variant of ``flat`` of every row (its named suits, by position), as the groups (each row's
    multiset of (rank pool, named suit or 0), a key of six codes in base 1000) with each class's rows in them,
    a variant at a time: the groups (sorted keys), and for each (group, class, variant), its group's index,
    its class, its variant's index in ``flat`` and the rows it stands for."""
    rows, pool, times, pattern, first, alike = (prepared.rows, prepared.pool, prepared.times, prepared.pattern,
                                                prepared.first, prepared.alike)
    keys, t_class, t_variant, count = [], [], [], []
    by_pattern = {}  # each pattern's rows, and their pools a row of six in memory (sorted along it, quicker)
    for v, (p, (at, _, _)) in enumerate(flat):
        if p not in by_pattern:
            here = np.flatnonzero(pattern[rows] == p)
            by_row = np.ascontiguousarray(pool[:, here].T)
            by_pattern[p] = here, by_row < 0, by_row * CODES
        here, empty, by_row = by_pattern[p]
        ordered = np.sort(np.where(empty, 999, by_row + np.array(at)[None, :]), axis=1)
        key = np.zeros(len(here), dtype=np.int64)
        for i in range(6):
            key = key * 1000 + ordered[:, i]
        key, dense = np.unique(key, return_inverse=True)
        pair, inverse = np.unique(dense.reshape(-1) * len(first) + alike[here], return_inverse=True)
        c = summed_at(np, inverse.reshape(-1), times[here], len(pair))  # the sequences each (group, class) stands for
        keys.append(key[pair // len(first)])
        t_class.append(pair % len(first))
        t_variant.append(np.full(len(pair), v))
        count.append(c)
    groups, t_group = np.unique(np.concatenate(keys), return_inverse=True)
    return groups, t_group.reshape(-1), np.concatenate(t_class), np.concatenate(t_variant), np.concatenate(count)


def _weights(np, prepared: Prepared, lines: dict, flat: list, steps, cards_used, counted, t_group, t_class,
             t_variant, count, n_lines: int) -> tuple:
    """Per degree (counted cards), a column a node: how many variant rows of the group that ends there settle
    each line but the last (the six-card total less the others) at each T of its counted cards, signed
    (w: lines x T x nodes), and the cards used by that group (0: none): (d, used_by, w) each."""
    within = prepared.within
    by_degree = []
    for d, k in enumerate(steps[2]):
        at = np.flatnonzero(counted == d)
        if not len(at):
            continue
        used_by = np.zeros(k, dtype=np.intp)
        used_by[steps[1][at]] = cards_used[at]
        width = len(compositions(d))
        # a node's columns of w (lines but the last x T) summed from its (group, class) pairs of each variant:
        # per variant, each pair's lines at each T (a comparison a line and term, not an index an entry),
        # times its rows, the pairs of one node added first (np.add.reduceat), then added to w's nodes (distinct
        # within a variant, so one fancy addition)
        w = np.zeros((k, n_lines - 1, width), dtype=np.int64)
        here = np.flatnonzero(counted[t_group] == d)
        node_of = steps[1][t_group[here]]
        here = here[np.lexsort((node_of, t_variant[here]))]  # each variant's pairs in a row, by node
        edges = np.flatnonzero(np.diff(t_variant[here])) + 1
        for these in np.split(here, edges) if len(here) else ():
            p, (_, named_counts, terms) = flat[int(t_variant[these[0]])]
            node = steps[1][t_group[these]]
            of_class, full = within[t_class[these]][:, None], _shift(d, named_counts)[None, :]
            block = np.zeros((len(these), n_lines - 1, width), dtype=np.int64)
            for h, times in terms:
                line = lines[p, h][of_class, full]
                for j in range(n_lines - 1):
                    block[:, j] += times * (line == j)
            block *= count[these][:, None, None]
            starts = np.flatnonzero(np.diff(node, prepend=-1))
            w[node[starts]] += np.add.reduceat(block, starts, axis=0)
        w = np.ascontiguousarray(w.transpose(1, 2, 0))
        by_degree.append((d, used_by, w))
    return tuple(by_degree)


def merged_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit: int):
    """The rows of a plan (:func:`_count_plan`; :mod:`~exact_odds.cards.routes.suit_alone`'s): the rank pools
    (:class:`card_pools.Pools`: a rank class and a value, every suit); every row (a sequence and a rank pool
    a card it uses), those alike but for the order of interchangeable cards merged (:func:`_merged`), with
    how many rows each stands for; each position's slot (:func:`_slots_at`) and who drew (a pattern:
    :func:`suit_events.present`) per sequence; and each sequence's deal class with each class's values
    (:func:`_deal_classes`). None past ``limit`` rows before they are merged."""
    from exact_odds.cards.routes.hand_suits import value_sequences

    ranks = Pools(np, lambda card: of_card[card - card % 4])
    x, pdraw, bdraw, used, deal, deals = value_sequences(tableau)
    values = np.stack(x)
    slot_at = _slots_at(np, pdraw, bdraw)  # each position's slot index in ALL_SLOTS, -1 past the coup's cards
    pattern = pdraw.astype(np.int64) * 2 + bdraw
    size = np.ones(len(pattern), dtype=np.int64)  # rows a sequence
    for i in range(6):
        size *= np.where(slot_at[i] >= 0, ranks.n_options[values[i]], 1)
    if int(size.sum()) > limit:
        return None
    deals = _deal_classes(np, value_names, deals, deal_names)
    deals = (deals[0][deal], deals[1])  # each sequence's class, each class's values
    kept, weight = _merged_sequences(np, trees, events, values, slot_at, deals[0], pattern)
    rows, pool = _rows(np, ranks, values[:, kept], slot_at[:, kept])
    rows = kept[rows]
    rows, pool, times = _merged(np, trees, events, rows, pool, slot_at, deals[0], pattern, weight[rows])
    return ranks, rows, pool, times, slot_at, pattern, deals


def _merged_sequences(np, trees, events, values, slot_at, deal_class, pattern):
    """The sequences alike but for the order of their values within blocks of interchangeable slots made
    one (where :func:`_merged` merges rows), each with how many it stands for: (the sequences kept, and
    each sequence's count, by index). Two such sequences hold the same deal class and draws, and their rows
    are each other's with the block's cards reordered, so they merge into the same rows, as often: the rows
    of one of them, each counted as many times, merge as the rows of all. Else every sequence, once."""
    n = values.shape[1]
    blocks = partial.interchangeable(trees)
    if not _symmetric(events, blocks):
        return np.arange(n), np.ones(n, dtype=np.int64)
    block_at = np.array([blocks[s] for s in ALL_SLOTS] + [len(ALL_SLOTS)], dtype=np.int64)  # slot -1: none
    of_sequence = block_at[slot_at]
    rank = np.argsort(np.argsort(of_sequence * 8 + np.arange(6)[:, None], axis=0), axis=0)
    by_block = np.sort(of_sequence * 10 + values, axis=0) % 10  # (values 0-9; 0 past the coup's cards)
    canonical = np.take_along_axis(by_block, rank, axis=0)
    key = deal_class * 4 + pattern
    for row in canonical:
        key = key * 10 + row
    _, inverse = np.unique(key, return_inverse=True)
    inverse = inverse.reshape(-1)
    first = np.empty(int(inverse.max()) + 1 if n else 0, dtype=np.intp)
    first[inverse] = np.arange(n)
    weight = np.zeros(n, dtype=np.int64)
    weight[first] = np.bincount(inverse)
    return first, weight


def alike_classes(np, trees, events, value_names, ranks, rows, pool, slot_at, pattern, deals):
    """The rows (:func:`merged_rows`) in classes alike in what the bet reads of them besides the suits and in
    who drew, each class settled once: each pool's representative rank (and 0: none), each class's first
    row, and each row's class."""
    rep_rank = np.array([r for r, _ in ranks.rep] + [0], dtype=np.int64)
    no_suit = np.zeros_like(pool)
    seen = _read_alike(np, trees, rows, pool, no_suit, slot_at, deals, rep_rank, frozenset(n for n, _ in value_names))
    if seen is None:
        seen = _block_alike(np, trees, rows, pool, no_suit, slot_at, deals[0], _dense_ids(ranks.keys),
                            frozenset(s for event in events for s in event[1]))
    seen = np.unique(seen, return_inverse=True)[1].reshape(-1) * 4 + pattern[rows]
    _, first, alike = np.unique(seen, return_index=True, return_inverse=True)
    return rep_rank, first, alike.reshape(-1)


def _merged(np, trees, events, rows, pool, slot_at, deal_class, pattern, weight=None):
    """The rows with those alike but for the order of the cards within blocks of interchangeable slots
    (:func:`partial.interchangeable`: ``player_hand`` under an aggregate) made one, each with how many rows
    it stands for: (rows, pool, times). A row's group, its lines and its events' variants are the same in
    every such order where the bet reads the block's cards in no order, its value names are held (the deal
    class), and its events are the same set when two slots of a block trade places (:func:`_symmetric`);
    else the rows as they are, each once. A bet read over the hands: about 8 rows in 9 merged. (``weight``:
    how many rows each row stands for already, 1 if None: :func:`_merged_sequences`.)"""
    blocks = partial.interchangeable(trees)
    if weight is None:
        weight = np.ones(len(rows), dtype=np.int64)
    if not _symmetric(events, blocks):
        return rows, pool, weight
    block_at = np.array([blocks[s] for s in ALL_SLOTS] + [len(ALL_SLOTS)], dtype=np.int64)  # slot -1: none
    # which positions each block holds depends on the sequence alone (its slots): each position's rank, in
    # its sequence, among the positions by (block, position)
    of_sequence = block_at[slot_at]
    rank = np.argsort(np.argsort(of_sequence * 8 + np.arange(6)[:, None], axis=0), axis=0)
    # each row's pools by (block, pool), the least first (pools below 999; -1, none, stays in its block)
    by_block = np.sort(of_sequence[:, rows] * 1000 + pool, axis=0)
    by_block -= (by_block + 1) // 1000 * 1000
    canonical = np.take_along_axis(by_block, rank[:, rows], axis=0)  # a block's k-th pool at its k-th position
    key = deal_class[rows] * 4 + pattern[rows]  # (classes below 2**30: below 2**63 with 6 pools of 14)
    for row in canonical:
        key = key * 14 + row + 1
    # (rows of one key hold the same sequence's class, draws and canonical pools: any of them stands for all)
    _, inverse = np.unique(key, return_inverse=True)
    inverse = inverse.reshape(-1)
    first = np.empty(int(inverse.max()) + 1 if len(inverse) else 0, dtype=np.intp)
    first[inverse] = np.arange(len(inverse))
    return rows[first], canonical[:, first], summed_at(np, inverse, weight, len(first))


def _symmetric(events: tuple, blocks: dict) -> bool:
    """Whether trading the cards of any two slots of one block leaves the set of ``events`` as it is."""
    same = {(kind, frozenset(members), *rest) for kind, members, *rest in events}
    for i, a in enumerate(ALL_SLOTS):
        for b in ALL_SLOTS[i + 1:]:
            if blocks[a] == blocks[b]:
                swap = {a: b, b: a}
                if {(kind, frozenset(swap.get(s, s) for s in members), *rest)
                        for kind, members, *rest in events} != same:
                    return False
    return True


def _rows(np, ranks, values, slot_at):
    """Every row: a sequence (its index), and a rank pool for each card it uses (per position; -1 past its
    cards)."""
    held = slot_at >= 0
    k = np.where(held, ranks.n_options[values], 1)  # each position's pools, per sequence
    size = k.prod(axis=0)
    rows = np.repeat(np.arange(values.shape[1]), size)
    # each row's pools in mixed radix, the first position's most significant (the order of a row a pool at a
    # time, position by position)
    within = np.arange(len(rows)) - np.repeat(np.cumsum(size) - size, size)
    pool = np.empty((6, len(rows)), dtype=np.int64)
    for i in range(5, -1, -1):
        ki = k[i][rows]
        digit = within % ki
        within //= ki
        pick = ranks.flat[np.minimum(ranks.first[values[i][rows]] + digit, len(ranks.flat) - 1)]
        pool[i] = np.where(held[i][rows], pick, -1)
    return rows, pool


@lru_cache(maxsize=64)
def _shift(d: int, named_counts: tuple):
    """Each suit-count vector T' of d counted cards' index, as T' + ``named_counts`` among the vectors of
    all the cards."""
    np = _numpy()
    index = {t: i for i, t in enumerate(compositions(d + sum(named_counts)))}
    return np.array([index[tuple(a + b for a, b in zip(t, named_counts))] for t in compositions(d)], dtype=np.intp)


def _lines(np, trees, lattices, rows, pool, pattern, slot_at, deals, rep_rank, n_lines: int) -> dict:
    """f(H, T) of each distinct row (``rows``: its sequence; ``pool``: per position; ``pattern``: who drew):
    for each (pattern, H), the line of each row of that pattern (in order) at each T where some suits make
    exactly H hold, laid out so (rows x 84; elsewhere the last line, never counted). Settled :data:`CHUNK`
    (row, T) at a time."""
    out = {}
    for p, (_, layouts, _) in enumerate(lattices):
        at = np.flatnonzero(pattern == p)
        if not len(at):
            continue
        for h, by_t in layouts.items():
            t = np.array(list(by_t), dtype=np.intp)
            suits = np.zeros((len(t), 6), dtype=np.int64)
            suits[:, :len(next(iter(by_t.values())))] = list(by_t.values())
            found = np.full((len(at), 84), n_lines - 1, dtype=np.int16)
            step = max(1, CHUNK // len(t))
            for start in range(0, len(at), step):
                c = at[start:start + step]
                each = np.repeat(c, len(t))
                cards = _row_cards(np, rows[each], pool[:, each], suits[np.tile(np.arange(len(t)), len(c))].T,
                                   slot_at, deals, rep_rank)
                found[start:start + len(c), t] = settle_lines(np, trees, cards, len(each)).reshape(len(c), len(t))
            out[p, h] = found
    return out


def _slots_at(np, pdraw, bdraw):
    """Each deal position's card slot (its index in ALL_SLOTS; -1: the coup has no card there), per
    sequence: P1 B1 P2 B2, then the Player's third card if drawn, then the Banker's."""
    index = {slot: i for i, slot in enumerate(ALL_SLOTS)}
    fixed = [np.full(len(pdraw), index[s], dtype=np.int64) for s in ((0, 0), (1, 0), (0, 1), (1, 1))]
    p3, b3 = index[(0, 2)], index[(1, 2)]
    fourth = np.where(pdraw, p3, np.where(bdraw, b3, -1))
    fifth = np.where(pdraw & bdraw, b3, -1)
    return np.stack(fixed + [fourth, fifth])


def _dense_ids(keys) -> list:
    ids: dict = {}
    return [ids.setdefault(k, len(ids)) for k in keys]


def _read_alike(np, trees, rows, pool, suit, slot_at, deals, rep_rank, value_names):
    """Rows numbered so that two with one number, the same cards drawn and the same named suits settle every
    line alike at every T: the bet's parts that read no suit, evaluated on each row
    (:func:`partial.lines_without_suits`); None where a part reading suits also reads ranks or value names."""
    cards = _row_cards(np, rows, pool, np.zeros_like(suit), slot_at, deals, rep_rank)
    return partial.lines_without_suits(np, trees, cards, len(rows), value_names)[1]


def _block_alike(np, trees, rows, pool, suit, slot_at, deal_class, rank_class, apart=frozenset()):
    """Rows numbered by their value names' class and each card's rank class and named suit, the cards of a
    block of interchangeable slots (:func:`partial.interchangeable`) in no order, but for the slots
    ``apart``, each a block of its own (an event's cards: their suits are laid out by slot)."""
    blocks = partial.interchangeable(trees)
    first = {}  # each block's first slot not apart, in ALL_SLOTS order: distinct blocks, below 6
    for i, s in enumerate(ALL_SLOTS):
        if s not in apart:
            first.setdefault(blocks[s], i)
    block_at = np.array([i if s in apart else first[blocks[s]] for i, s in enumerate(ALL_SLOTS)] + [len(ALL_SLOTS)],
                        dtype=np.int64)  # slot -1: none
    rank_class = np.array(rank_class + [-1], dtype=np.int64)  # pool -1: no card
    width = 7 * (int(rank_class.max()) + 2) * 5  # 7 blocks at most, the rank classes and none, 5 suit codes
    card = np.sort(np.stack([(block_at[slot_at[i][rows]] * (width // 35) + rank_class[p] + 1) * 5 + s
                             for i, (p, s) in enumerate(zip(pool, suit))]), axis=0)
    seen = deal_class[rows]
    for code in card:  # seen stays dense, so never past int64
        seen = np.unique(seen * width + code, return_inverse=True)[1].reshape(-1)
    return seen


def _row_cards(np, rows, pool, suit, slot_at, deals, rep_rank):
    """The rows as :class:`language.Cards`: per position its pool's representative rank and ``suit``."""
    deal_class, class_values = deals
    rank = {slot: np.zeros(len(rows), dtype=np.int64) for slot in ALL_SLOTS}
    suits = {slot: np.zeros(len(rows), dtype=np.int64) for slot in ALL_SLOTS}
    at = slot_at[:, rows]  # each row's slot at each position (compared over the rows, not every sequence)
    for i in range(6):
        for j, name in enumerate(ALL_SLOTS):
            hit = at[i] == j  # positions 0-3 hold one slot always, 4 and 5 one of two
            if hit.all():
                rank[name], suits[name] = rep_rank[pool[i]], suit[i]
            elif hit.any():
                rank[name] = np.where(hit, rep_rank[pool[i]], rank[name])
                suits[name] = np.where(hit, suit[i], suits[name])
    return language.Cards(rank, suits, {name: v[deal_class[rows]] for name, v in class_values.items()})


def _deal_classes(np, value_names, deals, deal_names):
    """Each deal's class under the bet's value names (a name tested only against constants is known by its
    tests), and a representative's values of each class."""
    ids: dict = {}
    reps = []
    of_deal = []
    for d in deals:
        names = deal_names(d)
        vals = tuple(names[n] for n, _ in value_names)
        key = tuple(v if tests is None else tuple(TESTS[op](v, c) for op, c in tests)
                    for v, (_, tests) in zip(vals, value_names))
        if key not in ids:
            ids[key] = len(ids)
            reps.append(vals)
        of_deal.append(ids[key])
    class_values = {n: np.array([r[j] for r in reps], dtype=np.int64) for j, (n, _) in enumerate(value_names)}
    return np.array(of_deal, dtype=np.int64), class_values
