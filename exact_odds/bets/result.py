"""A bet priced on one distribution: how often each pay line settles it, and the figures that follow.

:meth:`PayTable.price <exact_odds.bets.paytable.PayTable.price>` returns a
:class:`BetResult`; every figure is an exact :class:`~fractions.Fraction`
per unit staked.
"""

from __future__ import annotations

from dataclasses import field
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

from exact_odds.punto_banco.notebook import exact, frame, html_table, percent, short
from exact_odds.records import frozen

#: Significant digits of the square roots (a standard deviation), the one inexact step after exact variances.
SQRT_DIGITS = 50


def decimal_sqrt(x: Fraction) -> Decimal:
    """The square root of an exact fraction >= 0, to :data:`SQRT_DIGITS` significant digits."""
    with localcontext() as ctx:
        ctx.prec = SQRT_DIGITS
        return (Decimal(x.numerator) / Decimal(x.denominator)).sqrt()


@frozen
class LineResult:
    """How often one pay line settles the bet, and what it pays."""

    label: str
    pays: Fraction
    #: six-card count; a fraction only where an assumption (suits spread evenly) made it one
    count: int | Fraction
    probability: Fraction

    def __init__(self, label: str, pays: Fraction, count: int | Fraction, probability: Fraction) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "pays", pays)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "probability", probability)

    @property
    def expected_value(self) -> Fraction:
        """The line's contribution to the bet's expected value."""
        return self.pays * self.probability


@frozen
class BetResult:
    """A bet priced on one coup distribution (all values per unit staked)."""

    #: the :class:`~exact_odds.bets.paytable.PayTable` priced (not imported here: paytable imports this module)
    bet: Any
    lines: tuple[LineResult, ...]
    total: int
    #: Assumptions the figures rest on beyond the shoe (e.g. suits spread evenly).
    assumptions: tuple[str, ...] = ()
    #: How the bet was priced (:class:`~exact_odds.cards.engine.Explanation`: the route, and why the routes
    #: before it declined); not compared.
    explanation: Any = field(default=None, compare=False, repr=False)

    def __init__(self, bet: Any, lines: tuple[LineResult, ...], total: int, assumptions: tuple[str, ...] = (),
                 explanation: Any = None) -> None:
        object.__setattr__(self, "bet", bet)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "assumptions", assumptions)
        object.__setattr__(self, "explanation", explanation)

    def __repr__(self) -> str:
        return (f"BetResult({short(self.bet.name, 40)}: house edge {percent(self.house_edge, 4)}, "
                f"win {percent(self.win, 2)}, push {percent(self.push, 2)}, {len(self.lines)} lines)")

    def _repr_html_(self) -> str:
        rows = [(l.label, l.pays, l.count, percent(l.probability, 6)) for l in self.lines]
        caption = f"{self.bet.name}: house edge {percent(self.house_edge, 6)} ({self.house_edge})"
        return html_table(("Line", "Pays", "Count", "Probability"), rows, caption)

    def record(self) -> dict[str, Any]:
        """The bet's figures as one record: exact fractions, each with its float beside it."""
        out: dict[str, Any] = {"key": self.bet.key, "bet": self.bet.name, "pays": self.bet.pays_text}
        for name in ("win", "push", "loss", "expected_value", "house_edge", "house_edge_excluding_pushes",
                     "variance"):
            out.update(exact(name, getattr(self, name)))
        return out

    def to_records(self) -> list[dict[str, Any]]:
        """One record per pay line (``otherwise`` last): label, pays, six-card count, probability,
        contribution to the expected value; exact fractions, each with its float beside it."""
        return [{"key": self.bet.key, "label": l.label, **exact("pays", l.pays), "count": l.count,
                 **exact("probability", l.probability), **exact("expected_value", l.expected_value)}
                for l in self.lines]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (needs pandas, an optional dependency)."""
        return frame(self.to_records())

    def _prob(self, keep) -> Fraction:
        return sum((l.probability for l in self.lines if keep(l.pays)), Fraction(0))

    @property
    def win(self) -> Fraction:
        """The probability the bet wins something."""
        return self._prob(lambda x: x > 0)

    @property
    def push(self) -> Fraction:
        """The probability the stake is returned unchanged."""
        return self._prob(lambda x: x == 0)

    @property
    def loss(self) -> Fraction:
        """The probability the bet loses some or all of the stake."""
        return self._prob(lambda x: x < 0)

    @property
    def expected_value(self) -> Fraction:
        """Expected gain per unit staked."""
        return sum((l.expected_value for l in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit staked (minus the expected value)."""
        return -self.expected_value

    @property
    def house_edge_excluding_pushes(self) -> Fraction:
        """Expected loss per unit on coups that settle the bet (pushes left out)."""
        resolved = 1 - self.push
        return self.house_edge / resolved if resolved else Fraction(0)

    @property
    def variance(self) -> Fraction:
        """Variance of the gain per unit staked."""
        second = sum((l.pays * l.pays * l.probability for l in self.lines), Fraction(0))
        return second - self.expected_value ** 2

    @property
    def standard_deviation(self) -> Decimal:
        """sqrt(:attr:`variance`) of the gain per unit staked, to 50 significant digits
        (the variance is exact; :class:`~exact_odds.bets.volatility.Volatility` uses the same root)."""
        return decimal_sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        """The probability the bet pays something (the same as :attr:`win`)."""
        return self.win
