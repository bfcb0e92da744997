"""Reports of the cooperative solutions of banque and of a range of theta (``exact-odds banque --equilibrium
--solution independent|correlated``, ``--theta-range``; docs/methods/banque-cooperative.md).

The Nash equilibrium's own report, and the number formats these share with it, are in
:mod:`exact_odds.report.banque`.
"""

from __future__ import annotations

from exact_odds.report.banque import Rows, exact_text, num_text, pct_text
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import fraction_text
from exact_odds.report.shoe import shoe_json

_CHOICE_WORDS = {0: "stands", 1: "draws"}


def cooperative_notes(sol) -> list[str]:
    """The model and the solution concept, one sentence each (also the JSON assumptions)."""
    game = sol.game
    kind = ("Correlated cooperative equilibrium: the punters act as one coalition and pick their four pure "
            "choices on 5 (each draws or stands) jointly at random, to maximise theta * left + (1 - theta) * "
            "right against a banker who minimises it: a zero-sum game, solved exactly by a linear programme "
            "and certified by a saddle point.") if sol.kind == "correlated" else (
            "Independent cooperative equilibrium: the coalition's punters randomise independently (x left, "
            "y right); (x, y) and the banker's mixes must be a saddle point of theta * left + (1 - theta) * "
            "right. It exists iff some optimal correlated choice is a product of independent choices.")
    return [
        "Deal, naturals and payoffs as in the Nash equilibrium (exact-odds banque --equilibrium); "
        + ("cards drawn with replacement." if game.by_total else "cards dealt without replacement."),
        kind,
        "Our reading of Ethier and Lee (2015), whose definitions we know from their abstract only.",
    ]


def _joint_rows(sol, exact: bool) -> Rows:
    from exact_odds.games.banque.cooperative import CHOICES

    headers = ["Left punter on 5", "Right punter on 5", "Probability"] + (["Exact"] if exact else [])
    rows = [[_CHOICE_WORDS[a], _CHOICE_WORDS[b], num_text(w, 10)] + ([exact_text(w)] if exact else [])
            for w, (a, b) in zip(sol.p, CHOICES)]
    return headers, rows


def _cooperative_values(sol, exact: bool) -> Rows:
    left, right = sol.evs()
    items = [("P(left punter draws on 5)", sol.left_draws, False), ("P(right punter draws on 5)", sol.right_draws,
                                                                    False),
             ("Left tableau EV", left, True), ("Right tableau EV", right, True),
             (f"Coalition's value, theta = {sol.theta}", sol.value, True),
             ("Banker's edge", sol.banker_edge, True)]
    headers = ["At the solution", "Value", "Percent"] + (["Exact"] if exact else [])
    rows = [[name, num_text(v, 10), pct_text(v) if pct else ""] + ([exact_text(v)] if exact else []) for name, v, pct in items]
    return headers, rows


def _cooperative_json(sol) -> dict:
    from exact_odds.games.banque.cooperative import CHOICES
    from exact_odds.games.banque.game import info_set_name

    left, right = sol.evs()
    doc = {
        "solution": sol.kind, "theta": fraction_text(sol.theta), "exists": sol.exists,
        "joint": [{"left": _CHOICE_WORDS[a], "right": _CHOICE_WORDS[b], "probability": exact_text(w)}
                  for w, (a, b) in zip(sol.p, CHOICES)],
        "left_draws": exact_text(sol.left_draws), "right_draws": exact_text(sol.right_draws),
        "left_ev": exact_text(left), "right_ev": exact_text(right), "value": exact_text(sol.value),
        "banker_edge": exact_text(sol.banker_edge),
        "banker_mixed": [dict(zip(("holding", "left", "right"), info_set_name(sol.game, i)), draw=exact_text(v))
                         for i, v in sol.banker.items() if 0 < v < 1],
        "optimal_set_vertices": [[exact_text(w) for w in v] for v in sol.optimal_vertices],
        "unique": sol.unique,
    }
    if sol.kind == "independent":
        doc["x"] = None if sol.x is None else exact_text(sol.x)
        doc["y"] = None if sol.y is None else exact_text(sol.y)
        if not sol.exists:
            doc["reason"] = sol.reason
    return doc


def cooperative_report(sol, by_theta=(), exact: bool = False) -> Report:
    """``exact-odds banque --equilibrium --solution independent|correlated``."""
    notes = cooperative_notes(sol)
    title = f"Baccarat banque, {sol.game.shoe.describe()}: {sol.kind} cooperative equilibrium at theta = {sol.theta}."
    sections = [Section(before=(title, *(f"- {n}" for n in notes)))]
    if sol.kind == "independent" and not sol.exists:
        sections.append(Section(before=(f"It does not exist at theta = {sol.theta}: {sol.reason}. The correlated "
                                        "solution (the coalition's value) is shown:",)))
    elif sol.kind == "independent":
        sections.append(Section(before=(f"It exists: x = {num_text(sol.x, 10)}, y = {num_text(sol.y, 10)}.",)))
    sections.append(Section(before=("The coalition's joint choice on 5:",), table=Table.of(*_joint_rows(sol, exact)),
                            after=(("Unique: the coalition's optimal joint choice is one point." if sol.unique else
                                    f"Not unique: the coalition's optimal set has {len(sol.optimal_vertices)} "
                                    "vertices (all in the JSON)."),)))
    mixed = sum(1 for v in sol.banker.values() if 0 < v < 1)
    sections.append(Section(table=Table.of(*_cooperative_values(sol, exact)),
                            after=(f"The banker mixes in {mixed} information sets (all in --format json).",)))
    if by_theta:
        sections.append(Section(before=("By theta:",), table=Table.of(*range_rows(by_theta, exact))))
    doc = {"shoe": shoe_json(sol.game.shoe), "game": "banque-cooperative", "assumptions": notes,
           **_cooperative_json(sol),
           "by_theta": [range_json(s) for s in by_theta]}
    return Report(sections=tuple(sections), document=doc, csv=(Table.of(*_joint_rows(sol, True)),))


def range_rows(solutions, exact: bool = False) -> Rows:
    """One row per theta (per equilibrium for Nash): the punters' mixing and the banker's edge."""
    headers = ["Theta", "Solution", "Left draws on 5", "Right draws on 5", "Banker's edge", "Note"]
    rows = []
    for s in solutions:
        if hasattr(s, "equilibria"):  # a Nash search
            note = (f"{s.found} found" + (", unique (proven)" if s.unique else
                                          (", search complete" if s.complete else ", search not complete")))
            for e in s.equilibria:
                rows.append([str(s.theta), "nash", num_text(e.x, 6), num_text(e.y, 6), pct_text(e.banker_edge), note])
        else:
            note = "" if s.exists else "does not exist (the correlated value shown)"
            left = num_text(s.x, 6) if s.kind == "independent" and s.exists else num_text(s.left_draws, 6)
            right = num_text(s.y, 6) if s.kind == "independent" and s.exists else num_text(s.right_draws, 6)
            rows.append([str(s.theta), s.kind, left, right, pct_text(s.banker_edge), note])
    if exact:
        headers.append("Edge (exact)")
        k = 0
        for s in solutions:
            edges = [e.banker_edge for e in s.equilibria] if hasattr(s, "equilibria") else [s.banker_edge]
            for v in edges:
                rows[k].append(exact_text(v))
                k += 1
    return headers, rows


def range_json(s) -> dict:
    """One theta of a range, as JSON."""
    if hasattr(s, "equilibria"):
        return {"theta": fraction_text(s.theta), "solution": "nash", "equilibria_found": s.found,
                "unique": s.unique, "search_complete": s.complete,
                "equilibria": [{"x": exact_text(e.x), "y": exact_text(e.y), "banker_edge": exact_text(e.banker_edge),
                                "left_ev": exact_text(e.left_ev), "right_ev": exact_text(e.right_ev),
                                "banker_strategy_unique": e.banker_unique} for e in s.equilibria]}
    return {"theta": fraction_text(s.theta), "solution": s.kind, "exists": s.exists,
            "left_draws": exact_text(s.x if s.kind == "independent" and s.exists else s.left_draws),
            "right_draws": exact_text(s.y if s.kind == "independent" and s.exists else s.right_draws),
            "banker_edge": exact_text(s.banker_edge), "unique": s.unique}


def theta_range_report(solutions, game, kind: str, exact: bool = False) -> Report:
    """``exact-odds banque --equilibrium --theta-range A:B:STEP``: one row per theta."""
    title = (f"Baccarat banque, {game.shoe.describe()}: the {kind} solution for {len(solutions)} values of theta "
             f"({solutions[0].theta} to {solutions[-1].theta}).")
    table_ = Table.of(*range_rows(solutions, exact))
    doc = {"shoe": shoe_json(game.shoe), "game": "banque-theta-range", "solution": kind,
           "rows": [range_json(s) for s in solutions]}
    return Report(sections=(Section(before=(title,), table=table_),), document=doc, csv=(table_,))
