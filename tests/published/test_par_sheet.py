"""Published par-sheet figures beyond the house edge: standard deviation and hit frequency."""

from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.walk import walk
from exact_odds.report.numbers import percent_text, sqrt_text
from exact_odds.rules.shoe import Shoe


def test_jacobson_dragon_fortune_7_sd_and_hit_frequency_8_decks():
    """Eliot Jacobson, "Card Counting the Dragon/Fortune 7 Baccarat Side Bet" (2014),
    http://apheat.net/2014/10/13/card-counting-the-dragonfortune-7-baccarat-side-bet/ :
    eight decks, "The house edge is 7.6113%. The standard deviation is 6.0849.
    The hit frequency is 2.2534%." (the par sheet's summary figures)."""
    r = builtin_catalog().bet("dragon7").price(walk(Shoe.decks(8)))
    assert percent_text(r.house_edge, 4) == "7.6113%"
    assert sqrt_text(r.variance, 4) == "6.0849"
    assert percent_text(r.hit_frequency, 4) == "2.2534%"
