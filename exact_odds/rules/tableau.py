"""Drawing rules: the punto banco tableau and the punter's rule (docs/rules.md §2, §5).

A :class:`Tableau` answers two questions for every walk
(:mod:`exact_odds.punto_banco.walk`, the compiled fast path, the coups dealt
from a shoe in play, banque's fixed banker policies):

* does the Player hand draw on its two-card total?
* does the Banker hand draw on its two-card total, given the Player's third
  card value (or ``None`` if the Player stood)?

Naturals (a two-card 8 or 9 in either hand) end the coup before either
question is asked; that rule belongs to the game, not to the tableau.
Chemin de fer strategies and banque policies are other tableaux passed to the
same walk.

:data:`PUNTER` is the punter's rule of chemin de fer and banque: draw on
0-4, stand on 6-7, choose at 5 (docs/rules.md §5-6).
"""

from __future__ import annotations

from typing import Literal

from exact_odds.records import frozen


@frozen
class Tableau:
    """Fixed drawing rules as two lookup tables.

    ``player_draw[p]`` says whether Player draws on two-card total ``p``
    (0-7). ``banker_draw[b][t]`` says whether Banker draws on two-card total
    ``b`` (0-7) when the Player's third card has value ``t`` (0-9), and
    ``banker_draw[b][10]`` when the Player stood.
    """

    name: str
    player_draw: tuple[bool, ...]
    banker_draw: tuple[tuple[bool, ...], ...]

    def __init__(self, name: str, player_draw: tuple[bool, ...], banker_draw: tuple[tuple[bool, ...], ...]) -> None:
        object.__setattr__(self, 'name', name)
        object.__setattr__(self, 'player_draw', player_draw)
        object.__setattr__(self, 'banker_draw', banker_draw)

    def __repr__(self) -> str:  # short: the tables are in docs/rules.md, and a signature shows this default
        return f"Tableau({self.name!r})"

    def player_draws(self, player_total: int) -> bool:
        return self.player_draw[player_total]

    def banker_draws(self, banker_total: int, player_third: int | None) -> bool:
        return self.banker_draw[banker_total][10 if player_third is None else player_third]


def punto_banco_banker_draws(banker_total: int, player_third: int | None) -> bool:
    """The punto banco rule for Banker (docs/rules.md §2, items 3-4).

    Player stood: Banker draws on 0-5. Player drew a card of value t:
    0-2 draw; 3 draws unless t = 8; 4 draws on t = 2-7; 5 on t = 4-7;
    6 on t = 6-7; 7 stands.
    """
    if player_third is None:
        return banker_total <= 5
    t = player_third
    return {
        0: True,
        1: True,
        2: True,
        3: t != 8,
        4: 2 <= t <= 7,
        5: 4 <= t <= 7,
        6: 6 <= t <= 7,
        7: False,
    }[banker_total]


PUNTO_BANCO = Tableau(
    name="punto banco",
    # Player draws on 0-5, stands on 6-7 (docs/rules.md §2, item 2).
    player_draw=tuple(p <= 5 for p in range(8)),
    banker_draw=tuple(
        tuple(punto_banco_banker_draws(b, t) for t in range(10)) + (punto_banco_banker_draws(b, None),)
        for b in range(8)
    ),
)


#: What the punter does on a two-card total.
PunterAction = Literal["draw", "stand", "choose"]


@frozen
class PunterRule:
    """The punter's rule in the games of choice (chemin de fer, banque).

    On a two-card total (0-7; naturals have ended the coup) he must draw on
    ``draws_on``, must stand on ``stands_on``, and chooses on the rest."""

    draws_on: frozenset[int]
    stands_on: frozenset[int]

    def __init__(self, draws_on: frozenset[int], stands_on: frozenset[int]) -> None:
        object.__setattr__(self, 'draws_on', draws_on)
        object.__setattr__(self, 'stands_on', stands_on)

    def action(self, total: int) -> PunterAction:
        """'draw', 'stand' or 'choose' on a two-card total."""
        if total in self.draws_on:
            return "draw"
        if total in self.stands_on:
            return "stand"
        return "choose"

    @property
    def choices(self) -> tuple[int, ...]:
        """The totals where the punter chooses (5 under the standard rule)."""
        return tuple(t for t in range(8) if self.action(t) == "choose")


#: Draw on 0-4, stand on 6-7, choose at 5 (docs/rules.md §5).
PUNTER = PunterRule(draws_on=frozenset(range(5)), stands_on=frozenset({6, 7}))
