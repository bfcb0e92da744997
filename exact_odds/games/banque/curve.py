"""Banque equilibria where both punters mix on one banker indifference curve (solved in quadratic surds).

Floats only locate candidate grid cells; every solution is exact and is
checked again by :func:`exact_odds.games.banque.equilibrium.equilibrium_gaps`.
"""

from __future__ import annotations

from typing import Any

from exact_odds.games.banque.lines import _Lines
from exact_odds.games.banque.surd import quadratic_roots, sign


def _curve_points(lines: _Lines) -> list[tuple[Any, Any, list]]:
    """Equilibria where both punters mix on one banker indifference curve
    delta_I = 0, the banker mixing in I only. Floats only locate the grid
    cells where both punters' gains from drawing on 5 change sign; there the
    equations are solved exactly (a quadratic) and every condition is checked
    exactly. Returns (x, y, banker mixes per set)."""
    import numpy as np

    fl = lambda a: np.array([float(v) for v in a])  # noqa: E731
    c00, c10, c01, c11 = (fl(v) for v in (lines.c00, lines.c10, lines.c01, lines.c11))
    eL0, eL1, fL0, fL1 = (fl(v) for v in (*lines.eL, *lines.fL))
    eR0, eR1, fR0, fR1 = (fl(v) for v in (*lines.eR, *lines.fR))
    n = 64
    g = np.linspace(0.0, 1.0, n + 1)
    sign_l = np.zeros((n + 1, n + 1))
    sign_r = np.zeros((n + 1, n + 1))
    for i, x in enumerate(g):
        d = c00[None, :] + c10[None, :] * x + (c01[None, :] + c11[None, :] * x) * g[:, None]  # (y, sets)
        s = d > 0
        sign_l[i] = np.sign((eL0 + eL1 * g[:, None] + s * (fL0 + fL1 * g[:, None])).sum(axis=1))
        sign_r[i] = np.sign((eR0 + eR1 * x + s * (fR0 + fR1 * x)).sum(axis=1))
    general = np.nonzero(((c01 != 0) | (c11 != 0)) & ((c10 != 0) | (c11 != 0)))[0]
    out, tried = [], set()
    for i in range(n):
        for j in range(n):
            bl, br = sign_l[i:i + 2, j:j + 2], sign_r[i:i + 2, j:j + 2]
            if not (bl.min() <= 0 <= bl.max() and br.min() <= 0 <= br.max()):
                continue
            corners = [(g[i + a], g[j + b]) for a in (0, 1) for b in (0, 1)]
            vals = np.array([c00[general] + c10[general] * x + c01[general] * y + c11[general] * x * y
                             for x, y in corners])
            crossing = general[(vals.min(axis=0) <= 0) & (vals.max(axis=0) >= 0)]
            xm, ym = g[i] + 0.5 / n, g[j] + 0.5 / n
            s0 = (c00 + c10 * xm + c01 * ym + c11 * xm * ym) > 0
            for k in crossing:
                key = (int(k), tuple(np.nonzero(s0)[0]))
                if key in tried:
                    continue
                tried.add(key)
                out += _solve_on_curve(lines, int(k), [int(v) for v in s0])
    unique = {}
    for x, y, s in out:
        unique.setdefault((x, y), (x, y, s))
    return list(unique.values())


def _solve_on_curve(lines: _Lines, k: int, s: list[int], rounds: int = 4) -> list:
    """Exact solutions of delta_k = 0, D_left = 0, D_right = 0 with the banker
    mixing in set k only and playing ``s`` elsewhere (updated to his exact best
    reply at the solution, a few rounds)."""
    import numpy as np

    found = []
    for _ in range(rounds):
        s = list(s)
        s[k] = 0
        sv = np.array(s, dtype=object)
        aL0, aL1 = (int(e.sum() + (sv * f).sum()) for e, f in zip(lines.eL, lines.fL))
        aR0, aR1 = (int(e.sum() + (sv * f).sum()) for e, f in zip(lines.eR, lines.fR))
        fl0, fl1, fr0, fr1 = lines.fL[0][k], lines.fL[1][k], lines.fR[0][k], lines.fR[1][k]
        k00, k10 = aL0 * fr0 - aR0 * fl0, aL0 * fr1 - aR1 * fl0
        k01, k11 = aL1 * fr0 - aR0 * fl1, aL1 * fr1 - aR1 * fl1
        c00, c10, c01, c11 = lines.c00[k], lines.c10[k], lines.c01[k], lines.c11[k]
        A = k10 * c11 - k11 * c10
        B = k00 * c11 + k10 * c01 - k01 * c10 - k11 * c00
        C = k00 * c01 - k01 * c00
        if A == 0 and B == 0:
            return found  # degenerate (a continuum or nothing): not searched
        changed = False
        for x in quadratic_roots(int(A), int(B), int(C)):
            den = c01 + c11 * x
            if sign(den) == 0 or not (0 < x < 1):
                continue
            y = -(c00 + c10 * x) / den
            if not (0 < y < 1):
                continue
            dl = fl0 + fl1 * y
            if sign(dl) == 0:
                continue
            sk = -(aL0 + aL1 * y) / dl
            if not (0 <= sk <= 1):
                continue
            signs = lines.delta_any(x, y)
            best = [1 if d > 0 else (0 if d < 0 else v) for d, v in zip(signs, s)]
            best[k] = 0
            if best != s:
                s, changed = best, True
                break
            mixes = list(s)
            mixes[k] = sk
            found.append((x, y, mixes))
        if not changed:
            return found
    return found


