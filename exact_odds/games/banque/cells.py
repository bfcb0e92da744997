"""Both punters mixed, anywhere in the square: a sound subdivision, then exact algebra in each small cell.

docs/methods/banque-equilibrium.md, "The whole square". At an equilibrium where
both punters mix (0 < x, y < 1) their gains from drawing on 5 are both 0:

    D_left(y, s) = 0,   D_right(x, s) = 0,   s a best reply of the banker to (x, y).

The banker's reply is forced in every information set where ``delta_I(x, y)
!= 0`` and free where it is 0. Let Z be the sets where it is 0:

* Z empty: s is pure, D_left is linear in y and D_right in x: one rational
  point per banker reply (class C0 below);
* Z on one banker curve: delta_k = 0 with D_left = D_right = 0 (s_k
  eliminated) is a quadratic: surds (C1);
* Z on two or more curves: (x, y) is a crossing of two curves, a quadratic
  again (C2); the banker's mixes on Z then solve two linear equations in the
  box [0, 1]^Z, whose vertices are enumerated exactly.

**The subdivision.** A box of the square is *excluded* when no point of it
can satisfy both conditions: a bilinear delta_I takes its extremes on a box
at its corners, so its sign is fixed on the box when all four corners agree;
with the undecided sets free in [0, 1], the least and greatest D_left and
D_right over the box are sums of per-set bounds. Floats decide only with a
margin of 1e-9 of the sum of the absolute values of the terms (their
rounding error is below 1e-12 of it), so a box is excluded only when it is
certain. A box that survives is cut in four until at most two banker curves
cross it (or it is 2**-30 wide); in such a *cell* every equilibrium is one of
C0, C1 or C2 with the undecided sets' sides enumerated, and each candidate
is solved exactly, then kept only if it lies in the cell (floats, with a
margin: a point outside is found in its own cell) and passes the exact check
(:func:`check_point`) and :func:`~exact_odds.games.banque.equilibrium.equilibrium_gaps`.

Information sets whose curves coincide (proportional deltas: with
replacement several banker totals see the same odds) are one *curve* here:
their members switch together off the curve and are all free on it. Where
their gains (fL, fR) are proportional too they act as one variable. When they
are not, the banker's mixes along the shared curve may support a continuum of
equilibria: the search then says it is not complete (``gaps`` below), as it
does for the other degenerate cases (a condition identically 0).

The module is long because the subdivision and every class of cell it solves are one search, each
class a few lines of exact algebra beside the test that proves its cell empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, product
from math import gcd
from typing import Any

from exact_odds.games.banque.lines import _Lines
from exact_odds.games.banque.surd import Surd, quadratic_roots, sign

#: The finest cell, as a power of 2 of its width.
_MAX_DEPTH = 30
#: Float margins (relative to the sum of the absolute values of the terms).
_TOL_DELTA = 1e-12
_TOL_GAIN = 1e-9
_IN_CELL = 1e-9


@dataclass
class CellSearch:
    """What the subdivision found: exact candidate points (x, y, banker mixes, banker unique) and
    the degenerate cases it could not decide (``gaps``: empty when the search is complete)."""

    points: list[tuple[Any, Any, list, bool]] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    cells: int = 0
    boxes: int = 0


def both_mixed(lines: _Lines) -> CellSearch:
    """Every equilibrium with 0 < x, y < 1 (module docstring)."""
    import numpy as np

    out = CellSearch()
    fl = lambda a: np.array([float(v) for v in a])  # noqa: E731
    c = [fl(v) for v in (lines.c00, lines.c10, lines.c01, lines.c11)]
    size = np.abs(c[0]) + np.abs(c[1]) + np.abs(c[2]) + np.abs(c[3])
    eL0, eL1, fL0, fL1 = (fl(v) for v in (*lines.eL, *lines.fL))
    eR0, eR1, fR0, fR1 = (fl(v) for v in (*lines.eR, *lines.fR))
    magL = float(np.abs(eL0).sum() + np.abs(eL1).sum() + np.abs(fL0).sum() + np.abs(fL1).sum())
    magR = float(np.abs(eR0).sum() + np.abs(eR1).sum() + np.abs(fR0).sum() + np.abs(fR1).sum())
    tolL, tolR = _TOL_GAIN * magL + 1e-300, _TOL_GAIN * magR + 1e-300
    corner = _corners(c, np.arange(len(size)), 0.0, 1.0, 0.0, 1.0)
    tol = _TOL_DELTA * size
    pos, neg = corner.min(axis=0) > tol, corner.max(axis=0) < -tol
    # a set where delta is identically 0 and whose mix moves neither punter's gain: played at 0
    idle = (size == 0) & (eL0 == 0) & (eL1 == 0) & (fL0 == 0) & (fL1 == 0) & (eR0 == 0) & (eR1 == 0) \
        & (fR0 == 0) & (fR1 == 0)
    neg |= idle
    if ((size == 0) & ~idle).any():
        out.gaps.append("an information set where the banker is indifferent at every (x, y) and his mix "
                        "there moves a punter's gain (a continuum of his mixes)")
    live = np.nonzero(~pos & ~neg)[0]
    sfix = pos.astype(float)
    # the sums over sets fixed on the whole square: D_left = A0 + A1 y, D_right = B0 + B1 x
    A0 = float((eL0 + sfix * fL0)[~np.isin(np.arange(len(size)), live)].sum()) + float(eL0[live].sum())
    A1 = float((eL1 + sfix * fL1)[~np.isin(np.arange(len(size)), live)].sum()) + float(eL1[live].sum())
    B0 = float((eR0 + sfix * fR0)[~np.isin(np.arange(len(size)), live)].sum()) + float(eR0[live].sum())
    B1 = float((eR1 + sfix * fR1)[~np.isin(np.arange(len(size)), live)].sum()) + float(eR1[live].sum())
    curve_of = _curves(lines, live)
    solver = _Exact(lines, pos)
    stack = [(0.0, 1.0, 0.0, 1.0, live, A0, A1, B0, B1, 0)]
    while stack:
        x0, x1, y0, y1, idx, a0, a1, b0, b1, depth = stack.pop()
        out.boxes += 1
        v = _corners(c, idx, x0, x1, y0, y1)
        p, q = v.min(axis=0) > tol[idx], v.max(axis=0) < -tol[idx]
        und = idx[~p & ~q]
        # the newly decided sets join the fixed sums (drawing where delta > 0)
        dp = idx[p]
        a0 += float(fL0[dp].sum())
        a1 += float(fL1[dp].sum())
        b0 += float(fR0[dp].sum())
        b1 += float(fR1[dp].sum())
        lo_l, hi_l = _range(a0, a1, y0, y1, fL0[und], fL1[und])
        lo_r, hi_r = _range(b0, b1, x0, x1, fR0[und], fR1[und])
        if lo_l > tolL or hi_l < -tolL or lo_r > tolR or hi_r < -tolR:
            continue
        groups = sorted({curve_of[int(i)] for i in und} - {-1})
        if len(groups) <= 2 or depth >= _MAX_DEPTH:
            out.cells += 1
            xm, ym = (x0 + x1) / 2, (y0 + y1) / 2  # every live set decided here keeps its sign on the cell
            mid = c[0][live] + c[1][live] * xm + c[2][live] * ym + c[3][live] * xm * ym
            base = pos.copy()
            base[live] = mid > 0
            solver.cell((x0, x1, y0, y1), base, [int(i) for i in und], groups, curve_of, out)
            continue
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        for bx in ((x0, xm), (xm, x1)):
            for by in ((y0, ym), (ym, y1)):
                stack.append((*bx, *by, und, a0, a1, b0, b1, depth + 1))
    out.gaps = sorted(set(out.gaps))
    return out


def _corners(c, idx, x0, x1, y0, y1):
    import numpy as np

    return np.array([c[0][idx] + c[1][idx] * x + c[2][idx] * y + c[3][idx] * x * y
                     for x in (x0, x1) for y in (y0, y1)])


def _range(a0, a1, t0, t1, f0, f1):
    """Least and greatest a0 + a1 t + sum_i s_i (f0_i + f1_i t) over t in [t0, t1], s in [0, 1]^n."""
    import numpy as np

    base = (a0 + a1 * t0, a0 + a1 * t1)
    e0, e1 = f0 + f1 * t0, f0 + f1 * t1
    lo = min(base) + float(np.minimum(0, np.minimum(e0, e1)).sum())
    hi = max(base) + float(np.maximum(0, np.maximum(e0, e1)).sum())
    return lo, hi


def _norm(v: list[int]) -> tuple[tuple[int, ...], int]:
    """Integer vector over its gcd, first nonzero entry positive, and the sign taken out."""
    g = 0
    for a in v:
        g = gcd(g, a)
    first = next(a for a in v if a)
    sg = 1 if first > 0 else -1
    return tuple(a // (g * sg) for a in v), sg


def _curves(lines: _Lines, live) -> dict[int, int]:
    """Set index -> curve number, exactly: sets whose zero sets agree inside the square share a
    curve (proportional deltas, or the same line times a factor of fixed sign: at theta 0 and 1
    every delta is such a product)."""
    out, keys = {}, {}
    for i in live:
        i = int(i)
        v = [int(a[i]) for a in (lines.c00, lines.c10, lines.c01, lines.c11)]
        if not any(v):
            out[i] = -1  # indifferent everywhere: no curve (a gap, said above)
            continue
        out[i] = keys.setdefault(_curve_key(*v), len(keys))
    return out


def _curve_key(c00: int, c10: int, c01: int, c11: int):
    """What the zero set of c00 + c10 x + c01 y + c11 x y is inside (0, 1)^2, as a key."""
    if c11 and c00 * c11 == c10 * c01:  # (c01 + c11 x)(c10 + c11 y) / c11
        x0, y0 = Fraction(-c01, c11), Fraction(-c10, c11)
        if not 0 < x0 < 1:
            return ("y", y0)
        if not 0 < y0 < 1:
            return ("x", x0)
    if not c11 and not c01:
        return ("x", Fraction(-c00, c10))
    if not c11 and not c10:
        return ("y", Fraction(-c00, c01))
    return _norm([c00, c10, c01, c11])[0]


class _Exact:
    """The exact algebra of one cell (module docstring), with every point checked once."""

    def __init__(self, lines: _Lines, pos):
        self.lines = lines
        self.base = pos
        self.seen: dict[tuple, Any] = {}
        self.solved: set = set()

    # -- candidates -------------------------------------------------------------------------
    def cell(self, box, base, und, groups, curve_of, out: CellSearch):
        lines = self.lines
        self.base, self.key = base, base.tobytes()
        members = {g: [i for i in und if curve_of[i] == g] for g in groups}
        und = [i for i in und if curve_of[i] != -1]
        if len(groups) > 6:
            out.gaps.append(f"a cell where {len(groups)} banker curves meet (not enumerated)")
            return
        rep = {g: members[g][0] for g in groups}
        orient = {i: self._orient(i, rep[curve_of[i]], box) for i in und}

        def pattern(sides: dict[int, int]):
            """Banker's draw per undecided set for each curve's side (+1: its normalised delta > 0)."""
            return {i: int(orient[i] * sides[curve_of[i]] > 0) for i in und if curve_of[i] in sides}

        # C0: every undecided curve on one side
        for sides in product((1, -1), repeat=len(groups)):
            self._c0(box, pattern(dict(zip(groups, sides))), out)
        # C1: on one curve, the others on a side
        for g in groups:
            rest = [h for h in groups if h != g]
            for sides in product((1, -1), repeat=len(rest)):
                self._c1(box, members[g], pattern(dict(zip(rest, sides))), out)
        # C2: at a crossing of two curves
        for g, h in combinations(groups, 2):
            self._c2(box, rep[g], rep[h], out)

    def _orient(self, i: int, r: int, box) -> int:
        """+1 if set i's delta has the sign of set r's (same curve) off the curve, else -1 (floats at
        the point of a 5 x 5 grid of the cell where the product is largest: a candidate only)."""
        lines = self.lines
        if i == r:
            return 1
        x0, x1, y0, y1 = box
        best, sg = 0.0, 1
        for a in range(5):
            for b in range(5):
                x, y = x0 + (x1 - x0) * (a + 0.5) / 5, y0 + (y1 - y0) * (b + 0.5) / 5
                di, dr = (float(lines.c00[k]) + float(lines.c10[k]) * x + float(lines.c01[k]) * y
                          + float(lines.c11[k]) * x * y for k in (i, r))
                if abs(di * dr) > best:
                    best, sg = abs(di * dr), 1 if di * dr > 0 else -1
        return sg

    def _fixed(self, s_und: dict[int, int], free=()):
        """Exact D_left and D_right coefficients with the banker's pure play: as decided on the
        cell (``base``) and, in the undecided sets, as ``s_und`` says; ``free`` sets left out.
        Returns (aL0, aL1, aR0, aR1). (Only candidates: the check recomputes the reply exactly.)"""
        import numpy as np

        lines = self.lines
        key = self.key, tuple(sorted(s_und.items())), tuple(free)
        got = self.seen.get(key)
        if got is None:
            s = self.base.astype(np.int64).astype(object)
            for i, v in s_und.items():
                s[i] = v
            for i in free:
                s[i] = 0
            got = tuple(int(e.sum() + (s * f).sum()) for e, f in zip((*lines.eL, *lines.eR), (*lines.fL, *lines.fR)))
            self.seen[key] = got
        return got

    def _c0(self, box, s_und, out):
        aL0, aL1, aR0, aR1 = self._fixed(s_und)
        if aL1 == 0 or aR1 == 0:
            if (aL1 == 0 and aL0 == 0) or (aR1 == 0 and aR0 == 0):
                out.gaps.append("a region where a punter's gain from drawing on 5 is identically 0")
            return
        y, x = Fraction(-aL0, aL1), Fraction(-aR0, aR1)
        self._try(box, x, y, out)

    def _c1(self, box, mem, s_und, out):
        lines = self.lines
        fl = [(int(lines.fL[0][i]), int(lines.fL[1][i]), int(lines.fR[0][i]), int(lines.fR[1][i])) for i in mem]
        if len(mem) > 1:
            keys = {_norm(list(v)) for v in fl if any(v)}
            if len(keys) > 1:
                out.gaps.append("a banker curve shared by information sets whose gains differ "
                                "(a continuum of the banker's mixes along it)")
                return
        k = mem[0]
        aL0, aL1, aR0, aR1 = self._fixed(s_und, free=mem)
        fl0, fl1, fr0, fr1 = (sum(v[j] for v in fl) for j in range(4))
        # s_k eliminated: (aL0 + aL1 y)(fr0 + fr1 x) - (aR0 + aR1 x)(fl0 + fl1 y) = 0, with delta_k = 0
        k00, k10 = aL0 * fr0 - aR0 * fl0, aL0 * fr1 - aR1 * fl0
        k01, k11 = aL1 * fr0 - aR0 * fl1, aL1 * fr1 - aR1 * fl1
        c00, c10, c01, c11 = (int(v[k]) for v in (lines.c00, lines.c10, lines.c01, lines.c11))
        for x, y in _meet((k00, k10, k01, k11), (c00, c10, c01, c11), out):
            self._try(box, x, y, out)

    def _c2(self, box, i, j, out):
        lines = self.lines
        a = tuple(int(v[i]) for v in (lines.c00, lines.c10, lines.c01, lines.c11))
        b = tuple(int(v[j]) for v in (lines.c00, lines.c10, lines.c01, lines.c11))
        for x, y in _meet(a, b, out):
            self._try(box, x, y, out)

    def _try(self, box, x, y, out):
        x0, x1, y0, y1 = box
        xf, yf = _float(x), _float(y)
        if not (x0 - _IN_CELL <= xf <= x1 + _IN_CELL and y0 - _IN_CELL <= yf <= y1 + _IN_CELL):
            return
        if not (0 < x < 1 and 0 < y < 1) or (x, y) in self.solved:
            return
        self.solved.add((x, y))
        got = check_point(self.lines, x, y)
        if got is None:
            return
        s, free, unique, gap = got
        if gap:
            out.gaps.append(gap)
        if s is not None:
            out.points.append((x, y, s, unique))


def _meet(a, b, out):
    """The points of (0, 1)^2 on both bilinear curves a and b (coefficients (c00, c10, c01, c11))."""
    a00, a10, a01, a11 = a
    b00, b10, b01, b11 = b
    if a01 == 0 and a11 == 0 and b01 == 0 and b11 == 0:  # two vertical lines: parallel, or one line
        if a00 * b10 != a10 * b00:
            return []
        out.gaps.append("two banker conditions that share a vertical line")
        return []
    if a01 == 0 and a11 == 0 or b01 == 0 and b11 == 0:  # one vertical line x = x0: the other gives y
        (l00, l10, _, _), other = (a, b) if a01 == 0 and a11 == 0 else (b, a)
        if l10 == 0:
            return []
        x = Fraction(-l00, l10)
        den = other[2] + other[3] * x
        if not 0 < x < 1:
            return []
        if den == 0:
            if other[0] + other[1] * x == 0:
                out.gaps.append("two banker conditions that share a vertical line")
            return []
        y = -(other[0] + other[1] * x) / den
        return [(x, y)] if 0 < y < 1 else []
    # a: y (a01 + a11 x) = -(a00 + a10 x); eliminate y: a quadratic in x
    A = a10 * b11 - a11 * b10
    B = a00 * b11 + a10 * b01 - a01 * b10 - a11 * b00
    C = a00 * b01 - a01 * b00
    if A == 0 and B == 0 and C == 0:
        out.gaps.append("two banker conditions that share a curve")
        return []
    pts = []
    for x in quadratic_roots(A, B, C):
        if not (0 < x < 1):
            continue
        for coef in ((a00, a10, a01, a11), (b00, b10, b01, b11)):
            den = coef[2] + coef[3] * x
            if sign(den) != 0:
                y = -(coef[0] + coef[1] * x) / den
                break
        else:  # both curves are the vertical line at x: not a point
            out.gaps.append("two banker conditions that share a vertical line")
            continue
        if 0 < y < 1:
            pts.append((x, y))
    return pts


def _float(v) -> float:
    """A float within 1e-16 of v (a surd through an exact decimal: no cancellation)."""
    return float(v.decimal(30)) if isinstance(v, Surd) else float(v)


def check_point(lines: _Lines, x, y):
    """At (x, y) in (0, 1)^2, exactly: banker mixes that make both punters indifferent, or None.

    Returns (s, free, banker_unique, gap): s the banker's mixes per set (Fractions or surds),
    ``free`` the sets where he is indifferent. The mixes on the free sets solve
    D_left = D_right = 0 in the box [0, 1]^free; every vertex of that polytope is
    enumerated (at most two mixes strictly inside), so it is empty, one point (unique) or
    more. ``gap`` is set when the free sets are too many to enumerate."""
    import numpy as np

    signs = lines.delta_any(x, y)
    s = [Fraction(int(v > 0)) for v in signs]
    free = [i for i, v in enumerate(signs) if v == 0]
    sv = np.array([int(v > 0) for v in signs], dtype=object)
    for i in free:
        sv[i] = 0
    aL = int(lines.eL[0].sum() + (sv * lines.fL[0]).sum()) + int(lines.eL[1].sum() + (sv * lines.fL[1]).sum()) * y
    aR = int(lines.eR[0].sum() + (sv * lines.fR[0]).sum()) + int(lines.eR[1].sum() + (sv * lines.fR[1]).sum()) * x
    fl = [int(lines.fL[0][i]) + int(lines.fL[1][i]) * y for i in free]
    fr = [int(lines.fR[0][i]) + int(lines.fR[1][i]) * x for i in free]
    # sets whose gains are 0 for both punters change nothing: play them at 0 (not a choice that counts)
    keep = [k for k in range(len(free)) if sign(fl[k]) != 0 or sign(fr[k]) != 0]
    if len(keep) > 12:
        return None, free, False, f"a point where the banker is indifferent in {len(keep)} sets (not enumerated)"
    verts = box_vertices(aL, aR, [fl[k] for k in keep], [fr[k] for k in keep])
    if not verts:
        return None
    v = verts[0]
    for k, val in zip(keep, v):
        s[free[k]] = val
    unique = len(verts) == 1 and len(keep) == len(free)
    return s, free, unique, None


def box_vertices(aL, aR, fl, fr) -> list[tuple]:
    """Every vertex of {s in [0, 1]^n : aL + fl . s = 0, aR + fr . s = 0}, exactly (entries
    Fractions or surds of one field). A vertex has at most two entries strictly between 0 and 1."""
    n = len(fl)
    verts = set()
    zero = Fraction(0)
    for basic in [()] + [(i,) for i in range(n)] + list(combinations(range(n), 2)):
        others = [i for i in range(n) if i not in basic]
        for bounds in product((0, 1), repeat=len(others)):
            cl = aL + sum((fl[i] for i, b in zip(others, bounds) if b), zero)
            cr = aR + sum((fr[i] for i, b in zip(others, bounds) if b), zero)
            sol = _solve(basic, cl, cr, fl, fr)
            if sol is None:
                continue
            point = [Fraction(0)] * n
            for i, b in zip(others, bounds):
                point[i] = Fraction(b)
            for i, val in zip(basic, sol):
                point[i] = val
            verts.add(tuple(point))
    return sorted(verts, key=lambda p: [_float(v) for v in p])


def _solve(basic, cl, cr, fl, fr):
    """The values of the basic variables (in [0, 1]) with cl + sum fl_i s_i = 0, cr + ... = 0,
    when they are determined; None otherwise."""
    if not basic:
        return () if sign(cl) == 0 and sign(cr) == 0 else None
    if len(basic) == 1:
        i, = basic
        a, b = fl[i], fr[i]
        if sign(a) != 0:
            v = -cl / a
            if sign(cr + b * v) != 0:
                return None
        elif sign(b) != 0:
            if sign(cl) != 0:
                return None
            v = -cr / b
        else:
            return None
        return (v,) if 0 <= v <= 1 else None
    i, j = basic
    det = fl[i] * fr[j] - fl[j] * fr[i]
    if sign(det) == 0:
        return None
    vi = (-cl * fr[j] + cr * fl[j]) / det
    vj = (-fl[i] * cr + fr[i] * cl) / det
    if not (0 <= vi <= 1 and 0 <= vj <= 1):
        return None
    return vi, vj


def edge_gaps(lines: _Lines) -> list[str]:
    """Whether one punter's gain from drawing on 5 is identically 0 on an interval of an edge of the
    square (the other punter pure): then a continuum of profiles could be equilibria, and Foster's
    sweep, which keeps the points where the banker's reply changes, would not count them.

    Along y = y0 (x free) the banker's reply is constant between the roots of the delta_I(., y0)
    and D_left does not depend on x; it is priced on each interval in floats and decided exactly
    where it is within 1e-9 of the sum of its terms' sizes. Likewise along x = x0."""
    import numpy as np

    fl = lambda a: np.array([float(v) for v in a])  # noqa: E731
    c00, c10, c01, c11 = (fl(v) for v in (lines.c00, lines.c10, lines.c01, lines.c11))
    out = []
    for left in (True, False):
        e0, e1, f0, f1 = (fl(v) for v in ((*lines.eL, *lines.fL) if left else (*lines.eR, *lines.fR)))
        mag = float(np.abs(e0).sum() + np.abs(e1).sum() + np.abs(f0).sum() + np.abs(f1).sum())
        for fixed in (Fraction(0), Fraction(1)):
            t = float(fixed)
            # delta along the edge: a + b u, u the free punter's probability
            a, b = (c00 + c01 * t, c10 + c11 * t) if left else (c00 + c10 * t, c01 + c11 * t)
            with np.errstate(divide="ignore", invalid="ignore"):
                roots = np.where(b != 0, -a / np.where(b == 0, 1.0, b), np.nan)
            pts = np.unique(np.concatenate([[0.0, 1.0], roots[(roots > 0) & (roots < 1)]]))
            for u in (pts[:-1] + pts[1:]) / 2:
                s = (a + b * u) > 0
                d = float((e0 + e1 * t).sum() + ((f0 + f1 * t) * s).sum())
                if abs(d) > 1e-9 * mag:
                    continue
                # exactly, at the interval's middle (the banker's reply there decides)
                uq = Fraction(u).limit_denominator(10**12)
                x, y = (uq, fixed) if left else (fixed, uq)
                signs = np.array(lines.delta_any(x, y))
                if (signs == 0).any():
                    continue  # a root, not an interval: Foster's sweep decides it
                sv = (signs > 0).astype(np.int64).astype(object)
                (ce, cf) = lines.d_left(fixed) if left else lines.d_right(fixed)
                if int(ce.sum() + (sv * cf).sum()) == 0:
                    who = "left" if left else "right"
                    out.append(f"the {who} punter's gain from drawing on 5 is 0 on an interval of an edge "
                               "of the square (a continuum of candidate profiles)")
    return sorted(set(out))
