"""Exact numbers a + b*sqrt(d) (a, b rational, d a positive integer, not a square).

A banque equilibrium where both punters mix on one banker indifference curve
solves a quadratic equation (docs/methods/banque-equilibrium.md), so its
probabilities may be irrational: they are quadratic surds, computed and
compared exactly here (no floats).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import isqrt
from numbers import Rational
from typing import Union

Number = Union[int, Fraction, "Surd"]


@dataclass(frozen=True)
class Surd:
    """``a + b * sqrt(d)``, exactly; ``d`` > 1 not a perfect square (or b = 0)."""

    a: Fraction
    b: Fraction
    d: int

    @classmethod
    def of(cls, a: Number, b: Number = 0, d: int = 2) -> "Surd | Fraction":
        """A Surd, or a Fraction when the square root drops out."""
        a, b = Fraction(a), Fraction(b)
        r = isqrt(d)
        if b == 0 or r * r == d:
            return a + b * r
        return cls(a, b, d)

    def _lift(self, other) -> "Surd":
        if isinstance(other, Surd):
            if other.d != self.d:
                raise ValueError("surds with different square roots")
            return other
        if isinstance(other, Rational):
            return Surd(Fraction(other), Fraction(0), self.d)
        return NotImplemented

    def __add__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return Surd.of(self.a + o.a, self.b + o.b, self.d)

    __radd__ = __add__

    def __neg__(self):
        return Surd(-self.a, -self.b, self.d)

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        return Surd.of(self.a * o.a + self.b * o.b * self.d, self.a * o.b + self.b * o.a, self.d)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = self._lift(other)
        if o is NotImplemented:
            return o
        norm = o.a * o.a - o.b * o.b * self.d  # nonzero: sqrt(d) is irrational
        if norm == 0:
            raise ZeroDivisionError("division by zero")
        conj = Surd(o.a, -o.b, self.d)
        p = self * conj
        return Surd.of(Fraction(p.a if isinstance(p, Surd) else p) / norm,
                       Fraction(p.b if isinstance(p, Surd) else 0) / norm, self.d)

    def __rtruediv__(self, other):
        return self._lift(other) / self

    def sign(self) -> int:
        """-1, 0 or 1, exactly."""
        sa, sb = _sgn(self.a), _sgn(self.b)
        if sa == sb or sb == 0:
            return sa
        if sa == 0:
            return sb
        # opposite signs: compare a^2 with b^2 d
        big = self.a * self.a - self.b * self.b * self.d
        return sa if big > 0 else sb

    def __lt__(self, other):
        return _sign(self - other) < 0

    def __le__(self, other):
        return _sign(self - other) <= 0

    def __gt__(self, other):
        return _sign(self - other) > 0

    def __ge__(self, other):
        return _sign(self - other) >= 0

    def __eq__(self, other):
        if isinstance(other, Surd):
            return (self.a, self.b, self.d) == (other.a, other.b, other.d)
        return False  # a Surd has b != 0, so it is irrational

    def __hash__(self):
        return hash((self.a, self.b, self.d))

    def __float__(self):
        return float(self.a) + float(self.b) * self.d ** 0.5

    def decimal(self, places: int) -> Fraction:
        """A Fraction within 10**-places of the value (for printing only), by integer square roots."""
        scale = 10 ** (places + 2)
        # sqrt(d) to within 1/scale, then the rest exactly
        root = Fraction(isqrt(self.d * scale * scale), scale)
        return self.a + self.b * root

    def __str__(self) -> str:
        return surd_text(self)


def _sgn(x) -> int:
    return (x > 0) - (x < 0)


def _sign(x) -> int:
    return x.sign() if isinstance(x, Surd) else _sgn(x)


def sign(x: Number) -> int:
    """-1, 0 or 1 of an int, Fraction or Surd, exactly."""
    return _sign(x)


def surd_text(x: Number) -> str:
    """'p/q' for a rational, '(p + q*sqrt(d))/r' for a surd (exact, lowest terms)."""
    if not isinstance(x, Surd):
        x = Fraction(x)
        return f"{x.numerator}/{x.denominator}"
    from math import gcd

    den = x.a.denominator * x.b.denominator // gcd(x.a.denominator, x.b.denominator)
    p, q = int(x.a * den), int(x.b * den)
    g = gcd(gcd(p, q), den)
    p, q, den = p // g, q // g, den // g
    op = "-" if q < 0 else "+"
    return f"({p} {op} {abs(q)}*sqrt({x.d}))/{den}"


def quadratic_roots(a: int, b: int, c: int) -> list[Number]:
    """The real roots of a x^2 + b x + c = 0 (a, b, c integers), exactly."""
    if a == 0:
        return [] if b == 0 else [Fraction(-c, b)]
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    k, d = _square_factor(disc)
    return sorted({Surd.of(Fraction(-b, 2 * a), Fraction(s * k, 2 * a), d) for s in (-1, 1)}, key=float)


def _square_factor(n: int, limit: int = 2000) -> tuple[int, int]:
    """(k, m) with n = k*k*m, the square factors of primes below ``limit`` taken out (for shorter output)."""
    r = isqrt(n)
    if r * r == n:
        return r, 1
    k, p = 1, 2
    while p < limit and p * p <= n:
        while n % (p * p) == 0:
            n //= p * p
            k *= p
        p += 1 if p == 2 else 2
    return k, n
