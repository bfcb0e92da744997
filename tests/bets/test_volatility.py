"""The par sheet's volatility figures (normal approximation) against their defining inequalities."""

from decimal import Decimal
from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.volatility import ONE_SIDED_Z, TWO_SIDED_Z, Volatility, VolatilityError
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe


@pytest.fixture(scope="module")
def eight():
    return walk(Shoe.decks(8))


def test_quantiles_are_the_normal_ones():
    """Phi(z) checked with math.erf to double precision (an independent definition)."""
    from math import erf, sqrt
    for c, z in TWO_SIDED_Z.items():
        assert abs(erf(float(z) / sqrt(2)) - float(c)) < 1e-14
    for c, z in ONE_SIDED_Z.items():
        assert abs(0.5 * (1 + erf(float(z) / sqrt(2))) - float(c)) < 1e-14


@pytest.mark.parametrize("key", ["banker", "tie", "dragon7"])
def test_hands_until_house_ahead_is_the_first_n(eight, key):
    r = builtin_catalog().bet(key).price(eight)
    v = Volatility.of(r)
    n = v.hands_until_house_ahead()
    z2 = Fraction(ONE_SIDED_Z[Fraction(95, 100)]) ** 2
    # n e > z s sqrt(n)  <=>  n e^2 > z^2 s^2 (both sides positive): exact in Fractions
    assert n * r.house_edge ** 2 > z2 * r.variance
    assert (n - 1) * r.house_edge ** 2 <= z2 * r.variance


def test_band_and_volatility_index(eight):
    r = builtin_catalog().bet("tie").price(eight)
    v = Volatility.of(r)
    b = v.band(10_000)
    assert b.mean == 10_000 * r.expected_value
    half = (b.high - b.low) / 2
    assert abs(half - Decimal("1.959963984540054") * 100 * v.standard_deviation) < Decimal("1e-10")
    assert abs(v.volatility_index(Fraction(95, 100)) - half / 100) < Decimal("1e-20")
    assert v.standard_deviation ** 2 - Decimal(r.variance.numerator) / Decimal(r.variance.denominator) < Decimal("1e-20")


def test_no_house_edge_means_never_ahead():
    from exact_odds.bets.paytable import PayLine, PayTable
    fair = PayTable("Fair coin", (PayLine.make("Banker wins", "banker_wins", 1),
                                  PayLine.make("Tie", "tie", 0)), otherwise=-1)
    r = fair.price(walk(Shoe.decks(8)))
    assert r.house_edge < 0
    assert Volatility.of(r).hands_until_house_ahead() is None


def test_bad_levels(eight):
    v = Volatility.of(builtin_catalog().bet("tie").price(eight))
    with pytest.raises(VolatilityError, match="known levels"):
        v.volatility_index(Fraction(80, 100))
    with pytest.raises(VolatilityError):
        v.band(0)
    with pytest.raises(TypeError):
        Volatility.of("tie")
