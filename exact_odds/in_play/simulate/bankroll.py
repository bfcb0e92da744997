"""Bet sizing and the bankroll: bet ramps, Kelly bets, risk of ruin, N0, SCORE (docs/methods/bankroll.md).

A strategy decides *whether* to bet a coup (perfect play: the exact EV is
positive; a count: the true count is at least its trigger); its **sizing**
decides *how much*:

* flat: one unit;
* a **ramp** (:class:`BetRamp`): ``units`` at each threshold, the step of the
  highest threshold reached, nothing below the lowest. A count's ramp is by
  true count; perfect play's by the coup's exact EV;
* a **Kelly fraction** (:class:`Kelly`, perfect play only):
  ``f × bankroll × EV / Var`` units, with the coup's exact EV and exact variance
  ``E[X²] − EV²`` of one unit's payout, on the *starting* bankroll (the bets are
  not resized as the bankroll moves, so every shoe is played alike), rounded
  down to 1/100 of a unit.

Bets are exact Fractions of a unit.

From a strategy's win ``μ`` and standard deviation ``σ`` per coup (over every
coup dealt, in units), ``H`` coups an hour and a bankroll of ``B`` units:

* win per hour ``Hμ``; SD per 100 coups ``10σ`` and per hour ``√H σ``;
* **N0** ``= (σ/μ)²``: the coups after which the expected win equals one SD
  (Schlesinger, *Blackjack Attack*, 3rd ed., ch. 10);
* **SCORE** ``= 10,000 × H μ² / σ²``: the hourly win, in units of 1/10,000 of the
  bankroll, of a player whose bankroll is ``σ²/μ`` units of this ramp, which
  gives a risk of ruin of ``e^-2`` = 13.5% by the formula below (*Blackjack
  Attack*: dollars an hour on a $10,000 bankroll at 13.5% risk of ruin, 100
  rounds an hour; at ``H = 100`` it is the desirability index squared);
* **risk of ruin** ``= exp(−2μB/σ²)`` (the diffusion approximation: a Brownian
  motion with drift μ and variance σ² per coup, independent coups, bets never
  resized, play without end; defined for μ > 0), and the risk of ruin before
  doubling, ``r/(1 + r)`` with ``r`` that value, by the same approximation;
* **hours to double** ``= B / (Hμ)``.

The simulated risk of ruin (:func:`simulated_ruin`) plays the shoes one
after another from the bankroll, trial after trial: a trial ends in ruin when
the bankroll (the realised payouts added coup by coup) reaches 0 or less, and
in doubling when it is ``2B`` or more at the end of a shoe; the estimate is the
share of the finished trials ruined, with the binomial standard error
``√(p(1 − p)/T)`` over the ``T`` finished trials.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from exact_odds import text

#: Coups an hour unless told otherwise: a full big table deals about one shoe of some 80 coups an
#: hour with its shuffle (70 coups an hour of play); a mini-baccarat table deals twice as fast or more.
COUPS_PER_HOUR = 70

#: Most steps in a ramp, and the largest bankroll and bet (in units): far past any table.
MAX_STEPS = 100
MAX_UNITS = 10**12

#: Kelly bets are rounded down to 1/KELLY_STEP of a unit (a chip; and exact sums of
#: unrounded Kelly bets grow denominators of thousands of digits).
KELLY_STEP = 100

#: SCORE's bankroll: its win is in units of 1/SCORE_SCALE of the bankroll (Blackjack Attack's $10,000).
SCORE_SCALE = 10_000


class SizingError(ValueError):
    """A ramp, a Kelly fraction, a bankroll or a rate that cannot be used; the message says why."""


@dataclass(frozen=True)
class BetRamp:
    """Bet ``units`` of the highest ``threshold`` reached; nothing below the lowest one.

    ``by`` is what the thresholds are: ``"true count"`` or ``"EV"`` (an exact expectation per unit)."""

    steps: tuple[tuple[Fraction, Fraction], ...]
    by: str = "true count"

    def __post_init__(self) -> None:
        if self.by not in ("true count", "EV"):
            raise SizingError(f"a ramp is by 'true count' or by 'EV', not {self.by!r}")
        steps = tuple((Fraction(t), Fraction(u)) for t, u in self.steps)
        if not steps:
            raise SizingError("a ramp has at least one step (units at a threshold)")
        if len(steps) > MAX_STEPS:
            raise SizingError(f"a ramp has at most {MAX_STEPS} steps, not {len(steps)}")
        if any(b[0] <= a[0] for a, b in zip(steps, steps[1:])):
            raise SizingError("a ramp's thresholds must rise from step to step (such as 1@2,2@4,4@6)")
        if any(not 0 < u <= MAX_UNITS for _, u in steps):
            raise SizingError(f"a ramp's bets are more than 0 and at most {MAX_UNITS:,} units")
        if self.by == "EV" and steps[0][0] < 0:
            raise SizingError("an EV ramp's thresholds are 0 or more (perfect play bets only when the EV is positive)")
        object.__setattr__(self, "steps", steps)

    @property
    def lowest(self) -> Fraction:
        """The threshold at which betting starts."""
        return self.steps[0][0]

    def units(self, value: Fraction) -> Fraction:
        """The bet at ``value`` (a true count or an EV): exact."""
        bet = Fraction(0)
        for threshold, units in self.steps:
            if value < threshold:
                break
            bet = units
        return bet

    def text(self) -> str:
        """The ramp as it is written: ``units@threshold`` steps (EVs in percent)."""
        show = (lambda t: f"{_plain(t * 100)}%") if self.by == "EV" else _plain
        return ",".join(f"{_plain(u)}@{show(t)}" for t, u in self.steps)

    def __repr__(self) -> str:
        return f"BetRamp(by {self.by}: {self.text()})"


def _plain(x: Fraction) -> str:
    """``x`` as it reads best, exactly: a whole number, a finite decimal, or p/q."""
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    twos = fives = 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    if d != 1:
        return f"{x.numerator}/{x.denominator}"
    places = max(twos, fives)
    whole = abs(x.numerator) * 10 ** places // x.denominator
    sign = "-" if x < 0 else ""
    return f"{sign}{whole // 10 ** places}.{whole % 10 ** places:0{places}d}"


def parse_ramp(spec: str, by: str = "true count") -> BetRamp:
    """A ramp from text: comma-separated ``UNITS@THRESHOLD`` steps, such as ``1@2,2@4,4@6``
    (1 unit from a true count of 2, 2 from 4, 4 from 6), or by EV ``1@0,2@0.5%,4@1%``."""
    if not isinstance(spec, str):
        raise TypeError(f"a ramp is text such as '1@2,2@4,4@6', not {type(spec).__name__}")
    steps = []
    parts = spec.split(",")
    if len(parts) > MAX_STEPS:
        raise SizingError(f"a ramp has at most {MAX_STEPS} steps, not {len(parts)}")
    for part in parts:
        if part.count("@") != 1:
            raise SizingError(f"{text.shown(part.strip() or spec)} is not a step UNITS@THRESHOLD "
                              f"(such as 2@4: 2 units from a {by} of 4)")
        units, threshold = part.split("@")
        try:
            u, t = text.exact_fraction(units), text.exact_fraction(threshold)
        except text.NumberError as exc:
            raise SizingError(f"step {text.shown(part.strip())}: {exc}") from None
        steps.append((t, u))
    return BetRamp(tuple(steps), by)


@dataclass(frozen=True)
class Kelly:
    """Bet ``fraction × bankroll × EV / Var`` units on a coup of positive exact EV (module docstring)."""

    fraction: Fraction
    bankroll: Fraction

    def __post_init__(self) -> None:
        if not 0 < Fraction(self.fraction) <= 1:
            raise SizingError(f"a Kelly fraction is more than 0 and at most 1 (such as 1/2), not {self.fraction}")
        check_bankroll(self.bankroll)
        object.__setattr__(self, "fraction", Fraction(self.fraction))
        object.__setattr__(self, "bankroll", Fraction(self.bankroll))

    def units(self, ev: Fraction, second_moment: Fraction) -> Fraction:
        """The bet on a coup of exact ``ev`` and ``E[payout²]`` (0 unless the EV is positive)."""
        variance = second_moment - ev * ev
        if ev <= 0 or variance <= 0:
            return Fraction(0)
        exact = self.fraction * self.bankroll * ev / variance
        return Fraction(exact.numerator * KELLY_STEP // exact.denominator, KELLY_STEP)

    def text(self) -> str:
        return f"Kelly {self.fraction} of a {self.bankroll}-unit bankroll"


def check_bankroll(bankroll: Fraction | int) -> Fraction:
    """``bankroll`` if it is more than 0 units and at most :data:`MAX_UNITS`."""
    if isinstance(bankroll, bool) or not isinstance(bankroll, (int, Fraction)):
        raise TypeError(f"a bankroll is a number of units (int or Fraction), not {type(bankroll).__name__}")
    if not 0 < bankroll <= MAX_UNITS:
        raise SizingError(f"a bankroll is more than 0 and at most {MAX_UNITS:,} units, not {bankroll}")
    return Fraction(bankroll)


def check_coups_per_hour(rate: Fraction | int) -> Fraction:
    """``rate`` if it is more than 0 and at most 10,000 coups an hour."""
    if isinstance(rate, bool) or not isinstance(rate, (int, Fraction)):
        raise TypeError(f"coups per hour is a number (int or Fraction), not {type(rate).__name__}")
    if not 0 < rate <= 10_000:
        raise SizingError(f"coups per hour is more than 0 and at most 10,000, not {rate}")
    return Fraction(rate)


# --- the formulas, each with its derivatives in (mu, sigma) for the delta method ----------------

def n0(mu: float, sigma: float) -> tuple[float, float, float] | None:
    """``(σ/μ)²`` and its derivatives in μ and σ; None unless μ > 0 (a losing game never overcomes its SD)."""
    if mu <= 0:
        return None
    value = (sigma / mu) ** 2
    return value, -2 * value / mu, 2 * sigma / mu ** 2


def score(mu: float, sigma: float, per_hour: float) -> tuple[float, float, float] | None:
    """``SCORE_SCALE × H μ²/σ²`` and its derivatives; None unless μ > 0 and σ > 0 (no bankroll gives a
    losing game a 13.5% risk of ruin)."""
    if mu <= 0 or sigma <= 0:
        return None
    k = SCORE_SCALE * per_hour
    value = k * mu * mu / (sigma * sigma)
    return value, 2 * k * mu / sigma ** 2, -2 * value / sigma


def risk_of_ruin(mu: float, sigma: float, bankroll: float) -> tuple[float, float, float] | None:
    """``exp(−2μB/σ²)`` and its derivatives; None unless μ > 0 and σ > 0."""
    if mu <= 0 or sigma <= 0:
        return None
    value = math.exp(-2 * mu * bankroll / sigma ** 2)
    return value, value * -2 * bankroll / sigma ** 2, value * 4 * mu * bankroll / sigma ** 3


def ruin_before_doubling(mu: float, sigma: float, bankroll: float) -> tuple[float, float, float] | None:
    """``r/(1 + r)`` with ``r = exp(−2μB/σ²)``, and its derivatives; None unless μ > 0 and σ > 0."""
    ror = risk_of_ruin(mu, sigma, bankroll)
    if ror is None:
        return None
    r, dr_mu, dr_sigma = ror
    d = 1 / (1 + r) ** 2
    return r / (1 + r), d * dr_mu, d * dr_sigma


def hours_to_double(mu: float, bankroll: float, per_hour: float) -> tuple[float, float, float] | None:
    """``B / (Hμ)`` and its derivatives; None unless μ > 0."""
    if mu <= 0:
        return None
    value = bankroll / (per_hour * mu)
    return value, -value / mu, 0.0


# --- the simulated risk of ruin ------------------------------------------------------------

@dataclass(frozen=True)
class RuinTrials:
    """Trials played from the bankroll through consecutive shoes (module docstring)."""

    ruined: int
    doubled: int
    #: shoes left over at the end in a trial that neither lost nor doubled the bankroll
    unfinished_shoes: int

    @property
    def trials(self) -> int:
        return self.ruined + self.doubled

    def estimate(self) -> tuple[float | None, float | None]:
        """(share of finished trials ruined, its binomial standard error); None where undefined."""
        t = self.trials
        if t == 0:
            return None, None
        p = self.ruined / t
        if t < 2 or self.ruined in (0, t):  # no spread between the trials: no honest SE
            return p, None
        return p, math.sqrt(p * (1 - p) / t)


class RuinPlay:
    """The ruin trials played from ``bankroll`` as the shoes come, in their order (:func:`simulated_ruin`
    on every shoe given so far, without keeping them: a run of a million shoes holds four numbers)."""

    def __init__(self, bankroll: Fraction | int | float):
        self.start = float(bankroll)
        if not self.start > 0:
            raise SizingError(f"a bankroll is more than 0 units, not {bankroll}")
        self.money = self.start
        self.ruined = self.doubled = self.run = 0

    def play(self, totals: Iterable[float], lows: Iterable[float]) -> None:
        """The next shoes: each one's ``total`` (what it paid) and ``low`` (the lowest its running result
        reached, 0 or less). A trial ends ruined when the bankroll plus a shoe's low is 0 or less,
        doubled when it is ``2 × bankroll`` or more after a shoe; the next trial starts afresh."""
        start, money, run = self.start, self.money, self.run
        for total, low in zip(totals, lows):
            run += 1
            if money + low <= 0:
                self.ruined += 1
            elif money + total >= 2 * start:
                self.doubled += 1
            else:
                money += total
                continue
            money, run = start, 0
        self.money, self.run = money, run

    def trials(self) -> RuinTrials:
        return RuinTrials(self.ruined, self.doubled, self.run)


def simulated_ruin(totals: Iterable[float], lows: Iterable[float], bankroll: float) -> RuinTrials:
    """Play shoe after shoe from ``bankroll`` (:meth:`RuinPlay.play`): the trials ruined, doubled, and
    the shoes of the last one left unfinished."""
    trials = RuinPlay(bankroll)
    trials.play(totals, lows)
    return trials.trials()
