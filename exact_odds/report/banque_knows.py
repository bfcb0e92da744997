"""Rows, text and JSON of ``exact-odds banque --equilibrium --punters know-cards``
(punters who know their two cards; docs/methods/banque-equilibrium.md)."""

from __future__ import annotations

from fractions import Fraction

from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.report.shoe import shoe_json

Rows = tuple[list[str], list[list[str]]]


def knows_notes(search) -> list[str]:
    """Every modelling choice behind the search, one sentence each (also the JSON assumptions)."""
    from exact_odds.games.banque.knows import holding_name
    from exact_odds.games.banque.hands import FIVE_HOLDINGS

    names = ", ".join(holding_name(k) for k in range(len(FIVE_HOLDINGS)))
    if search.game.shoe.is_infinite:
        deal = ("Cards are drawn with replacement (infinite deck, each rank 1/13); the banker's information is his "
                "total, and a natural shows only that it is one.")
    else:
        deal = ("Cards are dealt without replacement from the shoe; the banker's information is his two cards "
                "and the cards of a natural.")
    notes = [
        "Deal, naturals and payoffs as in the total model (exact-odds banque --equilibrium).",
        deal,
        f"Punters know their two cards: on a two-card 5 each punter draws with his own probability per "
        f"holding ({names}; T is a ten or a face card). Ranks and suits beyond the values change no "
        "payoff, so holdings are by values.",
        "Banker: his information sets are the total model's (his holding, each tableau stood / drew t / "
        "natural); he does not see a standing tableau's cards.",
        f"theta = {search.theta}: the banker receives -(theta * left + (1 - theta) * right).",
        "Each equilibrium is checked exactly: every punter's choice on every holding is a best reply, and "
        "the banker's in every information set (every gain from deviating is 0).",
        "Searched: " + "; ".join(search.searched) + ".",
    ]
    if search.whole_game:
        notes.append("With replacement the holding tells nothing about the cards to come: checked exactly on the "
                     "counts, a punter's strategy matters only through his overall probability of drawing on 5, "
                     "so the values are the total model's, and any per-holding probabilities with the same "
                     "average are an equilibrium too (one is shown: the same on every holding).")
    else:
        notes.append("NOT searched: profiles where a punter mixes on some holding (a finite shoe's "
                     "equilibrium usually has one). Without replacement this is a restricted search.")
    notes.append("The middle bet is not priced in this model.")
    return notes


def _conclusion(search) -> str:
    n = len({(e.x, e.y) for e in search.equilibria})
    if n == 0:
        return ("No equilibrium within the class searched: no profile where both punters play purely on every "
                "holding is one (all 1024 were decided exactly). An equilibrium exists (Nash), with some "
                "holding mixed: this search does not find it.")
    if search.whole_game:
        return (f"{n} equilibrium average{'s' if n > 1 else ''} (x, y) of the total model, found by its "
                "search; every equilibrium of this model has the values of one of them.")
    if n == 1:
        return "Unique within the class searched (all 1024 pure profiles decided exactly)."
    return f"Not unique: {n} equilibria within the class searched; all are listed."


def _strategy_rows(e, exact: bool) -> Rows:
    from exact_odds.games.banque.hands import FIVE_HOLDINGS
    from exact_odds.games.banque.knows import holding_name

    headers = ["Holding", "Left punter draws", "Right punter draws"]
    rows = [[holding_name(k), _p(e.x[k], exact), _p(e.y[k], exact)] for k in range(len(FIVE_HOLDINGS))]
    return headers, rows


def _p(v: Fraction, exact: bool) -> str:
    return decimal_text(v, 10) + (f" ({fraction_text(v)})" if exact and v.denominator != 1 else "")


def _ev_rows(e, exact: bool) -> Rows:
    items = [("Left tableau EV", e.left_ev), ("Right tableau EV", e.right_ev),
             (f"Banker's edge, theta = {e.theta}", e.banker_edge)]
    headers = ["At the equilibrium", "Percent"] + (["Exact"] if exact else [])
    return headers, [[n, percent_text(v, 6)] + ([fraction_text(v)] if exact else []) for n, v in items]


def _mixed_rows(game, e, exact: bool) -> list[str]:
    from exact_odds.games.banque.game import action_name

    out = []
    for h, la, ra in e.mixed:
        v = e.banker[h, la, ra]
        out.append(f"Banker {game.holdings[h]}, left {action_name(game, la)}, right {action_name(game, ra)}: "
                   f"draws with probability {decimal_text(v, 10)}" + (f" ({fraction_text(v)})" if exact else ""))
    return out


def _theta_rows(searches) -> Rows:
    headers = ["Theta", "Left EV", "Right EV", "Banker's edge", "Equilibria found"]
    rows = []
    for s in searches:
        if not s.equilibria:
            rows.append([str(s.theta), "", "", "", "0 in the class searched"])
            continue
        e = s.equilibria[0]
        n = len({(q.x, q.y) for q in s.equilibria})
        rows.append([str(s.theta), percent_text(e.left_ev, 6), percent_text(e.right_ev, 6),
                     percent_text(e.banker_edge, 6), str(n) + (" (first shown)" if n > 1 else "")])
    return headers, rows


def _json(game, e) -> dict:
    from exact_odds.games.banque.game import action_name

    def name(i):
        h, la, ra = i
        return {"holding": game.holdings[h], "left": action_name(game, la), "right": action_name(game, ra)}

    from exact_odds.games.banque.hands import FIVE_HOLDINGS
    from exact_odds.games.banque.knows import holding_name

    return {
        "x": {holding_name(k): fraction_text(e.x[k]) for k in range(len(FIVE_HOLDINGS))},
        "y": {holding_name(k): fraction_text(e.y[k]) for k in range(len(FIVE_HOLDINGS))},
        "left_ev": fraction_text(e.left_ev), "right_ev": fraction_text(e.right_ev),
        "banker_edge": fraction_text(e.banker_edge),
        "gains_from_deviating": [fraction_text(g) for g in e.gaps],
        "banker_mixed": [dict(name(i), draw=fraction_text(e.banker[i])) for i in e.mixed],
    }


def knows_report(search, by_theta, exact: bool = False) -> Report:
    """``banque --equilibrium --punters know-cards``: strategies per holding, EVs, a table over theta."""
    notes = knows_notes(search)
    game = search.game
    sections = [Section(before=(f"Baccarat banque as a three-person game, punters who know their two cards, "
                                f"{game.shoe.describe()}: theta = {search.theta}.",
                                *(f"- {n}" for n in notes), _conclusion(search)))]
    for k, e in enumerate(search.equilibria, start=1):
        title = f"Equilibrium {k} of {len(search.equilibria)}:" if len(search.equilibria) > 1 else "The equilibrium:"
        sections.append(Section(before=(title,), table=Table.of(*_strategy_rows(e, exact)),
                                after=tuple(_mixed_rows(game, e, exact))
                                or ("The banker plays purely in every information set.",)))
        sections.append(Section(table=Table.of(*_ev_rows(e, exact))))
    if by_theta:
        sections.append(Section(before=("By theta (the share of the money on the left tableau):",),
                                table=Table.of(*_theta_rows(by_theta))))
    doc = {
        "shoe": shoe_json(game.shoe),
        "game": "banque-equilibrium",
        "punters": "know-cards",
        "theta": fraction_text(search.theta),
        "assumptions": notes,
        "searched": list(search.searched),
        "whole_game_searched": search.whole_game,
        "equilibria": [_json(game, e) for e in search.equilibria],
        "by_theta": [{"theta": fraction_text(s.theta), "equilibria": [_json(game, e) for e in s.equilibria]}
                     for s in by_theta],
    }
    csv = [Table.of(*_strategy_rows(e, True)) for e in search.equilibria[:1]]
    if by_theta:
        csv.append(Table.of(*_theta_rows(by_theta)))
    if not csv:
        csv = [Table.of(["Equilibria found"], [["0 in the class searched"]])]
    return Report(sections=tuple(sections), document=doc, csv=tuple(csv))
