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
3. **Both punters mixed**, anywhere in the square: :mod:`.cells` (a sound
   subdivision into cells crossed by at most two banker curves; in each, the
   banker pure, on one curve, or at a crossing, solved exactly).

At each candidate of classes 1-2 the banker may mix where he is indifferent;
an exact linear program (sympy's rational simplex) finds mixes that make each
punter's choice a best reply, or proves there are none. Every equilibrium
returned is checked again exactly by :func:`equilibrium_gaps`. Together the
classes cover every profile, so the equilibria returned are all there are,
except in the degenerate cases the search names (``gaps``: at theta 0 and 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from exact_odds.games.banque.cells import _float, both_mixed, edge_gaps
from exact_odds.games.banque.game import BanqueGame, InfoSet
from exact_odds.games.banque.lines import _Lines, _roots, _sweep, _want
from exact_odds.games.banque.model import BanqueError, exact_probability
from exact_odds.games.banque.profile import _ev, profile_counts
from exact_odds.games.banque.surd import Surd


#: The classes of strategy profiles the search covers: together, every profile.
SEARCHED = ("both punters pure", "one punter mixed, the other pure (Foster's sweeps along the square's edges)",
            "both punters mixed, anywhere in the square (a sound subdivision into cells crossed by at most "
            "two banker curves, each solved exactly)")


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
    counts: tuple[tuple[Fraction, ...], ...]  # 3 x 3 probabilities of (left, right) results
    left_ev: Fraction
    right_ev: Fraction

    @property
    def banker_edge(self) -> Fraction:
        return -(self.theta * self.left_ev + (1 - self.theta) * self.right_ev)

    @property
    def joint(self) -> list[list[Fraction]]:
        """P(left result, right result) in the order win, tie, lose."""
        return [list(row) for row in self.counts]  # Fractions, or surds for an irrational equilibrium


@dataclass(frozen=True)
class EquilibriumSearch:
    """Every equilibrium the search found at ``theta``, and what it searched."""

    game: BanqueGame = field(repr=False)
    theta: Fraction
    equilibria: tuple[Equilibrium, ...]
    candidates: int  # strategy points examined
    searched: tuple[str, ...] = SEARCHED
    gaps: tuple[str, ...] = ()  # degenerate cases the search could not decide (none: it is complete)

    @property
    def complete(self) -> bool:
        """Every strategy profile was searched: the equilibria listed are all there are."""
        return not self.gaps

    @property
    def found(self) -> int:
        """How many equilibria (x, y) were found (the banker's mixes may form a range at each)."""
        return len({(e.x, e.y) for e in self.equilibria})

    @property
    def unique(self) -> bool:
        """Proven: the search is complete and found exactly one (x, y)."""
        return self.complete and self.found == 1

    @property
    def first(self) -> Equilibrium:
        return self.equilibria[0]


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
    found, points = [], _line_points(lines)
    for x, y in sorted(points):
        if 0 < x < 1 and 0 < y < 1:
            continue  # both mixed: the cells below decide every such point, exactly and once
        sup = _support(lines, x, y)
        if sup is not None:
            found.append(_equilibrium(lines, x, y, *sup))
    cells = both_mixed(lines)
    seen = {(e.x, e.y) for e in found}
    for x, y, s, pinned in cells.points:
        if (x, y) not in seen:
            seen.add((x, y))
            free = [i for i, v in enumerate(s) if not (v == 0 or v == 1)]
            found.append(_equilibrium(lines, x, y, s, free, pinned))
    if not found:
        raise BanqueError(f"internal check failed: no equilibrium found at theta = {theta}, yet the search "
                          "covers every profile and a finite game has one")
    found.sort(key=lambda e: (_float(e.x), _float(e.y)))
    gaps = tuple(sorted(set(cells.gaps) | set(edge_gaps(lines))))
    return EquilibriumSearch(game, theta, tuple(found), len(points) + cells.cells, gaps=gaps)


def _line_points(lines: _Lines, keep=None) -> set[tuple[Fraction, Fraction]]:
    """The candidate (x, y) of classes 1-3: the four pure profiles and Foster's
    sweeps along y = 0, 1 and each rational line (and likewise in x).
    ``keep(value, left)``: if given, a line is swept only when it returns True
    (False: a caller's sound test that no equilibrium lies on it)."""
    zero, one = Fraction(0), Fraction(1)
    points: set[tuple[Fraction, Fraction]] = {(a, b) for a in (zero, one) for b in (zero, one)}
    only_x = [i for i in range(len(lines.sets)) if lines.c01[i] == 0 and lines.c11[i] == 0]
    only_y = [i for i in range(len(lines.sets)) if lines.c10[i] == 0 and lines.c11[i] == 0]
    xs = _roots([lines.c00[i] for i in only_x], [lines.c10[i] for i in only_x])
    ys = _roots([lines.c00[i] for i in only_y], [lines.c01[i] for i in only_y])
    ys, xs = {zero, one} | ys, {zero, one} | xs
    if keep is not None:
        ys = {v for v in ys if keep(v, True)}
        xs = {v for v in xs if keep(v, False)}
    for y in sorted(ys):  # x mixed: along the line y, where D_left can be 0
        points |= {(x, y) for x in _sweep(lines, y, left=True)}
    for x in sorted(xs):
        points |= {(x, y) for y in _sweep(lines, x, left=False)}
    return points


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
