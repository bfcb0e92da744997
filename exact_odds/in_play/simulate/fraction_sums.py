"""Exact sums of many Fractions over one common denominator.

A simulation adds the exact EVs of thousands of coups, each over its own denominator
``scale × N(N-1)...(N-5)``: the running sum's denominator soon holds every one of them
(some 600 bits), and each ``+=`` of two Fractions then reduces it by gcds (about 10 µs a
term). :func:`fraction_sum` puts every term over the least common multiple of their
denominators once and reduces once: the same Fraction, a few big-integer products a term.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Iterable


def fraction_sum(terms: Iterable[Fraction | int], start: Fraction | int = 0) -> Fraction:
    """``start + Σ terms``, exactly (Fractions or ints): the same value as adding them one by one."""
    terms = [Fraction(start), *terms]
    common = lcm(*(t.denominator for t in terms))
    return Fraction(sum(t.numerator * (common // t.denominator) for t in terms), common)
