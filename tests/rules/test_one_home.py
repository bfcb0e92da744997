"""Every walk plays the rules from their one home (docs/rules.md §2, §5).

A modified tableau is passed to every walk that takes drawing rules: the
recursive walk, the compiled fast path, chemin de fer (the tableau as a
strategy pair of the game), banque's fixed banker policy and the coups dealt
card by card from a shoe in play. Each must change the same way, and each is
checked against the naive enumerator of tests/oracles/naive.py, which
applies the modified rules through plain functions of its own.
"""

from collections import Counter
from fractions import Fraction
from functools import lru_cache
import random

import pytest

from oracles.naive import VALUE, banker_draws_formula, naive_counts

from exact_odds.games.banque import PunterFive, banque_walk
from exact_odds.games.chemin import MODELS, build_game, outcome_counts, tableau_strategies
from exact_odds.in_play.dealing import deal_shoe
from exact_odds.punto_banco.features import walk_compiled
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import Tableau


def modified_player(total):
    """The Player stands on 5 (punto banco draws on 0-5)."""
    return total <= 4


def modified_banker(banker, third):
    """Punto banco's Banker, but: 3 draws against an 8, 6 stands against a 7,
    and when the Player stood the Banker stands on 5."""
    if third is None:
        return banker <= 4
    if (banker, third) == (3, 8):
        return True
    if (banker, third) == (6, 7):
        return False
    return banker_draws_formula(banker, third)


MODIFIED = Tableau(
    name="modified",
    player_draw=tuple(modified_player(p) for p in range(8)),
    banker_draw=tuple(tuple(modified_banker(b, t) for t in range(10)) + (modified_banker(b, None),)
                      for b in range(8)),
)

SHOES = [
    (4,) * 13,  # one deck
    (3, 4, 2, 4, 4, 1, 4, 4, 3, 4, 4, 2, 4),  # one deck less some cards
    (1, 2, 0, 1, 2, 1, 0, 3, 1, 1, 0, 2, 1),  # a small odd shoe
]


@lru_cache(maxsize=None)
def naive(ranks):
    return naive_counts(ranks, modified_player, modified_banker)


def by_coup(dist):
    out = Counter()
    for coup, n in dist.coups.items():
        out[coup.player, coup.banker, coup.player_cards, coup.banker_cards] += n
    return +out


def winners(counts):
    out = Counter()
    for (p, b, _, _), n in counts.items():
        out["punter" if p > b else "banker" if b > p else "tie"] += n
    return out


@pytest.mark.parametrize("ranks", SHOES)
def test_the_modified_tableau_differs_from_punto_banco(ranks):
    """Otherwise the tests below could not tell a walk that ignores the tableau: on each of their shoes, the
    modified rules' counts are not punto banco's (the walk's, checked against published figures)."""
    assert by_coup(walk(Shoe(ranks))) != +naive(ranks)


@pytest.mark.slow  # 4 s: a second naive enumeration of a whole deck
def test_the_modified_tableau_differs_from_punto_banco_by_the_naive_enumerator():
    assert naive((4,) * 13) != naive_counts((4,) * 13)


@pytest.mark.parametrize("ranks", SHOES)
def test_recursive_walk_plays_the_modified_tableau(ranks):
    assert by_coup(walk(Shoe(ranks), MODIFIED)) == +naive(ranks)


@pytest.mark.parametrize("ranks", SHOES)
def test_compiled_walk_plays_the_modified_tableau(ranks):
    assert by_coup(walk_compiled(Shoe(ranks), MODIFIED)) == +naive(ranks)


@pytest.mark.parametrize("ranks", SHOES[:2])
def test_chemin_de_fer_plays_the_modified_tableau_as_a_strategy_pair(ranks):
    """The punter's rule (draw 0-4, choose at 5) with the choice 'stand', and the
    banker's cells from the modified tableau, give the naive enumerator's wins."""
    game = build_game(Shoe(ranks), MODELS["B2"])
    x, y = tableau_strategies(game, MODIFIED)
    assert x == (Fraction(0),)  # the modified Player stands on 5
    counts = outcome_counts(game, x, y)
    expected = winners(naive(ranks))
    assert (counts["punter"], counts["banker"], counts["tie"]) == (
        expected["punter"], expected["banker"], expected["tie"])


@pytest.mark.parametrize("ranks", SHOES[:2])
def test_banque_fixed_policy_plays_the_modified_tableau(ranks):
    """Banque's banker following the left tableau with the modified Banker rule, the
    punters standing at 5: the left tableau against the banker is the modified punto
    banco coup (naturals as in punto banco), so its results are the naive enumerator's."""
    result = banque_walk(Shoe(ranks), PunterFive(Fraction(0))).price("tableau-left", Fraction(1, 2), MODIFIED)
    left = [sum(row) for row in result.joint]  # win, tie, lose for the left tableau
    expected = winners(naive(ranks))
    total = sum(expected.values())
    assert left == [Fraction(expected["punter"], total), Fraction(expected["tie"], total),
                    Fraction(expected["banker"], total)]


def naive_deal(values, player_draws, banker_draws):
    """Deal one coup from the front of ``values`` by plain rules: (cards used, player total, banker total)."""
    p = (values[0] + values[2]) % 10
    b = (values[1] + values[3]) % 10
    if p >= 8 or b >= 8:
        return 4, p, b
    if player_draws(p):
        t = values[4]
        p3 = (p + t) % 10
        if banker_draws(b, t):
            return 6, p3, (b + values[5]) % 10
        return 5, p3, b
    if banker_draws(b, None):
        return 5, p, (b + values[4]) % 10
    return 4, p, b


@pytest.mark.parametrize("seed", range(5))
def test_a_dealt_shoe_is_split_into_coups_by_the_modified_tableau(seed):
    cards = [r for r in range(13) for _ in range(8)]
    random.Random(seed).shuffle(cards)
    dealt = deal_shoe(cards, tableau=MODIFIED)
    pos = 0
    for coup in dealt:
        values = [VALUE[r] for r in cards[pos:]]
        used, p, b = naive_deal(values, modified_player, modified_banker)
        assert len(coup.cards) == used
        assert (coup.coup.player, coup.coup.banker) == (p, b)
        pos += used
    assert len(dealt) > 10
