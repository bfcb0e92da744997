"""Published figures for the catalog's variants and side bets, one test each.

House edges are compared at the precision they were published with: the exact
fraction from our one walk, rounded half away from zero by exact integer
arithmetic (``percent_text``), must give the published digits. Integer
combination counts are compared exactly.
"""

from fractions import Fraction

import pytest

from exact_odds import Shoe, walk
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.report.numbers import percent_text, decimal_text


@pytest.fixture(scope="module")
def eight():
    return walk(Shoe.decks(8))


@pytest.fixture(scope="module")
def six():
    return walk(Shoe.decks(6))


def edge(dist, key, places=4):
    return percent_text(builtin_catalog().bet(key).price(dist).house_edge, places)


# --- docs/rules.md §4, 8 decks (Wizard of Odds) ---------------------------------------

def test_rules_s4_tie_9_to_1_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "Baccarat": Tie paying 9:1, 8 decks, house edge 4.8440%."""
    assert edge(eight, "tie9") == "4.8440%"


def test_rules_s4_commission_4_percent_8_decks_derived_from_woo_counts(eight):
    """docs/rules.md §4 "Commission 4% | Banker pays 24/25 | (derive)": from the WoO 8-deck counts
    (docs/rules.md §3), the edge is (P - 24/25 B) / T exactly, a push on ties."""
    b, p, total = 2_292_252_566_437_888, 2_230_518_282_592_256, 4_998_398_275_503_360
    result = builtin_catalog().bet("banker4").price(eight)
    assert result.lines[0].pays == Fraction(24, 25)
    assert result.house_edge == (p - Fraction(24, 25) * b) / total


def test_rules_s4_ez_baccarat_banker_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "EZ Baccarat": Banker pushing on a winning three-card 7, 1.0183%."""
    assert edge(eight, "ez_banker") == "1.0183%"


def test_rules_s4_dragon_7_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "EZ Baccarat": Dragon 7 paying 40:1, 7.6113%."""
    assert edge(eight, "dragon7") == "7.6113%"


def test_rules_s4_panda_8_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "EZ Baccarat": Panda 8 paying 25:1, 10.1876%."""
    assert edge(eight, "panda8") == "10.1876%"


def test_rules_s4_super_6_banker_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "No-commission baccarat": Banker win on 6 pays 1:2, 1.4581%."""
    assert edge(eight, "super6_banker") == "1.4581%"


@pytest.mark.parametrize("key", ["player_pair", "banker_pair"])
def test_rules_s4_player_banker_pair_edge_8_decks(eight, key):
    """docs/rules.md §4: Player/Banker Pair paying 11:1, 10.3614%, with p = 31/415 exactly."""
    result = builtin_catalog().bet(key).price(eight)
    assert result.win == Fraction(31, 415)
    assert result.house_edge == 1 - 12 * Fraction(31, 415)
    assert percent_text(result.house_edge, 4) == "10.3614%"


def test_rules_s4_dragon_bonus_player_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "Baccarat side bets", Dragon Bonus Player: 2.6517% (table return -0.026517)."""
    assert edge(eight, "dragon_bonus_player") == "2.6517%"


def test_rules_s4_dragon_bonus_banker_edge_8_decks(eight):
    """docs/rules.md §4 / WoO "Baccarat side bets", Dragon Bonus Banker: 9.3731% (table return -0.093731)."""
    assert edge(eight, "dragon_bonus_banker") == "9.3731%"


def test_rules_s4_big_edge_8_decks(eight):
    """docs/rules.md §4: Big (5 or 6 cards) paying 0.54:1, 4.35%."""
    assert edge(eight, "big", 2) == "4.35%"


def test_rules_s4_small_edge_8_decks(eight):
    """docs/rules.md §4: Small (4 cards) paying 1.5:1, 5.28%."""
    assert edge(eight, "small", 2) == "5.28%"


# --- WoO integer tables, line by line -------------------------------------------

# WoO "Baccarat side bets" (wizardofodds.com/games/baccarat/side-bets/), Dragon
# Bonus, 8 decks: combinations per line. WoO's 16-digit "Loss" and "Totals" rows
# come from a spreadsheet that keeps 15 significant digits (docs/rules.md §3 notes this):
# it shows the totals as 4,998,398,275,503,350 where the exact total is
# 4,998,398,275,503,360 (docs/rules.md §3 table). Those rows are therefore compared up
# to their unreliable 16th digit (a difference of at most 10); every other line
# is compared exactly.
WOO_DRAGON_BONUS = {
    "dragon_bonus_player": [
        ("Win by 9", 30, 18409431764992), ("Win by 8", 10, 34097645543424),
        ("Win by 7", 6, 89590261473280), ("Win by 6", 4, 141238897317888),
        ("Win by 5", 2, 166169165987840), ("Win by 4", 1, 186780352174080),
        ("Natural win", 1, 812685054124032), ("Natural tie", 0, 89325908267520),
        ("Loss", -1, 3460101558850300),
    ],
    "dragon_bonus_banker": [
        ("Win by 9", 30, 15390342909952), ("Win by 8", 10, 28305092784128),
        ("Win by 7", 6, 79517099278336), ("Win by 6", 4, 119200072366080),
        ("Win by 5", 2, 157275882332160), ("Win by 4", 1, 201147167287296),
        ("Natural win", 1, 812685054124032), ("Natural tie", 0, 89325908267520),
        ("Loss", -1, 3495551656153850),
    ],
}


@pytest.mark.parametrize("key", sorted(WOO_DRAGON_BONUS))
def test_woo_dragon_bonus_combinations_8_decks(eight, key):
    """WoO "Baccarat side bets", Dragon Bonus tables (8 decks): every line's combinations."""
    result = builtin_catalog().bet(key).price(eight)
    ours = [(l.label, l.pays, l.count) for l in result.lines]
    woo = WOO_DRAGON_BONUS[key]
    assert len(ours) == len(woo)
    for (label, pays, count), (woo_label, woo_pays, woo_count) in zip(ours[:-1], woo[:-1]):
        assert (label, pays, count) == (woo_label, woo_pays, woo_count)
    assert ours[-1][:2] == ("Loss", -1) and abs(ours[-1][2] - woo[-1][2]) <= 10
    assert result.total == 4998398275503360  # docs/rules.md §3, exact
    assert abs(result.total - 4998398275503350) <= 10  # WoO's Totals row


@pytest.mark.parametrize("decks, player, banker", [(4, "2.70%", "9.42%"), (6, "2.67%", "9.39%"), (8, "2.65%", "9.37%")])
def test_woo_dragon_bonus_edge_by_decks(decks, player, banker):
    """WoO "Baccarat side bets", Dragon Bonus House Edge table (4, 6, 8 decks)."""
    dist = walk(Shoe.decks(decks))
    assert (edge(dist, "dragon_bonus_player", 2), edge(dist, "dragon_bonus_banker", 2)) == (player, banker)


# WoO "Egalite Bets in Baccarat", 8 decks: winning combinations out of 4,998,398,275,503,360.
WOO_EGALITE = {
    9: (80, 55146054060032, "-0.106348"), 8: (80, 54879416675072, "-0.110669"),
    7: (45, 101717538899968, "-0.063899"), 6: (45, 96170001308416, "-0.114952"),
    5: (110, 39684046743808, "-0.118732"), 4: (120, 36294133463040, "-0.121401"),
    3: (200, 22250510129408, "-0.105243"), 2: (225, 20006606104576, "-0.095412"),
    1: (215, 20499217668352, "-0.114150"), 0: (150, 28979901420544, "-0.124527"),
}


@pytest.mark.parametrize("total", sorted(WOO_EGALITE))
def test_woo_egalite_8_decks(eight, total):
    """WoO "Egalite Bets in Baccarat", Individual Egalite Bets (8 decks): pays, combinations, return."""
    pays, count, ret = WOO_EGALITE[total]
    result = builtin_catalog().bet(f"egalite_{total}").price(eight)
    assert result.lines[0].pays == pays
    assert result.lines[0].count == count
    assert decimal_text(result.expected_value, 6) == ret


@pytest.mark.parametrize("decks, probs", [
    (6, {"small": "0.378925", "five_cards": "0.303540", "six_cards": "0.317535"}),
    (8, {"small": "0.378868", "five_cards": "0.303444", "six_cards": "0.317687"}),
])
def test_woo_4_5_6_probabilities(decks, probs):
    """WoO "Baccarat side bets", 4-5-6 side bet tables (6 and 8 decks): probability of 4, 5, 6 cards."""
    dist = walk(Shoe.decks(decks))
    for key, p in probs.items():
        assert decimal_text(builtin_catalog().bet(key).price(dist).win, 6) == p


# --- other published side bets (8 decks) --------------------------------------------

def test_advancedadvantageplay_big_tiger_8_decks(eight):
    """advancedadvantageplay.com "Card counting the Big Tiger": 50:1 on a winning three-card
    Banker 6; house edge 15.2533%, hit 1.662%, standard deviation 6.519."""
    result = builtin_catalog().bet("big_tiger").price(eight)
    assert percent_text(result.house_edge, 4) == "15.2533%"
    assert percent_text(result.win, 3) == "1.662%"
    from exact_odds.report.numbers import sqrt_text
    assert sqrt_text(result.variance, 3) == "6.519"


@pytest.mark.parametrize("key, published", [
    ("three_giving_eight", "8.682%"), ("eights_and_nines", "7.372%"), ("nine_over_seven", "8.103%"),
])
def test_advancedadvantageplay_baccarat_side_bets_8_decks(eight, key, published):
    """advancedadvantageplay.com "Baccarat side bets" (off-the-top house edges, 8 decks):
    3 Giving 8 8.682%, 88 89 98 99 7.372%, 9 over 7 8.103%."""
    assert edge(eight, key, 3) == published


def test_super_6_side_bet_12_to_1_8_decks(eight):
    """LeoVegas "Super 6 side bet" guide: Super 6 paying 12:1 has a house edge of 29.98%."""
    assert edge(eight, "super6", 2) == "29.98%"


def test_breakeven_tie_payout_8_decks(eight):
    """Issue 3 / WoO: the 8-deck tie breaks even at a payout of 9.5091 to 1 (= (1 - p)/p)."""
    from exact_odds.bets.breakeven import break_even

    be = break_even(builtin_catalog().bet("tie").price(eight))
    p = Fraction(475627426473216, 4998398275503360)  # WoO 8-deck tie count / total
    assert be.solution == (1 - p) / p
    assert decimal_text(be.solution, 4) == "9.5091"
