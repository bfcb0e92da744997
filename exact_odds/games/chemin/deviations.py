"""What the equilibrium is worth: where it departs from punto banco, and the cost of deviating."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.games.chemin.models import cell_label
from exact_odds.games.chemin.payoff import banker_best_reply, payoff, punter_best_reply, tableau_strategies
from exact_odds.games.chemin.solution import Solution
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


def tableau_differences(solution: Solution, tableau: Tableau = PUNTO_BANCO
                        ) -> list[tuple[tuple[str, str], str, Fraction]]:
    """Cells where the banker's equilibrium play differs from the tableau:
    (cell name such as ('6', 'stood'), the tableau's action 'D' or 'S',
    the equilibrium probability of drawing), in the game's cell order."""
    _, ty = tableau_strategies(solution.game, tableau)
    return [(cell_label(cell), "D" if ty[cell] else "S", solution.y[cell])
            for cell in solution.game.cells if solution.y[cell] != ty[cell]]


@dataclass(frozen=True)
class Deviation:
    """One party deviates; the other replies as stated."""

    label: str
    punter: Fraction  #: the punter's expectation
    banker: Fraction  #: the banker's expectation
    cost: Fraction  #: what the deviating party gives up against the equilibrium
    who: str

    def __repr__(self) -> str:
        return (f"Deviation({self.label}: punter {float(self.punter) * 100:.6f}%, banker "
                f"{float(self.banker) * 100:.6f}%, costs the {self.who} {float(self.cost) * 100:.6f}%)")


def deviations(solution: Solution) -> list[Deviation]:
    """The cost of leaving the equilibrium, and the punto banco rules.

    A punter who always draws (stands) at 5 against the banker's best reply;
    a banker who follows the punto banco tableau against the punter's best
    reply; both following punto banco (the fixed-rules game under the same
    deal)."""
    game, c = solution.game, solution.commission
    out = []
    for label, xv in (("punter always draws at 5", 1), ("punter always stands at 5", 0)):
        x = tuple(Fraction(xv) for _ in game.holdings)
        y = banker_best_reply(game, x, c)
        p = payoff(game, x, y, "punter", c)
        out.append(Deviation(label + ", banker replies best", p, payoff(game, x, y, "banker", c),
                             solution.punter_value - p, "punter"))
        p = payoff(game, x, solution.y, "punter", c)
        out.append(Deviation(label + ", banker keeps equilibrium", p,
                             payoff(game, x, solution.y, "banker", c), solution.punter_value - p, "punter"))
    tx, ty = tableau_strategies(game)
    bx, _ = punter_best_reply(game, ty, c)
    b = payoff(game, bx, ty, "banker", c)
    out.append(Deviation("banker follows punto banco tableau, punter replies best",
                         payoff(game, bx, ty, "punter", c), b, solution.banker_value - b, "banker"))
    b = payoff(game, solution.x, ty, "banker", c)
    out.append(Deviation("banker follows punto banco tableau, punter keeps equilibrium",
                         payoff(game, solution.x, ty, "punter", c), b, solution.banker_value - b, "banker"))
    b = payoff(game, tx, ty, "banker", c)
    out.append(Deviation("both follow punto banco rules (fixed tableau)",
                         payoff(game, tx, ty, "punter", c), b, solution.banker_value - b, "banker"))
    return out
