"""Rows, text and JSON of ``exact-odds banque --equilibrium --punters know-cards``
(punters who know their two cards; docs/methods/banque-equilibrium.md)."""

from __future__ import annotations

from fractions import Fraction

from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import fraction_text
from exact_odds.report.shoe import shoe_json

Rows = tuple[list[str], list[list[str]]]


def knows_notes(search, middle=None, unpriced: str | None = None) -> list[str]:
    """Every modelling choice behind the search, one sentence each (also the JSON assumptions);
    ``unpriced`` says why the middle bet could not be priced at the first equilibrium."""
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
    elif len(search.searched) > 1:
        notes.append("NOT searched: profiles where a punter mixes on two or more holdings, and within each reduced "
                     "game (one mixed holding per punter) what the total model's classes leave out (both mixed "
                     "off a single banker indifference curve, or on a curve between its grid's cells). "
                     "Without replacement this is a restricted search: uniqueness is claimed within it only.")
    else:
        from exact_odds.games.banque.knows_search import KNOWS_NOT_MIXED_AT_ENDS

        notes.append("NOT searched: profiles where a punter mixes on some holding (a finite shoe's "
                     "equilibrium usually has one). Without replacement this is a restricted search.")
        if search.theta in (0, 1):
            notes.append(f"Why: {KNOWS_NOT_MIXED_AT_ENDS}.")
    if middle is None and unpriced:
        notes.append(f"The middle bet is not priced at this equilibrium ({unpriced}).")
    elif middle is None:
        notes.append("The middle bet is not priced here (it is priced at --theta's first equilibrium).")
    else:
        notes.append("The middle bet is priced at the first equilibrium shown, from the joint results of both "
                     "tableaux under its strategies (a second walk of the shoe), each later coup dealt from a shoe "
                     "of the same composition.")
    return notes


def _conclusion(search) -> str:
    n = len({(e.x, e.y) for e in search.equilibria})
    mixed = len(search.searched) > 1
    if n == 0:
        if mixed:
            return ("No equilibrium within the classes searched (pure on every holding, or one mixed holding per "
                    "punter). An equilibrium exists (Nash): it mixes on more holdings than searched.")
        return ("No equilibrium within the class searched: no profile where both punters play purely on every "
                "holding is one (all 1024 were decided exactly). An equilibrium exists (Nash), with some "
                "holding mixed: this search does not find it.")
    if search.whole_game:
        return (f"{n} equilibrium average{'s' if n > 1 else ''} (x, y) of the total model, found by its "
                "search; every equilibrium of this model has the values of one of them.")
    if n == 1 and mixed:
        return ("Unique within the classes searched: pure on every holding (all 1024 profiles decided exactly), or "
                "one mixed holding per punter (every reduced game searched or pruned soundly).")
    if n == 1:
        return "Unique within the class searched (all 1024 pure profiles decided exactly)."
    return f"Not unique: {n} equilibria within the class searched; all are listed."


def _strategy_rows(e, exact: bool) -> Rows:
    from exact_odds.games.banque.hands import FIVE_HOLDINGS
    from exact_odds.games.banque.knows import holding_name

    headers = ["Holding", "Left punter draws", "Right punter draws"]
    rows = [[holding_name(k), _p(e.x[k], exact), _p(e.y[k], exact)] for k in range(len(FIVE_HOLDINGS))]
    return headers, rows


def _p(v, exact: bool) -> str:
    """A probability: a Fraction, or a quadratic surd (an irrational equilibrium), printed exactly with --exact."""
    from exact_odds.report.banque import _exact, _num

    rational = not hasattr(v, "d")
    return _num(v, 10) + (f" ({_exact(v)})" if exact and not (rational and Fraction(v).denominator == 1) else "")


def _text(v) -> str:
    """Exact text of a Fraction or a quadratic surd (JSON)."""
    from exact_odds.report.banque import _exact

    return fraction_text(v) if not hasattr(v, "d") else _exact(v)


def _ev_rows(e, exact: bool) -> Rows:
    items = [("Left tableau EV", e.left_ev), ("Right tableau EV", e.right_ev),
             (f"Banker's edge, theta = {e.theta}", e.banker_edge)]
    from exact_odds.report.banque import _pct

    headers = ["At the equilibrium", "Percent"] + (["Exact"] if exact else [])
    return headers, [[n, _pct(v, 6)] + ([_text(v)] if exact else []) for n, v in items]


def _mixed_rows(game, e, exact: bool) -> list[str]:
    from exact_odds.games.banque.game import action_name

    out = []
    for h, la, ra in e.mixed:
        v = e.banker[h, la, ra]
        out.append(f"Banker {game.holdings[h]}, left {action_name(game, la)}, right {action_name(game, ra)}: "
                   f"draws with probability {_p(v, exact)}")
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
        from exact_odds.report.banque import _pct

        rows.append([str(s.theta), _pct(e.left_ev, 6), _pct(e.right_ev, 6),
                     _pct(e.banker_edge, 6), str(n) + (" (first shown)" if n > 1 else "")])
    return headers, rows


def _json(game, e) -> dict:
    from exact_odds.games.banque.game import action_name

    def name(i):
        h, la, ra = i
        return {"holding": game.holdings[h], "left": action_name(game, la), "right": action_name(game, ra)}

    from exact_odds.games.banque.hands import FIVE_HOLDINGS
    from exact_odds.games.banque.knows import holding_name

    return {
        "x": {holding_name(k): _text(e.x[k]) for k in range(len(FIVE_HOLDINGS))},
        "y": {holding_name(k): _text(e.y[k]) for k in range(len(FIVE_HOLDINGS))},
        "left_ev": _text(e.left_ev), "right_ev": _text(e.right_ev),
        "banker_edge": _text(e.banker_edge),
        "left_ev_float": float(e.left_ev), "right_ev_float": float(e.right_ev),
        "gains_from_deviating": [_text(g) for g in e.gaps],
        "banker_mixed": [dict(name(i), draw=_text(e.banker[i])) for i in e.mixed],
    }


def _middle_rows(m, exact: bool) -> Rows:
    from exact_odds.report.banque import _num, _pct

    items = [("Middle bet EV per unit, until settled", m.value(), True),
             ("Middle bet, expected coups until settled", m.expected_coups(), False)]
    headers = ["Middle bet at the first equilibrium", "Value"] + (["Exact"] if exact else [])
    return headers, [[n, _pct(v, 6) if pct else _num(v, 6)] + ([_text(v)] if exact else []) for n, v, pct in items]


def knows_report(search, by_theta, exact: bool = False, middle=None, unpriced: str | None = None) -> Report:
    """``banque --equilibrium --punters know-cards``: strategies per holding, EVs, the middle bet at the
    first equilibrium (``middle``, a :class:`~exact_odds.games.banque.middle.Middle`, if priced; else
    ``unpriced`` says why), a table over theta."""
    notes = knows_notes(search, middle, unpriced)
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
    if middle is not None:
        sections.append(Section(table=Table.of(*_middle_rows(middle, exact))))
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
        "middle": None if middle is None else {"expected_value": _text(middle.value()),
                                               "expected_value_float": float(middle.value()),
                                               "expected_coups": _text(middle.expected_coups())},
        "by_theta": [{"theta": fraction_text(s.theta), "equilibria": [_json(game, e) for e in s.equilibria]}
                     for s in by_theta],
    }
    csv = [Table.of(*_strategy_rows(e, True)) for e in search.equilibria[:1]]
    if by_theta:
        csv.append(Table.of(*_theta_rows(by_theta)))
    if not csv:
        csv = [Table.of(["Equilibria found"], [["0 in the class searched"]])]
    return Report(sections=tuple(sections), document=doc, csv=tuple(csv))
