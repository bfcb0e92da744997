"""Aggregates of the coup distribution: totals, wins by total, cards used, the 10x10 grid.

Every aggregate is arithmetic on the one walk (:func:`~exact_odds.punto_banco.walk.walk`):
the six-card counts (docs/rules.md §3) summed over deals, exact integers over
the distribution's ``total`` (for the infinite deck, in units of 13**-6).
The tables of ``exact-odds distribution`` are made from these in
:mod:`exact_odds.report.punto_banco`.

* :func:`final_totals`: each hand's final total, 0-9.
* :func:`wins_by_total`: Banker wins, Player wins and ties by the winning (or tied) total.
* :func:`cards_used`: the number of cards the coup used, 4, 5 or 6.
* :func:`total_grid`: final Player total by final Banker total.
* :func:`outcomes_by_player_first_two`: Banker / Player / Tie by the Player's
  two-card total (the layout of Wizard of Odds, Baccarat Appendix 3).
"""

from __future__ import annotations

from collections import defaultdict

from exact_odds.punto_banco.coup import CoupDistribution

#: The outcomes of a coup, in the order every table shows them.
OUTCOMES = ("banker", "player", "tie")


def final_totals(dist: CoupDistribution) -> dict[str, tuple[int, ...]]:
    """Counts of each hand's final total: ``{"player": (n0, ..., n9), "banker": (...)}``."""
    player: dict[int, int] = defaultdict(int)
    banker: dict[int, int] = defaultdict(int)
    for coup, n in dist.coups.items():
        player[coup.player] += n
        banker[coup.banker] += n
    return {"player": tuple(player[t] for t in range(10)), "banker": tuple(banker[t] for t in range(10))}


def wins_by_total(dist: CoupDistribution) -> dict[str, tuple[int, ...]]:
    """Counts of each outcome by the winning (or tied) total: ``{"banker": (n0, ..., n9), ...}``."""
    by: dict[tuple[str, int], int] = defaultdict(int)
    for coup, n in dist.coups.items():
        by[coup.winner, max(coup.player, coup.banker)] += n
    return {side: tuple(by[side, t] for t in range(10)) for side in OUTCOMES}


def cards_used(dist: CoupDistribution) -> dict[int, int]:
    """Counts of the number of cards the coup used: ``{4: n, 5: n, 6: n}``."""
    by: dict[int, int] = defaultdict(int)
    for coup, n in dist.coups.items():
        by[coup.player_cards + coup.banker_cards] += n
    return {k: by[k] for k in (4, 5, 6)}


def total_grid(dist: CoupDistribution) -> tuple[tuple[int, ...], ...]:
    """``grid[p][b]``: the count of coups ending with Player on ``p`` and Banker on ``b``."""
    grid: dict[tuple[int, int], int] = defaultdict(int)
    for coup, n in dist.coups.items():
        grid[coup.player, coup.banker] += n
    return tuple(tuple(grid[p, b] for b in range(10)) for p in range(10))


def outcomes_by_player_first_two(dist: CoupDistribution) -> tuple[dict[str, int], ...]:
    """``by[t][outcome]``: counts of each outcome when the Player's two-card total is ``t`` (0-9).

    The count of coups starting on ``t`` is the sum over the three outcomes;
    the conditional probability of an outcome is its count over that sum."""
    by: dict[tuple[int, str], int] = defaultdict(int)
    for deal, n in dist.deals.items():
        by[deal.player_initial, deal.coup.winner] += n
    return tuple({side: by[t, side] for side in OUTCOMES} for t in range(10))
