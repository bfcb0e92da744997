"""Pair bets: closed forms derived by hand, and a brute-force dealer.

The closed forms count the first four cards directly for d decks (52 d
cards, 4 d of each rank, d of each card; checked at d = 6 and at docs/rules.md §4's
d = 8): they share no code with :mod:`exact_odds.pairs`.
"""

from collections import Counter
from fractions import Fraction

import pytest

from exact_odds import Shoe, walk
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cards.routes.first_four import pair_distribution

from oracles.brute import brute_payouts

N = 312  # six decks


def price(key, shoe):
    return builtin_catalog().bet(key).price(walk(shoe))


# --- closed forms, d decks ---------------------------------------------------

def closed_forms(d):
    """P(pair), P(both pair), P(suited pair), P(both suited), P(identical pairs) for d decks:
    N = 52 d cards, 4 d of each rank, d of each card; the first four cards only."""
    n, r, k = 52 * d, 4 * d, d
    later = (n - 2) * (n - 3)
    pair = Fraction(13 * r * (r - 1), n * (n - 1))
    #: Given the Player paired in rank x: r - 2 of x and r of each of 12 other ranks left.
    both = pair * Fraction((r - 2) * (r - 3) + 12 * r * (r - 1), later)
    suited = Fraction(52 * k * (k - 1), n * (n - 1))
    #: Given the Player holds two copies of card c: k - 2 of c and k of each of 51 other cards left.
    both_suited = suited * Fraction((k - 2) * (k - 3) + 51 * k * (k - 1), later)
    #: Identical pairs: Player cc then Banker cc, or Player c, c' (same rank) then Banker {c, c'}.
    identical = suited * Fraction((k - 2) * (k - 3), later) + \
        Fraction(13 * 4 * 3 * k * k, n * (n - 1)) * Fraction(2 * (k - 1) * (k - 1), later)
    return pair, both, suited, both_suited, identical


P_PAIR, P_BOTH, P_SUITED, P_BOTH_SUITED, P_IDENTICAL = closed_forms(6)


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


def test_rules_s4_player_pair_p_31_415_8_decks_closed_form():
    """docs/rules.md §4: Player/Banker Pair p = 31/415 at 8 decks, 13 * 32 * 31 / (416 * 415)."""
    assert closed_forms(8)[0] == Fraction(31, 415)


def test_rules_s4_either_pair_8_decks_closed_form():
    """docs/rules.md §4 "Either Pair ... pays 5 (derive)": 8 decks, p = 2 P(pair) - P(both pair)."""
    pair, both, *_ = closed_forms(8)
    r = price("either_pair", Shoe.decks(8))
    assert r.win == 2 * pair - both
    assert r.expected_value == 6 * (2 * pair - both) - 1


def test_rules_s4_perfect_pair_8_decks_closed_form():
    """docs/rules.md §4 "Perfect Pair ... pays 25 (derive)": 8 decks, a suited pair in either hand."""
    _, _, suited, both_suited, _ = closed_forms(8)
    assert suited == Fraction(52 * 8 * 7, 416 * 415)
    r = price("perfect_pair", Shoe.decks(8))
    assert r.win == 2 * suited - both_suited
    assert r.expected_value == 26 * (2 * suited - both_suited) - 1


def test_closed_form_tiger_pair_8_decks():
    """8 decks: Tiger Pair pays 100 on identical pairs, 20 on two pairs, 4 on one pair."""
    pair, both, _, _, identical = closed_forms(8)
    one = 2 * pair - 2 * both
    ev = 100 * identical + 20 * (both - identical) + 4 * one - (1 - both - one)
    assert price("tiger_pair", Shoe.decks(8)).expected_value == ev


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


def test_rank_count_shoe_states_the_unknown_suit_model():
    """A 13-count shoe has no suits: suit bets are priced under the unknown-suit model
    (docs/methods/suits.md), and say so; with every count 4d that is d whole decks."""
    plain = Shoe.from_counts([24] * 13)
    for key in ("perfect_pair", "tiger_pair", "player_pair"):
        assert price(key, plain).expected_value == price(key, Shoe.decks(6)).expected_value
    odd = Shoe.from_counts([8, 4, 4, 4, 12, 4, 4, 8, 4, 16, 4, 4, 4])
    assert "fewest whole decks" in price("perfect_pair", odd).assumptions[0]
    assert price("player_pair", odd).assumptions == ()  # ranks only: no assumption needed
    assert price("perfect_pair", Shoe.decks(6)).assumptions == ()


def test_pair_distribution_sums_to_the_six_card_total():
    """The first-four distribution shares the walk's denominator N(N-1)...(N-5)."""
    for shoe in (Shoe.decks(1), Shoe.from_cards(SMALL_SHOES[0]), Shoe.from_counts([1, 2, 3, 0, 5, 6, 7, 1, 1, 9, 0, 3, 2])):
        d = pair_distribution(shoe)
        n = shoe.size
        assert sum(d.states.values()) == walk(shoe).total == d.total == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)


def test_mixing_pair_and_coup_names_is_priced_on_the_card_walk():
    """A pay line may mix ranks (pairs) and totals (issue 12): it is a card-level bet."""
    from exact_odds.bets.paytable import PayLine, PayTable

    bet = PayTable("Pair on a tie", (PayLine("x", "player_pair and tie", Fraction(50)),))
    assert bet.family == "card"


# --- random suited shoes: the first four cards dealt one by one -------------------

from itertools import permutations  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from exact_odds.cards.routes.first_four import FirstFour  # noqa: E402

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
