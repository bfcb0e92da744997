"""Whole-coup bets that read their cards only over every card or over whole hands, on a suited shoe in play,
by multisets of pools (docs/methods/suits.md, "The shoe in play").

A bet is *order-free* when every card attribute it reads (rank, value, suit, colour) is read only through
aggregates over every card of the coup (``of_a_kind(all_cards, red) >= 2``: two red cards of one rank;
``count(all_cards, rank == 9 and suit == hearts) >= 1``; ``run``, ``same_suit`` ... over ``all_cards``),
besides value names (``tie``, ``player == 8``, ``cards``: functions of the deal, so of the sequence of
values). Every such aggregate is a function of the multiset of the coup's cards, so the line is a function
of (the deal's class under the bet's value names, the multiset M of the *pools* of the coup's cards),
where a pool (:class:`~exact_odds.cards.routes.card_pools.Pools`) holds the cards the bet's tests treat
alike with one card value. More generally a bet is read over *blocks* (:func:`blocks`) when each set its
aggregates read is a union of blocks: the one block of every card (:data:`COUP`: the order-free bets), or
the two hands (:data:`HANDS`: ``player_hand``, ``banker_hand``, ``all_cards``; ``of_a_kind(player_hand,
red) >= 2 or of_a_kind(banker_hand, black) >= 2``). Then the line is a function of (class, the multisets
M_b of each block's pools).

:mod:`~exact_odds.cards.routes.card_pools` expands every sequence of values the rules play (about 340,000)
into the pools of every read card, position by position: a bet reading ranks with colours has 2-8 pools a
card, far past its limit. Here the sequences are first summed by (deal class, multiset of values V_b of
each block): c of them (about 97,000 (deal, V) pairs in all for one block; each hand's size follows from
its V_b, and the cards used k from all). Each V_b is then expanded into the multisets M_b of pools with
those values; the orderings of the pools of M_b onto one sequence of the block's values number
``prod_v multinomial(k_{b,v}; m_{b,P} for the pools P of value v)`` (k_{b,v}: the block's cards of value
v, m_{b,P}: its cards of pool P), so (class, (M_b)_b) settles

    c(class, (V_b)_b) * prod_b prod_v multinomial(k_{b,v}; (m_{b,P})_P)

ordered sequences of pools, each dealt in ``prod_P falling(n_P, m_P) * falling(N - k, 6 - k)`` ways, with
m_P = sum_b m_{b,P} over the coup's whole multiset M (the pools are disjoint sets of cards and the blocks
draw from them without replacement, then the unused cards: docs/rules.md §3). Each (class, (M_b)_b) is
settled once (each block's cards laid out on its slots in any order: its aggregates do not care; the value
names of the class's representative deal), and the rows are handed to card_pools' plan
(:func:`card_pools.planned`: summed by the multiset of factor codes of M, pool * 6 + earlier cards of the
pool in the coup) and weighed per shoe by :func:`card_pools.weighed`. A (class, (V_b)_b) whose value names
settle the line whatever the cards (:func:`partial.line_of`) is not expanded: its cards count by value
(card_pools' unread codes, value * 6 + earlier cards of the value).

Declined (None, cheaply: before anything is expanded or settled): a bet reading a card slot by itself
(``player_card1_suit``) or through an aggregate over a set that is no union of blocks (``first_cards``,
``player_first_two``), a shoe without 52 counts, and a plan whose rows (class, (M_b)_b) would pass
:data:`LIMIT` (:data:`HANDS_LIMIT` over the hands; a bet reading every rank and every suit: 52 pools, tens of
millions of multisets; suits with ranks per hand: about 536 million).

Integers: a row's weight c * prod_b prod_v multinomial(...) counts distinct ordered sequences of pools
(distinct sequences of values of the class, each with a distinct choice of pools per position), and the
rows of one key (the combined multiset M and k) count distinct sequences of M's pools, so a key's count on
a line is at most the orderings of M, k! / prod_P m_P! <= 720 (int64 throughout the plan). card_pools.weighed
sums, per line and group of keys sharing their three highest factor codes, count * (the three lowest factors):
the keys of a group have distinct lowest triples, so that sum is at most 720 * (sum of the table's factors)**3 <=
720 * (12 N + 1)**3 < 2**22 * N**3 (every pool's six factors sum to at most 6 n_P, every value's to 6 n_v);
each such sum times its highest factors (and unused cards) counts distinct ordered deals of six cards, or
is 0, and so does every partial sum of a line's count: at most falling(N, 6) <= N**6. So int64 is exact
while N**6 < 2**62 (checked by card_pools.weighed: then N**3 < 2**31 and those sums stay below 2**53),
else Python integers. Every count here is non-negative.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod

from exact_odds.conditions import language
from exact_odds.cards.routes import card_pools
from exact_odds.cards.routes.card_counts import _deal_classes
from exact_odds.cards.routes.card_pools import _BITS, _NONE, _UNREAD, Pools
from exact_odds.cards.routes.card_suits import ALL_SLOTS, settle_lines
from exact_odds.rules.shoe import Shoe

#: Most rows (a deal class and a multiset of pools) a plan over every card may settle (about 1 µs each while
#: the plan is built; a bet reading ranks with colours has about a million a class of deals left open; past
#: this the pools or the counts take it).
LIMIT = 6_000_000
#: Most rows (a deal class and a multiset of pools per hand) a plan over the hands may settle: ranks with
#: colours per hand have about 9.6 million (a plan of about 6 s), and no other quick route takes them.
HANDS_LIMIT = 12_000_000
#: Rows expanded and settled at once (about 150 bytes each while they are).
CHUNK = 1 << 19
_EVERY_CARD = frozenset(ALL_SLOTS)
#: The slots of the coup's cards in deal order: P1 B1 P2 B2, then two more (which hand's third card a
#: fifth or sixth card is matters to no aggregate over every card).
_LAID = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))
_PLAYER, _BANKER = ((0, 0), (0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2))
#: The blocks a bet's aggregates may read over: every card (one block, in deal order), or the two hands.
COUP, HANDS = (_LAID,), (_PLAYER, _BANKER)


def _numpy():
    import numpy

    return numpy


def blocks(trees) -> tuple | None:
    """The blocks the expanded conditions ``trees`` read their cards over: :data:`COUP` when they read cards
    only through aggregates over every card of the coup, :data:`HANDS` when through aggregates over the
    Player's hand, the Banker's hand or every card (one of them at least over a hand); None when they read
    a card slot by itself, an aggregate over any other set of cards, or no card."""
    sets: set = set()

    def walk(node) -> bool:
        if isinstance(node, ast.Call):
            sets.add(frozenset(language.slots_of(node.args[0])))
            return all(walk(a) for a in node.args[1:])  # a predicate: one card's names (never a slot's)
        if isinstance(node, ast.Name) and node.id in language.CARD_ATTRIBUTES:
            return False
        return all(walk(child) for child in ast.iter_child_nodes(node))

    if not all(walk(tree.body) for tree in trees) or not sets:
        return None
    if sets == {_EVERY_CARD}:
        return COUP
    return HANDS if sets <= {_EVERY_CARD, frozenset(_PLAYER), frozenset(_BANKER)} else None


def order_free(trees) -> bool:
    """Whether the expanded conditions ``trees`` read cards only through aggregates over every card of the
    coup (and read some card): no card slot by itself, no aggregate over fewer cards."""
    return blocks(trees) == COUP


def multiset_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                    deal_names) -> list | None:
    """Each line's six-card count (the last: none holds) of a bet read over blocks of cards (:func:`blocks`:
    every card, or the hands) on a shoe with 52 counts, or None for any other bet, or past :data:`LIMIT`.
    Arguments as :func:`card_pools.pool_counts` (``slots`` is taken for the same signature: the blocks
    follow from ``trees``)."""
    if shoe.suited is None or shoe.is_infinite:
        return None
    laid = blocks(trees)
    if laid is None:
        return None
    plan = _plan(trees, of_card, value_names, tableau, deal_names, laid, LIMIT if laid == COUP else HANDS_LIMIT)
    return None if plan is None else card_pools.weighed(plan, shoe)


@lru_cache(maxsize=4)
def value_multisets(tableau, laid: tuple = COUP) -> tuple:
    """The sequences of values the rules play, summed by (deal, multiset of each block's values; ``laid``:
    :data:`COUP` or :data:`HANDS`): each entry's deal index, its cards used, its values (6 x entries: each
    block's sorted in its rows, :func:`_rows`; 10 past its cards), and how many sequences it holds; and the
    deals. Shoe- and bet-independent."""
    from exact_odds.cards.routes.hand_suits import value_sequences

    np = _numpy()
    x, pdraw, bdraw, used, deal, deals = value_sequences(tableau)
    if laid == COUP:
        by_block = [np.where(np.arange(6)[:, None] < used[None, :], np.stack(x), 10)]
    else:  # the Player's cards at P1 P2 (P3: 5th), the Banker's at B1 B2 (B3: 5th or 6th)
        none = np.full(len(used), 10, dtype=np.int64)
        by_block = [np.stack([x[0], x[2], np.where(pdraw, x[4], none)]),
                    np.stack([x[1], x[3], np.where(bdraw, np.where(pdraw, x[5], x[4]), none)])]
    values = np.concatenate([np.sort(v, axis=0) for v in by_block])
    key = deal.astype(np.int64)
    for row in values:
        key = key * 11 + row
    _, first, count = np.unique(key, return_index=True, return_counts=True)
    return deal[first], used[first].astype(np.int64), values[:, first], count.astype(np.int64), deals


def _rows(laid: tuple) -> tuple:
    """The rows (of six) each block's cards take, in the order of its slots."""
    starts = [sum(len(b) for b in laid[:i]) for i in range(len(laid))]
    return tuple(range(s, s + len(b)) for s, b in zip(starts, laid))


def _choices(np, pools: Pools) -> tuple:
    """Per value v and m <= 6 cards of it: every multiset of m pools of value v (rows x m pool ids,
    ascending) and its orderings, multinomial(m; multiplicities)."""
    out = []
    for v in range(10):
        options = pools.flat[pools.first[v]:pools.first[v] + pools.n_options[v]].tolist()
        per_m = []
        for m in range(7):
            picks = list(combinations_with_replacement(options, m))
            ways = [factorial(m) // prod(factorial(p.count(q)) for q in set(p)) for p in picks]
            per_m.append((np.array(picks, dtype=np.int64).reshape(len(picks), m), np.array(ways, dtype=np.int64)))
        out.append(per_m)
    return tuple(out)


@lru_cache(maxsize=16)  # a plan holds the multisets of one bet: tens of MB at most
def _plan(trees: tuple, of_card: tuple, value_names: tuple, tableau, deal_names, laid: tuple, limit: int):
    """Shoe-independent: card_pools' plan (:func:`card_pools.planned`) of the bet read over the blocks
    ``laid``, or None past ``limit`` rows."""
    np = _numpy()
    deal, used, values, count, deals = value_multisets(tableau, laid)
    of_deal, class_values = _deal_classes(np, value_names, deals, deal_names)
    settled = card_pools.deal_lines(np, trees, [n for n, _ in value_names], deals, deal_names)
    # entries: (deal class, line its values settle or -1, multiset of each block's values: the cards used)
    key = (of_deal[deal] * (len(trees) + 2) + settled[deal] + 1)
    for row in values:
        key = key * 11 + row
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    c = np.zeros(len(first), dtype=np.int64)
    np.add.at(c, inverse, count)
    klass, line_of, used, values = of_deal[deal[first]], settled[deal[first]], used[first], values[:, first]
    pools = Pools(np, lambda card: of_card[card])
    rows = _rows(laid)
    per_value = [np.stack([(values[list(r)] == v).sum(axis=0) for v in range(10)]) for r in rows]  # k_{b,v}
    n_choices = np.array([[comb(int(p) + m - 1, m) for m in range(7)] for p in pools.n_options], dtype=np.int64)
    size = np.ones(len(first), dtype=np.int64)
    for k in per_value:
        for v in range(10):
            size *= n_choices[v][k[v]]
    open_ = np.flatnonzero(line_of < 0)
    if int(size[open_].sum()) > limit:
        return None
    choices = _choices(np, pools)
    n_lines = len(trees) + 1
    parts = []
    done = np.flatnonzero(line_of >= 0)
    if len(done):  # their cards count by value: value * 6 + the cards of that value before each
        parts.append(_counted(np, _keys(np, values[:, done], 10, _UNREAD, used[done]), line_of[done], c[done],
                              n_lines))
    rep_rank = np.array([r for r, _ in pools.rep] + [0], dtype=np.int64)  # pool -1 (no card): rank and suit 0
    rep_suit = np.array([s for _, s in pools.rep] + [0], dtype=np.int64)
    slots = [s for block in laid for s in block]
    for at in card_pools.chunked(np, size[open_], CHUNK):
        row, pool, ways = _expand(np, open_[at], rows, per_value, choices, n_choices)
        cards = language.Cards({s: rep_rank[p] for s, p in zip(slots, pool)},
                               {s: rep_suit[p] for s, p in zip(slots, pool)},
                               {n: a[klass[row]] for n, a in class_values.items()})
        line = settle_lines(np, trees, cards, len(row))
        parts.append(_counted(np, _keys(np, pool, -1, 0, used[row]), line, c[row] * ways, n_lines))
    return card_pools.planned(np, parts, n_lines, pools.members)


def _expand(np, entries, rows, per_value, choices, n_choices):
    """One row per multiset of pools each block's values of each entry may come from (``rows``: each
    block's rows of six, ``per_value``: its cards of each value per entry): (entry of each row, its cards'
    pools, 6 x rows: a block's in value order in its rows, -1 past its cards; and the orderings of its
    pools onto one sequence, the product over the blocks of prod_v multinomial(k_{b,v}; (m_{b,P})_P))."""
    row = entries
    pool = np.full((6, len(entries)), -1, dtype=np.int64)
    ways = np.ones(len(entries), dtype=np.int64)
    for block, per_block in zip(rows, per_value):
        filled = np.full(len(row), block[0], dtype=np.int64)
        for v in range(10):
            k = per_block[v][row]
            if not k.any():
                continue
            n = n_choices[v][k]
            parent = np.repeat(np.arange(len(row)), n)
            within = np.arange(len(parent)) - np.repeat(np.cumsum(n) - n, n)
            row, pool, ways, filled, k = row[parent], pool[:, parent], ways[parent], filled[parent], k[parent]
            for m in range(1, 7):
                at = np.flatnonzero(k == m)
                if not len(at):
                    continue
                picks, orderings = choices[v][m]
                pick = within[at]
                for j in range(m):
                    pool[filled[at] + j, at] = picks[pick, j]
                ways[at] *= orderings[pick]
            filled = filled + k
    return row, pool, ways


def _keys(np, ids, none: int, base: int, used):
    """card_pools' key of each row of ``ids`` (6 x rows: each card's pool, or its value; ``none`` where no
    card): its factor codes (``base`` + id * 6 + the cards of that id before it, over the whole coup) sorted,
    then packed above its cards used."""
    codes = []
    for i in range(6):
        before = (ids[:i] == ids[i]).sum(axis=0) if i else 0
        codes.append(np.where(ids[i] == none, _NONE, base + ids[i] * 6 + before))
    codes = np.sort(np.stack(codes).astype(np.int64), axis=0)
    key = used.astype(np.int64)
    for i in range(6):
        key = key | (codes[i] << (3 + _BITS * i))
    return key


def _counted(np, key, line, weight, n_lines: int):
    """(distinct keys, lines x keys counts): each row's ``weight`` on its ``line``."""
    uniq, inverse = np.unique(key, return_inverse=True)
    counts = np.zeros((n_lines, len(uniq)), dtype=np.int64)
    np.add.at(counts, (line.astype(np.intp), inverse.reshape(-1)), weight)
    return uniq, counts
