"""Chemin de fer: the two-person game of the punter against the banker, solved exactly.

The game (docs/rules.md §5)
---------------------------
The punter holds the Player hand, the banker the Banker hand; the deal is the
punto banco deal. A natural (a two-card 8 or 9 in either hand) ends the coup.
Otherwise the punter must draw on 0-4 and stand on 6-7, and *chooses* at 5;
his third card is dealt face up. The banker then chooses to draw or stand in
every *cell*: what he knows of his own hand against what the punter visibly
did (stood, or drew a third card of value 0-9). Without commission the payoff
is +1 / -1 / 0 to the punter (zero-sum). With a commission ``c`` on banker
wins the banker collects only ``1 - c`` when he wins and the game becomes a
bimatrix game.

Models, in Ethier's naming (Ethier and Gamez 2013, Games 4:711):

* **A1**: the infinite deck (cards with replacement); each party knows only
  his two-card total. The banker has 8 totals x 11 visible actions = 88 cells
  (a 2 x 2**88 matrix game, solved by Kemeny and Snell 1957).
* **B2**: ``d`` decks without replacement; the banker knows his two cards
  (as an unordered pair of *values*: 10, J, Q and K are all value 0), the
  punter only his total. 44 non-natural pairs x 11 = 484 banker cells
  (Ethier and Gamez's 2 x 2**484 game).
* **B3**: ``d`` decks; each knows his own two cards. The punter's choice at 5
  is then one choice per holding: 0+5, 1+4, 2+3, 6+9, 7+8.

Method: one walk, then arithmetic on cells
------------------------------------------
A mixed strategy is a probability per information cell: ``x[h]``, the
probability that the punter draws holding ``h`` at 5, and ``y[j]``, the
probability that the banker draws in cell ``j``. Given the deal, only one
banker cell is ever reached, and the punter's choice at 5 only decides *which*
cell (third card ``t`` or "stood"). So the expected payoff is additive over
banker cells and affine in the punter's probabilities:

    E(x, y) = C + sum_j [ (1 - y[j]) S_j(x) + y[j] D_j(x) ],
    S_j(x) = S_j0 + sum_h x[h] S_jh,   D_j(x) = D_j0 + sum_h x[h] D_jh,

where ``C`` counts the naturals. :func:`build_game` walks the deal once (the
punto banco walk's scheme: exact integer weights by shoe composition, six-card
convention: every coup is an ordered sequence of six cards, unused cards
included, all counts over N(N-1)...(N-5), or 13**6 for the infinite deck) and
records, for every cell and both banker actions, the integer coefficients of
those affine functions, separately for punter wins and banker wins. (It is a
walk of its own rather than :func:`exact_odds.punto_banco.walk.walk` because it must
carry the banker's two cards and follow *both* actions in every cell, where
the punto banco walk follows one tableau and keeps only totals; the tests check the two
walks agree on every tableau tried.) A punter
holding 5 who stands adds ``w`` to the constant and ``-w`` to his own
coefficient (weight ``1 - x[h]``); one who draws adds ``w`` to it (weight
``x[h]``). The payoff of any strategy pair, pure or mixed, is then a sum over
cells; the solvers never walk the deal again. Drawing rules stay data: the
punto banco tableau is one strategy pair of this game
(:func:`tableau_strategies`).

Solving
-------
*One punter probability (A1, B2).* For a fixed ``x`` the banker's best reply
decomposes cell by cell. In the zero-sum game the punter's guaranteed payoff
``C + sum_j min(S_j(x), D_j(x))`` is a concave piecewise-linear function of
``x``; its breakpoints are where a cell's two lines cross. The general
(bimatrix) form of this is Foster's algorithm, as generalised by Ethier and Lee
(2023): the banker's best reply in a cell changes only where his own two lines
(his payoffs, banker wins worth ``1 - c``) cross, so a Nash equilibrium sits
at ``x = 0``, ``x = 1`` or a crossing point ``x*`` where the punter's payoff
slope can be brought to zero (or to the right sign at an end) by the banker
mixing the cells that are tied at ``x*``. :func:`solve_one_choice` checks
every candidate point with exact rationals and builds the banker's mixing probability so that the punter
is exactly indifferent; with ``c = 0`` this is the maximum of the concave
envelope (the minimax solution).

*Several punter choices (B3).* Zero-sum: an exact linear program. The punter
maximises ``C + sum_j z_j`` subject to ``z_j <= S_j(x)``, ``z_j <= D_j(x)``,
``0 <= x <= 1``; the banker minimises ``E(0, y) + sum_h t_h`` subject to
``t_h >= 0`` and ``t_h >= dE/dx_h`` (his ceiling), ``0 <= y <= 1``. Cells
where one action is no worse for the banker over the whole box of punter
strategies are fixed first, so the programs stay small; they are solved with
sympy's rational simplex (:func:`sympy.solvers.simplex.linprog`). With
commission: a search over equilibria in which at most one holding is mixed
(every pure choice of the others, each reduced to the one-choice algorithm),
each candidate verified exactly; Ethier and Lee (2023) likewise obtain a B3
equilibrium from the B2 structure.

Every solution is checked before it is returned (:func:`equilibrium_gaps`):
each side's strategy is a best reply to the other's, in exact arithmetic; for
the zero-sum game the punter's guaranteed floor equals the banker's
guaranteed ceiling, which is the value.

Modules: :mod:`.models` (who knows what; readable names of cells),
:mod:`.game` (the walk), :mod:`.payoff` (payoffs, best replies, floor and
ceiling), :mod:`.solution` and :mod:`.solve` (the solvers), and
:mod:`.deviations`. Rows, text and JSON are built in
:mod:`exact_odds.report.chemin`.

>>> from exact_odds.games.chemin import game_for, solve
>>> solve(game_for("A1")).punter
{'5': Fraction(9, 11)}
"""

from exact_odds.games.chemin.deviations import Deviation, deviations, tableau_differences
from exact_odds.games.chemin.game import Game, build_game, game_for, impossible, model_cells, model_shoe
from exact_odds.games.chemin.models import (
    HOLDINGS_AT_5, MODELS, SEEN, STOOD, ChemError, Model, cell_label, hand_label, seen_label,
)
from exact_odds.games.chemin.payoff import (
    banker_best_reply, ceiling_of, equilibrium_gaps, floor_of, outcome_counts, payoff, punter_best_reply,
    tableau_strategies,
)
from exact_odds.games.chemin.solution import ChemSolution, Solution
from exact_odds.games.chemin.solve import solve, solve_one_choice

__all__ = [
    "HOLDINGS_AT_5", "MODELS", "SEEN", "STOOD", "ChemError", "ChemSolution", "Deviation", "Game", "Model", "Solution",
    "banker_best_reply", "build_game", "ceiling_of", "cell_label", "deviations", "equilibrium_gaps", "floor_of",
    "game_for", "hand_label", "impossible", "model_cells", "model_shoe", "outcome_counts", "payoff", "punter_best_reply", "seen_label", "solve",
    "solve_one_choice", "tableau_differences", "tableau_strategies",
]
