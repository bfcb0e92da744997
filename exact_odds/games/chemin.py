"""Chemin de fer: the two-person game of the punter against the banker, solved exactly.

The game (RULES §5, seed 001)
-----------------------------
The punter holds the Player hand, the banker the Banker hand; the deal is the
punto banco deal. A natural (a two-card 8 or 9 in either hand) ends the coup.
Otherwise the punter must draw on 0-4 and stand on 6-7, and *chooses* at 5;
his third card is dealt face up. The banker then chooses to draw or stand in
every *cell*: what he knows of his own hand against what the punter visibly
did (stood, or drew a third card of value 0-9). Without commission the payoff
is +1 / -1 / 0 to the punter (zero-sum). With a commission ``c`` on banker
wins the banker collects only ``1 - c`` when he wins and the game becomes a
bimatrix game.

Models, in Ethier's naming (Ethier and Gamez 2013, Games 4:711):

* **A1**: the infinite deck (cards with replacement); each party knows only
  his two-card total. The banker has 8 totals x 11 visible actions = 88 cells
  (a 2 x 2**88 matrix game, solved by Kemeny and Snell 1957).
* **B2**: ``d`` decks without replacement; the banker knows his two cards
  (as an unordered pair of *values*: 10, J, Q and K are all value 0), the
  punter only his total. 44 non-natural pairs x 11 = 484 banker cells
  (Ethier and Gamez's 2 x 2**484 game).
* **B3**: ``d`` decks; each knows his own two cards. The punter's choice at 5
  is then one choice per holding: 0+5, 1+4, 2+3, 6+9, 7+8.

Method: one walk, then arithmetic on cells
------------------------------------------
A mixed strategy is a probability per information cell: ``x[h]``, the
probability that the punter draws holding ``h`` at 5, and ``y[j]``, the
probability that the banker draws in cell ``j``. Given the deal, only one
banker cell is ever reached, and the punter's choice at 5 only decides *which*
cell (third card ``t`` or "stood"). So the expected payoff is additive over
banker cells and affine in the punter's probabilities:

    E(x, y) = C + sum_j [ (1 - y[j]) S_j(x) + y[j] D_j(x) ],
    S_j(x) = S_j0 + sum_h x[h] S_jh,   D_j(x) = D_j0 + sum_h x[h] D_jh,

where ``C`` counts the naturals. :func:`build_game` walks the deal once (the
engine's scheme: exact integer weights by shoe composition, six-card
convention: every coup is an ordered sequence of six cards, unused cards
included, all counts over N(N-1)...(N-5), or 13**6 for the infinite deck) and
records, for every cell and both banker actions, the integer coefficients of
those affine functions, separately for punter wins and banker wins. (It is a
walk of its own rather than :func:`exact_odds.engine.walk` because it must
carry the banker's two cards and follow *both* actions in every cell, where
the engine follows one tableau and keeps only totals; the tests check the two
walks agree on every tableau tried.) A punter
holding 5 who stands adds ``w`` to the constant and ``-w`` to his own
coefficient (weight ``1 - x[h]``); one who draws adds ``w`` to it (weight
``x[h]``). The payoff of any strategy pair, pure or mixed, is then a sum over
cells; the solvers never walk the deal again. Drawing rules stay data: the
punto banco tableau is one strategy pair of this game
(:func:`tableau_strategies`).

Solving
-------
*One punter probability (A1, B2).* For a fixed ``x`` the banker's best reply
decomposes cell by cell. In the zero-sum game the punter's guaranteed payoff
``C + sum_j min(S_j(x), D_j(x))`` is a concave piecewise-linear function of
``x``; its breakpoints are where a cell's two lines cross. The general
(bimatrix) form of this is Foster's algorithm, as generalised by Ethier and Lee
(2023): the banker's best reply in a cell changes only where his own two lines
(his payoffs, banker wins worth ``1 - c``) cross, so a Nash equilibrium sits
at ``x = 0``, ``x = 1`` or a crossing point ``x*`` where the punter's payoff
slope can be brought to zero (or to the right sign at an end) by the banker
mixing the cells that are tied at ``x*``. :func:`solve_one_choice` checks
every candidate point with exact rationals and builds the banker's mixing probability so that the punter
is exactly indifferent; with ``c = 0`` this is the maximum of the concave
envelope (the minimax solution).

*Several punter choices (B3).* Zero-sum: an exact linear program. The punter
maximises ``C + sum_j z_j`` subject to ``z_j <= S_j(x)``, ``z_j <= D_j(x)``,
``0 <= x <= 1``; the banker minimises ``E(0, y) + sum_h t_h`` subject to
``t_h >= 0`` and ``t_h >= dE/dx_h`` (his ceiling), ``0 <= y <= 1``. Cells
where one action is no worse for the banker over the whole box of punter
strategies are fixed first, so the programs stay small; they are solved with
sympy's rational simplex (:func:`sympy.solvers.simplex.linprog`). With
commission: a search over equilibria in which at most one holding is mixed
(every pure choice of the others, each reduced to the one-choice algorithm),
each candidate verified exactly; Ethier and Lee (2023) likewise obtain a B3
equilibrium from the B2 structure.

Every solution is checked before it is returned (:func:`equilibrium_gaps`):
each side's strategy is a best reply to the other's, in exact arithmetic; for
the zero-sum game the punter's guaranteed floor equals the banker's
guaranteed ceiling, which is the value.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import gcd
from itertools import product
from typing import Mapping, Sequence

from exact_odds.rules.deal import deal_player_and_banker, hand_total, natural_ends_coup, unused_ways
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTER, PUNTO_BANCO, Tableau


#: The punter's two-card holdings that total 5, as value pairs (model 3).
HOLDINGS_AT_5 = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
#: The punter's visible actions the banker sees: third card 0-9, or stood.
STOOD = None
SEEN = tuple(range(10)) + (STOOD,)


class ChemError(ValueError):
    """A chemin de fer question that cannot be answered as asked."""


@dataclass(frozen=True)
class Model:
    """Who knows what, and how the cards are dealt (Ethier's naming)."""

    name: str
    infinite: bool  #: cards dealt with replacement (models A)
    punter_sees_cards: bool  #: the punter knows his two cards, not only his total
    banker_sees_cards: bool  #: the banker knows his two cards, not only his total
    description: str


MODELS = {
    "A1": Model("A1", True, False, False,
                "infinite deck; each party knows only his own two-card total (Kemeny and Snell 1957)"),
    "B2": Model("B2", False, False, True,
                "d decks without replacement; the banker knows his two cards, the punter only his total "
                "(Downton and Lockwood 1975; Ethier and Gamez 2013)"),
    "B3": Model("B3", False, True, True,
                "d decks without replacement; each party knows his own two cards (Ethier and Gamez 2013)"),
}


def hand_label(hand) -> str:
    """'5' for a total, '0+5' for a pair of card values."""
    return str(hand) if isinstance(hand, int) else f"{hand[0]}+{hand[1]}"


def seen_label(seen) -> str:
    return "stood" if seen is None else str(seen)


# ---------------------------------------------------------------------------
# The game: one walk of the deal


@dataclass(frozen=True)
class Game:
    """The additive payoff structure of chemin de fer for one shoe and model.

    ``holdings`` are the punter's decision cells at 5 (``(5,)`` if he knows
    only his total). ``cells`` are the banker's decision cells
    ``(hand, seen)``, ``hand`` a total or a value pair, ``seen`` the punter's
    third-card value or ``None`` (stood). For cell ``j`` and banker action
    ``'S'`` or ``'D'``, ``wins[j, a]`` is ``(punter, banker)``: two tuples of
    six-card counts, the constant followed by one coefficient per holding,
    of the coups the punter (banker) wins in that cell. ``naturals`` are the
    counts of coups ended by a natural (no decision). All over ``total``.
    """

    shoe: Shoe
    model: Model
    holdings: tuple
    cells: tuple
    wins: Mapping
    naturals: tuple[int, int]
    total: int

    _lines: dict = field(default_factory=dict, compare=False, repr=False)
    _solutions: dict = field(default_factory=dict, compare=False, repr=False)

    def line(self, cell, action: str, who: str, commission: Fraction = Fraction(0)) -> tuple:
        """Coefficients (constant, per holding) of a party's payoff counts in a cell.

        The punter's payoff is punter wins - banker wins; the banker's is
        (1 - c) banker wins - punter wins."""
        lines, scale = self.lines(who, commission)
        return tuple(Fraction(v, scale) for v in lines[cell, action])

    def lines(self, who: str, commission: Fraction = Fraction(0)) -> tuple[dict, int]:
        """Every cell's payoff coefficients for one party, as integers times
        ``1 / scale`` (scale = the commission's denominator for the banker), so
        comparisons and sums stay in integers. Cached per party and commission."""
        commission = Fraction(commission)
        key = (who, commission if who == "banker" else 0)
        if key not in self._lines:
            den, num = commission.denominator, commission.numerator
            out = {}
            for ca, (pw, bw) in self.wins.items():
                if who == "punter":
                    out[ca] = tuple(p - b for p, b in zip(pw, bw))
                else:
                    out[ca] = tuple((den - num) * b - den * p for p, b in zip(pw, bw))
            self._lines[key] = (out, 1 if who == "punter" else den)
        return self._lines[key]


def _holding_index(model: Model):
    if model.punter_sees_cards:
        return HOLDINGS_AT_5, {pair: i + 1 for i, pair in enumerate(HOLDINGS_AT_5)}
    return (5,), None


@lru_cache(maxsize=16)
def build_game(shoe: Shoe, model: Model) -> Game:
    """Walk the deal once and record every cell's integer payoff coefficients.

    Weights are those of :mod:`exact_odds.engine`: drawing ordered values
    from ``c[v]`` cards of value v has ``prod c[v](c[v]-1)...`` ways, the two
    cards of each hand enumerated as unordered value pairs with multiplicity
    2 for distinct values; a coup of k cards is multiplied by the ways to
    draw its 6 - k unused cards.
    """
    shoe.checked()
    if model.infinite != shoe.is_infinite:
        raise ChemError(f"model {model.name} needs {'the infinite deck' if model.infinite else 'a finite shoe'}")
    holdings, index = _holding_index(model)
    width = 1 + len(holdings)
    c = list(shoe.value_counts)
    dec = 0 if shoe.is_infinite else 1
    # raw[(cell, action)] = [punter win coefficients, banker win coefficients]
    raw: dict = defaultdict(lambda: ([0] * width, [0] * width))
    nat = [0, 0]
    for p1, p2, b1, b2, w in deal_player_and_banker(c, dec):
        pt = hand_total(p1, p2)
        bt = hand_total(b1, b2)
        if natural_ends_coup(pt, bt):
            if pt > bt:
                nat[0] += w
            elif bt > pt:
                nat[1] += w
            continue
        hand = (b1, b2) if model.banker_sees_cards else bt
        action = PUNTER.action(pt)
        if action == "draw":  # weight 1
            draw_terms, stand_terms = ((0, w),), ()
        elif action == "stand":
            draw_terms, stand_terms = (), ((0, w),)
        else:  # chooses (at 5): draw with x[h], stand with 1 - x[h]
            k = index[p1, p2] if index else 1
            draw_terms, stand_terms = ((k, w),), ((0, w), (k, -w))
        if draw_terms:
            _punter_draws(raw, c, dec, pt, bt, hand, draw_terms)
        if stand_terms:
            _punter_stands(raw, c, pt, bt, hand, stand_terms)
    tail = [unused_ways(shoe, k) for k in range(7)]
    wins = {}
    for (cell, action), (pw, bw) in raw.items():
        used = (4 if cell[1] is STOOD else 5) + (action == "D")
        wins[cell, action] = (tuple(v * tail[used] for v in pw), tuple(v * tail[used] for v in bw))
    cells = tuple(sorted({cell for cell, _ in wins}, key=_cell_order))
    for cell in cells:  # a cell reached only with zero weight still has both actions
        for a in "SD":
            wins.setdefault((cell, a), ((0,) * width, (0,) * width))
    return Game(shoe, model, holdings, cells, wins, (nat[0] * tail[4], nat[1] * tail[4]), tail[0])


def _cell_order(cell):
    hand, seen = cell
    key = (hand, 0) if isinstance(hand, int) else (hand_total(*hand), hand)
    return key, 10 if seen is None else seen


def _add(raw, cell, action, pf, bf, terms, ways):
    if pf == bf or not ways:
        return
    side = raw[cell, action][0 if pf > bf else 1]
    for k, w in terms:
        side[k] += w * ways


def _banker_draw_results(c, punter_final, banker_total):
    """Ways a banker third card leaves the punter ahead and behind (ties are neither)."""
    win = lose = 0
    for u in range(10):
        bf = hand_total(banker_total, u)
        if punter_final > bf:
            win += c[u]
        elif bf > punter_final:
            lose += c[u]
    return win, lose


def _punter_draws(raw, c, dec, pt, bt, hand, terms):
    for t in range(10):
        ct = c[t]
        if not ct:
            continue
        c[t] -= dec
        pf = hand_total(pt, t)
        cell = (hand, t)
        _add(raw, cell, "S", pf, bt, terms, ct)
        win, lose = _banker_draw_results(c, pf, bt)
        _add(raw, cell, "D", 1, 0, terms, ct * win)
        _add(raw, cell, "D", 0, 1, terms, ct * lose)
        c[t] += dec


def _punter_stands(raw, c, pt, bt, hand, terms):
    cell = (hand, STOOD)
    _add(raw, cell, "S", pt, bt, terms, 1)
    win, lose = _banker_draw_results(c, pt, bt)
    _add(raw, cell, "D", 1, 0, terms, win)
    _add(raw, cell, "D", 0, 1, terms, lose)


def model_shoe(model: Model, decks: int | None) -> Shoe:
    """The shoe a model is played with: the infinite deck for A1, ``decks`` decks otherwise."""
    if model.infinite:
        if decks is not None:
            raise ChemError(f"model {model.name} deals from the infinite deck; it takes no deck count")
        return Shoe.infinite()
    return Shoe.decks(6 if decks is None else decks)


def game_for(model_name: str, decks: int | None = None) -> Game:
    """The game of model ``A1``, ``B2`` or ``B3`` (6 decks unless told)."""
    model = MODELS.get(model_name.upper())
    if model is None:
        raise ChemError(f"unknown model {model_name!r}: use one of {', '.join(MODELS)}")
    return build_game(model_shoe(model, decks), model)


# ---------------------------------------------------------------------------
# Payoffs of strategy pairs


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


def payoff(game: Game, x: Sequence, y: Mapping, who: str = "punter", commission=Fraction(0)) -> Fraction:
    """A party's expected payoff per unit staked when the punter draws at 5
    with probabilities ``x`` (one per holding) and the banker draws in cell
    ``j`` with probability ``y[j]``."""
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


def outcome_counts(game: Game, x: Sequence, y: Mapping) -> dict[str, Fraction]:
    """Six-card counts (exact; fractional only under mixing) of punter wins,
    banker wins and ties for a strategy pair."""
    pw, bw = map(Fraction, game.naturals)
    for cell in game.cells:
        q = Fraction(y[cell])
        for a, weight in (("S", 1 - q), ("D", q)):
            if weight:
                p, b = game.wins[cell, a]
                pw += weight * _at(p, x)
                bw += weight * _at(b, x)
    return {"punter": pw, "banker": bw, "tie": game.total - pw - bw}


def tableau_strategies(game: Game, tableau: Tableau = PUNTO_BANCO):
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


def punter_best_reply(game: Game, y: Mapping, commission=Fraction(0)):
    """The punter's best pure reply to ``y`` (ties: draw) and its payoff to him."""
    base, slope, scale = _slopes(game, y, "punter", commission)
    x = tuple(Fraction(int(s >= 0)) for s in slope)
    return x, Fraction(base + sum(s for s in slope if s > 0)) / (scale * game.total)


def banker_best_reply(game: Game, x: Sequence, commission=Fraction(0)):
    """The banker's best pure reply to ``x``, cell by cell (ties: stand)."""
    lines, _ = game.lines("banker", commission)
    nums, den = _common(x)
    return {cell: Fraction(int(_value(lines[cell, "D"], nums, den) > _value(lines[cell, "S"], nums, den)))
            for cell in game.cells}


def floor_of(game: Game, x: Sequence) -> Fraction:
    """Zero-sum: what ``x`` guarantees the punter whatever the banker does."""
    lines, _ = game.lines("punter")
    nums, den = _common(x)
    total = _natural(game, "punter", 0) * den
    for cell in game.cells:
        total += min(_value(lines[cell, "S"], nums, den), _value(lines[cell, "D"], nums, den))
    return Fraction(total, den * game.total)


def ceiling_of(game: Game, y: Mapping) -> Fraction:
    """Zero-sum: the most the punter can get against ``y``."""
    return punter_best_reply(game, y)[1]


def equilibrium_gaps(game: Game, x: Sequence, y: Mapping, commission=Fraction(0)) -> tuple[Fraction, Fraction]:
    """How much each party could gain by deviating: (punter's, banker's).

    Both are 0 exactly at a Nash equilibrium (for c = 0: a solution of the
    zero-sum game)."""
    punter_now = payoff(game, x, y, "punter", commission)
    punter_best = punter_best_reply(game, y, commission)[1]
    banker_now = payoff(game, x, y, "banker", commission)
    banker_best = payoff(game, x, banker_best_reply(game, x, commission), "banker", commission)
    return punter_best - punter_now, banker_best - banker_now


# ---------------------------------------------------------------------------
# Solving


@dataclass(frozen=True)
class Solution:
    """An equilibrium of chemin de fer.

    ``punter[h]``: probability the punter draws holding ``h`` at 5.
    ``banker[cell]``: probability the banker draws in ``cell``.
    ``punter_value`` / ``banker_value``: each party's expectation per unit
    staked at the equilibrium (for c = 0, ``punter_value`` is the value of
    the game and ``banker_value = -punter_value``).
    """

    game: Game
    commission: Fraction
    punter: tuple
    banker: dict
    punter_value: Fraction
    banker_value: Fraction
    method: str
    others: int = 0  #: further equilibria found by the same search (one-choice models)
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def x(self) -> tuple:
        return self.punter

    @property
    def y(self) -> dict:
        return self.banker


def _lines_in(game, h, fixed, who, commission):
    """Per cell and action: (constant, slope) in the punter's x[h], in integers
    (a positive multiple of the payoff), the other holdings fixed at ``fixed``."""
    lines, _ = game.lines(who, commission)
    nums, den = _common(fixed)
    nums[h] = 0
    return {ca: (_value(line, nums, den), line[1 + h] * den) for ca, line in lines.items()}


def solve_one_choice(game: Game, commission=Fraction(0), h: int = 0, fixed: Sequence | None = None):
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


def _finish(game, x, y, commission, method, others=0, extra=None):
    x = tuple(Fraction(v) for v in x)
    gaps = equilibrium_gaps(game, x, y, commission)
    if gaps != (0, 0):  # never return something that is not an equilibrium
        raise ChemError(f"internal check failed: not an equilibrium (gains from deviating {gaps})")
    return Solution(game, Fraction(commission), x, dict(y), payoff(game, x, y, "punter", commission),
                    payoff(game, x, y, "banker", commission), method, others, extra or {})


def solve(game: Game, commission=Fraction(0)) -> Solution:
    """An exact equilibrium of ``game`` (for c = 0, a minimax solution)."""
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
    return _finish(game, x, y, Fraction(0), "exact linear programs (sympy rational simplex)",
                   extra={"open_cells": k})


# ---------------------------------------------------------------------------
# Derived results


def tableau_differences(solution: Solution, tableau: Tableau = PUNTO_BANCO) -> list[tuple]:
    """Cells where the banker's equilibrium play differs from the tableau:
    (cell, tableau's action, equilibrium probability of drawing)."""
    _, ty = tableau_strategies(solution.game, tableau)
    return [(cell, "D" if ty[cell] else "S", solution.banker[cell])
            for cell in solution.game.cells if solution.banker[cell] != ty[cell]]


@dataclass(frozen=True)
class Deviation:
    """One party deviates; the other replies as stated."""

    label: str
    punter: Fraction  #: the punter's expectation
    banker: Fraction  #: the banker's expectation
    cost: Fraction  #: what the deviating party gives up against the equilibrium
    who: str


def deviations(solution: Solution) -> list[Deviation]:
    """The cost of leaving the equilibrium, and the punto banco rules.

    A punter who always draws (stands) at 5 against the banker's best reply;
    a banker who follows the punto banco tableau against the punter's best
    reply; both following punto banco (the fixed-rules game under the same
    deal)."""
    game, c = solution.game, solution.commission
    out = []
    for label, xv in (("punter always draws at 5", 1), ("punter always stands at 5", 0)):
        x = tuple(Fraction(xv) for _ in game.holdings)
        y = banker_best_reply(game, x, c)
        p = payoff(game, x, y, "punter", c)
        out.append(Deviation(label + ", banker replies best", p, payoff(game, x, y, "banker", c),
                             solution.punter_value - p, "punter"))
        p = payoff(game, x, solution.banker, "punter", c)
        out.append(Deviation(label + ", banker keeps equilibrium", p,
                             payoff(game, x, solution.banker, "banker", c), solution.punter_value - p, "punter"))
    tx, ty = tableau_strategies(game)
    bx, _ = punter_best_reply(game, ty, c)
    b = payoff(game, bx, ty, "banker", c)
    out.append(Deviation("banker follows punto banco tableau, punter replies best",
                         payoff(game, bx, ty, "punter", c), b, solution.banker_value - b, "banker"))
    b = payoff(game, solution.punter, ty, "banker", c)
    out.append(Deviation("banker follows punto banco tableau, punter keeps equilibrium",
                         payoff(game, solution.punter, ty, "punter", c), b, solution.banker_value - b, "banker"))
    b = payoff(game, tx, ty, "banker", c)
    out.append(Deviation("both follow punto banco rules (fixed tableau)",
                         payoff(game, tx, ty, "punter", c), b, solution.banker_value - b, "banker"))
    return out


# ---------------------------------------------------------------------------
# Rows and JSON (formatting lives in render; nothing is rounded before here)


def _prob_cell(q: Fraction) -> str:
    """'D', 'S', or the probability of drawing to 4 decimals."""
    return "D" if q == 1 else "S" if q == 0 else decimal_text(q, 4)


def describe(solution: Solution) -> list[str]:
    """Heading lines: model, shoe, commission, method and convention."""
    game, c = solution.game, solution.commission
    shoe = game.shoe.describe()
    lines = [f"Chemin de fer, model {game.model.name}, {shoe}: {game.model.description}."]
    if c:
        lines.append(f"Commission {fraction_text(c)} ({percent_text(c, 4)}) on banker wins: a bimatrix game; "
                     "the strategies form a Nash equilibrium.")
    else:
        lines.append("No commission: a zero-sum game; the strategies are optimal (minimax).")
    lines.append(f"Method: {solution.method}; verified exactly: each side's strategy is a best reply to the other's.")
    if solution.others:
        lines.append(f"The search found {solution.others} further equilibria; the one with the smallest "
                     "drawing probability at 5 is shown.")
    if game.shoe.is_infinite:
        lines.append("Infinite deck: counts are in units of 13**6 ordered six-card draws.")
    else:
        lines.append(f"Counts are six-card sequences out of N(N-1)...(N-5) = {game.total}.")
    return lines


def value_rows(solution: Solution):
    """Rows: each party's expectation at the equilibrium (and floor / ceiling if zero-sum)."""
    rows = [["Punter's expectation" + (" (value of the game)" if not solution.commission else ""),
             fraction_text(solution.punter_value), decimal_text(solution.punter_value, 8),
             percent_text(solution.punter_value, 6)],
            ["Banker's expectation", fraction_text(solution.banker_value), decimal_text(solution.banker_value, 8),
             percent_text(solution.banker_value, 6)]]
    if not solution.commission:
        fl, ce = floor_of(solution.game, solution.punter), ceiling_of(solution.game, solution.banker)
        rows.append(["Floor: the punter's strategy guarantees him", fraction_text(fl), decimal_text(fl, 8), percent_text(fl, 6)])
        rows.append(["Ceiling: the banker's strategy holds the punter to", fraction_text(ce), decimal_text(ce, 8), percent_text(ce, 6)])
    return ["Quantity", "Exact", "Decimal", "Percent"], rows


def punter_rows(solution: Solution):
    """Rows: the punter's probability of drawing at 5, per holding."""
    rows = [[hand_label(h) if not isinstance(h, int) else "total 5", fraction_text(p), decimal_text(p, 8)]
            for h, p in zip(solution.game.holdings, solution.punter)]
    return ["Punter holds", "Draws with probability", "Decimal"], rows


def banker_rows(solution: Solution):
    """The banker's strategy as a grid: his hand against the punter's visible action."""
    game = solution.game
    hands = []
    for hand, _ in game.cells:
        if hand not in hands:
            hands.append(hand)
    pairs = not isinstance(hands[0], int)
    rows = [[hand_label(h)] + ([str(hand_total(*h))] if pairs else [])
            + [_prob_cell(solution.banker.get((h, s), Fraction(0))) for s in SEEN] for h in hands]
    headers = ["Banker holds"] + (["Total"] if pairs else []) + [f"3rd {s}" if s is not None else "stood" for s in SEEN]
    return headers, rows


def mixed_rows(solution: Solution):
    """Rows: the banker's mixed cells, exactly."""
    rows = [[hand_label(h), seen_label(s), fraction_text(q), decimal_text(q, 8)]
            for (h, s), q in solution.banker.items() if q not in (0, 1)]
    return ["Banker holds", "Punter", "Draws with probability", "Decimal"], rows


def difference_rows(solution: Solution):
    """Rows: cells where the banker's equilibrium play differs from punto banco."""
    rows = [[hand_label(h), seen_label(s), tab, _prob_cell(q) if q in (0, 1) else f"mixed {fraction_text(q)}"]
            for (h, s), tab, q in tableau_differences(solution)]
    return ["Banker holds", "Punter", "Punto banco", "Equilibrium"], rows


def deviation_rows(solution: Solution):
    """Rows: the cost of deviations and the punto banco rules."""
    rows = [[d.label, decimal_text(d.punter, 8), decimal_text(d.banker, 8), d.who, decimal_text(d.cost, 8),
             fraction_text(d.cost)] for d in deviations(solution)]
    return ["Strategy pair", "Punter EV", "Banker EV", "Deviator", "Cost to deviator", "Cost (exact)"], rows


def solution_json(solution: Solution) -> dict:
    """The whole solution, every probability and value as a 'p/q' string."""
    game = solution.game
    banker: dict = {}
    for (h, s), q in solution.banker.items():
        banker.setdefault(hand_label(h), {})[seen_label(s)] = fraction_text(q)
    out = {
        "model": game.model.name,
        "description": game.model.description,
        "shoe": game.shoe.to_json(),
        "commission": fraction_text(solution.commission),
        "zero_sum": solution.commission == 0,
        "method": solution.method,
        "total": None if game.shoe.is_infinite else game.total,
        "punter": {hand_label(h) if not isinstance(h, int) else "5": fraction_text(p)
                   for h, p in zip(game.holdings, solution.punter)},
        "banker": banker,
        "value": fraction_text(solution.punter_value),
        "punter_value": fraction_text(solution.punter_value),
        "banker_value": fraction_text(solution.banker_value),
    }
    if not solution.commission:
        out["floor"] = fraction_text(floor_of(game, solution.punter))
        out["ceiling"] = fraction_text(ceiling_of(game, solution.banker))
    out["tableau_differences"] = [
        {"hand": hand_label(h), "punter": seen_label(s), "tableau": tab, "equilibrium": fraction_text(q)}
        for (h, s), tab, q in tableau_differences(solution)]
    out["deviations"] = [
        {"label": d.label, "punter": fraction_text(d.punter), "banker": fraction_text(d.banker),
         "deviator": d.who, "cost": fraction_text(d.cost)} for d in deviations(solution)]
    return out
