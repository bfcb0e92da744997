"""Effect of removal and linear counts."""

from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count, round_half_away
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.cards import RANKS
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")


@pytest.fixture
def dragon_7():
    """EZ Baccarat Dragon 7 (docs/rules.md §4): Banker wins with a three-card 7, pays 40."""
    bet = builtin_catalog().bet("dragon7")
    assert [(l.condition, l.pays) for l in bet.lines] == [("banker_wins and banker_cards == 3 and banker == 7", 40)]
    assert bet.otherwise == -1
    return bet


def test_eor_at_8_decks_equals_direct_removal(dragon_7):
    """Each EOR is the walk of the 8-deck shoe less one card of the rank, minus the full shoe."""
    shoe = Shoe.decks(8)
    bets = tuple(STANDARD) + (dragon_7,)
    result = effect_of_removal(shoe, bets)
    base = [b.price(engine.walk(shoe)).house_edge for b in bets]
    assert list(result.edges) == base
    for r in range(13):
        dist = engine.walk(shoe.remove([RANKS[r]]))
        for b, bet in enumerate(bets):
            assert result.eor[b][r] == bet.price(dist).house_edge - base[b]


def test_eor_of_an_exhausted_rank_is_none():
    shoe = Shoe.from_counts([0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    result = effect_of_removal(shoe, STANDARD)
    assert result.eor[0][0] is None and result.eor[0][1] is not None


def test_jacobson_dragon_7_count_from_the_eor(dragon_7):
    """Eliot Jacobson's Dragon 7 count (quoted on Wizard of Odds, "EZ Baccarat"):
    4, 5, 6, 7 count -1; 8, 9 count +2; every other rank 0."""
    result = effect_of_removal(Shoe.decks(8), (dragon_7,))
    count = linear_count(result.eor[0], (32,) * 13, level=2)
    assert count.tags == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)


def test_betting_correlation_matches_a_direct_pearson_correlation():
    eor = (Fraction(1), Fraction(-2), Fraction(3), None) + (Fraction(0),) * 9
    weights = (4, 4, 8, 4) + (4,) * 9
    lc = linear_count(eor, weights, level=3)
    assert lc.tags == (-1, 2, -3, 0) + (0,) * 9
    xs, ys, ws = [], [], []
    for t, e, w in zip(lc.tags, eor, weights):
        if e is not None:
            xs.append(t)
            ys.append(-float(e))
            ws.append(w)
    n = sum(ws)
    mx = sum(w * x for w, x in zip(ws, xs)) / n
    my = sum(w * y for w, y in zip(ws, ys)) / n
    cov = sum(w * (x - mx) * (y - my) for w, x, y in zip(ws, xs, ys))
    vx = sum(w * (x - mx) ** 2 for w, x in zip(ws, xs))
    vy = sum(w * (y - my) ** 2 for w, y in zip(ws, ys))
    assert lc.correlation_sign == 1
    assert float(lc.correlation_squared) == pytest.approx((cov * cov) / (vx * vy), rel=1e-12)


def test_round_half_away_from_zero():
    assert [round_half_away(Fraction(n, 2)) for n in (-3, -1, 1, 3, 4)] == [-2, -1, 1, 2, 2]
