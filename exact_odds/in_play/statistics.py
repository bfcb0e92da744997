"""Monte-Carlo means with their standard errors and 95% intervals (one home for every simulation).

The simulated shoes are independent; the coups of one shoe are not (they
share its cards). So every estimate here treats the *shoe* as the sample:

* a mean per shoe ``x̄ = Σx_i / S`` has the standard error ``s / √S``, where
  ``s² = Σ(x_i - x̄)² / (S - 1)`` is the sample variance over the ``S`` shoes;
* a ratio of sums ``R = Σy_i / Σn_i`` (a mean per coup, per bet, ...) has the
  delta-method ("ratio estimator") standard error
  ``√(Σ(y_i - R n_i)² / (S (S - 1))) / n̄``, with ``n̄ = Σn_i / S``
  (Cochran, *Sampling Techniques*, 3rd ed., §6.4);
* any smooth function of such ratios (a standard deviation, the
  desirability index) is linearised the same way: each shoe's *influence*
  ``z_i`` (the first-order change it makes, times ``n̄``) gives the standard
  error ``√(Σz_i² / (S (S - 1))) / n̄``.

The 95% interval is ``value ± 1.959964 × SE``: a normal approximation to the
sampling distribution of the mean, stated as :data:`ASSUMPTION`. The values
are floats because they are estimates; the exact sums they come from stay
exact in the callers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

#: What every interval here assumes, for reports and JSON ``"assumptions"``.
ASSUMPTION = ("Monte-Carlo means are over independent simulated shoes; each has a standard error from the "
              "spread between shoes (delta method for ratios), and its 95% interval is mean ± 1.96 SE "
              "(normal approximation).")

Number = int | float | Fraction


@dataclass(frozen=True)
class Estimate:
    """A Monte-Carlo estimate over ``samples`` independent shoes.

    ``value`` is None when it is undefined (no coup bet, say);
    ``standard_error`` is None with fewer than 2 shoes."""

    value: float | None
    standard_error: float | None
    samples: int

    @property
    def low(self) -> float | None:
        """Lower end of the 95% interval (normal approximation)."""
        if self.value is None or self.standard_error is None:
            return None
        return self.value - Z95 * self.standard_error

    @property
    def high(self) -> float | None:
        """Upper end of the 95% interval (normal approximation)."""
        if self.value is None or self.standard_error is None:
            return None
        return self.value + Z95 * self.standard_error

    def scaled(self, factor: Number) -> "Estimate":
        """The same estimate times ``factor`` (per 100 coups, in percent, ...)."""
        f = float(factor)
        return Estimate(None if self.value is None else self.value * f,
                        None if self.standard_error is None else self.standard_error * abs(f), self.samples)

    def __repr__(self) -> str:
        if self.value is None:
            return f"Estimate(undefined, {self.samples} shoes)"
        if self.standard_error is None:
            return f"Estimate({self.value:.6g}, no SE from {self.samples} shoe)"
        return f"Estimate({self.value:.6g} ± {self.standard_error:.2g} SE, {self.samples} shoes)"


def _check(values: Sequence[Number], what: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{what} must be a sequence of numbers (one per shoe), not {type(values).__name__}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float, Fraction)):
            raise TypeError(f"{what} must hold numbers (int, float or Fraction), not {type(v).__name__}")
        out.append(float(v))
    if not all(math.isfinite(v) for v in out):
        raise ValueError(f"{what} must hold finite numbers")
    return out


def _standard_error(influences: Sequence[float], mean_denominator: float) -> float | None:
    s = len(influences)
    if s < 2 or mean_denominator == 0:
        return None
    return math.sqrt(math.fsum(z * z for z in influences) / (s * (s - 1))) / mean_denominator


def mean_estimate(values: Sequence[Number]) -> Estimate:
    """The mean of one value per shoe, with its standard error ``s / √S``."""
    x = _check(values, "values")
    if not x:
        return Estimate(None, None, 0)
    exact = all(not isinstance(v, float) for v in values)
    mean = float(sum(values, Fraction(0)) / len(values)) if exact else math.fsum(x) / len(x)
    return Estimate(mean, _standard_error([v - mean for v in x], 1.0), len(x))


def ratio_estimate(numerators: Sequence[Number], denominators: Sequence[Number]) -> Estimate:
    """``Σy_i / Σn_i`` over shoes, with its delta-method standard error (module docstring).

    Undefined (value None) when the denominators add up to 0."""
    y = _check(numerators, "numerators")
    n = _check(denominators, "denominators")
    if len(y) != len(n):
        raise ValueError(f"numerators and denominators must have one value per shoe each ({len(y)} != {len(n)})")
    if not y:
        return Estimate(None, None, 0)
    exact = all(not isinstance(v, float) for v in list(numerators) + list(denominators))
    den = sum(denominators, Fraction(0)) if exact else math.fsum(n)
    if den == 0:
        return Estimate(None, None, len(y))
    ratio = float(sum(numerators, Fraction(0)) / den) if exact else math.fsum(y) / den
    return linearised_estimate(ratio, [yi - ratio * ni for yi, ni in zip(y, n)], float(den) / len(y))


def linearised_estimate(value: float | None, influences: Sequence[float], mean_denominator: float) -> Estimate:
    """``value`` with the standard error ``√(Σz_i² / (S (S - 1))) / n̄`` from each shoe's influence ``z_i``."""
    z = _check(influences, "influences")
    if value is None:
        return Estimate(None, None, len(z))
    return Estimate(float(value), _standard_error(z, float(mean_denominator)), len(z))
