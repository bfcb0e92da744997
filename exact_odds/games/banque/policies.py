"""The banker's policies in banque: follow a tableau with the punto banco rule, or play optimally.

A fixed policy follows the tableau's Banker rule (docs/rules.md §2, items 3-4)
against one tableau's action; ``optimal`` draws in an information set iff
that has the strictly larger exact expected gain
``theta * (vs left) + (1 - theta) * (vs right)`` (docs/rules.md §6).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.games.banque.model import (
    LOSE, N_ACTIONS, PAIRS, WIN, check_policy, is_natural_action, third_card,
)
from exact_odds.rules.deal import hand_total, is_natural
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

if TYPE_CHECKING:
    from numpy.typing import NDArray


def banker_choices(sides: tuple[NDArray[Any], NDArray[Any]], policy: str, theta: Fraction,
                   tableau: Tableau = PUNTO_BANCO) -> NDArray[Any]:
    """The banker's choice (bool, draw) per information set, shape (55, 22, 22),
    given a walk's :func:`banker_sides` (see :class:`~exact_odds.games.banque.BanqueWalk`).

    Fixed policies follow ``tableau``'s Banker rule against one tableau's action."""
    import numpy as np

    check_policy(policy)
    if policy == "optimal":
        g = _gains(sides, theta)  # (55, 2, 22, 22)
        choice = g[:, 1] > g[:, 0]
    else:
        choice = np.zeros((55, N_ACTIONS, N_ACTIONS), dtype=bool)
        follow_left = policy == "tableau-left" or (policy == "tableau-larger" and theta >= Fraction(1, 2))
        for p, (b1, b2, _) in enumerate(PAIRS):
            bt = hand_total(b1, b2)
            if is_natural(bt):
                continue
            for la in range(N_ACTIONS):
                for ra in range(N_ACTIONS):
                    target = la if follow_left else ra
                    if is_natural_action(target):
                        target = ra if follow_left else la
                    if is_natural_action(target):
                        continue
                    choice[p, la, ra] = tableau.banker_draws(bt, third_card(target))
    both_natural = np.array([is_natural_action(a) for a in range(N_ACTIONS)])
    choice[:, both_natural[:, None] & both_natural[None, :]] = False  # the coup has ended
    return choice


def banker_sides(info: NDArray[Any]) -> tuple[NDArray[Any], NDArray[Any]]:
    """The banker's ways won minus ways lost against the left and the right tableau, per (pair,
    choice, la, ra), each (55, 2, 22, 22), from a walk's ``info`` (they do not depend on theta:
    :class:`~exact_odds.games.banque.BanqueWalk` keeps them once per walk)."""
    left = info[:, :, :, LOSE].sum(axis=-1) - info[:, :, :, WIN].sum(axis=-1)
    right = info[..., LOSE].sum(axis=3) - info[..., WIN].sum(axis=3)
    return left, right


def _gains(sides, theta: Fraction):
    """The banker's gain (ways won minus ways lost, theta-weighted, scaled by
    theta's denominator) per (pair, choice, la, ra)."""
    t = Fraction(theta)
    left, right = sides
    return t.numerator * left + (t.denominator - t.numerator) * right
