"""Card-level bets priced on the classes of cards they read (issue 22), against independent counts.

* Every form of the condition language (card sets, predicates, aggregates, ``true``) against brute force
  over every ordered six cards of small suited shoes (tests/oracles/brute.py, written from the words of
  docs/bets.md, apart from the engine).
* One bet written three ways gives the same exact fractions (8 decks, and a shoe in play).
* Every card-level catalog bet against the older card walk (``every_card.card_counts``, a different
  method), including shoes whose suits are unknown (the stated model).
"""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.conditions.card_names import CONSTANTS, FACT_NAMES
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import COUP_NAMES, DEAL_NAMES, deal_names
from exact_odds.cards.routes.every_card import card_counts
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from card_bets import line_counts, line_counts_explained, shoe_in_play, table
from oracles.brute import brute_lines

#: Every new form at least once, mixed with value names and the older card names.
FORMS = [
    "count(first_four, rank == 9) >= 2",
    "same_suit(player_hand) and banker_wins",
    "of_a_kind(all_cards) >= 2",
    "run(player_hand) and player_cards == 3",
    "suited_run((player_card1, banker_card1))",
    "any(third_cards, red)",
    "all(banker_hand, value < 5) and not tie",
    "same_colour(first_cards) and tie",
    "count(all_cards, suit == hearts) == 3",
    "same_rank(player_first_two) and count(banker_first_two, rank in (jack, queen, king)) == 1",
    "all(third_cards, black)",
    "run(banker_hand)",
    "of_a_kind(first_four) == 3 or same_rank(first_four)",
    "player_card1_suit == banker_card2_suit and player == 9",
    "count(player_hand, rank > 10) - count(banker_hand, rank > 10) >= 1",
    "of_a_suit(first_four, rank == 9) >= 2 or of_a_suit(player_hand) == 3",
    "of_a_kind(all_cards, red) >= 2 and banker_wins",
    "true",
]
SMALL = [r + s for r in ("A", "2", "Q", "K", "9", "8") for s in ("h", "s", "d")]


@pytest.mark.parametrize("condition", FORMS)
def test_each_form_equals_brute_force_on_a_small_suited_shoe(condition):
    cards = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c"]
    assert line_counts(table([condition]), Shoe.from_cards(cards)) == dict(brute_lines(cards, [condition]))


@pytest.mark.slow  # the 18 forms' plan as one table takes 5 s; by default the first line that holds settles
# the catalog's bets of several lines on the classes (test_every_card_level_catalog_bet_..., 7 cards)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SMALL), min_size=6, max_size=8))
def test_every_form_in_one_table_equals_brute_force_on_random_suited_shoes(cards):
    """First line that holds settles: all the forms as one pay table, on random small suited shoes."""
    assert line_counts(table(FORMS), Shoe.from_cards(cards)) == dict(brute_lines(cards, FORMS))


TWO_NINES = [
    "count(first_four, rank == 9) >= 2",
    " or ".join(f"({a} == 9 and {b} == 9)" for a, b in [
        ("player_card1_rank", "player_card2_rank"), ("player_card1_rank", "banker_card1_rank"),
        ("player_card1_rank", "banker_card2_rank"), ("player_card2_rank", "banker_card1_rank"),
        ("player_card2_rank", "banker_card2_rank"), ("banker_card1_rank", "banker_card2_rank")]),
    "not (count(first_four, rank != 9) >= 3)",
]
SUITED_EIGHT = [
    "player_suited and player_cards == 3 and player == 8",
    "same_suit(player_hand) and count(player_hand, true) == 3 and player == 8",
    "player == 8 and player_cards == 3 and (" + " or ".join(f"all(player_hand, suit == {s})"
                                                            for s in ("spades", "hearts", "diamonds", "clubs")) + ")",

]


@pytest.mark.parametrize("writings", [TWO_NINES], ids=["two nines in the first four"])
@pytest.mark.parametrize("shoe", [Shoe.decks(8), shoe_in_play(8, 150, seed=3)], ids=["8 decks", "8 decks in play"])
def test_one_bet_written_three_ways_gives_the_same_fractions(writings, shoe):
    """However a condition is written, the same coups settle it: the same exact fractions."""
    results = [table([w]).price(walk(shoe)) for w in writings]
    assert len({r.lines[0].probability for r in results}) == 1
    assert results[0].lines[0].probability > 0


def test_a_suited_three_card_eight_written_three_ways_gives_the_same_fractions():
    """'player_suited' and 'same_suit(player_hand)' (and a third writing) at 2 decks: one exact fraction."""
    shoe = Shoe.decks(2)
    results = {table([w]).price(walk(shoe)).lines[0].probability for w in SUITED_EIGHT}
    assert len(results) == 1 and results.pop() > 0


def card_walk_counts(bet, shoe):
    """The older card walk (every_card.card_counts): the joint of the bet's names, settled line by line."""
    names = bet.names - CONSTANTS.keys()
    values = tuple(sorted(names & (COUP_NAMES.keys() | DEAL_NAMES.keys())))
    facts = tuple(sorted(names - set(values)))
    joint, total, assumption = card_counts(shoe, values, facts,
                                           value_of=lambda d: tuple(deal_names(d)[n] for n in values))
    counts = [0] * (len(bet.lines) + 1)
    for (v, f), n in joint.items():
        state = {**CONSTANTS, **dict(zip(values, v)), **dict(zip(facts, f))}
        counts[next((i for i, line in enumerate(bet.lines) if line.holds(state)), len(bet.lines))] += n
    return counts, total, assumption


CATALOG = builtin_catalog()
#: The catalog's card-level bets the older card walk reads (the rest use card sets and aggregates).
OLDER = set(COUP_NAMES) | set(DEAL_NAMES) | set(FACT_NAMES)
CARD_BETS = [k for k in CATALOG.bets if CATALOG.bet(k).family == "card" and CATALOG.bet(k).names <= OLDER]
#: Every card-level catalog bet, whatever its names.
ALL_CARD_BETS = [k for k in CATALOG.bets if CATALOG.bet(k).family == "card"]


#: The catalog's card bets whose first plan, shoe-independent, takes seconds on this machine (Majestic Match:
#: every rank of the whole coup, 5-7 s): checked here under ``-m slow``; by default their published figures
#: are (tests/published/), and this plan's machinery on the forms of FORMS above.
HEAVY_PLANS = {"majestic_match_player", "majestic_match_banker"}


@pytest.mark.parametrize("cards", [
    ["9h", "9h", "9d", "Kh", "8h", "6h", "9s"],
    pytest.param(["9h", "9h", "9d", "Kh", "Qh", "8h", "6h", "9s"], marks=pytest.mark.slow),
], ids=["7 cards", "8 cards"])
@pytest.mark.parametrize("key", [k if k not in HEAVY_PLANS else pytest.param(k, marks=pytest.mark.slow)
                                 for k in ALL_CARD_BETS])
def test_every_card_level_catalog_bet_equals_brute_force_on_a_small_suited_shoe(key, cards):
    """Every line of every card-level bet of the catalog (the published side bets included), settled by
    the brute-force reading of its conditions over every ordered six cards of a small suited shoe."""
    bet = CATALOG.bet(key)
    conditions = [line.condition for line in bet.lines]
    assert line_counts(bet, Shoe.from_cards(cards)) == dict(brute_lines(cards, conditions))


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.from_counts([2, 1, 0, 3, 0, 0, 1, 2, 0, 1, 0, 0, 1])],
                         ids=["1 deck", "13 counts (suits unknown)"])
def test_catalog_card_bets_equal_the_card_walk(shoe):
    dist = walk(shoe)
    for key in CARD_BETS:
        bet = CATALOG.bet(key)
        result = bet.price(dist)
        counts, total, assumption = card_walk_counts(bet, shoe)
        assert [line.count for line in result.lines] == counts, key
        assert result.total == total and result.assumptions == ((assumption,) if assumption else ()), key


@pytest.mark.slow
@pytest.mark.parametrize("shoe", [Shoe.decks(6).remove(["5", "Kh", "K", "9s"]), Shoe.decks(1).remove(["Q"] * 3),
                                  Shoe.from_cards(["Ah", "Ah", "Kh", "2h", "Kd", "5h", "8s", "8c", "9d", "3c", "3c"])],
                         ids=["6 decks less 5 Kh K 9s", "1 deck less 3 Q", "11 suited cards"])
def test_catalog_card_bets_equal_the_card_walk_on_more_shoes(shoe):
    test_catalog_card_bets_equal_the_card_walk(shoe)


@pytest.mark.parametrize("condition", [
    "player_card1_suit == hearts and banker_card2_suit == hearts",
    "player_card1_suit == banker_card1_suit",
    # the card walk reads two cards' ranks whole here: tens of seconds
    pytest.param("player_card1_rank == 9 and banker_card1_rank == 9 and player_suited_pair", marks=pytest.mark.slow)])
@pytest.mark.parametrize("shoe", [Shoe.infinite(), Shoe.from_counts([5, 4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 2])],
                         ids=["infinite deck", "13 counts (suits unknown)"])
def test_first_four_bets_equal_the_card_walk_where_suits_are_modelled(condition, shoe):
    """The first-four classes on the infinite deck (each card 1/52), and the whole-coup path for a shoe
    of unknown suits, against the card walk's model: same counts, same stated assumption (written with
    the older names, which the card walk reads)."""
    bet = table([condition])
    result = bet.price(walk(shoe))
    counts, total, assumption = card_walk_counts(bet, shoe)
    assert [line.count for line in result.lines] == counts
    assert result.assumptions == (assumption,)
    assert all(0 <= line.probability <= 1 for line in result.lines)


def test_two_suited_nines_cannot_come_from_one_deck():
    """One deck holds one nine of each suit: two nines of one suit never happen."""
    bet = table(["of_a_suit(first_four, rank == 9) >= 2"])
    assert bet.price(walk(Shoe.decks(1))).lines[0].count == 0
    assert bet.price(walk(Shoe.decks(2))).lines[0].probability > Fraction(0)


#: Whole hands' suits and colours in the language's forms: on a shoe in play they take the hand path
#: (card_fast.hand_fact_counts), as the older names player_suited, player_red ... do.
HAND_FACT_FORMS = [
    "same_suit(player_hand) and player_cards == 3 and player == 8",
    "same_colour(banker_hand) and not same_suit(banker_hand) and banker_wins",
    "all(player_hand, red) and all(banker_hand, black)",
    "player_suited and same_suit(banker_hand) or tie and same_colour(player_hand)",
]


@pytest.mark.parametrize("condition", HAND_FACT_FORMS)
def test_hand_suit_forms_take_the_hand_path_in_play_and_equal_brute_force(condition):
    cards = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c"]
    expected = dict(brute_lines(cards, [condition]))
    assert expected.get(0)  # the line holds on some coups of this shoe
    counts, explanation = line_counts_explained(table([condition]), Shoe.from_cards(cards))
    assert counts == expected
    assert explanation.route == "hand paths"


def test_a_hand_suit_form_that_reads_another_card_is_declined_by_the_hand_path():
    """The hand path tries it and declines (a card read by itself); another route prices it."""
    condition = "same_suit(player_hand) and player_card1_rank == 9"
    cards = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c"]
    counts, explanation = line_counts_explained(table([condition]), Shoe.from_cards(cards))
    assert counts == dict(brute_lines(cards, [condition]))
    assert dict(explanation.declined)["hand paths"] == \
        "reads cards other than as whole hands' suits and colours or one hand's pair"
    assert explanation.route not in ("hand paths", "small shoe")


@pytest.fixture(autouse=True)
def _without_the_small_shoe():
    """These tests price their route on small shoes, which brute force can check: the small shoe's own
    enumeration, which the engine tries first there (tests/cards/), is left out so their route answers."""
    from exact_odds.cards.engine import excluding

    with excluding("small shoe"):
        yield
