"""Card-level bets (issue 12): every name and catalog bet against brute force, and the unknown-suit model.

The oracle (tests/oracles/brute.py) deals every ordered six-card sequence of a
small suited shoe with itertools and writes each name and bet again from its
words; the unknown-suit model is checked against explicit averages over every
way the unknown suits could fall.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.conditions.card_names import FACT_NAMES
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable, deal_names
from exact_odds.cards.routes.every_card import card_counts
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import RankSuits
from oracles.brute import brute_names, brute_payouts

#: Both hands can make suited three-card 8s (Ah 2h 5h, Kd 2d 6d), an 8-8 tie, 9 over 8, pairs
#: of both kinds (Ks Kd, 8c 8c), red and black hands.
LUCKY_SHOE = ["Ah", "Kd", "2h", "2d", "5h", "6d", "8c", "8c", "Ks"]
OTHER_SHOES = [
    ["Ah", "Ah", "As", "As", "Kd", "Kd", "5c", "3s", "6h"],
    ["7c", "7c", "2d", "8s", "9h", "9h", "Qc", "6d", "3d"],
    ["Ah", "Kd", "2h", "2d", "5h", "6d", "8c", "9c", "Ks", "3h"],
]
CARD_BETS = ["lucky8_player", "lucky8_banker", "player_wins_pair", "banker_wins_pair", "all_red", "all_black"]
VALUE_NAMES = ("player", "banker", "player_cards", "banker_cards", "player_wins", "banker_wins", "tie")


def engine_joint(shoe, fact_names):
    joint, total, assumption = card_counts(shoe, VALUE_NAMES, fact_names,
                                           value_of=lambda d: tuple(deal_names(d)[n] for n in VALUE_NAMES))
    return Counter({v + f: n for (v, f), n in joint.items()}), total, assumption


def payout_counts(key, shoe):
    result = builtin_catalog().bet(key).price(walk(shoe))
    out = Counter()
    for line in result.lines:
        if line.count:
            out[Fraction(line.pays)] += line.count
    return out, result


def check_names(cards):
    names = [n for n in FACT_NAMES]
    got, total, assumption = engine_joint(Shoe.from_cards(cards), names)
    expected = brute_names(cards, list(VALUE_NAMES) + names)
    assert assumption is None
    assert sum(expected.values()) == total
    assert got == expected


def check_bets(cards):
    expected = brute_payouts(cards, CARD_BETS)
    for key in CARD_BETS:
        got, result = payout_counts(key, Shoe.from_cards(cards))
        assert got == expected[key], key
        assert result.assumptions == ()
    return expected


@pytest.mark.slow
def test_every_card_name_matches_brute_force():
    """Every card-level name, jointly with the coup's totals, cards and winner, on a suited shoe:
    the six-card counts equal brute force over every ordered sequence of six cards."""
    check_names(LUCKY_SHOE)


def test_card_catalog_bets_match_brute_force_and_reach_every_line():
    """Each card-level catalog bet's payouts equal brute force; every line is paid at least once
    (All Black needs four black cards: the slow test's shoes reach it)."""
    expected = check_bets(LUCKY_SHOE)
    for key in CARD_BETS[:-1]:
        assert {line.pays for line in builtin_catalog().bet(key).lines} <= set(expected[key]), key


@pytest.mark.slow
@pytest.mark.parametrize("cards", OTHER_SHOES)
def test_every_card_name_and_bet_more_shoes(cards):
    check_names(cards)
    expected = check_bets(cards)
    if cards is OTHER_SHOES[0]:
        assert 24 in expected["all_black"]


# --- the unknown-suit model ---------------------------------------------------------------

@pytest.mark.parametrize("base, removed", [((2, 1, 1, 0), 1), ((1, 1, 1, 1), 2), ((3, 0, 2, 1), 3), ((2, 2, 2, 2), 0)])
def test_rank_suit_model_is_the_average_over_every_removal(base, removed):
    """RankSuits.ways(suits) is the number of ordered ways to deal cards of those suits, averaged over
    every equally likely set of ``removed`` physical cards (over falling(c, M)): checked by listing
    every removal and every ordered draw."""
    physical = [s for s, n in enumerate(base) for _ in range(n)]
    removals = list(combinations(range(len(physical)), removed))
    left = len(physical) - removed
    rs = RankSuits(base, removed)
    for m in range(0, min(left, 3) + 1):
        for suits in product(range(4), repeat=m):
            ways = 0
            for gone in removals:
                remaining = [physical[i] for i in range(len(physical)) if i not in gone]
                ways += sum(1 for seq in _ordered(len(remaining), m)
                            if [remaining[i] for i in seq] == list(suits))
            num, den = rs.ways(suits)
            assert Fraction(num, den) == Fraction(ways, len(removals) * _falling(left, m)), (suits, ways)


def _ordered(n, m):
    from itertools import permutations

    return permutations(range(n), m)


def _falling(n, k):
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _average_over_removed_suits(shoe_cards, removed_rank, bet):
    """The bet priced on the shoe less one card of ``removed_rank`` of each suit it holds, averaged with
    each suit weighted by how many such cards the shoe holds: the explicit average."""
    base = Shoe.from_cards(shoe_cards)
    total = Fraction(0)
    weight = 0
    for s in "shdc":
        n = shoe_cards.count(removed_rank + s)
        if n:
            total += n * bet.price(walk(base.remove([removed_rank + s]))).expected_value
            weight += n
    return total / weight


@pytest.mark.slow
@pytest.mark.parametrize("key", ["lucky8_player", "perfect_pair"])
def test_unknown_suit_removal_is_the_explicit_average(key):
    """A suited shoe less a card of unknown suit is priced as the exact average over which card it was."""
    cards = ["Ah", "Ad", "As", "Kd", "2h", "2d", "5h", "6d", "8c", "8c", "Ks"]
    bet = builtin_catalog().bet(key)
    mixed = Shoe.from_cards(cards).remove(["A"])
    result = bet.price(walk(mixed))
    assert result.assumptions and "no suit" in result.assumptions[0]
    assert result.expected_value == _average_over_removed_suits(cards, "A", bet)


@pytest.mark.slow
def test_bare_counts_are_the_explicit_average_over_suits():
    """A 13-count shoe is the fewest whole decks with the missing cards removed at random: for two
    short ranks, the exact average over every set of suits they could have kept."""
    counts = [2, 4, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4]  # one deck less two aces and an 8, suits unknown
    bare = Shoe.from_counts(counts)
    for key in ("lucky8_player", "perfect_pair", "all_red"):
        bet = builtin_catalog().bet(key)
        total, n = Fraction(0), 0
        for aces in combinations("shdc", 2):
            for eight in combinations("shdc", 3):
                suited = [0] * 52
                for r in range(13):
                    for s in range(4):
                        suited[4 * r + s] = 1 if r not in (0, 7) else 0
                for s in aces:
                    suited["shdc".index(s)] = 1
                for s in eight:
                    suited[4 * 7 + "shdc".index(s)] = 1
                total += bet.price(walk(Shoe.from_counts(suited))).expected_value
                n += 1
        assert bet.price(walk(bare)).expected_value == total / n, key


@pytest.mark.slow
def test_remove_5_equals_remove_5h_8_decks():
    """Issue 12: --decks 8 --remove 5 printed 13.051709% for Perfect Pair, --remove 5h 13.029391%."""
    for key in ("perfect_pair", "lucky8_banker"):
        bet = builtin_catalog().bet(key)
        plain = bet.price(walk(Shoe.decks(8).remove(["5"])))
        hearts = bet.price(walk(Shoe.decks(8).remove(["5h"])))
        assert plain.expected_value == hearts.expected_value
        assert plain.assumptions and not hearts.assumptions
    assert f"{float(builtin_catalog().bet('perfect_pair').price(walk(Shoe.decks(8).remove(['5']))).house_edge):.8f}" \
        == "0.13029391"


@pytest.mark.slow
@pytest.mark.parametrize("decks", [1, 6])
def test_remove_5_equals_remove_5h(decks):
    """Bets blind to which suit is which: removing a 5 of unknown suit is removing a 5s. A colour bet is
    not: there the unknown 5 is the average of a black and a red one."""
    def ev(key, card):
        return builtin_catalog().bet(key).price(walk(Shoe.decks(decks).remove([card]))).expected_value

    for key in ("perfect_pair", "lucky8_player", "tiger_pair"):
        assert ev(key, "5") == ev(key, "5s") == ev(key, "5h"), key
    assert ev("all_black", "5") == (ev("all_black", "5s") + ev("all_black", "5h")) / 2
    assert ev("all_black", "5s") != ev("all_black", "5h")


def test_two_of_each_rank_never_gives_a_probability_outside_0_1():
    """The issue's shoe: c/4 of each suit gave Perfect Pair a negative probability."""
    for key in ("perfect_pair", "tiger_pair"):
        result = builtin_catalog().bet(key).price(walk(Shoe.from_counts([2] * 13)))
        assert all(0 <= line.probability <= 1 for line in result.lines)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(lambda c: 6 <= sum(c) <= 20))
def test_no_probability_outside_0_1_on_small_bare_shoes(counts):
    shoe = Shoe.from_counts(counts)
    dist = walk(shoe)
    for key in ("perfect_pair", "tiger_pair", "lucky8_player", "all_red"):
        result = builtin_catalog().bet(key).price(dist)
        assert all(0 <= line.probability <= 1 for line in result.lines)
        assert sum(line.count for line in result.lines) == result.total


@pytest.mark.slow
# 4 examples of at most 20 cards: a random suited shoe has no suit symmetry, and the card walk then takes
# 10-45 s a shoe (162 s for one of 42 cards), so 15 shoes of up to 60 cards ran for over 20 minutes.
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 1), min_size=52, max_size=52).filter(lambda c: 8 <= sum(c) <= 20))
def test_card_walk_agrees_with_the_value_walk(counts):
    """Random suited shoes: a card-level table that cannot depend on the cards (a name or its negation)
    prices like the value-level table, and the card walk's totals agree with the value walk."""
    shoe = Shoe.from_counts(counts)
    dist = walk(shoe)
    plain = PayTable("P", (PayLine.make("p", "player_wins and banker == 7", 9),
                           PayLine.make("t", "tie", 0)))
    card = PayTable("C", (PayLine.make("p", "player_wins and banker == 7 and (player_red or not player_red)", 9),
                          PayLine.make("t", "tie and (banker_pair or not banker_pair)", 0)))
    assert [l.count for l in plain.price(dist).lines] == [l.count for l in card.price(dist).lines]


@pytest.mark.slow
@pytest.mark.parametrize("shoe", [Shoe.infinite(), Shoe.decks(1), Shoe.decks(2).remove(["Kh", "5s", "5d"])],
                         ids=["infinite", "1 deck", "2 decks less Kh 5s 5d"])
def test_card_walk_agrees_with_the_first_four_distribution(shoe):
    """Pair names alone are priced on the first four cards (a separate, closed-form count); the same
    table made card-level by a condition that always holds goes through the card walk: equal counts."""
    pair = PayTable("P", (PayLine.make("i", "identical_pairs", 100), PayLine.make("s", "player_suited_pair", 25),
                          PayLine.make("b", "banker_pair", 3)))
    card = PayTable("C", (PayLine.make("i", "identical_pairs and (tie or not tie)", 100),
                          PayLine.make("s", "player_suited_pair", 25), PayLine.make("b", "banker_pair", 3)))
    assert pair.family == "pair" and card.family == "card"
    dist = walk(shoe)
    assert [l.count for l in pair.price(dist).lines] == [l.count for l in card.price(dist).lines]
