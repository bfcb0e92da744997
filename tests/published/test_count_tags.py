"""Published balanced counts for baccarat side bets, against the exact EOR and the balanced-count search.

Each published count is checked for what is true of it: its tags add up to 0 over a deck; its
betting correlation, computed from the exact 8-deck EOR, matches the published figure to its
printed digits where one is printed; and the best balanced count our exact search finds at the
same level is at least as good (for most of these counts it is the published count itself).
Tags are published for A, 2, ..., 9 and T (the four ten-valued ranks alike).

Sources:
- advancedadvantageplay.com, "Baccarat Side Bets" (Eliot Jacobson),
  https://advancedadvantageplay.com/side-bets/baccarat-side-bets/ (8 decks, cut card at 14 cards);
- advancedadvantageplay.com, "Card Counting the Big Tiger Baccarat Side Bet" (Jacobson, 2024),
  https://advancedadvantageplay.com/2024/07/card-counting-the-big-tiger-baccarat-side-bet;
- Eliot Jacobson, "Card Counting the Dragon Side Bet in EZ Baccarat" (Wizard of Odds, 2011),
  https://wizardofodds.com/games/baccarat/dragon-bet/, and "Card Counting the Dragon/Fortune 7
  Baccarat Side Bet" (apheat.net, 2014);
- Eliot Jacobson, "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat" (888casino.com
  blog), the Panda 8 tags {1,1,-2,-2,-2,-1,-1,-2,4,1}.
"""

from functools import lru_cache

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate.balanced import balanced_count
from exact_odds.in_play.simulate.removal import betting_correlation, effect_of_removal
from exact_odds.rules.shoe import Shoe


def thirteen(tags_a_to_t):
    """Tags published for A..9 and T, as 13 tags A..K (10, J, Q, K all the T tag)."""
    assert len(tags_a_to_t) == 10
    return tuple(tags_a_to_t) + (tags_a_to_t[9],) * 3


@lru_cache(maxsize=None)
def eor_8_decks(key):
    return effect_of_removal(Shoe.decks(8), (builtin_catalog().bets[key],)).eor[0]


def published(key, tags_a_to_t):
    """The published count on the 8-deck EOR: balanced, with its betting correlation."""
    tags = thirteen(tags_a_to_t)
    assert CountStrategy("published", tags, 0).balanced
    return betting_correlation(tags, eor_8_decks(key), (32,) * 13)


def test_jacobson_dragon_7_count_is_the_best_balanced_count_at_level_2():
    """Jacobson (WoO "Card Counting the Dragon Side Bet", 2011; apheat.net 2014): 4, 5, 6, 7 count -1,
    8 and 9 count +2, every other rank 0. Balanced; no integer count within -2..2 does better."""
    ours, theirs = balanced_count(eor_8_decks("dragon7"), 2), published("dragon7", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0))
    assert ours.tags == theirs.tags and ours.correlation_squared == theirs.correlation_squared
    assert theirs.correlation_text(3) == "0.964"


def test_jacobson_panda_8_count_is_the_best_balanced_count_at_level_4():
    """Jacobson ("Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat"): Panda 8 tags
    {1,1,-2,-2,-2,-1,-1,-2,4,1} (A..9, T). Our search at level 4 finds exactly these."""
    ours, theirs = balanced_count(eor_8_decks("panda8"), 4), published("panda8", (1, 1, -2, -2, -2, -1, -1, -2, 4, 1))
    assert ours.tags == theirs.tags and ours.correlation_squared == theirs.correlation_squared


def test_advancedadvantageplay_big_tiger_count_betting_correlation_0_981():
    """Jacobson, "Card Counting the Big Tiger Baccarat Side Bet" (advancedadvantageplay.com, 2024): tags
    (0,0,-1,-1,-1,-2,+1,+2,+2,0), "a betting correlation of 0.981 ... there is no balanced system that
    is obviously better". The correlation from the exact EOR prints 0.981; the best balanced count
    within -2..2 is better, at 0.986 (it doubles the 3, 7 and 9 against the 4 and 5)."""
    theirs = published("big_tiger", (0, 0, -1, -1, -1, -2, 1, 2, 2, 0))
    assert theirs.correlation_sign == 1 and theirs.correlation_text(3) == "0.981"
    ours = balanced_count(eor_8_decks("big_tiger"), 2)
    assert ours.correlation_squared > theirs.correlation_squared
    assert ours.correlation_text(3) == "0.986"


def test_advancedadvantageplay_3_giving_8_count_is_the_best_balanced_count_at_level_8():
    """advancedadvantageplay.com "Baccarat Side Bets", 3 Giving 8 (200 to 1): tags
    (1, 1, -3, 1, 1, 1, 1, -8, 1, 1). Our exact search at level 8 (1-4 s) finds exactly these."""
    theirs = published("three_giving_eight", (1, 1, -3, 1, 1, 1, 1, -8, 1, 1))
    ours = balanced_count(eor_8_decks("three_giving_eight"), 8)
    assert ours.tags == theirs.tags and ours.correlation_squared == theirs.correlation_squared


def test_advancedadvantageplay_88_89_98_99_count_is_the_best_balanced_count_at_level_3():
    """advancedadvantageplay.com "Baccarat Side Bets", 88 89 98 99 (20 to 1): tags
    (1, 1, 0, 0, 0, 0, 0, -3, -3, 1). Our exact search at level 3 finds exactly these."""
    theirs = published("eights_and_nines", (1, 1, 0, 0, 0, 0, 0, -3, -3, 1))
    ours = balanced_count(eor_8_decks("eights_and_nines"), 3)
    assert ours.tags == theirs.tags and ours.correlation_squared == theirs.correlation_squared


def test_advancedadvantageplay_9_over_7_count_is_the_best_balanced_count_at_level_5():
    """advancedadvantageplay.com "Baccarat Side Bets", 9 over 7 (50 to 1): tags
    (0, 1, 1, 1, 1, 1, -5, 1, -5, 1), the Ace 0. Our exact search at level 5 finds exactly these."""
    theirs = published("nine_over_seven", (0, 1, 1, 1, 1, 1, -5, 1, -5, 1))
    ours = balanced_count(eor_8_decks("nine_over_seven"), 5)
    assert ours.tags == theirs.tags and ours.correlation_squared == theirs.correlation_squared


def test_advancedadvantageplay_bad_beat_count_and_a_slightly_better_one_at_level_5():
    """advancedadvantageplay.com "Baccarat Side Bets", Bad Beat (50 to 1): tags
    (0, 1, 1, 1, 1, 1, 1, -5, -5, 1), betting correlation 0.99205 from the exact EOR. The best
    balanced count within -5..5 tags the Ace +1 and the 5 zero instead: 0.99245."""
    theirs = published("bad_beat", (0, 1, 1, 1, 1, 1, 1, -5, -5, 1))
    ours = balanced_count(eor_8_decks("bad_beat"), 5)
    assert ours.correlation_squared > theirs.correlation_squared
    assert ours.tags == thirteen((1, 1, 1, 1, 0, 1, 1, -5, -5, 1))
    assert (theirs.correlation_text(5), ours.correlation_text(5)) == ("0.99205", "0.99245")
