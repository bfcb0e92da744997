"""Payoffs of strategy pairs in chemin de fer, best replies, floor and ceiling.

A strategy pair is the punter's probabilities of drawing at 5 (one per
holding) and the banker's probability of drawing in each cell. Every function
here accepts them as the solver keeps them (a sequence in
``game.holdings`` order; a mapping keyed by ``game.cells``) or by readable
name (``{'0+5': p, ...}``; ``{('0+6', 'stood'): q, ...}``), and computes in
exact integers over one common denominator.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from exact_odds.games.chemin.game import BankerStrategy, Game, PunterStrategy
from exact_odds.games.chemin.models import Cell
from exact_odds.rules.deal import hand_total
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


def _at(coeffs, x) -> Fraction:
    return coeffs[0] + sum((Fraction(xi) * k for xi, k in zip(x, coeffs[1:])), Fraction(0))


def _common(x) -> tuple[list[int], int]:
    """Probabilities as integer numerators over one common denominator."""
    x = [Fraction(v) for v in x]
    den = 1
    for v in x:
        den = den * v.denominator // gcd(den, v.denominator)
    return [v.numerator * (den // v.denominator) for v in x], den


def _value(line, nums, den) -> int:
    """``den`` times an affine line at the punter's probabilities ``nums / den``."""
    return line[0] * den + sum(n * k for n, k in zip(nums, line[1:]))


def _natural(game: Game, who: str, commission) -> int:
    pw, bw = game.naturals
    if who == "punter":
        return pw - bw
    c = Fraction(commission)
    return (c.denominator - c.numerator) * bw - c.denominator * pw


def payoff(game: Game, x: PunterStrategy, y: BankerStrategy, who: str = "punter",
           commission: Fraction = Fraction(0)) -> Fraction:
    """A party's expected payoff per unit staked when the punter draws at 5
    with probabilities ``x`` (one per holding) and the banker draws in cell
    ``j`` with probability ``y[j]``."""
    x, y = game.punter_probabilities(x), game.banker_probabilities(y)
    lines, scale = game.lines(who, commission)
    nums, den = _common(x)
    pure = _natural(game, who, commission) * den
    mixed = Fraction(0)
    for cell in game.cells:
        q = y[cell]
        if q == 0:
            pure += _value(lines[cell, "S"], nums, den)
        elif q == 1:
            pure += _value(lines[cell, "D"], nums, den)
        else:
            q = Fraction(q)
            mixed += (1 - q) * _value(lines[cell, "S"], nums, den) + q * _value(lines[cell, "D"], nums, den)
    return (pure + mixed) / (den * scale * game.total)


def outcome_counts(game: Game, x: PunterStrategy, y: BankerStrategy) -> dict[str, Fraction]:
    """Six-card counts (exact; fractional only under mixing) of punter wins,
    banker wins and ties for a strategy pair."""
    x, y = game.punter_probabilities(x), game.banker_probabilities(y)
    pw, bw = map(Fraction, game.naturals)
    for cell in game.cells:
        q = Fraction(y[cell])
        for a, weight in (("S", 1 - q), ("D", q)):
            if weight:
                p, b = game.wins[cell, a]
                pw += weight * _at(p, x)
                bw += weight * _at(b, x)
    return {"punter": pw, "banker": bw, "tie": game.total - pw - bw}


def tableau_strategies(game: Game, tableau: Tableau = PUNTO_BANCO) -> tuple[tuple[Fraction, ...], dict[Cell, Fraction]]:
    """A fixed drawing tableau as a strategy pair of this game (pure)."""
    x = tuple(Fraction(int(tableau.player_draws(5))) for _ in game.holdings)
    y = {}
    for hand, seen in game.cells:
        total = hand if isinstance(hand, int) else hand_total(*hand)
        y[hand, seen] = Fraction(int(tableau.banker_draws(total, seen)))
    return x, y


def _slopes(game, y, who, commission):
    """Payoff at x = 0 and d payoff / d x[h], in scaled counts, given the banker's y."""
    lines, scale = game.lines(who, commission)
    n = len(game.holdings)
    base = _natural(game, who, commission)
    slope = [0] * n
    for cell in game.cells:
        q = y[cell]
        if q == 0 or q == 1:
            line = lines[cell, "D" if q else "S"]
            base += line[0]
            for h in range(n):
                slope[h] += line[1 + h]
            continue
        q = Fraction(q)
        for a, weight in (("S", 1 - q), ("D", q)):
            line = lines[cell, a]
            base += weight * line[0]
            for h in range(n):
                slope[h] += weight * line[1 + h]
    return base, slope, scale


def punter_best_reply(game: Game, y: BankerStrategy,
                      commission: Fraction = Fraction(0)) -> tuple[tuple[Fraction, ...], Fraction]:
    """The punter's best pure reply to ``y`` (ties: draw) and its payoff to him."""
    y = game.banker_probabilities(y)
    base, slope, scale = _slopes(game, y, "punter", commission)
    x = tuple(Fraction(int(s >= 0)) for s in slope)
    return x, Fraction(base + sum(s for s in slope if s > 0)) / (scale * game.total)


def banker_best_reply(game: Game, x: PunterStrategy, commission: Fraction = Fraction(0)) -> dict[Cell, Fraction]:
    """The banker's best pure reply to ``x``, cell by cell (ties: stand)."""
    x = game.punter_probabilities(x)
    lines, _ = game.lines("banker", commission)
    nums, den = _common(x)
    return {cell: Fraction(int(_value(lines[cell, "D"], nums, den) > _value(lines[cell, "S"], nums, den)))
            for cell in game.cells}


def floor_of(game: Game, x: PunterStrategy) -> Fraction:
    """Zero-sum: what ``x`` guarantees the punter whatever the banker does."""
    x = game.punter_probabilities(x)
    lines, _ = game.lines("punter")
    nums, den = _common(x)
    total = _natural(game, "punter", 0) * den
    for cell in game.cells:
        total += min(_value(lines[cell, "S"], nums, den), _value(lines[cell, "D"], nums, den))
    return Fraction(total, den * game.total)


def ceiling_of(game: Game, y: BankerStrategy) -> Fraction:
    """Zero-sum: the most the punter can get against ``y``."""
    return punter_best_reply(game, y)[1]


def equilibrium_gaps(game: Game, x: PunterStrategy, y: BankerStrategy,
                     commission: Fraction = Fraction(0)) -> tuple[Fraction, Fraction]:
    """How much each party could gain by deviating: (punter's, banker's).

    Both are 0 exactly at a Nash equilibrium (for c = 0: a solution of the
    zero-sum game)."""
    x, y = game.punter_probabilities(x), game.banker_probabilities(y)
    punter_now = payoff(game, x, y, "punter", commission)
    punter_best = punter_best_reply(game, y, commission)[1]
    banker_now = payoff(game, x, y, "banker", commission)
    banker_best = payoff(game, x, banker_best_reply(game, x, commission), "banker", commission)
    return punter_best - punter_now, banker_best - banker_now
