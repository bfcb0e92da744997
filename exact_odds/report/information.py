"""Reports of information play: ``exact-odds information`` (the states, the edge, the best sort).

The rows, titles and JSON documents are made here from the exact results of :mod:`exact_odds.information`
(docs/json.md, "information").
"""

from __future__ import annotations

from typing import Any

from exact_odds.information.play import CONVENTIONS, InformationPlay
from exact_odds.information.seen import POSITION_NAMES, POSITION_SHORT, Information
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import fraction_text, percent_text
from exact_odds.report.shoe import shoe_json

#: Sorts listed after the best one when a search ran.
RUNNERS_UP = 5


def seen_text(info: Information) -> str:
    """What is seen, in words: 'the group of P1, B1 (High = 6 7 8 9); the value of 5th'."""
    parts = []
    for what, ps in (("group", info.group), ("value", info.value), ("rank", info.rank)):
        if ps:
            parts.append(f"the {what} of " + ", ".join(f"{p} ({POSITION_SHORT[p]})" for p in ps))
    if not parts:
        return "nothing is seen"
    text = "; ".join(parts) + " seen"
    if info.group:
        text += f". Sort by {info.sort_by}: High = {info.high_text}, Low = {info.low_text}"
    return text


def edge_lines(play: InformationPlay) -> tuple[str, ...]:
    per_wager = play.edge_per_wager
    lines = [f"Player's edge: {percent_text(play.edge, 4)} per coup dealt (exact {fraction_text(play.edge)})",
             ("Per unit wagered: " + (f"{percent_text(per_wager, 4)} (a bet on {percent_text(play.wagered, 4)} of "
                                      "coups)" if per_wager is not None else "no bet is ever made"))]
    return tuple(lines)


def state_rows(play: InformationPlay) -> tuple[list[str], list[list[str]]]:
    """One row per state: what is seen, probability, each bet's EV, the bet made and its EV."""
    headers = [POSITION_SHORT[p] for p in play.information.positions] + ["Probability"]
    headers += [f"EV {b.name}" for b in play.bets] + ["Best bet", "EV"]
    rows = []
    for s in play.states:
        row = list(s.seen) + [percent_text(s.probability, 3)]
        row += [percent_text(ev, 3) for ev in s.evs]
        row += [play.bets[s.best].name if s.best is not None else "(none: sit out)",
                percent_text(s.ev, 3) if s.best is not None else ""]
        rows.append(row)
    return headers, rows


def information_json(play: InformationPlay, search=None) -> dict[str, Any]:
    """The JSON contract of ``information`` (docs/json.md)."""
    info = play.information
    doc: dict[str, Any] = {
        "shoe": shoe_json(play.shoe),
        "seen": {"group": list(info.group), "value": list(info.value), "rank": list(info.rank)},
        "convention": play.convention,
        "edge": fraction_text(play.edge),
        "edge_per_wager": None if play.edge_per_wager is None else fraction_text(play.edge_per_wager),
        "wagered": fraction_text(play.wagered),
    }
    if info.group:
        doc["sort_by"] = info.sort_by
        doc["high"] = info.group_json(info.high)
        doc["low"] = info.group_json(info.low)
    doc["bets"] = [{"key": b.key, "name": b.name, "pays": b.pays_text} for b in play.bets]
    doc["states"] = [{
        "information": {str(p): x for p, x in zip(info.positions, s.seen)},
        "count": None if play.shoe.is_infinite else s.count,
        "probability": fraction_text(s.probability),
        "best_bet": None if s.best is None else play.bets[s.best].key,
        "ev": fraction_text(s.ev),
        "evs": {b.key: fraction_text(ev) for b, ev in zip(play.bets, s.evs)},
    } for s in play.states]
    if search is not None:
        doc["search"] = {"sort_by": search.sort_by, "positions": list(search.positions), "sorts": search.searched,
                         "ranked": [{"high": info.group_json(h), "edge": fraction_text(e)} for e, h in search.ranked]}
    return doc


def information_report(play: InformationPlay, search=None) -> Report:
    """``exact-odds information``: what is seen, the convention, the edge, then the states' table."""
    info = play.information
    head = [f"Information play, punto banco, {play.shoe.describe()}: {seen_text(info)}.",
            "Positions: " + ", ".join(f"{p} = {POSITION_NAMES[p]}" for p in info.positions) + "."
            if info.positions else "Positions: none seen.",
            f"Convention: {CONVENTIONS[play.convention]}.",
            "Bets: " + "; ".join(f"{b.name} ({b.pays_text})" for b in play.bets) + "."]
    sections = [Section(before=tuple(head))]
    if search is not None:
        runners = Table.of(["#", "High", "Edge per coup"], [
            [str(i + 1), " ".join(map(str, info.group_json(h))), percent_text(e, 4)]
            for i, (e, h) in enumerate(search.ranked[:RUNNERS_UP + 1])])
        sections.append(Section(before=(f"Best sort: {search.describe()}.",), table=runners))
    states = Table.of(*state_rows(play))
    sections.append(Section(before=edge_lines(play), table=states))
    return Report(sections=tuple(sections), document=information_json(play, search), csv=(states,),
                  summary=edge_lines(play), title=f"Information play, {play.shoe.describe()}")


# --- at the table: the seen states of the next coup (track) ---------------------------------------

def seen_lines(play: InformationPlay, coup: int) -> list[str]:
    """``track``'s text lines under a coup's prices: one per seen state of that coup, each bet's EV given it."""
    info = play.information
    out = []
    for s in play.states:
        seen = " ".join(f"{POSITION_SHORT[p]}={x}" for p, x in zip(info.positions, s.seen))
        evs = "  ".join(f"{b.name} {'+' if ev > 0 else ''}{percent_text(ev, 4)}" for b, ev in zip(play.bets, s.evs))
        best = play.bets[s.best].name if s.best is not None else "none (sit out)"
        out.append(f"      coup {coup} if seen {seen} (p {percent_text(s.probability, 2)}): {evs}; bet {best}")
    return out


def seen_jsonl(play: InformationPlay, coup: int) -> list[str]:
    """``track --format jsonl``: the seen states of the next coup as one event (one line)."""
    import json

    return [json.dumps(seen_json(play, coup))]


def seen_json(play: InformationPlay, coup: int) -> dict[str, Any]:
    """The ``seen`` event of ``track --format jsonl`` (docs/json.md)."""
    info = play.information
    return {"event": "seen", "coup": coup, "convention": play.convention,
            "edge": fraction_text(play.edge),
            "states": [{"information": {str(p): x for p, x in zip(info.positions, s.seen)},
                        "probability": fraction_text(s.probability),
                        "best_bet": None if s.best is None else play.bets[s.best].key,
                        "evs": {b.key: fraction_text(ev) for b, ev in zip(play.bets, s.evs)}} for s in play.states]}


#: ``track``'s formats that show the seen states, and the lines of each.
SEEN_FORMATS = {"text": seen_lines, "jsonl": seen_jsonl}


# --- at the table: the page of ``serve`` -----------------------------------------------------------

def seen_document(information: Information, state, bets) -> dict[str, Any]:
    """``serve``'s answer to the next cards' groups seen (``GET /api/sessions/NAME/seen?next=HL``)."""
    best = None if state.best is None else bets[state.best]
    return {
        "seen": "".join(state.seen), "positions": list(information.positions),
        "high": sorted(information.high), "low": sorted(information.low),
        "text": (f"next {'card' if len(state.seen) == 1 else f'{len(state.seen)} cards'} seen "
                 f"{' '.join(state.seen)} (High = {information.high_text}): probability "
                 f"{percent_text(state.probability, 2)}; "
                 + (f"bet {best.name}" if best is not None else "no bet has a positive EV: sit out")),
        "probability": fraction_text(state.probability), "convention": CONVENTIONS["sit out"],
        "best_bet": None if best is None else best.key,
        "bets": [{"key": b.key, "name": b.name, "ev": fraction_text(ev),
                  "ev_text": ("+" if ev > 0 else "") + percent_text(ev, 4), "positive_ev": ev > 0}
                 for b, ev in zip(bets, state.evs)],
    }
