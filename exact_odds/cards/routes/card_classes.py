"""Any card-level bet priced on the classes of cards it reads (docs/methods/suits.md, "Card classes").

A condition is compiled to what it reads (:func:`exact_odds.conditions.language.reads`):
which card slots, and of each card its rank, value, suit or colour, and only
as finely as the condition tests them. ``rank == 9`` splits the ranks into
nines and the rest; ``same_suit(player_hand)`` needs every suit. Cards that
every test treats alike form one *class*, and the bet is priced by counting
sequences of classes, never by how its conditions are written: an or-chain
and an aggregate that say the same thing read the same classes and cost the
same.

**The first four cards.** A bet that reads only P1, B1, P2 and B2 (and no
total, winner or third card) is priced on sequences of four classes
(``g**4`` for g classes). Each sequence is settled once per bet, on
numpy arrays (:func:`exact_odds.conditions.language.evaluate`), and the sequences
are summed by their multiset of classes, whose ways to be dealt are
``prod falling(c_class, m)`` times ``(N-4)(N-5)`` for the two unused cards
(docs/rules.md §3). A new shoe costs one product per multiset: a shoe in play
is priced in about a millisecond.

**The whole coup.** Any other bet is priced on the card walk's sequences of
six ranks (:mod:`exact_odds.cards.routes.every_card`, played once per tableau
by the rules). Sequences are grouped by what the bet reads of them: the
values of its value names, the class of the rank of each card slot it reads,
and, if it reads suits, which cards share a rank. Each group is settled once
per bet. Suits are then summed per group over every suit the read cards can
have, weighted by the suit model (:mod:`exact_odds.rules.suits`: exact counts
on a suited shoe, exact averages over unknown suits), which depends only on
which cards share a rank.

Integers: class weights are formed in int64 below the proven bound
``N**4 < 2**63`` (else Python integers); the six-rank sums use the card walk's
exact 21-bit slices; suit weights are integers below 2**62 (checked, else
Python integers); the counts are Python integers or Fractions.

This module is long because a plan's size (:func:`plan_size`) is worked out beside the plans it
sizes, step by step as they are built, so that the two change together.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from exact_odds.conditions import language
from exact_odds.cards.routes.card_suits import (ALL_SLOTS, INT64_SAFE, TESTS as _TESTS, _blocks, settle_lines,
                                               slot_pairs, exact_number, suited_counts)
from exact_odds.cards.substrate.arrays import distinct
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling, six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model

#: The card slots in deal order of the first four cards: P1, B1, P2, B2.
FIRST_FOUR = ((0, 0), (1, 0), (0, 1), (1, 1))


def _numpy():
    import numpy

    return numpy


def class_counts(reading, shoe: Shoe, tableau) -> tuple[list, int, str | None]:
    """``(counts, total, assumption)`` of the bet read by ``reading`` (:class:`~exact_odds.cards.reading.Reading`)
    on ``shoe``: the six-card count of coups each line settles (the last entry: ``otherwise``), the six-card
    total, and the suit model's statement where it assumed suits (else None). The reference route of the
    card engine (:mod:`exact_odds.cards.routes.classes`): it prices every reading, the first four cards by
    multisets of classes and the whole coup by the card walk's sequences grouped by what the bet reads."""
    read = reading.reads
    model = suit_model(shoe).given_rank() if read.suit else None  # the classes know every card's rank
    known = model is None or model.assumption is None or shoe.is_infinite
    if read.first_four_only and known:
        counts = _first_four_counts(_first_four_plan(reading.trees, reading.signature), shoe)
    else:
        counts = _coup_counts(reading.trees, read, reading.value_names, reading.slots, shoe, tableau, model,
                              reading.value_of)
    assumption = model.assumption if model is not None else None
    return counts, six_card_total(shoe), assumption


# --- classes of cards ---------------------------------------------------------



def signature_of(read) -> tuple:
    """What the bet's tests see of a card: (rank part, suit part) as hashable recipes."""
    if not read.rank:
        rank = ()
    elif read.rank_tests is None:
        rank = ("rank",)
    else:
        rank = tuple(("rank",) + t for t in sorted(read.rank_tests, key=repr)) + \
            tuple(("value",) + t for t in sorted(read.value_tests, key=repr))
    if not read.suit:
        suit = ()
    elif read.suit_tests is None:
        suit = ("suit",)
    else:
        suit = tuple(("suit",) + t for t in sorted(read.suit_tests, key=repr))
    return rank, suit


def _rank_class(recipe: tuple, rank: int):
    """The class key of rank 1-13 under a rank recipe."""
    if recipe == ("rank",):
        return rank
    value = RANK_VALUES[rank - 1]
    return tuple(_TESTS[op](rank if what == "rank" else value, c) for what, op, c in recipe)


def _suit_class(recipe: tuple, suit: int):
    if recipe == ("suit",):
        return suit
    return tuple(_TESTS[op](suit, c) for _, op, c in recipe)


@lru_cache(maxsize=64)
def classes_of(signature: tuple) -> tuple:
    """The classes of the 52 cards (rank 1-13, suit 1-4) under ``signature``: (class of each card in the
    order A♠ A♥ A♦ A♣ 2♠ ..., the representative (rank, suit) of each class)."""
    rank_recipe, suit_recipe = signature
    ids: dict = {}
    of_card, reps = [], []
    for r in range(1, 14):
        for s in range(1, 5):
            key = (_rank_class(rank_recipe, r) if rank_recipe else (), _suit_class(suit_recipe, s) if suit_recipe else ())
            if key not in ids:
                ids[key] = len(ids)
                reps.append((r, s))
            of_card.append(ids[key])
    return tuple(of_card), tuple(reps)


# --- the first four cards -------------------------------------------------------

@lru_cache(maxsize=256)
def _first_four_plan(trees: tuple, signature: tuple):
    """Shoe-independent: the classes, each multiset of four classes with its factor slots, and how many
    ordered sequences of each multiset each line settles (a (lines + 1) x multisets array)."""
    np = _numpy()
    of_card, reps = classes_of(signature)
    g = len(reps)
    small = np.int16  # ranks, suits and classes fit; the condition's arithmetic on them stays small
    # Every ordered sequence of four classes, in the order of np.indices((g,) * 4): position k's class
    # runs through the g classes in blocks of g ** (3 - k), g ** k times over.
    def at(pos, values):
        return np.tile(np.repeat(values, g ** (3 - pos)), g ** pos)

    classes = np.arange(g, dtype=small)
    seq = [at(pos, classes) for pos in range(4)]
    rep_rank = np.array([r for r, _ in reps], dtype=small)
    rep_suit = np.array([s for _, s in reps], dtype=small)
    absent = np.zeros(g ** 4, dtype=small)
    rank = {slot: absent for slot in ALL_SLOTS}
    suit = dict(rank)
    for pos, slot in enumerate(FIRST_FOUR):
        rank[slot], suit[slot] = at(pos, rep_rank), at(pos, rep_suit)
    line = settle_lines(np, trees, language.Cards(rank, suit, {}), g ** 4)
    # Each sequence's multiset: its four classes sorted by a sorting network (five exchanges), read as the
    # base-g number of the sorted classes (g <= 52: g ** 4 < 2 ** 23 fits int32).
    for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        seq[i], seq[j] = np.minimum(seq[i], seq[j]), np.maximum(seq[i], seq[j])
    key = seq[0].astype(np.int32)
    for k in range(1, 4):
        key = key * g + seq[k]
    # the multisets are the sorted keys that occur: counted by line over all g**4 keys, no sort needed
    by_key = np.bincount(line.astype(np.int64) * g ** 4 + key, minlength=(len(trees) + 1) * g ** 4)
    by_key = by_key.reshape(len(trees) + 1, g ** 4)
    multisets = np.flatnonzero(by_key.any(axis=0))
    per_line = by_key[:, multisets]
    digits = np.stack([(multisets // g ** (3 - j)) % g for j in range(4)])  # sorted classes of each multiset
    dup = np.zeros_like(digits)
    for j in range(1, 4):
        for i in range(j):
            dup[j] += digits[i] == digits[j]
    slots = digits * 4 + dup  # factor slot: class * 4 + cards of the class before it
    sizes = np.bincount(np.array(of_card), minlength=g)
    return of_card, slots, per_line, sizes


def _first_four_counts(plan, shoe: Shoe) -> list:
    np = _numpy()
    of_card, slots, per_line, sizes = plan
    g = len(sizes)
    if shoe.is_infinite:  # each of the 52 cards 1/52 a draw: in units of 13**6, a class of k cards weighs k/4
        w = np.prod(sizes[slots // 4].astype(object), axis=0)
        return [exact_number(Fraction(int(x) * 13 ** 2, 4 ** 4)) for x in per_line.astype(object) @ w]
    class_counts = [0] * g
    cards = shoe.suited if shoe.suited is not None else _no_suits(shoe)
    for card, n in enumerate(cards):
        class_counts[of_card[card]] += n
    n = shoe.size
    dtype = np.int64 if n ** 4 < INT64_SAFE else object
    table = np.array([max(c - d, 0) for c in class_counts for d in range(4)], dtype=dtype)
    w = table[slots[0]] * table[slots[1]] * table[slots[2]] * table[slots[3]]
    unused = falling(n - 4, 2)
    return [int(x) * unused for x in per_line.astype(dtype) @ w]


def _no_suits(shoe: Shoe) -> list[int]:
    """52 counts for a bet that reads no suit: each rank's cards all in its first suit (classes merge them)."""
    out = [0] * 52
    for r, c in enumerate(shoe.ranks):
        out[4 * r] = c
    return out


# --- the whole coup -------------------------------------------------------------

@dataclass(frozen=True)
class _CoupPlan:
    """A bet's grouping of the card walk's sequences (shoe-independent)."""

    seqs: object  # the card walk's sequences (cards.substrate.sequences.six_rank_sequences)
    group: object  # group of each sequence
    values: dict  # each value name's value, per group
    ranks: dict  # rank class representative (0: not drawn) of each read slot, per group
    pairs: object  # per group: bit k set when read slot k holds a card, bit n + k when the k-th pair of the
    # n read slots shares a rank (suits read only)
    slot_ranks: tuple  # per read slot, the rank index 0-12 of each sequence (13: not drawn), if suits are read
    line: object  # if no suit is read: how many sequences of each multiset of cards each line settles


@lru_cache(maxsize=16)  # a plan holds a few arrays over the card walk's sequences: tens of MB
def _coup_plan(trees: tuple, signature: tuple, value_names: tuple, slots: tuple, suits: bool, tableau,
               deal_names) -> _CoupPlan:
    """Group the card walk's sequences by what the bet reads: the values of its value names, the rank class
    of each read slot and, if it reads suits, which read slots share a rank (what the suits' weights
    depend on). Without suits each group is settled here, once."""
    from exact_odds.cards.substrate.sequences import six_rank_sequences

    np = _numpy()
    seqs = six_rank_sequences(tableau)
    layouts = np.array([p[0] for p in seqs.patterns], dtype=np.int64)[seqs.pattern]
    rank_key = np.array([0] + _rank_ids(signature[0]), dtype=np.int64)
    # The value names' classes: a name only tested against constants ('player == 8') is known by its tests.
    deal_values = [tuple(deal_names(d)[v] for v, _ in value_names) for d in seqs.deals]
    deal_keys = [tuple(x if tests is None else tuple(_TESTS[op](x, k) for op, k in tests)
                       for x, (_, tests) in zip(values, value_names)) for values in deal_values]
    ck_ids: dict = {}
    ck_values = []
    for key, values in zip(deal_keys, deal_values):
        if key not in ck_ids:
            ck_ids[key] = len(ck_ids)
            ck_values.append(values)  # a representative: every test agrees on the whole class
    parts = [(np.array([ck_ids[k] for k in deal_keys], dtype=np.int64)[seqs.deal], len(ck_ids))]
    # A card's code (rank * 6 + cards of the rank before it; 78: no card) to its rank 0-12 (13: the slot
    # holds no card) and to its rank class (0: no card), looked up rather than computed per sequence.
    code_rank = np.minimum(np.arange(79) // 6, 13).astype(np.int8)
    code_class = rank_key[np.where(np.arange(79) == 78, 0, np.arange(79) // 6 + 1)]
    slot_ranks = []
    for hand, idx in slots:
        code = _slot_codes(np, seqs, layouts, hand, idx)
        slot_ranks.append(code_rank[code])
        parts.append((code_class[code], int(rank_key.max()) + 1))
    if suits:
        bits = np.zeros(len(seqs.deal), dtype=np.int64)  # which read slots hold a card, and which share a rank
        for k, r in enumerate(slot_ranks):
            bits |= (r != 13).astype(np.int64) << k
        for k, (i, j) in enumerate(slot_pairs(len(slots))):
            bits |= ((slot_ranks[i] == slot_ranks[j]) & (slot_ranks[i] != 13)).astype(np.int64) << (len(slots) + k)
        parts.append((bits, 1 << (len(slots) + len(slot_pairs(len(slots))))))
    key = np.zeros(len(seqs.deal), dtype=np.int64)
    for part, size in parts:
        key = key * size + part
    keys, group = np.unique(key, return_inverse=True)
    group = group.reshape(-1).astype(np.int32)
    decoded = []
    rest = keys
    for part, size in reversed(parts):
        decoded.append(rest % size)
        rest = rest // size
    decoded.reverse()
    reps = np.array([0] + _rank_reps(signature[0]), dtype=np.int64)
    ranks = {slot: reps[decoded[1 + i]] for i, slot in enumerate(slots)}
    values = {name: np.array([v[j] for v in ck_values], dtype=np.int64)[decoded[0]]
              for j, (name, _) in enumerate(value_names)}
    line = None
    if not suits:
        zeros = np.zeros(len(keys), dtype=np.int64)
        cards = language.Cards({slot: ranks.get(slot, zeros) for slot in ALL_SLOTS},
                               {slot: zeros for slot in ALL_SLOTS}, values)
        line = _line_by_multiset(np, seqs, tableau, settle_lines(np, trees, cards, len(keys))[group], len(trees) + 1)
    return _CoupPlan(seqs, group, values, ranks, decoded[-1] if suits else None,
                     tuple(slot_ranks) if suits else (), line)


def _slot_codes(np, seqs, layouts, hand: int, idx: int):
    """The code of the card in read slot ``(hand, idx)`` of each sequence (78 where the slot holds none):
    the position it is dealt at depends on the layout (who drew), so each position is taken where the
    layouts put the slot there."""
    from exact_odds.cards.substrate.sequences import HAND_POSITIONS

    at: dict = {}  # position -> the layouts that deal the slot there
    for lay in range(4):
        if idx < len(HAND_POSITIONS[lay][hand]):
            at.setdefault(HAND_POSITIONS[lay][hand][idx], []).append(lay)
    if len(at) == 1 and len(next(iter(at.values()))) == 4:
        return seqs.codes[next(iter(at))]
    code = np.full(len(layouts), 78, dtype=np.uint8)
    for p, lays in at.items():
        where = np.isin(layouts, lays)
        code[where] = seqs.codes[p][where]
    return code


@lru_cache(maxsize=4)
def _rank_multisets(tableau) -> tuple:
    """The card walk's sequences by the multiset of cards they deal (shoe-independent): the multiset of each
    sequence, and each multiset's card factors (rank * 6 + cards of the rank before it, sorted; 78 for a
    card the coup does not use) and cards used. A sequence's ways to be dealt depend on its multiset only."""
    from exact_odds.cards.substrate.sequences import six_rank_sequences

    np = _numpy()
    seqs = six_rank_sequences(tableau)
    codes = np.sort(np.stack(seqs.codes).astype(np.int64), axis=0)
    key = seqs.used.astype(np.int64)
    for row in codes:
        key = key * 79 + row
    keys, multiset = np.unique(key, return_inverse=True)
    factors = []
    rest = keys
    for _ in range(6):
        factors.append(rest % 79)
        rest = rest // 79
    factors.reverse()
    return multiset.reshape(-1), np.stack(factors), rest


def _line_by_multiset(np, seqs, tableau, line, n_lines: int):
    """How many sequences of each multiset each line settles: a (lines x multisets) int64 array."""
    multiset, factors, _ = _rank_multisets(tableau)
    m = factors.shape[1]
    return np.bincount(line.astype(np.int64) * m + multiset, minlength=n_lines * m).reshape(n_lines, m)


def _multiset_counts(np, per_line, tableau, shoe: Shoe) -> list:
    """Each line's six-card count: its multisets' sequence counts times their ways to be dealt. A ways is a
    product of six factors of at most N (the unused cards' falling factorial counting as their factors),
    so every partial product is at most N**6, and every term and sum is a part of the six-card total, at
    most N**6: int64 is exact while N**6 < 2**62 (shoes of up to 1,330 cards), else Python integers."""
    _, factors, used = _rank_multisets(tableau)
    if shoe.is_infinite:
        w = np.array([13 ** (6 - k) for k in range(7)], dtype=np.int64)[used]
        return [int(x) for x in per_line @ w]
    n = shoe.size
    dtype = np.int64 if n ** 6 < INT64_SAFE else object
    table = np.array([max(c - j, 0) for c in shoe.ranks for j in range(6)] + [1], dtype=dtype)
    w = np.array([falling(n - k, 6 - k) for k in range(7)], dtype=dtype)[used]
    for row in factors:
        w = w * table[row]
    return [int(x) for x in per_line.astype(dtype) @ w]


def _rank_ids(recipe: tuple) -> list[int]:
    """The class id (1, 2, ...) of each rank 1-13 under ``recipe`` (0 is kept for a card not drawn)."""
    ids: dict = {}
    return [ids.setdefault(_rank_class(recipe, r) if recipe else (), len(ids) + 1) for r in range(1, 14)]


def _rank_reps(recipe: tuple) -> list[int]:
    """A representative rank of each rank class (1, 2, ...)."""
    reps: dict = {}
    for r, i in zip(range(1, 14), _rank_ids(recipe)):
        reps.setdefault(i, r)
    return [reps[i] for i in sorted(reps)]


def _coup_counts(trees: tuple, read, value_names: tuple, slots: tuple, shoe: Shoe, tableau, model, deal_names) -> list:
    from exact_odds.cards.substrate.sequences import sequence_weights

    np = _numpy()
    plan = _coup_plan(trees, signature_of(read), value_names, slots, read.suit, tableau, deal_names)
    if plan.line is not None:
        return _multiset_counts(np, plan.line, tableau, shoe)
    return suited_counts(np, trees, plan, slots, sequence_weights(np, plan.seqs, shoe), model, read.suit_symmetric,
                         _suit_classes(read))


def _suit_classes(read) -> tuple:
    """Each suit's class under the bet's tests on suits (0, 1, 2, 3 when it tells every suit apart)."""
    if read.suit_tests is None:
        return (0, 1, 2, 3)
    recipe = signature_of(read)[1]
    ids: dict = {}
    return tuple(ids.setdefault(_suit_class(recipe, s), len(ids)) for s in range(1, 5))


# --- the plan's size, before it is built ------------------------------------------

#: Bytes per row of the rows settled at once (card_suits._settle_pieces): the group of each row, a row of
#: zeros, each read slot's rank and suit, each value name (int64 each), the line (int16) and the arrays
#: of the evaluation (:func:`_evaluation_arrays`), with the suits' concatenation held twice while it is
#: formed.
ROW_FIXED = 2 * 8 + 8 + 2
ROW_PER_SLOT = 2 * 8
ROW_PER_VALUE = 8
#: Bytes per sequence of the card walk (its 1.66 million for punto banco) the whole coup's plan holds at
#: its peak outside those rows: the grouping's keys and their sort (np.unique), the sequences' weights,
#: their sums by key as Python integers, and per read slot its ranks, classes and sort keys. Measured
#: upper bounds (tests/cards/test_estimates.py measures the allocations of the forms it prices).
SEQ_FIXED = 96
SEQ_PER_SLOT = 24
#: Bytes per sequence the card walk's multisets of cards take while they are formed (_rank_multisets: its
#: six sorted codes and keys in int64; formed once per tableau, counted whether or not it is yet).
RANK_MULTISETS = 104
#: Bytes per row of the first four cards' plan (g**4 rows): four int16 classes, the ranks and suits read,
#: the sorted classes and the multiset key in int64 (and their temporaries), and the evaluation's arrays.
FIRST_FOUR_ROW = 4 * 2 + 8 * 2 + 2 + 4 * 8 + 4 * 8
#: ... and while its lines are settled: the classes, ranks and suits, the line and the evaluation.
FIRST_FOUR_SETTLE = 4 * 2 + 8 * 2 + 2
#: The first four cards' plan holds a count per line and multiset key (int64).
FIRST_FOUR_PER_LINE = 8


def _evaluation_arrays(tree) -> int:
    """An upper bound of the bytes per row the evaluation of ``tree`` holds at once (language.evaluate):
    a name's or arithmetic's array (int64 at most: 8), a comparison's or logic's (bool, and a temporary:
    2), and for an aggregate over k cards each card's presence and predicate (2 each) and its own int64
    arrays: three (a count, the cards held, the best of a kind), ten for a run (the highest and lowest
    ranks, ace low and high, and their temporaries)."""
    import ast

    total = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            try:
                k = len(language.slots_of(node.args[0]))
            except Exception:  # noqa: BLE001 - a form the reading accepted: count every slot
                k = 6
            total += 8 * (10 if node.func.id in ("run", "suited_run") else 3) + 2 * k
        elif isinstance(node, (ast.Name, ast.BinOp, ast.UnaryOp)):
            total += 8
        elif isinstance(node, (ast.BoolOp, ast.Compare)):
            total += 2
    return total


def plan_size(reading, shoe: Shoe, tableau) -> tuple[int, int]:
    """``(rows, memory)``: upper bounds of the rows :func:`class_counts` settles for ``reading`` on ``shoe``
    and the bytes its plan allocates at its peak, worked out before any row is built from the reading, the
    suit model of the shoe and the card walk's sequences (:func:`six_rank_sequences`, the substrate every
    whole-coup route shares: built here if no route built it yet). The sizes follow how the plan is built:
    the first four cards' g**4 sequences of classes; the whole coup's grouping of the card walk's
    sequences, and, for a bet that reads suits, the rows of each bucket of groups (the groups alike in
    which read cards share a rank and their ranks' suit models) times the suits its read cards can have,
    settled about :data:`~exact_odds.cards.routes.card_suits.CHUNK` rows at a time, a bucket whole. For
    that count the grouping itself (:func:`_coup_plan`: shoe-independent, at most :data:`SEQ_FIXED` +
    :data:`SEQ_PER_SLOT` bytes a sequence, and kept for the price) is formed here: the engine sizes a
    route under the budget's cap, so even this first step cannot pass it."""
    read = reading.reads
    model = suit_model(shoe).given_rank() if read.suit else None
    known = model is None or model.assumption is None or shoe.is_infinite
    evaluation = max((_evaluation_arrays(t) for t in reading.trees), default=0)
    lines = len(reading.trees) + 1
    if read.first_four_only and known:  # its ranks and suits are int16: the evaluation's arrays half as wide
        g = len(classes_of(reading.signature)[1])
        rows = g ** 4
        return rows, rows * (max(FIRST_FOUR_ROW, FIRST_FOUR_SETTLE + evaluation // 2) + FIRST_FOUR_PER_LINE * lines)
    from exact_odds.cards.substrate.sequences import six_rank_sequences

    seqs = six_rank_sequences(tableau)
    n_seq = len(seqs.deal)
    k = len(reading.slots)
    base = n_seq * (SEQ_FIXED + SEQ_PER_SLOT * k)
    row = ROW_FIXED + ROW_PER_SLOT * k + ROW_PER_VALUE * len(reading.value_names) + evaluation
    if not read.suit:  # each group settled once, and the sequences counted by line and multiset of cards
        groups = min(n_seq, _value_classes(reading, seqs) * (max(_rank_ids(reading.signature[0])) + 1) ** k)
        return groups, base + n_seq * RANK_MULTISETS + groups * row + 8 * lines * n_seq
    rows, peak_rows = _suited_rows(reading, shoe, tableau, model)
    return rows, base + peak_rows * row


def _suited_rows(reading, shoe: Shoe, tableau, model) -> tuple[int, int]:
    """The rows a bet reading suits settles in all, and the most at once (card_suits.suited_counts), from
    the grouping of the card walk's sequences (:func:`_coup_plan`: shoe-independent, bounded by
    :data:`SEQ_FIXED` and :data:`SEQ_PER_SLOT`, and kept for the price): each bucket's open groups (those
    whose ranks do not settle the line, one per set alike in what stays open) times the suits its read
    cards can have, gathered as suited_counts gathers them until :data:`card_suits.CHUNK` rows. Groups
    whose weight on this shoe is zero are counted too: an upper bound."""
    from exact_odds.cards.routes.card_suits import CHUNK, _settled_by_ranks, _sharings, key_buckets, model_keys

    np = _numpy()
    read = reading.reads
    slots = reading.slots
    k = len(slots)
    pairs = slot_pairs(k)
    plan = _coup_plan(reading.trees, signature_of(read), reading.value_names, slots, True, tableau,
                      reading.value_of)
    models, key = model_keys(np, plan, model)  # as suited_counts keys and buckets them
    c = len(models)
    keys = distinct(np, key) if c > 1 else np.arange(int(key.max()) + 1)  # every group occurs (distinct's)
    del key
    classes, groups, bucket = key_buckets(np, plan, keys, c)
    settled, alike = _settled_by_ranks(np, reading.trees, plan)
    open_keys = np.flatnonzero(settled[groups] < 0)
    order = open_keys[np.argsort(bucket[open_keys], kind="stable")]
    cut = np.flatnonzero(np.r_[True, bucket[order][1:] != bucket[order][:-1]]) if len(order) else []
    suit_classes = _suit_classes(read)
    ends = list(cut[1:]) + [len(order)]
    if alike is not None and len(order):  # each bucket's groups alike in what stays open: one row set each
        seg = np.repeat(np.arange(len(cut)), np.diff(np.r_[cut, len(order)]))
        same = alike[groups[order]]
        at = np.lexsort((same, seg))
        seg, same = seg[at], same[at]
        new = np.r_[True, (seg[1:] != seg[:-1]) | (same[1:] != same[:-1])]
        open_groups = np.bincount(seg[new], minlength=len(cut)).tolist()
        del seg, same, at, new
    else:
        open_groups = [int(stop - start) for start, stop in zip(cut, ends)]
    # each bucket's suits (a bucket: the groups alike in which read cards share a rank, and their ranks'
    # suit models): worked out once per way of sharing ranks (the pairs' bits, few), over all its buckets
    first = order[cut] if len(order) else np.zeros(0, dtype=np.intp)
    bits = plan.pairs[groups[first]].astype(np.int64)
    suits = np.zeros(len(first), dtype=np.int64)
    infinite_or_even = np.array([m == "infinite" or len(set(m.base)) == 1 for m in models])
    for shared in distinct(np, bits).tolist():
        at = np.flatnonzero(bits == shared)
        labels, held = _blocks(int(shared), k, pairs)
        blocks = range(max(labels, default=-1) + 1)
        # each block's model class in each bucket (its first card's slot), and its cards
        of_block = [classes[labels.index(b)][first[at]] if c > 1 else np.zeros(len(at), dtype=np.int64)
                    for b in blocks]
        sizes = [sum(1 for j in held if labels[j] == b) for b in blocks]
        ways = np.ones(len(at), dtype=np.int64)  # the suits each block's cards can have, told apart as the bet does
        renaming = np.full(len(at), read.suit_symmetric)
        for cls, m in zip(of_block, sizes):
            ways *= np.array([_block_suits(models[x], m, suit_classes) for x in range(c)], dtype=np.int64)[cls]
            renaming &= infinite_or_even[cls]
        # as card_suits._assignments: a way of sharing suits per row, at most, where the suits may be renamed
        suits[at] = np.where(renaming, len(_sharings(len(held))), ways)
    total = held_rows = peak = 0
    for rows in (np.array(open_groups, dtype=np.int64) * suits).tolist():
        total += rows
        held_rows += rows
        if held_rows >= CHUNK:
            peak, held_rows = max(peak, held_rows), 0
    return total, max(peak, held_rows)


@lru_cache(maxsize=1024)
def _block_suits(bm, m: int, how: tuple) -> int:
    """How many suits ``m`` cards of one rank under the model ``bm`` can have, as the suit classes ``how``
    tell them apart (the rows card_suits._assignments makes of the block)."""
    from exact_odds.cards.routes.every_card import _block_options

    if bm != "infinite" and m > sum(bm.base):  # more cards than the rank has: no row (the group weighs 0)
        return 0
    return len({tuple(how[x] for x in combo) for combo, _ in _block_options(bm, m)[0]})


def _value_classes(reading, seqs) -> int:
    """How many classes the bet's value names split the card walk's deals into (as :func:`_coup_plan`)."""
    keys = set()
    for d in seqs.deals:
        names = reading.value_of(d)
        keys.add(tuple(names[v] if tests is None else tuple(_TESTS[op](names[v], x) for op, x in tests)
                       for v, tests in reading.value_names))
    return max(len(keys), 1)
