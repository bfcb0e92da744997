"""The edge-sorting cases as reported: Ivey v Genting (Crockfords, UK Supreme Court 2017) and Marina
District Development Co. (Borgata) v Ivey (D.N.J. 2015), each figure its own test.

Sources:
- Ivey v Genting Casinos (UK) Ltd t/a Crockfords [2017] UKSC 67, as reported by the Irish Daily Mirror,
  26 October 2017 ("Phil Ivey loses Supreme Court gamble"): the 7s, 8s and 9s were sorted, turning "a 1%
  advantage in favour of the casino ... into a 6.5% advantage in favour of the player". The judgment (para
  4, after Mitting J) says the shoe was six or eight decks.
- Marina District Development Co. v Ivey, No. 14-2283 (D.N.J. 13 March 2015), opinion on the motion to
  dismiss: one 8-deck shoe; the cards of values 6, 7, 8 and 9 were told apart from the rest. The opinion
  states no edge: the figure for that sort is Jacobson's 6.765% (tests/published/test_information_jacobson.py).

The reading that reproduces them: the first card's group is seen before the bet (the player asked for it
before betting), Banker 19/20, Player 1:1, Tie 8:1, sit out; "6.5%" is 6.478% on 8 decks, 6.492% on 6.
"""

from fractions import Fraction

import pytest

from exact_odds import Shoe
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information


@pytest.mark.parametrize("decks", [6, 8])
def test_crockfords_uksc_2017_sevens_eights_nines_about_6_5_percent(decks):
    """UKSC 2017 as reported: 7, 8, 9 sorted from the rest, the player's advantage about 6.5%."""
    play = information_play(Shoe.decks(decks), Information(group=(1,), high={7, 8, 9}))
    assert abs(play.edge * 100 - Fraction("6.5")) < Fraction(5, 100)


def test_crockfords_uksc_2017_house_edge_about_1_percent_without_the_sort():
    """The same report: without the sort the casino's advantage is about 1% (the least bad bet, Banker)."""
    play = information_play(Shoe.decks(8), Information(), must_bet=True)
    assert play.bets[play.states[0].best].key == "banker"
    assert abs(play.edge * 100 + 1) < Fraction(1, 10)


def test_borgata_dnj_2015_sort_6_to_9_on_8_decks():
    """Borgata, D.N.J. 2015: one 8-deck shoe, the values 6-9 sorted: the first card's group gives 6.765%."""
    play = information_play(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9}))
    assert abs(play.edge * 100 - Fraction("6.765")) <= Fraction(5, 10**4)
