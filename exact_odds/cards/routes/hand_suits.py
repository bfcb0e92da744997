"""Bets on whole hands' suits and colours with the coup's values (Lucky 8, All Red), on a suited shoe.

A hand is *suited* when all its cards share a suit, *red* or *black* when all
are. These facts are unions of events "every card of the hand lies in a class
X of cards": a suit, a colour, or any card. For a suited shoe (52 counts)
the ways to deal an ordered sequence of card *values* with the Player's cards
in class X and the Banker's in class Y are a product of falling factorials of
the class counts ``a_X[v]`` (cards of value v in X), because two classes are
always nested or disjoint: deal the smaller class first, then the larger one
less the cards already dealt of that value (docs/methods/suits.md, "Fast
paths"). So, per tableau and process, every sequence of six card values is
played once with numpy (about 340,000 kept: a coup of 4 or 5 cards once, its
unused cards one factor per shoe). A sequence's ways depend only on the
multiset of values in each hand, so the sequences of one bet's key with the
same pair of multisets are merged into one row with their number (about
45,000 rows for every coup, fewer for Lucky 8's three-card 8s). Per shoe and
pair of classes, a few array products over those rows give the counts by the
coup's values, and inclusion-exclusion turns them into the joint counts of the
facts (for example, suited = the sum over the four suits; red but not suited
= red less hearts less diamonds).

Exact integers: every partial product of a sequence's factors is at most
``N**6`` (at most six factors of at most N), checked against 2**63 before
int64 is used (N <= 1,448 cards; else Python integers in object arrays); a
row's weight times its number of sequences is a sum of ordered deals, at
most ``N**6`` too, and so is a key's sum over rows (it counts distinct
ordered deals of six cards) and every partial sum: int64 sums are exact.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import Tableau

#: The names this path prices: whole hands' suit and colour.
HAND_SUIT_NAMES = frozenset(f"{h}_{w}" for h in ("player", "banker") for w in ("suited", "red", "black"))
_ANY = frozenset(range(4))
_RED = frozenset({1, 2})  # hearts, diamonds (suit indices of exact_odds.conditions.card_names)
_BLACK = frozenset({0, 3})
_UNUSED = 60
_SLOT = 61  # a table per hand: 10 values * 6 copies, then 1 for a position the coup does not use
_UNUSED_CODE = 2 * _SLOT + 1 - 4  # the two hands' tables, a 1, then the unused cards' factor for 4-6 cards used


def applies(fact_names, shoe: Shoe) -> bool:
    """Whether this path prices ``fact_names`` on ``shoe``: hand suit and colour names, 52 counts."""
    names = set(fact_names)
    return bool(names) and names <= HAND_SUIT_NAMES and not shoe.is_infinite and shoe.suited is not None


def _numpy():
    import numpy

    return numpy


@lru_cache(maxsize=4)
def value_sequences(tableau: Tableau) -> tuple:
    """Every sequence of six card values played once by the rules (a coup of 4 or 5 cards once, its unused
    positions value 0): the six positions' values (int64 arrays), whether the Player and the Banker drew,
    the cards used, the deal index of each sequence, and the deals."""
    from exact_odds.cards.substrate.sequences import deal_of_code, dense_ids, tableau_arrays

    np = _numpy()
    ht, ne, pd, bd = tableau_arrays(np, tableau)
    x = list(np.indices((10,) * 6, dtype=np.int8).reshape(6, -1))
    pt, bt = ht[x[0], x[2]], ht[x[1], x[3]]
    nat = ne[pt, bt]
    pdraw = ~nat & pd[pt]
    p3 = np.where(pdraw, x[4], np.int8(10))
    bdraw = ~nat & bd[bt, p3]
    b3 = np.where(bdraw, np.where(pdraw, x[5], x[4]), np.int8(10))
    used = 4 + pdraw.astype(np.int8) + bdraw.astype(np.int8)
    keep = (used == 6) | ((used == 5) & (x[5] == 0)) | ((used == 4) & (x[4] == 0) & (x[5] == 0))
    x = [a[keep].astype(np.int64) for a in x]
    pdraw, bdraw, used = pdraw[keep], bdraw[keep], used[keep]
    pt, bt, p3, b3 = pt[keep], bt[keep], p3[keep], b3[keep]
    deal_code = ((pt.astype(np.int64) * 10 + bt) * 11 + p3) * 11 + b3
    deal, deal_codes = dense_ids(np, deal_code, 10 * 10 * 11 * 11)
    return x, pdraw, bdraw, used, deal, tuple(deal_of_code(c) for c in deal_codes)


@lru_cache(maxsize=4)
def _table(tableau: Tableau):
    """Every six-value sequence played once: per position the index into the two hands' tables when
    the Player's class is dealt first, the Banker's first, or the classes are disjoint; cards used;
    deal index; and the deals."""
    np = _numpy()
    x, pdraw, bdraw, used, deal, deals = value_sequences(tableau)
    # Role of each position: 0 Player, 1 Banker, 2 not used.
    role = [np.zeros(len(used), dtype=np.int64) for _ in range(6)]
    role[1][:] = role[3][:] = 1
    role[4] = np.where(pdraw, 0, np.where(bdraw, 1, 2))
    role[5] = np.where(pdraw & bdraw, 1, 2)
    own, after = [], []
    for i in range(6):
        same_hand = np.zeros(len(used), dtype=np.int64)
        other_hand = np.zeros(len(used), dtype=np.int64)
        for j in range(6):
            same_value = x[j] == x[i]
            if j < i:
                same_hand += same_value & (role[j] == role[i])
            other_hand += same_value & (role[j] == 1 - role[i])
        base = role[i] * _SLOT
        own.append(np.where(role[i] == 2, 2 * _SLOT, base + x[i] * 6 + same_hand))
        after.append(np.where(role[i] == 2, 2 * _SLOT, base + x[i] * 6 + same_hand + other_hand))
    idx = {
        "disjoint": own,
        "player first": [np.where(role[i] == 1, after[i], own[i]) for i in range(6)],
        "banker first": [np.where(role[i] == 0, after[i], own[i]) for i in range(6)],
    }
    idx = {k: tuple(a.astype(np.uint8) for a in v) for k, v in idx.items()}
    return idx, used.astype(np.uint8), deal, deals


def deals(tableau: Tableau) -> tuple:
    """Every deal the tableau can make (from the table of value sequences)."""
    return _table(tableau)[3]


@lru_cache(maxsize=64)
def _subset(tableau: Tableau, value_of, keys: frozenset | None):
    """The table's sequences whose deal's values (``value_of``) are among ``keys`` (all if None),
    merged: ``(rows, order)``, the keys in order and, per kind of class pair, ``(codes, mult, starts,
    present)``: a (7, rows) array of each row's six positions' codes and its unused cards' code
    (``_UNUSED_CODE`` + cards used), the number of sequences each row stands for, and the rows sorted
    by key index, ``starts`` the first row of each key index in ``present``.

    A sequence's weight depends only on the multisets of values in each hand (a hand's factors
    a_X[v] - j, j counting the hand's earlier cards of value v and, nested, all the other hand's): one
    row per pair of multisets and key. With one class for both hands ("same") the weight is
    ``prod_v falling(a_X[v], cards of value v)``, which depends only on the coup's multiset of values:
    one row per multiset and key."""
    np = _numpy()
    idx, used, deal, deals = _table(tableau)
    values = [value_of(d) for d in deals]
    order = [k for k in dict.fromkeys(values) if keys is None or k in keys]
    key_of = {k: i for i, k in enumerate(order)}
    of_deal = np.array([key_of.get(v, -1) for v in values], dtype=np.int64)[deal]
    rows = np.flatnonzero(of_deal >= 0)
    own = np.stack([a[rows] for a in idx["disjoint"]]).astype(np.int64)  # (hand, value, copy); 122 unused
    by_hand = np.sort(own, axis=0)  # the pair of multisets, codes below 2**7
    coup = np.sort(np.where(own == 2 * _SLOT, 15, own % _SLOT // 6), axis=0)  # the multiset, values below 2**4
    out = {}
    for kinds, sorted_codes, bits in ((("disjoint", "player first", "banker first"), by_hand, 7),
                                      (("same",), coup, 4)):
        packed = np.zeros(len(rows), dtype=np.int64)
        for c in sorted_codes:  # at most 42 bits
            packed = (packed << bits) | c
        keyed, first, mult = np.unique((of_deal[rows] << 42) | packed, return_index=True, return_counts=True)
        kept = rows[first]  # sorted by key index, the high bits
        group = keyed >> 42
        starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]]) if len(kept) else np.zeros(0, dtype=np.intp)
        last = (used[kept].astype(np.uint8) + _UNUSED_CODE)[None]
        for kind in kinds:
            codes = np.stack([a[kept] for a in idx["player first" if kind == "same" else kind]])
            out[kind] = (np.concatenate([codes, last]).astype(np.intp), mult.astype(np.int64), starts,
                         group[starts].tolist())  # intp: np.take is several times faster with native indices
    return out, order


def _atoms(hand: str, fact_names) -> list[tuple[dict, dict]]:
    """The hand's atoms: (coefficients over classes, values of the hand's facts), so that the count of
    an atom is the signed sum of the class counts."""
    named = {n.split("_", 1)[1] for n in fact_names if n.startswith(hand + "_")}
    suits = [frozenset({s}) for s in range(4)]
    if not named:
        return [({_ANY: 1}, {})]
    if named == {"suited"}:
        parts = [({s: 1}, s) for s in suits] + [({_ANY: 1, **{s: -1 for s in suits}}, None)]
    elif named in ({"red"}, {"black"}):
        colour = _RED if named == {"red"} else _BLACK
        parts = [({colour: 1}, colour), ({_ANY: 1, colour: -1}, None)]
    elif "suited" not in named:
        parts = [({_RED: 1}, _RED), ({_BLACK: 1}, _BLACK), ({_ANY: 1, _RED: -1, _BLACK: -1}, None)]
    else:
        parts = [({s: 1}, s) for s in suits] + [
            ({_RED: 1, suits[1]: -1, suits[2]: -1}, _RED), ({_BLACK: 1, suits[0]: -1, suits[3]: -1}, _BLACK),
            ({_ANY: 1, _RED: -1, _BLACK: -1}, None)]
    out = []
    for coef, cls in parts:
        facts = {"suited": cls is not None and len(cls) == 1,
                 "red": cls is not None and cls <= _RED, "black": cls is not None and cls <= _BLACK}
        out.append((coef, {f"{hand}_{n}": facts[n] for n in named}))
    return out


def hand_suit_counts(dist, fact_names: tuple[str, ...], value_of, keys=None, totals: dict | None = None,
                     blocks: tuple | None = None) -> tuple[dict, int, None]:
    """:func:`~exact_odds.cards.routes.every_card.card_counts` of hand suit and colour names on the suited
    shoe and tableau of ``dist`` (:func:`applies`), with ``value_of(deal)`` the value names' values (a
    function kept for the process: groupings are cached per function). ``keys``, a set of values,
    limits the counts to coups with those values (None: every coup); ``totals``, the value walk's
    count of each of those values, saves counting them again (one group of facts is then the total
    less the others). ``blocks``, a partition of the facts' values (tuples of bools), counts each
    block as one, under its first member: for a bet whose line is the same across a block, so that
    only the classes of cards the bet can tell apart are counted."""
    np = _numpy()
    shoe: Shoe = dist.shoe
    if not applies(fact_names, shoe):
        raise ValueError("hand_suit_counts prices hand suit and colour names on a shoe with 52 counts")
    rows = _subset(dist.tableau, value_of, None if keys is None else frozenset(keys))
    order = rows[-1]
    nets, firsts, derived, needed = _plan(tuple(fact_names), blocks, totals is not None)
    counts = _class_counts(np, shoe, rows, needed, totals)
    out: dict = {}
    for b, net in nets.items():
        if b == derived:
            continue
        for g, values in enumerate(order):
            x = sum(c * counts[pair][g] for pair, c in net)
            if x:
                out[values, firsts[b]] = x
    if derived is not None:
        for g, values in enumerate(order):
            x = totals.get(values, 0) - sum(out.get((values, firsts[b]), 0) for b in nets if b != derived)
            if x:
                out[values, firsts[derived]] = x
    return out, dist.total, None


@lru_cache(maxsize=256)
def _plan(fact_names: tuple[str, ...], blocks: tuple | None, derive: bool) -> tuple:
    """Shoe-independent, kept per process: ``(nets, firsts, derived, needed)``, each block's count as a
    signed sum of class-pair counts (inclusion-exclusion over the atoms), the fact values that name
    each block, the block to be derived from the totals (``derive``), and the class pairs to count."""
    player, banker = _atoms("player", fact_names), _atoms("banker", fact_names)
    block_of: dict = {}
    for b, block in enumerate(blocks or ()):
        for facts in block:
            block_of[facts] = b
    nets: dict = {}
    firsts: dict = {}
    for coef_p, facts_p in player:
        for coef_b, facts_b in banker:
            facts = {**facts_p, **facts_b}
            key = tuple(facts[name] for name in fact_names)
            b = block_of.get(key, key) if blocks else key
            firsts.setdefault(b, blocks[b][0] if blocks else key)
            net = nets.setdefault(b, defaultdict(int))
            for xp, cp in coef_p.items():
                for xb, cb in coef_b.items():
                    net[xp, xb] += cp * cb
    nets = {b: tuple((pair, c) for pair, c in net.items() if c) for b, net in nets.items()}
    derived = max(nets, key=lambda b: len(nets[b])) if derive else None
    needed = frozenset(pair for b, net in nets.items() if b != derived for pair, _ in net)
    return nets, firsts, derived, needed


def _class_counts(np, shoe: Shoe, rows, pairs, totals) -> dict:
    """For each pair of classes (Player's, Banker's), the ways for each key of :func:`_subset`'s
    ``rows``: the pairs of one kind together, one gather, product and sum for each chunk of them.

    Exact in int64 when ``N**6 < 2**63`` (N <= 1,448 cards; else Python integers in object arrays): a
    row's factors are at most six of at most N and the unused cards' ``falling(N - k, 6 - k)``, so every
    partial product is at most N**6; times the row's number of sequences, and summed over a key's rows,
    it counts distinct ordered deals of six cards, at most ``falling(N, 6) < N**6``, and so does every
    partial sum."""
    n = shoe.size
    by_kind, order = rows
    dtype = np.int64 if n ** 6 < 2 ** 63 else object
    unused = tuple(falling(n - k, 6 - k) for k in range(4, 7))
    counts: dict = {}
    kinds: dict = defaultdict(list)
    for xp, xb in pairs:
        if xp == xb == _ANY and totals is not None:
            counts[xp, xb] = [totals.get(k, 0) for k in order]
        else:
            kinds["same" if xp == xb else "player first" if xp <= xb else "banker first" if xb <= xp
                  else "disjoint"].append((xp, xb))
    for kind, todo in kinds.items():
        codes, mult, starts, present = by_kind[kind]
        step = max(1, 2 ** 20 // max(1, codes.size))  # at most about 2**20 factors at a time
        for i in range(0, len(todo), step):
            chunk = todo[i:i + step]
            t = np.array([_class_table(shoe.suited, xp) + _class_table(shoe.suited, xb) + (1,) + unused
                          for xp, xb in chunk], dtype=dtype)
            sums = np.zeros((len(chunk), 0), dtype=dtype)
            if len(mult):
                w = np.take(t, codes, axis=1).prod(axis=1)  # (pairs, rows): six positions, then unused cards
                w *= mult
                sums = np.add.reduceat(w, starts, axis=1)
            for pair, row in zip(chunk, sums.tolist()):
                out = [0] * len(order)
                for g, x in zip(present, row):
                    out[g] = x
                counts[pair] = out
    return counts


@lru_cache(maxsize=512)
def _class_table(suited: tuple[int, ...], cls: frozenset) -> tuple[int, ...]:
    """The factors ``a_X[v] - j`` (v = 0-9, j = 0-5, at least 0) of class X of a shoe's 52 counts, then 1
    (a position the coup does not use): kept per shoe and class, as a shoe's bets ask for the same."""
    by_value = [0] * 10
    for r in range(13):
        by_value[RANK_VALUES[r]] += sum(suited[4 * r + s] for s in cls)
    return tuple(max(a - j, 0) for a in by_value for j in range(6)) + (1,)
