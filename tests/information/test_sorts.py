"""The search of every two-group sort against the states of each sort computed directly."""

import random

import pytest

from exact_odds import Shoe
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information
from exact_odds.information.sorts import best_sort, every_sort


def test_every_value_sort_once():
    sorts = every_sort("value")
    assert len(sorts) == len(set(sorts)) == 511
    assert all(0 not in s and s for s in sorts)


@pytest.mark.parametrize("shoe, positions, must_bet", [
    (Shoe.decks(8), (1, 2, 3, 4), False),
    (Shoe.decks(1), (2, 5, 6), False),
    (Shoe.infinite(), (1, 6), True),
    (Shoe.from_counts((1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0)), (3, 5), False),
])
def test_each_sort_of_the_search_is_its_states_edge(shoe, positions, must_bet):
    """Eight sorts drawn at random (and the best): the search's edge is the edge of that sort's own states."""
    search = best_sort(shoe, positions, must_bet=must_bet)
    ranked = dict((h, e) for e, h in search.ranked)
    assert len(ranked) == 511
    for high in random.Random(39).sample(sorted(ranked, key=sorted), 8) + [search.ranked[0][1]]:
        direct = information_play(shoe, Information(group=positions, high=high), must_bet=must_bet)
        assert ranked[high] == direct.edge
    assert search.best.edge == max(ranked.values())


def test_rank_sorts_are_searched_too():
    """4095 sorts of the 13 ranks; for one card the best splits no value (the value sort's 6.765% again)."""
    search = best_sort(Shoe.decks(8), (1,), sort_by="rank")
    assert search.searched == 4095
    assert search.ranked[0][1] == frozenset({5, 6, 7, 8})  # ranks 6, 7, 8, 9
    assert search.ranked[0][0] == information_play(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9})).edge


def test_the_limbs_sum_exactly_in_float64():
    """Every limb is below 2**bits, so a sum of ``terms`` of them is below 2**53 (float64 exact): 32 bits for
    the 10**4 combinations of four values, fewer for the 13**6 of six ranks."""
    from exact_odds.information.sorts import limb_bits

    for terms in (1, 10 ** 4, 10 ** 6, 2 ** 20, 2 ** 20 + 1, 13 ** 6, 10 ** 9):
        bits = limb_bits(terms)
        assert terms * (2 ** bits - 1) < 2 ** 53 and bits >= 1
    assert limb_bits(10 ** 4) == 32 and limb_bits(13 ** 6) < 32
