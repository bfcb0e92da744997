"""A designer's par sheet as data: one bet priced on several shoes, its volatility and its countability.

:func:`par_sheet` walks each shoe once (:func:`~exact_odds.punto_banco.walk.walk`,
shared by every bet), prices the bet on it, and for each finite shoe takes
the exact effect of removal and the best linear count
(:mod:`exact_odds.in_play.simulate.removal`). The simulated gain of a counter and of
perfect play comes from :func:`exact_odds.in_play.simulate.counting.countability`
through :func:`simulate_countability` (the one adapter to it).

Everything exact stays exact (``Fraction``); only the volatility figures
(:mod:`exact_odds.bets.volatility`, normal approximation) and the
Monte-Carlo estimates are decimals, and they say so.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

from exact_odds.bets.paytable import PayTable
from exact_odds.bets.result import BetResult
from exact_odds.bets.volatility import Volatility
from exact_odds.in_play.dealing import CARDS_BEHIND_CUT
from exact_odds.rules.shoe import Shoe, ShoeError

#: The deck counts of a par sheet unless told otherwise (None: the infinite deck).
DEFAULT_DECKS: tuple[int | None, ...] = (1, 6, 8, None)
#: Simulated shoes per deck count unless told otherwise (benchmarks/bench_report.py: a three-deck-count
#: report of one bet stays under 10 s on 2 cores).
DEFAULT_SHOES = 250
DEFAULT_CUT_CARD = CARDS_BEHIND_CUT  #: cards behind the cut card (docs/rules.md §7)
DEFAULT_SEED = 1


class ParSheetError(ValueError):
    """Options a par sheet cannot use; the message says what to give."""


@dataclass(frozen=True)
class SimulatedPlay:
    """One way of playing the bet over the simulated shoes: Monte-Carlo means and their standard errors.

    Each statistic is ``(mean, standard error)`` as floats (Monte-Carlo figures, labelled so); a mean is
    None where undefined (no coup bet)."""

    name: str
    bet_frequency: tuple[float | None, float | None]
    advantage_when_betting: tuple[float | None, float | None]
    win_per_100_coups: tuple[float | None, float | None]
    win_per_shoe: tuple[float | None, float | None]
    sd_per_coup: tuple[float | None, float | None]
    #: the desirability index, N0 and SCORE (at :data:`COUPS_PER_HOUR`; exact_odds.in_play.simulate.bankroll)
    desirability_index: tuple[float | None, float | None] = (None, None)
    n0: tuple[float | None, float | None] = (None, None)
    score: tuple[float | None, float | None] = (None, None)


@dataclass(frozen=True)
class SimulatedCountability:
    """The counter and perfect play on the same simulated shoes (from :func:`simulate_countability`)."""

    decks: int
    cut_card: int
    shoes: int
    seed: int
    coups: int
    trigger: Fraction  #: the true count at which the counter bets
    tags: tuple[int, ...]
    count: SimulatedPlay
    perfect: SimulatedPlay
    assumptions: tuple[str, ...]


def _estimate(e: Any) -> tuple[float | None, float | None]:
    return (None if e.value is None else float(e.value), None if e.standard_error is None else float(e.standard_error))


def _play(s: Any, name: str) -> SimulatedPlay:
    return SimulatedPlay(name, _estimate(s.bet_frequency), _estimate(s.advantage_when_betting),
                         _estimate(s.win_per_100_coups), _estimate(s.win_per_shoe), _estimate(s.sd_per_coup),
                         _estimate(s.desirability_index), _estimate(s.n0), _estimate(s.score))


def simulate_countability(bet: PayTable, decks: int, *, cut_card: int, shoes: int, seed: int, jobs: int = 1,
                          progress: Callable[[int], None] | None = None) -> SimulatedCountability | None:
    """ADAPTER to :func:`exact_odds.in_play.simulate.counting.countability` (the one simulator of counting).

    Returns None when this build has no ``exact_odds.in_play.simulate.counting``
    (the par sheet then says the simulation is not available); otherwise its
    result, reduced to what a par sheet prints."""
    try:
        from exact_odds.in_play.simulate.counting import countability
    except ImportError:
        return None
    c = countability(bet, decks, cut_card=cut_card, shoes=shoes, seed=seed, jobs=jobs, progress=progress)
    return SimulatedCountability(
        decks=decks, cut_card=cut_card, shoes=shoes, seed=seed, coups=c.study.coups, trigger=Fraction(c.trigger),
        tags=tuple(c.count.tags), count=_play(c.count_play, "best linear count"),
        perfect=_play(c.perfect_play, "perfect play"),
        assumptions=tuple(c.assumptions))


@dataclass(frozen=True)
class DeckColumn:
    """The bet on one shoe: its exact figures and its volatility."""

    shoe: Shoe
    result: BetResult
    volatility: Volatility


@dataclass(frozen=True)
class Countable:
    """The exact effect of removal and best linear count of the bet on one finite shoe."""

    shoe: Shoe
    eor: tuple[Fraction | None, ...]  #: change in house edge per card of each rank A..K removed
    tags: tuple[int, ...]
    correlation_squared: Fraction
    correlation_sign: int
    correlation_text: str
    simulation: SimulatedCountability | None = None


@dataclass(frozen=True)
class ParSheet:
    """One bet on several shoes (:func:`par_sheet`)."""

    bet: PayTable
    columns: tuple[DeckColumn, ...]
    #: one per finite shoe, in order; empty for a bet on the first four cards' ranks and suits
    countability: tuple[Countable, ...]
    options: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        shoes = ", ".join(c.shoe.describe() for c in self.columns)
        return f"ParSheet({self.bet.name}: {shoes})"

    @property
    def paytable_digest(self) -> str:
        return paytable_digest(self.bet)

    @property
    def options_digest(self) -> str:
        return digest(self.options)


def digest(data: Any) -> str:
    """SHA-256 (hex) of ``data`` as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def paytable_digest(bet: PayTable) -> str:
    """SHA-256 of the pay table: name, every line's label, condition and exact payout, and 'otherwise'."""
    return digest({"name": bet.name, "lines": [[l.label, l.condition, str(l.pays)] for l in bet.lines],
                   "otherwise": [bet.otherwise_label, str(bet.otherwise)]})


def _shoe(decks: int | None) -> Shoe:
    return Shoe.infinite() if decks is None else Shoe.decks(decks)


def check_decks(decks: Sequence[int | None]) -> tuple[int | None, ...]:
    """Deck counts: whole numbers >= 1 or None (infinite), each once, at least one."""
    if isinstance(decks, (str, bytes)) or not hasattr(decks, "__iter__"):
        raise TypeError(f"decks must be a list of deck counts (int, or None for the infinite deck), "
                        f"not {type(decks).__name__}")
    out = tuple(decks)
    if not out:
        raise ParSheetError("no deck count given; give at least one, such as 8")
    for d in out:
        if d is not None and (isinstance(d, bool) or not isinstance(d, int)):
            raise TypeError(f"a deck count is an int >= 1 or None (infinite), not {d!r:.40}")
        if d is not None and d < 1:
            raise ParSheetError(f"a deck count must be at least 1, not {d}")
    if len(set(out)) != len(out):
        raise ParSheetError("a deck count is given twice; give each once")
    return out


class SimulatedDecksError(ParSheetError):
    """A deck count too large to simulate (:data:`~exact_odds.in_play.dealing.MAX_DECKS`)."""


def check_simulated(decks: Sequence[int], cut_card: int) -> None:
    """Refuse, before any work, a deck count that cannot be simulated (more than
    :data:`~exact_odds.in_play.dealing.MAX_DECKS`: hours a shoe), then a cut card that does not
    fit one of the simulated shoes (:class:`ParSheetError` naming the cut card)."""
    from exact_odds.in_play.dealing import MAX_DECKS, check_cut_card

    big = [d for d in decks if d > MAX_DECKS]
    if big:
        raise SimulatedDecksError(f"{big[0]:,} decks are too many to simulate: at most {MAX_DECKS} decks a shoe "
                                  "(every coup is priced exactly); simulate a smaller deck count only, or leave "
                                  "the simulation out")
    for d in decks:
        try:
            check_cut_card(cut_card, d, "none")
        except ShoeError as exc:
            raise ParSheetError(str(exc)) from None


def par_sheet(bet: PayTable, decks: Sequence[int | None] = DEFAULT_DECKS, *, simulate: bool = True,
              simulate_decks: int | None = None, cut_card: int = DEFAULT_CUT_CARD, shoes: int = DEFAULT_SHOES, seed: int = DEFAULT_SEED,
              jobs: int = 1, progress: Callable[[int], None] | None = None, walks: dict | None = None) -> ParSheet:
    """``bet`` priced on ``decks`` decks each (None: infinite), with volatility and countability.

    ``simulate`` runs the counting simulation for every finite deck count
    (or only ``simulate_decks``, one of them): ``shoes`` shoes dealt to the cut card with ``cut_card`` cards behind it,
    from ``seed``. The effect of removal and the count are exact for every
    finite deck count.
    ``walks`` may share the walks of the shoes between several bets."""
    from exact_odds.punto_banco.walk import walk

    if not isinstance(bet, PayTable):
        raise TypeError(f"par_sheet needs a PayTable (such as builtin_catalog().bet('dragon7')), "
                        f"not {type(bet).__name__}")
    decks = check_decks(decks)
    finite = [d for d in decks if d is not None]
    if simulate_decks is not None and simulate_decks not in finite:
        raise ParSheetError(f"the simulated deck count ({simulate_decks}) must be one of the finite deck counts "
                            f"of the sheet ({', '.join(map(str, finite)) or 'none'})")
    if simulate and bet.is_value_level:
        check_simulated(finite if simulate_decks is None else [simulate_decks], cut_card)
    walks = {} if walks is None else walks
    columns = []
    for d in decks:
        if d not in walks:
            walks[d] = walk(_shoe(d))
        result = bet.price(walks[d])
        columns.append(DeckColumn(walks[d].shoe, result, Volatility.of(result)))
    countable = []
    if bet.is_value_level:
        from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count

        for d in decks:
            if d is None:
                continue
            shoe = _shoe(d)
            eor = effect_of_removal(shoe, [bet])
            count = linear_count(eor.eor[0], shoe.ranks)
            sim = None
            if simulate and simulate_decks in (None, d):
                try:
                    sim = simulate_countability(bet, d, cut_card=cut_card, shoes=shoes, seed=seed, jobs=jobs,
                                                progress=progress)
                except ShoeError as exc:
                    raise ParSheetError(str(exc)) from None
            countable.append(Countable(shoe, eor.eor[0], count.tags, count.correlation_squared,
                                       count.correlation_sign, count.correlation_text(4), sim))
    options = {"decks": ["inf" if d is None else d for d in decks],
               "simulate": (finite if simulate_decks is None else [simulate_decks]) if simulate else [],
               "cut_card": cut_card, "shoes": shoes, "seed": seed}
    return ParSheet(bet, tuple(columns), tuple(countable), options)
