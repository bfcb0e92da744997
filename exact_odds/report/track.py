"""What ``track`` prints: a header, then a line for each event of the shoe in play, in text, CSV or JSON lines.

``track`` streams (the next coup's edges as soon as a coup is complete), so
this module gives a line formatter per format rather than one
:class:`~exact_odds.report.document.Report`. The events are those of
:class:`~exact_odds.in_play.track.table.Table`: the edges before a coup, a
finished coup (its cards, totals and winner, and the running count), an
undo. The ``live`` screen shows the same words (:func:`coup_echo`,
:func:`count_text`).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from exact_odds.report.numbers import decimal_text, fraction_text, percent_text

if TYPE_CHECKING:
    from exact_odds.bets.paytable import PayTable
    from exact_odds.in_play.track.log import Card, LoggedCoup, Undone
    from exact_odds.in_play.track.table import CardPrices, Count, Prices
    from exact_odds.rules.shoe import Shoe


def hands(logged: "LoggedCoup") -> tuple[list["Card"], list["Card"]]:
    """The Player's and the Banker's cards of a coup (dealt P, B, P, B, then the third cards)."""
    cards = logged.cards
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    if len(cards) == 6:
        player.append(cards[4])
        banker.append(cards[5])
    elif len(cards) == 5:
        (player if logged.coup.player_cards == 3 else banker).append(cards[4])
    return player, banker


def winner_text(logged: "LoggedCoup") -> str:
    winner = logged.coup.winner
    return "tie" if winner == "tie" else f"{winner} wins"


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def true_count_text(tc: Fraction | None) -> str:
    """A true count to 2 decimals, signed (rounded only here)."""
    if tc is None:
        return "-"
    text = decimal_text(tc, 2)
    return text if text.startswith("-") or text == "0.00" else "+" + text


def count_text(running: int | None, tc: Fraction | None) -> str:
    """'running count +3, true count +0.41' (empty without a count)."""
    if running is None:
        return ""
    return f"running count {signed(running)}, true count {true_count_text(tc)}"


def coup_echo(logged: "LoggedCoup") -> str:
    """'coup 3: Player As 2s 6c = 9, Banker Ks Qh 8d = 8, player wins'."""
    player, banker = hands(logged)
    return (f"coup {logged.number}: Player {' '.join(c.text for c in player)} = {logged.coup.player}, "
            f"Banker {' '.join(c.text for c in banker)} = {logged.coup.banker}, {winner_text(logged)}")


def without_line(message: str) -> str:
    """A library message without its 'line N: ' (cards from keys or clicks have no lines)."""
    return message.split(": ", 1)[1] if message.startswith("line ") and ": " in message else message


def undo_text(undone: "Undone") -> str:
    where = f" (line {undone.line})" if undone.line else ""
    text = f"undo{where}: took back {undone.card.text} (line {undone.card.line}) from coup {undone.coup}"
    if undone.reopened is not None:
        text += f"; coup {undone.reopened.number} is open again"
    return text


class TrackLines:
    """The lines ``track`` prints (text): a header, then one line per event.

    Value-level bets are on the ``before`` line, printed the moment a coup is
    complete; card-level bets (pairs, suits, colours: priced one shoe at a
    time, so later) on the ``cards`` line after it."""

    def __init__(self, shoe: "Shoe", keys: Sequence[str], bets: Sequence["PayTable"],
                 count: "Count | None" = None):
        self.shoe = shoe
        self.count = count
        chosen = list(zip(keys, bets))
        self.keys = tuple(k for k, b in chosen if b.is_value_level)
        self.bets = tuple(b for k, b in chosen if b.is_value_level)
        self.card_keys = tuple(k for k, b in chosen if not b.is_value_level)
        self.card_bets = tuple(b for k, b in chosen if not b.is_value_level)
        # whole names: cut to 12, both Dragon Bonus bets read the same
        self.widths = [max(12, len(b.name)) for b in self.bets]
        self.card_widths = [max(12, len(b.name)) for b in self.card_bets]
        self.assumptions_said: tuple[str, ...] = ()

    def positive(self, edges: Sequence[Fraction], keys: Sequence[str] | None = None) -> list[str]:
        """The keys of the bets with a positive expectation (a negative house edge)."""
        return [k for k, e in zip(self.keys if keys is None else keys, edges) if e < 0]

    def header(self) -> list[str]:
        lines = [f"Punto banco, {self.shoe.describe()}: exact house edge before each coup "
                 "(+EV marks a positive expectation for the bettor)."]
        lines += self.card_notes()
        if self.count is not None:
            lines.append(f"Count: {self.count.describe()}; RC running count, TC true count (per deck left).")
        counts = f" {'RC':>5} {'TC':>7}" if self.count is not None else ""
        if self.has_value_line:
            lines.append(f"{'coup':>5} {'left':>5} "
                         + " ".join(f"{b.name:>{w}}" for b, w in zip(self.bets, self.widths)) + counts + "  +EV")
        if self.card_bets:
            lines.append(f"{'coup':>5} {'left':>5} "
                         + " ".join(f"{b.name:>{w}}" for b, w in zip(self.card_bets, self.card_widths)) + "  +EV")
        return lines

    @property
    def has_value_line(self) -> bool:
        """Whether a coup has a first line: value-level bets or a count to show (card-level bets alone
        have only their own line)."""
        return bool(self.bets) or self.count is not None

    def card_notes(self) -> list[str]:
        """What the header says of the card-level bets: where they are, and what detail each needs."""
        if not self.card_bets:
            return []
        suits = [b.name for b in self.card_bets if b.uses_suits]
        ranks = [b.name for b in self.card_bets if not b.uses_suits]
        lines = (["Card-level bets are priced one shoe at a time, on the second line of each coup "
                  "(the first line, value-level bets, comes the moment the coup is complete)."]
                 if self.has_value_line else ["Card-level bets are priced one shoe at a time, after each coup."])
        if suits:
            lines.append(f"{', '.join(suits)}: read{'s' if len(suits) == 1 else ''} suits; "
                         "every card must be given with its suit (9h, Kd).")
        if ranks:
            lines.append(f"{', '.join(ranks)}: read{'s' if len(ranks) == 1 else ''} ranks, not suits; priced "
                         "exactly from the ranks left, so cards may be given without suits (no suit is assumed), "
                         "but not as 0.")
        return lines

    def before(self, prices: "Prices") -> str | None:
        """The value-level line (None when there is none: card-level bets alone, no count)."""
        if not self.has_value_line:
            return None
        plus = self.positive(prices.edges)
        counts = (f" {signed(prices.running):>5} {true_count_text(prices.true_count):>7}"
                  if self.count is not None else "")
        return (f"{prices.coup:>5} {prices.cards_left:>5} "
                + " ".join(f"{percent_text(e, 4):>{w}}" for e, w in zip(prices.edges, self.widths))
                + counts + ("  +EV: " + ", ".join(plus) if plus else ""))

    def new_assumptions(self, prices: "CardPrices") -> list[str]:
        """The assumptions of ``prices`` not said on the line before (each said once while it holds)."""
        new = [a for a in prices.assumptions if a not in self.assumptions_said]
        self.assumptions_said = prices.assumptions
        return new

    def cards(self, prices: "CardPrices") -> str:
        plus = self.positive(prices.edges, self.card_keys)
        notes = "".join(f"\n      note: {a}" for a in self.new_assumptions(prices))
        return (f"{prices.coup:>5} {prices.cards_left:>5} "
                + " ".join(f"{percent_text(e, 4):>{w}}" for e, w in zip(prices.edges, self.card_widths))
                + ("  +EV: " + ", ".join(plus) if plus else "") + notes)

    def coup(self, logged: "LoggedCoup", running: int | None, tc: Fraction | None) -> str:
        counts = count_text(running, tc)
        return "      " + coup_echo(logged) + (f"; {counts}" if counts else "")

    def undo(self, undone: "Undone", running: int | None, tc: Fraction | None) -> str:
        counts = count_text(running, tc)
        return "      " + undo_text(undone) + (f"; {counts}" if counts else "")


class TrackCsv(TrackLines):
    """One row per event; the column ``event`` says which (before, cards, coup, undo)."""

    def header(self) -> list[str]:
        counts = ["running_count", "true_count"] if self.count is not None else []
        assumptions = ["assumptions"] if self.card_bets else []
        return [",".join(["event", "coup", "cards_left"]
                         + [f"{k}_house_edge_percent" for k in self.keys + self.card_keys]
                         + ["positive_ev", "cards", "player", "banker", "winner"] + counts + assumptions)]

    def _row(self, event: str, coup: int, left: int | str, edges: Sequence[str], plus: str, cards: str,
             player: str, banker: str, winner: str, running: int | None, tc: Fraction | None,
             card_edges: Sequence[str] = (), assumptions: str = "") -> str:
        counts = [] if self.count is None else [str(running), "" if tc is None else decimal_text(tc, 10)]
        if not self.card_bets:
            return ",".join([event, str(coup), str(left)] + list(edges)
                            + [plus, cards, player, banker, winner] + counts)
        card_edges = list(card_edges) or [""] * len(self.card_keys)
        return ",".join([event, str(coup), str(left)] + list(edges) + card_edges
                        + [plus, cards, player, banker, winner] + counts + [_csv_text(assumptions)])

    def before(self, prices: "Prices") -> str:
        return self._row("before", prices.coup, prices.cards_left,
                         [percent_text(e, 10).rstrip("%") for e in prices.edges],
                         " ".join(self.positive(prices.edges)), "", "", "", "", prices.running, prices.true_count)

    def cards(self, prices: "CardPrices") -> str:
        counts = (None, None) if self.count is None else ("", None)
        return self._row("cards", prices.coup, prices.cards_left, [""] * len(self.keys),
                         " ".join(self.positive(prices.edges, self.card_keys)), "", "", "", "", *counts,
                         card_edges=[percent_text(e, 10).rstrip("%") for e in prices.edges],
                         assumptions=" ".join(prices.assumptions))

    def coup(self, logged: "LoggedCoup", running: int | None, tc: Fraction | None) -> str:
        return self._row("coup", logged.number, "", [""] * len(self.keys), "",
                         " ".join(c.text for c in logged.cards), str(logged.coup.player), str(logged.coup.banker),
                         logged.coup.winner, running, tc)

    def undo(self, undone: "Undone", running: int | None, tc: Fraction | None) -> str:
        return self._row("undo", undone.coup, "", [""] * len(self.keys), "", undone.card.text, "", "", "",
                         running, tc)


class TrackJsonl(TrackLines):
    """One JSON object per event, with ``"event"``: before, cards, coup or undo."""

    def header(self) -> list[str]:
        return []

    def _counts(self, running: int | None, tc: Fraction | None) -> dict:
        if self.count is None:
            return {}
        return {"running_count": running, "true_count": None if tc is None else fraction_text(tc)}

    def before(self, prices: "Prices") -> str:
        return json.dumps({"event": "before", "coup": prices.coup, "cards_left": prices.cards_left,
                           "house_edge": {k: fraction_text(e) for k, e in zip(self.keys, prices.edges)},
                           "positive_ev": self.positive(prices.edges),
                           **self._counts(prices.running, prices.true_count)})

    def cards(self, prices: "CardPrices") -> str:
        return json.dumps({"event": "cards", "coup": prices.coup, "cards_left": prices.cards_left,
                           "house_edge": {k: fraction_text(e) for k, e in zip(self.card_keys, prices.edges)},
                           "positive_ev": self.positive(prices.edges, self.card_keys),
                           "assumptions": list(prices.assumptions)})

    def coup(self, logged: "LoggedCoup", running: int | None, tc: Fraction | None) -> str:
        player, banker = hands(logged)
        return json.dumps({"event": "coup", "coup": logged.number, "cards": [c.text for c in logged.cards],
                           "player_cards": [c.text for c in player], "banker_cards": [c.text for c in banker],
                           "player": logged.coup.player, "banker": logged.coup.banker,
                           "winner": logged.coup.winner, "line": logged.cards[-1].line,
                           **self._counts(running, tc)})

    def undo(self, undone: "Undone", running: int | None, tc: Fraction | None) -> str:
        return json.dumps({"event": "undo", "coup": undone.coup, "line": undone.line, "card": undone.card.text,
                           "reopened_coup": None if undone.reopened is None else undone.reopened.number,
                           **self._counts(running, tc)})


def _csv_text(text: str) -> str:
    """A CSV field: quoted if it holds a comma, a quote or a line break."""
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


#: The line formatter of ``track``, by ``--format``.
TRACK_FORMATS: dict[str, type[TrackLines]] = {"text": TrackLines, "csv": TrackCsv, "jsonl": TrackJsonl}


def track_lines(fmt: str, shoe: "Shoe", keys: Sequence[str], bets: Sequence["PayTable"],
                count: "Count | None" = None) -> TrackLines:
    """The formatter of ``track``'s lines in ``fmt`` ('text', 'csv' or 'jsonl') for a log from ``shoe``."""
    return TRACK_FORMATS[fmt](shoe, keys, bets, count)


def track_partial_note(number: int, cards: Sequence["Card"]) -> str:
    """The note for a log that ends in the middle of a coup."""
    return (f"note: the log ends in the middle of coup {number} "
            f"({len(cards)} of its cards seen, the last on line {cards[-1].line})")
