"""Chemin de fer, the two-person game of the punter against the banker, solved exactly.

The public names of :mod:`exact_odds.games.chemin` (the model, the walk, the
solvers: docs/methods/chemin-de-fer.md), under the game's name:

>>> from exact_odds import chemin
>>> chemin.solve(chemin.game_for("A1")).punter
{'5': Fraction(9, 11)}
"""

from exact_odds.games.chemin import (MODELS, ChemError, Deviation, Game, build_game, deviations, equilibrium_gaps,
                                     game_for, payoff, solve, tableau_strategies)
from exact_odds.games.chemin.solution import ChemSolution

__all__ = ["MODELS", "ChemError", "ChemSolution", "Deviation", "Game", "build_game", "deviations",
           "equilibrium_gaps", "game_for", "payoff", "solve", "tableau_strategies"]
