"""A finished coup: the states bets are settled on (docs/rules.md §2).

A :class:`Deal` is everything the value-level game decides: both hands'
two-card totals and the value of each third card (``None`` if that hand stood
or the coup ended on a natural). A :class:`Coup` is the coarser state most
bets read: final totals and the number of cards in each hand.

:func:`coup_complete` and :func:`deal_of` deal one coup card by card (a
logged or simulated shoe) by the same rules as every walk.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from exact_odds.rules.deal import hand_total, is_natural, natural_ends_coup
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


class Coup(NamedTuple):
    """A finished coup as bets see it."""

    player: int  #: Player's final total, 0-9
    banker: int  #: Banker's final total, 0-9
    player_cards: int  #: 2 or 3
    banker_cards: int  #: 2 or 3

    @property
    def player_natural(self) -> bool:
        """A two-card 8 or 9 (a two-card 8 or 9 is always a natural)."""
        return self.player_cards == 2 and is_natural(self.player)

    @property
    def banker_natural(self) -> bool:
        return self.banker_cards == 2 and is_natural(self.banker)

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
        p = self.player_initial if self.player_third is None else hand_total(self.player_initial, self.player_third)
        b = self.banker_initial if self.banker_third is None else hand_total(self.banker_initial, self.banker_third)
        return coup_of(p, b, 2 if self.player_third is None else 3, 2 if self.banker_third is None else 3)


def coup_of(player: int, banker: int, player_cards: int, banker_cards: int) -> Coup:
    """``Coup(player, banker, player_cards, banker_cards)``, one object per distinct coup."""
    fields = (player, banker, player_cards, banker_cards)
    coup = _COUPS.get(fields)
    if coup is None:  # (one Coup per distinct coup: making a named tuple is a microsecond, and a
        coup = _COUPS[fields] = Coup(*fields)  # walk's 3,394 deals end in 205 coups)
    return coup


_COUP_OF_DEAL: dict[Deal, Coup] = {}
#: Each coup made so far, by its fields (at most 10 x 10 x 2 x 2 of them).
_COUPS: dict[tuple[int, int, int, int], Coup] = {}


def coup_complete(values: Sequence[int], tableau: Tableau = PUNTO_BANCO) -> bool:
    """Whether a coup whose cards so far have ``values`` (deal order) is over."""
    k = len(values)
    if k < 4:
        return False
    pt = hand_total(values[0], values[2])
    bt = hand_total(values[1], values[3])
    if natural_ends_coup(pt, bt):
        return True
    if tableau.player_draws(pt):
        if k == 4:
            return False
        if k == 5:
            return not tableau.banker_draws(bt, values[4])
        return True
    if k == 4:
        return not tableau.banker_draws(bt, None)
    return True


def deal_of(values: Sequence[int], tableau: Tableau = PUNTO_BANCO) -> Deal:
    """The :class:`~exact_odds.rules.coup.Deal` of a complete coup's card values (deal order)."""
    pt = hand_total(values[0], values[2])
    bt = hand_total(values[1], values[3])
    if len(values) == 4:
        return Deal(pt, bt, None, None)
    if len(values) == 6:
        return Deal(pt, bt, values[4], values[5])
    # Five cards: the Player drew and the Banker stood, or the Player stood and the Banker drew.
    if tableau.player_draws(pt):
        return Deal(pt, bt, values[4], None)
    return Deal(pt, bt, None, values[4])
