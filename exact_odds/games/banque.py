"""Baccarat banque (a deux tableaux): three hands, one banker decision.

The model (RULES §6, seed 001; the natural rule as Ethier and Lee (2015),
"On the three-person game baccara banque", Games 6:57, state it):

* **Deal.** One shoe; cards go left, right, banker, left, right, banker.
  Third cards, where taken, go left, then right, then banker. Cards are dealt
  without replacement (with replacement for the infinite deck).
* **Naturals.** A two-card 8 or 9 is a natural. If the banker has one, or both
  tableaux have one, the coup ends and each tableau compares its two-card
  total with the banker's. If exactly one tableau has a natural and the banker
  has none, that tableau wins (whatever the banker later makes) and play goes
  on between the other tableau and the banker.
* **Punters** (each tableau, the same rule): draw on 0-4, stand on 6-7, and on
  5 draw with probability ``q`` (:class:`PunterFive`; q = 1 "draw", the
  default, q = 0 "stand"). Each tableau randomises on its own.
* **What the banker sees.** His own two cards; for each tableau whether it
  stood or drew, the value of a drawn third card (dealt face up), and the two
  cards of a natural (turned over and paid). A tableau that stood shows
  nothing else. His one decision (draw or stand) serves both tableaux.
* **Banker policies** (:data:`BANKER_POLICIES`): follow the punto banco banker
  rule (RULES §2, items 3-4) against one tableau's action ("stood" or its
  third card):

  - ``tableau-left`` / ``tableau-right``: against that tableau;
  - ``tableau-larger``: against the tableau carrying the larger stake, the
    left if theta > 1/2, the right if theta < 1/2, the left at theta = 1/2;
  - ``optimal``: in each information set (his two cards, both tableaux's
    visible actions) he draws iff drawing has the strictly larger exact
    conditional expected gain ``theta * (result against left) +
    (1 - theta) * (result against right)``; on an exact tie he stands.

  A fixed policy whose tableau has a natural follows the other tableau. When
  both tableaux have naturals the coup has ended and nobody draws.
* **Settlement.** Each tableau's bets are even money; a tie with the banker is
  a push. ``theta`` is the share of the money on the left tableau.

Counting. Every coup is counted as an ordered sequence of **nine** cards
(the most a coup can use: 2 + 2 + 2 and three third cards), unused cards
included, so all counts share the denominator ``N(N-1)...(N-8)`` (the
six-card convention of RULES §3 stretched to nine cards); the infinite deck
counts in units of ``13**9``. Weights are exact integers: drawing the ordered
values x1..xk has ``prod_v c[v](c[v]-1)...(c[v]-k_v+1)`` ways, whatever the
order, so the deal order changes no probability; it is stated for the record.
With a mixed punter policy q = a/b the counts are multiplied by ``b**2``.

The walk. For each banker pair (unordered, multiplicity 2 for distinct
values), the left and right hands (pair and third card) are enumerated as two
lists; the ways of the right hand given the left are a matrix built with
numpy. The banker's third card is summed by linearity, as in
:func:`exact_odds.engine.walk`: the ways to draw value u after hands that
used ``r[u]`` u's are ``c0[u] - r[u]``. Everything is then grouped by what the
banker sees, keeping for each information set the counts of the nine joint
results both if he draws and if he stands, so every policy and every theta is
priced from the same walk. numpy works in int64 only when a bound on every
sum (``(N^3 + N^2)^2 N``) is below ``2**63``; otherwise it works on Python
integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from exact_odds.rules.deal import TWO_CARD_HANDS, deal_player_and_banker, deal_two_cards, hand_total, is_natural, unused_ways
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTER, PUNTO_BANCO, Tableau

#: The fewest cards a banque coup can use: 2 + 2 + 2 and three third cards.
MIN_BANQUE_CARDS = 9

#: A tableau's result against the banker, punter's view, in this order.
RESULTS = ("win", "tie", "lose")
WIN, TIE, LOSE = range(3)

BANKER_POLICIES = ("tableau-left", "tableau-right", "tableau-larger", "optimal")

#: The thetas of the banker-edge table.
THETAS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))

_PAIRS = TWO_CARD_HANDS
_NATURAL_PAIRS = tuple((a, b, m) for a, b, m in _PAIRS if is_natural(hand_total(a, b)))
_PAIR_INDEX = {(a, b): k for k, (a, b, _) in enumerate(_PAIRS)}
_NATURAL_INDEX = {(a, b): k for k, (a, b, _) in enumerate(_NATURAL_PAIRS)}

# What the banker sees of one tableau ("action"): 0 = stood; 1 + t = drew a
# third card of value t; 11 + k = natural pair number k of _NATURAL_PAIRS.
STOOD = 0
N_ACTIONS = 11 + len(_NATURAL_PAIRS)  # 22


def drew(t: int) -> int:
    return 1 + t


def natural(a: int, b: int) -> int:
    return 11 + _NATURAL_INDEX[min(a, b), max(a, b)]


def is_natural_action(action: int) -> bool:
    return action >= 11


def third_card(action: int) -> int | None:
    return action - 1 if 1 <= action <= 10 else None


class BanqueError(ShoeError):
    """Bad banque input (a policy, theta or q); the message says how to fix it."""


@dataclass(frozen=True)
class PunterFive:
    """A punter's rule on a two-card 5: draw with probability ``q``."""

    q: Fraction

    def __post_init__(self):
        if not 0 <= self.q <= 1:
            raise BanqueError(f"the probability of drawing at 5 must be between 0 and 1, not {self.q}")

    @classmethod
    def parse(cls, text: str) -> "PunterFive":
        t = text.strip().lower()
        if t == "draw":
            return cls(Fraction(1))
        if t == "stand":
            return cls(Fraction(0))
        return cls(parse_probability(text, "--punter-five", "'draw', 'stand' or a probability q such as 9/11"))

    def describe(self) -> str:
        if self.q == 1:
            return "draw"
        if self.q == 0:
            return "stand"
        return f"draw with probability {self.q.numerator}/{self.q.denominator}"


def parse_probability(text: str, option: str, expected: str) -> Fraction:
    """A number in [0, 1] written as 1/2, 0.25 or 1."""
    try:
        x = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BanqueError(f"{option} must be {expected}, not {text!r}") from None
    if not 0 <= x <= 1:
        raise BanqueError(f"{option} must be between 0 and 1, not {text!r}")
    return x


def check_policy(policy: str) -> str:
    if policy not in BANKER_POLICIES:
        raise BanqueError(f"unknown banker policy {policy!r}: use one of {', '.join(BANKER_POLICIES)}")
    return policy


def check_shoe(shoe: Shoe) -> Shoe:
    shoe.checked()
    if not shoe.is_infinite and shoe.size < MIN_BANQUE_CARDS:
        raise ShoeError(
            f"a banque shoe needs at least {MIN_BANQUE_CARDS} cards to complete a coup "
            f"(three hands of up to three); this one has {shoe.size}"
        )
    return shoe


# --- the walk -----------------------------------------------------------------

@dataclass(frozen=True)
class _Hands:
    """Every tableau hand a non-natural banker can face, sorted by what the
    banker sees (action), the five flag and the final total.

    A hand is a pair (a, b) with multiplicity m and a third card t (10 = no
    third card). ``five`` marks the hands that exist only through the punter's
    choice at 5 (five-draw if the action is a third card, five-stand if it
    stood); their weight (q or 1 - q) is applied after the walk.
    """

    a: object
    b: object
    t: object
    mult: object
    off_b: object  # cards of b's value already in this hand before b
    off_t: object  # ... before t
    used: object  # (n, 11) cards of each value the hand used; column 10 is 0
    key: object  # group key: (2 * action + five) * 10 + final total
    group_starts: object
    group_keys: object


@lru_cache(maxsize=1)
def _tableau_hands():
    import numpy as np

    rows = []
    for a, b, m in _PAIRS:
        total = hand_total(a, b)
        if is_natural(total):
            rows.append((a, b, 10, m, natural(a, b), 0, total))
            continue
        action = PUNTER.action(total)
        five = 1 if action == "choose" else 0  # exists only through the punter's choice
        if action != "draw":
            rows.append((a, b, 10, m, STOOD, five, total))
        if action != "stand":
            for t in range(10):
                rows.append((a, b, t, m, drew(t), five, hand_total(total, t)))
    rows.sort(key=lambda r: ((2 * r[4] + r[5]) * 10 + r[6], r[0], r[1], r[2]))
    a = np.array([r[0] for r in rows])
    b = np.array([r[1] for r in rows])
    t = np.array([r[2] for r in rows])
    key = np.array([(2 * r[4] + r[5]) * 10 + r[6] for r in rows])
    used = np.zeros((len(rows), 11), dtype=np.int64)
    for i, r in enumerate(rows):
        used[i, r[0]] += 1
        used[i, r[1]] += 1
        if r[2] < 10:
            used[i, r[2]] += 1
    used[:, 10] = 0
    group_keys, group_starts = np.unique(key, return_index=True)
    return _Hands(
        a=a, b=b, t=t, mult=np.array([r[3] for r in rows], dtype=np.int64),
        off_b=(b == a).astype(np.int64),
        off_t=np.where(t < 10, (t == a).astype(np.int64) + (t == b), 0),
        used=used, key=key, group_starts=group_starts, group_keys=group_keys,
    )


@lru_cache(maxsize=1)
def _result_bounds():
    """For every banker final total f, the group-index bounds of each
    (action, five flag, result) block: lo and hi of shape (10, 44 * 3).

    Groups are sorted by final total within a block, so against f the losing
    totals (< f), the tie (= f) and the winning totals (> f) are contiguous.
    A natural wins whatever f is."""
    import numpy as np

    h = _tableau_hands()
    gk = h.group_keys
    lo = np.zeros((10, 2 * N_ACTIONS * 3), dtype=np.int64)
    hi = np.zeros_like(lo)
    for f in range(10):
        for blk in range(2 * N_ACTIONS):
            start = np.searchsorted(gk, blk * 10, "left")
            end = np.searchsorted(gk, blk * 10 + 10, "left")
            if is_natural_action(blk // 2):
                lose_end = tie_end = start
            else:
                lose_end = np.searchsorted(gk, blk * 10 + f, "left")
                tie_end = np.searchsorted(gk, blk * 10 + f, "right")
            bounds = {WIN: (tie_end, end), TIE: (lose_end, tie_end), LOSE: (start, lose_end)}
            for res, (x, y) in bounds.items():
                lo[f, blk * 3 + res] = x
                hi[f, blk * 3 + res] = y
    return lo, hi


def _classify(np, m, f):
    """Sum a (groups x groups) matrix into (block, result) x (block, result)
    against banker final total f (prefix sums, so empty blocks give 0)."""
    lo, hi = _result_bounds()
    z = np.zeros((1, m.shape[1]), dtype=m.dtype)
    cz = np.concatenate([z, np.cumsum(m, axis=0)], axis=0)
    y = cz[hi[f]] - cz[lo[f]]
    z = np.zeros((y.shape[0], 1), dtype=m.dtype)
    cz = np.concatenate([z, np.cumsum(y, axis=1)], axis=1)
    return cz[:, hi[f]] - cz[:, lo[f]]


def _banker_pair_block(np, c0, infinite, bt, dtype):
    """Counts of (left block, result, right block, result) for one banker pair
    of total bt (0-7) after the pair left the shoe as ``c0``: [stand, draw]."""
    h = _tableau_hands()
    c0x = np.array(list(c0) + [1], dtype=dtype)
    used = h.used.astype(dtype)
    if infinite:
        off_b = np.zeros_like(h.off_b, dtype=dtype)
        off_t = off_b
        dep = np.zeros_like(used)
    else:
        off_b, off_t, dep = h.off_b.astype(dtype), h.off_t.astype(dtype), used
    mult = h.mult.astype(dtype)
    w_left = mult * c0x[h.a] * (c0x[h.b] - off_b) * (c0x[h.t] - off_t)
    # the right hand's ways after the left hand's cards left the shoe
    w_right = (mult[None, :]
               * (c0x[h.a][None, :] - dep[:, h.a])
               * (c0x[h.b][None, :] - dep[:, h.b] - off_b[None, :])
               * (c0x[h.t][None, :] - dep[:, h.t] - off_t[None, :]))
    w = w_left[:, None] * w_right
    gs = h.group_starts
    by_left = np.add.reduceat(w, gs, axis=0)  # (groups, hands)
    by_right = np.add.reduceat(w, gs, axis=1)  # (hands, groups)
    stand = np.add.reduceat(by_left, gs, axis=1)  # (groups, groups)
    out_stand = _classify(np, stand, bt)
    out_draw = None
    if not infinite:
        # ways that removed a u, by left and by right hand: sum(w * r[u])
        left_used = np.add.reduceat(by_right[:, None, :] * dep[:, :10, None], gs, axis=0)  # (g, 10, g)
        right_used = np.add.reduceat(by_left[:, :, None] * dep[None, :, :10], gs, axis=1)  # (g, g, 10)
    for u in range(10):
        m = c0x[u] * stand
        if not infinite:
            m = m - left_used[:, u, :] - right_used[:, :, u]
        part = _classify(np, m, hand_total(bt, u))
        out_draw = part if out_draw is None else out_draw + part
    return out_stand, out_draw


@dataclass(frozen=True)
class BanqueWalk:
    """Everything a banque coup can do for one shoe and one punter rule.

    ``info[p, choice, la, rl, ra, rr]``: the ways (nine-card convention, times
    ``q_den**2``) that the banker holds pair number p of the 55 value pairs,
    sees actions la and ra, makes ``choice`` (0 stand, 1 draw), and the left
    and right results are rl and rr. ``forced`` (9,): ways of coups that end
    before the banker decides (his natural). ``total``: the denominator.
    """

    shoe: Shoe
    punter_five: PunterFive
    info: object  # numpy object array (55, 2, 22, 3, 22, 3)
    forced: tuple
    total: int
    pure: bool = field(default=True)

    def banker_draws(self, policy: str, theta: Fraction, tableau: Tableau = PUNTO_BANCO):
        """The banker's choice (bool, draw) per information set, shape (55, 22, 22).

        Fixed policies follow ``tableau``'s Banker rule against one tableau's action."""
        import numpy as np

        check_policy(policy)
        if policy == "optimal":
            g = _gains(self.info, theta)  # (55, 2, 22, 22)
            choice = g[:, 1] > g[:, 0]
        else:
            choice = np.zeros((55, N_ACTIONS, N_ACTIONS), dtype=bool)
            follow_left = policy == "tableau-left" or (policy == "tableau-larger" and theta >= Fraction(1, 2))
            for p, (b1, b2, _) in enumerate(_PAIRS):
                bt = hand_total(b1, b2)
                if is_natural(bt):
                    continue
                for la in range(N_ACTIONS):
                    for ra in range(N_ACTIONS):
                        target = la if follow_left else ra
                        if is_natural_action(target):
                            target = ra if follow_left else la
                        if is_natural_action(target):
                            continue
                        choice[p, la, ra] = tableau.banker_draws(bt, third_card(target))
        both_natural = np.array([is_natural_action(a) for a in range(N_ACTIONS)])
        choice[:, both_natural[:, None] & both_natural[None, :]] = False  # the coup has ended
        return choice

    def joint_counts(self, policy: str, theta: Fraction) -> list[list[int]]:
        """Ways of each (left result, right result) under a policy: 3 x 3 ints."""
        import numpy as np

        choice = self.banker_draws(policy, theta)
        sel = np.where(choice[:, :, None, :, None], self.info[:, 1], self.info[:, 0])
        m = sel.sum(axis=(0, 1, 3))  # (3, 3)
        return [[int(m[i, j]) + self.forced[3 * i + j] for j in range(3)] for i in range(3)]

    def price(self, policy: str = "optimal", theta: Fraction = Fraction(1, 2)) -> "BanqueResult":
        check_policy(policy)
        if not 0 <= theta <= 1:
            raise BanqueError(f"theta must be between 0 and 1, not {theta}")
        counts = self.joint_counts(policy, theta)
        return BanqueResult(self, policy, Fraction(theta), counts)


def _gains(info, theta: Fraction):
    """The banker's gain (ways won minus ways lost, theta-weighted, scaled by
    theta's denominator) per (pair, choice, la, ra)."""
    t = Fraction(theta)
    left = info[:, :, :, LOSE].sum(axis=-1) - info[:, :, :, WIN].sum(axis=-1)  # (55, 2, 22, 22)
    right = info[..., LOSE].sum(axis=3) - info[..., WIN].sum(axis=3)  # (55, 2, 22, 22)
    return t.numerator * left + (t.denominator - t.numerator) * right


def nine_card_total(shoe: Shoe) -> int:
    """The common denominator of banque counts: N(N-1)...(N-8), or 13**9."""
    return unused_ways(shoe, 0, MIN_BANQUE_CARDS)


def _unused(shoe: Shoe, k: int) -> int:
    """Ways to draw the 9 - k cards a k-card coup leaves unused."""
    return unused_ways(shoe, k, MIN_BANQUE_CARDS)


def banque_walk(shoe: Shoe, punter_five: PunterFive = PunterFive(Fraction(1)),
                python_ints: bool = False) -> BanqueWalk:
    """One walk of the banque coup for ``shoe`` (see the module docstring).

    ``python_ints`` forces the Python-integer path that shoes above the int64
    bound take (for tests)."""
    import numpy as np

    check_shoe(shoe)
    infinite = shoe.is_infinite
    c = list(shoe.value_counts)
    n = sum(c)
    q = Fraction(punter_five.q)
    qn, qd = q.numerator, q.denominator
    bound = (n**3 + n**2) ** 2 * n
    dtype = np.int64 if bound < 2**62 and not python_ints else object
    dec = 0 if infinite else 1

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
    forced = [0] * 9
    for b1, b2, wb in deal_two_cards(c, dec):  # the banker's two cards, out of c while yielded
        bt = hand_total(b1, b2)
        if is_natural(bt):
            _banker_natural(c, dec, wb, bt, forced, qd * qd * _unused(shoe, 6))
            continue
        stand, draw = _banker_pair_block(np, c, infinite, bt, dtype)
        for choice, m in enumerate((stand, draw)):
            x = m.reshape(N_ACTIONS, 2, 3, N_ACTIONS, 2, 3).astype(object)
            x = (x * fw[:, :, None, None, None, None] * fw[None, None, None, :, :, None]).sum(axis=(1, 4))
            info[_PAIR_INDEX[b1, b2], choice] = x * (wb * tail[:, None, :, None, choice])
    total = nine_card_total(shoe) * qd * qd
    return BanqueWalk(shoe, punter_five, info, tuple(forced), total, pure=qd == 1)


def _banker_natural(c, dec, wb, bt, forced, scale):
    """Banker natural: every hand stands on two cards and compares (pure Python).

    The tableaux' four cards are dealt like punto banco's first four (left
    as Player, right as Banker): the ways do not depend on the order."""
    for a1, a2, r1, r2, w in deal_player_and_banker(c, dec):
        forced[3 * _compare(hand_total(a1, a2), bt) + _compare(hand_total(r1, r2), bt)] += wb * w * scale


def _compare(tableau: int, banker: int) -> int:
    return WIN if tableau > banker else TIE if tableau == banker else LOSE


@lru_cache(maxsize=8)
def cached_walk(shoe: Shoe, punter_five: PunterFive) -> BanqueWalk:
    return banque_walk(shoe, punter_five)


# --- results ------------------------------------------------------------------

@dataclass(frozen=True)
class Middle:
    """The middle bet ("a cheval") for one coup's joint results, seed 001.

    Settlement of one coup, per unit in the middle: both tableaux win: +1;
    both lose: -1; one wins and the other loses ("freeze"), or both tie: the
    whole stake stays; one wins (loses) and the other ties: half is won (lost)
    and half stays. A stake that stays, whole or half, is played again on the
    next coup under the same rules, which is assumed to be dealt from a shoe
    of the same composition (coups independent and identically distributed).
    """

    win: Fraction
    lose: Fraction
    freeze: Fraction
    half_win: Fraction
    half_lose: Fraction
    both_tie: Fraction

    @classmethod
    def from_joint(cls, joint) -> "Middle":
        return cls(
            win=joint[WIN][WIN], lose=joint[LOSE][LOSE],
            freeze=joint[WIN][LOSE] + joint[LOSE][WIN],
            half_win=joint[WIN][TIE] + joint[TIE][WIN],
            half_lose=joint[LOSE][TIE] + joint[TIE][LOSE],
            both_tie=joint[TIE][TIE],
        )

    @property
    def settles(self) -> Fraction:
        """P(this coup settles all that is left): both win or both lose."""
        return self.win + self.lose

    def solve(self) -> "MiddleSolution":
        """Solve the recurrences exactly with sympy.

        V = win - lose + (freeze + both_tie) V + half_win (1/2 + V/2)
            + half_lose (-1/2 + V/2)                       (EV per unit staked)
        E = 1 + (1 - win - lose) E                         (coups until settled)
        a(k) = (1 - win - lose) a(k - 1), a(0) = 1         (still in play after k)
        """
        import sympy

        V, E = sympy.symbols("V E")
        k = sympy.Symbol("k", integer=True, nonnegative=True)
        a = sympy.Function("a")
        r = {name: sympy.Rational(getattr(self, name).numerator, getattr(self, name).denominator)
             for name in ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")}
        half = sympy.Rational(1, 2)
        ev_eq = sympy.Eq(V, r["win"] - r["lose"] + (r["freeze"] + r["both_tie"]) * V
                         + r["half_win"] * (half + V / 2) + r["half_lose"] * (-half + V / 2))
        coups_eq = sympy.Eq(E, 1 + (1 - r["win"] - r["lose"]) * E)
        ev = sympy.solve(ev_eq, V)
        coups = sympy.solve(coups_eq, E)
        still = sympy.rsolve(a(k) - (1 - r["win"] - r["lose"]) * a(k - 1), a(k), {a(0): 1})
        if len(ev) != 1 or len(coups) != 1:
            raise BanqueError("the middle bet never settles on this shoe (no coup has both tableaux win or lose)")
        return MiddleSolution(
            expected_value=Fraction(int(ev[0].p), int(ev[0].q)),
            expected_coups=Fraction(int(coups[0].p), int(coups[0].q)),
            still_in_play=still,
            k=k,
        )


@dataclass(frozen=True)
class MiddleSolution:
    """The middle bet solved: EV per unit staked, E[coups until fully settled]
    and P(still in play after k coups) as a sympy expression in ``k``.

    "Fully settled" means no part of the stake is left in the middle. A half
    that stays may be halved again, so only a coup where both tableaux win or
    both lose settles all that is left: the number of coups is geometric."""

    expected_value: Fraction
    expected_coups: Fraction
    still_in_play: object
    k: object

    def still_in_play_after(self, k: int) -> Fraction:
        v = self.still_in_play.subs(self.k, k)
        return Fraction(int(v.p), int(v.q))


@dataclass(frozen=True)
class BanqueResult:
    """One banker policy at one theta, priced exactly."""

    walk: BanqueWalk
    policy: str
    theta: Fraction
    counts: list  # 3 x 3 ways, [left result][right result]

    @property
    def total(self) -> int:
        return self.walk.total

    @property
    def joint(self) -> list[list[Fraction]]:
        return [[Fraction(n, self.total) for n in row] for row in self.counts]

    def tableau_ev(self, side: str) -> Fraction:
        """EV of one unit on a tableau (even money, tie pushes), punter's view."""
        j = self.joint
        if side == "left":
            return sum(j[WIN]) - sum(j[LOSE])
        return sum(row[WIN] for row in j) - sum(row[LOSE] for row in j)

    @property
    def banker_edge(self) -> Fraction:
        """The banker's expected gain per unit bet, theta on the left."""
        return -(self.theta * self.tableau_ev("left") + (1 - self.theta) * self.tableau_ev("right"))

    @property
    def middle(self) -> Middle:
        return Middle.from_joint(self.joint)


def analyse_banque(shoe: Shoe, policy: str = "optimal", theta: Fraction = Fraction(1, 2),
                   punter_five: PunterFive = PunterFive(Fraction(1))) -> BanqueResult:
    """Walk ``shoe`` once and price ``policy`` at ``theta``."""
    check_policy(policy)
    theta = Fraction(theta)
    if not 0 <= theta <= 1:
        raise BanqueError(f"theta must be between 0 and 1, not {theta}")
    return cached_walk(check_shoe(shoe), punter_five).price(policy, theta)


# --- rows and JSON (the CLI and tables/ render these) --------------------------

def model_notes(result: BanqueResult) -> list[str]:
    """Every modelling choice behind ``result``, one sentence each."""
    w = result.walk
    if result.policy == "optimal":
        banker = (f"optimal for theta = {str(Fraction(result.theta))}: in each information set he draws iff that "
                  "has the strictly larger exact conditional expected gain theta*(vs left) + (1-theta)*(vs right); "
                  "on an exact tie he stands")
    elif result.policy == "tableau-larger":
        side = "left" if result.theta >= Fraction(1, 2) else "right"
        banker = (f"punto banco banker rule against the tableau with the larger stake (theta = "
                  f"{str(Fraction(result.theta))}: the {side}; equal stakes go to the left)")
    else:
        banker = f"punto banco banker rule against the {result.policy.split('-')[1]} tableau"
    return [
        "Deal: left, right, banker, left, right, banker from one shoe; third cards left, right, banker.",
        "Naturals: if the banker, or both tableaux, have a natural the coup ends and each tableau compares "
        "with the banker; if exactly one tableau has one (and the banker none) it wins and play goes on "
        "between the other tableau and the banker (Ethier and Lee 2015).",
        f"Punters: draw on 0-4, stand on 6-7; on 5: {w.punter_five.describe()} (each tableau on its own).",
        "The banker sees his two cards, whether each tableau stood or drew, drawn third cards (face up) "
        "and the cards of a natural.",
        f"Banker: {banker}. A fixed rule whose tableau has a natural follows the other tableau.",
        "Bets on a tableau are even money; a tie with the banker is a push. "
        "Theta is the share of the money on the left tableau.",
        "Middle bet: both win +1, both lose -1; one wins and one loses, or both tie: the stake stays; "
        "one wins (loses) and one ties: half is won (lost) and half stays. A stake that stays is played "
        "on the next coup under the same rules, dealt from a shoe of the same composition.",
        "Fully settled: nothing left in the middle; only a coup where both tableaux win or both lose "
        "settles what is left, so the number of coups is geometric.",
        convention(w),
    ]


def convention(w: BanqueWalk) -> str:
    if w.shoe.is_infinite:
        return "Infinite deck: cards drawn with replacement, each rank 1/13; no integer counts."
    text = ("Counts are nine-card sequences: every coup is an ordered draw of nine cards (the most a coup "
            "can use), unused cards included, out of N(N-1)...(N-8).")
    if not w.pure:
        text += " No integer counts with a mixed punter rule at 5."
    return text


def _counts_shown(w: BanqueWalk) -> bool:
    return w.pure and not w.shoe.is_infinite


def joint_rows(result: BanqueResult, exact: bool = False):
    """Rows: left result, right result, count, probability (and the fraction)."""
    from exact_odds.report.numbers import decimal_text, fraction_text

    show = _counts_shown(result.walk)
    headers = ["Left", "Right", "Count", "Probability"] + (["Exact"] if exact else [])
    rows = []
    for i, rl in enumerate(RESULTS):
        for j, rr in enumerate(RESULTS):
            p = result.joint[i][j]
            rows.append([rl, rr, str(result.counts[i][j]) if show else "", decimal_text(p, 10)]
                        + ([fraction_text(p)] if exact else []))
    rows.append(["Total", "", str(result.total) if show else "", decimal_text(Fraction(1), 10)]
                + (["1/1"] if exact else []))
    return headers, rows


def bet_rows(result: BanqueResult, solution: MiddleSolution, exact: bool = False):
    """Rows: left, right and middle bets (EV per unit staked) and the banker's edge."""
    from exact_odds.report.numbers import decimal_text, fraction_text, percent_text

    headers = ["Bet", "Expected value", "House edge"] + (["Expected value (exact)"] if exact else [])
    items = [
        ("Left tableau", result.tableau_ev("left")),
        ("Right tableau", result.tableau_ev("right")),
        ("Middle (a cheval), until settled", solution.expected_value),
        (f"Banker, theta = {str(Fraction(result.theta))}", result.banker_edge),
    ]
    rows = []
    for name, ev in items:
        banker = name.startswith("Banker")
        rows.append([name, decimal_text(ev, 8), "" if banker else percent_text(-ev, 6)]
                    + ([fraction_text(ev)] if exact else []))
    return headers, rows


def theta_rows(w: BanqueWalk, policies=BANKER_POLICIES, exact: bool = False):
    """Rows: theta, then the banker's edge (expected gain per unit bet) per policy."""
    from exact_odds.report.numbers import fraction_text, percent_text

    headers = ["Theta (share on left)"] + [f"Banker edge, {p}" for p in policies]
    rows = []
    for t in THETAS:
        row = [str(Fraction(t))]
        for p in policies:
            e = w.price(p, t).banker_edge
            row.append(percent_text(e, 6) + (f" ({fraction_text(e)})" if exact else ""))
        rows.append(row)
    return headers, rows


def middle_rows(result: BanqueResult, solution: MiddleSolution, exact: bool = False, ks=(1, 2, 3, 5, 10)):
    """Rows: the middle bet's one-coup settlement and its solved recurrence."""
    from exact_odds.report.numbers import decimal_text, fraction_text

    m = result.middle
    headers = ["Middle bet", "Value"] + (["Exact"] if exact else [])
    items = [(f"P({name.replace('_', ' ')})", getattr(m, name)) for name in
             ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")]
    items += [("Expected value per unit staked", solution.expected_value),
              ("Expected coups until fully settled", solution.expected_coups)]
    rows = [[label, decimal_text(x, 10)] + ([fraction_text(x)] if exact else []) for label, x in items]
    ratio = fraction_text(solution.still_in_play_after(1))
    for k in ks:  # exact: (p/q)^k, the power written out, not expanded
        rows.append([f"P(still in play after {k} coup{'s' if k != 1 else ''})",
                     decimal_text(solution.still_in_play_after(k), 10)]
                    + ([ratio if k == 1 else f"({ratio})^{k}"] if exact else []))
    return headers, rows


def to_json(result: BanqueResult, solution: MiddleSolution) -> dict:
    """The JSON document of ``exact-odds banque --format json``."""
    from exact_odds.report.numbers import fraction_text

    w = result.walk
    show = _counts_shown(w)
    m = result.middle
    return {
        "shoe": w.shoe.to_json(),
        "game": "banque",
        "banker_policy": result.policy,
        "theta": fraction_text(result.theta),
        "punter_five": fraction_text(w.punter_five.q),
        "model": model_notes(result),
        "convention": convention(w),
        "joint": [
            {"left": rl, "right": rr, "count": result.counts[i][j] if show else None,
             "probability": fraction_text(result.joint[i][j])}
            for i, rl in enumerate(RESULTS) for j, rr in enumerate(RESULTS)
        ],
        "total": w.total if show else None,
        "left": {"expected_value": fraction_text(result.tableau_ev("left"))},
        "right": {"expected_value": fraction_text(result.tableau_ev("right"))},
        "banker_edge": fraction_text(result.banker_edge),
        "banker_edge_by_theta": [
            {"theta": fraction_text(t), "edge": fraction_text(w.price(result.policy, t).banker_edge)}
            for t in THETAS
        ],
        "middle": {
            "win": fraction_text(m.win), "lose": fraction_text(m.lose), "freeze": fraction_text(m.freeze),
            "half_win": fraction_text(m.half_win), "half_lose": fraction_text(m.half_lose),
            "both_tie": fraction_text(m.both_tie),
            "expected_value": fraction_text(solution.expected_value),
            "expected_coups": fraction_text(solution.expected_coups),
            "still_in_play_after_k": str(solution.still_in_play),
        },
    }
