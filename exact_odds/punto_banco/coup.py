"""Coup states and their distribution.

A :class:`Deal` is everything the value-level game decides: both hands'
two-card totals and the value of each third card (``None`` if that hand stood
or the coup ended on a natural). A :class:`Coup` is the coarser state that
bets are priced on: final totals and the number of cards in each hand.
A :class:`CoupDistribution` maps states to the number of ways they happen
(six-card convention, RULES §3) over a common ``total``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, NamedTuple

from exact_odds.rules.shoe import Shoe


class Coup(NamedTuple):
    """A finished coup as bets see it."""

    player: int  #: Player's final total, 0-9
    banker: int  #: Banker's final total, 0-9
    player_cards: int  #: 2 or 3
    banker_cards: int  #: 2 or 3

    @property
    def player_natural(self) -> bool:
        """A two-card 8 or 9 (a two-card 8 or 9 is always a natural)."""
        return self.player_cards == 2 and self.player >= 8

    @property
    def banker_natural(self) -> bool:
        return self.banker_cards == 2 and self.banker >= 8

    @property
    def winner(self) -> str:
        """'player', 'banker' or 'tie'."""
        if self.player > self.banker:
            return "player"
        if self.banker > self.player:
            return "banker"
        return "tie"


class Deal(NamedTuple):
    """A finished coup with its two-card totals and third-card values."""

    player_initial: int
    banker_initial: int
    player_third: int | None
    banker_third: int | None

    @property
    def coup(self) -> Coup:
        """The coup as bets see it (remembered: there are a few thousand deals)."""
        coup = _COUP_OF_DEAL.get(self)
        if coup is None:
            coup = _COUP_OF_DEAL[self] = self._final()
        return coup

    def _final(self) -> Coup:
        p = self.player_initial if self.player_third is None else (self.player_initial + self.player_third) % 10
        b = self.banker_initial if self.banker_third is None else (self.banker_initial + self.banker_third) % 10
        return Coup(p, b, 2 if self.player_third is None else 3, 2 if self.banker_third is None else 3)


_COUP_OF_DEAL: dict = {}


@dataclass(frozen=True)
class CoupDistribution:
    """The number of ways each :class:`Deal` happens, out of ``total``.

    For a finite shoe of N cards, ``total`` is N(N-1)...(N-5) and the counts
    are the Wizard of Odds six-card counts; for the infinite deck ``total`` is
    13**6 and the counts are in those units.
    """

    shoe: Shoe
    tableau: object
    deals: dict
    total: int
    _coups: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def coups(self) -> dict:
        """Counts by :class:`Coup` (final totals and cards per hand)."""
        if not self._coups:
            out: dict = defaultdict(int)
            for deal, n in self.deals.items():
                out[deal.coup] += n
            self._coups.update(out)
        return self._coups

    def count(self, event: Callable[[Coup], bool]) -> int:
        """The number of ways the coup satisfies ``event``."""
        return sum(n for coup, n in self.coups.items() if event(coup))

    def probability(self, event: Callable[[Coup], bool]) -> Fraction:
        """The probability that the coup satisfies ``event``."""
        return Fraction(self.count(event), self.total)

    def outcome_counts(self) -> dict[str, int]:
        """Six-card counts of Banker wins, Player wins and ties."""
        out = {"banker": 0, "player": 0, "tie": 0}
        for coup, n in self.coups.items():
            out[coup.winner] += n
        return out
