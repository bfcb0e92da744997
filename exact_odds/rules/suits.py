"""Suits where a shoe does not say them: the unknown-suit model (docs/methods/suits.md).

The coup's result depends on card values only, but pair, suit and colour bets
read ranks and suits. A shoe gives its suits (52 rank-suit counts, a card list
with suits, ``--decks``), gives them in part (a suited shoe with cards of
unknown suit removed), or not at all (13 rank counts). Every case is one model,
rank by rank: rank r has a *base* of ``b[s]`` cards of each suit s
(``B = sum b``), and ``k`` of them, of unknown suit, were removed uniformly at
random, leaving ``c = B - k`` cards.

* suits known: the base is the shoe, ``k = 0``;
* a suited shoe with cards of unknown suit removed: the base is the shoe
  before those removals (cards removed with their suit are taken from the
  base first), ``k`` the unknown removals of the rank;
* 13 rank counts: the shoe is taken to be built from the fewest whole decks
  that hold it, ``d = max(1, ceil(max c / 4))``, the missing cards removed
  with unknown suits: ``b[s] = d``, ``k = 4d - c``. So ``--shoe`` with every
  count 4d is ``--decks d``, and ``--decks 8 --remove 5`` is
  ``--remove 5h`` averaged over the four suits;
* the infinite deck: each of the 52 cards 1/52 per draw.

For M given cards of rank r with m[s] of suit s (in a given order), the
expected number of ways to deal them, over the unknown removals, is
``prod_s falling(b[s], m[s]) * C(B - M, k) / C(B, k)`` (the chance that M
given physical cards all remain is C(B-M, k)/C(B, k)). Summed over suits it is
``falling(c, M)``, the rank-level count, so the model never changes a
value-level figure, and each probability it gives is a true average: never
outside [0, 1]. Ranks are independent.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Stated in the output and the JSON ``assumptions`` of every suit-dependent bet on a shoe without suits.
BUILT_FROM_DECKS = (
    "Suits not given: the shoe is taken as built from the fewest whole decks that hold its rank counts "
    "({decks}), the missing cards removed with unknown suits; figures are exact averages over every way "
    "those suits could fall (docs/methods/suits.md)."
)
#: The same, for a shoe with suits whose removed cards' suits are partly unknown.
UNKNOWN_REMOVALS = (
    "Some removed cards have no suit: figures are exact averages over every suit those cards could have "
    "had (docs/methods/suits.md)."
)
#: The infinite deck's suits.
INFINITE_SUITS = "Infinite deck: each of the 52 rank-suit cards is drawn with probability 1/52."


@dataclass(frozen=True)
class RankSuits:
    """One rank under the model: ``base`` cards per suit, ``removed`` of unknown suit taken out."""

    base: tuple[int, int, int, int]
    removed: int

    @property
    def left(self) -> int:
        return sum(self.base) - self.removed

    def ways(self, suits: tuple[int, ...]) -> tuple[int, int]:
        """(numerator, denominator) of the probability that given cards of this rank, in order,
        have ``suits`` (indices 0-3), given that they are of this rank."""
        m = [0, 0, 0, 0]
        for s in suits:
            m[s] += 1
        big_m = len(suits)
        num = comb(sum(self.base) - big_m, self.removed)
        for b, n in zip(self.base, m):
            num *= falling(b, n)
        den = comb(sum(self.base), self.removed) * falling(self.left, big_m)
        return num, den

    def given_rank(self) -> RankSuits:
        """The same suits, given the rank, without the removals of unknown suit. They do not change them:
        C(B - M, k) / C(B, k) = falling(B - k, M) / falling(B, M), so :meth:`ways` is
        prod falling(b[s], m[s]) / falling(B, M) whatever k. Ranks alike in their base are then alike."""
        return RankSuits(self.base, 0)


@dataclass(frozen=True)
class SuitModel:
    """How the suits of each rank are known: 13 :class:`RankSuits`, or None for the infinite deck."""

    ranks: tuple[RankSuits, ...] | None
    assumption: str | None

    def given_rank(self) -> SuitModel:
        """:meth:`RankSuits.given_rank` of every rank: the same suits for cards whose ranks are known. A
        shoe of 13 counts is then one model for every rank (its decks' suits), as fresh decks are."""
        if self.ranks is None:
            return self
        return SuitModel(tuple(r.given_rank() for r in self.ranks), self.assumption)

    def ways(self, rank: int, suits: tuple[int, ...]) -> tuple[int, int]:
        """:meth:`RankSuits.ways` of ``rank``; the infinite deck gives 1 / 4**M."""
        if self.ranks is None:
            return 1, 4 ** len(suits)
        return self.ranks[rank].ways(suits)


def suit_model(shoe: Shoe) -> SuitModel:
    """The :class:`SuitModel` of ``shoe`` (see the module docstring)."""
    if shoe.is_infinite:
        return SuitModel(None, INFINITE_SUITS)
    if shoe.suited is not None:
        return SuitModel(tuple(RankSuits(tuple(shoe.suited[4 * r: 4 * r + 4]), 0) for r in range(13)), None)
    base = shoe.suit_base
    if base is not None:
        ranks = tuple(RankSuits(tuple(base[4 * r: 4 * r + 4]), sum(base[4 * r: 4 * r + 4]) - shoe.ranks[r])
                      for r in range(13))
        return SuitModel(ranks, UNKNOWN_REMOVALS)
    d = max_decks(shoe)
    ranks = tuple(RankSuits((d,) * 4, 4 * d - c) for c in shoe.ranks)
    return SuitModel(ranks, BUILT_FROM_DECKS.format(decks=f"{d} deck" + ("s" if d != 1 else "")))


def max_decks(shoe: Shoe) -> int:
    """The fewest whole decks that hold a shoe's rank counts (at least 1)."""
    return max(1, max((c + 3) // 4 for c in shoe.ranks))
