"""Reports of chemin de fer: the solved game (rows, text, JSON); its reference table.

Every row and JSON document of ``exact-odds chemin-de-fer`` and of
``tables/chemin_de_fer.md`` is built here from a
:class:`~exact_odds.games.chemin.Solution`; nothing is rounded before here.
"""

from __future__ import annotations

from fractions import Fraction

from exact_odds.games.chemin import (
    SEEN, Solution, ceiling_of, cell_label, deviations, floor_of, hand_label, impossible, model_cells,
    tableau_differences,
)
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.emit import table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.rules.deal import hand_total
from exact_odds.report.shoe import shoe_json

Rows = tuple[list[str], list[list[str]]]


def _prob_cell(q: Fraction) -> str:
    """'D', 'S', or the probability of drawing to 4 decimals."""
    return "D" if q == 1 else "S" if q == 0 else decimal_text(q, 4)


def describe(solution: Solution) -> list[str]:
    """Heading lines: model, shoe, commission, method and convention."""
    game, c = solution.game, solution.commission
    shoe = game.shoe.describe()
    lines = [f"Chemin de fer, model {game.model.name}, {shoe}: {game.model.description}."]
    if c:
        lines.append(f"Commission {fraction_text(c)} ({percent_text(c, 4)}) on banker wins: a bimatrix game; "
                     "the strategies form a Nash equilibrium.")
    else:
        lines.append("No commission: a zero-sum game; the strategies are optimal (minimax).")
    lines.append(f"Method: {solution.method}; verified exactly: each side's strategy is a best reply to the other's.")
    if solution.others:
        lines.append(f"The search found {solution.others} further equilibria; the one with the smallest "
                     "drawing probability at 5 is shown.")
    lines.append(census_line(_census(solution)))
    lines += impossible_lines(solution)
    if game.shoe.is_infinite:
        lines.append("Infinite deck: counts are in units of 13**6 ordered six-card draws.")
    else:
        lines.append(f"Counts are six-card sequences out of N(N-1)...(N-5) = {game.total}.")
    return lines


def _census(solution: Solution):
    """The count of equilibria and the proof of the banker's uniqueness, once per solution."""
    from exact_odds.games.chemin.census import census

    cache = solution.game._solutions
    key = ("census", solution.commission, solution.x)
    if key not in cache:
        cache[key] = census(solution.game, solution.commission, solution.x[0] if len(solution.x) == 1 else None)
    return cache[key]


def census_line(c) -> str:
    """How many equilibria, and whether the banker's mix is unique, in one sentence."""
    if not c.complete:
        return f"Equilibria found: {c.found} ({c.proof})."
    n = "1 equilibrium" if c.found == 1 else f"{c.found} equilibria"
    if c.banker_unique:
        banker = "the banker's mix is unique (proved: " + c.proof + ")"
    else:
        free = [f"{'/'.join(cell_label(k))} from {fraction_text(lo)} to {fraction_text(hi)}"
                for k, (lo, hi) in c.banker_ranges.items() if lo != hi]
        banker = "the banker's mix is not unique: " + "; ".join(free)
    return f"Equilibria found: {n}, every one (Foster's algorithm); {banker}."


def impossible_lines(solution: Solution) -> list[str]:
    """Lines naming the holdings and cells this shoe can never deal (none for whole decks)."""
    holdings, cells = impossible(solution.game)
    lines = []
    if holdings:
        lines.append("The punter can never hold " + ", ".join(
            "total 5" if isinstance(h, int) else hand_label(h) for h in holdings)
            + " with this shoe: his probability there is a placeholder and changes nothing.")
    if cells:
        by_hand: dict = {}
        for hand, seen in cells:
            by_hand.setdefault(hand, []).append(seen)
        parts = [f"{hand_label(h)} (every action)" if len(s) == len(SEEN)
                 else f"{hand_label(h)} vs " + ", ".join(cell_label((h, t))[1] for t in s)
                 for h, s in by_hand.items()]
        lines.append(f"{len(cells)} of the banker's {len(model_cells(solution.game.model)[1])} cells can never "
                     "occur with this shoe (shown as -; no decision to make): " + "; ".join(parts) + ".")
    return lines


def value_rows(solution: Solution) -> Rows:
    """Rows: each party's expectation at the equilibrium (and floor / ceiling if zero-sum)."""
    rows = [["Punter's expectation" + (" (value of the game)" if not solution.commission else ""),
             fraction_text(solution.punter_value), decimal_text(solution.punter_value, 8),
             percent_text(solution.punter_value, 6)],
            ["Banker's expectation", fraction_text(solution.banker_value), decimal_text(solution.banker_value, 8),
             percent_text(solution.banker_value, 6)]]
    if not solution.commission:
        fl, ce = floor_of(solution.game, solution.x), ceiling_of(solution.game, solution.y)
        rows.append(["Floor: the punter's strategy guarantees him", fraction_text(fl), decimal_text(fl, 8), percent_text(fl, 6)])
        rows.append(["Ceiling: the banker's strategy holds the punter to", fraction_text(ce), decimal_text(ce, 8), percent_text(ce, 6)])
    return ["Quantity", "Exact", "Decimal", "Percent"], rows


def punter_rows(solution: Solution) -> Rows:
    """Rows: the punter's probability of drawing at 5, per holding."""
    rows = [[hand_label(h) if not isinstance(h, int) else "total 5", fraction_text(p), decimal_text(p, 8)]
            for h, p in zip(solution.game.holdings, solution.x)]
    return ["Punter holds", "Draws with probability", "Decimal"], rows


def banker_rows(solution: Solution) -> Rows:
    """The banker's strategy as a grid: his hand against the punter's visible action."""
    game = solution.game
    hands = []
    for hand, _ in model_cells(game.model)[1]:
        if hand not in hands:
            hands.append(hand)
    never = set(impossible(game)[1])
    pairs = not isinstance(hands[0], int)
    rows = [[hand_label(h)] + ([str(hand_total(*h))] if pairs else [])
            + ["-" if (h, s) in never else _prob_cell(solution.y.get((h, s), Fraction(0))) for s in SEEN]
            for h in hands]
    headers = ["Banker holds"] + (["Total"] if pairs else []) + [f"3rd {s}" if s is not None else "stood" for s in SEEN]
    return headers, rows


def mixed_rows(solution: Solution) -> Rows:
    """Rows: the banker's mixed cells, exactly."""
    rows = [[h, s, fraction_text(q), decimal_text(q, 8)] for (h, s), q in solution.mixed_cells.items()]
    return ["Banker holds", "Punter", "Draws with probability", "Decimal"], rows


def difference_rows(solution: Solution) -> Rows:
    """Rows: cells where the banker's equilibrium play differs from punto banco."""
    rows = [[h, s, tab, _prob_cell(q) if q in (0, 1) else f"mixed {fraction_text(q)}"]
            for (h, s), tab, q in tableau_differences(solution)]
    return ["Banker holds", "Punter", "Punto banco", "Equilibrium"], rows


def deviation_rows(solution: Solution) -> Rows:
    """Rows: the cost of deviations and the punto banco rules."""
    rows = [[d.label, decimal_text(d.punter, 8), decimal_text(d.banker, 8), d.who, decimal_text(d.cost, 8),
             fraction_text(d.cost)] for d in deviations(solution)]
    return ["Strategy pair", "Punter EV", "Banker EV", "Deviator", "Cost to deviator", "Cost (exact)"], rows


def solution_json(solution: Solution) -> dict:
    """The whole solution, every probability and value as a 'p/q' string."""
    game = solution.game
    banker: dict = {}
    for (h, s), q in solution.banker.items():
        banker.setdefault(h, {})[s] = fraction_text(q)
    out = {
        "model": game.model.name,
        "description": game.model.description,
        "shoe": shoe_json(game.shoe),
        "commission": fraction_text(solution.commission),
        "zero_sum": solution.commission == 0,
        "method": solution.method,
        **_census_json(_census(solution)),
        "total": None if game.shoe.is_infinite else game.total,
        "punter": {h: fraction_text(p) for h, p in solution.punter.items()},
        "banker": banker,
        "value": fraction_text(solution.punter_value),
        "punter_value": fraction_text(solution.punter_value),
        "banker_value": fraction_text(solution.banker_value),
    }
    holdings, cells = impossible(game)
    if holdings or cells:  # only for a shoe that cannot deal them all (never for whole decks)
        out["impossible_holdings"] = [hand_label(h) for h in holdings]
        out["impossible_cells"] = [{"hand": h, "punter": s} for h, s in map(cell_label, cells)]
    if not solution.commission:
        out["floor"] = fraction_text(floor_of(game, solution.x))
        out["ceiling"] = fraction_text(ceiling_of(game, solution.y))
    out["tableau_differences"] = [
        {"hand": h, "punter": s, "tableau": tab, "equilibrium": fraction_text(q)}
        for (h, s), tab, q in tableau_differences(solution)]
    out["deviations"] = [
        {"label": d.label, "punter": fraction_text(d.punter), "banker": fraction_text(d.banker),
         "deviator": d.who, "cost": fraction_text(d.cost)} for d in deviations(solution)]
    return out


def _census_json(c) -> dict:
    out = {"equilibria_found": c.found, "unique": c.unique, "search_complete": c.complete,
           "banker_unique": c.banker_unique, "uniqueness_proof": c.proof}
    if c.complete:
        out["banker_tied_cells"] = [{"hand": h, "punter": s, "least": fraction_text(lo), "greatest": fraction_text(hi)}
                                    for (h, s), (lo, hi) in ((cell_label(k), v) for k, v in c.banker_ranges.items())]
    return out


#: The sections of the solved game: title and rows, in the order they print.
SECTIONS = (
    ("Value", value_rows),
    ("The punter at 5", punter_rows),
    ("The banker: D draws, S stands, a number is the probability of drawing", banker_rows),
    ("The banker's mixed cells", mixed_rows),
    ("Where the banker's equilibrium play differs from the punto banco tableau", difference_rows),
    ("Deviations and the punto banco rules (expectations per unit staked)", deviation_rows),
)


def chemin_report(solution: Solution) -> Report:
    """``exact-odds chemin-de-fer``: heading, value, both strategies, departures
    from punto banco and deviations; CSV is the banker's grid."""
    sections = [Section(before=tuple(describe(solution)))]
    for title, rows_of in SECTIONS:
        sections.append(Section(before=(title + ":",), table=Table.of(*rows_of(solution)), empty="  (none)"))
    return Report(sections=tuple(sections), document=solution_json(solution),
                  csv=(Table.of(*banker_rows(solution)),))


def chemin_de_fer_tables() -> dict[str, str]:
    """Chemin de fer solved exactly: A1, and B2 for 1, 6 and 8 decks (docs/rules.md §5)."""
    from exact_odds.games.chemin import game_for, solve

    games = [("A1", None), ("B2", 1), ("B2", 6), ("B2", 8)]
    commissions = (Fraction(0), Fraction(1, 20))
    summary = []
    for name, d in games:
        for c in commissions:
            s = solve(game_for(name, d), c)
            mixed = "; ".join(f"{h} vs {t}: {fraction_text(q)}" for (h, t), q in s.mixed_cells.items())
            summary.append([name, s.game.shoe.describe(), fraction_text(c),
                            ", ".join(fraction_text(p) for p in s.x), mixed or "none",
                            percent_text(s.punter_value, 6), percent_text(s.banker_value, 6)])
    md = [
        "# Chemin de fer: the two-person game solved exactly",
        "",
        "Generated by `exact-odds tables`; do not edit by hand. Same figures: "
        "`exact-odds chemin-de-fer --model A1|B2 [--decks d] [--commission c]`.",
        "",
        "The punter must draw on 0-4 and stand on 6-7 and chooses at 5; the banker chooses in every cell "
        "(his total, or under B2 his two cards as card values, against the punter's visible action: stood "
        "or third-card value). Naturals end the coup. Payoff +1/-1/0; with a commission c the banker "
        "collects 1 - c when he wins (a bimatrix game; the rows give a Nash equilibrium). "
        "Expectations are per unit staked, each from its own side.",
        "",
        "## Summary",
        "",
        table(["Model", "Shoe", "Commission", "Punter draws at 5", "Banker's mixed cells (probability of drawing)",
               "Punter's expectation", "Banker's expectation"], summary, "github"),
    ]
    for name, d in games:
        s = solve(game_for(name, d))
        md += ["", f"## Model {name}, {s.game.shoe.describe()}, no commission", ""]
        md += [" ".join(describe(s)), ""]
        for title, rows_of in (("Value", value_rows), ("The punter at 5", punter_rows),
                               ("The banker (D draws, S stands, a number is the probability of drawing)", banker_rows),
                               ("The banker's mixed cells", mixed_rows),
                               ("Where the banker's equilibrium play differs from the punto banco tableau",
                                difference_rows),
                               ("Deviations and the punto banco rules", deviation_rows)):
            headers, rows = rows_of(s)
            md += [f"### {title}", "", table(headers, rows, "github") if rows else "(none)", ""]
    return {"chemin_de_fer.md": "\n".join(md).rstrip("\n") + "\n"}


# ---------------------------------------------------------------------------
# chemin-de-fer --exceptional-commissions (docs/methods/chemin-de-fer.md)

def _alg(v) -> tuple[str, str]:
    """An exact number (Fraction or quadratic surd) as text, and its decimal to 10 places."""
    from exact_odds.games.banque.surd import Surd, surd_text

    if isinstance(v, Surd):
        return surd_text(v), decimal_text(v.decimal(14), 10)
    return fraction_text(Fraction(v)), decimal_text(Fraction(v), 10)


def exceptions_report(game, found) -> Report:
    """``exact-odds chemin-de-fer --model B2 --exceptional-commissions``: one row per tied cell."""
    heading = (f"Chemin de fer, model B2, {game.shoe.describe()}: the commissions in [0, 1/10] where the "
               f"equilibrium changes its structure or is not unique ({len(found)} found).",
               "At each, two cells are tied at the punter's equilibrium probability (or it reaches 0 or 1); the "
               "banker's equilibrium mixes form a segment: each tied cell's least and greatest probability of "
               "drawing is shown. Elsewhere in [0, 1/10] the equilibrium is unique.")
    headers = ["Commission", "Decimal", "Punter draws at 5", "Banker holds", "Punter", "Draws from", "to"]
    rows = []
    for e in found:
        a, ad = _alg(e.alpha)
        _, xd = _alg(e.x)
        for cell, (lo, hi) in e.ranges.items():
            h, s = cell_label(cell)
            rows.append([a, ad, xd, h, s, fraction_text(lo), fraction_text(hi)])
    doc = {"model": "B2", "shoe": shoe_json(game.shoe), "range": ["0", "1/10"],
           "exceptional_commissions": [
               {"commission": _alg(e.alpha)[0], "commission_decimal": _alg(e.alpha)[1],
                "x": _alg(e.x)[0], "x_decimal": _alg(e.x)[1], "what": e.what, "unique": e.banker_unique,
                "banker_segment": [{"hand": cell_label(c)[0], "punter": cell_label(c)[1],
                                    "least": fraction_text(lo), "greatest": fraction_text(hi)}
                                   for c, (lo, hi) in e.ranges.items()]} for e in found]}
    t = Table.of(headers, rows)
    return Report(sections=(Section(before=heading, table=t, empty="  (none)"),), document=doc, csv=(t,))
