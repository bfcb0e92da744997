"""Eliot Jacobson's edge-sorting figures (apheat.net, 2012), and Fred Roach's best four-card sort, each its
own test named after its source.

Sources:
- "Edge Sorting in Baccarat" (apheat.net, 18 August 2012; reposted on 888casino.com's blog): the first four
  cards' groups seen, High = {6, 7, 8, 9}, Low = {0, 1, 2, 3, 4, 5}: the player's edge 20.928%; the best play,
  Player when the Player's two cards are one High and one Low and the Banker's both Low, 20.502% of coups
  at 36.332%; no profitable bet when both hands are Low-Low, 22.824% of coups; the Tie the only profitable
  bet in two situations, 19.075% of coups.
- "Edge Sorting in Baccarat, Update #1" (apheat.net; 888casino.com's blog): the top (first) card's group
  seen, same sort, Banker on Low and Player on High: 6.765%; Fred Roach's search of every four-card sort:
  30.291%.

The rules the posts leave unstated, and the reading that reproduces them: 8 decks (6 decks gives 6.782%
and 20.864%, which they are not); Banker pays 19/20, Player 1:1, Tie 8:1; the player sits out where no bet
has a positive EV; the "top card" is position 1, the Player's first card; "HL" is either order of a hand's
two cards (each order alone is 10.251%, the two together 20.502%).
"""

from fractions import Fraction

from exact_odds import Shoe
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information
from exact_odds.information.sorts import best_sort

EIGHT = Shoe.decks(8)
JACOBSON_HIGH = {6, 7, 8, 9}


def rounds_to(x: Fraction, published: str) -> bool:
    """``x`` shown as a percentage rounds to the published digits (half a unit of the last digit)."""
    places = len(published.split(".")[1])
    return abs(x * 100 - Fraction(published)) <= Fraction(1, 2 * 10**places)


def four_cards():
    return information_play(EIGHT, Information(group=(1, 2, 3, 4), high=JACOBSON_HIGH))


def test_jacobson_2012_update_one_sorted_top_card_6_765():
    """Update #1: one sorted card (the top card), High = {6, 7, 8, 9}: 6.765%, Banker on Low, Player on High."""
    play = information_play(EIGHT, Information(group=(1,), high=JACOBSON_HIGH))
    assert rounds_to(play.edge, "6.765")
    assert [(s.seen, play.bets[s.best].key) for s in play.states] == [(("L",), "banker"), (("H",), "player")]


def test_jacobson_2012_four_sorted_cards_edge_20_928():
    """'Edge Sorting in Baccarat': the first four cards sorted, the average edge 20.928%."""
    assert rounds_to(four_cards().edge, "20.928")


def test_jacobson_2012_player_hl_banker_ll_20_502_at_36_332():
    """Player HL (either order), Banker LL: Player, on 20.502% of coups, with a 36.332% advantage."""
    play = four_cards()
    states = [play.state("H", "L", "L", "L"), play.state("L", "L", "H", "L")]  # positions P1 B1 P2 B2
    assert rounds_to(sum(s.probability for s in states), "20.502")
    for s in states:
        assert play.bets[s.best].key == "player"
        assert rounds_to(s.ev, "36.332")


def test_jacobson_2012_both_hands_ll_no_profitable_bet_22_824():
    """Both hands Low-Low: no profitable wager, on 22.824% of coups."""
    s = four_cards().state("L", "L", "L", "L")
    assert s.best is None and max(s.evs) < 0
    assert rounds_to(s.probability, "22.824")


def test_jacobson_2012_tie_only_profitable_bet_19_075():
    """Two situations (one hand HL and the other HL, or both HH) where only the Tie is profitable: 19.075%."""
    play = four_cards()
    tie_only = [s for s in play.states if s.best is not None and play.bets[s.best].key == "tie"]
    assert all(sum(e > 0 for e in s.evs) == 1 for s in tie_only)
    assert {"".join(s.seen) for s in tie_only} == {"LLHH", "LHHL", "HLLH", "HHLL", "HHHH"}
    assert rounds_to(sum(s.probability for s in tie_only), "19.075")


def test_jacobson_2012_update_roach_best_four_card_sort_30_291():
    """Update #1: Fred Roach's search of every four-card sort, the best at 30.291% (our search: High =
    {4, 5, 6, 7, 8, 9}, Low = {0, 1, 2, 3})."""
    search = best_sort(EIGHT, (1, 2, 3, 4))
    assert search.searched == 511
    edge, high = search.ranked[0]
    assert rounds_to(edge, "30.291")
    assert high == frozenset({4, 5, 6, 7, 8, 9})
    assert search.best.edge == edge
