"""What the ``serve`` page shows: one JSON document of a session's state, the page's only source of figures.

Every figure is given twice: exact (``"p/q"``, :func:`~exact_odds.report.numbers.fraction_text`)
and as the page prints it (rounded only here, by :mod:`exact_odds.report.numbers`). The words are
``track``'s and ``live``'s (:func:`~exact_odds.report.track.coup_echo`, the count's texts).
The figures come from the session's :class:`~exact_odds.in_play.track.table.Table`, priced as ``track``
prices them; the page computes nothing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.report.track import coup_echo, hands, signed, true_count_text
from exact_odds.rules.cards import CARDS_PER_DECK, RANKS, SUITS

if TYPE_CHECKING:
    from exact_odds.in_play.track.table import Table
    from exact_odds.web.session import Session

#: Decimals of the percentages on the page (as the live screen).
PLACES = 4

#: The page's words for a winner on the bead plate.
BEAD = {"banker": "B", "player": "P", "tie": "T"}


def bet_rows(table: "Table", keys: Sequence[str]) -> list[dict[str, Any]]:
    """The chosen bets in the order chosen, each with its exact EV, house edge and win probability for the
    coup about to be dealt (or, while one is dealt, as it began); empty while not priced."""
    rows = []
    prices, cards = table.prices, table.card_prices
    priced = []
    if prices is not None and not shoe_done(table):
        priced += zip(table.value_bets, prices.edges, prices.wins)
        if cards is not None and not table.cards_pending:
            priced += zip(table.card_bets, cards.edges, cards.wins)
    by_bet = {id(b): (e, w) for b, e, w in priced}
    for key, bet in zip(keys, table.bets):
        row: dict[str, Any] = {"key": key, "name": bet.name, "pays": bet.pays_text}
        if id(bet) in by_bet:
            edge, win = by_bet[id(bet)]
            row.update(_exact("house_edge", edge, percent_text(edge, PLACES)))
            row.update(_exact("expected_value", -edge, _signed_percent(-edge)))
            row.update(_exact("win", win, percent_text(win, PLACES)))
            row["positive_ev"] = edge < 0
        rows.append(row)
    return rows


def _exact(name: str, x: Fraction, text: str) -> dict[str, str]:
    return {name: fraction_text(x), name + "_text": text}


def _signed_percent(x: Fraction) -> str:
    text = percent_text(x, PLACES)
    return text if text.startswith("-") or Fraction(x) == 0 else "+" + text


def shoe_done(table: "Table") -> bool:
    """Whether no coup is being dealt and none can start (fewer than 6 cards left)."""
    return not table.current and not table.splitter.can_deal


def state_text(table: "Table") -> str:
    """'for coup 5, 396 cards left', 'coup 5 being dealt, bets closed: ...' or 'the shoe is done'."""
    prices = table.prices
    if prices is None or shoe_done(table):
        return f"the shoe is done: {table.cards_left} cards left, a coup needs 6"
    if table.current:
        return (f"coup {table.splitter.number} being dealt, bets closed; "
                f"the figures as it began, {prices.cards_left} cards left")
    return f"for coup {prices.coup}, {prices.cards_left} cards left"


def grid(table: "Table") -> dict[str, Any]:
    """The 13 x 4 cards: how many of each are left (``left``; None once a card was given without its suit),
    at most how many (``at_most``: the suits of the cards given with one, taken off the shoe before the first
    without; None where not known either), and how many of each rank."""
    shoe = table.in_play

    def by_card(counts):
        return [[None if counts is None else counts[4 * r + s] for s in range(len(SUITS))] for r in range(len(RANKS))]

    return {"ranks": list(RANKS), "suits": list(SUITS), "left": by_card(shoe.suited),
            "at_most": by_card(shoe.suited if shoe.suited is not None else shoe.suit_base),
            "rank_left": list(shoe.ranks), "suits_known": shoe.suited is not None, "tens_unknown": shoe.unknown_tens}


def count_part(table: "Table") -> dict[str, Any] | None:
    if table.count is None:
        return None
    tc = table.true_count
    return {"name": table.count.name, "tags": table.count.describe(), "running": table.running,
            "running_text": signed(table.running), "true": None if tc is None else fraction_text(tc),
            "true_text": true_count_text(tc)}


def coup_part(logged) -> dict[str, Any]:
    player, banker = hands(logged)
    coup = logged.coup
    return {"number": logged.number, "winner": coup.winner, "bead": BEAD[coup.winner],
            "player": coup.player, "banker": coup.banker, "player_cards": [c.text for c in player],
            "banker_cards": [c.text for c in banker], "text": coup_echo(logged)}


def session_state(session: "Session", names: Sequence[str]) -> dict[str, Any]:
    """The page's document for ``session``; ``names``: every session to choose from."""
    table = session.table
    left = table.cards_left
    notes = [] if table.card_prices is None or table.cards_pending else list(table.card_prices.assumptions)
    return {
        "session": session.name, "sessions": list(names), "version": session.version,
        "title": f"Punto banco, {table.start_shoe.describe()}: exact figures for the next coup",
        "shoe": table.start_shoe.describe(), "file": session.path.name,
        "cards_seen": table.in_play.seen, "cards_left": left,
        "decks_left_text": decimal_text(Fraction(left, CARDS_PER_DECK), 2),
        "state": state_text(table),
        "bets_open": table.prices is not None and not table.current and not shoe_done(table),
        "bets": bet_rows(table, session.setup.keys), "notes": notes,
        "count": count_part(table), "grid": grid(table),
        "coups": [coup_part(c) for c in table.coups], "current": [c.text for c in table.current],
        "can_undo": table.in_play.seen > 0, "redo": list(reversed(session.redo_cards)),
        "can_redo": bool(session.redo_cards),
    }


def error_document(message: str, state: dict[str, Any] | None = None) -> dict[str, Any]:
    """An error the page shows in one line (with the session as it now is, where there is one)."""
    out: dict[str, Any] = {"error": message}
    if state is not None:
        out["state"] = state
    return out
