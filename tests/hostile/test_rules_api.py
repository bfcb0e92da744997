"""Hostile input to the rules' API (issue 11, cause 15): shoes, cards and tableaux built by hand.

Each wrong call raises TypeError or ValueError with a message saying what was
expected, never AttributeError or IndexError, and never builds a shoe that
could be priced (a negative count, a half-removed card)."""

import pytest

from exact_odds import Shoe, ShoeError, analyse, walk
from exact_odds.rules.cards import CardError, parse_card, parse_rank

CASES = [
    ("Shoe.from_cards of numbers", lambda: Shoe.from_cards([1, 2, 3, 4, 5, 6]), TypeError, "string"),
    ("Shoe.from_cards of a string", lambda: Shoe.from_cards("AKQJT9"), TypeError, "list of card names"),
    ("Shoe.from_cards of an unknown card", lambda: Shoe.from_cards(["A", "Z"] * 3), ShoeError, "unknown card"),
    ("Shoe with a negative count", lambda: Shoe((-4,) + (4,) * 12), ShoeError, "13 whole numbers >= 0"),
    ("Shoe with 12 counts", lambda: Shoe((4,) * 12), ShoeError, "13 whole numbers"),
    ("Shoe with a float count", lambda: Shoe((4.0,) * 13), ShoeError, "whole numbers"),
    ("Shoe with a bool count", lambda: Shoe((True,) * 13), ShoeError, "whole numbers"),
    ("Shoe with suits that do not add up", lambda: Shoe((4,) * 13, (2,) * 52), ShoeError, "add up"),
    ("Shoe with suits but no ranks", lambda: Shoe(None, (1,) * 52), ShoeError, "infinite deck"),
    ("Shoe.decks(0)", lambda: Shoe.decks(0), ShoeError, ">= 1"),
    ("Shoe.decks('8')", lambda: Shoe.decks("8"), ShoeError, "whole number"),
    ("Shoe.decks(8.0)", lambda: Shoe.decks(8.0), ShoeError, "whole number"),
    ("Shoe.from_counts(None)", lambda: Shoe.from_counts(None), TypeError, "13 or 52"),
    ("Shoe.from_counts('4444')", lambda: Shoe.from_counts("4" * 13), TypeError, "13 or 52"),
    ("Shoe.from_counts of 14", lambda: Shoe.from_counts([4] * 14), ShoeError, "13 rank counts"),
    ("a shoe of 5 cards", lambda: Shoe.from_counts([1] * 5 + [0] * 8), ShoeError, "at least 6"),
    ("remove a string", lambda: Shoe.decks(1).remove("AK"), TypeError, "not the string"),
    ("remove numbers", lambda: Shoe.decks(1).remove([5]), TypeError, "string"),
    ("remove a card not left", lambda: Shoe.from_counts([1] * 13).remove(["A", "A"]), ShoeError, "no A left"),
    ("remove from the infinite deck", lambda: Shoe.infinite().remove(["5"]), ShoeError, "infinite deck"),
    ("parse_card(5)", lambda: parse_card(5), TypeError, "string"),
    ("parse_rank(None)", lambda: parse_rank(None), TypeError, "string"),
    ("parse_card('Zz')", lambda: parse_card("Zz"), CardError, "unknown card"),
    ("analyse(None)", lambda: analyse(None), TypeError, "Shoe"),
    ("analyse(shoe, 'banker')", lambda: analyse(Shoe.decks(1), "banker"), TypeError, ""),
    ("walk(8)", lambda: walk(8), TypeError, "Shoe"),
]


@pytest.mark.parametrize("call, error, words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_wrong_call_says_what_was_expected(call, error, words):
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, (TypeError, ValueError))


def test_removing_a_card_of_every_rank_one_by_one_never_goes_negative():
    shoe = Shoe.from_counts([1] * 13)
    for rank in ["A", "2", "3", "4", "5", "6", "7"]:
        shoe = shoe.remove([rank])
    assert min(shoe.ranks) == 0 and shoe.size == 6
    with pytest.raises(ShoeError, match="at least 6"):
        shoe.remove(["8"])


def test_a_good_shoe_built_by_hand_is_priced_as_from_counts():
    assert analyse(Shoe((4,) * 13)).results[0].house_edge == analyse(Shoe.decks(1)).results[0].house_edge
