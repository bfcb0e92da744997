"""Whole-coup suit bets on a suited shoe in play, priced by pools of cards (card_pools) and, where suits are
compared only with each other, by patterns of suits (card_patterns), against other counts.

* Brute force over every ordered six cards of small suited shoes (tests/oracles/brute.py): the pools or
  the patterns answer there (the bet's explanation says which), for suit classes, colours and suit equality.
* The patterns against the plain pools, which expand every read card's suit, on shoes in play and on
  both sides of the int64 bound; three writings of one bet priced alike; the patterns of k cards against
  the Stirling numbers.
* The card classes (card_classes._coup_counts, a different method) on 8-deck shoes in play, with the
  int64 products on one side of their bound (N**6 < 2**62: N <= 1,290 cards) and Python integers on the
  other.
* A bet whose rows would pass the limit is declined, and priced by another route.
"""

import pytest

from exact_odds.conditions import language
from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_classes, card_patterns, card_pools
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import PUNTO_BANCO
from exact_odds.cards.engine import excluding
from card_bets import route_args, shoe_in_play, table, value_names as all_value_names
from oracles.brute import brute_lines

SMALL = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c"]
#: (condition, the route that prices it): a suit read by name by the pools, suits only compared with each
#: other by the patterns
THIRD_CARD_FORMS = [
    ("same_suit(third_cards) and player_cards == 3", "suit patterns"),
    ("any(third_cards, suit == hearts) and tie", "pools"),
    ("player_card3_suit == banker_card3_suit or all(third_cards, red) and banker == 7", "pools"),
]


def priced_by_pools_or_patterns(condition, cards):
    """``table([condition])`` priced on ``cards`` with the ways of events alone, which the engine asks
    before the patterns where suits are only compared (test_suit_alone), left out."""
    with excluding("events alone"):
        return table([condition]).price(walk(Shoe.from_cards(cards)))


@pytest.mark.parametrize(("condition", "route"), THIRD_CARD_FORMS)
def test_third_cards_suits_by_pools_equal_brute_force(condition, route):
    expected = dict(brute_lines(SMALL, [condition]))
    assert expected.get(0)
    result = priced_by_pools_or_patterns(condition, SMALL)
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == expected
    assert result.explanation.route == route


def pools_and_classes(conditions, shoe):
    """(pool counts, the card classes' counts) of one pay table on one shoe, each method called directly."""
    trees = tuple(language.expanded(c) for c in conditions)
    read = language.reads(trees, all_value_names())
    value_names = tuple((n, None if t is None else tuple(sorted(t, key=repr))) for n, t in sorted(read.value_names.items()))
    slots = tuple(s for s in card_classes.ALL_SLOTS if s in read.slots)
    pools = card_pools.pool_counts(trees, card_classes.classes_of(card_classes.signature_of(read))[0], value_names, slots, shoe, PUNTO_BANCO,
                                   deal_names)
    classes = card_classes._coup_counts(trees, read, value_names, slots, shoe, PUNTO_BANCO, suit_model(shoe),
                                        deal_names)
    return pools, classes


@pytest.mark.parametrize("shoe", [shoe_in_play(8, 150), shoe_in_play(24, 7), shoe_in_play(25, 10)],
                         ids=["8 decks in play", "1,241 cards: int64", "1,290 cards: int64 at the bound"])

def test_pools_equal_the_card_classes_in_play(shoe):
    conditions = ["same_suit(third_cards) and player_cards == 3", "any(third_cards, suit == hearts)"]
    pools, classes = pools_and_classes(conditions, shoe)
    assert pools == classes
    assert sum(pools) == shoe.size * (shoe.size - 1) * (shoe.size - 2) * (shoe.size - 3) * (shoe.size - 4) * (shoe.size - 5)


def test_pools_equal_the_card_classes_past_the_int64_bound():
    """1,291 cards: the weights in Python integers (N**6 >= 2**62)."""
    shoe = shoe_in_play(25, 9)
    assert shoe.size == 1291 and shoe.size ** 6 >= 2 ** 62
    pools, classes = pools_and_classes(["same_suit(third_cards) and player_cards == 3"], shoe)
    assert pools == classes


def test_a_bet_past_the_row_limit_is_declined_and_priced_otherwise(monkeypatch):
    """A third card's suit against constants: four pools a sequence, past a limit of 1,000 rows; another
    route prices it."""
    monkeypatch.setattr(card_pools, "LIMIT", 1000)
    condition = "player_card3_suit == hearts or banker_card3_suit in (spades, diamonds)"
    result = table([condition]).price(walk(Shoe.from_cards(SMALL)))
    assert dict(result.explanation.declined)["pools"] == "its plan passes its limit of 1,000 rows"
    assert result.explanation.route not in ("pools", "small shoe")
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(SMALL, [condition]))


# --- suits compared only with each other: rows settled by patterns of suits ----------------------------

FOUR_SUITS = ["Ah", "9h", "2h", "Kh", "9s", "Kd", "8h", "9c"]
ALL_PAIRS = " or ".join(f"{a}_suit == {b}_suit" for i, a in enumerate(language.CARDS)
                        for b in list(language.CARDS)[i + 1:])
SYMMETRIC_FORMS = [
    f"player == 8 and ({ALL_PAIRS})",  # the benchmark's every suit against every other
    "same_suit(first_four) and banker_wins",  # (over all_cards, the counts take it: test_card_counts.py)
    "of_a_suit(player_hand) >= 2 and banker == 7",
    "suited_run(player_hand) or player_card3_suit != banker_card1_suit and tie",
    "not same_suit(third_cards) and banker_cards == 3",
]


@pytest.mark.parametrize("condition", SYMMETRIC_FORMS)
def test_suits_compared_with_each_other_by_patterns_equal_brute_force(condition):
    expected = dict(brute_lines(FOUR_SUITS, [condition]))
    assert expected.get(0) and expected.get(1)
    result = priced_by_pools_or_patterns(condition, FOUR_SUITS)
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == expected
    assert result.explanation.route == "suit patterns"
    assert dict(result.explanation.declined)["pools"] == "suits compared only with each other: the suit patterns take it"


def test_any_two_cards_of_one_suit_written_three_ways_is_priced_alike():
    """Some two cards of the coup of one suit, Player 8: of_a_suit; five cards or two of the first four
    (five cards always share a suit); not every suit of the first four different in a four-card coup. (A
    card not drawn has suit 0, so ``player_card3_suit == banker_card3_suit`` holds in a four-card coup.)"""
    first_four = [c for c in language.CARDS if not c.endswith("3")]
    pairs = [(a, b) for i, a in enumerate(first_four) for b in first_four[i + 1:]]
    writings = ["of_a_suit(all_cards) >= 2 and player == 8",
                "player == 8 and (cards >= 5 or " + " or ".join(f"{a}_suit == {b}_suit" for a, b in pairs) + ")",
                "player == 8 and not (cards == 4 and " + " and ".join(f"{a}_suit != {b}_suit" for a, b in pairs) + ")"]
    shoe = shoe_in_play(8, 150)
    with excluding("events alone"):
        prices = [table([w]).price(walk(shoe)) for w in writings]
    assert len({tuple(line.probability for line in p.lines) for p in prices}) == 1
    # of_a_suit(all_cards) by the suits' counts, the two or-chains by patterns
    assert [p.explanation.route for p in prices] == ["suit counts", "suit patterns", "suit patterns"]


def patterns_and_expanded(conditions, shoe):
    """The pattern plan's counts (signed rows) and the plain pools', which expand every read card's suit."""
    trees = tuple(language.expanded(c) for c in conditions)
    read = language.reads(trees, all_value_names())
    assert read.suit_symmetric
    value_names = tuple((n, None if t is None else tuple(sorted(t, key=repr))) for n, t in sorted(read.value_names.items()))
    slots = tuple(s for s in card_classes.ALL_SLOTS if s in read.slots)
    of_card = card_classes.classes_of(card_classes.signature_of(read))[0]
    return [by(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)
            for by in (card_patterns.pattern_counts, card_pools.pool_counts)]


@pytest.mark.parametrize("shoe", [shoe_in_play(8, 150), shoe_in_play(25, 10), shoe_in_play(25, 9)],
                         ids=["8 decks in play", "1,290 cards: int64 at the bound", "1,291 cards: Python integers"])
def test_patterns_equal_every_suit_expanded_in_play(shoe):
    by_patterns, expanded = patterns_and_expanded(
        ["player_card3_suit == banker_card3_suit and banker == 7", "same_suit(third_cards) or tie"], shoe)
    assert by_patterns == expanded
    assert sum(by_patterns) == shoe.size * (shoe.size - 1) * (shoe.size - 2) * (shoe.size - 3) * (shoe.size - 4) * (shoe.size - 5)


@pytest.mark.slow
@pytest.mark.parametrize("condition", [f"player == 8 and ({ALL_PAIRS})",
                                       "player_card1_suit == banker_card3_suit and banker == 7 or same_suit(player_hand)"])
def test_patterns_equal_brute_force_on_ten_cards_of_four_suits(condition):
    """Ten cards: every read card's suit can be any of the four (the plain pools decline four read cards)."""
    cards = ["Ah", "9h", "2h", "Kh", "9s", "Kd", "8h", "9c", "3d", "8s"]
    expected = dict(brute_lines(cards, [condition]))
    result = priced_by_pools_or_patterns(condition, cards)
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == expected
    assert result.explanation.route == "suit patterns"


def stirling2(n, k):
    """Stirling numbers of the second kind by their recurrence (ways to split n things into k blocks)."""
    if n == k:
        return 1
    if n == 0 or k == 0:
        return 0
    return k * stirling2(n - 1, k) + stirling2(n - 1, k - 1)


@pytest.mark.parametrize("k", range(7))
def test_the_patterns_of_k_cards_are_the_set_partitions_into_four_blocks_or_fewer(k):
    patterns = card_patterns._patterns(k)
    assert len(patterns) == len(set(patterns)) == sum(stirling2(k, j) for j in range(5))
    for p in patterns:  # numbered in order of first appearance
        assert all(b <= max(p[:i], default=-1) + 1 for i, b in enumerate(p))
    # every naming of every pattern: each of the 4**k ways to give k cards suits, once
    named = {tuple(suits[b] for b in p) for p in patterns for suits in card_patterns._namings(max(p, default=-1) + 1)}
    assert len(named) == sum(len(card_patterns._namings(max(p, default=-1) + 1)) for p in patterns) == 4 ** k


def test_a_pattern_plan_past_the_limit_is_declined_and_priced_otherwise(monkeypatch):
    monkeypatch.setattr(card_pools, "LIMIT", 1000)
    condition = "same_suit(third_cards) and player_cards == 3"
    result = priced_by_pools_or_patterns(condition, FOUR_SUITS)
    declined = dict(result.explanation.declined)
    assert declined["suit patterns"] == "its plan passes its limit of 1,000 rows or namings"
    assert declined["pools"] == "suits compared only with each other: the suit patterns take it"  # not planned
    assert result.explanation.route == "classes"
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(FOUR_SUITS, [condition]))


def test_the_patterns_decline_a_bet_that_reads_a_constant_suit():
    """The patterns assume renaming the suits moves no line; a constant suit (all hearts) would, so they
    decline (they had counted it as the pair alone: 71,756 for brute force's 87,884 on a small shoe)."""
    conditions = ["player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)"]
    trees, _, value_names, slots, of_card = route_args(conditions)
    cards = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c", "3d", "Kc"]
    assert card_patterns.pattern_counts(trees, of_card, value_names, slots, Shoe.from_cards(cards), PUNTO_BANCO,
                                        deal_names) is None


@pytest.fixture(autouse=True)
def _without_the_small_shoe():
    """These tests price their route on small shoes, which brute force can check: the small shoe's own
    enumeration, which the engine tries first there (tests/cards/), is left out so their route answers."""
    from exact_odds.cards.engine import excluding

    with excluding("small shoe"):
        yield
