"""A strategy profile of banque's three-person game priced exactly: the joint results of the two tableaux.

Strategies are Fractions or quadratic surds (:mod:`exact_odds.games.banque.surd`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from exact_odds.games.banque.game import BanqueGame, InfoSet
from exact_odds.games.banque.model import LOSE, N_ACTIONS, WIN
from exact_odds.games.banque.surd import Surd


def _ev(p, left: bool) -> Fraction:
    if left:
        return sum(p[WIN]) - sum(p[LOSE])
    return sum(r[WIN] for r in p) - sum(r[LOSE] for r in p)


def profile_counts(game: BanqueGame, x, y, banker: dict[InfoSet, Any]) -> tuple[tuple[Any, ...], ...]:
    """P(left result, right result), 3 x 3, under a strategy profile, exactly.

    ``x``, ``y`` and the banker's mixes are Fractions or quadratic surds.
    Information sets missing from ``banker`` (both tableaux have naturals, or
    sets that cannot occur) are played as stand."""
    import numpy as np

    t, den = _banker_weighted(game, banker)
    wl, xd = _weights(x)
    wr, yd = _weights(y)
    out = np.tensordot(np.tensordot(wl, t, axes=([0, 1], [0, 1])), wr, axes=([1, 2], [0, 1]))  # (rl, rr)
    tot, scale = game.total, den * xd * yd
    return tuple(tuple(Fraction(game.forced[3 * i + k], tot) + _over(out[i, k], tot * scale) for k in range(3))
                 for i in range(3))


def _banker_weighted(game: BanqueGame, banker: dict[InfoSet, Any]):
    """The joint counts weighted by the banker's play, summed over his holdings,
    times the mixes' common denominator: (la, fl, rl, ra, fr, rr), and that
    denominator. Cached on the game for the last banker strategy (a punter's
    deviations are priced against the same one)."""
    import numpy as np
    from math import lcm

    key = tuple(banker.items())
    last = game.__dict__.get("_last_banker")
    if last is not None and len(last[0]) == len(key) and last[0] == key:
        return last[1], last[2]
    j0, dj = _joint_parts(game)
    rational = {k: Fraction(v) for k, v in banker.items() if not isinstance(v, Surd) and v != 0}
    den = lcm(*(v.denominator for v in rational.values())) if rational else 1
    mix = np.zeros((len(game.holdings), N_ACTIONS, N_ACTIONS), dtype=object)
    for (h, la, ra), v in rational.items():
        mix[h, la, ra] = int(v * den)
    t = j0 * den + (dj * mix[:, :, None, None, :, None, None]).sum(axis=0)  # (la, fl, rl, ra, fr, rr)
    t = t.astype(object)
    for (h, la, ra), v in banker.items():
        if isinstance(v, Surd):  # a surd mix touches one (la, ra) slice
            t[la, :, :, ra] = t[la, :, :, ra] + dj[h, la, :, :, ra] * (v * den)
    object.__setattr__(game, "_last_banker", (key, t, den))
    return t, den


def _over(v, d: int):
    """v / d exactly: a Fraction for an integer v, a surd for a surd."""
    return v / d if isinstance(v, Surd) else Fraction(int(v), d)


def _weights(p):
    """(action, five flag) weights of drawing on 5 with probability p: integers over
    p's denominator for a Fraction; the surds themselves (denominator 1) otherwise."""
    import numpy as np

    from exact_odds.games.banque.game import five_weights

    if isinstance(p, Surd):
        return np.array(five_weights(p), dtype=object), 1
    p = Fraction(p)
    return np.array([[int(v * p.denominator) for v in row] for row in five_weights(p)], dtype=object), p.denominator


def _joint_parts(game: BanqueGame):
    """Cached on the game: the joint counts summed over holdings if the banker
    stands everywhere, and the change per set when he draws instead."""
    parts = game.__dict__.get("_parts")
    if parts is None:
        j = game.joint
        parts = (j[:, 0].sum(axis=0), j[:, 1] - j[:, 0])
        object.__setattr__(game, "_parts", parts)
    return parts


