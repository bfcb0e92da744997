"""Hostile input to the one-more-coup cut-card rule (issue 25): deal_shoe, deal_block and count_study."""

from fractions import Fraction

import numpy as np
import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.dealing import deal_shoe, shuffled_cards
from exact_odds.in_play.simulate.counting import count_study
from exact_odds.in_play.simulate.deal_batch import deal_block
from exact_odds.rules.shoe import ShoeError

CARDS = shuffled_cards(1, 3)
DRAGON = builtin_catalog().bets["dragon7"]
COUNT = CountStrategy("d", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(4))


@pytest.mark.parametrize("call, error, words", [
    (lambda: deal_shoe(CARDS, cut_card=10, one_more_coup=True), ShoeError, "at least 11"),
    (lambda: deal_shoe(CARDS, cut_card=14, one_more_coup="yes"), TypeError, "True or False"),
    (lambda: deal_shoe(CARDS, cut_card=14, one_more_coup=1), TypeError, "True or False"),
    (lambda: deal_block(np.array([CARDS]), cut_card=6, one_more_coup=True), ShoeError, "at least 11"),
    (lambda: deal_block(np.array([CARDS]), cut_card=14, one_more_coup=None), TypeError, "True or False"),
    (lambda: count_study(DRAGON, 8, [COUNT], cut_card=7, shoes=1, one_more_coup=True), ShoeError, "at least 11"),
    (lambda: count_study(DRAGON, 8, [COUNT], cut_card=14, shoes=1, one_more_coup="no"), TypeError,
     "True or False"),
])
def test_one_more_coup_refuses_bad_input_saying_what_it_needs(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_one_more_coup_at_the_least_cut_card_never_runs_out_of_cards():
    """11 cards behind the cut card: the coup it comes out in and one more always fit (every seed of a
    1-deck shoe, the face-value burn and none)."""
    for seed in range(300):
        cards = shuffled_cards(1, seed)
        for burn in ("none", "face-value"):
            coups = deal_shoe(cards, burn, cut_card=11, one_more_coup=True)
            assert sum(len(c.cards) for c in coups) <= 52
