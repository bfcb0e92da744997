"""Banque when each punter knows his two cards: one probability of drawing per two-card 5.

Under the total model (:mod:`exact_odds.games.banque.game`) a punter who
holds 5 sees only his total. Here he sees his two cards, and his strategy at
5 is one probability of drawing per *holding*, the two values of his cards:
{0, 5}, {1, 4}, {2, 3}, {6, 9}, {7, 8} (:data:`FIVE_HOLDINGS`; 0 is a ten or
a face card).

**Ranks do not matter.** Every payoff depends on card values only, and the
values left in the shoe after a holding depend only on the holding's values
(a K-5 and a 10-5 leave the same value counts). So a strategy that tells a
K-5 from a 10-5 earns exactly what its average over the two earns, against
any banker strategy, and the banker cannot tell them apart either (he sees
"stood" or the third card). Values are the whole story; suits likewise.

**With replacement** (``Shoe.infinite()``) the holding tells nothing about the
cards to come, so a punter's gain from drawing is the same for every holding
of 5, and the game depends on his strategy only through his overall
probability of drawing on 5, ``sum_k P(k | 5) x_k``. The equilibria are then
exactly those of the total model, spread over the holdings in any way with
the same average (:func:`~exact_odds.games.banque.knows_search.solve_knows`
checks that identity exactly on the counts before using it).

:func:`knows_game` walks the shoe once with the banque kernel, keeping a
tableau's 5 apart by holding (five flag 1-5, 0 for every other hand), and
keeps the banker's ways won minus lost against each tableau per information
set, holding of either tableau and banker choice. The banker's information
sets are those of the total model.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from exact_odds.games.banque.hands import FIVE_HOLDINGS
from exact_odds.games.banque.model import (
    LOSE, N_ACTIONS, STOOD, WIN, InfoSet, check_shoe, decision_sets, exact_probability,
)
from exact_odds.rules.deal import unused_ways
from exact_odds.games.banque.surd import Surd
from exact_odds.rules.shoe import Shoe

if TYPE_CHECKING:
    from numpy.typing import NDArray

KINDS = 1 + len(FIVE_HOLDINGS)  # five flag 0 (not a two-card 5) and the holdings 1-5



def holding_name(k: int) -> str:
    """Holding k (0-4 in :data:`FIVE_HOLDINGS`) in words, such as '1-4' or 'T-5'."""
    a, b = FIVE_HOLDINGS[k]
    return f"{'T' if a == 0 else a}-{b}"


@dataclass(frozen=True, eq=False)
class KnowsGame:
    """The counts of one shoe with each tableau's 5 kept apart by holding.

    ``gain_left[h, choice, la, fl, ra, fr]``: the banker's ways won minus lost
    against the left tableau (nine-card sequences, as the walk), his holding
    h, ``choice`` 0 stand / 1 draw, the tableaux's actions la, ra and five
    flags fl, fr (0: no two-card 5; k = 1-5: a 5 of holding ``FIVE_HOLDINGS[k
    - 1]``). ``gain_right`` likewise. ``live[h, la, ra]``: whether the set can
    occur. ``forced``: the nine (left, right) results of coups ending on the
    banker's natural. ``total``: the denominator."""

    shoe: Shoe
    gain_left: NDArray[Any]
    gain_right: NDArray[Any]
    live: NDArray[Any]
    forced: tuple[int, ...]
    total: int
    holdings: tuple[str, ...]
    holding_totals: tuple[int, ...]

    @property
    def by_total(self) -> bool:
        """The banker's holding is his total (with replacement), not his two cards."""
        return self.shoe.is_infinite

    def info_sets(self) -> list[InfoSet]:
        """Every information set where the banker decides and that can occur."""
        return decision_sets(self.live, self.holding_totals)


def knows_game(shoe: Shoe) -> KnowsGame:
    """Walk ``shoe`` once, keeping each tableau's 5 apart by holding (module docstring)."""
    import numpy as np

    from exact_odds.games.banque.game import banker_holdings, walk_frame

    check_shoe(shoe)
    frame = walk_frame(np, shoe)
    infinite, holdings, totals = frame.infinite, frame.holdings, frame.totals
    shape = (len(holdings), 2, N_ACTIONS, KINDS, N_ACTIONS, KINDS)
    gl = np.zeros(shape, dtype=object)
    gr = np.zeros(shape, dtype=object)
    live = np.zeros((len(holdings), N_ACTIONS, N_ACTIONS), dtype=bool)
    forced = [0] * 9
    sign = np.zeros(3, dtype=np.int64)
    sign[LOSE], sign[WIN] = 1, -1
    for h, wb, blocks in banker_holdings(np, frame, forced, KINDS):
        for choice, m in enumerate(blocks):
            x = m.reshape(N_ACTIONS, KINDS, 3, N_ACTIONS, KINDS, 3)
            if choice == 0:
                live[h] |= x.sum(axis=(1, 2, 4, 5)) != 0
            left = np.tensordot(x, sign.astype(x.dtype), axes=([2], [0])).sum(axis=-1)  # (la, fl, ra, fr)
            right = np.tensordot(x, sign.astype(x.dtype), axes=([5], [0])).sum(axis=2)
            scale = wb * frame.tail[:, None, :, None, choice]
            gl[h, choice] += left.astype(object) * scale
            gr[h, choice] += right.astype(object) * scale
    if infinite:  # with replacement a natural's cards tell nothing: one "natural" action per tableau
        for g in (gl, gr):
            g[:, :, 11] = g[:, :, 11:].sum(axis=2)
            g[:, :, 12:] = 0
            g[:, :, :, :, 11] = g[:, :, :, :, 11:].sum(axis=4)
            g[:, :, :, :, 12:] = 0
        live[:, 11] = live[:, 11:].any(axis=1)
        live[:, 12:] = False
        live[:, :, 11] = live[:, :, 11:].any(axis=2)
        live[:, :, 12:] = False
    return KnowsGame(shoe, gl, gr, live, tuple(forced), unused_ways(shoe, 0, 9), holdings, totals)


def _prob(v: Any, name: str) -> Any:
    """A probability: a Fraction in [0, 1] or a quadratic surd in [0, 1] (an irrational equilibrium)."""
    if isinstance(v, Fraction) and 0 <= v <= 1:
        return v
    from exact_odds.games.banque.model import BanqueError

    if isinstance(v, Surd):
        if not 0 <= v <= 1:
            raise BanqueError(f"{name} must be between 0 and 1, not {v}")
        return v
    return exact_probability(v, name)


def _strategy(p: Sequence[Any], name: str) -> tuple[Any, ...]:
    if isinstance(p, (str, bytes)) or not hasattr(p, "__len__") or len(p) != len(FIVE_HOLDINGS):
        raise TypeError(f"{name} must be {len(FIVE_HOLDINGS)} probabilities of drawing, one per holding "
                        f"{', '.join(holding_name(k) for k in range(len(FIVE_HOLDINGS)))}")
    return tuple(_prob(v, f"{name}[{k}]") for k, v in enumerate(p))


def _den(values) -> int:
    """The common denominator of the rational values (surds are kept as they are)."""
    from math import lcm

    return lcm(1, *(Fraction(v).denominator for v in values if not isinstance(v, Surd)))


def _scaled(v: Any, den: int) -> Any:
    """v * den: an int for a rational v (den a multiple of its denominator), a surd otherwise."""
    return v * den if isinstance(v, Surd) else int(v * den)


def _ratio(v: Any, den: int) -> Any:
    """v / den exactly: a Fraction, or a surd."""
    return v / den if isinstance(v, Surd) else Fraction(int(v), den)


def holding_weights(p: Sequence[Fraction]) -> list[list[Fraction]]:
    """Weight of (action, five flag) for a punter who draws on holding k with probability p[k]."""
    w = [[Fraction(1)] + [Fraction(0)] * len(FIVE_HOLDINGS) for _ in range(N_ACTIONS)]
    for k, q in enumerate(p, start=1):
        w[STOOD][k] = 1 - q
        for a in range(1, 11):
            w[a][k] = q
    return w


def knows_evs(game: KnowsGame, x: Sequence[Fraction], y: Sequence[Fraction],
              banker: dict[InfoSet, Fraction]) -> tuple[Fraction, Fraction]:
    """Each tableau's EV (even money, a tie pushes) under a profile, exactly:
    ``x``, ``y`` one probability of drawing per holding (:data:`FIVE_HOLDINGS`),
    ``banker`` a probability of drawing per information set (missing: stands).
    Probabilities are Fractions, or quadratic surds (:mod:`~exact_odds.games.banque.surd`)
    for an irrational equilibrium; the EVs are then surds too."""
    if not isinstance(game, KnowsGame):
        raise TypeError(f"knows_evs needs a KnowsGame (from knows_game(shoe)), not {type(game).__name__}")
    return _evs(game, _against(game, banker), _strategy(x, "x"), _strategy(y, "y"))


def _against(game: KnowsGame, banker: dict[InfoSet, Fraction]):
    """The banker's ways won minus lost against each tableau, by (la, fl, ra, fr),
    his play fixed (times the mixes' common denominator, returned with it)."""
    import numpy as np

    if not isinstance(banker, dict):
        raise TypeError(f"banker must be a dict of information set -> probability of drawing, "
                        f"not {type(banker).__name__}")
    mixes = {k: _prob(v, "the banker's probability of drawing") for k, v in banker.items()}
    den_s = _den(mixes.values())
    s = np.zeros(game.live.shape, dtype=object)
    for (h, la, ra), v in mixes.items():
        s[h, la, ra] = _scaled(v, den_s)
    out = []
    for stand, change in _parts(game):
        out.append(stand * den_s + (change * s[:, :, None, :, None]).sum(axis=0))  # (la, fl, ra, fr)
    return out[0], out[1], den_s


def _parts(game: KnowsGame):
    """Cached on the game, per tableau: the ways if the banker stands everywhere,
    summed over his holdings, and the change per set when he draws instead."""
    parts = game.__dict__.get("_parts")
    if parts is None:
        parts = tuple((g[:, 0].sum(axis=0), g[:, 1] - g[:, 0]) for g in (game.gain_left, game.gain_right))
        object.__setattr__(game, "_parts", parts)
    return parts


def _evs(game: KnowsGame, against, x: Sequence[Fraction], y: Sequence[Fraction]) -> tuple[Fraction, Fraction]:
    import numpy as np

    tl, tr, den_s = against
    den_x, den_y = _den(x), _den(y)
    wl = np.array([[_scaled(v, den_x) for v in row] for row in holding_weights(x)], dtype=object)
    wr = np.array([[_scaled(v, den_y) for v in row] for row in holding_weights(y)], dtype=object)
    out = []
    for t in (tl, tr):
        ways = ((t * wr[None, None, :, :]).sum(axis=(2, 3)) * wl).sum()
        out.append(_ratio(-ways, game.total * den_s * den_x * den_y))
    f = game.forced
    left = Fraction(sum(f[3 * WIN + j] - f[3 * LOSE + j] for j in range(3)), game.total)
    right = Fraction(sum(f[3 * i + WIN] - f[3 * i + LOSE] for i in range(3)), game.total)
    return left + out[0], right + out[1]


def banker_deltas(game: KnowsGame, theta: Fraction, x, y) -> dict[InfoSet, Any]:
    """The banker's gain from drawing over standing, per information set, in
    ways times positive denominators (exact; only the sign is used): ints, or
    quadratic surds when x or y has one."""
    import numpy as np

    theta = exact_probability(theta, "theta")
    sets = game.info_sets()
    if any(hasattr(v, "d") for v in (*x, *y)):
        return _surd_deltas(game, theta, x, y, sets)
    dx, dy = _den(x), _den(y)
    wl = np.array([[_scaled(v, dx) for v in row] for row in holding_weights(x)], dtype=object)
    wr = np.array([[_scaled(v, dy) for v in row] for row in holding_weights(y)], dtype=object)
    la, ra, d = _set_gains(game, theta, sets)
    vals = (wl[la][:, :, None] * d * wr[ra][:, None, :]).sum(axis=(1, 2))
    return dict(zip(sets, (v if hasattr(v, "d") else int(v) for v in vals)))


def _set_gains(game: KnowsGame, theta: Fraction, sets) -> tuple[Any, Any, Any]:
    """The banker's information sets ``(his two cards, left action, right action)``: their
    left and right actions as index arrays, and in each set what drawing gains him over
    standing, ``theta * left + (1 - theta) * right``, by the two tableaux's five-holdings
    (exact integers: theta's denominator times the gain)."""
    import numpy as np

    h = np.array([s[0] for s in sets])
    la = np.array([s[1] for s in sets])
    ra = np.array([s[2] for s in sets])
    gl, gr = game.gain_left, game.gain_right
    tn, td = theta.numerator, theta.denominator
    gains = tn * (gl[h, 1, la, :, ra, :] - gl[h, 0, la, :, ra, :]) + (td - tn) * (gr[h, 1, la, :, ra, :]
                                                                                 - gr[h, 0, la, :, ra, :])
    return la, ra, gains


def _surd_split(values, d: int):
    """Integer arrays (P, Q) and a denominator with values = (P + Q sqrt(d)) / den."""
    import numpy as np
    from math import lcm

    flat = [(Fraction(v.a), Fraction(v.b)) if hasattr(v, "d") else (Fraction(v), Fraction(0))
            for v in np.asarray(values, dtype=object).ravel()]
    den = lcm(1, *(a.denominator for a, _ in flat), *(b.denominator for _, b in flat))
    shape = np.shape(values)
    p = np.array([int(a * den) for a, _ in flat], dtype=object).reshape(shape)
    q = np.array([int(b * den) for _, b in flat], dtype=object).reshape(shape)
    return p, q, den


def _surd_deltas(game: KnowsGame, theta: Fraction, x, y, sets) -> dict[InfoSet, Any]:
    """:func:`banker_deltas` when x or y has a quadratic surd: the weights split
    into integer rational and sqrt(d) parts, so the sums stay in integers."""
    ds = {v.d for v in (*x, *y) if hasattr(v, "d")}
    if len(ds) != 1:
        raise ValueError("surds with different square roots")
    d = ds.pop()
    pl, ql, dl = _surd_split(holding_weights(x), d)
    pr, qr, dr = _surd_split(holding_weights(y), d)
    la, ra, m = _set_gains(game, theta, sets)

    def form(a, b):
        return (a[la][:, :, None] * m * b[ra][:, None, :]).sum(axis=(1, 2))

    rat = form(pl, pr) + d * form(ql, qr)
    irr = form(pl, qr) + form(ql, pr)
    return {info: Surd.of(Fraction(int(a)), Fraction(int(b)), d) for info, a, b in zip(sets, rat, irr)}


def knows_gaps(game: KnowsGame, theta: Fraction, x: Sequence[Fraction], y: Sequence[Fraction],
               banker: dict[InfoSet, Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """What each player gains by his best deviation (left, right, banker): all 0
    at an equilibrium. Exact, by pricing whole profiles: a punter's best reply
    is taken holding by holding (his EV is a sum over holdings, each linear in
    his own probability there), the banker's set by set."""
    if not isinstance(game, KnowsGame):
        raise TypeError(f"knows_gaps needs a KnowsGame (from knows_game(shoe)), not {type(game).__name__}")
    theta = exact_probability(theta, "theta")
    x, y = _strategy(x, "x"), _strategy(y, "y")
    against = _against(game, banker)
    ev_l, ev_r = _evs(game, against, x, y)
    gaps = []
    for side, p in ((0, x), (1, y)):
        best = list(p)
        for k in range(len(p)):
            vals = []
            for q in (Fraction(0), Fraction(1)):
                trial = list(p)
                trial[k] = q
                pair = _evs(game, against, trial, y) if side == 0 else _evs(game, against, x, trial)
                vals.append(pair[side])
            if vals[0] != vals[1]:
                best[k] = Fraction(int(vals[1] > vals[0]))
        evs = _evs(game, against, best, y) if side == 0 else _evs(game, against, x, best)
        gaps.append(evs[side] - (ev_l, ev_r)[side])
    best_s = dict(banker)
    for info, d in banker_deltas(game, theta, x, y).items():
        if d != 0:
            best_s[info] = Fraction(int(d > 0))
    bl, br = knows_evs(game, x, y, best_s)
    gaps.append(-(theta * bl + (1 - theta) * br) + (theta * ev_l + (1 - theta) * ev_r))
    object.__setattr__(game, "_last_evs", (x, y, dict(banker), (ev_l, ev_r)))
    return tuple(gaps)

