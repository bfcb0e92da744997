"""The coup distribution of punto banco.

A :class:`CoupDistribution` maps states to the number of ways they happen
(six-card convention, docs/rules.md §3) over a common ``total``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import field
from fractions import Fraction
from typing import Callable

from exact_odds.records import FACTORY, frozen
from exact_odds.punto_banco.notebook import html_table, percent, short
from exact_odds.rules.coup import Coup, Deal
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import Tableau


@frozen
class CoupDistribution:
    """The number of ways each :class:`Deal` happens, out of ``total``.

    For a finite shoe of N cards, ``total`` is N(N-1)...(N-5) and the counts
    are the Wizard of Odds six-card counts; for the infinite deck ``total`` is
    13**6 and the counts are in those units.
    """

    shoe: Shoe
    tableau: Tableau
    #: six-card count of every deal that can happen
    deals: dict[Deal, int]
    total: int
    _coups: dict[Coup, int] = field(default_factory=dict, compare=False, repr=False)

    def __init__(self, shoe: Shoe, tableau: Tableau, deals: dict[Deal, int], total: int,
                 _coups: dict[Coup, int] = FACTORY) -> None:
        object.__setattr__(self, 'shoe', shoe)
        object.__setattr__(self, 'tableau', tableau)
        object.__setattr__(self, 'deals', deals)
        object.__setattr__(self, 'total', total)
        object.__setattr__(self, '_coups', {} if _coups is FACTORY else _coups)

    def __repr__(self) -> str:
        p = {k: Fraction(n, self.total) for k, n in self.outcome_counts().items()}
        return (f"CoupDistribution({short(self.shoe.describe())}, {self.tableau.name}: {len(self.deals)} deals "
                f"out of {self.total}; Banker {percent(p['banker'])}, Player {percent(p['player'])}, "
                f"Tie {percent(p['tie'])})")

    def _repr_html_(self) -> str:
        counts = self.outcome_counts()
        rows = [(k.capitalize(), n, percent(Fraction(n, self.total), 6)) for k, n in counts.items()]
        rows.append(("Total", self.total, percent(Fraction(1), 6)))
        units = "13^6 units" if self.shoe.is_infinite else "ordered six-card sequences"
        caption = (f"{self.shoe.describe()}, {self.tableau.name}: each outcome's count of {units} "
                   f"(six-card convention), summed over the {len(self.deals):,} distinct deals "
                   "(two-card totals and third cards) that can happen")
        return html_table(("Outcome", "Count", "Probability"), rows, caption)

    @property
    def coups(self) -> dict[Coup, int]:
        """Counts by :class:`Coup` (final totals and cards per hand)."""
        if not self._coups:
            out: dict = defaultdict(int)
            for deal, n in self.deals.items():
                out[deal.coup] += n
            self._coups.update(out)
        return self._coups

    def count(self, event: Callable[[Coup], bool]) -> int:
        """The number of ways the coup satisfies ``event``."""
        return sum(n for coup, n in self.coups.items() if event(coup))

    def probability(self, event: Callable[[Coup], bool]) -> Fraction:
        """The probability that the coup satisfies ``event``."""
        return Fraction(self.count(event), self.total)

    def outcome_counts(self) -> dict[str, int]:
        """Six-card counts of Banker wins, Player wins and ties."""
        out = {"banker": 0, "player": 0, "tie": 0}
        for coup, n in self.coups.items():
            out[coup.winner] += n
        return out
