"""Bets built in the tests (not from the catalog), shared by several test files.

tests/ is on the import path (conftest.py), so any test imports them by name:
``from example_bets import dragon_7``.
"""

from exact_odds.bets.paytable import PayLine, PayTable


def dragon_7() -> PayTable:
    """EZ Baccarat Dragon 7 (docs/rules.md §4): Banker wins with a three-card 7, pays 40."""
    return PayTable("Dragon 7", (PayLine.make("Banker three-card 7", "banker_wins and banker_cards == 3 and banker == 7", 40),))


def panda_8() -> PayTable:
    """EZ Baccarat Panda 8 (docs/rules.md §4): Player wins with a three-card 8, pays 25."""
    return PayTable("Panda 8", (PayLine.make("Player three-card 8", "player_wins and player_cards == 3 and player == 8", 25),))
