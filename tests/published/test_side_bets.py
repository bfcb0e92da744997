"""Published figures of the side bets added in issue 22, one test per figure, named after its source.

Every source is a Wizard of Odds (WoO) page; each test's docstring gives its address. WoO counts the
coup's six-card sequences (total 4,998,398,275,503,360 at 8 decks), as we do, and those counts are
compared exactly. For bets on the first two or four cards WoO counts unordered sets of those cards
(C(416, 2) = 86,320 and C(416, 4) = 1,229,930,520 at 8 decks; 7,379,583,120 = 6 C(416, 4) for
Perfect Pairs): there the probability count/total is compared exactly, as a fraction. A published
return or house edge is compared at the digits it was published with (``decimal_text`` and
``percent_text`` round the exact fraction half away from zero). WoO's "Loss" rows and some totals
come from a spreadsheet that keeps 15 significant digits (4,969,363,156,137,220 for
4,969,363,156,137,216): those rows are not compared; the win rows and the total are.

Where a source is wrong it says so with the exact count (Lucky Nines, Binion's table; see
docs/validation.md, "Published side bets").
"""

from fractions import Fraction

import pytest

from exact_odds import Shoe, walk
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.report.numbers import decimal_text, percent_text

TOTAL = 4_998_398_275_503_360
TWO_CARDS = 86_320            # C(416, 2)
FOUR_CARDS = 1_229_930_520    # C(416, 4)
PAIRS_8 = 7_379_583_120       # WoO's total for Perfect Pairs, 8 decks: 6 C(416, 4)
PAIRS_6 = 2_323_673_820       # and 6 decks: 6 C(312, 4)


@pytest.fixture(scope="module")
def eight():
    return walk(Shoe.decks(8))


@pytest.fixture(scope="module")
def six():
    return walk(Shoe.decks(6))


def price(dist, key):
    return builtin_catalog().bet(key).price(dist)


def counts(result):
    return [line.count for line in result.lines]


def probabilities(result):
    return [line.probability for line in result.lines]


def ret(result):
    """The return (expected value) at WoO's six decimals."""
    return decimal_text(result.expected_value, 6)


# --- Value-level bets: the coup's totals and cards ---------------------------------------------

def test_woo_kill_the_ox_tiger_8_decks(eight):
    """WoO "Kill the Ox/Tiger", https://wizardofodds.com/games/baccarat/side-bets/kill-ox-tiger/ :
    Kill the Ox 84,102,272,663,808, Kill the Tiger 54,956,551,870,464 of 4,998,398,275,503,360;
    return -0.137559 (house edge 13.76%)."""
    r = price(eight, "kill_ox_tiger")
    assert r.total == TOTAL
    assert counts(r)[:2] == [84_102_272_663_808, 54_956_551_870_464]
    assert ret(r) == "-0.137559"


def test_woo_ox_6_8_decks(eight):
    """WoO "Ox 6", https://wizardofodds.com/games/baccarat/side-bets/ox-6/ : a winning three-card
    Player 6, 109,309,407,541,248 combinations; return -0.103376 (10.34%)."""
    r = price(eight, "ox6")
    assert counts(r)[0] == 109_309_407_541_248
    assert ret(r) == "-0.103376"


@pytest.mark.parametrize("key, count, published", [
    ("banker_natural8", 472_508_456_071_680, "-0.054680"),
    ("banker_natural9", 474_361_430_409_216, "-0.050973"),
])
def test_woo_banker_natural_8_and_9_8_decks(eight, key, count, published):
    """WoO "Banker Natural 8 and 9", https://wizardofodds.com/games/baccarat/side-bets/natural-8-and-9/ :
    natural 8 472,508,456,071,680 (return -0.054680), natural 9 474,361,430,409,216 (-0.050973)."""
    r = price(eight, key)
    assert (r.total, counts(r)[0], ret(r)) == (TOTAL, count, published)


@pytest.mark.parametrize("key, published", [("three_giving_eight", "-0.086823"),
                                            ("three_giving_eight_180", "-0.177686")])
def test_woo_3_giving_8_8_decks(eight, key, published):
    """WoO "3 Giving 8", https://wizardofodds.com/games/baccarat/side-bets/3-giving-8/ : 22,708,577,366,016
    wins; return -0.086823 at 200:1 (Hippodromo) and -0.177686 at 180:1 (Empire)."""
    r = price(eight, key)
    assert (counts(r)[0], ret(r)) == (22_708_577_366_016, published)


@pytest.mark.parametrize("key, count, published", [
    ("three_card_win_player", 942_837_427_226_624, "-0.056860"),
    ("three_card_win_banker", 763_885_033_768_960, "-0.083044"),
])
def test_woo_3_card_win_8_decks(eight, key, count, published):
    """WoO "3-Card Win", https://wizardofodds.com/games/baccarat/side-bets/3-card-win/ : Player
    942,837,427,226,624 (return -0.056860), Banker 763,885,033,768,960 (-0.083044)."""
    r = price(eight, key)
    assert (counts(r)[0], ret(r)) == (count, published)


def test_woo_lucky_99_8_decks(eight):
    """WoO "Lucky 99", https://wizardofodds.com/games/baccarat/side-bets/lucky-99/ : both natural 9s
    44,838,810,157,056, the Banker's only and the Player's only 429,522,620,252,160 each; pays 25, 5
    and 2 *for* 1, expected return 0.825790 (so -0.174210 on a "to one" basis)."""
    r = price(eight, "lucky99")
    assert counts(r)[:3] == [44_838_810_157_056, 429_522_620_252_160, 429_522_620_252_160]
    assert decimal_text(1 + r.expected_value, 6) == "0.825790"


@pytest.mark.parametrize("key, count, published", [
    ("eight_beats_six", 150_358_085_283_840, "-0.217887"),
    ("nine_beats_seven_two_cards", 90_066_027_282_432, "-0.081032"),
    ("nine_beats_one_three_cards", 28_511_182_835_712, "-0.138686"),
])
def test_woo_golden_frog_8_decks(eight, key, count, published):
    """WoO "Golden Frog", https://wizardofodds.com/games/baccarat/side-bets/golden-frog/ : any 8 beats
    any 6 150,358,085,283,840 (-0.217887), 2-card 9 beats 2-card 7 90,066,027,282,432 (-0.081032),
    3-card 9 beats 3-card 1 28,511,182,835,712 (-0.138686)."""
    r = price(eight, key)
    assert (counts(r)[0], ret(r)) == (count, published)


def test_woo_golden_frog_nine_beats_seven_three_cards_8_decks(eight):
    """WoO "Golden Frog": 3-card 9 beats 3-card 7, pays 200:1, house edge 11.89%."""
    assert percent_text(price(eight, "nine_beats_seven_three_cards").house_edge, 2) == "11.89%"


#: WoO "Side Totals": combinations and return of each final total (Player 9..0, Banker 9..3).
SIDE_TOTALS = {
    "player_total_9": (668_220_074_600_448, "-0.131036"), "player_total_8": (665_982_456_134_400, "-0.133945"),
    "player_total_7": (668_117_541_187_584, "-0.131169"), "player_total_6": (665_920_136_276_736, "-0.134026"),
    "player_total_5": (372_435_601_541_376, "-0.217635"), "player_total_4": (371_426_030_979_072, "-0.219755"),
    "player_total_3": (372_517_215_488_256, "-0.142936"), "player_total_2": (371_465_655_324_672, "-0.145355"),
    "player_total_1": (372_517_055_559_936, "-0.142936"), "player_total_0": (469_796_508_410_880, "-0.154095"),
    "banker_total_9": (641_996_333_062_144, "-0.165137"), "banker_total_8": (639_959_843_756_800, "-0.167786"),
    "banker_total_7": (641_950_993_608_704, "-0.165196"), "banker_total_6": (605_184_530_090_752, "-0.213008"),
    "banker_total_5": (503_359_177_443_584, "-0.144015"), "banker_total_4": (466_997_733_545_984, "-0.205849"),
    "banker_total_3": (363_761_246_869_760, "-0.163081"),
}


@pytest.mark.parametrize("key", SIDE_TOTALS)
def test_woo_side_totals_8_decks(eight, key):
    """WoO "Side Total Side Bets in Baccarat", https://wizardofodds.com/games/baccarat/side-bets/side-totals/
    (Entwine live dealer): each total's combinations and return, as in SIDE_TOTALS."""
    r = price(eight, key)
    assert (counts(r)[0], ret(r)) == SIDE_TOTALS[key]


def test_woo_side_totals_house_edge_range_8_decks(eight):
    """WoO "Side Totals": Banker house edges range from 14.40% (total 5) to 21.30% (total 6)."""
    edges = {t: price(eight, f"banker_total_{t}").house_edge for t in range(10)}
    assert min(edges, key=edges.get) == 5 and percent_text(edges[5], 2) == "14.40%"
    assert max(edges, key=edges.get) == 6 and percent_text(edges[6], 2) == "21.30%"


#: WoO "Winning Side and Total": the combinations of all 28 outcomes (winning side, total).
WINNING_SIDE_AND_TOTAL = {
    "player": {9: 613_074_020_540_416, 8: 555_823_197_134_848, 7: 408_043_979_470_848, 6: 312_658_895_192_064,
               5: 122_838_277_197_824, 4: 86_165_771_096_064, 3: 62_946_423_310_336, 2: 44_328_525_111_296,
               1: 24_639_193_538_560},
    "banker": {9: 586_850_279_002_112, 8: 529_914_458_673_152, 7: 384_279_324_919_808, 6: 269_232_304_455_680,
               5: 216_715_928_915_968, 4: 163_359_790_133_248, 3: 72_927_778_568_192, 2: 44_681_581_871_104,
               1: 24_291_119_898_624},
    "tie": {9: 55_146_054_060_032, 8: 54_879_416_675_072, 7: 101_717_538_899_968, 6: 96_170_001_308_416,
            5: 39_684_046_743_808, 4: 36_294_133_463_040, 3: 22_250_510_129_408, 2: 20_006_606_104_576,
            1: 20_499_217_668_352, 0: 28_979_901_420_544},
}


@pytest.mark.parametrize("side, total", [(s, t) for s, row in WINNING_SIDE_AND_TOTAL.items() for t in row])
def test_woo_winning_side_and_total_combinations_8_decks(eight, side, total):
    """WoO "Exact Winning Side and Total in Baccarat", https://wizardofodds.com/games/baccarat/side-bets/winning-side-and-total/
    (the combinations table of https://wizardofodds.com/games/exact-winning-side-and-total-in-baccarat):
    every one of the 28 counts, read from the Super Baccarat bets (the Banker's 6 from the Lucky 6, Tiger)."""
    if side == "banker" and total == 6:
        r = price(eight, "tiger")
        count = sum(counts(r)[:2])
    else:
        count = counts(price(eight, f"super_baccarat_{side}_{total}"))[0]
    assert count == WINNING_SIDE_AND_TOTAL[side][total]


@pytest.mark.parametrize("key, published", [
    ("super_baccarat_player_9", "-0.141421"), ("super_baccarat_player_8", "-0.221598"),
    ("super_baccarat_player_7", "-0.183651"), ("super_baccarat_player_6", "-0.249378"),
    ("super_baccarat_player_5", "-0.238159"), ("super_baccarat_player_4", "-0.207021"),
    ("super_baccarat_player_3", "-0.231808"), ("super_baccarat_player_2", "-0.192962"),
    ("super_baccarat_player_1", "-0.206364"), ("super_baccarat_banker_9", "-0.178146"),
    ("super_baccarat_banker_8", "-0.151865"), ("super_baccarat_banker_7", "-0.231195"),
    ("super_baccarat_banker_5", "-0.219573"),
])
def test_woo_super_baccarat_returns_8_decks(eight, key, published):
    """WoO "Super Baccarat", https://wizardofodds.com/games/super-baccarat/ : the return of each
    Player winning-total bet and of the Banker's on 9, 8, 7 and 5, at its published pays."""
    assert ret(price(eight, key)) == published


# --- Card-level bets on the first four cards ---------------------------------------------------

def test_woo_majestic_match_8_decks(eight):
    """WoO "Majestic Match", https://wizardofodds.com/games/baccarat/side-bets/majestic-match/ : of
    86,320 two-card sets, suited king-queen 256, any other suited 21,168; return -0.064597 (6.46%).
    The Player's and the Banker's bets are priced alike."""
    for key in ("majestic_match_player", "majestic_match_banker"):
        r = price(eight, key)
        assert probabilities(r)[:2] == [Fraction(256, TWO_CARDS), Fraction(21_168, TWO_CARDS)], key
        assert ret(r) == "-0.064597", key


def test_woo_perfect_9_bonus_8_decks(eight):
    """WoO "Perfect 9 Bonus Baccarat", https://wizardofodds.com/article/perfect-9-bonus-baccarat/ (Okada
    pay table): of 86,320 two-card sets, suited A-8 ... 4-5 1,024, unsuited 3,072, 9 with a ten or face
    card 4,096; return -0.074699 (7.47%)."""
    r = price(eight, "perfect9_bonus")
    assert probabilities(r)[:3] == [Fraction(n, TWO_CARDS) for n in (1_024, 3_072, 4_096)]
    assert ret(r) == "-0.074699"


@pytest.mark.parametrize("key, published", [("perfect_pair", "-0.130294"), ("perfect_pairs_26", "-0.096844")])
def test_woo_perfect_pairs_version_1_8_decks(eight, key, published):
    """WoO "Perfect Pairs (Version 1)", https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1/ :
    246,848,784 wins of 7,379,583,120 at 8 decks; return -0.130294 at 25:1, -0.096844 at 26:1."""
    r = price(eight, key)
    assert probabilities(r)[0] == Fraction(246_848_784, PAIRS_8)
    assert ret(r) == published


@pytest.mark.parametrize("key, published", [("perfect_pair", "17.07%"), ("perfect_pairs_26", "13.88%")])
def test_woo_perfect_pairs_version_1_6_decks(six, key, published):
    """WoO "Perfect Pairs (Version 1)": 74,114,820 wins of 2,323,673,820 at 6 decks; house edge
    17.07% at 25:1, 13.88% at 26:1."""
    r = price(six, key)
    assert probabilities(r)[0] == Fraction(74_114_820, PAIRS_6)
    assert percent_text(r.house_edge, 2) == published


def test_woo_perfect_pairs_version_2_8_decks(eight):
    """WoO "Perfect Pairs (Version 2)", https://wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver2/ :
    of 7,379,583,120, two perfect pairs 2,101,008, one 244,747,776; return -0.066235 (6.62%)."""
    r = price(eight, "perfect_pairs_both")
    assert probabilities(r)[:2] == [Fraction(2_101_008, PAIRS_8), Fraction(244_747_776, PAIRS_8)]
    assert ret(r) == "-0.066235"


#: WoO "Lucky Nines", Red Rock table, combinations of 1,229,930,520 four-card sets: four nines,
#: three of one suit, three, two of one suit, two, one nine of diamonds, one nine, no nine.
LUCKY_NINES = [35_960, 86_016, 1_818_624, 8_236_032, 28_237_824, 74_908_672, 224_726_016, 891_881_376]


def test_woo_lucky_nines_red_rock_8_decks(eight):
    """WoO "Lucky Nines", https://wizardofodds.com/games/baccarat/side-bets/lucky-nines/ , Red Rock pay
    table: every count of LUCKY_NINES, house edge 8.27%."""
    r = price(eight, "lucky_nines_red_rock")
    assert probabilities(r) == [Fraction(n, FOUR_CARDS) for n in LUCKY_NINES]
    assert percent_text(r.house_edge, 2) == "8.27%"


def test_woo_lucky_nines_binions_8_decks_and_where_its_table_is_wrong(eight):
    """WoO "Lucky Nines", Binion's pay table: five of its eight counts and the total are right; its
    three nines of one suit (64,512) and three nines (1,840,128) are not. The same page's Red Rock
    table has 86,016 and 1,818,624, and so do we: three nines of one suit are 4 suits x C(8, 3) x 384
    non-nines = 86,016 (21,504 more than WoO, exactly the sets whose fourth card has the nines' suit,
    4 x 56 x 96). Its house edge 19.46% follows from the miscount; the exact one is 19.06%."""
    r = price(eight, "lucky_nines_binions")
    woo_binions = [35_960, 64_512, 1_840_128, 8_236_032, 28_237_824, 74_908_672, 224_726_016, 891_881_376]
    assert sum(woo_binions) == FOUR_CARDS
    ours = [p * FOUR_CARDS for p in probabilities(r)]
    assert ours == LUCKY_NINES
    assert [a == b for a, b in zip(ours, woo_binions)] == [True, False, False, True, True, True, True, True]
    assert ours[1] - woo_binions[1] == 4 * 56 * 96 == woo_binions[2] - ours[2]
    assert percent_text(r.house_edge, 2) == "19.06%"


# --- Card-level bets on every card of the coup -------------------------------------------------

def test_woo_monkey_6_8_decks(eight):
    """WoO "Monkey 6", https://wizardofodds.com/games/baccarat/side-bets/monkey-6/ : 295,533,789,192,192
    wins of 4,998,398,275,503,360; return -0.231366 (23.14%)."""
    r = price(eight, "monkey6")
    assert (r.total, counts(r)[0], ret(r)) == (TOTAL, 295_533_789_192_192, "-0.231366")


def test_woo_monkey_6_tie_8_decks(eight):
    """WoO "Monkey 6 Tie", https://wizardofodds.com/games/baccarat/side-bets/monkey-6-tie/ :
    29,035,119,366,144 wins; return -0.122858 (12.29%)."""
    r = price(eight, "monkey_tie")
    assert (counts(r)[0], ret(r)) == (29_035_119_366_144, "-0.122858")


@pytest.mark.parametrize("key, published", [("grand_monkey", "33.22%"), ("grand_monkey_6000", "19.86%")])
def test_woo_grand_monkey_8_decks(eight, key, published):
    """WoO "Grand Monkey", https://wizardofodds.com/games/baccarat/side-bets/grand-monkey/ : 667,474,778,880
    wins; house edge 19.86% at 6,000:1 (return -0.198640), 33.22% at 5,000:1 (there and on WoO
    "Monkey Baccarat", https://wizardofodds.com/games/monkey-baccarat/)."""
    r = price(eight, key)
    assert counts(r)[0] == 667_474_778_880
    assert percent_text(r.house_edge, 2) == published


def test_woo_super_tie_pay_table_1_8_decks(eight):
    """WoO "Super Tie", https://wizardofodds.com/games/baccarat/side-bets/super-tie/ , pay table 1:
    six-card tie on 6-9 of one colour 1,326,729,820,672, mixed colours 42,861,591,369,728, other
    ties 431,439,105,282,816; return -0.059716 (5.97%)."""
    r = price(eight, "super_tie")
    assert counts(r)[:3] == [1_326_729_820_672, 42_861_591_369_728, 431_439_105_282_816]
    assert ret(r) == "-0.059716"


def test_woo_super_tie_pay_table_2_8_decks(eight):
    """WoO "Super Tie", pay table 2 (20:1 for mixed colours): house edge 10.26%."""
    assert percent_text(price(eight, "super_tie_20").house_edge, 2) == "10.26%"
