"""The classical gambler's ruin, in closed form: the oracle of the simulated risk of ruin.

A walk of ±1 steps, up with chance p, from ``start`` reaches 0 before ``target`` with chance
``(r^start − r^target) / (1 − r^target)``, ``r = q/p`` (Feller, *An Introduction to Probability
Theory and Its Applications*, vol. I, 3rd ed., ch. XIV.2, eq. 2.4); ``1 − start/target`` when p = q.
"""

from fractions import Fraction


def gamblers_ruin(p: Fraction, start: int, target: int) -> Fraction:
    q = 1 - p
    if p == q:
        return 1 - Fraction(start, target)
    r = q / p
    return (r ** start - r ** target) / (1 - r ** target)
