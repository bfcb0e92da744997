"""Whole-coup bets read only over every card (a Red Pair: of_a_kind(all_cards, red) >= 2) or over whole hands
(of_a_kind(player_hand, red) >= 2 or of_a_kind(banker_hand, black) >= 2), priced on a suited shoe in play by
multisets of pools (card_multisets), against other counts.

* Brute force over every ordered six cards of a small suited shoe (tests/oracles/brute.py), through the
  bet's price (its explanation says the multisets answered): ranks with colours, with value names (tested or used
  whole), one card named by rank and suit, several lines, a constant suit; and hypothesis on random
  depleted small shoes.
* The pools (card_pools), a different method, for a bet both take, on both sides of the int64 bound
  (N**6 < 2**62: 1,290 cards in int64, 1,291 in Python integers); a Red Pair at the bound in int64 against
  the same plan weighed in Python integers.
* A Red Pair written three ways priced alike.
* Bets read over the hands (and every card), by brute force on the small shoe and on random small shoes;
  ranks with colours per hand (about 9.6 million rows, a plan of about 6 s) in the slow set.
* What the multisets do not take (a slot read by itself, an aggregate over first_cards or
  player_first_two, a plan past its limit) is declined (None, or in the explanation) before anything is
  expanded, and priced by another route.
"""

import pytest
from hypothesis import given, settings

from exact_odds.conditions import language
from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_classes, card_multisets, card_pools
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO
from exact_odds.cards.reading import in_play
from card_bets import (brute_counts, brute_force_priced_by, line_counts_explained, route_args, shoe_in_play,
                       small_suited_shoes, table)
from oracles.brute import brute_lines


# red pairs (9h 9h, Kh Kd), a black pair (9c 9s), three and four of a kind, two copies of one card
SMALL = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c", "9s", "3d"]
FORMS = [
    ["of_a_kind(all_cards, red) >= 2"],
    ["tie and of_a_kind(all_cards, red) >= 2"],
    ["player == 8 and of_a_kind(all_cards, red) >= 2"],
    ["count(all_cards, rank == 9 and suit == hearts) >= 1 and player_wins"],
    ["of_a_kind(all_cards, black) >= 2 or of_a_kind(all_cards) >= 3", "of_a_kind(all_cards, red) >= 2"],
    ["of_a_kind(all_cards, red) > banker - 6 and cards == 5"],  # a value name used whole
    ["count(all_cards, suit == hearts) >= 3 or run(all_cards)"],
    ["all(all_cards, red or rank == 9) and natural"],
]


def _counts(conditions, shoe):
    trees, _, value_names, slots, of_card = route_args(conditions)
    return card_multisets.multiset_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)


#: Half the forms run by default, the others under ``-m slow`` (each is seconds of brute force over the
#: 151,200 ordered six cards of SMALL; the slow route matrix, tests/cards/, also checks the multisets on the
#: corpus against the reference route).
DEFAULT_FORMS = range(0, len(FORMS), 2)


@pytest.mark.parametrize("conditions", [f if i in DEFAULT_FORMS else pytest.param(f, marks=pytest.mark.slow)
                                        for i, f in enumerate(FORMS)], ids=[" | ".join(f) for f in FORMS])
def test_bets_read_over_every_card_equal_brute_force(conditions):
    brute_force_priced_by("multisets", conditions, SMALL)


@settings(max_examples=3, deadline=None)
@given(small_suited_shoes())
def test_multisets_on_random_small_shoes_equal_brute_force(cards):
    conditions = ["of_a_kind(all_cards, red) >= 2 and banker_wins", "of_a_kind(all_cards) >= 2 or player == 7"]
    counts = _counts(conditions, Shoe.from_cards(cards))
    assert counts == brute_counts(cards, conditions)


@pytest.mark.slow  # 3 random shoes by default, 6 here
@settings(max_examples=6, deadline=None)
@given(small_suited_shoes())
def test_multisets_on_more_random_small_shoes_equal_brute_force(cards):
    test_multisets_on_random_small_shoes_equal_brute_force.hypothesis.inner_test(cards)


BOUND = [shoe_in_play(25, 10), shoe_in_play(25, 9)]
BOUND_IDS = ["1,290 cards: int64 at the bound", "1,291 cards: Python integers"]


@pytest.mark.parametrize("shoe", BOUND, ids=BOUND_IDS)
def test_multisets_equal_the_pools_on_both_sides_of_the_int64_bound(shoe):
    """A nine of hearts among the cards in a tie: the pools expand two pools of nines a card."""
    assert (shoe.size ** 6 < 2 ** 62) == (shoe.size <= 1290)
    conditions = ["tie and count(all_cards, rank == 9 and suit == hearts) >= 1", "tie and count(all_cards, rank == 9) >= 2"]
    trees, _, value_names, slots, of_card = route_args(conditions)
    pools = card_pools.pool_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)
    assert pools is not None and _counts(conditions, shoe) == pools


def test_a_red_pair_at_the_int64_bound_equals_python_integers(monkeypatch):
    """1,290 cards in int64 (the widest shoe that takes it), against the same plan weighed in Python integers."""
    shoe = BOUND[0]
    conditions = ["of_a_kind(all_cards, red) >= 2", "of_a_kind(all_cards, black) >= 2"]
    in_int64 = _counts(conditions, shoe)
    monkeypatch.setattr(card_pools, "INT64_SAFE", 0)  # every shoe past the bound: Python integers
    assert in_int64 is not None and _counts(conditions, shoe) == in_int64
    assert sum(in_int64) == shoe.size * (shoe.size - 1) * (shoe.size - 2) * (shoe.size - 3) * \
        (shoe.size - 4) * (shoe.size - 5)


def test_a_red_pair_written_three_ways_is_priced_alike():
    ranks = range(1, 14)
    writings = ["of_a_kind(all_cards, red) >= 2",
                " or ".join(f"count(all_cards, rank == {r} and red) >= 2" for r in ranks),
                "not (" + " and ".join(f"count(all_cards, rank == {r} and not black) <= 1" for r in ranks) + ")"]
    dist = walk(shoe_in_play(8, 150))
    prices = [table([w]).price(dist) for w in writings]
    assert len({tuple(line.probability for line in p.lines) for p in prices}) == 1
    assert [p.explanation.route for p in prices] == ["multisets"] * 3


@pytest.mark.parametrize("condition", [
    "player_card1_suit == hearts and of_a_kind(all_cards, red) >= 2",  # a slot read by itself
    "of_a_kind(first_cards, red) >= 2",  # an aggregate over a set of cards that is no union of hands
    "count(player_first_two, red) >= 2 and of_a_kind(banker_hand) >= 2",
    "player_card1_rank == 9 and of_a_kind(player_hand, red) >= 2",  # a slot by itself beside a hand
    "player_pair and any(all_cards, red)",  # an older name meaning two slots' ranks
    "tie",  # no card read
])
def test_what_is_not_read_over_blocks_of_cards_is_declined(condition):
    assert card_multisets.blocks((language.expanded(condition),)) is None
    assert _counts([condition], Shoe.from_cards(SMALL)) is None


def _never(*args):
    raise AssertionError("expanded past the limit")


@pytest.mark.parametrize("condition", [
    "of_a_kind(all_cards) >= 3 and of_a_suit(all_cards) >= 3",  # every rank and every suit: 52 pools
    "player == 8 and count(all_cards, rank == suit) >= 2",
])
def test_a_plan_past_the_limit_is_declined_before_it_is_expanded(condition, monkeypatch):
    assert card_multisets.order_free((language.expanded(condition),))
    monkeypatch.setattr(card_multisets, "_choices", _never)
    monkeypatch.setattr(card_multisets, "_expand", _never)
    monkeypatch.setattr(card_multisets, "settle_lines", _never)
    assert _counts([condition], shoe_in_play(8, 150)) is None


def test_a_plan_past_a_lowered_limit_is_declined_and_priced_otherwise(monkeypatch):
    monkeypatch.setattr(card_multisets, "LIMIT", 1000)
    conditions = ["tie and count(all_cards, rank == 9 and suit == hearts) >= 1"]
    _priced_otherwise_past_the_limit(conditions, "its plan passes its limit of 1,000 rows")


def _priced_otherwise_past_the_limit(conditions, reason):
    """``table(conditions)`` on SMALL equals brute force, the multisets declined it for ``reason`` while they
    planned, and another route priced it."""
    result = table(conditions).price(walk(Shoe.from_cards(SMALL)))
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(SMALL, conditions))
    assert dict(result.explanation.declined)["multisets"] == reason
    assert result.explanation.route not in ("multisets", "small shoe")


def test_the_orderings_of_a_multiset_of_pools_onto_its_values():
    """A value's m cards from its pools: every multiset once, and the orderings of each sum to p**m."""
    import numpy as np

    pools = card_pools.Pools(np, lambda card: card)  # every card its own pool: 16 of value 0, 4 of the others
    choices = card_multisets._choices(np, pools)
    for v, p in ((0, 16), (9, 4)):
        for m in range(7):
            picks, ways = choices[v][m]
            assert len({tuple(x) for x in picks.tolist()}) == len(picks)
            assert int(ways.sum()) == p ** m


@pytest.mark.parametrize("conditions", [["of_a_kind(all_cards, red) >= 2"],
                                        ["of_a_kind(all_cards, black) >= 2 or of_a_kind(all_cards) >= 3",
                                         "tie and of_a_kind(all_cards, red) >= 2"]])
def test_ranks_split_by_colour_on_fresh_decks_take_the_multisets(conditions):
    """On a shoe whose ranks hold their suits alike the classes expand each rank group's suits (a Red Pair:
    20 s on 1 or 8 decks); a bet whose classes split ranks by suit or colour (more than 13) takes the
    multisets (checked against the classes in the slow test below)."""
    shoe = Shoe.decks(1)
    assert not in_play(table(conditions).reading, shoe)
    counts, explanation = line_counts_explained(table(conditions), shoe)
    assert len(counts) == len(conditions) + 1  # every line holds somewhere
    assert explanation.route == "multisets"


def test_a_bet_of_few_classes_on_fresh_decks_keeps_the_classes():
    result = table(["count(all_cards, rank == 9 and suit == hearts) >= 1 and player_wins"]).price(walk(Shoe.decks(1)))
    assert result.explanation.route == "classes"  # 2 classes: the classes take 30-40 ms
    # the multisets did not take it, so built no plan
    assert dict(result.explanation.declined)["multisets"] == \
        "not a bet reading suits beyond the first four cards on a shoe whose ranks differ in suits"


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 8])
def test_a_red_pair_on_fresh_decks_equals_the_classes(decks):
    """The route the multisets replace there (about 20 s)."""
    from exact_odds.rules.suits import suit_model

    conditions = ["of_a_kind(all_cards, red) >= 2"]
    trees, read, value_names, slots, of_card = route_args(conditions)
    shoe = Shoe.decks(decks)
    classes = card_classes._coup_counts(trees, read, value_names, slots, shoe, PUNTO_BANCO,
                                        suit_model(shoe).given_rank(), deal_names)
    assert card_multisets.multiset_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO,
                                          deal_names) == classes



# Bets read over the hands (each aggregate over player_hand, banker_hand or all_cards): multisets of pools per
# hand. The light forms (colours only: two pools a value) run by default; ranks with colours per hand settle
# about 9.6 million rows (a plan of about 6 s each): slow.
HAND_FORMS = [
    ["count(player_hand, red) >= 2 or count(banker_hand, black) >= 3"],
    ["count(all_cards, red) >= 4", "count(player_hand, red) >= 2 and banker_wins"],  # a hand and every card
]
HEAVY_HAND_FORMS = [
    ["of_a_kind(player_hand, red) >= 2 or of_a_kind(banker_hand, black) >= 2"],
    ["count(player_hand, red) >= 2 and of_a_kind(banker_hand) >= 2"],
    ["of_a_kind(all_cards, red) >= 2", "tie or count(banker_hand, rank == 9) >= 2"],
]


@pytest.mark.parametrize("conditions", HAND_FORMS, ids=[" | ".join(f) for f in HAND_FORMS])
def test_bets_read_over_the_hands_equal_brute_force(conditions):
    brute_force_priced_by("multisets", conditions, SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("conditions", HEAVY_HAND_FORMS, ids=[" | ".join(f) for f in HEAVY_HAND_FORMS])
def test_ranks_with_colours_per_hand_equal_brute_force(conditions):
    brute_force_priced_by("multisets", conditions, SMALL)


@settings(max_examples=3, deadline=None)
@given(small_suited_shoes())
def test_hands_on_random_small_shoes_equal_brute_force(cards):
    conditions = ["count(player_hand, red) >= 2 or count(banker_hand, black) >= 3",
                  "count(all_cards, red) >= 4 or player == 7"]
    counts = _counts(conditions, Shoe.from_cards(cards))
    assert counts == brute_counts(cards, conditions)


@pytest.mark.slow  # 3 random shoes by default, 6 here
@settings(max_examples=6, deadline=None)
@given(small_suited_shoes())
def test_hands_on_more_random_small_shoes_equal_brute_force(cards):
    test_hands_on_random_small_shoes_equal_brute_force.hypothesis.inner_test(cards)


@pytest.mark.slow
def test_a_hand_suit_beside_a_hand_pair_past_the_limit_is_priced_otherwise():
    """Suits and ranks per hand: 52 pools, about 536 million rows, declined; another route prices it."""
    conditions = ["same_suit(banker_hand) and of_a_kind(player_hand, red) >= 2"]
    _priced_otherwise_past_the_limit(conditions, f"its plan passes its limit of {card_multisets.LIMIT:,} rows")


def test_a_red_and_black_hand_pair_in_play_is_planned_by_the_hands(monkeypatch):
    """The blocks and the rows of the plan, without building it: within the limit (the classes take minutes)."""
    conditions = ["of_a_kind(player_hand, red) >= 2 or of_a_kind(banker_hand, black) >= 2"]
    assert card_multisets.blocks(tuple(language.expanded(c) for c in conditions)) == card_multisets.HANDS
    monkeypatch.setattr(card_multisets, "_choices", _never)
    with pytest.raises(AssertionError, match="expanded"):
        _counts(conditions, shoe_in_play(8, 150))


@pytest.mark.slow
def test_a_red_and_black_hand_pair_in_play_equals_the_classes():
    """The route the hands replace in play, on one deck less ten cards (about 20 s; on 8 decks in play the
    classes take past 3 minutes, and neither the pools nor the patterns price it)."""
    from exact_odds.rules.suits import suit_model

    conditions = ["of_a_kind(player_hand, red) >= 2 or of_a_kind(banker_hand, black) >= 2"]
    trees, read, value_names, slots, of_card = route_args(conditions)
    shoe = shoe_in_play(1, 10)
    classes = card_classes._coup_counts(trees, read, value_names, slots, shoe, PUNTO_BANCO,
                                        suit_model(shoe).given_rank(), deal_names)
    assert _counts(conditions, shoe) == classes


@pytest.fixture(autouse=True)
def _without_the_small_shoe():
    """These tests price their route on small shoes, which brute force can check: the small shoe's own
    enumeration, which the engine tries first there (tests/cards/), is left out so their route answers."""
    from exact_odds.cards.engine import excluding

    with excluding("small shoe"):
        yield
