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
from typing import Callable

from exact_odds.games.banque.hands import FIVE_HOLDINGS
from exact_odds.games.banque.knows import KINDS, InfoSet, KnowsGame, knows_evs, knows_gaps
from exact_odds.games.banque.knows_mixed import MIXED_SEARCHED, _Coefficients, exact_support, mixed_candidates
from exact_odds.games.banque.model import BanqueError, exact_probability

H = len(FIVE_HOLDINGS)

KNOWS_SEARCHED_FINITE = ("both punters pure on every holding (all 1024 profiles), the banker's mixes by an exact LP",)
#: Why the mixed-holding class is not searched at theta = 0 or 1 (a finite shoe).
KNOWS_NOT_MIXED_AT_ENDS = ("at theta = 0 or 1 the banker ignores one tableau, so he is indifferent in thousands of "
                           "information sets (wherever the other tableau's result is settled) and the search with "
                           "one mixed holding per punter would take hours: only the pure profiles are searched there")
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


def solve_knows(game: KnowsGame, theta: Fraction = Fraction(1, 2), mixed: bool = True,
                progress: Callable[[int, int], None] | None = None) -> KnowsSearch:
    """Equilibria when punters know their two cards (module docstring for the classes searched).

    ``mixed``: for a finite shoe and 0 < theta < 1, also search the profiles
    where each punter mixes on at most one holding
    (:mod:`~exact_odds.games.banque.knows_mixed`; seconds to a few minutes;
    not at theta 0 or 1, :data:`KNOWS_NOT_MIXED_AT_ENDS`); ``progress(done,
    total)`` is called as its reduced games are searched."""
    if not isinstance(game, KnowsGame):
        raise TypeError(f"solve_knows needs a KnowsGame (from knows_game(shoe)), not {type(game).__name__}")
    if not isinstance(mixed, bool):
        raise TypeError(f"mixed must be True or False, not {type(mixed).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total), not {type(progress).__name__}")
    theta = exact_probability(theta, "theta")
    if game.shoe.is_infinite:
        return _solve_infinite(game, theta)
    pure = _solve_pure(game, theta)
    if not mixed or theta in (0, 1):  # theta 0 or 1: see KNOWS_NOT_MIXED_AT_ENDS
        return pure
    co = pure.game.__dict__["_co"][1]
    found, reduced, kept, points = mixed_candidates(co, progress)
    more = []
    for x, y, banker in sorted(found, key=lambda f: ([float(v) for v in f[0]], [float(v) for v in f[1]])):
        more.append(_checked(game, theta, x, y, banker))
    searched = KNOWS_SEARCHED_FINITE + (MIXED_SEARCHED + f" ({kept} of {reduced} reduced games left by the "
                                        "pruning, each searched exactly)",)
    return KnowsSearch(game, theta, pure.equilibria + tuple(more), searched, False, pure.candidates + points)


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

    cached = game.__dict__.get("_co")
    co = cached[1] if cached and cached[0] == theta else _Coefficients(game, theta)
    object.__setattr__(game, "_co", (theta, co))
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
        banker = exact_support(co, x, y)
        if banker is not None:
            found.append(_checked(game, theta, x, y, banker))
    return KnowsSearch(game, theta, tuple(found), KNOWS_SEARCHED_FINITE, False, len(pures) ** 2)


def _checked(game: KnowsGame, theta, x, y, banker) -> KnowsEquilibrium:
    gaps = knows_gaps(game, theta, x, y, banker)
    if gaps != (0, 0, 0):  # never return something that is not an equilibrium
        raise BanqueError(f"internal check failed: not an equilibrium (gains from deviating {gaps})")
    last = game.__dict__.get("_last_evs")  # the EVs knows_gaps just priced for this profile
    left, right = last[3] if last and last[:3] == (x, y, banker) else knows_evs(game, x, y, banker)
    mixed = tuple(k for k, v in banker.items() if 0 < v < 1)
    return KnowsEquilibrium(theta, x, y, banker, mixed, left, right, gaps)
