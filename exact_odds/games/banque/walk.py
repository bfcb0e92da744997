"""The banque walk: every coup of one shoe, grouped by what the banker sees.

One walk (:func:`banque_walk`) keeps, for each information set (the
banker's two cards and both tableaux's visible actions), the counts of the
nine joint results both if he draws and if he stands, so every policy and
every theta is priced from the same walk (:meth:`BanqueWalk.price`).
Counting: nine-card sequences, docs/rules.md §3 stretched to nine cards.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from exact_odds.games.banque.hands import ShoeKernel, banker_pair_block, kernel_dtype
from exact_odds.games.banque.model import (
    DRAW_AT_5, LOSE, MIN_BANQUE_CARDS, N_ACTIONS, PAIR_INDEX, STOOD, TIE, WIN, PunterFive, check_policy,
    check_shoe, exact_probability, third_card,
)
from exact_odds.games.banque.result import BanqueResult, BanqueWalk
from exact_odds.rules.deal import deal_two_cards, hand_total, is_natural, unused_ways
from exact_odds.rules.shoe import Shoe


def nine_card_total(shoe: Shoe) -> int:
    """The common denominator of banque counts: N(N-1)...(N-8), or 13**9."""
    return unused_ways(shoe, 0, MIN_BANQUE_CARDS)


def _unused(shoe: Shoe, k: int) -> int:
    """Ways to draw the 9 - k cards a k-card coup leaves unused."""
    return unused_ways(shoe, k, MIN_BANQUE_CARDS)


def banque_walk(shoe: Shoe, punter_five: PunterFive = DRAW_AT_5,
                python_ints: bool = False) -> BanqueWalk:
    """One walk of the banque coup for ``shoe`` (see the module docstring).

    ``python_ints`` forces the Python-integer path that shoes above the int64
    bound take (for tests)."""
    import numpy as np

    check_shoe(shoe)
    if not isinstance(punter_five, PunterFive):
        raise TypeError(f"punter_five must be a PunterFive, not {type(punter_five).__name__}")
    c = list(shoe.value_counts)
    q = Fraction(punter_five.q)
    qn, qd = q.numerator, q.denominator
    dtype = object if python_ints else kernel_dtype(np, sum(c))
    dec = 0 if shoe.is_infinite else 1

    forced = [0] * 9
    if qd == 1 and dtype is np.int64:  # a pure rule at 5: int64 through the kernel, see _pure_info
        info = _pure_info(np, shoe, c, dec, qn, forced)
    else:
        info = _mixed_info(np, shoe, c, dec, q, dtype, forced)
    return BanqueWalk(shoe, punter_five, info, tuple(forced), nine_card_total(shoe) * qd * qd)


def _mixed_info(np, shoe, c, dec, q, dtype, forced):
    """The walk's ``info`` for any rule at 5 (and any dtype): the kernel's (block, result) counts
    with the five flag, weighted by the punters' choice at 5 in Python integers."""
    qn, qd = q.numerator, q.denominator
    # five-flag weights per (action, five): regular hands qd; five-stand qd - qn; five-draw qn
    fw = np.empty((N_ACTIONS, 2), dtype=object)
    fw[:, 0] = qd
    fw[STOOD, 1] = qd - qn
    fw[1:11, 1] = qn
    fw[11:, 1] = 0
    # unused-card ways by (la, ra, choice)
    tail = np.empty((N_ACTIONS, N_ACTIONS, 2), dtype=object)
    for la in range(N_ACTIONS):
        for ra in range(N_ACTIONS):
            k = 6 + (third_card(la) is not None) + (third_card(ra) is not None)
            tail[la, ra, 0] = _unused(shoe, k)
            tail[la, ra, 1] = _unused(shoe, k + 1)
    info = np.zeros((55, 2, N_ACTIONS, 3, N_ACTIONS, 3), dtype=object)
    kernel = ShoeKernel(np, c, shoe.is_infinite) if dtype is np.int64 else None
    for b1, b2, wb in deal_two_cards(c, dec):  # the banker's two cards, out of c while yielded
        bt = hand_total(b1, b2)
        if is_natural(bt):
            _banker_natural(c, dec, wb, bt, forced, qd * qd * _unused(shoe, 6))
            continue
        if kernel is None:
            stand, draw = banker_pair_block(np, c, shoe.is_infinite, bt, dtype)
        else:
            stand, draw = kernel.block(PAIR_INDEX[b1, b2], c, bt)
        for choice, m in enumerate((stand, draw)):
            x = m.reshape(N_ACTIONS, 2, 3, N_ACTIONS, 2, 3).astype(object)
            x = (x * fw[:, :, None, None, None, None] * fw[None, None, None, :, :, None]).sum(axis=(1, 4))
            info[PAIR_INDEX[b1, b2], choice] = x * (wb * tail[:, None, :, None, choice])
    return info


def _pure_info(np, shoe, c, dec, q, forced):
    """The walk's ``info`` for punters who always (q = 1) or never (q = 0) draw on 5, below the int64
    bound: the kernel's counts per banker pair (:meth:`ShoeKernel.block`, the five flag summed out)
    stay int64; only the nonzero ones (under a third) become Python ints, each times the banker pair's
    ways and the unused cards' ways, which depend on the pair, his choice and the number of third
    cards only."""
    kernel = ShoeKernel(np, c, shoe.is_infinite)
    counts = np.zeros((55, 2, N_ACTIONS, 3, N_ACTIONS, 3), dtype=np.int64)
    scale = np.zeros((55, 2, 3), dtype=object)  # (pair, choice, third cards dealt to the tableaux)
    unused = [_unused(shoe, 6 + k) for k in range(4)]
    for b1, b2, wb in deal_two_cards(c, dec):  # the banker's two cards, out of c while yielded
        bt = hand_total(b1, b2)
        if is_natural(bt):
            _banker_natural(c, dec, wb, bt, forced, unused[0])
            continue
        p = PAIR_INDEX[b1, b2]
        counts[p, 0], counts[p, 1] = (x.reshape(N_ACTIONS, 3, N_ACTIONS, 3)
                                      for x in kernel.block(p, c, bt, q))
        for k in range(3):
            scale[p, 0, k] = wb * unused[k]
            scale[p, 1, k] = wb * unused[k + 1]
    flat = counts.ravel()
    nz = np.flatnonzero(flat)
    p_ch, rest = np.divmod(nz, (3 * N_ACTIONS) ** 2)
    third = _third_cards()[rest]
    info = np.zeros(counts.shape, dtype=object)
    info.ravel()[nz] = np.multiply(flat[nz], scale.ravel()[p_ch * 3 + third], dtype=object)
    return info


@lru_cache(maxsize=1)
def _third_cards():
    """Third cards the two tableaux drew, for each (la, rl, ra, rr) of one (pair, choice)."""
    import numpy as np

    k = np.array([third_card(a) is not None for a in range(N_ACTIONS)], dtype=np.int64)
    return (k[:, None, None, None] + k[None, None, :, None] + np.zeros((1, 3, 1, 3), dtype=np.int64)).ravel()


def _banker_natural(c, dec, wb, bt, forced, scale):
    """Banker natural: every hand stands on two cards and compares.

    The tableaux' four cards are dealt like punto banco's first four (left
    then right): the ways of each pair of two-card hands, 55 x 55, summed by
    the two results (``onehot.T @ w @ onehot``; numpy int64 while 4 N^4 * 55^2
    < 2^62, which bounds every sum, else Python ints)."""
    import numpy as np

    n = sum(c) + 2 * dec
    dtype = np.int64 if 4 * n**4 * 55 * 55 < 2**62 else object
    a, b, mult, tot, gone_a, gone_b = _natural_tables(dec)
    m = mult.astype(dtype)
    cx = np.array(c, dtype=dtype)
    w_left = m * cx[a] * (cx[b] - (a == b) * dec)
    w_right = m[None, :] * (cx[a][None, :] - gone_a) * (cx[b][None, :] - gone_b)
    w = w_left[:, None] * w_right
    onehot = (np.where(tot > bt, WIN, np.where(tot == bt, TIE, LOSE))[:, None] == np.arange(3)[None, :]).astype(dtype)
    by_result = onehot.T @ w @ onehot  # [left result, right result]
    for i in range(3):
        for j in range(3):
            forced[3 * i + j] += int(by_result[i, j]) * wb * scale


@lru_cache(maxsize=2)
def _natural_tables(dec):
    """For :func:`_banker_natural`: the 55 value pairs (a, b, multiplicity, total), and the cards of
    the value of the right pair's first and second card gone before it (the left pair's, and its own
    first), per (left pair, right pair)."""
    import numpy as np

    from exact_odds.games.banque.model import PAIRS

    a = np.array([p[0] for p in PAIRS])
    b = np.array([p[1] for p in PAIRS])
    used = np.zeros((len(PAIRS), 10), dtype=np.int64)
    used[np.arange(len(PAIRS)), a] += dec
    used[np.arange(len(PAIRS)), b] += dec
    same = (a == b).astype(np.int64) * dec
    tot = np.array([hand_total(x, y) for x, y, _ in PAIRS])
    return a, b, np.array([p[2] for p in PAIRS], dtype=np.int64), tot, used[:, a], used[:, b] + same[None, :]


def _compare(tableau: int, banker: int) -> int:
    return WIN if tableau > banker else TIE if tableau == banker else LOSE


@lru_cache(maxsize=8)
def cached_walk(shoe: Shoe, punter_five: PunterFive = DRAW_AT_5) -> BanqueWalk:
    """:func:`banque_walk`, cached per shoe and punter rule."""
    return banque_walk(shoe, punter_five)


def analyse_banque(shoe: Shoe, policy: str = "optimal", theta: Fraction = Fraction(1, 2),
                   punter_five: PunterFive = DRAW_AT_5) -> BanqueResult:
    """Walk ``shoe`` once (cached) and price ``policy`` at ``theta``.

    ``policy`` is one of :data:`BANKER_POLICIES`; ``theta`` (an int or
    Fraction in [0, 1]) the share of the money on the left tableau."""
    check_policy(policy)
    theta = exact_probability(theta, "theta")
    check_shoe(shoe)
    if not isinstance(punter_five, PunterFive):
        raise TypeError(f"punter_five must be a PunterFive (such as PunterFive(Fraction(9, 11))), "
                        f"not {type(punter_five).__name__}")
    return cached_walk(shoe, punter_five).price(policy, theta)
