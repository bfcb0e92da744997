"""The deal: two-card hands, naturals, counting the ways, and dealing a coup card by card.

Every walk of every game (punto banco, the compiled fast path, chemin de
fer, banque, and the coups dealt from a logged or simulated shoe) deals and
decides naturals through this module; the drawing rules are the
:class:`~exact_odds.rules.tableau.Tableau` and the punter's rule
(:data:`~exact_odds.rules.tableau.PUNTER`). A coup dealt card by card is
:func:`exact_odds.rules.coup.coup_complete` and :func:`~exact_odds.rules.coup.deal_of`.

Rules (docs/rules.md §1-2):

* a hand's total is the sum of its card values modulo 10;
* deal order: Player, Banker, Player, Banker, then the Player's third card,
  then the Banker's;
* a *natural* is a two-card total of 8 or 9; in punto banco and chemin de
  fer a natural in either hand ends the coup.

Counting (docs/rules.md §3): drawing the ordered values x1..xk from a shoe
with ``c[v]`` cards of value v has ``prod_v c[v](c[v]-1)...(c[v]-k_v+1)``
ways, whatever the order, so a hand's first two cards are enumerated as an
unordered pair of values with multiplicity 2 for distinct values
(:data:`TWO_CARD_HANDS`). A coup that used k cards is multiplied by the ways
to draw the cards it leaves unused (:func:`unused_ways`), so every coup is
an ordered sequence of six cards (the Wizard of Odds convention) over the
common denominator ``N(N-1)...(N-5)``, or ``13**6`` for the infinite deck.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from exact_odds.rules.shoe import Shoe

#: A hand's first two cards as unordered value pairs (a <= b) with the number
#: of ordered deals of each: 2 for distinct values, 1 for a pair.
TWO_CARD_HANDS: tuple[tuple[int, int, int], ...] = tuple(
    (a, b, 1 if a == b else 2) for a in range(10) for b in range(a, 10))

#: Cards per coup in the six-card counting convention (docs/rules.md §3).
SIX_CARDS = 6


def hand_total(*values: int) -> int:
    """A hand's total: the sum of its card values modulo 10 (docs/rules.md §1)."""
    return sum(values) % 10


def is_natural(two_card_total: int) -> bool:
    """Whether a two-card total is a natural: 8 or 9 (docs/rules.md §2, item 1)."""
    return two_card_total >= 8


def natural_ends_coup(player_total: int, banker_total: int) -> bool:
    """Punto banco and chemin de fer: a natural in either hand ends the coup."""
    return is_natural(player_total) or is_natural(banker_total)


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1), the ordered ways to draw k of n cards."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def unused_ways(shoe: Shoe, cards_used: int, convention: int = SIX_CARDS) -> int:
    """Ways to draw the cards a coup of ``cards_used`` cards leaves unused.

    Counts are ordered sequences of ``convention`` cards (six for punto banco
    and chemin de fer, nine for banque): falling(N - k, convention - k), or
    13**(convention - k) for the infinite deck."""
    if shoe.is_infinite:
        return 13 ** (convention - cards_used)
    return falling(shoe.size - cards_used, convention - cards_used)


def six_card_total(shoe: Shoe) -> int:
    """The common denominator: N(N-1)...(N-5), or 13**6 for the infinite deck."""
    return unused_ways(shoe, 0)


def deal_two_cards(c: list[int], dec: int) -> Iterator[tuple[int, int, int]]:
    """Every two-card hand from ``c``: yields ``(a, b, ways)`` with a <= b.

    ``c`` holds the value counts (or the infinite deck's weights, with
    ``dec`` = 0). While a hand is yielded its two cards are out of ``c``.
    ``ways`` (never 0) counts the ordered ways to deal it."""
    for a, b, m in TWO_CARD_HANDS:
        ways = c[a] * m
        c[a] -= dec
        ways *= c[b]
        c[b] -= dec
        if ways:
            yield a, b, ways
        c[a] += dec
        c[b] += dec


def deal_player_and_banker(c: list[int], dec: int) -> Iterator[tuple[int, int, int, int, int]]:
    """Every first four cards: yields ``(p1, p2, b1, b2, ways)``.

    While a deal is yielded the four cards are out of ``c``, so the caller
    can draw third cards from it. ``ways`` (never 0) counts the ordered
    deals Player, Banker, Player, Banker of these values (the same for any
    order, so each hand is dealt as an unordered pair)."""
    for p1, p2, wp in deal_two_cards(c, dec):
        for b1, b2, wb in deal_two_cards(c, dec):
            yield p1, p2, b1, b2, wp * wb
