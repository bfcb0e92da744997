"""Whole-coup bets that read suits only by counting them over every card, on a suited shoe in play, by
suit-count generating functions (docs/methods/suits.md, "Card classes").

``of_a_suit(all_cards) >= 3``, ``same_suit(all_cards)``, ``count(all_cards, suit == hearts) >= 4``,
``all(all_cards, red)``: each reads the coup's suits only through T = (t_1, ..., t_4), how many of its
4-6 cards hold each suit, so its line is a function of what it reads of the values and ranks and of T
alone (renaming the cards' suits among themselves never moves it). The pools of
:mod:`exact_odds.punto_banco.card_pools` would expand every card's suit (4**6 rows a sequence) and the
patterns of :mod:`exact_odds.punto_banco.card_patterns` name most of them; here a row (a sequence of
values and each card's *rank pool*: its rank class and value, every suit) is settled once per T, with
the suits laid out in deal order (T's first t_1 cards of suit 1, ...), and rows alike in what the bet
reads once. The rows are summed, once per bet, into w[g][T][line]: how many rows of group g (the
multiset of rank pools the coup draws, with its cards used) settle ``line`` at T.

A card whose suit the bet also reads by itself (*named*: ``player_card1_suit == hearts or
of_a_suit(all_cards) >= 4``; at most :data:`MOST_NAMED`) is expanded into its four suits, T counting
the other cards; a group then holds the named card's pool and suit too.

Two cards whose suits the bet reads only by comparing them with each other (*a pair*:
``player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)``) are not named apart (16
namings a row): a row counts every card, laid out with the pair first and last so that they differ
wherever T lets them, and four more rows name the pair both of suit s, counting +1 on their line and -1
on the row's own line at T' + 2 e_s (:func:`_count_plan`): five namings a row, w signed.

A shoe weighs a group by the polynomial, in four variables x_1..x_4 (one per suit), of its ordered ways
to be dealt by suit counts: a pool P drawn m times gives

    q_{P,m}(x) = sum over |a| = m of multinomial(m; a) * prod_s falling(n_{P,s}, a_s) * x**a

(which of its m positions take each suit, then distinct cards of each suit; with f_s named cards of suit
s in P, falling(n_{P,s}, f_s + a_s): the named cards first), the pools are disjoint, so a group's
polynomial is the product of its pools' (degree k <= 6: at most 84 coefficients), and each line's count
is sum_g falling(N - k, 6 - k) * sum_T w[g][T][line] * coefficient_T (the unused cards: docs/rules.md §3);
the last line's is the six-card total less the others'. The products are a tree: a node is the product
of the first factors of the groups that begin alike (the pools drawn most often first, named cards'
pools last), each node its parent times one pool's polynomial, every node of a step at once (numpy,
grouped by the degrees multiplied: :mod:`~exact_odds.punto_banco.suit_products`).

Integers: every coefficient of a partial product counts distinct ordered deals of some cards, at most
N**6, and so does every partial sum of w times the coefficients (the rows of a group are distinct
sequences of values, each T's deals distinct) and of a line's count; with a pair, the +1 terms count
distinct deals twice at most and the -1 terms once, so a partial sum lies in [-N**6, 2 N**6]: int64
while N**6 < 2**62 (N <= 1,290 cards), else Python integers.

A bet that reads suits any other way (a hand's suits, a predicate that reads rank and suit, more than
:data:`MOST_NAMED` named cards, a pair beside a named card or a second pair) is declined (None), and so is one whose rows would pass
:data:`MOST_ROWS` (or :data:`card_pools.LIMIT`), whose w would pass :data:`MOST_ENTRIES` or whose
settling would pass :data:`MOST_SETTLED`.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from exact_odds.bets import language, partial
from exact_odds.punto_banco import card_pools
from exact_odds.punto_banco.card_pools import Pools
from exact_odds.punto_banco.card_suits import ALL_SLOTS, TESTS, settle_lines
from exact_odds.punto_banco.suit_products import compositions, folded, steps_of, weighed
from exact_odds.rules.shoe import Shoe

_SUIT_NAMES = frozenset({"suit", "red", "black"})
#: The aggregates that read a set's suits (with a predicate on the suit alone) only by how many of its cards
#: hold each (``suited_run(S)`` is ``run(S) and same_suit(S)``; ``of_a_kind(S, red)`` reads them with the ranks).
_COUNTING = frozenset({"count", "any", "all", "of_a_suit", "same_suit", "same_colour", "suited_run"})
_EVERY_CARD = frozenset(ALL_SLOTS)
#: Most cards whose suits are read one by one (each multiplies the rows by four).
MOST_NAMED = 1
#: Most rows (a sequence, a rank pool per card, a suit per named card) a plan may expand: each holds about
#: 200 bytes while the plan is built (a bet reading every card's rank, 13 pools, would pass it).
MOST_ROWS = 3_000_000
#: Most entries of a plan's table w (groups x suit counts x lines but the last; 8 bytes each).
MOST_ENTRIES = 1 << 24
#: Most rows, each once per suit count T, a plan settles (about 1 µs each: a first price of seconds).
MOST_SETTLED = 1 << 22
#: Most (row, T) settled at once (about 100 bytes each while they are).
CHUNK = 1 << 18


def _numpy():
    import numpy

    return numpy


def suit_reads(trees) -> tuple | None:
    """What the expanded conditions ``trees`` read of suits one card at a time, when they also count suits
    over every card of the coup: an aggregate over ``all_cards`` whose predicate, if any, reads the suit or
    colour alone (``of_a_suit(all_cards)``, ``count(all_cards, suit == hearts)``, ``same_suit(all_cards)``),
    which depends on the suits only by how many cards hold each. ``(named, paired)``:

    * ``paired``: card slots (in :data:`ALL_SLOTS` order) whose suits are read only by whether they are all
      alike: two compared with each other (``player_card1_suit == banker_card3_suit``, or ``!=``), or the
      cards of a set (``same_suit(player_hand)``), when no other card is named; else ``()``;
    * ``named``: the card slots whose suits are read any other way (``player_card1_suit == hearts``,
      ``of_a_suit(player_hand)``, a predicate reading rank and suit), or read as alike beside such reads
      or beside another set read as alike.

    None when no such count is read, or more than :data:`MOST_NAMED` cards are named."""
    named: set = set()
    compared: set = set()
    counted = [False]

    def suit_slot(node):
        if isinstance(node, ast.Name) and node.id in language.CARD_ATTRIBUTES:
            slot, attr = language.CARD_ATTRIBUTES[node.id]
            return slot if attr == "suit" else None
        return None

    def walk(node) -> None:
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq)):
            pair = {suit_slot(node.left), suit_slot(node.comparators[0])}
            if None not in pair and len(pair) == 2:
                compared.add(frozenset(pair))
                return
        if isinstance(node, ast.Call):
            name = node.func.id
            if name == "same_suit" and len(node.args) == 1 and set(language.slots_of(node.args[0])) != _EVERY_CARD:
                compared.add(frozenset(language.slots_of(node.args[0])))
                return
            pred = node.args[1] if len(node.args) > 1 else None
            # (a predicate reads only rank, value, suit, red, black and constants: bets/condition.py)
            names = {n.id for n in ast.walk(pred) if isinstance(n, ast.Name)} if pred is not None else set()
            if not (name in ("same_suit", "same_colour", "of_a_suit", "suited_run") or names & _SUIT_NAMES):
                return  # ranks or values only (the rank pools see them)
            members = set(language.slots_of(node.args[0]))
            if name not in _COUNTING or names & {"rank", "value"} or members != _EVERY_CARD:
                named.update(members)
            else:
                counted[0] = True
            return
        if isinstance(node, ast.Name) and node.id in language.CARD_ATTRIBUTES:
            slot, attr = language.CARD_ATTRIBUTES[node.id]
            if attr in _SUIT_NAMES:
                named.add(slot)
            return
        for child in ast.iter_child_nodes(node):
            walk(child)

    for tree in trees:
        walk(tree.body)
    if not counted[0]:
        return None
    if not named and len(compared) == 1:
        return frozenset(), tuple(s for s in ALL_SLOTS if s in next(iter(compared)))
    for pair in compared:
        named.update(pair)
    return (frozenset(named), ()) if len(named) <= MOST_NAMED else None


def count_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                 deal_names) -> list | None:
    """:func:`~exact_odds.punto_banco.card_pools.pool_counts` for a bet that counts suits over every card
    (:func:`suit_reads`), by suit-count generating functions; None for any other bet, or past the limit.
    (``slots`` is taken for the same signature: every card is read here.)"""
    found = suit_reads(trees) if shoe.suited is not None else None
    if found is None:
        return None
    named, paired = found
    plan = _count_plan(trees, of_card, value_names, named, paired, tableau, deal_names,
                       min(card_pools.LIMIT, MOST_ROWS), MOST_ENTRIES)
    return None if plan is None else weighed(plan, shoe)


# --- the plan -----------------------------------------------------------------

@lru_cache(maxsize=8)
def _count_plan(trees: tuple, of_card: tuple, value_names: tuple, named: frozenset, paired: tuple, tableau,
                deal_names, limit: int, entries: int):
    """Shoe-independent: the rank pools' cards; the factor types (a rank pool, its cards whose suits are
    counted, and those named, by suit); each group's product as steps; and per degree, for each node, the
    cards used by the group that ends there (a group ends at one node) and w (lines but the last x T x
    nodes). None past ``limit`` rows or ``entries`` in w.

    ``paired`` (slots whose suits are read only by whether they are all alike, :func:`suit_reads`): a row
    where two or more of them hold a card is also taken four times more, those j cards all named of one
    suit s. The row itself, every card counted, is settled at each T with the first and last of them laid
    out first and last, so of two suits wherever T has two: what it settles when they are not all alike
    (``ne``). Over every deal of T it counts ``ne``; the rows of suit s put it right where they are alike:
    their line at T' (the other cards' suit counts) counts +1, and the row's ``ne`` at T' + j e_s counts
    -1. So w is signed, and five namings a row replace 4**j (docs/methods/suits.md)."""
    from exact_odds.punto_banco.hand_suits import value_sequences

    np = _numpy()
    ranks = Pools(np, lambda card: of_card[card - card % 4])  # a rank class and a value, every suit
    x, pdraw, bdraw, used, deal, deals = value_sequences(tableau)
    values = np.stack(x)
    slot_at = _slots_at(np, pdraw, bdraw)  # each position's slot index in ALL_SLOTS, -1 past the coup's cards
    is_named = np.array([s in named for s in ALL_SLOTS] + [False])
    at_pair = np.isin(slot_at, [ALL_SLOTS.index(s) for s in paired])  # per position and sequence
    variants = np.where(at_pair.sum(axis=0) >= 2, 5, 1)  # two or more held: the row and 4 suits
    size = variants.astype(np.int64)
    for i in range(6):
        size *= np.where(slot_at[i] >= 0, ranks.n_options[values[i]] * np.where(is_named[slot_at[i]], 4, 1), 1)
    if int(size.sum()) > limit:
        return None
    # every row: a sequence, a rank pool for each card it uses (-1 past its cards), a suit for each named one
    rows = np.arange(len(used))
    pool, suit = [], []
    for i in range(6):
        v = values[i][rows]
        held = slot_at[i][rows] >= 0
        options = np.where(held, ranks.n_options[v], 1)
        suits = np.where(is_named[slot_at[i][rows]], 4, 1)
        k = options * suits
        parent = np.repeat(np.arange(len(rows)), k)
        within = np.arange(len(parent)) - np.repeat(np.cumsum(k) - k, k)
        rows = rows[parent]
        pool, suit = [p[parent] for p in pool], [s[parent] for s in suit]
        pick = ranks.flat[np.minimum(ranks.first[v[parent]] + within // suits[parent], len(ranks.flat) - 1)]
        pool.append(np.where(held[parent], pick, -1))
        suit.append(np.where(suits[parent] == 4, within % 4 + 1, 0))
    pool, suit = np.stack(pool), np.stack(suit)
    if paired:
        k = variants[rows]
        parent = np.repeat(np.arange(len(rows)), k)
        variant = np.arange(len(parent)) - np.repeat(np.cumsum(k) - k, k)  # a row's own, then s = 1..4
        rows, pool = rows[parent], pool[:, parent]
        suit = np.where(at_pair[:, rows], variant[None, :], suit[:, parent])
    # the groups: each row's multiset of (rank pool, named suit or 0), and the cards it uses
    ordered = np.sort(np.where(pool < 0, 999, pool * 5 + suit), axis=0)
    key = np.zeros(len(rows), dtype=np.int64)
    for row in ordered:
        key = key * 1000 + row
    groups, group = np.unique(key, return_inverse=True)
    codes = []
    for _ in range(6):
        codes.append(groups % 1000)
        groups = groups // 1000
    types, steps, cards_used, counted = steps_of(np, np.stack(codes[::-1]))
    if sum(len(compositions(d)) * k for d, k in enumerate(steps[2])) * len(trees) > entries:
        return None
    # what the bet reads of a row besides the counted suits; rows alike in it are settled once per T
    deals = _deal_classes(np, value_names, deals, deal_names)
    deals = (deals[0][deal], deals[1])  # each sequence's class, each class's values
    rep_rank = np.array([r for r, _ in ranks.rep] + [0], dtype=np.int64)
    seen = _read_alike(np, trees, rows, pool, suit, slot_at, deals, rep_rank, frozenset(n for n, _ in value_names))
    if seen is None:
        seen = _block_alike(np, trees, rows, pool, suit, slot_at, deals[0], _dense_ids(ranks.keys))
    # and who drew (so which slots hold cards) and the named suits: seen made dense first, so below
    # rows * 4 * 5**6 < 2**38
    seen = np.unique(seen, return_inverse=True)[1].reshape(-1) * 4 + pdraw[rows] * 2 + bdraw[rows]
    for s in suit:
        seen = seen * 5 + s
    _, first, alike = np.unique(seen, return_index=True, return_inverse=True)
    alike = alike.reshape(-1)
    n_t = np.array([len(compositions(u)) for u in range(7)])[((pool[:, first] >= 0) & (suit[:, first] == 0)).sum(axis=0)]
    if int(n_t.sum()) > MOST_SETTLED:  # the rows settled, once per T
        return None
    n_lines = len(trees) + 1
    # each position's place in the layout of T: the first and last paired cards held first and last (so of
    # two suits wherever T has two)
    order = np.repeat(np.arange(6)[:, None], slot_at.shape[1], axis=1)
    if paired:
        seq = np.arange(slot_at.shape[1])
        order[np.argmax(at_pair, axis=0), seq] = -1
        order[5 - np.argmax(at_pair[::-1], axis=0), seq] = 9
    held = _settled(np, trees, rows[first], pool[:, first], suit[:, first], slot_at, deals, rep_rank, n_lines,
                    order)  # T past a row's cards: the last line
    if paired:  # a named row also uncounts its own row's line at T' + j e_s, where they are not all alike
        minus = _paired_minus(np, held, first, alike, variant, ((pool[:, first] >= 0) & (suit[:, first] == 0))
                              .sum(axis=0), (suit[:, first] > 0).sum(axis=0), n_lines)
    # by degree (counted cards), a column a node: how many rows of the group that ends there settle each line
    # but the last (the six-card total less the others) at each T of its counted cards (w: lines x T x
    # nodes), and the cards used by that group (0: none)
    pair, count = np.unique(group.reshape(-1).astype(np.int64) * len(first) + alike, return_counts=True)
    pair_group, pair_row = pair // len(first), pair % len(first)
    by_degree = []
    for d, k in enumerate(steps[2]):
        at = np.flatnonzero(counted == d)
        if not len(at):
            continue
        used_by = np.zeros(k, dtype=np.intp)
        used_by[steps[1][at]] = cards_used[at]
        width = len(compositions(d))
        w = np.zeros((n_lines - 1, width, k), dtype=np.int64)
        here = np.flatnonzero(counted[pair_group] == d)
        node, a = np.repeat(steps[1][pair_group[here]], width), np.repeat(pair_row[here], width)
        t, c = np.tile(np.arange(width), len(here)), np.repeat(count[here], width)
        for lines, sign in ((held, 1), (minus, -1)) if paired else ((held, 1),):
            line = lines[a, t]
            keep = line < n_lines - 1
            np.add.at(w, (line[keep], t[keep], node[keep]), sign * c[keep])
        by_degree.append((d, used_by, w))
    return folded((tuple(tuple(m) for m in ranks.members), types, steps, tuple(by_degree)))


def _paired_minus(np, held, first, alike, variant, counted, named, n_lines: int):
    """For each distinct row (``first``: a row of each; ``counted``: its counted cards; ``named``: its j
    named cards) whose paired cards are named of suit s, at each T' of its other cards: the line its own
    row (every card counted) settles at T' + j e_s (else the last line)."""
    out = np.full(held.shape, n_lines - 1, dtype=np.int64)
    v = variant[first]
    own = alike[first - v]  # the row of every card counted sits v rows before its suit v
    for u in range(5):
        comps = compositions(u)
        for j in range(2, 7 - u):
            index = {t: i for i, t in enumerate(compositions(u + j))}
            for s in range(1, 5):
                at = np.flatnonzero((v == s) & (counted == u) & (named == j))
                if len(at):
                    shift = np.array([index[tuple(a + j * (i == s - 1) for i, a in enumerate(t))] for t in comps])
                    out[at, :len(comps)] = held[own[at]][:, shift]
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


def _block_alike(np, trees, rows, pool, suit, slot_at, deal_class, rank_class):
    """Rows numbered by their value names' class and each card's rank class and named suit, the cards of a
    block of interchangeable slots (:func:`partial.interchangeable`) in no order."""
    blocks = partial.interchangeable(trees)
    block_at = np.array([blocks[s] for s in ALL_SLOTS] + [len(ALL_SLOTS)], dtype=np.int64)  # slot -1: none
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
    for i in range(6):
        for j, name in enumerate(ALL_SLOTS):
            here = slot_at[i] == j  # per sequence: positions 0-3 hold one slot always, 4 and 5 one of two
            if here.all():
                rank[name], suits[name] = rep_rank[pool[i]], suit[i]
            elif here.any():
                hit = here[rows]
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


def _settled(np, trees, rows, pool, suit, slot_at, deals, rep_rank, n_lines: int, order):
    """The line of each distinct row (``rows``: its sequence; ``pool``, ``suit``: per position) at each
    suit-count vector T of its counted cards, laid out in the order of ``order`` (per position and
    sequence; deal order but for a pair: :func:`_count_plan`) (rows x 84; past the row's compositions: the
    last line, never counted). Settled :data:`CHUNK` (row, T) at a time."""
    counted = ((pool >= 0) & (suit == 0)).sum(axis=0)
    out = np.full((len(rows), 84), n_lines - 1, dtype=np.int64)
    for u in range(7):
        comps = compositions(u)
        layout = np.array([[s + 1 for s in range(4) for _ in range(a[s])] + [0] for a in comps], dtype=np.int64)
        every = np.flatnonzero(counted == u)
        step = CHUNK // len(comps)
        for start in range(0, len(every), step):
            at = every[start:start + step]
            out[at, :len(comps)] = _settled_at(np, trees, rows[at], pool[:, at], suit[:, at], slot_at, deals,
                                               rep_rank, layout, order).reshape(len(at), len(comps))
    return out


def _settled_at(np, trees, rows, pool, suit, slot_at, deals, rep_rank, layout, order):
    """:func:`_settled` of some rows whose counted cards ``layout`` lays out, one T a row of it: the lines,
    row-major (rows x T)."""
    n_t = len(layout)
    each = np.repeat(np.arange(len(rows)), n_t)
    which = np.tile(np.arange(n_t), len(rows))
    pool, suit = pool[:, each], suit[:, each]
    counted = (pool >= 0) & (suit == 0)
    key = order[:, rows[each]]
    nth = sum(counted[j] & (key[j] < key) for j in range(6))  # counted cards laid out before each position
    given = np.where(counted, layout[which, np.minimum(nth, layout.shape[1] - 1)], suit)
    cards = _row_cards(np, rows[each], pool, given, slot_at, deals, rep_rank)
    return settle_lines(np, trees, cards, len(each))
