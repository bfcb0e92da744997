"""A bet's volatility for a par sheet: variance, volatility index, confidence bands, hands until the house is ahead.

The mean ``m`` (expected value per unit) and variance ``s^2`` of one coup's
result are exact (:class:`~exact_odds.bets.result.BetResult`). Everything
about *many* coups below uses the **normal approximation** (central limit
theorem), as slot and table-game par sheets do:

* the player's net result after ``n`` independent unit bets has mean ``n m``
  and standard deviation ``s sqrt(n)``; it lies in the two-sided band
  ``n m +- z s sqrt(n)`` with probability about ``c`` (``z`` the two-sided
  normal quantile of ``c``: 1.6449 for 90%, 1.9600 for 95%);
* the **volatility index** at confidence ``c`` is ``VI = z s`` (the band
  for n hands is then ``n m +- VI sqrt(n)``);
* the house is ahead after ``n`` hands with one-sided confidence ``c``
  when ``n m + z1 s sqrt(n) < 0`` (``z1`` the one-sided quantile: 1.6449
  for 95%), that is for every ``n > (z1 s / e)^2`` with ``e = -m`` the house
  edge. The first such ``n`` is returned.

Coups are treated as independent draws from the shoe's distribution (the
result of one coup, averaged over the shoe as dealt): coups dealt from one
shoe without reshuffling are not independent, so these figures describe a
player spread over many shoes. The quantiles are kept to 40 digits (as
:class:`~decimal.Decimal`), the only inexact numbers here besides the square
roots; the mean and variance stay exact fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from exact_odds.bets.result import SQRT_DIGITS, BetResult, decimal_sqrt

#: Normal quantiles to 40 digits: z with P(|Z| <= z) = c (two-sided) or P(Z <= z) = c (one-sided).
TWO_SIDED_Z: dict[Fraction, Decimal] = {
    Fraction(90, 100): Decimal("1.644853626951472714863848907991632136083"),
    Fraction(95, 100): Decimal("1.959963984540054235524594430520551527955"),
    Fraction(99, 100): Decimal("2.575829303548900751493224907329105654601"),
}
ONE_SIDED_Z: dict[Fraction, Decimal] = {
    Fraction(90, 100): Decimal("1.281551565544600466965103116810079204085"),
    Fraction(95, 100): Decimal("1.644853626951472714863848907991632136083"),
    Fraction(99, 100): Decimal("2.326347874040841100885606163346540430039"),
}

#: The hand counts of a par sheet's confidence bands.
BAND_HANDS = (1_000, 10_000, 100_000, 1_000_000)

#: What the figures of this module assume, in words (for reports and JSON "assumptions").
NORMAL_APPROXIMATION = (
    "normal approximation: the result of n coups is taken as normal with mean n*m and standard deviation "
    "s*sqrt(n) (m, s^2 the exact mean and variance of one coup), coups independent (many shoes); "
    "volatility index VI = z*s; band n*m +- z*s*sqrt(n); house ahead with confidence c once n > (z1*s/e)^2"
)

_PREC = SQRT_DIGITS


class VolatilityError(ValueError):
    """A confidence level this module has no quantile for, or a bad number of hands."""


def _dec(x: Fraction) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = _PREC
        return Decimal(x.numerator) / Decimal(x.denominator)


_sqrt = decimal_sqrt  # one square root for BetResult.standard_deviation and everything here


def _z(table: dict[Fraction, Decimal], confidence) -> Decimal:
    c = Fraction(confidence)
    if c not in table:
        known = ", ".join(f"{float(k) * 100:g}%" for k in table)
        raise VolatilityError(f"no normal quantile for confidence {c}; known levels: {known}")
    return table[c]


@dataclass(frozen=True)
class Band:
    """The player's net result after ``hands`` unit bets: its mean and the two-sided band (normal approximation)."""

    hands: int
    confidence: Fraction
    mean: Fraction  #: exact: hands * EV
    low: Decimal
    high: Decimal


@dataclass(frozen=True)
class Volatility:
    """A bet's variance and what follows from it (module docstring: which figures are exact)."""

    expected_value: Fraction
    variance: Fraction

    @classmethod
    def of(cls, result: BetResult) -> "Volatility":
        """The volatility of a priced bet."""
        if not isinstance(result, BetResult):
            raise TypeError(f"Volatility.of needs a priced bet (a BetResult, from PayTable.price), "
                            f"not {type(result).__name__}")
        return cls(result.expected_value, result.variance)

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_value

    @property
    def standard_deviation(self) -> Decimal:
        """sqrt(variance), to 50 significant digits."""
        return _sqrt(self.variance)

    def volatility_index(self, confidence=Fraction(90, 100)) -> Decimal:
        """VI = z * SD, z the two-sided normal quantile of ``confidence`` (0.90, 0.95 or 0.99)."""
        with localcontext() as ctx:
            ctx.prec = _PREC
            return _z(TWO_SIDED_Z, confidence) * self.standard_deviation

    def band(self, hands: int, confidence=Fraction(95, 100)) -> Band:
        """The two-sided band ``n m +- z s sqrt(n)`` on the player's net result after ``hands`` unit bets."""
        if isinstance(hands, bool) or not isinstance(hands, int):
            raise TypeError(f"hands must be an int, not {type(hands).__name__}")
        if hands < 1:
            raise VolatilityError(f"hands must be at least 1, not {hands}")
        mean = self.expected_value * hands
        with localcontext() as ctx:
            ctx.prec = _PREC
            half = _z(TWO_SIDED_Z, confidence) * _sqrt(self.variance * hands)
            centre = _dec(mean)
            return Band(hands, Fraction(confidence), mean, centre - half, centre + half)

    def hands_until_house_ahead(self, confidence=Fraction(95, 100)) -> int | None:
        """The fewest hands n with ``n m + z1 s sqrt(n) < 0`` (one-sided ``confidence``), i.e. the first
        n > (z1 s / e)^2; None when the house edge e is not positive (the house is never ahead)."""
        e = self.house_edge
        if e <= 0:
            return None
        z = _z(ONE_SIDED_Z, confidence)
        with localcontext() as ctx:
            ctx.prec = _PREC
            bound = z * z * _dec(self.variance / (e * e))
        n = int(bound)  # floor of a positive number
        return n + 1
