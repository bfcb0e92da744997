"""The exact aggregates of the coup distribution, against the published counts and the rules."""

from exact_odds.punto_banco.distribution import (cards_used, final_totals, outcomes_by_player_first_two, total_grid,
                                                 wins_by_total)
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe

# WoO "Baccarat odds for 1 to 12 decks", 1 deck (docs/rules.md §3).
B, P, T, TOTAL = 6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400


def test_aggregates_add_up_to_the_published_counts():
    dist = walk(Shoe.decks(1))
    totals = final_totals(dist)
    assert sum(totals["player"]) == sum(totals["banker"]) == TOTAL
    wins = wins_by_total(dist)
    assert (sum(wins["banker"]), sum(wins["player"]), sum(wins["tie"])) == (B, P, T)
    assert wins["banker"][0] == wins["player"][0] == 0  # nobody wins on 0
    assert sum(cards_used(dist).values()) == TOTAL
    grid = total_grid(dist)
    assert sum(grid[p][p] for p in range(10)) == T
    assert sum(grid[p][b] for p in range(10) for b in range(10) if b > p) == B
    by = outcomes_by_player_first_two(dist)
    assert sum(by[t]["banker"] for t in range(10)) == B


def test_a_player_natural_nine_never_loses_and_an_eight_loses_only_to_a_nine():
    """docs/rules.md §2: a natural 9 is unbeatable; a natural 8 loses only to a natural 9."""
    by = outcomes_by_player_first_two(walk(Shoe.decks(8)))
    assert by[9]["banker"] == 0 and by[9]["player"] > 0
    assert 0 < by[8]["banker"] < by[8]["player"]
