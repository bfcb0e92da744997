"""Solving chemin de fer exactly: Foster's algorithm, linear programs, the bimatrix search.

See :mod:`exact_odds.games.chemin` for the method. Every solution is checked
(:func:`~exact_odds.games.chemin.payoff.equilibrium_gaps`) before it is
returned.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from numbers import Rational
from typing import Sequence

from exact_odds.games.chemin.game import Game
from exact_odds.games.chemin.models import Cell, ChemError
from exact_odds.games.chemin.payoff import _common, _natural, _value, equilibrium_gaps, payoff
from exact_odds.games.chemin.solution import Solution


def _lines_in(game, h, fixed, who, commission):
    """Per cell and action: (constant, slope) in the punter's x[h], in integers
    (a positive multiple of the payoff), the other holdings fixed at ``fixed``."""
    lines, _ = game.lines(who, commission)
    nums, den = _common(fixed)
    nums[h] = 0
    return {ca: (_value(line, nums, den), line[1 + h] * den) for ca, line in lines.items()}


def solve_one_choice(game: Game, commission: Fraction = Fraction(0), h: int = 0,
                     fixed: Sequence | None = None) -> list[tuple[Fraction, dict[Cell, Fraction]]]:
    """Every equilibrium (x[h], y) when only the punter's holding ``h`` is free.

    Foster's algorithm for additive 2 x 2**n games, generalised to the
    bimatrix game: the banker's best reply in cell j changes only where his
    two lines cross, so candidates are x = 0, x = 1 and those crossings. At a
    candidate the cells tied for the banker may be mixed; the punter's
    payoff slope then ranges over [lo, hi], and the candidate is an
    equilibrium if 0 is in range (interior), lo <= 0 (x = 0) or hi >= 0
    (x = 1). The mixing is built so the slope is exactly 0.
    Returns a list of (x_h, y).
    """
    n = len(game.holdings)
    fixed = tuple(Fraction(v) for v in (fixed if fixed is not None else (0,) * n))
    banker = _lines_in(game, h, fixed, "banker", commission)
    punter = _lines_in(game, h, fixed, "punter", commission)
    diffs = {}
    points = {Fraction(0), Fraction(1)}
    for cell in game.cells:
        (gs, ds), (gd, dd) = banker[cell, "S"], banker[cell, "D"]
        dg, dl = gd - gs, dd - ds  # banker prefers D at x iff dg + dl x > 0
        diffs[cell] = (dg, dl)
        if dl:
            r = Fraction(-dg, dl)
            if 0 < r < 1:
                points.add(r)
    found = []
    for xs in sorted(points):
        y = {}
        tied = []
        slope = Fraction(0)
        p, q = xs.numerator, xs.denominator
        for cell in game.cells:
            dg, dl = diffs[cell]
            v = dg * q + dl * p
            if v == 0:
                tied.append(cell)
                continue
            a = "D" if v > 0 else "S"
            y[cell] = Fraction(int(a == "D"))
            slope += punter[cell, a][1]
        lo = slope
        ups = []
        for cell in tied:
            s_slope, d_slope = punter[cell, "S"][1], punter[cell, "D"][1]
            low, high = ("S", "D") if s_slope <= d_slope else ("D", "S")
            y[cell] = Fraction(int(low == "D"))
            lo += min(s_slope, d_slope)
            ups.append((cell, high, abs(d_slope - s_slope)))
        hi = lo + sum(u[2] for u in ups)
        if xs == 0:
            ok, target = lo <= 0, None
        elif xs == 1:
            ok, target = hi >= 0, "hi"
        else:
            ok, target = lo <= 0 <= hi, Fraction(0)
        if not ok:
            continue
        current = lo
        for cell, high, step in ups:
            if target is None:
                break
            if target == "hi" or current + step <= target:
                y[cell] = Fraction(int(high == "D"))
                current += step
                continue
            if step:  # mix this cell so the slope lands exactly on 0
                share = Fraction(target - current) / step
                y[cell] = share if high == "D" else 1 - share
                current = target
            break
        found.append((xs, y))
    return found


def _finish(game, x, y, commission, method, others=0):
    x = tuple(Fraction(v) for v in x)
    gaps = equilibrium_gaps(game, x, y, commission)
    if gaps != (0, 0):  # never return something that is not an equilibrium
        raise ChemError(f"internal check failed: not an equilibrium (gains from deviating {gaps})")
    return Solution(game, Fraction(commission), x, dict(y), payoff(game, x, y, "punter", commission),
                    payoff(game, x, y, "banker", commission), method, others)


def solve(game: Game, commission: Fraction = Fraction(0)) -> Solution:
    """An exact equilibrium of ``game`` (for c = 0, a minimax solution).

    ``commission`` is the share of a banker win the house keeps, an int or
    Fraction in [0, 1). Solved once per game and commission."""
    if not isinstance(game, Game):
        raise TypeError(f"solve needs a Game (such as game_for('B2', 6)), not {type(game).__name__}")
    if isinstance(commission, bool) or not isinstance(commission, Rational):
        raise TypeError(f"the commission must be an exact number such as Fraction(1, 20), "
                        f"not {type(commission).__name__}")
    commission = Fraction(commission)
    if not 0 <= commission < 1:
        raise ChemError(f"the commission must be at least 0 and below 1, not {commission}")
    if commission not in game._solutions:  # solved once per game and commission
        game._solutions[commission] = _solve(game, commission)
    return game._solutions[commission]


def _solve(game: Game, commission: Fraction) -> Solution:
    if len(game.holdings) == 1:
        found = solve_one_choice(game, commission)
        xs, y = found[0]
        return _finish(game, (xs,), y, commission, "Foster's algorithm (one punter choice)", len(found) - 1)
    if commission == 0:
        return _solve_lp(game)
    return _solve_one_mixed_holding(game, commission)


def _solve_one_mixed_holding(game: Game, commission: Fraction) -> Solution:
    """Bimatrix game with several punter holdings: look for an equilibrium in
    which at most one holding is mixed, each candidate verified exactly."""
    n = len(game.holdings)
    for h in range(n):
        for pure in product((1, 0), repeat=n - 1):
            fixed = list(pure[:h]) + [0] + list(pure[h:])
            for xs, y in solve_one_choice(game, commission, h, fixed):
                x = list(map(Fraction, fixed))
                x[h] = xs
                if equilibrium_gaps(game, x, y, commission) == (0, 0):
                    return _finish(game, x, y, commission, "search over equilibria with one mixed holding")
    raise ChemError("no equilibrium with at most one mixed punter holding was found")


def _box_sign(line_diff):
    """(min, max) over the unit box of an affine function (constant, coefficients)."""
    lo = line_diff[0] + sum(min(0, k) for k in line_diff[1:])
    hi = line_diff[0] + sum(max(0, k) for k in line_diff[1:])
    return lo, hi


def _rational(v) -> Fraction:
    """A sympy Rational (or int) as a Fraction."""
    return Fraction(int(getattr(v, "p", v)), int(getattr(v, "q", 1)))


def _solve_lp(game: Game) -> Solution:
    """Zero-sum game with several punter holdings: two exact linear programs."""
    from sympy import Matrix
    from sympy.solvers.simplex import linprog

    n = len(game.holdings)
    lines, _ = game.lines("punter")
    natural = _natural(game, "punter", 0)
    fixed_y = {}
    open_cells = []
    for cell in game.cells:
        lo, hi = _box_sign(tuple(a - b for a, b in zip(lines[cell, "S"], lines[cell, "D"])))  # S - D
        if lo >= 0:
            fixed_y[cell] = Fraction(1)  # drawing never gives the punter more
        elif hi <= 0:
            fixed_y[cell] = Fraction(0)
        else:
            open_cells.append(cell)
    k = len(open_cells)
    fixed_const = natural
    fixed_slope = [0] * n
    for cell, q in fixed_y.items():
        line = lines[cell, "D" if q else "S"]
        fixed_const += line[0]
        fixed_slope = [f + line[1 + h] for h, f in enumerate(fixed_slope)]

    # The punter: maximise fixed(x) + sum z_j, z_j <= S_j(x), z_j <= D_j(x), 0 <= x <= 1.
    # linprog minimises over nonnegative variables: (x_0..x_{n-1}, w_0..w_{k-1}) with
    # z_j = w_j + low_j, low_j a lower bound of both lines over the box.
    low = [min(_box_sign(lines[cell, a])[0] for a in "SD") for cell in open_cells]
    cost = [-f for f in fixed_slope] + [-1] * k
    rows, rhs = [], []
    for j, cell in enumerate(open_cells):
        for a in "SD":
            line = lines[cell, a]
            rows.append([-v for v in line[1:]] + [int(i == j) for i in range(k)])
            rhs.append(line[0] - low[j])
    for h in range(n):
        rows.append([int(i == h) for i in range(n)] + [0] * k)
        rhs.append(1)
    best, point = linprog(Matrix([cost]), Matrix(rows), Matrix(rhs))
    floor = fixed_const + sum(low) - best
    x = tuple(_rational(v) for v in point[:n])

    # The banker: minimise E(0, y) + sum t_h, t_h >= dE/dx_h, t_h >= 0, 0 <= y <= 1.
    # Variables (y_0..y_{k-1}, t_0..t_{n-1}).
    base = fixed_const + sum(lines[cell, "S"][0] for cell in open_cells)
    cost = [lines[cell, "D"][0] - lines[cell, "S"][0] for cell in open_cells] + [1] * n
    rows, rhs = [], []
    for h in range(n):
        slope0 = fixed_slope[h] + sum(lines[cell, "S"][1 + h] for cell in open_cells)
        rows.append([lines[cell, "D"][1 + h] - lines[cell, "S"][1 + h] for cell in open_cells]
                    + [-int(i == h) for i in range(n)])
        rhs.append(-slope0)
    for j in range(k):
        rows.append([int(i == j) for i in range(k)] + [0] * n)
        rhs.append(1)
    best, point = linprog(Matrix([cost]), Matrix(rows), Matrix(rhs))
    ceiling = base + best
    y = dict(fixed_y)
    for cell, v in zip(open_cells, point[:k]):
        y[cell] = _rational(v)
    if floor != ceiling:
        raise ChemError(f"internal check failed: floor {floor} != ceiling {ceiling}")
    return _finish(game, x, y, Fraction(0), "exact linear programs (sympy rational simplex)")
