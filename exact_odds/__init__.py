"""exact_odds: the exact odds of baccarat.

Punto banco for any shoe, from one exact walk of the coup; bets as pay
tables; chemin de fer and baccarat banque as games (:mod:`exact_odds.chemin`,
:mod:`exact_odds.banque`); the shoe in play.
Every probability is an exact fraction (docs/library.md is a tour).

>>> from exact_odds import Shoe, analyse
>>> a = analyse(Shoe.decks(8))
>>> a
Analysis(8 decks: Banker 1.0579%, Player 1.2351%, Tie 14.3596%)
>>> a.distribution.outcome_counts()["banker"]
2292252566437888

Every name below is importable from ``exact_odds``; each is loaded from its
home module on first use, so ``import exact_odds`` (and ``exact-odds edge``)
stays quick. The home of each name is in :data:`_HOMES` (and docs/layout.md).
"""

from __future__ import annotations

from importlib import import_module

#: True only for type checkers (mypy and pyright read this name so); not importing typing keeps
#: ``import exact_odds`` to a few milliseconds, the moment before a Ctrl-C can be handled.
TYPE_CHECKING = False

__version__ = "0.1.0"

#: Each public name and the module it lives in.
_HOMES: dict[str, str] = {}
for _module, _names in {
    # the rules of the game (docs/rules.md)
    "rules.shoe": "Shoe ShoeError",
    "rules.cards": "RANKS SUITS RANK_VALUES CardError",
    "rules.coup": "Coup Deal",
    "rules.tableau": "Tableau PUNTO_BANCO PunterRule PUNTER",
    # punto banco: the walk, the compiled fast path, the analysis of a shoe
    "punto_banco.walk": "walk",
    "punto_banco.coup": "CoupDistribution",
    "punto_banco.features": "walk_compiled",
    "punto_banco.pricer": "Pricer",
    "bets.analysis": "Analysis analyse METHODS",
    "cards.routes.first_four": "PairDistribution pair_distribution",
    "punto_banco.distribution": "final_totals wins_by_total cards_used total_grid outcomes_by_player_first_two",
    # bets: pay tables, the catalog, choosing bets, break-even
    "bets.paytable": "PayTable PayLine PayTableError commission_banker",
    "bets.result": "BetResult LineResult",
    "bets.catalog": "Catalog builtin_catalog load_catalog parse_catalog",
    "bets.selection": "select_bets select_value_level select_one_shoe",
    "bets.breakeven": "BreakEven break_even TargetEdge solve_target_edge EdgeGrid edge_grid",
    "bets.volatility": "Volatility",
    "bets.par_sheet": "ParSheet par_sheet",
    "bets.explain": "explain",
    "cards.route": "Explanation",
    "cards.budget": "memory_budget",
    # the shoe in play
    "in_play.simulate.removal": "EffectOfRemoval LinearCount effect_of_removal linear_count betting_correlation",
    "in_play.simulate.balanced": "balanced_count",
    "in_play.simulate.simulation": "SimulationResult simulate",
    "in_play.simulate.bankroll": "BetRamp Kelly parse_ramp",
    "in_play.sweep.sweep": "ShoePrice price_shoes house_edges parse_sweep SweepError",
    "in_play.dealing": "deal_shoe shuffled_cards",
    "in_play.track.log": "ShoeInPlay LogError read_log coups_from_log parse_token CoupSplitter",
    "in_play.track.table": "Table Count CountError parse_count_tags count_of_bet CardPrices DetailNeeded",
    # information play: edge sorting, known cards (docs/methods/information.md)
    "information.seen": "Information InformationError",
    "information.play": "InformationPlay InformationState information_play",
    "information.sorts": "SortSearch best_sort",
    "information.table": "next_coup",
}.items():
    for _name in _names.split():
        _HOMES[_name] = f"exact_odds.{_module}"
#: The games of choice, each under its own name: ``exact_odds.chemin.solve``, ``exact_odds.banque.analyse_banque``.
_GAMES = ("chemin", "banque")

__all__ = sorted([*_HOMES, *_GAMES, "__version__"])


def __getattr__(name: str) -> object:
    if name in _HOMES:
        value = getattr(import_module(_HOMES[name]), name)
    elif name in _GAMES:
        value = import_module(f"exact_odds.{name}")
    else:
        raise AttributeError(f"module 'exact_odds' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from exact_odds.bets.breakeven import BreakEven, break_even
    from exact_odds.bets.catalog import Catalog, builtin_catalog, load_catalog, parse_catalog
    from exact_odds.bets.paytable import PayLine, PayTable, PayTableError, commission_banker
    from exact_odds.bets.result import BetResult, LineResult
    from exact_odds.bets.selection import select_bets, select_one_shoe, select_value_level
    from exact_odds import banque, chemin
    from exact_odds.in_play.dealing import deal_shoe, shuffled_cards
    from exact_odds.in_play.track.log import CoupSplitter, LogError, ShoeInPlay, coups_from_log, parse_token, read_log
    from exact_odds.in_play.simulate.balanced import balanced_count
    from exact_odds.in_play.simulate.removal import (EffectOfRemoval, LinearCount, betting_correlation,
                                                     effect_of_removal, linear_count)
    from exact_odds.in_play.simulate.simulation import SimulationResult, simulate
    from exact_odds.in_play.simulate.bankroll import BetRamp, Kelly, parse_ramp
    from exact_odds.in_play.track.table import (CardPrices, Count, CountError, DetailNeeded, Table, count_of_bet,
                                          parse_count_tags)
    from exact_odds.in_play.sweep.sweep import ShoePrice, SweepError, house_edges, parse_sweep, price_shoes
    from exact_odds.information.play import InformationPlay, InformationState, information_play
    from exact_odds.information.seen import Information, InformationError
    from exact_odds.information.sorts import SortSearch, best_sort
    from exact_odds.information.table import next_coup
    from exact_odds.bets.analysis import METHODS, Analysis, analyse
    from exact_odds.punto_banco.coup import CoupDistribution
    from exact_odds.punto_banco.distribution import (cards_used, final_totals, outcomes_by_player_first_two,
                                                     total_grid, wins_by_total)
    from exact_odds.punto_banco.features import walk_compiled
    from exact_odds.cards.routes.first_four import PairDistribution, pair_distribution
    from exact_odds.punto_banco.pricer import Pricer
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.cards import RANK_VALUES, RANKS, SUITS, CardError
    from exact_odds.rules.coup import Coup, Deal
    from exact_odds.rules.shoe import Shoe, ShoeError
    from exact_odds.rules.tableau import PUNTER, PUNTO_BANCO, PunterRule, Tableau
