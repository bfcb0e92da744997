"""Tables of the coup distribution itself: totals, cards used, the 10x10 grid.

Every table is arithmetic on the one walk (:func:`~exact_odds.engine.walk`):
the six-card counts (RULES §3) summed over deals, with exact probabilities
beside them. The infinite deck has no integer counts; its tables show
probabilities only.

* ``totals``: each hand's final total, 0-9.
* ``wins``: Banker wins, Player wins and ties by the winning (or tied) total.
* ``cards``: the number of cards the coup used, 4, 5 or 6.
* ``grid``: final Player total by final Banker total.
* ``player_first_two``: Banker / Player / Tie given the Player's two-card
  total (the layout of Wizard of Odds, Baccarat Appendix 3).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.report.numbers import decimal_text, fraction_text


@dataclass(frozen=True)
class DistributionTable:
    """One titled table: headers, rows of text, and the exact figures for JSON."""

    key: str
    title: str
    headers: list
    rows: list
    data: list


def _count(n, infinite: bool) -> str:
    return "" if infinite else str(n)


def _prob(n, total) -> str:
    return decimal_text(Fraction(n, total), 10)


def totals_by_hand(dist: CoupDistribution) -> DistributionTable:
    """The final total of each hand, 0-9."""
    inf = dist.shoe.is_infinite
    player: dict = defaultdict(int)
    banker: dict = defaultdict(int)
    for coup, n in dist.coups.items():
        player[coup.player] += n
        banker[coup.banker] += n
    rows, data = [], []
    for t in range(10):
        rows.append([str(t), _count(player[t], inf), _prob(player[t], dist.total),
                     _count(banker[t], inf), _prob(banker[t], dist.total)])
        data.append({"total": t, "player_count": None if inf else player[t],
                     "player_probability": fraction_text(Fraction(player[t], dist.total)),
                     "banker_count": None if inf else banker[t],
                     "banker_probability": fraction_text(Fraction(banker[t], dist.total))})
    return DistributionTable("totals", "Final total of each hand", [
        "Total", "Player count", "Player probability", "Banker count", "Banker probability"], rows, data)


def wins_by_total(dist: CoupDistribution) -> DistributionTable:
    """Banker wins, Player wins and ties by the winning (or tied) total."""
    inf = dist.shoe.is_infinite
    by: dict = defaultdict(int)
    for coup, n in dist.coups.items():
        by[coup.winner, max(coup.player, coup.banker)] += n
    rows, data = [], []
    for t in range(10):
        row, item = [str(t)], {"total": t}
        for side in ("banker", "player", "tie"):
            n = by[side, t]
            row += [_count(n, inf), _prob(n, dist.total)]
            item[f"{side}_count"] = None if inf else n
            item[f"{side}_probability"] = fraction_text(Fraction(n, dist.total))
        rows.append(row)
        data.append(item)
    return DistributionTable("wins", "Wins by winning total (ties by the tied total)", [
        "Total", "Banker wins", "Probability", "Player wins", "Probability", "Ties", "Probability"], rows, data)


def cards_used(dist: CoupDistribution) -> DistributionTable:
    """The number of cards the coup used."""
    inf = dist.shoe.is_infinite
    by: dict = defaultdict(int)
    for coup, n in dist.coups.items():
        by[coup.player_cards + coup.banker_cards] += n
    rows, data = [], []
    for k in (4, 5, 6):
        rows.append([str(k), _count(by[k], inf), _prob(by[k], dist.total), fraction_text(Fraction(by[k], dist.total))])
        data.append({"cards": k, "count": None if inf else by[k],
                     "probability": fraction_text(Fraction(by[k], dist.total))})
    return DistributionTable("cards", "Cards used by the coup", ["Cards", "Count", "Probability", "Exact"], rows, data)


def total_grid(dist: CoupDistribution) -> DistributionTable:
    """Final Player total (rows) by final Banker total (columns): counts, or probabilities for the infinite deck."""
    inf = dist.shoe.is_infinite
    grid: dict = defaultdict(int)
    for coup, n in dist.coups.items():
        grid[coup.player, coup.banker] += n
    rows, data = [], []
    for p in range(10):
        cells = [decimal_text(Fraction(grid[p, b], dist.total), 8) if inf else str(grid[p, b]) for b in range(10)]
        rows.append([str(p)] + cells)
        data.append({"player": p, "banker": [
            fraction_text(Fraction(grid[p, b], dist.total)) if inf else grid[p, b] for b in range(10)]})
    what = "probabilities" if inf else "six-card counts"
    return DistributionTable("grid", f"Final Player total (rows) by final Banker total (columns), {what}",
                             ["Player \\ Banker"] + [str(b) for b in range(10)], rows, data)


def by_player_first_two(dist: CoupDistribution) -> DistributionTable:
    """P(Banker wins / Player wins / tie | the Player's two-card total), as in WoO Appendix 3."""
    inf = dist.shoe.is_infinite
    by: dict = defaultdict(int)
    start: dict = defaultdict(int)
    for deal, n in dist.deals.items():
        by[deal.player_initial, deal.coup.winner] += n
        start[deal.player_initial] += n
    rows, data = [], []
    for t in range(10):
        s = start[t]
        cond = {side: Fraction(by[t, side], s) if s else Fraction(0) for side in ("banker", "player", "tie")}
        rows.append([str(t), _count(s, inf), _prob(s, dist.total)] + [decimal_text(cond[x], 10) for x in cond])
        data.append({"player_first_two": t, "count": None if inf else s,
                     "probability": fraction_text(Fraction(s, dist.total)),
                     **{f"{x}_given": fraction_text(v) for x, v in cond.items()}})
    return DistributionTable("player_first_two", "Outcome given the Player's two-card total", [
        "Player's first two", "Count", "Probability", "P(Banker wins | total)", "P(Player wins | total)",
        "P(Tie | total)"], rows, data)


#: Every distribution table, in the order printed.
TABLES = {
    "totals": totals_by_hand,
    "wins": wins_by_total,
    "cards": cards_used,
    "grid": total_grid,
    "player_first_two": by_player_first_two,
}


def distribution_tables(dist: CoupDistribution, keys=None) -> list[DistributionTable]:
    """The tables named by ``keys`` (default all), from one distribution."""
    return [TABLES[k](dist) for k in (keys or TABLES)]
