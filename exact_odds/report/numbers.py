"""Exact numbers to text: reduced fractions and decimals rounded only here.

Every figure is an exact :class:`~fractions.Fraction` until it is printed;
these helpers are the one place where digits are cut, by exact integer
rounding (half away from zero), never through a float.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction


def fraction_text(x: Fraction) -> str:
    """'p/q' in lowest terms ('0/1' and '3/1' keep their denominator)."""
    x = Fraction(x)
    return f"{x.numerator}/{x.denominator}"


def decimal_text(x: Fraction, places: int = 6) -> str:
    """``x`` rounded to ``places`` decimals by exact integer arithmetic."""
    x = Fraction(x)
    scale = 10**places
    n = abs(x) * scale
    q = n.numerator // n.denominator
    if 2 * (n - q) >= 1:
        q += 1
    sign = "-" if x < 0 and q else ""
    whole, frac = divmod(q, scale)
    return f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


def percent_text(x: Fraction, places: int = 6) -> str:
    """``x`` as a percentage with ``places`` decimals: '1.057906%'."""
    return decimal_text(Fraction(x) * 100, places) + "%"


def sqrt_text(x: Fraction, places: int = 6) -> str:
    """The square root of a non-negative fraction, to ``places`` decimals.

    Computed with 60 significant digits, far beyond what is printed."""
    x = Fraction(x)
    with localcontext() as ctx:
        ctx.prec = 60
        root = (Decimal(x.numerator) / Decimal(x.denominator)).sqrt()
        # Decimal is exact to 60 digits; turn it back into a Fraction to round.
        return decimal_text(Fraction(root), places)
