"""The payoff lines of banque's three-person game at one theta, and Foster's sweep along a line.

See :mod:`exact_odds.games.banque.equilibrium` for the method: the banker's
indifference ``delta_I(x, y)`` per information set (bilinear), and each
punter's gain from drawing on 5 (linear in the other punter and in the
banker's mixes), all in exact integers.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import TYPE_CHECKING, Any

from exact_odds.games.banque.game import BanqueGame
from exact_odds.games.banque.model import N_ACTIONS, STOOD
from exact_odds.games.banque.surd import Surd, sign

if TYPE_CHECKING:
    from numpy.typing import NDArray


class _Lines:
    """Integer coefficients of every payoff line at one theta (module docstring)."""

    def __init__(self, game: BanqueGame, theta: Fraction, per_set=None):
        """``per_set``: instead of ``game``'s counts, (sets, gl, gr) with ``gl[i, choice,
        fl, fr]`` the left gains in set i (a reduced game: the know-cards model with
        every holding but one fixed, :mod:`exact_odds.games.banque.knows_mixed`)."""
        import numpy as np

        self.game, self.theta = game, theta
        sets = game.info_sets() if per_set is None else per_set[0]
        self.sets = sets
        h = np.array([s[0] for s in sets], dtype=np.int64)
        la = np.array([s[1] for s in sets], dtype=np.int64)
        ra = np.array([s[2] for s in sets], dtype=np.int64)
        if per_set is None:
            gl, gr = game.gain_left[h, :, la, :, ra, :], game.gain_right[h, :, la, :, ra, :]  # (sets, ch, fl, fr)
        else:
            gl, gr = per_set[1], per_set[2]
        alpha = np.zeros(N_ACTIONS, dtype=object)
        beta = np.zeros(N_ACTIONS, dtype=object)
        alpha[STOOD], beta[STOOD] = 1, -1
        beta[1:11] = 1
        aL, bL, aR, bR = alpha[la], beta[la], alpha[ra], beta[ra]
        tn, td = theta.numerator, theta.denominator
        d = tn * (gl[:, 1] - gl[:, 0]) + (td - tn) * (gr[:, 1] - gr[:, 0])  # (sets, fl, fr)
        A, B, C, D = (d[:, i, j] for i, j in ((0, 0), (1, 0), (0, 1), (1, 1)))
        # delta_I(x, y) = c00 + c10 x + c01 y + c11 x y
        self.c00 = A + aL * B + aR * C + aL * aR * D
        self.c10 = bL * (B + aR * D)
        self.c01 = bR * (C + aL * D)
        self.c11 = bL * bR * D

        def gain_line(g, ch, mine_left):
            if mine_left:
                return g[:, ch, 1, 0] + aR * g[:, ch, 1, 1], bR * g[:, ch, 1, 1]
            return g[:, ch, 0, 1] + aL * g[:, ch, 1, 1], bL * g[:, ch, 1, 1]

        # D_left(y, s) = sum_I eL0 + eL1 y + s_I (fL0 + fL1 y), in ways; > 0: drawing on 5 is better
        u0, v0 = gain_line(gl, 0, True)
        u1, v1 = gain_line(gl, 1, True)
        self.eL = (-bL * u0, -bL * v0)
        self.fL = (-bL * (u1 - u0), -bL * (v1 - v0))
        u0, v0 = gain_line(gr, 0, False)
        u1, v1 = gain_line(gr, 1, False)
        self.eR = (-bR * u0, -bR * v0)
        self.fR = (-bR * (u1 - u0), -bR * (v1 - v0))

    def delta(self, x: Fraction, y: Fraction) -> NDArray[Any]:
        """delta_I(x, y) times the denominators of x and y (the sign is what counts)."""
        a, b, c, d = x.numerator, x.denominator, y.numerator, y.denominator
        return self.c00 * (b * d) + self.c10 * (a * d) + self.c01 * (b * c) + self.c11 * (a * c)

    def sum_of(self, arr) -> int:
        """The exact sum of one of the per-set arrays (cached by identity)."""
        cache = self.__dict__.setdefault("_sums", {})
        if id(arr) not in cache:
            cache[id(arr)] = int(arr.sum())
        return cache[id(arr)]

    def delta_any(self, x, y) -> list[int]:
        """The sign of delta_I(x, y) for every set, x and y Fractions or surds (exact)."""
        if not isinstance(x, Surd) and not isinstance(y, Surd):
            return [sign(v) for v in self.delta(Fraction(x), Fraction(y))]
        import numpy as np

        # floats decide only where the value is far from 0 compared with the rounding error
        # (below 1e-15 of the sum of the coefficients' sizes); the rest is decided exactly
        # a surd's float through an exact decimal: float(a) + float(b) * sqrt(d) can cancel
        xf, yf = (float(v.decimal(30)) if isinstance(v, Surd) else float(v) for v in (x, y))
        cf = self._floats()
        approx = cf[0] + cf[1] * xf + cf[2] * yf + cf[3] * xf * yf
        size = np.abs(cf[0]) + np.abs(cf[1]) + np.abs(cf[2]) + np.abs(cf[3])
        out = np.sign(approx).astype(np.int64).tolist()
        xy = x * y
        for i in np.nonzero(np.abs(approx) <= 1e-9 * size)[0]:
            out[i] = sign(self.c00[i] + self.c10[i] * x + self.c01[i] * y + self.c11[i] * xy)
        return out

    def _floats(self):
        if not hasattr(self, "_cf"):
            import numpy as np

            self._cf = tuple(np.array([float(v) for v in c]) for c in (self.c00, self.c10, self.c01, self.c11))
        return self._cf

    def d_left(self, y: Fraction):
        """(constant, per-set slope in s_I) of D_left at y, times y's denominator."""
        c, d = y.numerator, y.denominator
        return self.eL[0] * d + self.eL[1] * c, self.fL[0] * d + self.fL[1] * c

    def d_right(self, x: Fraction):
        a, b = x.numerator, x.denominator
        return self.eR[0] * b + self.eR[1] * a, self.fR[0] * b + self.fR[1] * a


def _roots(c0, c1) -> set[Fraction]:
    """Roots in (0, 1) of every line c0 + c1 t (numpy object arrays)."""
    out = set()
    for a, b in zip(c0, c1):
        if b:
            r = Fraction(-a, b)
            if 0 < r < 1:
                out.add(r)
    return out


def _sweep(lines: _Lines, fixed: Fraction, left: bool) -> list[Fraction]:
    """Foster's sweep along one line, the other punter's strategy ``fixed``:
    the points t in (0, 1) where the banker's best reply changes and both
    punters' conditions can hold (necessary conditions: the free punter's gain
    from drawing on 5 can be exactly 0, the fixed punter's has the right sign
    for ``fixed``). Floats only pick the sets whose root may lie in [0, 1]; the
    roots, signs and sums are exact."""
    import numpy as np

    c, d = fixed.numerator, fixed.denominator
    cf = lines._floats()
    fx = float(fixed)
    if left:  # delta(x, y) = a + b x at y = fixed; D_left does not depend on x
        a_f, b_f = cf[0] + cf[2] * fx, cf[1] + cf[3] * fx
        size = np.abs(cf[0]) + np.abs(cf[2]) + np.abs(cf[1]) + np.abs(cf[3]) + 1.0
        coef = (lines.c00, lines.c01, lines.c10, lines.c11)
        e, f = lines.eL, lines.fL  # the free punter's gain, (const, slope in the fixed y) per set
        oe, of = lines.eR, lines.fR  # the fixed punter's gain: (const, slope in x) per set
    else:
        a_f, b_f = cf[0] + cf[1] * fx, cf[2] + cf[3] * fx
        size = np.abs(cf[0]) + np.abs(cf[1]) + np.abs(cf[2]) + np.abs(cf[3]) + 1.0
        coef = (lines.c00, lines.c10, lines.c01, lines.c11)
        e, f = lines.eR, lines.fR
        oe, of = lines.eL, lines.fL
    tol = 1e-9 * size
    b_zero = (cf[1] == 0) & (cf[3] == 0) if left else (cf[2] == 0) & (cf[3] == 0)  # float(n) == 0 iff n == 0
    root = -a_f / np.where(b_f == 0, 1.0, b_f)
    in_range = (np.abs(b_f) > tol) & (root > -1e-6) & (root < 1 + 1e-6)
    near = np.nonzero(in_range | (np.abs(a_f) <= tol) | ((np.abs(b_f) <= tol) & ~b_zero))[0]
    ab = {}
    for i in near:  # exact a and b where the float cannot decide
        ab[int(i)] = (int(coef[0][i] * d + coef[1][i] * c), int(coef[2][i] * d + coef[3][i] * c))
    # the banker's reply just right of t = 0: a > 0, or a = 0 and b > 0
    s0 = a_f > 0
    always = np.zeros(len(a_f), dtype=bool)
    by_root: dict[tuple[int, int], list[int]] = {}  # a root p/q in lowest terms, q > 0, as (p, q)
    sb = {}
    for i, (ai, bi) in ab.items():
        s0[i] = ai > 0 or (ai == 0 and bi > 0)
        always[i] = ai == 0 and bi == 0
        s0[i] &= not always[i]
        sg = (bi > 0) - (bi < 0)
        if sg and 0 < -ai * sg < bi * sg:  # the root -a/b lies in (0, 1): integers only
            g = gcd(ai, bi)
            by_root.setdefault((-ai * sg // g, bi * sg // g), []).append(i)
            sb[i] = sg
    fvals: dict[int, int] = {}

    def fv(i: int) -> int:  # the free punter's slope in set i, times d (each computed once)
        v = fvals.get(i)
        if v is None:
            v = fvals[i] = int(f[0][i] * d + f[1][i] * c)
        return v

    fa = [fv(int(i)) for i in np.nonzero(always)[0]]
    free_lo, free_hi = sum(min(0, v) for v in fa), sum(max(0, v) for v in fa)
    total = (lines.sum_of(e[0]) * d + lines.sum_of(e[1]) * c
             + int(f[0][s0].sum()) * d + int(f[1][s0].sum()) * c)
    # the fixed punter's gain along the line: E0 + E1 t + sum over drawing sets (of0 + of1 t)
    on = s0 & ~always
    E0, E1 = lines.sum_of(oe[0]), lines.sum_of(oe[1])
    S0, S1 = int(of[0][on].sum()), int(of[1][on].sum())
    alw = np.nonzero(always)[0]
    want = _want(fixed)
    out = []
    for key in _sorted_roots(by_root):
        idx = by_root[key]
        before = [i for i in idx if sb[i] < 0]  # drew just left of r iff b < 0
        fvs = [fv(i) for i in idx]
        base = total - sum(v for i, v in zip(idx, fvs) if sb[i] < 0)
        lo = base + free_lo + sum(v for v in fvs if v < 0)
        hi = base + free_hi + sum(v for v in fvs if v > 0)
        if lo <= 0 <= hi:
            r = Fraction(*key)
            ob = (E0 + S0 - sum(int(of[0][i]) for i in before)) + (E1 + S1 - sum(int(of[1][i]) for i in before)) * r
            vals = [of[0][i] + of[1][i] * r for i in list(idx) + [int(j) for j in alw]]
            olo = ob + sum(min(0, v) for v in vals)
            ohi = ob + sum(max(0, v) for v in vals)
            if (want == "eq" and olo <= 0 <= ohi) or (want == "le" and olo <= 0) or (want == "ge" and ohi >= 0):
                out.append(r)
        for i, v in zip(idx, fvs):  # the banker's reply in these sets flips at r
            sg = sb[i]
            total += sg * v
            S0 += sg * int(of[0][i])
            S1 += sg * int(of[1][i])
    return out


def _sorted_roots(roots) -> list[tuple[int, int]]:
    """Roots (p, q) in increasing order: by float, exactly (cross products) among near ties."""
    keys = sorted(roots, key=lambda v: v[0] / v[1])
    out, k = [], 0
    while k < len(keys):  # a run of keys whose floats agree to 1e-12 is sorted exactly
        j = k + 1
        while j < len(keys) and keys[j][0] / keys[j][1] - keys[k][0] / keys[k][1] <= 1e-12:
            j += 1
        run = keys[k:j]
        if len(run) > 1:
            run.sort(key=lambda v: Fraction(v[0], v[1]))
        out += run
        k = j
    return out


def _want(p: Fraction) -> str:
    return "eq" if 0 < p < 1 else ("le" if p == 0 else "ge")


