"""Hostile input for the fast paths of card-level pricing (issue 12): each refuses, in one line, what it
cannot price, and the dispatcher sends everything else to the card walk."""

from fractions import Fraction

import pytest

from exact_odds.bets.paytable import PayLine, PayTable, coup_names, deal_names
from exact_odds.cards.routes import card_fast, hand_pairs, hand_suits
from exact_odds.cards.routes.first_four import first_four_counts, pair_distribution
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe

ONE_DECK = walk(Shoe.decks(1))
BY_DEAL = card_fast.values_of(deal_names, ("tie",))


@pytest.mark.parametrize("call, words", [
    (lambda: hand_pairs.hand_pair_counts(ONE_DECK, ("player_pair", "banker_pair"), BY_DEAL), ["one hand's pair"]),
    (lambda: hand_pairs.hand_pair_counts(walk(Shoe.infinite()), ("player_pair",), BY_DEAL), ["finite shoe"]),
    (lambda: hand_suits.hand_suit_counts(ONE_DECK, ("player_pair",), BY_DEAL), ["52 counts"]),
    (lambda: hand_suits.hand_suit_counts(walk(Shoe.from_counts([4] * 13)), ("player_red",), BY_DEAL), ["52 counts"]),
])
def test_a_fast_path_refuses_what_it_cannot_price(call, words):
    with pytest.raises(ValueError) as e:
        call()
    assert "\n" not in str(e.value)
    for w in words:
        assert w in str(e.value)


@pytest.mark.parametrize("facts", [("player_red", "banker_pair"), ("player_card1_rank",), ("identical_pairs",)])
def test_names_without_a_fast_path_go_to_the_card_walk(facts):
    assert card_fast.card_joint(ONE_DECK, ("tie",), facts, deal_names, coup_names, lambda v, f: 0, ("x",)) is None


def test_a_shoe_of_one_rank_and_suit_prices_in_0_1():
    """Six identical cards (every pair suited and identical, every hand suited and of one colour)."""
    shoe = Shoe.from_cards(["8h"] * 6)
    dist = walk(shoe)
    for when in ("player_suited_pair and tie", "player_red and banker_red", "banker_suited and banker_wins",
                 "player_wins and player_pair"):
        result = PayTable("x", (PayLine.make("x", when, 1),)).price(dist)
        assert all(0 <= line.probability <= 1 for line in result.lines), when
        assert sum(line.count for line in result.lines) == result.total
    assert pair_distribution(shoe).probability("identical_pairs") == 1
    assert sum(first_four_counts([[0, 6, 0, 0]] + [[0] * 4] * 12).values()) == 6 * 5 * 4 * 3
    assert Fraction(sum(first_four_counts([[1] * 4] * 13, dec=0).values()), 52 ** 4) == 1
