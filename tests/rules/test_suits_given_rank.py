"""The unknown-suit model's suits given the rank (rules/suits.py, docs/methods/suits.md), by brute force.

A rank has ``base[s]`` physical cards of suit s; ``k`` of them, chosen uniformly at random, were removed
without their suits being seen. The chance that M given cards of that rank, dealt in order from what is
left, have given suits is counted here over every removal and every ordered deal of M physical cards, and
compared with the model's ways, with its removals and without them (``given_rank``): the suits given the
rank do not depend on the removals, which is why a shoe of 13 counts is one suit model for every rank.
"""

from fractions import Fraction
from itertools import combinations, permutations, product

import pytest

from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import RankSuits, suit_model


def brute(base, removed, suits):
    """P(the M cards dealt in order have ``suits`` | they are of this rank), over every removal."""
    cards = [s for s, n in enumerate(base) for _ in range(n)]  # one entry per physical card: its suit
    hits = deals = 0
    for gone in combinations(range(len(cards)), removed):
        left = [c for i, c in enumerate(cards) if i not in gone]
        for dealt in permutations(range(len(left)), len(suits)):
            deals += 1
            hits += tuple(left[i] for i in dealt) == tuple(suits)
    return Fraction(hits, deals)


@pytest.mark.parametrize("base, removed", [((2, 2, 2, 2), 3), ((3, 1, 2, 0), 2), ((2, 2, 2, 2), 0), ((1, 3, 1, 2), 4)])
def test_the_suits_given_the_rank_do_not_depend_on_removals_of_unknown_suit(base, removed):
    model = RankSuits(base, removed)
    for m in (1, 2, 3):
        if sum(base) - removed < m:
            continue
        for suits in product(range(4), repeat=m):
            expected = brute(base, removed, suits)
            assert Fraction(*model.ways(suits)) == expected
            assert Fraction(*model.given_rank().ways(suits)) == expected


def test_a_shoe_of_13_counts_is_one_suit_model_given_the_ranks():
    shoe = Shoe.from_counts([10, 16, 22, 16, 14, 13, 14, 14, 18, 14, 17, 16, 16])
    model = suit_model(shoe)
    assert len(set(model.ranks)) > 1 and len(set(model.given_rank().ranks)) == 1
    assert model.given_rank().assumption == model.assumption


def test_a_suit_bet_on_13_counts_in_play_takes_the_classes_with_one_model():
    """So Lucky 8 on a 13-count line of `sweep` takes about a second, not minutes (the slow routes are for
    ranks whose suits differ)."""
    from card_bets import table

    from exact_odds.cards.reading import in_play

    read = table(["same_suit(player_hand) and player_cards == 3 and player == 8"]).reading
    unknown = Shoe.from_counts([10, 16, 22, 16, 14, 13, 14, 14, 18, 14, 17, 16, 16])
    suited = Shoe.from_cards(["Ah", "Ah", "As", "Kd", "9c", "9h", "2s"])
    assert not in_play(read, unknown) and in_play(read, suited)
