"""Baccarat banque (a deux tableaux): two tableaux, one banker, and the middle bet, exactly.

The public names of :mod:`exact_odds.games.banque` under the game's name: a
banker's policy priced (:func:`analyse_banque`, docs/methods/banque.md), and
the three-person game (:func:`banque_game`, :func:`solve_banque`;
docs/methods/banque-equilibrium.md):

>>> from fractions import Fraction
>>> from exact_odds import Shoe, banque
>>> banque.analyse_banque(Shoe.infinite(), "tableau-left", Fraction(1, 2)).banker_edge > 0
True
"""

from exact_odds.games.banque import (BANKER_POLICIES, THETAS, BanqueError, BanqueResult, BanqueWalk, Middle,
                                     MiddleSolution, PunterFive, analyse_banque, banque_walk)
from exact_odds.games.banque.equilibrium import Equilibrium, EquilibriumSearch, solve_banque
from exact_odds.games.banque.game import BanqueGame, banque_game

__all__ = ["BANKER_POLICIES", "THETAS", "BanqueError", "BanqueGame", "BanqueResult", "BanqueWalk", "Equilibrium",
           "EquilibriumSearch", "Middle", "MiddleSolution", "PunterFive", "analyse_banque", "banque_game",
           "banque_walk", "solve_banque"]
