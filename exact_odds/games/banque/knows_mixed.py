"""Know-cards equilibria of a finite shoe where a punter mixes on one holding (docs/methods/banque-equilibrium.md).

The class searched: each punter draws with a probability strictly between 0
and 1 on at most one holding and plays purely on the other four (any
assignment), at least one punter mixing. (Both pure on every holding is the
1024-profile search of :mod:`~exact_odds.games.banque.knows_search`.)

**Reduced games.** Fix the left punter's mixed holding k and his pure choices
P elsewhere, and the right's l and Q. A tableau's five flag then has two
states, as in the total model: "a 5 of holding k" (weighted x or 1 - x) and
"everything else", whose counts are the non-5 hands plus the 5s of the other
holdings that P draws (where the tableau drew) or stands on (where it stood).
So every payoff is multilinear in (x_k, y_l) and the banker's mixes, and the
total model's search runs on these counts unchanged
(:class:`~exact_odds.games.banque.lines._Lines` with ``per_set``): pure
corners, Foster's sweeps along lines (classes 1-3) and the indifference-curve
solutions in quadratic surds (class 4, located on its 64 x 64 grid).

**Pruning (sound).** 5 x 16 choices per punter make 6,400 reduced games with
both mixing and 5,120 with one. A reduced game is skipped only when a
necessary condition provably fails for every point of it: at an equilibrium
with x_k mixed the left punter's gain from drawing on k is 0, so on every
other holding j his gain minus that one, D_j - D_k, must be >= 0 where P
draws and <= 0 where P stands, and D_k itself must be able to be 0. Each of
these is affine in the other punter's mixed probability and in the banker's
mixes, so its maximum and minimum over the whole reduced game (any banker
mixes in the sets whose sign is not fixed on the reduced game's corners) are
attained at corners. They are computed in floats with an error bound: a
condition is declared failed only when it fails by more than 1e-9 of the sum
of the absolute values of its terms, far above the rounding error of float
sums of that many terms (under 1e-11 of that sum). Everything not skipped is
searched exactly.

**Deciding a candidate.** A rational (x_k, y_l) is decided by an exact LP
(:func:`~exact_odds.games.banque.box_lp.box_point`, each answer checked) for
the banker's mixes in the sets where he is indifferent, with all ten
conditions (each punter's gain on each holding: = 0 where he mixes, >= 0
where he draws, <= 0 where he stands). A surd one comes with the curve's
banker mixes and is decided by the exact gaps (:func:`~exact_odds.games.banque.knows.knows_gaps`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Sequence

from exact_odds.games.banque.box_lp import box_point
from exact_odds.games.banque.curve import _curve_points
from exact_odds.games.banque.equilibrium import _line_points
from exact_odds.games.banque.hands import FIVE_HOLDINGS
from exact_odds.games.banque.knows import KINDS, InfoSet, KnowsGame, holding_weights, knows_gaps
from exact_odds.games.banque.knows_screen import _Screen, screen
from exact_odds.games.banque.lines import _Lines, _sweep
from exact_odds.games.banque.model import N_ACTIONS, STOOD
from exact_odds.games.banque.surd import Surd

H = len(FIVE_HOLDINGS)
MIXED_SEARCHED = ("each punter mixing on at most one holding (any of the five, the other four pure in any "
                  "assignment), at least one mixing: the total model's classes 1-4 on each reduced game "
                  "(pure corners, Foster's sweeps along lines, indifference curves located on a 64 x 64 grid "
                  "and solved in quadratic surds), after a sound exact-bound pruning; the banker's mixes by an "
                  "exact LP over all ten holding conditions")


def _sigma() -> list[int]:
    """d(weight of a 5 of some holding)/d(its probability of drawing), by action."""
    s = [0] * N_ACTIONS
    s[STOOD] = -1
    for a in range(1, 11):
        s[a] = 1
    return s


class _Coefficients:
    """Per information set: the banker's delta as a 6 x 6 form in the five
    flags' weights, and each punter's gain from drawing on each holding."""

    def __init__(self, game: KnowsGame, theta: Fraction, per_set=None):
        """``per_set``: (sets, la, ra, gl, gr) instead of the game's own sets."""
        import numpy as np

        self.game, self.theta = game, theta
        if per_set is None:
            self.sets = game.info_sets()
            h = np.array([s[0] for s in self.sets], dtype=np.int64)
            la = np.array([s[1] for s in self.sets], dtype=np.int64)
            ra = np.array([s[2] for s in self.sets], dtype=np.int64)
            self.gl = game.gain_left[h, :, la, :, ra, :]  # (sets, choice, fl, fr): exact
            self.gr = game.gain_right[h, :, la, :, ra, :]
        else:
            self.sets, la, ra, self.gl, self.gr = per_set
        self.la, self.ra = la, ra
        tn, td = theta.numerator, theta.denominator
        self.delta = tn * (self.gl[:, 1] - self.gl[:, 0]) + (td - tn) * (self.gr[:, 1] - self.gr[:, 0])
        sg = np.array(_sigma(), dtype=object)
        # the left punter's ways gained by drawing on holding k: -sigma(la) * gl[.., k, fr]
        self.pl = [(-sg[la])[:, None, None] * self.gl[:, ch, 1:, :] for ch in (0, 1)]  # (sets, k, fr)
        self.pr = [(-sg[ra])[:, None, None] * self.gr[:, ch, :, 1:].transpose(0, 2, 1) for ch in (0, 1)]

    def weights(self, p, acts):
        """(sets, KINDS) integer weights of the five flags for pure p (0/1 per holding)."""
        import numpy as np

        w = np.array(holding_weights([Fraction(v) for v in p]), dtype=np.int64)
        return w[acts]

    def exact_weights(self, p: Sequence[Fraction], acts):
        """(sets, KINDS) weights for rational p, as integers times the common denominator."""
        import numpy as np
        from math import lcm

        den = lcm(*(Fraction(v).denominator for v in p))
        w = np.array([[int(v * den) for v in row] for row in holding_weights([Fraction(v) for v in p])],
                     dtype=object)
        return w[acts]


def exact_support(co: _Coefficients, x: Sequence[Fraction], y: Sequence[Fraction]) -> dict[InfoSet, Fraction] | None:
    """Banker mixes that make the rational profile (x, y) an equilibrium, or None
    (exact: his forced replies where delta != 0, an LP where delta = 0, on the
    conditions of all ten holdings)."""
    import numpy as np

    wl = co.exact_weights(x, co.la)
    wr = co.exact_weights(y, co.ra)
    delta = (wl[:, :, None] * co.delta * wr[:, None, :]).sum(axis=(1, 2))
    s = np.array([int(v > 0) for v in delta], dtype=object)
    free = [i for i, v in enumerate(delta) if v == 0]
    conds = []
    for pl, w, p in ((co.pl, wr, x), (co.pr, wl, y)):
        a = (w[:, None, :] * pl[0]).sum(axis=2)  # (sets, k)
        b = (w[:, None, :] * pl[1]).sum(axis=2) - a
        for k in range(H):
            base = int(a[:, k].sum() + (s * b[:, k]).sum())
            want = "ge" if p[k] == 1 else ("le" if p[k] == 0 else "eq")
            conds.append((base, [int(b[i, k]) for i in free], want))
    for base, coef, want in conds:  # a quick exact range test before the LP
        lo = base + sum(min(0, v) for v in coef)
        hi = base + sum(max(0, v) for v in coef)
        if (want == "eq" and not lo <= 0 <= hi) or (want == "le" and lo > 0) or (want == "ge" and hi < 0):
            return None
    sol = box_point(conds, len(free)) if free else []
    if sol is None:
        return None
    banker = {info: Fraction(int(v)) for info, v in zip(co.sets, s)}
    for i, v in zip(free, sol):
        banker[co.sets[i]] = v
    return banker


class _FloatSupport:
    """A sound quick rejection before :func:`exact_support`: the same conditions
    in floats, a set's sign taken as known only when it is far from 0 (the
    screen's error bound), unknown sets left free; a candidate is rejected
    only when a condition fails by more than its error bound."""

    def __init__(self, co: _Coefficients):
        import numpy as np

        def fl(a):
            return np.array([float(v) for v in a.ravel()], dtype=float).reshape(a.shape)

        self.co = co
        self.delta = fl(co.delta)
        self.pl = [fl(v) for v in co.pl]
        self.pr = [fl(v) for v in co.pr]

    def may_hold(self, x, y) -> bool:
        import numpy as np

        co = self.co
        wl = np.array(holding_weights([Fraction(v) for v in x]), dtype=float)[co.la]
        wr = np.array(holding_weights([Fraction(v) for v in y]), dtype=float)[co.ra]
        terms = wl[:, :, None] * self.delta * wr[:, None, :]
        d = terms.sum(axis=(1, 2))
        tol = 1e-9 * (np.abs(terms).sum(axis=(1, 2)) + 1.0)
        draw = d > tol
        free = np.abs(d) <= tol
        for pl, w, p in ((self.pl, wr, x), (self.pr, wl, y)):
            a = (w[:, None, :] * pl[0]).sum(axis=2)  # (sets, k)
            b = (w[:, None, :] * pl[1]).sum(axis=2) - a
            base = a.sum(axis=0) + b[draw].sum(axis=0)
            lo = base + np.minimum(b[free], 0).sum(axis=0)
            hi = base + np.maximum(b[free], 0).sum(axis=0)
            t = 1e-9 * (np.abs(a).sum(axis=0) + np.abs(b).sum(axis=0) + 1.0)
            for k in range(H):
                if (p[k] != 0 and hi[k] < -t[k]) or (p[k] != 1 and lo[k] > t[k]):
                    return False
        return True


def _holdings_ok(co: _Coefficients, x, y, s, k: int, l: int) -> bool:
    """Exactly, for a curve solution (x, y surds on holdings k and l, the banker's
    mixes ``s`` per set, one of them a surd): every other holding's gain from
    drawing has the sign its pure choice needs (the curve already makes the
    gains on k and l 0 and the banker's reply best)."""
    import numpy as np

    m = [i for i, v in enumerate(s) if not (v == 0 or v == 1)]  # the mixed sets (a surd or a fraction)
    ints = np.array([int(v == 1) for v in s], dtype=object)
    for pl, me, other, mine, acts in ((co.pl, x, y, k, co.ra), (co.pr, y, x, l, co.la)):
        j_mixed = [j for j, v in enumerate(other) if not (v == 0 or v == 1)]
        lo = [Fraction(v) if not (0 < v < 1) or j not in j_mixed else Fraction(0) for j, v in enumerate(other)]
        hi = list(lo)
        t = Fraction(0)
        if j_mixed:
            hi[j_mixed[0]], t = Fraction(1), other[j_mixed[0]]
        w0 = np.array(holding_weights(lo), dtype=object)[acts].astype(object)
        w1 = np.array(holding_weights(hi), dtype=object)[acts] - w0
        w0 = np.array([[int(v) for v in row] for row in w0], dtype=object)
        w1 = np.array([[int(v) for v in row] for row in w1], dtype=object)
        dp = pl[1] - pl[0]
        g0 = (w0[:, None, :] * pl[0]).sum(axis=2)  # (sets, holding)
        g1 = (w1[:, None, :] * pl[0]).sum(axis=2)
        h0 = (w0[:, None, :] * dp).sum(axis=2)
        h1 = (w1[:, None, :] * dp).sum(axis=2)
        for j in range(H):
            if j == mine:
                continue
            a0 = int(g0[:, j].sum() + (ints * h0[:, j]).sum())
            a1 = int(g1[:, j].sum() + (ints * h1[:, j]).sum())
            gain = a0 + t * a1
            for i in m:
                gain = gain + s[i] * (int(h0[i, j]) + t * int(h1[i, j]))
            if (me[j] == 1 and gain < 0) or (me[j] == 0 and gain > 0):
                return False
    return True


# ---------------------------------------------------------------- the exact search on a reduced game

def _reduce(g, acts, k: int, p: tuple[int, ...], axis: int):
    """The counts with one tableau's six five flags folded into two (module
    docstring): flag 0 plus the other holdings' 5s as ``p`` plays them, and
    holding k's 5s."""
    import numpy as np

    n = len(acts)
    w = np.zeros((n, KINDS), dtype=np.int64)
    w[:, 0] = 1
    drew = (acts >= 1) & (acts <= 10)
    stood = acts == STOOD
    for j in range(H):
        if j != k:
            w[:, j + 1] = drew if p[j] else stood
    shape = [n] + [1] * (g.ndim - 1)
    shape[axis] = KINDS
    rest = (g * w.astype(object).reshape(shape)).sum(axis=axis)
    return np.stack([rest, np.take(g, k + 1, axis=axis)], axis=axis)


def _profile(k: int, p: tuple[int, ...], v) -> tuple[Any, ...]:
    out: list[Any] = [Fraction(b) for b in p]
    out[k] = v
    return tuple(out)


def _compressed(co: _Coefficients, sc: _Screen):
    """The per-set counts with every set where the banker's reply is the same at
    every profile summed into one pseudo-set per (left kind, right kind, reply)
    (kind: stood, drew, natural; the folds and the payoff lines depend on no
    more): the sets whose sign may change stay as they are. Returns (sets, la,
    ra, gl, gr, replies of the pseudo-sets)."""
    import numpy as np

    free = [int(i) for i in sc.free]
    sets = [co.sets[i] for i in free]
    la, ra = list(co.la[free]), list(co.ra[free])
    gl, gr = [co.gl[free]], [co.gr[free]]
    rep = {0: STOOD, 1: 1, 2: 11}

    def kind(a):
        return np.where(a == STOOD, 0, np.where(a <= 10, 1, 2))

    kl, kr = kind(co.la), kind(co.ra)
    is_free = np.zeros(len(co.sets), dtype=bool)
    is_free[free] = True
    replies = []
    for reply, mask in ((1, sc.draw_all), (0, ~sc.draw_all & ~is_free)):
        for a in range(3):
            for b in range(3):
                idx = np.nonzero(mask & (kl == a) & (kr == b))[0]
                if not len(idx):
                    continue
                for g, out in ((co.gl, gl), (co.gr, gr)):
                    part = g[idx, reply].sum(axis=0)  # the counts of the reply he plays, for both choices
                    out.append(np.stack([part, part])[None])
                sets.append((-1, rep[a], rep[b]))
                la.append(rep[a])
                ra.append(rep[b])
                replies.append(reply)
    return (sets, np.array(la, dtype=np.int64), np.array(ra, dtype=np.int64),
            np.concatenate(gl), np.concatenate(gr), replies)


def _pin(lines: _Lines, replies: list[int]) -> None:
    """Make the pseudo-sets (the last ``len(replies)``) strictly prefer their reply."""
    n = len(lines.sets) - len(replies)
    for i, r in enumerate(replies, start=n):
        lines.c00[i], lines.c10[i], lines.c01[i], lines.c11[i] = (1 if r else -1), 0, 0, 0


class _LineTest:
    """A sound test that no equilibrium lies on a rational line of a reduced game
    (floats with the screen's error bound): along y = y0 with x mixed, the left
    punter's gain from drawing must be able to be 0 and the right's must have
    y0's sign, for some banker mixes in the sets whose sign is not fixed on the
    line (and likewise along x = x0)."""

    def __init__(self, lines: _Lines):
        import numpy as np

        self.c = lines._floats()
        self.csize = sum(np.abs(v) for v in self.c) + 1.0

        def fl(a):
            return np.array([float(v) for v in a])

        self.L = tuple(fl(v) for v in (*lines.eL, *lines.fL))
        self.R = tuple(fl(v) for v in (*lines.eR, *lines.fR))
        self.tol_l = 1e-9 * (sum(np.abs(v).sum() for v in self.L) + 1.0)
        self.tol_r = 1e-9 * (sum(np.abs(v).sum() for v in self.R) + 1.0)

    def __call__(self, v: Fraction, left: bool) -> bool:
        import numpy as np

        c00, c10, c01, c11 = self.c
        t = float(v)
        if left:  # y = t, x free in [0, 1]: delta = a + b x
            a, b = c00 + c01 * t, c10 + c11 * t
            mine, other, tm, to = self.L, self.R, self.tol_l, self.tol_r
        else:
            a, b = c00 + c10 * t, c01 + c11 * t
            mine, other, tm, to = self.R, self.L, self.tol_r, self.tol_l
        tol = 1e-9 * self.csize
        lo, hi = np.minimum(a, a + b), np.maximum(a, a + b)
        draw, free = lo > tol, ~(lo > tol) & ~(hi < -tol)

        def bounds(e0, e1, f0, f1, u):
            e, f = e0 + e1 * u, f0 + f1 * u
            base = e.sum() + f[draw].sum()
            return base + np.minimum(f[free], 0).sum(), base + np.maximum(f[free], 0).sum()

        lo_m, hi_m = bounds(*mine, t)  # the free punter's gain does not depend on his own probability
        if lo_m > tm or hi_m < -tm:
            return False
        ends = [bounds(*other, u) for u in (0.0, 1.0)]  # the fixed punter's gain, at both ends of the line
        lo_o, hi_o = min(e[0] for e in ends), max(e[1] for e in ends)
        # the fixed punter at t: indifferent if he mixes, drawing is no worse at 1, standing at 0
        return not ((t != 0 and hi_o < -to) or (t != 1 and lo_o > to))


def mixed_candidates(co: _Coefficients, progress: Callable[[int, int], None] | None = None):
    """Every equilibrium of the class searched (module docstring), as (x, y,
    banker) each checked exactly, and the number of reduced games and
    candidate points examined."""
    sc = _Screen(co)
    kept, total = screen(co, sc)
    theta = co.theta
    sets, la, ra, cgl, cgr, replies = _compressed(co, sc)
    nfree = len(sc.free)
    fixed = {info: Fraction(int(d)) for info, d in zip(co.sets, sc.draw_all)}
    small = _Coefficients(co.game, theta, per_set=(sets, la, ra, cgl, cgr))
    for i, r in enumerate(replies, start=nfree):  # a pseudo-set keeps its reply at every profile
        small.delta[i] = 0
        small.delta[i, 0, 0] = 1 if r else -1
    quick = _FloatSupport(small)
    left_cache: dict = {}
    found: dict = {}
    points = 0
    for done, ((k, p), (l, q)) in enumerate(kept):
        if progress is not None:
            progress(done, len(kept))
        kk = 0 if k is None else k  # a pure punter: holding 0's flag stands for the line at p[0]
        ll = 0 if l is None else l
        if (kk, p) not in left_cache:
            left_cache[(kk, p)] = (_reduce(cgl, la, kk, p, 2), _reduce(cgr, la, kk, p, 2))
        gl2, gr2 = (_reduce(g, ra, ll, q, 3) for g in left_cache[(kk, p)])
        lines = _Lines(None, theta, per_set=(sets, gl2, gr2))
        _pin(lines, replies)
        if k is None:  # x fixed, the right punter mixed: Foster's sweep along x = p[0]
            pts = {(Fraction(p[0]), t) for t in _sweep(lines, Fraction(p[0]), left=False)}
        elif l is None:
            pts = {(t, Fraction(q[0])) for t in _sweep(lines, Fraction(q[0]), left=True)}
        else:
            pts = _line_points(lines, _LineTest(lines))
        for a, b in sorted(pts):
            if k is not None and l is not None and a in (0, 1) and b in (0, 1):
                continue  # both pure: the 1024-profile search
            x, y = _profile(kk, p, a), _profile(ll, q, b)
            if (x, y) in found:
                continue
            points += 1
            mixes = exact_support(small, x, y) if quick.may_hold(x, y) else None
            if mixes is not None:
                banker = dict(fixed)
                banker.update((info, v) for info, v in mixes.items() if info[0] >= 0)
                found[(x, y)] = banker
        if k is not None and l is not None:
            for a, b, s in _curve_points(lines):
                x, y = _profile(k, p, a), _profile(l, q, b)
                points += 1
                if (x, y) in found or not _holdings_ok(small, x, y, s, k, l):
                    continue
                banker = dict(fixed)
                for info, v in zip(sets[:nfree], s[:nfree]):
                    banker[info] = v if isinstance(v, Surd) else Fraction(v)
                if knows_gaps(co.game, theta, x, y, banker) == (0, 0, 0):
                    found[(x, y)] = banker
    if progress is not None:
        progress(len(kept), len(kept))
    return [(x, y, b) for (x, y), b in found.items()], total, len(kept), points
