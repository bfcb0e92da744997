"""Drawing rules as an object: who takes a third card.

A :class:`Tableau` answers two questions for the walk in
:mod:`exact_odds.engine`:

* does the Player hand draw on its two-card total?
* does the Banker hand draw on its two-card total, given the Player's third
  card value (or ``None`` if the Player stood)?

Naturals (a two-card 8 or 9 in either hand) end the coup before either
question is asked; that rule belongs to the game, not to the tableau.
Chemin de fer strategies and banque policies are other tableaux passed to the
same walk.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
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

    def player_draws(self, player_total: int) -> bool:
        return self.player_draw[player_total]

    def banker_draws(self, banker_total: int, player_third: int | None) -> bool:
        return self.banker_draw[banker_total][10 if player_third is None else player_third]


def punto_banco_banker_draws(banker_total: int, player_third: int | None) -> bool:
    """The punto banco rule for Banker (RULES §2, item 3-4).

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
    # Player draws on 0-5, stands on 6-7 (RULES §2, item 2).
    player_draw=tuple(p <= 5 for p in range(8)),
    banker_draw=tuple(
        tuple(punto_banco_banker_draws(b, t) for t in range(10)) + (punto_banco_banker_draws(b, None),)
        for b in range(8)
    ),
)
