"""The card-level walk: bets that read ranks, suits and colours of every card of the coup.

The value walk (:mod:`exact_odds.punto_banco.walk`) sees card values only.
A bet that reads card detail (``banker_wins and banker_pair``, a suited
three-card 8) is priced here, and only such bets pay for it: value-level bets
never come here.

Method (docs/methods/suits.md):

1. **Ranks.** Every ordered sequence of six *ranks* (13**6 of them, the
   six-card convention of docs/rules.md §3 made literal) is played once by
   the rules (:mod:`exact_odds.rules`: hand totals, naturals, the tableau),
   for each tableau once per process, with numpy (a coup of 4 or 5 cards once,
   its unused cards one factor per shoe). What a sequence needs per
   shoe is its weight ``prod_r falling(c_r, m_r)`` (the ways to deal it),
   formed from a table of 78 numbers; so each shoe costs a few array
   products over those sequences.
2. **What the bet reads.** The bet's names are compiled to what they need:
   its value names to a key of the finished coup; its card names to which
   cards of the coup share a rank (a pattern over at most six cards), the
   actual rank of the cards a rank name reads, and, if it reads suits, the
   suit model of each rank it touches. Sequences are summed by (coup key,
   card key), exactly in integers.
3. **Suits.** For each card key, the suits of the coup's cards are summed
   over every assignment (at most 4**6), each weighted by the suit model
   (:mod:`exact_odds.rules.suits`): exact counts for a suited shoe, exact
   averages over unknown suits otherwise. Ranks are independent, so the
   weight of an assignment is a product over the ranks of the coup.

Integers: each sequence weight is below ``max(c)**6``, checked against
2**63 before int64 is used (else Python integers in object arrays); sums are
formed from 21-bit slices in float64 (each slice's sum stays below 2**53 for
13**6 terms) and put back together in Python integers.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from exact_odds.bets import language
from exact_odds.bets.card_names import CARD_NUMBER_NAMES, CONSTANTS, FACT_NAMES, PAIR_NAMES, RANK_VALUE_NAMES, SUIT_NAMES
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import falling, hand_total, natural_ends_coup, six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

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


class CardWalkError(ValueError):
    """A card-level bet that cannot be priced as asked."""


@dataclass(frozen=True)
class _Sequences:
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
def _sequences(tableau: Tableau) -> _Sequences:
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
        # counted by one factor per shoe (_compute_weights): about a third of the 13**6 sequences.
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
    deal, deal_codes = _dense(np, np.concatenate(deal_codes), 10 * 10 * 11 * 11)
    pattern, pattern_keys = _dense(np, np.concatenate(keys), 4 << 15)
    deals = tuple(_deal_of_code(c) for c in deal_codes)
    patterns = tuple(_pattern_of_key(k) for k in pattern_keys)
    return _Sequences(codes, deal, deals, pattern, patterns, np.concatenate(used_all))


def _dense(np, values, bound: int):
    """``values`` (0 <= v < bound) renumbered 0, 1, ... in increasing order (int16), and the values seen."""
    seen = np.zeros(bound, dtype=bool)
    seen[values] = True
    where = np.flatnonzero(seen)
    index = np.zeros(bound, dtype=np.int16)
    index[where] = np.arange(len(where), dtype=np.int16)
    return index[values], [int(v) for v in where]


def _deal_of_code(code: int) -> Deal:
    code, b3 = divmod(code, 11)
    code, p3 = divmod(code, 11)
    pt, bt = divmod(code, 10)
    return Deal(pt, bt, None if p3 == 10 else p3, None if b3 == 10 else b3)


def _pattern_of_key(key: int) -> tuple[int, tuple[int, ...]]:
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


def _weights(np, seqs: _Sequences, shoe: Shoe):
    """Each sequence's ways to be dealt from ``shoe`` (six-card convention), exact (the last shoe's kept:
    the bets of one shoe are priced one after another)."""
    key = (id(seqs), shoe.ranks)
    if _LAST_WEIGHTS and _LAST_WEIGHTS[0] == key:
        return _LAST_WEIGHTS[1]
    w = _compute_weights(np, seqs, shoe)
    _LAST_WEIGHTS[:] = [key, w]
    return w


_LAST_WEIGHTS: list = []


def _compute_weights(np, seqs: _Sequences, shoe: Shoe):
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


def _exact_sums(np, w, groups, n: int) -> list[int]:
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


def card_counts(shoe: Shoe, value_names: Iterable[str], fact_names: Iterable[str],
                tableau: Tableau = PUNTO_BANCO, value_of=None) -> tuple[dict, int, str | None]:
    """The joint distribution of a coup's value names and card names.

    Returns ``(counts, total, assumption)``: ``counts`` maps ``(values,
    facts)`` (the names' values, in the order given) to the six-card count of
    coups with them (a Fraction only where suits are averaged over an
    assumption), ``total`` is :func:`~exact_odds.rules.deal.six_card_total`,
    ``assumption`` the suit model's statement (None if the suits are known or
    no name reads them). ``value_of(deal)`` gives the value names' values
    (such as :func:`~exact_odds.bets.paytable.deal_names`; needed when ``value_names`` is not empty)."""
    from exact_odds.punto_banco.walk import check_walk_arguments

    check_walk_arguments(shoe, tableau)
    for what, names in (("value_names", value_names), ("fact_names", fact_names)):
        if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
            raise TypeError(f"{what} must be a list of names such as ['banker_wins'], not {names!r:.80}")
    np = _numpy()
    value_names = tuple(value_names)
    fact_names = tuple(n for n in fact_names if n not in CONSTANTS)
    unknown = [n for n in fact_names if n not in FACT_NAMES]
    if unknown:
        raise CardWalkError(f"unknown card name {unknown[0]!r}; known names: {', '.join(FACT_NAMES)}")
    if value_of is not None and not callable(value_of):
        raise TypeError(f"value_of must be a function of a Deal, not {value_of!r:.80}")
    if value_of is None:
        if value_names:
            raise CardWalkError("card_counts needs value_of(deal) to read value names")
        value_of = lambda deal: ()  # noqa: E731
    shoe.checked()
    seqs = _sequences(tableau)
    suits_needed = bool(set(fact_names) & SUIT_NAMES)
    model = suit_model(shoe) if suits_needed else None
    # Suits of the first four cards only (pair names, cards 1 and 2), or of every card.
    span = 4 if all(n in PAIR_NAMES or "_card1_" in n or "_card2_" in n
                    for n in fact_names if n in SUIT_NAMES) else 6
    rank_positions = _rank_positions(fact_names)

    # Only sequences the shoe can deal (a small shoe deals few of the 13**6).
    w = _weights(np, seqs, shoe)
    pattern, deal, codes = seqs.pattern, seqs.deal, seqs.codes
    if not shoe.is_infinite and min(shoe.ranks) < 6:
        live = np.flatnonzero(w)
        w, pattern, deal = w[live], pattern[live], deal[live]
        codes = tuple(c[live] for c in codes)

    # Card key per sequence: the pattern, plus the suit class of each card, plus named ranks.
    key = pattern
    n_keys = len(seqs.patterns)
    classes: tuple = (None,)
    cls_of_rank = [0] * 13
    if model is not None and model.ranks is not None:
        distinct = list(dict.fromkeys(model.ranks))
        classes = tuple(distinct)
        cls_of_rank = [distinct.index(rs) for rs in model.ranks]
    if len(classes) > 1 or rank_positions:
        key = pattern.astype(np.int64)
        layouts = np.array([p[0] for p in seqs.patterns], dtype=np.int8)[pattern]
    if len(classes) > 1:
        cls = np.array([cls_of_rank[r] for r in range(13) for _ in range(6)] + [0], dtype=np.int64)
        used = 4 + (layouts & 1) + (layouts >> 1)
        for i in range(6):
            key = key * len(classes) + np.where((i < used) & (i < span), cls[codes[i]], 0)
    for hand, card in rank_positions:
        pos = np.array([HAND_POSITIONS[lay][hand][card] if card < len(HAND_POSITIONS[lay][hand]) else -1
                        for lay in range(4)])[layouts]
        rank = np.full(len(key), 13, dtype=np.int64)
        for p in range(6):
            rank = np.where(pos == p, codes[p] // 6, rank)
        key = key * 14 + rank
    if len(classes) > 1 or rank_positions:
        card_keys, key = np.unique(key, return_inverse=True)
        key = key.reshape(-1)
        n_keys = len(card_keys)
        decoded = lambda k_id: _decode(int(card_keys[k_id]), len(classes), len(rank_positions))  # noqa: E731
    else:
        decoded = lambda k_id: (k_id, (0,) * 6, ())  # noqa: E731

    vals = [value_of(d) for d in seqs.deals]
    ck_of = {v: i for i, v in enumerate(dict.fromkeys(vals))}
    ck_values = list(ck_of)
    ck = np.array([ck_of[v] for v in vals], dtype=np.int64)[deal]
    # Each card key's distribution of facts (computed once per distinct key the shoe can deal), then
    # card keys with the same distribution merged, so the exact sums run over (coup key, distribution).
    live_keys = np.flatnonzero(np.bincount(key, minlength=n_keys))
    dist_id = np.zeros(n_keys, dtype=np.int64)
    dists: dict = {}
    for k_id in live_keys.tolist():
        pat, cls_list, ranks = decoded(k_id)
        layout, labels = seqs.patterns[pat]
        if span == 4 and not rank_positions:  # only the first four cards are read: forget the rest
            layout, labels = 0, _first_four(labels)
        block_models = _block_models(labels, cls_list, classes, model)
        dist = _facts_distribution(layout, labels, ranks, tuple(rank_positions), block_models, fact_names,
                                   suits_needed, span)
        dist_id[k_id] = dists.setdefault(dist, len(dists))
    n_dist = max(len(dists), 1)
    combined = ck * n_dist + dist_id[key]
    sums = _exact_sums(np, w, combined, len(ck_values) * n_dist)
    by_id = list(dists)
    acc: dict = defaultdict(int)
    for g, weight in enumerate(sums):
        if weight:
            c_id, d_id = divmod(g, n_dist)
            dist, den = by_id[d_id]
            for facts, num in dist:
                acc[ck_values[c_id], facts, den] += weight * num
    counts: dict = defaultdict(Fraction)
    for (v, f, den), num in acc.items():
        counts[v, f] += Fraction(num, den)
    out = {k: (x.numerator if x.denominator == 1 else x) for k, x in counts.items() if x}
    assumption = model.assumption if model is not None else None
    return out, six_card_total(shoe), assumption


def _rank_positions(fact_names) -> list[tuple[int, int]]:
    """(hand index, card index) of every card whose actual rank a name reads."""
    out = []
    for name in fact_names:
        if name in RANK_VALUE_NAMES:
            hand = 0 if name.startswith("player") else 1
            out.append((hand, int(name.split("_card")[1][0]) - 1))
    return list(dict.fromkeys(out))


def _decode(k: int, n_classes: int, n_ranks: int):
    ranks = []
    for _ in range(n_ranks):
        k, r = divmod(k, 14)
        ranks.append(r)
    ranks.reverse()
    cls = [0] * 6
    if n_classes > 1:
        for i in range(5, -1, -1):
            k, cls[i] = divmod(k, n_classes)
    return k, tuple(cls), tuple(ranks)


def _first_four(labels: tuple[int, ...]) -> tuple[int, ...]:
    """The rank labels of the first four cards, renumbered 0, 1, ... in order of first appearance."""
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(lab, len(seen)) for lab in labels[:4])


def _block_models(labels, cls_list, classes, model):
    """The suit model of each block of cards sharing a rank (None when suits are not read)."""
    if model is None:
        return None
    if model.ranks is None:
        return ("infinite",) * (max(labels) + 1)
    out = {}
    for pos, label in enumerate(labels):
        out.setdefault(label, classes[cls_list[pos]])
    return tuple(out[b] for b in range(max(labels) + 1))


@lru_cache(maxsize=8192)
def _facts_distribution(layout: int, labels: tuple[int, ...], ranks: tuple[int, ...],
                        rank_positions: tuple, block_models, fact_names: tuple[str, ...], suits_needed: bool,
                        span: int = 6):
    """((facts, numerator), ...) and the common denominator, for one card key (suits of the cards
    before position ``span`` only: the model of fewer cards of a rank is the sum over the others)."""
    np = _numpy()
    hands = HAND_POSITIONS[layout]
    # Rank labels: the actual rank where a name reads it (the whole block shares it), else 100 + block.
    rank_of_block = {}
    for (hand, card), r in zip(rank_positions, ranks):
        if card < len(hands[hand]):
            rank_of_block[labels[hands[hand][card]]] = r
    rank_label = [rank_of_block.get(b, 100 + b) for b in labels]
    u = len(labels)
    if suits_needed:
        suits, nums, den = _suit_assignments(np, labels, block_models, span)
    else:
        suits = [0] * u
        nums = np.array([1], dtype=object)
        den = 1
    if len(nums) <= 64:  # few assignments: plain Python is quicker than numpy's overhead
        groups: dict = defaultdict(int)
        for x in range(len(nums)):
            player = [(rank_label[i], int(suits[i][x]) if suits_needed else 0) for i in hands[0]]
            banker = [(rank_label[i], int(suits[i][x]) if suits_needed else 0) for i in hands[1]]
            facts = card_facts(fact_names, player, banker)
            groups[tuple(_plain(name, f) for name, f in zip(fact_names, facts))] += nums[x]
        return tuple((f, n) for f, n in groups.items() if n), den
    player = [(rank_label[i], suits[i]) for i in hands[0]]
    banker = [(rank_label[i], suits[i]) for i in hands[1]]
    facts = card_facts(fact_names, player, banker)
    size = len(nums)
    cols = [np.broadcast_to(np.asarray(f).astype(np.int64), (size,)) for f in facts]
    if not cols:
        return ((((), int(sum(nums))),), den)
    if len(cols) <= 15:
        code = np.zeros(size, dtype=np.int64)
        for col in cols:  # every fact is 0-13 (or a bool): 4 bits each
            code = code << 4 | col
        uniq, first, inv = np.unique(code, return_index=True, return_inverse=True)
    else:
        uniq, first, inv = np.unique(np.stack(cols, axis=1), axis=0, return_index=True, return_inverse=True)
    inv = inv.reshape(-1)
    out = []
    for g in range(len(uniq)):
        total = sum(nums[inv == g]) if len(uniq) > 1 else sum(nums)
        if total:
            row = [int(col[first[g]]) for col in cols]
            out.append((tuple(_plain(name, x) for name, x in zip(fact_names, row)), total))
    return tuple(out), den


def _plain(name: str, x) -> int | bool:
    return int(x) if name in CARD_NUMBER_NAMES else bool(x)


@lru_cache(maxsize=1024)
def _block_options(bm, m: int):
    """The suits ``m`` cards of one rank can have (in order), each with its weight's numerator, and the
    denominator."""
    options = []
    d = 1
    for sub in range(4 ** m):
        combo = tuple((sub >> (2 * j)) & 3 for j in range(m))
        num, d = (1, 4 ** m) if bm == "infinite" else bm.ways(combo)
        if num:
            options.append((combo, num))
    return tuple(options), d


def _suit_assignments(np, labels: tuple[int, ...], block_models, span: int = 6):
    """Every assignment of suits to the cards that the model can deal, as arrays of suits per card,
    the numerator of each assignment's weight, and their common denominator."""
    per_block = []
    den = 1
    for b, bm in enumerate(block_models):
        members = [i for i, lab in enumerate(labels) if lab == b and i < span]
        options, d = _block_options(bm, len(members))
        per_block.append((members, options))
        den *= d
    size = 1
    for _, options in per_block:
        size *= len(options)
    suits = [np.zeros(size, dtype=np.int64) for _ in labels]
    nums = np.ones(size, dtype=object)
    step = size
    for members, options in per_block:
        step //= max(len(options), 1)
        pick = (np.arange(size) // step) % max(len(options), 1)
        for j, i in enumerate(members):
            suits[i] = np.array([c[j] for c, _ in options], dtype=np.int64)[pick]
        nums = nums * np.array([n for _, n in options], dtype=object)[pick]
    return suits, nums, den


def card_facts(names: Sequence[str], player: Sequence[tuple[Any, Any]],
               banker: Sequence[tuple[Any, Any]]) -> tuple:
    """The values of ``names`` for a coup whose hands hold these cards in deal order, by their one
    definition in :mod:`exact_odds.bets.language` (the meanings of the older names, and each card's
    attributes).

    A card is ``(rank, suit)``: rank index 0-12 (A..K) and suit index 0-3
    (spades, hearts, diamonds, clubs), ints or numpy arrays of the same shape.
    Where only *which* cards share a rank matters (pairs), any labels 0 or more
    that are equal exactly when the ranks are equal will do. A hand holds 2 or 3 cards.
    Constant names are not facts: they are added by the caller."""
    np = _numpy()
    rank: dict = {}
    suit: dict = {}
    for h, cards in enumerate((player, banker)):
        for i in range(3):
            r, s = cards[i] if i < len(cards) else (-1, -1)  # a card not drawn: 0 in the language
            rank[h, i], suit[h, i] = np.asarray(r) + 1, np.asarray(s) + 1  # numpy: ~ is logical
    cards = language.Cards(rank, suit, {})
    return tuple(language.evaluate(np, _meaning(name), cards) for name in names)


@lru_cache(maxsize=None)
def _meaning(name: str):
    return language.expanded(name)
