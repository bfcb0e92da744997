"""The middle bet priced at a know-cards equilibrium: the joint results of the two tableaux, exactly.

:func:`~exact_odds.games.banque.knows.knows_game` keeps only each tableau's
ways won minus lost, which prices the tableaux but not the middle bet (it
needs the joint result of both). :func:`knows_joint` walks the shoe once more
with the banque kernel and weighs every (left hand, right hand, banker
holding, banker choice) by the profile: each punter's weight is affine in his
one mixed probability (the other holdings are pure), the banker's is his
probability of drawing in the set, so the nine joint probabilities are
computed from integer sums and combined at the end, exactly (Fractions, or
quadratic surds for an irrational equilibrium).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Any, Sequence

from exact_odds.games.banque.knows import KINDS, InfoSet, KnowsGame, _strategy, holding_weights
from exact_odds.games.banque.model import BanqueError, N_ACTIONS
from exact_odds.games.banque.surd import Surd


def _split(p: Sequence[Any], name: str):
    """(W0, W1, t): the (action, flag) weights are W0 + t * W1, integers, t the one
    probability strictly between 0 and 1 (0 and W1 = 0 when there is none)."""
    mixed = [k for k, v in enumerate(p) if 0 < v < 1]
    if len(mixed) > 1:
        raise BanqueError(f"the middle bet is priced for profiles where {name} mixes on at most one holding, "
                          f"not {len(mixed)}")
    lo, hi = list(p), list(p)
    t: Any = Fraction(0)
    if mixed:
        lo[mixed[0]], hi[mixed[0]], t = Fraction(0), Fraction(1), p[mixed[0]]
    w0 = [[int(v) for v in row] for row in holding_weights([Fraction(v) for v in lo])]
    w1 = [[int(b) - int(a) for a, b in zip(r0, r1)]
          for r0, r1 in zip(holding_weights([Fraction(v) for v in lo]), holding_weights([Fraction(v) for v in hi]))]
    return w0, w1, t


def knows_joint(game: KnowsGame, x: Sequence[Any], y: Sequence[Any],
                banker: dict[InfoSet, Any]) -> tuple[tuple[Any, ...], ...]:
    """P(left result, right result), 3 x 3 (win, tie, lose), under a profile
    where each punter mixes on at most one holding and the banker on any sets
    (at most one of them irrational), exactly."""
    import numpy as np

    from exact_odds.games.banque.game import banker_holdings, walk_frame

    if not isinstance(game, KnowsGame):
        raise TypeError(f"knows_joint needs a KnowsGame (from knows_game(shoe)), not {type(game).__name__}")
    x, y = _strategy(x, "x"), _strategy(y, "y")
    if not isinstance(banker, dict):
        raise TypeError(f"banker must be a dict of information set -> probability of drawing, "
                        f"not {type(banker).__name__}")
    surds = [(k, v) for k, v in banker.items() if isinstance(v, Surd)]
    if len(surds) > 1:
        raise BanqueError("the middle bet is priced for a banker with at most one irrational mix")
    rational = {k: Fraction(v) for k, v in banker.items() if not isinstance(v, Surd)}
    den = lcm(1, *(v.denominator for v in rational.values()))
    shoe = game.shoe
    frame = walk_frame(np, shoe)
    s = np.zeros((len(frame.holdings), N_ACTIONS, N_ACTIONS), dtype=object)
    for (h, la, ra), v in rational.items():
        s[h, la, ra] = int(v * den)
    odd = np.zeros_like(s)  # the irrational set: coefficient of its probability
    if surds:
        (h, la, ra), _ = surds[0]
        odd[h, la, ra] = 1
    # with replacement the banker sees one "natural" action per tableau (index 11)
    act = np.minimum(np.arange(N_ACTIONS), 11) if frame.infinite else np.arange(N_ACTIONS)
    lw, rw = _split(x, "the left punter"), _split(y, "the right punter")
    wl = [np.array(w, dtype=np.int64) for w in lw[:2]]
    wr = [np.array(w, dtype=np.int64) for w in rw[:2]]
    forced = [0] * 9
    rat = np.zeros((2, 2, 3, 3), dtype=object)  # (left term, right term, rl, rr), times den
    irr = np.zeros((2, 2, 3, 3), dtype=object)  # times the irrational mix
    for h, wb, blocks in banker_holdings(np, frame, forced, KINDS):
        sh = s[h][np.ix_(act, act)]
        oh = odd[h][np.ix_(act, act)]
        for choice, m in enumerate(blocks):
            blk = m.reshape(N_ACTIONS, KINDS, 3, N_ACTIONS, KINDS, 3)
            tail = frame.tail[:, :, choice] * wb  # (la, ra) object
            bw = sh if choice else den - sh  # the banker's weight times den
            ow = oh if choice else -oh
            for a in range(2):
                left = np.einsum("afbcgd,af->abcgd", blk, wl[a])
                for b in range(2):
                    z = np.einsum("abcgd,cg->abcd", left, wr[b]).astype(object)  # (la, rl, ra, rr)
                    zt = z * tail[:, None, :, None]
                    rat[a, b] += (zt * bw[:, None, :, None]).sum(axis=(0, 2))
                    if surds:
                        irr[a, b] += (zt * ow[:, None, :, None]).sum(axis=(0, 2))
    total = game.total
    mix = surds[0][1] if surds else Fraction(0)
    tx, ty = lw[2], rw[2]
    out = []
    for i in range(3):
        row = []
        for j in range(3):
            v: Any = Fraction(forced[3 * i + j], total)
            for a in range(2):
                for b in range(2):
                    coef = (tx if a else 1) * (ty if b else 1)
                    part = Fraction(int(rat[a, b, i, j]), total * den) + mix * Fraction(int(irr[a, b, i, j]), total)
                    v = v + coef * part
            row.append(v)
        out.append(tuple(row))
    return tuple(out)


def knows_middle(game: KnowsGame, equilibrium: Any):
    """The middle bet (:class:`~exact_odds.games.banque.middle.Middle`) under a
    know-cards equilibrium's strategies (a :class:`~exact_odds.games.banque.knows_search.KnowsEquilibrium`)."""
    from exact_odds.games.banque.middle import Middle

    for name in ("x", "y", "banker"):
        if not hasattr(equilibrium, name):
            raise TypeError(f"knows_middle needs a KnowsEquilibrium (from solve_knows), not "
                            f"{type(equilibrium).__name__}")
    return Middle.from_joint(knows_joint(game, equilibrium.x, equilibrium.y, equilibrium.banker))
