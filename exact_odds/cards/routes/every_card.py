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
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable, Sequence

from exact_odds.conditions import language
from exact_odds.conditions.card_names import CARD_NUMBER_NAMES, CONSTANTS, FACT_NAMES, PAIR_NAMES, RANK_VALUE_NAMES, SUIT_NAMES
from exact_odds.cards.substrate.sequences import (HAND_POSITIONS, exact_sums, sequence_weights,
                                                  six_rank_sequences)
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

def _numpy():
    import numpy

    return numpy


class CardWalkError(ValueError):
    """A card-level bet that cannot be priced as asked."""


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
    seqs = six_rank_sequences(tableau)
    suits_needed = bool(set(fact_names) & SUIT_NAMES)
    model = suit_model(shoe) if suits_needed else None
    # Suits of the first four cards only (pair names, cards 1 and 2), or of every card.
    span = 4 if all(n in PAIR_NAMES or "_card1_" in n or "_card2_" in n
                    for n in fact_names if n in SUIT_NAMES) else 6
    rank_positions = _rank_positions(fact_names)

    # Only sequences the shoe can deal (a small shoe deals few of the 13**6).
    w = sequence_weights(np, seqs, shoe)
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
    sums = exact_sums(np, w, combined, len(ck_values) * n_dist)
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
    definition in :mod:`exact_odds.conditions.language` (the meanings of the older names, and each card's
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
