"""Which route prices a bet on a shoe, and why the routes before it declined (``--explain``).

:func:`explain` is the library's answer to "how was this priced?": a card-level bet's
:class:`~exact_odds.cards.engine.Explanation` from the card engine (the route, the reasons of the routes
that declined, the plan's size and memory, the time; pair bets are the engine's too, its route 'first
four'), and for the value-level bets the distribution they are read from (the value walk's coups or deals).
"""

from __future__ import annotations

from exact_odds.cards.route import Explanation
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: How the bets that are not card-level are priced, by the family of names they read.
NOT_CARD_LEVEL = {
    "coup": ("value walk", "card values only: read from the walk's distribution of finished coups"),
    "deal": ("value walk", "card values only: read from the walk's distribution of deals (two-card totals and "
                           "third cards)"),
}


def explanation_of(result) -> Explanation:
    """The explanation of a priced bet (a :class:`~exact_odds.bets.result.BetResult`)."""
    if result.explanation is not None:
        return result.explanation
    route, summary = NOT_CARD_LEVEL[result.bet.family]
    return Explanation(result.bet.name, route, summary)


def explain(bet, shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> Explanation:
    """How ``bet`` (a :class:`~exact_odds.bets.paytable.PayTable` or a catalog key) is priced on ``shoe``:
    the route, why each route before it declined, the plan's size and memory, and the time it took.

    >>> from exact_odds import Shoe, explain
    >>> explain("dragon7", Shoe.decks(8)).route
    'value walk'
    """
    from exact_odds.bets.selection import paytables
    from exact_odds.punto_banco.walk import walk

    if not isinstance(shoe, Shoe):
        raise TypeError(f"explain needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
    (table,) = paytables([bet])
    return explanation_of(table.price(walk(shoe, tableau)))
