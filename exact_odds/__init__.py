"""exact_odds: the exact odds of baccarat.

Punto banco for any shoe, from one exact walk of the coup; bets as pay
tables; chemin de fer and baccarat banque as games.

>>> from exact_odds import Shoe, analyse
>>> a = analyse(Shoe.decks(8))
>>> a.distribution.outcome_counts()["banker"]
2292252566437888
"""

from exact_odds.punto_banco.analysis import Analysis, analyse
from exact_odds.bets.catalog import builtin_catalog, load_catalog
from exact_odds.rules.coup import Coup, Deal
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.punto_banco.walk import walk
from exact_odds.punto_banco.first_four import pair_distribution
from exact_odds.bets.paytable import PayLine, PayTable, commission_banker
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

__version__ = "0.1.0"

__all__ = [
    "Analysis", "Coup", "CoupDistribution", "Deal", "PayLine", "PayTable", "PUNTO_BANCO",
    "Shoe", "ShoeError", "Tableau", "analyse", "builtin_catalog", "commission_banker", "load_catalog",
    "pair_distribution", "walk",
]
