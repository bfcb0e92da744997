"""Known-card play: the exact value of one of the next six cards, each published figure its own test.

Sources:
- Eliot Jacobson, "Baccarat: The Known Card" (advancedadvantageplay.com/?p=615; also on 888casino.com's
  magazine): the edge from knowing card 1 or 3 (a Player card) 6.765%, card 2 or 4 (a Banker card) 6.406%,
  card 5 8.973%, card 6 9.098%, "wagering on the side, Player or Banker, that the card favors", the cards
  dealt 1 and 3 to the Player, 2 and 4 to the Banker.
- excelpunks.com, "Concepts 14: Baccarat 1st Card Advantage" (17 May 2018): the six-card counts of Player,
  Banker and Tie wins for each value 1-9 of the first card (the total of each row is an 8-deck shoe's
  4,998,398,275,503,360 over 13).

Reading: 8 decks; Banker 19/20, Player 1:1 (the Tie 8:1 is never the best bet for one known card, so the
figures are the same with or without it); sit out (where neither side is positive: card 5 an 8, for one). The value and the rank
of a known card give the same edge (tests below both). Card 5 and card 6 are the next cards of the shoe
whether or not the coup draws them (the six-card convention).
"""

from fractions import Fraction

import pytest

from exact_odds import PayLine, PayTable, Shoe, select_bets
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information

EIGHT = Shoe.decks(8)


@pytest.mark.parametrize("position, published", [(1, "6.765"), (3, "6.765"), (2, "6.406"), (4, "6.406"),
                                                 (5, "8.973"), (6, "9.098")])
@pytest.mark.parametrize("seen", ["value", "rank"])
@pytest.mark.parametrize("bets", ["banker,player", "banker,player,tie"])
def test_jacobson_known_card_edge_by_position(position, published, seen, bets):
    """Jacobson, 'Baccarat: The Known Card': the edge of one known card at each of the six positions."""
    play = information_play(EIGHT, Information(**{seen: (position,)}), select_bets(bets=bets))
    assert abs(play.edge * 100 - Fraction(published)) <= Fraction(5, 10**4)
    assert all(s.best is None or play.bets[s.best].key in ("banker", "player") for s in play.states)


#: Player, Banker and Tie wins by the first card's value (excelpunks 2018), six-card counts.
FIRST_CARD_COUNTS = {
    1: (159_747_170_699_264, 189_857_873_692_672, 34_887_130_646_784),
    2: (160_408_944_947_200, 188_725_567_889_408, 35_357_662_202_112),
    3: (161_429_794_906_112, 187_253_976_461_312, 35_808_403_671_296),
    4: (162_751_823_355_904, 184_376_516_966_400, 37_363_834_716_416),
    5: (166_618_505_969_664, 179_969_323_315_200, 37_904_345_753_856),
    6: (173_075_882_563_584, 170_168_183_390_208, 41_248_109_084_928),
    7: (185_770_147_510_272, 157_451_915_216_896, 41_270_112_311_552),
    8: (206_999_120_039_936, 140_506_916_139_008, 36_986_138_859_776),
    9: (215_108_869_548_032, 132_334_879_180_800, 37_048_426_309_888),
}


def test_excelpunks_2018_first_card_counts():
    """excelpunks 2018, 'Baccarat 1st Card Advantage': every count of the table for first cards 1-9, exact."""
    wins = tuple(PayTable(f"{o} wins", (PayLine.make(o, c, 1),), otherwise=0)
                 for o, c in (("player", "player_wins"), ("banker", "banker_wins"), ("tie", "tie")))
    play = information_play(EIGHT, Information(value=(1,)), wins, must_bet=True)
    for value, counts in FIRST_CARD_COUNTS.items():
        s = play.state(str(value))
        assert tuple(ev * s.count for ev in s.evs) == counts, value
