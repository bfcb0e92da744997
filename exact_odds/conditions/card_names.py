"""The condition names that read every card of the coup: ranks, suits and colours (docs/bets.md).

A coup's result depends on card values only; these names look at the cards
themselves: each hand's cards in deal order (card 1, 2 and the third card if
drawn) by rank, suit and colour, whether a hand's cards share a suit or are
all red or all black, and pairs. They mix freely with the coup and deal names
(``banker_wins and banker_pair``, ``player_suited and player_cards == 3 and
player == 8``).

Each name is defined once, with its description, its meaning in the condition
language and its par-sheet phrase, in :data:`exact_odds.conditions.vocabulary.NAMES`;
the lists here are views of that table, kept under their old home for the
modules that import them. The card-level walk
(:mod:`exact_odds.cards.routes.every_card`) evaluates the names through their
meanings (:data:`exact_odds.conditions.language.MEANINGS`) and each card's attributes.
"""

from __future__ import annotations

from exact_odds.conditions.vocabulary import (  # noqa: F401  (re-exported: their one definition is the table)
    CARD_NAMES, CARD_NUMBER_NAMES, CONSTANTS, FACT_NAMES, HANDS, ORDINALS, PAIR_NAMES, RANK_VALUE_NAMES,
    SUIT_NAMES,
)
