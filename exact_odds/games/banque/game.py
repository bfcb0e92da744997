"""Banque as a three-person game: the counts behind every strategy profile.

:func:`banque_game` walks a shoe once, like :func:`~exact_odds.games.banque.walk.banque_walk`,
but keeps the punters' choice at 5 apart: for each banker information set it
keeps the ways of every (left action, left five flag, left result, right
action, right five flag, right result), both if the banker draws and if he
stands. The five flag marks a tableau that holds a two-card 5 (its action is
then "stood" or "drew t" by the punter's choice). So a strategy profile

* ``p_left``, ``p_right``: each punter's probability of drawing on 5 (the
  punter sees his total only);
* ``banker[I]``: the banker's probability of drawing in information set
  ``I`` (his two cards, or his total when cards are drawn with replacement,
  and both tableaux's visible actions)

is priced exactly from the same counts: a hand with the five flag weighs
``p`` (it drew) or ``1 - p`` (it stood); the banker's two branches weigh
``s`` and ``1 - s``. Every payoff is multilinear in the strategies.

Counting: nine-card sequences, as the walk (docs/methods/banque.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from exact_odds.games.banque.hands import ShoeKernel, banker_pair_block, kernel_dtype
from exact_odds.games.banque.model import (
    LOSE, N_ACTIONS, PAIR_INDEX, PAIRS, STOOD, WIN, InfoSet, check_shoe, decision_sets, third_card,
)
from exact_odds.rules.deal import deal_two_cards, hand_total, is_natural, unused_ways
from exact_odds.rules.shoe import Shoe

if TYPE_CHECKING:
    from numpy.typing import NDArray

#: An information set of the banker: (his holding, left action, right action).
#: The holding is a pair number (an index into PAIRS) for a finite shoe, and
#: his two-card total (0-7) for the infinite deck (drawing with replacement).


@dataclass(frozen=True, eq=False)
class BanqueGame:
    """The counts of one shoe, with the punters' choices at 5 kept apart.

    ``gain_left[h, choice, la, fl, ra, fr]``: the banker's ways won minus
    ways lost against the left tableau (nine-card convention), holding h,
    ``choice`` 0 stand / 1 draw, actions la and ra, five flags fl and fr.
    ``gain_right`` likewise against the right tableau. ``joint[h, choice,
    la, fl, rl, ra, fr, rr]``: the ways of each pair of results (for pricing
    the middle bet). ``forced``: ways of the nine (left, right) results of
    coups that end on the banker's natural. ``total``: the denominator.
    ``holdings``: what the banker knows of his hand, one label per index h.
    """

    shoe: Shoe
    gain_left: NDArray[Any]
    gain_right: NDArray[Any]
    joint: NDArray[Any]
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
        return decision_sets(self.joint.sum(axis=(1, 3, 4, 6, 7)) != 0, self.holding_totals)  # (h, la, ra)


def _five_weights(p):
    """Weight of (action, five flag) for a punter who draws on 5 with probability p
    (a Fraction, or a quadratic surd)."""
    w = [[Fraction(1), Fraction(0)] for _ in range(N_ACTIONS)]
    w[STOOD][1] = 1 - p
    for a in range(1, 11):
        w[a][1] = p
    return w


def five_weights(p) -> list[list[Any]]:
    """The (action, five flag) weights for drawing on 5 with probability ``p``."""
    return _five_weights(p)


@dataclass(frozen=True)
class WalkFrame:
    """What every walk of the game (:func:`banque_game`, and
    :func:`~exact_odds.games.banque.knows.knows_game`) sets up for one shoe."""

    infinite: bool
    counts: list[int]  # the shoe's value counts, lent to deal_two_cards while walking
    dtype: Any  # int64, or object (Python ints) above the kernel's bound
    dec: int  # 1 without replacement, 0 with
    tail: Any  # ways of the unused cards by (left action, right action, banker's choice)
    holdings: tuple[str, ...]  # the banker's holdings: two cards, or a total with replacement
    totals: tuple[int, ...]
    index: dict[tuple[int, int], int]  # two card values -> holding
    scale6: int  # unused ways after six cards (a banker's natural)


def walk_frame(np: Any, shoe: Shoe) -> WalkFrame:
    """The shoe's :class:`WalkFrame` (``np`` the numpy module)."""
    infinite = shoe.is_infinite
    c = list(shoe.value_counts)
    n = sum(c)
    dtype = kernel_dtype(np, n)
    tail = np.empty((N_ACTIONS, N_ACTIONS, 2), dtype=object)
    for la in range(N_ACTIONS):
        for ra in range(N_ACTIONS):
            k = 6 + (third_card(la) is not None) + (third_card(ra) is not None)
            tail[la, ra, 0] = unused_ways(shoe, k, 9)
            tail[la, ra, 1] = unused_ways(shoe, k + 1, 9)
    if infinite:
        holdings = tuple(f"total {t}" for t in range(10))
        totals = tuple(range(10))
        index = {(a, b): hand_total(a, b) for a, b, _ in PAIRS}
    else:
        holdings = tuple(f"{_name(a)}-{_name(b)}" for a, b, _ in PAIRS)
        totals = tuple(hand_total(a, b) for a, b, _ in PAIRS)
        index = {(a, b): k for k, (a, b, _) in enumerate(PAIRS)}
    return WalkFrame(infinite, c, dtype, 0 if infinite else 1, tail, holdings, totals, index,
                     unused_ways(shoe, 6, 9))


def banker_holdings(np: Any, frame: WalkFrame, forced: list[int], kinds: int = 2):
    """Each banker's two cards that are not a natural, in turn: (holding, ways, the kernel's (stand,
    draw) blocks with ``kinds`` five flags). A natural is counted into ``forced`` instead."""
    c = frame.counts
    kernel = ShoeKernel(np, c, frame.infinite, kinds) if frame.dtype is np.int64 else None
    for b1, b2, wb in deal_two_cards(c, frame.dec):  # the banker's two cards, out of c while yielded
        bt = hand_total(b1, b2)
        if is_natural(bt):
            _natural_counts(np, c, frame.dec, bt, wb * frame.scale6, forced)
            continue
        if kernel is None:
            blocks = banker_pair_block(np, c, frame.infinite, bt, frame.dtype, kinds)
        else:
            blocks = kernel.block(PAIR_INDEX[b1, b2], c, bt)
        yield frame.index[b1, b2], wb, blocks


def banque_game(shoe: Shoe) -> BanqueGame:
    """Walk ``shoe`` once, keeping the punters' choices at 5 apart (module docstring)."""
    import numpy as np

    check_shoe(shoe)
    frame = walk_frame(np, shoe)
    infinite = frame.infinite
    joint = np.zeros((len(frame.holdings), 2, N_ACTIONS, 2, 3, N_ACTIONS, 2, 3), dtype=object)
    forced = [0] * 9
    for h, wb, blocks in banker_holdings(np, frame, forced):
        for choice, m in enumerate(blocks):
            x = m.reshape(N_ACTIONS, 2, 3, N_ACTIONS, 2, 3).astype(object)
            joint[h, choice] += x * (wb * frame.tail[:, None, None, :, None, None, choice])
    if infinite:  # with replacement a natural's cards tell nothing: one "natural" action per tableau
        joint[:, :, 11] = joint[:, :, 11:].sum(axis=2)
        joint[:, :, 12:] = 0
        joint[:, :, :, :, :, 11] = joint[:, :, :, :, :, 11:].sum(axis=5)
        joint[:, :, :, :, :, 12:] = 0
    sign = np.array([0, 0, 0], dtype=object)
    sign[LOSE], sign[WIN] = 1, -1
    gain_left = np.tensordot(joint, sign, axes=([4], [0])).sum(axis=-1)  # (h, ch, la, fl, ra, fr)
    gain_right = np.tensordot(joint, sign, axes=([7], [0])).sum(axis=4)
    total = unused_ways(shoe, 0, 9)
    return BanqueGame(shoe, gain_left, gain_right, joint, tuple(forced), total, frame.holdings, frame.totals)


def _name(v: int) -> str:
    return "T" if v == 0 else str(v)


def _natural_counts(np, c, dec, bt, scale, forced):
    """The banker's natural: both tableaux compare their two cards (numpy over the 55 x 55 pairs)."""
    a, b, m, tot = _pair_arrays(np)
    cx = np.array(c, dtype=object)
    same = (a == b).astype(object) * dec
    w_left = m * cx[a] * (cx[b] - same)
    used = np.zeros((len(a), 10), dtype=object)
    for i in range(len(a)):
        used[i, a[i]] += dec
        used[i, b[i]] += dec
    w_right = m[None, :] * (cx[a][None, :] - used[:, a]) * (cx[b][None, :] - used[:, b] - same[None, :])
    w = w_left[:, None] * w_right
    res = np.where(tot > bt, 0, np.where(tot == bt, 1, 2))  # WIN, TIE, LOSE
    for i in range(3):
        for j in range(3):
            forced[3 * i + j] += int(w[np.ix_(res == i, res == j)].sum()) * scale


@lru_cache(maxsize=1)
def _pair_arrays(np):
    a = np.array([p[0] for p in PAIRS])
    b = np.array([p[1] for p in PAIRS])
    m = np.array([p[2] for p in PAIRS], dtype=object)
    tot = np.array([hand_total(x, y) for x, y, _ in PAIRS])
    return a, b, m, tot


@lru_cache(maxsize=4)
def cached_game(shoe: Shoe) -> BanqueGame:
    """:func:`banque_game`, cached per shoe."""
    return banque_game(shoe)


def action_name(game: BanqueGame, action: int) -> str:
    """What the banker sees of one tableau, in words: 'stood', 'drew 7', 'natural 4-5'."""
    from exact_odds.games.banque.model import NATURAL_PAIRS

    if action == STOOD:
        return "stood"
    if 1 <= action <= 10:
        return f"drew {action - 1}"
    if game.by_total:
        return "natural"
    a, b, _ = NATURAL_PAIRS[action - 11]
    return f"natural {_name(a)}-{_name(b)}"


def info_set_name(game: BanqueGame, info: InfoSet) -> tuple[str, str, str]:
    """(banker's holding, left action, right action) in words."""
    h, la, ra = info
    return game.holdings[h], action_name(game, la), action_name(game, ra)
