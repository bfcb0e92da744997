"""Published figures of card-level bets (issue 12): Wizard of Odds, "Lucky 8".

Source: Wizard of Odds, "Lucky 8" (baccarat side bets), Player and Banker return tables, 8 decks:
https://wizardofodds.com/games/baccarat/side-bets/lucky8/ (mirrored at nilapub.com/games/baccarat/side-bets/lucky8/).

The catalog prices the bet as its rules are worded there (the highest qualifying line pays). Two of the
six published counts agree with that reading exactly; the other four are reproduced exactly by a
second reading, found by splitting our counts (docs/validation.md, "Lucky 8"): WoO counts a suited
three-card 8 only when the *other* hand also has three cards, and pays Double 8 only when neither
hand is a suited three-card 8 (such an 8-8 tie falls to the losers). Both readings are tested; no
figure is fitted.
"""

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe

WOO_TOTAL = 4_998_398_275_503_360
#: WoO Player Lucky 8 return table: double suited, suited, double 8, unlucky 8, lucky 8, loser.
WOO_PLAYER = [38_708_182_784, 8_230_060_380_160, 53_649_934_949_376, 54_643_925_237_760,
              548_824_514_488_320, 4_333_011_132_264_960]


def _suited8(hand: str) -> str:
    return f"({hand}_suited and {hand}_cards == 3 and {hand} == 8)"


def woo_reading(side: str) -> PayTable:
    """The Lucky 8 table as WoO's counts imply it was computed (see the module docstring)."""
    other = "banker" if side == "player" else "player"
    return PayTable(f"Lucky 8 {side} (WoO's counting)", (
        PayLine.make("Double suited 3-card 8", f"{_suited8('player')} and {_suited8('banker')}", 200),
        PayLine.make("Suited 3-card 8", f"{_suited8(side)} and {other}_cards == 3", 25),
        PayLine.make("Double 8", f"player == 8 and banker == 8 and not {_suited8('player')} "
                                 f"and not {_suited8('banker')}", 15),
        PayLine.make("Unlucky 8", f"{side} == 8 and {other} == 9", 8),
        PayLine.make("Lucky 8", f"{side} == 8 and {side}_wins", 4),
    ))


@pytest.fixture(scope="module")
def eight():
    return walk(Shoe.decks(8))


def test_woo_lucky8_player_double_suited_and_unlucky_8_counts(eight):
    """WoO Player Lucky 8, 8 decks: double suited 3-card 8 38,708,182,784 and unlucky 8
    54,643,925,237,760 of 4,998,398,275,503,360, exactly as the rules are worded."""
    result = builtin_catalog().bet("lucky8_player").price(eight)
    counts = [line.count for line in result.lines]
    assert result.total == WOO_TOTAL
    assert counts[0] == WOO_PLAYER[0]
    assert counts[3] == WOO_PLAYER[3]


def test_woo_lucky8_player_table_under_woo_counting(eight):
    """Every count of WoO's Player table, and its house edge 13.65%, under WoO's counting."""
    result = woo_reading("player").price(eight)
    assert [line.count for line in result.lines] == WOO_PLAYER
    assert round(float(result.house_edge) * 100, 2) == 13.65


@pytest.mark.slow
def test_woo_lucky8_banker_house_edge_under_woo_counting(eight):
    """WoO Banker Lucky 8, 8 decks: house edge 16.60% (its double suited count equals the Player's)."""
    result = woo_reading("banker").price(eight)
    assert result.lines[0].count == WOO_PLAYER[0]
    assert round(float(result.house_edge) * 100, 2) == 16.60
