"""Pair bets: closed forms derived by hand, and a brute-force dealer.

The closed forms count the first four cards directly for d = 6 decks
(312 cards, 24 of each rank, 6 of each card): they share no code with
:mod:`exact_odds.pairs`.
"""

from collections import Counter
from fractions import Fraction

import pytest

from exact_odds import Shoe, walk
from exact_odds.catalog import builtin_catalog
from exact_odds.pairs import EVEN_SUITS, pair_distribution

from brute import brute_payouts

N = 312  # six decks


def price(key, shoe):
    return builtin_catalog().bet(key).price(walk(shoe))


# --- closed forms, 6 decks ---------------------------------------------------

#: P(a hand pairs) = 13 * 24 * 23 / (312 * 311) = 23/311.
P_PAIR = Fraction(13 * 24 * 23, N * (N - 1))
#: Given the Player paired in rank r: 22 of r and 24 of each other rank in 310 cards.
P_BOTH = P_PAIR * Fraction(22 * 21 + 12 * 24 * 23, (N - 2) * (N - 3))
#: P(a hand is a suited pair) = 52 * 6 * 5 / (312 * 311) = 5/311.
P_SUITED = Fraction(52 * 6 * 5, N * (N - 1))
#: Given the Player holds two copies of card k: 4 of k and 6 of each of 51 other cards left.
P_BOTH_SUITED = P_SUITED * Fraction(4 * 3 + 51 * 6 * 5, (N - 2) * (N - 3))
#: Identical pairs: Player kk then Banker kk, or Player k,l (same rank) then Banker {k, l}.
P_IDENTICAL = P_SUITED * Fraction(4 * 3, (N - 2) * (N - 3)) + \
    Fraction(13 * 4 * 3 * 6 * 6, N * (N - 1)) * Fraction(2 * 5 * 5, (N - 2) * (N - 3))


def test_closed_form_player_pair_6_decks():
    """6 decks: P(Player pair) = 23/311, so 11:1 has house edge 1 - 12 * 23/311 = 35/311."""
    assert P_PAIR == Fraction(23, 311)
    r = price("player_pair", Shoe.decks(6))
    assert r.win == P_PAIR and r.house_edge == Fraction(35, 311)


def test_closed_form_banker_pair_6_decks():
    """6 decks: the Banker's first two cards pair with the same probability, 23/311."""
    assert price("banker_pair", Shoe.decks(6)).win == P_PAIR


def test_closed_form_either_pair_6_decks():
    """6 decks: P(either pair) = 2 p - P(both pair); Either Pair pays 5:1."""
    r = price("either_pair", Shoe.decks(6))
    p = 2 * P_PAIR - P_BOTH
    assert r.win == p and r.expected_value == 6 * p - 1


def test_closed_form_perfect_pair_6_decks():
    """6 decks: P(suited pair in either hand) = 2 * 5/311 - P(both suited); pays 25:1."""
    assert P_SUITED == Fraction(5, 311)
    r = price("perfect_pair", Shoe.decks(6))
    p = 2 * P_SUITED - P_BOTH_SUITED
    assert r.win == p and r.expected_value == 26 * p - 1


def test_closed_form_tiger_pair_6_decks():
    """6 decks: Tiger Pair pays 100 on identical pairs, 20 on two pairs, 4 on one pair."""
    r = price("tiger_pair", Shoe.decks(6))
    one = 2 * P_PAIR - 2 * P_BOTH
    ev = 100 * P_IDENTICAL + 20 * (P_BOTH - P_IDENTICAL) + 4 * one - (1 - P_BOTH - one)
    assert r.expected_value == ev


def test_closed_form_pairs_infinite_deck():
    """Infinite deck (each of 52 cards 1/52): pair 1/13, suited pair 1/52, independent hands."""
    shoe = Shoe.infinite()
    assert price("player_pair", shoe).win == Fraction(1, 13)
    assert price("either_pair", shoe).win == 1 - Fraction(12, 13) ** 2
    assert price("perfect_pair", shoe).win == 1 - Fraction(51, 52) ** 2


# --- brute force on small suited shoes ------------------------------------------------

SMALL_SHOES = [
    # suited pairs, same-rank pairs and identical pairs all possible
    ["Ah", "Ah", "As", "As", "Kd", "Kd", "5c", "3s", "6h"],
    # naturals, three-card 7s/8s, a 3 and an 8 for 3 Giving 8
    ["7c", "7c", "2d", "8s", "9h", "9h", "Qc", "6d", "3d"],
]


BRUTE_KEYS = ["player_pair", "banker_pair", "either_pair", "perfect_pair", "tiger_pair",
              "dragon_bonus_player", "dragon_bonus_banker", "ez_banker", "dragon7", "panda8",
              "super6_banker", "big", "small", "tiger", "three_giving_eight", "egalite_7", "bad_beat"]


@pytest.fixture(scope="module")
def brute():
    return [brute_payouts(cards, BRUTE_KEYS) for cards in SMALL_SHOES]


@pytest.mark.parametrize("i", range(len(SMALL_SHOES)))
def test_brute_force_small_shoes(brute, i):
    """Every bet with a plain brute-force counterpart: the payout distribution over all
    ordered six-card sequences equals the pay table's six-card counts (suited shoe, no assumption)."""
    shoe = Shoe.from_cards(SMALL_SHOES[i])
    assert shoe.suited is not None
    dist = walk(shoe)
    for key in BRUTE_KEYS:
        result = builtin_catalog().bet(key).price(dist)
        ours = Counter()
        for line in result.lines:
            if line.count:
                ours[line.pays] += line.count
        assert ours == brute[i][key], key
        assert result.assumptions == ()


def test_brute_force_shoes_reach_every_winning_line(brute):
    """The small shoes are not vacuous: every pay line of every checked bet happens in one of them."""
    for key in BRUTE_KEYS:
        paid = set().union(*(set(b[key]) for b in brute))
        lines = {l.pays for l in builtin_catalog().bet(key).lines}
        assert lines <= paid, (key, lines - paid)


def test_rank_count_shoe_states_the_even_suits_assumption():
    """A 13-count shoe has no suits: suit bets are priced assuming even suits, and say so;
    with counts divisible by 4 that equals the same shoe given with suits spread evenly."""
    ranks = [8, 4, 4, 4, 12, 4, 4, 8, 4, 16, 4, 4, 4]
    plain = Shoe.from_counts(ranks)
    suited = Shoe.from_counts([c // 4 for c in ranks for _ in range(4)])
    for key in ("perfect_pair", "tiger_pair", "player_pair"):
        a, b = price(key, plain), price(key, suited)
        assert a.expected_value == b.expected_value
    assert price("perfect_pair", plain).assumptions == (EVEN_SUITS,)
    assert price("player_pair", plain).assumptions == ()  # ranks only: no assumption needed
    assert price("perfect_pair", suited).assumptions == ()


def test_pair_distribution_sums_to_the_six_card_total():
    """The first-four distribution shares the walk's denominator N(N-1)...(N-5)."""
    for shoe in (Shoe.decks(1), Shoe.from_cards(SMALL_SHOES[0]), Shoe.from_counts([1, 2, 3, 0, 5, 6, 7, 1, 1, 9, 0, 3, 2])):
        d = pair_distribution(shoe)
        assert sum(d.states.values()) == walk(shoe).total == d.total


def test_mixing_pair_and_coup_names_is_refused():
    """A pay line cannot mix ranks (pairs) and totals: the walk does not track ranks."""
    from exact_odds.paytable import PayLine, PayTable, PayTableError

    with pytest.raises(PayTableError, match="mixes pair names"):
        PayTable("Pair on a tie", (PayLine("x", "player_pair and tie", Fraction(50)),))


# --- random suited shoes: the first four cards dealt one by one -------------------

from itertools import permutations  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from exact_odds.pairs import FirstFour  # noqa: E402

CARDS = [r + s for r in ("A", "2", "K", "Q") for s in ("s", "h")]


def first_four_by_hand(cards):
    """Every ordered choice of four physical cards P1, B1, P2, B2, times (N-4)(N-5)."""
    n = len(cards)
    out = Counter()
    for p1, b1, p2, b2 in permutations(cards, 4):
        pp, bp = p1[:-1] == p2[:-1], b1[:-1] == b2[:-1]
        ps, bs = p1 == p2, b1 == b2
        same = pp and bp and p1[:-1] == b1[:-1]
        identical = same and sorted([p1, p2]) == sorted([b1, b2])
        out[FirstFour(pp, bp, ps, bs, same, identical)] += (n - 4) * (n - 5)
    return out


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=6, max_size=9))
def test_pair_distribution_matches_dealing_four_cards(cards):
    """Random small suited shoes (few ranks, so pairs, suited and identical pairs are common):
    the closed sums of pairs.py equal dealing the first four physical cards one by one."""
    dist = pair_distribution(Shoe.from_cards(cards))
    assert dist.suits_assumed is None
    assert Counter({k: v for k, v in dist.states.items() if v}) == first_four_by_hand(cards)
