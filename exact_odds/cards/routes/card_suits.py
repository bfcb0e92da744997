"""The suits of a card-level bet over the whole coup (docs/methods/suits.md, "Card classes").

:mod:`~exact_odds.cards.routes.card_classes` groups the card walk's six-rank
sequences by what a bet reads; for a bet that reads suits, each group's
exact six-rank sum is multiplied here by the distribution of its read
cards' suits under the suit model (:mod:`exact_odds.rules.suits`). Cards of
one rank are drawn together, so their suits are weighed jointly; the suits
of cards the bet does not read are summed out. Suits the bet tells apart
only by constant tests are enumerated by class (red and black: two, not
four); a bet that compares suits only for equality, on a shoe whose ranks
hold their suits alike, by the ways its cards can share suits. Every group,
suit and line is one row of one numpy evaluation.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import prod

from exact_odds.cards.substrate.arrays import distinct
from exact_odds.conditions import language
from exact_odds.rules.deal import falling

ALL_SLOTS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
#: Largest magnitude an int64 sum may reach here (kept a factor 2 below 2**63).
INT64_SAFE = 2 ** 62
#: A test of a value name, rank or suit against a constant (language.reads' (operator, constant)), applied.
TESTS = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
         "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
         "in": lambda a, b: a in b}


def settle_lines(np, trees, cards, n: int):
    """The index of the first line that holds on each of ``n`` coups (len(trees): none holds)."""
    line = np.full(n, len(trees), dtype=np.int16)
    for i in range(len(trees) - 1, -1, -1):
        hit = np.broadcast_to(np.asarray(language.evaluate(np, trees[i], cards), dtype=bool), (n,))
        line[hit] = i
    return line


def slot_pairs(n: int) -> tuple:
    """Every pair (i, j), i < j, of n read slots, in a fixed order (the bits of a group's shared ranks)."""
    return tuple((i, j) for j in range(n) for i in range(j))


def exact_number(x: Fraction):
    """An int where the fraction is whole."""
    return x.numerator if x.denominator == 1 else x


def suited_counts(np, trees, plan, slots, w, model, symmetric: bool, suit_classes: tuple) -> list:
    """Counts of a bet that reads suits: each group's six-rank sum times its read cards' suit distribution,
    which depends on which read slots share a rank and on the suit model of each such rank."""
    from exact_odds.cards.substrate.sequences import exact_sums

    models, key = model_keys(np, plan, model)
    c = len(models)
    if c > 1:
        keys, inverse = np.unique(key, return_inverse=True)
        inverse = inverse.reshape(-1)
    else:
        keys, inverse = np.arange(int(key.max()) + 1), key
    sums = exact_sums(np, w, inverse, len(keys))
    classes, groups, bucket = key_buckets(np, plan, keys, c)
    # the keys' sums in int64 where their total (so any sum of some of them) is below INT64_SAFE
    sums_at = np.array(sums, dtype=np.int64) if sum(sums) < INT64_SAFE else np.array(sums, dtype=object)
    live = sums_at != 0
    order = np.flatnonzero(live)[np.argsort(bucket[live], kind="stable")]
    cut = np.flatnonzero(np.r_[True, bucket[order][1:] != bucket[order][:-1]]) if len(order) else []
    counts = [Fraction(0)] * (len(trees) + 1)
    pairs = slot_pairs(len(slots))
    settled, alike = _settled_by_ranks(np, trees, plan)
    # Each bucket's rows (a key's groups times the suits its read cards can have), settled a chunk of
    # buckets at a time (at most about CHUNK rows in memory at once).
    pieces: list = []  # (members, their weights, suits, nums, den, held) per bucket
    held_rows = 0
    for start, stop in zip(cut, list(cut[1:]) + [len(order)]):
        members = order[start:stop]
        first = int(members[0])
        labels, held = _blocks(int(plan.pairs[groups[first]]), len(slots), pairs)
        block_models = tuple(models[int(classes[labels.index(b)][first])] if c > 1 else models[0]
                             for b in range(max(labels, default=-1) + 1))
        renaming = symmetric and all(bm == "infinite" or len(set(bm.base)) == 1 for bm in block_models)
        suits, nums, den = _assignments(np, tuple(labels[j] for j in held), block_models,
                                        "renaming" if renaming else suit_classes)
        line = settled[groups[members]]
        if (line >= 0).any():  # groups whose ranks settle the line: every suit of theirs counts on it
            whole = int(nums.sum())
            for ln in distinct(np, line[line >= 0]).tolist():
                total = int(sums_at[members[line == ln]].sum()) * whole
                if total:
                    counts[ln] += Fraction(total, den)
            members = members[line < 0]
            if not len(members):
                continue
        weights = sums_at[members]
        if alike is not None:  # groups alike in all the open parts read settle alike: one row set for all
            _, reps, which = np.unique(alike[groups[members]], return_index=True, return_inverse=True)
            weights = _summed(np, weights, which.reshape(-1), len(reps))
            members = members[reps]
        pieces.append((members, weights, suits, nums, den, held))
        held_rows += len(members) * len(nums)
        if held_rows >= CHUNK:
            _settle_pieces(np, trees, plan, slots, groups, pieces, counts)
            pieces, held_rows = [], 0
    _settle_pieces(np, trees, plan, slots, groups, pieces, counts)
    return [exact_number(x) for x in counts]


def model_keys(np, plan, model) -> tuple:
    """(the distinct suit models of the shoe's ranks, each group's key): its group, then, where the ranks
    differ in their suit models, the model of each read slot's rank (ranks alike in suits share one)."""
    rank_models = ["infinite"] * 13 if model.ranks is None else list(model.ranks)
    models = list(dict.fromkeys(rank_models))
    c = len(models)
    key = plan.group.astype(np.int64)
    if c > 1:
        cls_of_rank = np.array([models.index(m) for m in rank_models] + [0], dtype=np.int64)
        for r in plan.slot_ranks:
            key = key * c + cls_of_rank[r]
    return models, key


def key_buckets(np, plan, keys, c: int) -> tuple:
    """(each read slot's model class, the group, the bucket) of each distinct key (``c`` models): keys whose
    read slots share ranks alike, with alike suit models, settle their suits alike (one bucket)."""
    classes = []
    rest = keys
    for _ in plan.slot_ranks if c > 1 else ():
        classes.append(rest % c)
        rest = rest // c
    classes.reverse()
    bucket = plan.pairs[rest].astype(np.int64)
    for cl in classes:
        bucket = bucket * c + cl
    return classes, rest, bucket


def _settled_by_ranks(np, trees, plan):
    """Each group's line where its ranks and values settle it whatever the suits, else -1
    (:func:`exact_odds.conditions.partial.lines_without_suits`)."""
    from exact_odds.conditions.partial import lines_without_suits

    n = len(plan.pairs)
    zeros = np.zeros(n, dtype=np.int64)
    cards = language.Cards({slot: plan.ranks.get(slot, zeros) for slot in ALL_SLOTS},
                           {slot: zeros for slot in ALL_SLOTS}, plan.values)
    return lines_without_suits(np, trees, cards, n, frozenset(plan.values))


@lru_cache(maxsize=4096)
def _blocks(bits: int, n: int, pairs: tuple) -> tuple:
    """The block (shared rank) of each of ``n`` read slots holding a card (-1: no card), from the bits of
    :attr:`_CoupPlan.pairs`, and the slots holding one."""
    labels: list[int] = []
    for j in range(n):
        same = [i for i, (_, b) in enumerate(pairs) if b == j and bits >> (n + i) & 1]
        if not bits >> j & 1:
            labels.append(-1)
        elif same:
            labels.append(labels[pairs[same[0]][0]])
        else:
            labels.append(max(labels, default=-1) + 1)
    return labels, tuple(j for j in range(n) if labels[j] >= 0)


@lru_cache(maxsize=4096)
def _assignments(np, labels: tuple, block_models: tuple, how) -> tuple:
    """Every suit the read cards can have that the bet can tell apart, as arrays of suits 0-3 per card,
    with its weight's numerator under the blocks' suit models, and the common denominator.

    ``labels`` gives each card's block (cards of one rank are drawn together, so their suits are
    weighted jointly); the suits of the coup's other cards are summed out (the model of fewer cards of
    a rank is the sum over the others). ``how`` says what the bet tells apart: a tuple giving each suit's
    class (suits of one class are summed into one, shown by its first suit), or ``"renaming"`` when
    the bet reads only which cards share a suit and every block's model treats the suits alike: one
    assignment per way of sharing suits, weighted by the number of suit names it stands for."""
    from exact_odds.cards.routes.every_card import _block_options

    blocks = []
    den = 1
    for b, bm in enumerate(block_models):
        members = [i for i, lab in enumerate(labels) if lab == b]
        options, d = _block_options(bm, len(members))
        blocks.append((members, dict(options)))
        den *= d
    if how == "renaming":
        rows = []
        for shape in _sharings(len(labels)):
            num = falling(4, max(shape, default=-1) + 1)
            for members, options in blocks:
                num *= options.get(tuple(shape[i] for i in members), 0)
            if num:
                rows.append((shape, num))
    else:
        # each block's suits as the bet tells them apart (suits of one class merged, shown by its first),
        # then every choice of one per block, the first block's varying slowest
        merged_blocks = []
        for members, options in blocks:
            merged: dict = {}
            for combo, num in options.items():
                key = tuple(how[x] for x in combo)
                shown, total = merged.get(key, (tuple(how.index(k) for k in key), 0))
                merged[key] = (shown, total + num)
            merged_blocks.append((members, tuple(merged.values())))
        # the choices laid out in numpy: choice r takes from block b the option r // stride_b % size_b
        sizes = [len(values) for _, values in merged_blocks]
        index = np.arange(prod(sizes))
        suits = [None] * len(labels)
        nums = np.ones(len(index), dtype=object)  # Python integers: products of the blocks' ways
        stride = len(index)
        for (members, values), size in zip(merged_blocks, sizes):
            stride //= size
            pick = index // stride % size
            shown = np.array([v[0] for v in values], dtype=np.int64).reshape(size, len(members))
            for j, i in enumerate(members):
                suits[i] = shown[pick, j]
            nums = nums * np.array([v[1] for v in values], dtype=object)[pick]
        top = max(nums.tolist(), default=0)
        return suits, nums.astype(np.int64) if top * len(nums) < INT64_SAFE else nums, den
    suits = [np.array([shape[i] for shape, _ in rows], dtype=np.int64) for i in range(len(labels))]
    nums = np.array([n for _, n in rows], dtype=object)
    top = max((n for _, n in rows), default=0)
    return suits, nums.astype(np.int64) if top * len(rows) < INT64_SAFE else nums, den


@lru_cache(maxsize=16)
def _sharings(k: int) -> tuple:
    """Every way k cards can share at most four suits, each named in order of first use: (0, 0, 1), ..."""
    out = [()]
    for _ in range(k):
        out = [s + (x,) for s in out for x in range(min(max(s, default=-1) + 2, 4))]
    return tuple(out)


#: Rows settled at once (each row a few dozen bytes in a dozen arrays).
CHUNK = 1 << 20


def _summed(np, weights, which, n: int):
    """``weights`` summed by ``which`` (0..n-1), exact: int64 where the caller's bound holds, else objects."""
    out = np.zeros(n, dtype=weights.dtype)
    np.add.at(out, which, weights)
    return out


def _settle_pieces(np, trees, plan, slots, groups, pieces, counts) -> None:
    """Settle the rows of ``pieces`` in one evaluation and add each line's weight to ``counts``."""
    if not pieces:
        return
    sizes = [len(m) * len(n) for m, _, _, n, _, _ in pieces]
    rows = sum(sizes)
    g_rows = np.concatenate([np.repeat(groups[m], len(n)) for m, _, _, n, _, _ in pieces])
    zeros = np.zeros(rows, dtype=np.int64)
    rank = {slot: plan.ranks[slot][g_rows] if slot in plan.ranks else zeros for slot in ALL_SLOTS}
    suit = {}
    for j, slot in enumerate(slots):
        suit[slot] = np.concatenate([np.tile(su[held.index(j)] + 1, len(m)) if j in held
                                     else np.zeros(len(m) * len(n), dtype=np.int64)
                                     for m, _, su, n, _, held in pieces])
    suit = {slot: suit.get(slot, zeros) for slot in ALL_SLOTS}
    vals = {name: v[g_rows] for name, v in plan.values.items()}
    lines = settle_lines(np, trees, language.Cards(rank, suit, vals), rows)
    at = 0
    for (members, weights, _, nums, den, _), size in zip(pieces, sizes):
        line = lines[at:at + size].reshape(len(members), len(nums))
        at += size
        weights = weights.astype(object)
        for ln in distinct(np, line).tolist():
            per_member = ((line == ln).astype(nums.dtype) @ nums).astype(object)
            total = int(weights.dot(per_member))
            if total:
                counts[ln] += Fraction(total, den)
