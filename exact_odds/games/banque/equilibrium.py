"""Nash equilibria of banque as a three-person game, exactly (docs/methods/banque-equilibrium.md).

The players: the left punter (probability ``x`` of drawing on 5), the right
punter (``y``) and the banker (a probability of drawing in each information
set, :meth:`BanqueGame.info_sets`). Each punter's payoff is his tableau's EV
(even money, a tie pushes); the banker's is ``-(theta * left + (1 - theta) *
right)``.

Every payoff is multilinear. In information set I the banker prefers to draw
iff ``delta_I(x, y) > 0``, a bilinear function; the left punter's gain from
drawing on 5, ``D_left``, does not depend on x and is linear in y and in the
banker's mixes; ``D_right`` likewise. The search (exact integers throughout):

1. **Pure punters** (x, y in {0, 1}): the banker's best reply is forced where
   ``delta != 0`` and free where it is 0.
2. **One punter mixed**, the other pure (Foster's algorithm, as in chemin de
   fer): with y fixed, the banker's best reply changes only where a
   ``delta_I(., y)`` crosses 0, and ``D_left`` is constant between those
   points, so the candidates are those crossings.
3. **Both punters mixed**, at a crossing of a banker indifference line that
   depends on x only (an information set where the right tableau has a
   natural) with one that depends on y only.

At each candidate the banker may mix where he is indifferent; an exact linear
program (sympy's rational simplex) finds mixes that make each punter's choice
a best reply, or proves there are none. Every equilibrium returned is checked
again exactly by :func:`equilibrium_gaps`. Not searched: both punters mixed
anywhere else (at a crossing of two curves that both depend on x and y, whose
coordinates may be irrational, or inside a region where the banker plays
purely); the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.games.banque.game import BanqueGame, InfoSet
from exact_odds.games.banque.model import LOSE, N_ACTIONS, STOOD, WIN, BanqueError, exact_probability
from exact_odds.games.banque.surd import Surd, quadratic_roots, sign

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: The classes of strategy profiles the search covers exhaustively.
SEARCHED = ("both punters pure", "one punter mixed, the other pure",
            "both punters mixed on a banker indifference line that depends on one punter only",
            "both punters mixed on one banker indifference curve, the banker mixing there only "
            "(located on a 64 x 64 grid, then solved and checked exactly)")


@dataclass(frozen=True)
class Equilibrium:
    """One exact Nash equilibrium at ``theta``: ``x`` and ``y`` the left and right
    punters' probabilities of drawing on 5, ``banker`` the banker's probability
    of drawing per information set (every set that can occur)."""

    game: BanqueGame = field(repr=False)
    theta: Fraction
    x: Fraction
    y: Fraction
    banker: dict[InfoSet, Fraction] = field(repr=False)
    mixed: tuple[InfoSet, ...]  # the banker's information sets where he mixes (0 < s < 1)
    indifferent: tuple[InfoSet, ...]  # where he is indifferent (delta = 0), mixed or not
    banker_unique: bool  # the banker's mixes are the only ones that support (x, y)
    counts: tuple[tuple[Fraction, ...], ...]  # 3 x 3 ways (times denominators) of (left, right) results
    left_ev: Fraction
    right_ev: Fraction

    @property
    def banker_edge(self) -> Fraction:
        return -(self.theta * self.left_ev + (1 - self.theta) * self.right_ev)

    @property
    def joint(self) -> list[list[Fraction]]:
        """P(left result, right result) in the order win, tie, lose."""
        return [[Fraction(c) for c in row] for row in self.counts]


@dataclass(frozen=True)
class EquilibriumSearch:
    """Every equilibrium the search found at ``theta``, and what it searched."""

    game: BanqueGame = field(repr=False)
    theta: Fraction
    equilibria: tuple[Equilibrium, ...]
    candidates: int  # strategy points examined
    searched: tuple[str, ...] = SEARCHED

    @property
    def unique(self) -> bool:
        """Exactly one (x, y) within the classes searched."""
        return len({(e.x, e.y) for e in self.equilibria}) == 1

    @property
    def first(self) -> Equilibrium:
        return self.equilibria[0]


class _Lines:
    """Integer coefficients of every payoff line at one theta (module docstring)."""

    def __init__(self, game: BanqueGame, theta: Fraction):
        import numpy as np

        self.game, self.theta = game, theta
        sets = game.info_sets()
        self.sets = sets
        h = np.array([s[0] for s in sets], dtype=np.int64)
        la = np.array([s[1] for s in sets], dtype=np.int64)
        ra = np.array([s[2] for s in sets], dtype=np.int64)
        alpha = np.zeros(N_ACTIONS, dtype=object)
        beta = np.zeros(N_ACTIONS, dtype=object)
        alpha[STOOD], beta[STOOD] = 1, -1
        beta[1:11] = 1
        aL, bL, aR, bR = alpha[la], beta[la], alpha[ra], beta[ra]
        gl, gr = game.gain_left, game.gain_right
        tn, td = theta.numerator, theta.denominator
        d = tn * (gl[:, 1] - gl[:, 0]) + (td - tn) * (gr[:, 1] - gr[:, 0])  # (h, la, fl, ra, fr)
        A, B, C, D = (d[h, la, i, ra, j] for i, j in ((0, 0), (1, 0), (0, 1), (1, 1)))
        # delta_I(x, y) = c00 + c10 x + c01 y + c11 x y
        self.c00 = A + aL * B + aR * C + aL * aR * D
        self.c10 = bL * (B + aR * D)
        self.c01 = bR * (C + aL * D)
        self.c11 = bL * bR * D

        def gain_line(g, ch, mine_left):
            if mine_left:
                return g[h, ch, la, 1, ra, 0] + aR * g[h, ch, la, 1, ra, 1], bR * g[h, ch, la, 1, ra, 1]
            return g[h, ch, la, 0, ra, 1] + aL * g[h, ch, la, 1, ra, 1], bL * g[h, ch, la, 1, ra, 1]

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
        xf, yf = float(x), float(y)
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
    by_root: dict[Fraction, list[int]] = {}
    sb = {}
    for i, (ai, bi) in ab.items():
        s0[i] = ai > 0 or (ai == 0 and bi > 0)
        always[i] = ai == 0 and bi == 0
        s0[i] &= not always[i]
        sg = (bi > 0) - (bi < 0)
        if sg and 0 < -ai * sg < bi * sg:  # the root -a/b lies in (0, 1): integers only
            by_root.setdefault(Fraction(-ai, bi), []).append(i)
            sb[i] = sg
    fv = lambda i: int(f[0][i] * d + f[1][i] * c)  # noqa: E731  the free punter's slope in set i, times d
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
    for r in sorted(by_root, key=lambda v: (float(v), v)):  # floats first; exact on a tie
        idx = by_root[r]
        before = [i for i in idx if sb[i] < 0]  # drew just left of r iff b < 0
        after = [i for i in idx if sb[i] > 0]
        base = total - sum(fv(i) for i in before)
        lo = base + free_lo + sum(min(0, fv(i)) for i in idx)
        hi = base + free_hi + sum(max(0, fv(i)) for i in idx)
        if lo <= 0 <= hi:
            ob = (E0 + S0 - sum(int(of[0][i]) for i in before)) + (E1 + S1 - sum(int(of[1][i]) for i in before)) * r
            vals = [of[0][i] + of[1][i] * r for i in list(idx) + [int(j) for j in alw]]
            olo = ob + sum(min(0, v) for v in vals)
            ohi = ob + sum(max(0, v) for v in vals)
            if (want == "eq" and olo <= 0 <= ohi) or (want == "le" and olo <= 0) or (want == "ge" and ohi >= 0):
                out.append(r)
        total += sum(fv(i) for i in after) - sum(fv(i) for i in before)
        S0 += sum(int(of[0][i]) for i in after) - sum(int(of[0][i]) for i in before)
        S1 += sum(int(of[1][i]) for i in after) - sum(int(of[1][i]) for i in before)
    return out


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


def _want(p: Fraction) -> str:
    return "eq" if 0 < p < 1 else ("le" if p == 0 else "ge")


def _support(lines: _Lines, x: Fraction, y: Fraction):
    """Banker mixes that make (x, y) an equilibrium, or None (an exact LP)."""
    import numpy as np

    signs = np.array(lines.delta_any(x, y), dtype=np.int64)
    s = (signs > 0).astype(np.int64).astype(object)
    free = [int(i) for i in np.nonzero(signs == 0)[0]]
    (eL, fL), (eR, fR) = lines.d_left(y), lines.d_right(x)
    base_l = int(eL.sum() + (s * fL).sum())
    base_r = int(eR.sum() + (s * fR).sum())
    conds = [(base_l, [int(fL[i]) for i in free], _want(x)), (base_r, [int(fR[i]) for i in free], _want(y))]
    if not free:
        ok = all(_holds(b, w) for b, _, w in conds)
        return (s, free, True) if ok else None
    # quick exact range test before the LP
    for b, k, w in conds:
        lo = b + sum(min(0, v) for v in k)
        hi = b + sum(max(0, v) for v in k)
        if (w == "eq" and not lo <= 0 <= hi) or (w == "le" and lo > 0) or (w == "ge" and hi < 0):
            return None
    sol = _lp(conds, len(free))
    if sol is None:
        return None
    s = s.astype(object)
    for i, v in zip(free, sol):
        s[i] = v
    unique = _pinned(conds, len(free), sol)
    return s, free, unique


def _holds(v, want) -> bool:
    return v == 0 if want == "eq" else (v <= 0 if want == "le" else v >= 0)


def _lp(conds, n, objective=None):
    """A point of [0, 1]^n meeting the conditions (exact), or None."""
    from sympy import Matrix
    from sympy.solvers.simplex import InfeasibleLPError, linprog

    A, b, Ae, be = [], [], [], []
    for base, k, want in conds:
        if want == "eq":
            Ae.append(k), be.append(-base)
        elif want == "le":
            A.append(k), b.append(-base)
        else:
            A.append([-v for v in k]), b.append(base)
    for i in range(n):  # s_i <= 1 (s_i >= 0 is linprog's default)
        A.append([int(i == k) for k in range(n)]), b.append(1)
    if not Ae:  # sympy wants both blocks: a row that always holds
        Ae, be = [[0] * n], [0]
    c = Matrix([objective or [0] * n])
    try:
        _, point = linprog(c, Matrix(A), Matrix(b), Matrix(Ae), Matrix(be))
    except InfeasibleLPError:
        return None
    return [Fraction(int(getattr(v, "p", v)), int(getattr(v, "q", 1))) for v in point]


def _pinned(conds, n, sol) -> bool:
    """Whether the banker's free mixes are forced: min = max for each (2n exact LPs; n small)."""
    if n > 12:
        return False
    for i in range(n):
        for sign in (1, -1):
            obj = [0] * n
            obj[i] = sign
            other = _lp(conds, n, obj)
            if other is None or other[i] != sol[i]:
                return False
    return True


def solve_banque(game: BanqueGame, theta: Fraction = Fraction(1, 2)) -> EquilibriumSearch:
    """Every equilibrium in the classes of :data:`SEARCHED` at ``theta`` (module docstring)."""
    if not isinstance(game, BanqueGame):
        raise TypeError(f"solve_banque needs a BanqueGame (from banque_game(shoe)), not {type(game).__name__}")
    theta = exact_probability(theta, "theta")
    lines = _Lines(game, theta)
    zero, one = Fraction(0), Fraction(1)
    points: set[tuple[Fraction, Fraction]] = {(a, b) for a in (zero, one) for b in (zero, one)}
    only_x = [i for i in range(len(lines.sets)) if lines.c01[i] == 0 and lines.c11[i] == 0]
    only_y = [i for i in range(len(lines.sets)) if lines.c10[i] == 0 and lines.c11[i] == 0]
    xs = _roots([lines.c00[i] for i in only_x], [lines.c10[i] for i in only_x])
    ys = _roots([lines.c00[i] for i in only_y], [lines.c01[i] for i in only_y])
    for y in sorted({zero, one} | ys):  # x mixed: along the line y, where D_left can be 0
        points |= {(x, y) for x in _sweep(lines, y, left=True)}
    for x in sorted({zero, one} | xs):
        points |= {(x, y) for y in _sweep(lines, x, left=False)}
    found = []
    for x, y in sorted(points):
        sup = _support(lines, x, y)
        if sup is not None:
            found.append(_equilibrium(lines, x, y, *sup))
    seen = {(e.x, e.y) for e in found}
    curve = _curve_points(lines)
    for x, y, s in curve:
        if (x, y) not in seen:
            seen.add((x, y))
            free = [i for i, v in enumerate(s) if not (v == 0 or v == 1)]
            found.append(_equilibrium(lines, x, y, s, free, False))
    points |= {(x, y) for x, y, _ in curve}
    if not found:
        raise BanqueError(f"no equilibrium found at theta = {theta} in the classes searched ({'; '.join(SEARCHED)})")
    found.sort(key=lambda e: (float(e.x), float(e.y)))
    return EquilibriumSearch(game, theta, tuple(found), len(points))


def _equilibrium(lines: _Lines, x, y, s, free, pinned) -> Equilibrium:
    game = lines.game
    banker = {I: (v if isinstance(v, Surd) else Fraction(v)) for I, v in zip(lines.sets, s)}
    counts = profile_counts(game, x, y, banker)
    eq = Equilibrium(
        game, lines.theta, x, y, banker,
        mixed=tuple(I for I, v in banker.items() if 0 < v < 1),
        indifferent=tuple(lines.sets[i] for i in free), banker_unique=pinned,
        counts=counts, left_ev=_ev(counts, True), right_ev=_ev(counts, False),
    )
    gaps = equilibrium_gaps(game, lines.theta, x, y, banker, lines)
    if gaps != (0, 0, 0):  # never return something that is not an equilibrium
        raise BanqueError(f"internal check failed: not an equilibrium (gains from deviating {gaps})")
    return eq


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
    from math import lcm

    from exact_odds.games.banque.game import five_weights

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
    wl, xd = _weights(x)
    wr, yd = _weights(y)
    out = np.tensordot(np.tensordot(wl, t, axes=([0, 1], [0, 1])), wr, axes=([1, 2], [0, 1]))  # (rl, rr)
    tot, scale = game.total, den * xd * yd
    return tuple(tuple(Fraction(game.forced[3 * i + k], tot) + _over(out[i, k], tot * scale) for k in range(3))
                 for i in range(3))


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


def equilibrium_gaps(game: BanqueGame, theta: Fraction, x: Fraction, y: Fraction,
                     banker: dict[InfoSet, Fraction], lines: _Lines | None = None) -> tuple[Fraction, Fraction, Fraction]:
    """What each player gains by his best deviation (left, right, banker): all 0
    at an equilibrium. Exact; the banker's best reply is taken set by set."""
    theta = exact_probability(theta, "theta")
    if not isinstance(x, Surd):
        x = exact_probability(x, "x")
    if not isinstance(y, Surd):
        y = exact_probability(y, "y")
    base = profile_counts(game, x, y, banker)
    ev_l, ev_r = _ev(base, True), _ev(base, False)
    left = max(_ev(profile_counts(game, p, y, banker), True) for p in (Fraction(0), Fraction(1))) - ev_l
    right = max(_ev(profile_counts(game, x, p, banker), False) for p in (Fraction(0), Fraction(1))) - ev_r
    if lines is None or lines.game is not game or lines.theta != theta:
        lines = _Lines(game, theta)
    best = dict(banker)
    for I, d in zip(lines.sets, lines.delta_any(x, y)):
        best[I] = Fraction(int(d > 0)) if d != 0 else banker.get(I, Fraction(0))
    cb = profile_counts(game, x, y, best)
    edge = -(theta * ev_l + (1 - theta) * ev_r)
    banker_gain = -(theta * _ev(cb, True) + (1 - theta) * _ev(cb, False)) - edge
    return left, right, banker_gain
