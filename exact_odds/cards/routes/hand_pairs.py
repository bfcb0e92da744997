"""Bets on one hand's pair and the coup's values ("Player wins with a pair"), priced by values.

A bet such as ``player_wins and player_pair`` reads the ranks (and perhaps
the suits) of one hand's first two cards and card *values* of the rest of
the coup. The general card walk (:mod:`exact_odds.cards.routes.every_card`)
weighs every six-rank sequence; this path conditions on that hand's first two
cards instead (docs/methods/suits.md, "Fast paths"):

* the hand's first two cards pair only when both have one rank r, so both
  have the value v of r; the ways to deal them are ``F(c_r) = c_r(c_r - 1)``,
  of which ``S(r) = sum_s F(a_rs)`` are suited pairs (for a shoe without
  suits, the expectation of the unknown-suit model, :mod:`exact_odds.rules.suits`);
* whatever the ranks, the rest of the coup (the other hand's two cards, the
  third cards, the unused cards of the six-card convention) depends only on
  the *values* dealt, so for each v it is a value-level count from the shoe
  less two cards of value v: the same for every rank of value v.

So ``count(values, pair) = sum_v (sum_{r of value v} F(c_r)) * rest_v(values)``,
with ``rest_v`` summed over every sequence of values of the four other
positions (10**5 sequences, played once per tableau and process with numpy;
a shoe costs a few array products). Coups without the pair are the value
walk's count less these. Exact integers throughout: each sequence's weight
is at most ``N**4`` and a group sums at most 10**4 of them, checked against
2**63 before int64 is used (else Python integers in object arrays).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import Tableau

#: The names this path prices, by hand (index 0 Player, 1 Banker): the hand's pair and suited pair.
HAND_PAIR_NAMES = (("player_pair", "player_suited_pair"), ("banker_pair", "banker_suited_pair"))
_UNUSED = 60  # the code of a position the coup does not use (10 values * 6 copies)


def hand_of(fact_names) -> int | None:
    """The hand (0 Player, 1 Banker) whose pair names are all of ``fact_names``, or None."""
    names = set(fact_names)
    for hand, known in enumerate(HAND_PAIR_NAMES):
        if names and names <= set(known):
            return hand
    return None


def _numpy():
    import numpy

    return numpy


@lru_cache(maxsize=4)
def _table(tableau: Tableau, hand: int):
    """Every value sequence of the coup whose ``hand`` starts with two cards of one value v, played once:
    (v, codes of the four other positions, cards used, deal index) per kept sequence, and the deals."""
    from exact_odds.cards.substrate.sequences import deal_of_code, dense_ids, tableau_arrays

    np = _numpy()
    ht, ne, pd, bd = tableau_arrays(np, tableau)
    grid = np.indices((10,) * 5).reshape(5, -1)
    v, o1, o2, c5, c6 = grid
    player, banker = ((v, v), (o1, o2)) if hand == 0 else ((o1, o2), (v, v))
    pt, bt = ht[player], ht[banker]
    nat = ne[pt, bt]
    pdraw = ~nat & pd[pt]
    p3 = np.where(pdraw, c5, 10)
    bdraw = ~nat & bd[bt, p3]
    b3 = np.where(bdraw, np.where(pdraw, c6, c5), 10)
    used = 4 + pdraw.astype(np.int8) + bdraw.astype(np.int8)
    # A coup of 4 or 5 cards kept once (its unused positions value 0), the unused cards one factor per shoe.
    keep = (used == 6) | ((used == 5) & (c6 == 0)) | ((used == 4) & (c5 == 0) & (c6 == 0))
    others = (o1, o2, c5, c6)
    codes = []
    for i, x in enumerate(others):
        dup = 2 * (x == v).astype(np.int64)  # the hand's two cards of value v come first
        for j in range(i):
            dup += others[j] == x
        code = np.where(i < used - 2, x * 6 + dup, _UNUSED)
        codes.append(code[keep].astype(np.uint8))
    deal_code = ((pt.astype(np.int32) * 10 + bt) * 11 + p3) * 11 + b3
    deal, deal_codes = dense_ids(np, deal_code[keep], 10 * 10 * 11 * 11)
    return v[keep].astype(np.int64), tuple(codes), used[keep], deal, tuple(deal_of_code(c) for c in deal_codes)


@lru_cache(maxsize=32)
def _groups(tableau: Tableau, hand: int, value_of):
    """The table sorted by (v, value key), the start of each group, and each group's (v, key index);
    the keys (``value_of(deal)``) in order of first appearance."""
    np = _numpy()
    v, codes, used, deal, deals = _table(tableau, hand)
    keys = [value_of(d) for d in deals]
    key_of = {k: i for i, k in enumerate(dict.fromkeys(keys))}
    ck = np.array([key_of[k] for k in keys], dtype=np.int64)[deal]
    group = v * len(key_of) + ck
    order = np.argsort(group, kind="stable")
    group = group[order]
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    ids = [divmod(int(g), len(key_of)) for g in group[starts]]
    return tuple(c[order] for c in codes), used[order], starts, ids, list(key_of), key_of


def hand_pair_counts(dist, fact_names: tuple[str, ...], value_of,
                     coup_value_of=None) -> tuple[dict, int, str | None]:
    """:func:`~exact_odds.cards.routes.every_card.card_counts` for the finite shoe and tableau of the
    value walk ``dist``, with ``fact_names`` one hand's pair names (:func:`hand_of`) and ``value_of(deal)``
    the values of the value names (a function kept for the process: the grouping of the table by its
    values is cached per function): the same ``(counts, total, assumption)``, from values (module
    docstring). ``coup_value_of(coup)``, the same values read from the finished coup, may be given
    when every value name is a coup name: the totals then come from ``dist.coups`` (a few hundred
    coups) rather than its few thousand deals."""
    np = _numpy()
    shoe: Shoe = dist.shoe
    hand = hand_of(fact_names)
    if hand is None or shoe.is_infinite:
        raise ValueError("hand_pair_counts prices one hand's pair names on a finite shoe")
    pair_name, suited_name = HAND_PAIR_NAMES[hand]
    codes, used, starts, ids, keys, key_of = _groups(dist.tableau, hand, value_of)
    counts, n = shoe.value_counts, shoe.size
    bound = max(len(codes[0]), 1) * n ** 4  # a weight is at most N**4; a group sums fewer than all of them
    dtype = np.int64 if bound < 2 ** 63 else object
    table = np.array([max(c - j, 0) for c in counts for j in range(6)] + [1], dtype=dtype)
    w = table[codes[0]] * table[codes[1]] * table[codes[2]] * table[codes[3]]
    w = w * np.array([falling(n - k, 6 - k) for k in range(7)], dtype=dtype)[used]
    rest = np.add.reduceat(w, starts).tolist() if len(w) else []

    # The ways to deal the hand's first two cards as a pair of value v, and as a suited pair.
    model = suit_model(shoe) if suited_name in fact_names else None
    pairs, suited = [0] * 10, [0] * 10
    for r, c in enumerate(shoe.ranks):
        pairs[RANK_VALUES[r]] += c * (c - 1)
        if model is not None and c >= 2:
            same = Fraction(0)
            for s in range(4):
                num, den = model.ways(r, (s, s))
                same += Fraction(num, den)
            suited[RANK_VALUES[r]] += c * (c - 1) * same

    def facts(pair: bool, suit: bool) -> tuple[bool, ...]:
        return tuple(pair if name == pair_name else suit for name in fact_names)

    totals: dict = defaultdict(int)  # every coup, then the pairs taken out
    if coup_value_of is not None:
        for coup, ways in dist.coups.items():
            totals[coup_value_of(coup)] += ways
    else:
        for deal, ways in dist.deals.items():
            totals[value_of(deal)] += ways
    no_pair = facts(False, False)
    joint: dict = defaultdict(int, {(k, no_pair): x for k, x in totals.items()})
    for (v, k), ways in zip(ids, rest):
        if not ways or not pairs[v]:
            continue
        key = keys[k]
        joint[key, no_pair] -= pairs[v] * ways
        if model is None:
            joint[key, facts(True, False)] += pairs[v] * ways
        else:
            joint[key, facts(True, True)] += suited[v] * ways
            joint[key, facts(True, False)] += (pairs[v] - suited[v]) * ways
    out = {}
    for k, x in joint.items():
        if x:
            x = Fraction(x)
            out[k] = x.numerator if x.denominator == 1 else x
    return out, dist.total, model.assumption if model is not None else None

