"""Many shuffled shoes dealt at once with numpy: the same coups as :func:`~exact_odds.in_play.dealing.deal_shoe`.

``simulate`` deals every shoe of a block together: one step of the loop deals
the next coup of every shoe still in play, as arrays. The drawing rules are not
restated here: the lookup tables come from the rules' own functions, called
once on every case they can meet:

* a hand's total of two values, from :func:`exact_odds.rules.deal.hand_total`;
* whether four cards end the coup (two-card totals p and b), and whether five do
  (with the fifth card's value), from :func:`exact_odds.rules.coup.coup_complete`
  under the tableau (any cards with those totals give the same answer: the rule
  reads only the totals and the fifth card);
* which hand took the fifth card of a five-card coup, from
  :func:`exact_odds.rules.coup.deal_of`.

The shuffle is Python's, as :func:`~exact_odds.in_play.dealing.shuffled_cards`
makes it, but of the card identities ``0 .. 52 D - 1`` instead of the ranks:
``random.shuffle`` moves positions the same way whatever the list holds, so the
ranks (``id // 4D``) are exactly the shoe ``shuffled_cards`` deals for that seed,
and every card also has a suit (``id % 4``) drawn from the same shuffle. A
value-only simulation therefore deals the same coups as before suits existed.
A block's shoes are shuffled together (:func:`shuffled_id_block`): each shoe's
Mersenne Twister words are drawn at once, and one step of a numpy loop reads the
next word of every shoe, making the draws and swaps ``random.shuffle`` makes.

Counts are small integers (at most 52 x 1,000 cards of a rank), held in int64.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

import numpy as np

from exact_odds.in_play.dealing import check_deal, check_int
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.coup import Deal, coup_complete, deal_of
from exact_odds.rules.deal import hand_total
from exact_odds.rules.shoe import ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Suits of the card identities: ``id % 4`` (the order of :data:`exact_odds.rules.cards.SUITS`).
SUITS_PER_RANK = 4


def shuffled_ids(decks: int, seed: int) -> list[int]:
    """A shuffled shoe of ``decks`` decks as card identities ``0 .. 52 decks - 1`` from its own seed:
    rank ``id // (4 decks)``, suit ``id % 4``. The ranks are :func:`shuffled_cards` ``(decks, seed)``."""
    if check_int(decks, "decks") < 1:
        raise ShoeError(f"a shoe needs at least 1 deck, not {decks}")
    check_int(seed, "seed")
    cards = list(range(52 * decks))
    if _same_shuffle():
        _shuffle(cards, random.Random(seed).getrandbits)
    else:  # a Python whose shuffle draws differently: its own
        random.Random(seed).shuffle(cards)
    return cards


def _shuffle(cards: list[int], getrandbits: Any) -> None:
    """``random.Random.shuffle`` as CPython 3.11-3.13 write it (Fisher-Yates from the end; j drawn by
    ``getrandbits(n.bit_length())`` until it is below n = i + 1), without a method call per card:
    the same swaps from the same draws. :func:`_same_shuffle` checks it against the real one."""
    for i, k in _positions(len(cards)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=16)
def _positions(size: int) -> tuple[tuple[int, int], ...]:
    """The shuffle's positions i from the end, each with the bits drawn for it: (i + 1).bit_length()."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


@lru_cache(maxsize=1)
def _same_shuffle() -> bool:
    """Whether :func:`_shuffle` moves cards as this Python's ``random.shuffle`` does (checked once
    on a few seeds and lengths; where it does not, ``random.shuffle`` itself is used)."""
    for seed, size in ((1, 52), (2**63 + 5, 416)):
        mine, theirs = list(range(size)), list(range(size))
        _shuffle(mine, random.Random(seed).getrandbits)
        random.Random(seed).shuffle(theirs)
        if mine != theirs:
            return False
    return True


@lru_cache(maxsize=8)
def rule_tables(tableau: Tableau = PUNTO_BANCO) -> dict[str, Any]:
    """The lookup tables of the module docstring, built by calling the rules' functions."""
    total = np.array([[hand_total(a, b) for b in range(10)] for a in range(10)], dtype=np.int64)
    four = np.array([[coup_complete([p, b, 0, 0], tableau) for b in range(10)] for p in range(10)])
    five = np.array([[[coup_complete([p, b, 0, 0, v], tableau) for v in range(10)] for b in range(10)]
                     for p in range(10)])
    # In a five-card coup, did the Player take the fifth card? (only read where four did not end it)
    player_fifth = np.array([[not four[p, b] and deal_of([p, b, 0, 0, 0], tableau).player_third is not None
                              for b in range(10)] for p in range(10)])
    return {"total": total, "four": four, "five": five, "player_fifth": player_fifth,
            "value": np.array(RANK_VALUES, dtype=np.int64), "total16": total.astype(np.int16)}


@dataclass(frozen=True)
class DealtBlock:
    """The coups of a block of shoes, shoe by shoe and in deal order within a shoe (C coups).

    ``known[i]`` holds the cards of each rank not yet seen by the bettor before coup i
    (the shoe less the cards dealt before it and the burn card turned up), as
    :class:`~exact_odds.in_play.dealing.DealtCoup` ``known``; ``shoe[i]`` the coup's shoe
    in the block, ``start[i]`` its first card's position, ``size[i]`` its cards (4-6); the
    deal's two-card totals and third-card values (-1: no third card)."""

    shoes: int
    shoe: Any
    start: Any
    size: Any
    known: Any
    player_initial: Any
    banker_initial: Any
    player_third: Any
    banker_third: Any

    def __len__(self) -> int:
        return len(self.shoe)

    def coups_per_shoe(self) -> list[int]:
        return np.bincount(self.shoe, minlength=self.shoes).tolist()

    def deal(self, i: int) -> Deal:
        """Coup i's :class:`~exact_odds.rules.coup.Deal`."""
        p3, b3 = int(self.player_third[i]), int(self.banker_third[i])
        return Deal(int(self.player_initial[i]), int(self.banker_initial[i]), None if p3 < 0 else p3,
                    None if b3 < 0 else b3)


def deal_block(ranks: Any, burn: str = "none", tableau: Tableau = PUNTO_BANCO,
               cut_card: int = 7, one_more_coup: bool = False) -> DealtBlock:
    """Deal every shoe of ``ranks`` (an (S, cards) array of rank indices 0-12, one shuffled shoe a
    row) until its cut card comes out: the coups :func:`~exact_odds.in_play.dealing.deal_shoe`
    deals from each row, for the same burn rule, cut card and ``one_more_coup``."""
    check_deal(tableau, burn, cut_card, one_more_coup)
    ranks = np.asarray(ranks, dtype=np.int64)
    if ranks.ndim != 2 or ranks.size and (ranks.min() < 0 or ranks.max() > 12):
        raise ValueError("ranks must be an (S, cards) array of rank indices 0 (ace) to 12 (king)")
    tables = rule_tables(tableau)
    s_count, cards = ranks.shape
    values = np.zeros((s_count, cards + 6), dtype=np.int64)  # six past the end: a coup never reads there
    values[:, :cards] = tables["value"][ranks]
    rows = np.arange(s_count)
    dealt_from = start_of_play(values, cards, burn)  # the first coup's first card
    # What the bettor has seen before the first coup: the burn card turned up, if any.
    seen_first = np.zeros((s_count, 13), dtype=np.int64)
    if burn == "face-value" and cards:
        seen_first[rows, ranks[:, 0]] = 1
    cut = cards - cut_card
    if not cards or not s_count or not (dealt_from <= cut).any():
        empty = np.zeros(0, dtype=np.int64)
        return DealtBlock(s_count, empty, empty, empty, np.zeros((0, 13), dtype=np.int64), empty, empty, empty,
                          empty)
    # The cards a coup would take if it started at each position of each shoe (4, 5 or 6) ...
    sizes = _sizes_from(values, cards, tables).ravel()
    # ... and the positions where coups start, one step per coup for every shoe at once: a shoe's
    # coups from its first card on while they start at or before the cut (the coup the cut card comes
    # out in is the last), and with ``one_more_coup`` the next one if the last started before the cut.
    starts = [dealt_from]
    offset = rows * cards
    while (starts[-1] <= cut).any():
        at = starts[-1]
        starts.append(at + sizes[offset + np.minimum(at, cards - 1)])
    starts = np.array(starts).T  # (S, steps): a shoe's row in deal order
    dealt = starts <= cut
    if one_more_coup:
        dealt[:, 1:] |= (starts[:, :-1] < cut) & (starts[:, 1:] > cut)
    shoe, step = np.nonzero(dealt)  # shoe by shoe, in deal order
    start = starts[shoe, step]
    first_card = shoe * (cards + 6) + start  # in ``values``, flat
    c = [values.take(first_card + j) for j in range(6)]
    pt = tables["total"][c[0], c[2]]
    bt = tables["total"][c[1], c[3]]
    size = sizes[shoe * cards + start].astype(np.int64)
    player_fifth = tables["player_fifth"][pt, bt]
    p3 = np.where(size == 6, c[4], np.where((size == 5) & player_fifth, c[4], -1))
    b3 = np.where(size == 6, c[5], np.where((size == 5) & ~player_fifth, c[4], -1))
    return DealtBlock(s_count, shoe, start, size, _known(ranks, shoe, start, size, seen_first), pt, bt, p3, b3)


def _known(ranks: Any, shoe: Any, start: Any, size: Any, seen_first: Any) -> Any:
    """The cards of each rank not yet seen before each coup (C, 13): the shoe's, less its burn card
    turned up and the cards of its coups before. A coup's 4-6 cards are inside the shoe (a coup
    starts at least 6 cards from the end: check_deal). Rank by rank, along the coups (13, C)."""
    s_count, cards = ranks.shape
    c_count = len(shoe)
    coup = np.arange(c_count)
    card = shoe * cards + start  # each coup's first card in ``ranks``, flat
    took = np.bincount(np.concatenate([(ranks.take(card + j) * c_count + coup)[size > j] for j in range(6)]),
                       minlength=13 * c_count).reshape(13, c_count)  # the cards of each rank each coup took
    through = np.cumsum(took, axis=1)  # ... added up through each coup of the block
    firsts = np.flatnonzero(np.concatenate(([True], shoe[1:] != shoe[:-1])))  # each shoe's first coup
    before_shoe = np.repeat(through[:, firsts] - took[:, firsts], np.diff(np.append(firsts, c_count)), axis=1)
    full = np.bincount((np.arange(s_count)[:, None] * 13 + ranks).ravel(), minlength=s_count * 13)
    unseen = np.ascontiguousarray((full.reshape(s_count, 13) - seen_first).T)  # (13, S): before the first coup
    known = unseen.take(shoe, axis=1)  # (in place from here: fresh arrays of a megabyte cost page faults)
    known -= through
    known += took
    known += before_shoe
    return known.T


def _sizes_from(values: Any, cards: int, tables: dict[str, Any]) -> Any:
    """The cards (4, 5 or 6) of a coup starting at each of the ``cards`` positions of every shoe of
    ``values`` (cards' values, six zeros past the end): the rules' tables read at its first five
    cards (flat, in int16: a tenth of the time of int64 pairs of indices)."""
    total, four, five = (tables[k].ravel() for k in ("total16", "four", "five"))
    v = values.astype(np.int16)
    at = [v[:, j: j + cards] for j in range(5)]
    both = total.take(at[0] * 10 + at[2]) * 10 + total.take(at[1] * 10 + at[3])  # 10 pt + bt
    four_cards = four.take(both)
    return 6 - four_cards.astype(np.int8) - (four_cards | five.take(both * 10 + at[4]))


#: Ranks by value: the value counts of a shoe are the sums of its rank counts over these.
_RANKS_OF_VALUE = tuple(tuple(r for r in range(13) if RANK_VALUES[r] == v) for v in range(10))


def value_counts(known: Any) -> Any:
    """Each coup's cards of each value 0..9 (a (C, 10) int64 array) from its (C, 13) rank counts, such
    as :attr:`DealtBlock.known`: sums of columns (numpy's matrix product of integers is slow)."""
    out = np.empty((len(known), 10), dtype=np.int64)
    for v, ranks in enumerate(_RANKS_OF_VALUE):
        out[:, v] = known[:, ranks[0]] if len(ranks) == 1 else known[:, list(ranks)].sum(axis=1)
    return out


def start_of_play(values: Any, cards: int, burn: str) -> Any:
    """Position of each shoe's first dealt card: after the face-value burn, the card turned up
    and as many more as its value (10-K count 10, as :func:`deal_shoe` burns them)."""
    if burn == "face-value" and cards:
        first_value = values[:, 0]
        return 1 + np.where(first_value == 0, 10, first_value)
    return np.zeros(values.shape[0], dtype=np.int64)


def shuffled_block(decks: int, seeds: Sequence[int]) -> tuple[Any, Any]:
    """The shoes of ``seeds`` shuffled (:func:`shuffled_ids`): (ranks, suits), two (S, 52 decks) arrays."""
    if _same_shuffle() and _same_block_shuffle():
        ids = shuffled_id_block(52 * decks, seeds)
    else:  # a Python whose shuffle draws otherwise: shoe by shoe, by its own shuffle
        ids = np.array([shuffled_ids(decks, s) for s in seeds], dtype=np.int64).reshape(len(seeds), 52 * decks)
    return ids // (SUITS_PER_RANK * decks), ids % SUITS_PER_RANK


def shuffled_id_block(cards: int, seeds: Sequence[int]) -> Any:
    """``random.Random(seed).shuffle(list(range(cards)))`` of every seed, as an (S, cards) int64 array.

    :func:`_shuffle` draws ``j = getrandbits(k)`` for each position i from the end, again while
    ``j > i``. For k <= 32, ``getrandbits(k)`` is the generator's next 32-bit word shifted right by
    32 - k, and ``getrandbits(32 m)`` is its next m words, the first the lowest: so every shoe's words
    are drawn at once (:func:`_words_needed`: enough for all but a vanishing share of shoes), and step t
    of the loop reads word t of every shoe, taking it as j for the shoe's position i if j <= i (then
    swapping cards i and j, and moving to i - 1), passing over it if not: the draws and swaps of
    ``random.shuffle``, shoe by shoe. A shoe whose words ran out is shuffled by :func:`_shuffle`."""
    count = len(seeds)
    if cards < 2 or not count:
        return np.tile(np.arange(cards, dtype=np.int64), (count, 1))
    words_each = _words_needed(cards)
    # the words of one shoe after another, then one row per word: row t holds word t of every shoe
    drawn = b"".join(random.Random(s).getrandbits(32 * words_each).to_bytes(4 * words_each, "little")
                     for s in seeds)
    words = np.ascontiguousarray(np.frombuffer(drawn, dtype="<u4").reshape(count, words_each).T, dtype=np.int64)
    shift, highest = _draw_tables(cards)
    base = np.arange(count, dtype=np.int64) * cards
    deck = np.tile(np.arange(cards, dtype=np.int64), count)  # the shoes one after another
    i = np.full(count, cards - 1, dtype=np.int64)  # each shoe's position being drawn for (0: done)
    for t in range(words_each):
        j = words[t] >> shift[i]
        taken = j <= highest[i]  # (never at position 0: highest is -1 there)
        at = base + i
        to = at + (j - i) * taken  # card i swaps with card j, or with itself
        card = deck[at]
        deck[at] = deck[to]
        deck[to] = card
        i -= taken
        if t & 63 == 63 and not i.any():
            break
    out = deck.reshape(count, cards)
    for s in np.flatnonzero(i).tolist():  # its words ran out: 12 standard deviations past the mean
        row = list(range(cards))
        _shuffle(row, random.Random(seeds[s]).getrandbits)
        out[s] = row
    return out


@lru_cache(maxsize=16)
def _words_needed(cards: int) -> int:
    """The words of a shoe's generator to draw for shuffling ``cards``: the mean number the shuffle
    reads plus 12 standard deviations plus 32 (position i + 1 = n reads a geometric number of
    words, each taken with chance n / 2**n.bit_length() >= 1/2)."""
    mean = var = 0.0
    for n in range(2, cards + 1):
        p = n / (1 << n.bit_length())
        mean += 1 / p
        var += (1 - p) / (p * p)
    return int(mean + 12 * var ** 0.5) + 32


@lru_cache(maxsize=16)
def _draw_tables(cards: int) -> tuple[Any, Any]:
    """Per position i: the shift 32 - (i + 1).bit_length() that makes ``getrandbits`` of a word, and
    the highest j taken there (i; -1 at position 0, where the shuffle has ended)."""
    shift = np.array([32 - (i + 1).bit_length() for i in range(cards)], dtype=np.int64)
    highest = np.arange(cards, dtype=np.int64)
    highest[0] = -1
    return shift, highest


def warm_tables(decks: int, tableau: Tableau = PUNTO_BANCO) -> None:
    """Make what dealing shoes of ``decks`` decks reads once per process (the rules' tables, the
    shuffle's checks and tables): called before worker processes fork, so that they inherit it."""
    rule_tables(tableau)
    if _same_shuffle() and _same_block_shuffle():
        _words_needed(52 * decks)
        _draw_tables(52 * decks)


@lru_cache(maxsize=1)
def _same_block_shuffle() -> bool:
    """Whether :func:`shuffled_id_block` gives this Python's ``random.shuffle`` (checked once, as
    :func:`_same_shuffle`; on 3.11-3.13 it does: a word is 32 bits, drawn as ``getrandbits`` draws)."""
    seeds = (1, 2**63 + 5, 7, 2**64 - 1)  # (one step of the loop per word: a short shoe checks in 1 ms)
    for size in (60,):
        theirs = []
        for seed in seeds:
            row = list(range(size))
            random.Random(seed).shuffle(row)
            theirs.append(row)
        if shuffled_id_block(size, seeds).tolist() != theirs:
            return False
    return True
