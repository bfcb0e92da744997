"""Banque's cooperative solutions: the punters as one coalition against the banker (exact).

docs/methods/banque-cooperative.md. Ethier and Lee (2015, Games 6:57, abstract)
name two alternatives to the Nash equilibrium: the *independent* cooperative
equilibrium (Downton and Lockwood's preferred solution, which "exists only for
certain theta") and the *correlated* cooperative equilibrium, which "always
exists". Their definitions are in the paper's body, which we could not read;
ours follow from the names and those two properties:

* The coalition's payoff is the punters' joint stake-weighted EV
  ``V = theta * left + (1 - theta) * right``, the banker's payoff ``-V``: a
  two-person zero-sum game.
* **Correlated**: the coalition picks one of its four pure choices (left
  draws or stands on 5, right likewise) at random, *jointly*: a distribution
  p on {0, 1}^2. This zero-sum game has a value (von Neumann), so the solution
  always exists: p maximises ``min over the banker`` of V.
* **Independent**: the punters randomise *independently*, p(a, b) = x^a
  (1 - x)^(1 - a) y^b (1 - y)^(1 - b), and (x, y) with the banker's s must be
  a saddle point: s a best reply to (x, y), and (x, y) the coalition's best
  independent reply to s. For a fixed s the best reply over product
  distributions is as good as over all distributions (V is then linear in p,
  its maximum is at a pure choice), so a saddle point in independent
  strategies exists iff some optimal correlated p is a product distribution:
  then it has the correlated value. Otherwise there is none.

**The linear programme.** With s fixed, V(p, s) = sum_ab p_ab V0_ab -
sum_I s_I (p . delta_I) / K, where ``delta_I(a, b)`` is the banker's gain from
drawing in set I at the pure choice (a, b) (the integers of
:class:`~exact_odds.games.banque.lines._Lines`) and K = theta's denominator
times the game's total. The banker's best reply draws where ``p . delta_I >
0``, so the coalition maximises the concave piecewise-linear

    phi(p) = V0 . p - sum_I max(0, p . delta_I) / K   over the simplex of p.

Its maximum is at a vertex of the arrangement of the hyperplanes ``p . delta_I
= 0`` (only the sets where delta_I changes sign over the four pure choices;
the others are linear) and the simplex's faces. Floats only rank those
vertices; the best is solved exactly and *certified*: with s forced where p .
delta_I != 0 and free where it is 0, an exact box linear programme
(:func:`~exact_odds.games.banque.box_lp.box_point`) finds s with V(ab, s) <=
phi(p) for all four pure choices, so (p, s) is a saddle point and phi(p) the
value. The optimal set of p is then every vertex of the arrangement with
phi = the value (each checked exactly) and their convex hull.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from exact_odds.games.banque.box_lp import box_point
from exact_odds.games.banque.game import BanqueGame, InfoSet
from exact_odds.games.banque.lines import _Lines
from exact_odds.games.banque.model import BanqueError, exact_probability
from exact_odds.games.banque.profile import _ev, profile_counts
from exact_odds.games.banque.surd import Surd, quadratic_roots

#: The coalition's four pure choices, (left draws on 5, right draws on 5).
CHOICES = ((0, 0), (0, 1), (1, 0), (1, 1))
SOLUTIONS = ("nash", "independent", "correlated")


@dataclass(frozen=True)
class Cooperative:
    """A cooperative solution at ``theta``: the coalition's joint distribution ``p`` over
    :data:`CHOICES`, the banker's mixes, and the value (the coalition's stake-weighted EV).

    ``kind`` is 'correlated' or 'independent'; an independent solution has ``x``, ``y`` with
    p = their product. ``exists`` is False for an independent solution that does not exist (then
    the other fields describe the correlated solution that shows it, ``reason`` says why)."""

    game: BanqueGame = field(repr=False)
    theta: Fraction
    kind: str
    exists: bool
    p: tuple[Any, ...]
    banker: dict[InfoSet, Fraction] = field(repr=False)
    value: Fraction
    optimal_vertices: tuple[tuple[Fraction, ...], ...]
    x: Any = None
    y: Any = None
    reason: str = ""

    @property
    def left_draws(self):
        """P(left punter draws on 5) = p(1, 0) + p(1, 1)."""
        return self.p[2] + self.p[3]

    @property
    def right_draws(self):
        return self.p[1] + self.p[3]

    @property
    def banker_edge(self):
        return -self.value

    @property
    def unique(self) -> bool:
        """The coalition's optimal distribution is unique (its optimal set is one point)."""
        return len(self.optimal_vertices) == 1

    def evs(self):
        """(left EV, right EV) with p and the banker's mixes shown (exact): sum over the pure choices."""
        left = right = Fraction(0)
        for w, (a, b) in zip(self.p, CHOICES):
            if w:
                c = profile_counts(self.game, Fraction(a), Fraction(b), self.banker)
                left += w * _ev(c, True)
                right += w * _ev(c, False)
        return left, right


def correlated(game: BanqueGame, theta: Fraction) -> Cooperative:
    """The correlated cooperative equilibrium (module docstring): exact, certified."""
    theta = exact_probability(theta, "theta")
    lp = _CoalitionLP(game, theta)
    p, s, verts = lp.solve()
    return Cooperative(game, theta, "correlated", True, p, s, lp.phi(p), verts)


def independent(game: BanqueGame, theta: Fraction) -> Cooperative:
    """The independent cooperative equilibrium, or the correlated solution with ``exists=False``
    and the reason (module docstring). Decided exactly when the coalition's optimal set is a
    point or a segment; a larger optimal set raises :class:`BanqueError` (not decided)."""
    cor = correlated(game, theta)
    verts = cor.optimal_vertices
    hits = []
    if len(verts) == 1:
        if _is_product(verts[0]):
            hits.append(verts[0])
    elif len(verts) == 2:
        hits = _product_on_segment(*verts)
    else:
        raise BanqueError(f"theta = {theta}: the coalition's optimal set has {len(verts)} vertices; whether it "
                          "holds a product distribution is not decided here")
    if not hits:
        why = ("the coalition's only optimal joint distribution is not a product of independent choices"
               if len(verts) == 1 else "no point of the coalition's optimal segment is a product of independent "
                                       "choices")
        return Cooperative(game, theta, "independent", False, cor.p, cor.banker, cor.value, verts, reason=why)
    p = hits[0]
    x, y = p[2] + p[3], p[1] + p[3]
    return Cooperative(game, theta, "independent", True, tuple(p), cor.banker, cor.value, verts, x=x, y=y)


def _is_product(p) -> bool:
    return p[0] * p[3] == p[1] * p[2]


def _product_on_segment(a, b) -> list[tuple]:
    """Points p = a + t (b - a), t in [0, 1], with p00 p11 = p01 p10 (a quadratic in t, exact)."""
    d = [v - u for u, v in zip(a, b)]
    # (a0 + d0 t)(a3 + d3 t) - (a1 + d1 t)(a2 + d2 t)
    A = d[0] * d[3] - d[1] * d[2]
    B = a[0] * d[3] + d[0] * a[3] - a[1] * d[2] - d[1] * a[2]
    C = a[0] * a[3] - a[1] * a[2]
    den = 1
    for v in (A, B, C):
        den = den * Fraction(v).denominator // __import__("math").gcd(den, Fraction(v).denominator)
    coeffs = [int(Fraction(v) * den) for v in (A, B, C)]
    if coeffs == [0, 0, 0]:
        return [tuple(a)]
    out = []
    for t in quadratic_roots(*coeffs):
        if 0 <= t <= 1:
            out.append(tuple(u + dv * t for u, dv in zip(a, d)))
    return out


class _CoalitionLP:
    """The coalition's linear programme at one theta (module docstring)."""

    def __init__(self, game: BanqueGame, theta: Fraction):
        import numpy as np

        self.game, self.theta = game, theta
        lines = _Lines(game, theta)
        self.sets = lines.sets
        self.delta = np.array([[int(lines.c00[i] + lines.c10[i] * a + lines.c01[i] * b + lines.c11[i] * a * b)
                                for a, b in CHOICES] for i in range(len(self.sets))], dtype=object)
        self.K = theta.denominator * game.total
        stand = {I: Fraction(0) for I in self.sets}
        self.v0 = []
        for a, b in CHOICES:
            c = profile_counts(game, Fraction(a), Fraction(b), stand)
            self.v0.append(theta * _ev(c, True) + (1 - theta) * _ev(c, False))
        d = self.delta
        self.active = [i for i in range(len(self.sets)) if any(v > 0 for v in d[i]) and any(v < 0 for v in d[i])]
        self.always = [i for i in range(len(self.sets)) if i not in set(self.active) and any(v > 0 for v in d[i])]

    def phi(self, p) -> Fraction:
        """The coalition's guaranteed payoff with p (exact)."""
        v = sum((w * v0 for w, v0 in zip(p, self.v0)), Fraction(0))
        tot = 0
        for i in self.active + self.always:
            g = sum(w * int(dv) for w, dv in zip(p, self.delta[i]))
            if g > 0:
                tot += g
        return v - Fraction(tot) / self.K if not isinstance(tot, Surd) else v - tot / self.K

    def solve(self):
        """(p, banker's mixes, optimal vertices), certified exactly; see the module docstring."""
        import numpy as np

        v0 = np.array([float(v) for v in self.v0])
        dl = np.array([[float(v) for v in self.delta[i]] for i in self.active + self.always]).reshape(-1, 4)
        planes = [list(map(float, self.delta[i])) for i in self.active]
        planes += [[float(j == k) for j in range(4)] for k in range(4)]  # p_ab = 0
        rows = np.array(planes)
        if len(planes) <= 90:  # every triple of planes (with replacement: about 67 planes)
            triples = np.array(list(combinations(range(len(planes)), 3)))
        else:  # a finite shoe: the planes through a neighbourhood of the best point of a grid
            near = self._near_planes(rows[:-4], v0, dl, 60)
            idx = list(near) + list(range(len(planes) - 4, len(planes)))
            triples = np.array(list(combinations(idx, 3)))
        mats = np.concatenate([rows[triples], np.ones((len(triples), 1, 4))], axis=1)  # (T, 4, 4)
        rhs = np.array([0.0, 0.0, 0.0, 1.0])
        det = np.linalg.det(mats / np.abs(mats).max(axis=2, keepdims=True))
        ok = np.abs(det) > 1e-12
        pts = np.full((len(triples), 4), np.nan)
        pts[ok] = np.linalg.solve(mats[ok], np.broadcast_to(rhs, (int(ok.sum()), 4))[..., None])[..., 0]
        inside = ok & (pts >= -1e-12).all(axis=1)
        vals = np.full(len(triples), -np.inf)
        q = pts[inside]
        vals[inside] = q @ v0 - np.maximum(0.0, q @ dl.T).sum(axis=1) / float(self.K)
        order = np.argsort(-vals)
        best_p = best_s = None
        tried = 0
        for t in order:
            if not np.isfinite(vals[t]) or tried >= 300:
                break
            tried += 1
            p = self._exact_vertex([planes_idx for planes_idx in triples[t]])
            if p is None or any(v < 0 for v in p):
                continue
            s = self._certificate(p)
            if s is not None:
                best_p, best_s = p, s
                break
        if best_p is None:
            raise BanqueError(f"internal check failed: no certified optimum of the coalition's programme at "
                              f"theta = {self.theta}")
        value = self.phi(best_p)
        # every optimal vertex: the arrangement's vertices whose phi is the value (floats rank, exact decides)
        near = np.nonzero(vals >= vals[order[0]] - 1e-9 * (abs(vals[order[0]]) + 1e-12))[0]
        verts = {tuple(best_p)}
        for t in near:
            p = self._exact_vertex(list(triples[t]))
            if p is not None and all(v >= 0 for v in p) and self.phi(p) == value:
                verts.add(tuple(p))
        return tuple(best_p), best_s, tuple(sorted(verts))

    def _near_planes(self, act, v0, dl, count: int):
        """The ``count`` active planes closest to the best point of a grid on the simplex, refined twice
        around it (floats: the exact certificate decides; a wrong guess only fails to certify)."""
        import numpy as np

        def best_of(points):
            vals = points @ v0 - np.maximum(0.0, points @ dl.T).sum(axis=1) / float(self.K)
            return points[int(np.argmax(vals))]

        n = 24
        g = np.array([(a, b, c, n - a - b - c) for a in range(n + 1) for b in range(n + 1 - a)
                      for c in range(n + 1 - a - b)], dtype=float) / n
        p = best_of(g)
        for width in (2.0 / n, 2.0 / n / 12):
            steps = np.linspace(-width, width, 13)
            local = np.array([p + np.array([a, b, c, -a - b - c]) for a in steps for b in steps for c in steps])
            local = local[(local >= 0).all(axis=1)]
            if len(local):
                p = best_of(np.vstack([local, p[None, :]]))
        dist = np.abs(act @ p) / (np.abs(act).sum(axis=1) + 1e-300)
        return np.argsort(dist)[:count]

    def _exact_vertex(self, idx):
        """The exact p on the three planes ``idx`` with sum 1, or None (singular)."""
        from exact_odds.games.banque.box_lp import _inverse

        n_act = len(self.active)
        rows = []
        for k in idx:
            k = int(k)
            if k < n_act:
                rows.append([Fraction(int(v)) for v in self.delta[self.active[k]]])
            else:
                rows.append([Fraction(int(j == k - n_act)) for j in range(4)])
        rows.append([Fraction(1)] * 4)
        inv = _inverse(rows)
        if inv is None:
            return None
        return [inv[r][3] for r in range(4)]

    def _certificate(self, p):
        """Banker mixes s with V(ab, s) <= phi(p) for every pure choice ab (then (p, s) is a saddle
        point), or None. s is his best reply to p where it is strict, free where p . delta_I = 0."""
        value = self.phi(p)
        base = [v0 * self.K - value * self.K for v0 in self.v0]  # K (V0_ab - value)
        s = {}
        free = []
        for i, I in enumerate(self.sets):
            g = sum(w * int(dv) for w, dv in zip(p, self.delta[i]))
            if g > 0:
                s[I] = Fraction(1)
                base = [b - int(self.delta[i][k]) for k, b in enumerate(base)]
            elif g < 0:
                s[I] = Fraction(0)
            else:
                free.append(i)
                s[I] = Fraction(0)
        # K V(ab, s) - K value = base_ab - sum_free s_i delta_i(ab) <= 0
        den = 1
        for b in base:
            den = den * Fraction(b).denominator // __import__("math").gcd(den, Fraction(b).denominator)
        conds = [(int(b * den), [-int(self.delta[i][k]) * den for i in free], "le") for k, b in enumerate(base)]
        point = box_point(conds, len(free))
        if point is None:
            return None
        for i, v in zip(free, point):
            s[self.sets[i]] = v
        return s
