"""Equilibria of banque when each punter knows his two cards (:mod:`exact_odds.games.banque.knows`).

What is searched (:data:`KNOWS_SEARCHED`), exactly:

* **With replacement** (``Shoe.infinite()``) the whole game. The counts are
  first checked exactly to depend on a punter's strategy only through his
  overall probability of drawing on 5 (every holding's counts are its share
  of the total model's); then every equilibrium of the total model
  (:func:`~exact_odds.games.banque.equilibrium.solve_banque`) is one here with
  the same probability on every holding, and every equilibrium here has the
  average of one of them.
* **A finite shoe**: every profile where both punters play pure per holding
  (2^5 x 2^5 = 1024), the banker's reply exact, with an exact LP for his
  mixes where he is indifferent. Floats only screen out profiles far from
  every condition; each one kept is decided in integers. Profiles where a
  punter mixes on some holding are NOT searched; when none of the 1024 is
  an equilibrium the search says so and returns none.

Every equilibrium returned is checked again by
:func:`~exact_odds.games.banque.knows.knows_gaps` (gains from deviating all 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from exact_odds.games.banque.hands import FIVE_HOLDINGS
from exact_odds.games.banque.knows import (
    KINDS, InfoSet, KnowsGame, holding_weights, knows_evs, knows_gaps,
)
from exact_odds.games.banque.model import N_ACTIONS, STOOD, BanqueError, exact_probability

H = len(FIVE_HOLDINGS)

KNOWS_SEARCHED_FINITE = ("both punters pure on every holding (all 1024 profiles), the banker's mixes by an exact LP",)
KNOWS_SEARCHED_INFINITE = ("every profile: with replacement the holding is checked exactly to change nothing "
                           "but the overall probability of drawing on 5, so the total model's search applies",)


@dataclass(frozen=True)
class KnowsEquilibrium:
    """One exact equilibrium: ``x``, ``y`` the punters' probabilities of drawing
    per holding (:data:`FIVE_HOLDINGS`), ``banker`` per information set."""

    theta: Fraction
    x: tuple[Fraction, ...]
    y: tuple[Fraction, ...]
    banker: dict[InfoSet, Fraction] = field(repr=False)
    mixed: tuple[InfoSet, ...]
    left_ev: Fraction
    right_ev: Fraction
    gaps: tuple[Fraction, Fraction, Fraction]

    @property
    def banker_edge(self) -> Fraction:
        return -(self.theta * self.left_ev + (1 - self.theta) * self.right_ev)


@dataclass(frozen=True)
class KnowsSearch:
    """Every equilibrium found at ``theta`` and the classes searched."""

    game: KnowsGame = field(repr=False)
    theta: Fraction
    equilibria: tuple[KnowsEquilibrium, ...]
    searched: tuple[str, ...]
    whole_game: bool  # the search covers every profile (with replacement)
    candidates: int

    @property
    def unique(self) -> bool:
        return len({(e.x, e.y) for e in self.equilibria}) == 1


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

    def __init__(self, game: KnowsGame, theta: Fraction):
        import numpy as np

        self.sets = game.info_sets()
        h = np.array([s[0] for s in self.sets])
        la = np.array([s[1] for s in self.sets])
        ra = np.array([s[2] for s in self.sets])
        self.la, self.ra = la, ra
        tn, td = theta.numerator, theta.denominator
        gl, gr = game.gain_left, game.gain_right
        d = tn * (gl[:, 1] - gl[:, 0]) + (td - tn) * (gr[:, 1] - gr[:, 0])  # (h, la, fl, ra, fr)
        self.delta = d[h, la, :, ra, :]  # (sets, fl, fr): exact
        sg = np.array(_sigma(), dtype=object)
        # the left punter's ways gained by drawing on holding k: -sigma(la) * gl[h, ch, la, k, ra, fr]
        self.pl = [(-sg[la])[:, None, None] * gl[h, ch, la, 1:, ra, :] for ch in (0, 1)]  # (sets, k, fr)
        self.pr = [(-sg[ra])[:, None, None] * gr[h, ch, la, :, ra, 1:].transpose(0, 2, 1) for ch in (0, 1)]

    def weights(self, p, acts):
        """(sets, KINDS) integer weights of the five flags for pure p (0/1 per holding)."""
        import numpy as np

        w = np.array(holding_weights([Fraction(v) for v in p]), dtype=np.int64)
        return w[acts]


def solve_knows(game: KnowsGame, theta: Fraction = Fraction(1, 2)) -> KnowsSearch:
    """Equilibria when punters know their two cards (module docstring for the classes searched)."""
    if not isinstance(game, KnowsGame):
        raise TypeError(f"solve_knows needs a KnowsGame (from knows_game(shoe)), not {type(game).__name__}")
    theta = exact_probability(theta, "theta")
    if game.shoe.is_infinite:
        return _solve_infinite(game, theta)
    return _solve_pure(game, theta)


def holding_shares(game: KnowsGame) -> tuple[Fraction, ...]:
    """P(holding k | a two-card 5) for one tableau dealt first from the full shoe."""
    c = list(game.shoe.value_counts)
    dec = 0 if game.shoe.is_infinite else 1
    ways = [c[a] * (c[b] - dec * (a == b)) * (1 if a == b else 2) for a, b in FIVE_HOLDINGS]
    tot = sum(ways)
    return tuple(Fraction(w, tot) for w in ways)


def _holding_irrelevant(game: KnowsGame) -> bool:
    """Exactly: each holding's counts are its share of all the 5s' counts
    (so the game depends on x only through sum_k share_k x_k)."""
    import numpy as np

    from math import lcm

    shares = holding_shares(game)
    den = lcm(*(s.denominator for s in shares))
    ints = [int(s * den) for s in shares]
    for g in (game.gain_left, game.gain_right):
        for axis in (3, 5):
            fives = np.take(g, range(1, KINDS), axis=axis)
            tot = fives.sum(axis=axis)
            for k in range(H):
                if not (np.take(fives, k, axis=axis) * den == tot * ints[k]).all():
                    return False
    return True


def _solve_infinite(game: KnowsGame, theta: Fraction) -> KnowsSearch:
    from exact_odds.games.banque.equilibrium import solve_banque
    from exact_odds.games.banque.game import cached_game
    from exact_odds.games.banque.surd import Surd

    if not _holding_irrelevant(game):  # never expected with replacement: refuse rather than guess
        raise BanqueError("internal check failed: with replacement a punter's holding changed the counts")
    total = solve_banque(cached_game(game.shoe), theta)
    found = []
    for e in total.equilibria:
        if isinstance(e.x, Surd) or isinstance(e.y, Surd):
            raise BanqueError("an irrational equilibrium of the total model cannot be checked in this model")
        x, y = (e.x,) * H, (e.y,) * H
        found.append(_checked(game, theta, x, y, dict(e.banker)))
    return KnowsSearch(game, theta, tuple(found), KNOWS_SEARCHED_INFINITE, True, total.candidates)


def _solve_pure(game: KnowsGame, theta: Fraction) -> KnowsSearch:
    import numpy as np

    co = _Coefficients(game, theta)
    n = len(co.sets)
    pures = list(product((0, 1), repeat=H))
    dl = np.array([[float(v) for v in row.ravel()] for row in co.delta], dtype=float).reshape(n, KINDS, KINDS) \
        if n else np.zeros((0, KINDS, KINDS))
    size = np.abs(dl).sum(axis=(1, 2)) + 1.0
    wl = np.array([co.weights(p, co.la) for p in pures], dtype=float)  # (P, sets, KINDS)
    wr = np.array([co.weights(p, co.ra) for p in pures], dtype=float)
    t = np.einsum("pif,ifg->pig", wl, dl)
    delta = np.einsum("pig,qig->pqi", t, wr)  # (P, Q, sets)
    near = np.abs(delta) <= 1e-9 * size
    s = (delta > 0) & ~near

    def floats(a):
        return np.array([float(v) for v in a.ravel()], dtype=float).reshape(a.shape)

    pl0, pl1 = floats(co.pl[0]), floats(co.pl[1])  # (sets, k, fr)
    pr0, pr1 = floats(co.pr[0]), floats(co.pr[1])  # (sets, l, fl)
    al = np.einsum("qig,ikg->qik", wr, pl0)  # (Q, sets, k): the left's gain if the banker stands
    bl = np.einsum("qig,ikg->qik", wr, pl1) - al  # ... the change if he draws
    ar = np.einsum("pif,ilf->pil", wl, pr0)
    br = np.einsum("pif,ilf->pil", wl, pr1) - ar
    d_left = al.sum(axis=1)[None, :, :] + np.einsum("pqi,qik->pqk", s, bl)  # (P, Q, k)
    d_right = ar.sum(axis=1)[:, None, :] + np.einsum("pqi,pil->pql", s, br)
    free_l = np.einsum("pqi,qik->pqk", near, np.abs(bl))
    free_r = np.einsum("pqi,pil->pql", near, np.abs(br))
    scale = np.abs(al).sum(axis=1)[None] + np.abs(bl).sum(axis=1)[None] + 1.0
    scale_r = np.abs(ar).sum(axis=1)[:, None] + np.abs(br).sum(axis=1)[:, None] + 1.0
    px = np.array(pures, dtype=bool)
    ok_l = np.where(px[:, None, :], d_left + free_l >= -1e-9 * scale, d_left - free_l <= 1e-9 * scale).all(axis=2)
    ok_r = np.where(px[None, :, :], d_right + free_r >= -1e-9 * scale_r,
                    d_right - free_r <= 1e-9 * scale_r).all(axis=2)
    found = []
    cands = list(zip(*np.nonzero(ok_l & ok_r)))
    for p, q in cands:
        x = tuple(Fraction(v) for v in pures[p])
        y = tuple(Fraction(v) for v in pures[q])
        banker = _exact_support(game, co, theta, x, y)
        if banker is not None:
            found.append(_checked(game, theta, x, y, banker))
    return KnowsSearch(game, theta, tuple(found), KNOWS_SEARCHED_FINITE, False, len(pures) ** 2)


def _exact_support(game: KnowsGame, co: _Coefficients, theta, x, y) -> dict[InfoSet, Fraction] | None:
    """Banker mixes that make the pure (x, y) an equilibrium, or None (exact LP)."""
    import numpy as np

    from exact_odds.games.banque.equilibrium import _lp

    wl = co.weights(x, co.la).astype(object)
    wr = co.weights(y, co.ra).astype(object)
    delta = (wl[:, :, None] * co.delta * wr[:, None, :]).sum(axis=(1, 2))
    s = np.array([int(v > 0) for v in delta], dtype=object)
    free = [i for i, v in enumerate(delta) if v == 0]
    conds = []
    for pl, w, p in ((co.pl, wr, x), (co.pr, wl, y)):
        a = (w[:, None, :] * pl[0]).sum(axis=2)  # (sets, k)
        b = (w[:, None, :] * pl[1]).sum(axis=2) - a
        for k in range(H):
            base = int(a[:, k].sum() + (s * b[:, k]).sum())
            want = "ge" if p[k] == 1 else "le"
            conds.append((base, [int(b[i, k]) for i in free], want))
    if free:
        sol = _lp(conds, len(free))
        if sol is None:
            return None
    else:
        if not all((b >= 0) if w == "ge" else (b <= 0) for b, _, w in conds):
            return None
        sol = []
    banker = {info: Fraction(int(v)) for info, v in zip(co.sets, s)}
    for i, v in zip(free, sol):
        banker[co.sets[i]] = v
    return banker


def _checked(game: KnowsGame, theta, x, y, banker) -> KnowsEquilibrium:
    gaps = knows_gaps(game, theta, x, y, banker)
    if gaps != (0, 0, 0):  # never return something that is not an equilibrium
        raise BanqueError(f"internal check failed: not an equilibrium (gains from deviating {gaps})")
    last = game.__dict__.get("_last_evs")  # the EVs knows_gaps just priced for this profile
    left, right = last[3] if last and last[:3] == (x, y, banker) else knows_evs(game, x, y, banker)
    mixed = tuple(k for k, v in banker.items() if 0 < v < 1)
    return KnowsEquilibrium(theta, x, y, banker, mixed, left, right, gaps)
