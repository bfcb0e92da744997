"""The ``live`` screen: the state of a :class:`~exact_odds.in_play.track.table.Table`, redrawn after every key.

It shows the cards left by value, the running and true count, the chosen
bets sorted by house edge (best for the bettor first, +EV highlighted),
the last coup and the coup being dealt, and the keys. Every card goes
through :meth:`Table.enter`, so the screen holds no rule of its own; its
words come from :mod:`exact_odds.report.track`. Needs textual (``pip
install "exact_odds[live]"``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from exact_odds.in_play.track.log import LogError, Undo, parse_token
from exact_odds.in_play.track.table import CountError, Table
from exact_odds.report.numbers import decimal_text, percent_text
from exact_odds.report.track import coup_echo, signed, true_count_text, without_line
from exact_odds.rules.cards import CARDS_PER_DECK, SUITS

#: The smallest terminal the screen is drawn in (columns, rows).
MIN_SIZE = (60, 18)

#: Key -> card token. Values 0-9 (0: any ten-value card, 1: ace); ranks a, t, j, k and Q (q quits).
#: A suit key (s, h, d, c) after a card gives it its suit.
CARD_KEYS = {**{str(v): str(v) for v in range(10)}, "1": "A", "a": "A", "t": "10", "j": "J", "Q": "Q", "k": "K"}
UNDO_KEYS = ("u", "backspace")

KEYS_HELP = "keys: 0 any ten-value, 1 or a ace, 2-9, t j Q k; s h d c suit | u or Backspace undo | q quit"


def too_small_text(width: int, height: int) -> str:
    return (f"terminal too small ({width}x{height}); the live screen needs at least "
            f"{MIN_SIZE[0]}x{MIN_SIZE[1]}: enlarge it, or use 'exact-odds track'")


class LiveScreen(App):
    """The shoe in play at the table, one key per card."""

    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; text-style: bold; }
    #top { height: auto; }
    #shoe { width: 1fr; border: round $primary; height: auto; }
    #count { width: 30; border: round $primary; height: auto; }
    #bets { border: round $primary; height: auto; }
    #coups { border: round $primary; height: auto; }
    #message { height: auto; color: $warning; }
    #keys { height: auto; color: $text-muted; }
    #small { display: none; }
    Screen.small #main { display: none; }
    Screen.small #small { display: block; }
    """
    BINDINGS = [Binding("ctrl+c", "interrupt", "quit", priority=True),
                Binding("q", "quit", "quit")]

    #: The return code after Ctrl-C (the command then says "interrupted", exit status 130).
    INTERRUPTED = 130

    def action_interrupt(self) -> None:
        self.exit(return_code=self.INTERRUPTED)

    def __init__(self, table: Table, keys: Sequence[str], title: str):
        super().__init__()
        self.table = table
        self.keys = tuple(keys)
        self.heading = title
        self.message = ""
        #: With a suit or colour bet, a card key waits here for its suit key (the table takes only suited cards).
        self.pending: str | None = None
        self.table.start()
        self.table.price_cards()

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(self.heading, id="title")
            with Horizontal(id="top"):
                yield Static(id="shoe")
                yield Static(id="count")
            yield Static(id="bets")
            yield Static(id="coups")
            yield Static(id="message")
            yield Static(KEYS_HELP, id="keys")
        yield Static(id="small")

    def on_mount(self) -> None:
        self.redraw()

    def get_default_screen(self) -> Screen:
        return _Resized(id="_default")

    def fit(self, width: int, height: int) -> None:
        """Show one line instead of the panels in a terminal smaller than :data:`MIN_SIZE`."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.screen.set_class(small, "small")
        self.query_one("#small", Static).update(too_small_text(width, height) if small else "")

    # --- keys ---------------------------------------------------------------------
    def on_key(self, event) -> None:
        key = event.key if event.character is None or event.key in UNDO_KEYS else event.character
        line = self.table.in_play.seen + 1
        pending, self.pending = self.pending, None
        if key in UNDO_KEYS and pending is not None:
            self.act(lambda: None)  # the card waiting for its suit is dropped
        elif key in UNDO_KEYS:
            self.act(lambda: self.table.enter(Undo(line, "u")))
        elif key in CARD_KEYS and self.needs_suits and key != "0":
            self.pending = CARD_KEYS[key]
            self.act(lambda: None)
        elif key in CARD_KEYS:
            self.act(lambda: self.table.enter(parse_token(CARD_KEYS[key], line)))
        elif key in SUITS and pending is not None:
            self.act(lambda: self.table.enter(parse_token(pending + key, line)))
        elif key in SUITS:
            self.act(lambda: self.table.suit_last(key))
        else:
            self.pending = pending
            return
        event.stop()

    @property
    def needs_suits(self) -> bool:
        """Whether a chosen bet reads suits: every card then needs its suit key."""
        return any(b.uses_suits for b in self.table.card_bets)

    def act(self, step: Callable[[], object]) -> None:
        """One key's step on the table; an error is shown, and the screen goes on."""
        try:
            step()
            self.message = f"{self.pending}: now its suit (s h d c), or u to drop it" if self.pending else ""
        except (LogError, CountError) as exc:
            self.message = without_line(str(exc))
        self.redraw()
        if self.table.card_bets:
            # the value-level edges are on the screen; the card-level ones follow (one card walk)
            self.call_after_refresh(self.redraw_cards)

    def redraw_cards(self) -> None:
        """Price the card-level bets for the coup about to be dealt (if not yet) and redraw them."""
        if self.table.cards_pending:
            self.table.price_cards()
            self.query_one("#bets", Static).update(self.bets_panel())

    # --- drawing ------------------------------------------------------------------
    def redraw(self) -> None:
        self.query_one("#shoe", Static).update(self.shoe_panel())
        self.query_one("#count", Static).update(self.count_panel())
        self.query_one("#bets", Static).update(self.bets_panel())
        self.query_one("#coups", Static).update(self.coups_panel())
        self.query_one("#message", Static).update(self.message)

    def shoe_panel(self) -> RichTable:
        left = self.table.cards_left
        decks = decimal_text(Fraction(left, CARDS_PER_DECK), 2)
        t = RichTable(title=f"cards left by value: {left} ({decks} decks)", box=None, pad_edge=False)
        counts = self.table.value_counts()
        for v in range(10):
            t.add_column("0 (10 J Q K)" if v == 0 else "1 (A)" if v == 1 else str(v), justify="right")
        t.add_row(*[str(n) for n in counts])
        return t

    def count_panel(self) -> Text:
        if self.table.count is None:
            return Text("no count chosen\n(--count TAGS or a bet key)")
        return Text(f"{self.table.count.name}\nrunning count {signed(self.table.running)}\n"
                    f"true count {true_count_text(self.table.true_count)}")

    def bets_panel(self) -> Group:
        prices = self.table.prices
        if prices is None:
            state = "the shoe is done"
        elif self.table.current:
            state = (f"coup {self.table.splitter.number} being dealt, bets closed; "
                     f"its edges as it began, {prices.cards_left} cards left")
        else:
            state = f"for coup {prices.coup}, {prices.cards_left} cards left"
        t = RichTable(box=None, pad_edge=False)
        t.add_column("bet")
        t.add_column("house edge (best first)", justify="right")
        t.add_column("")
        if prices is not None:
            rows = list(zip(prices.edges, (b.name for b in self.table.value_bets)))
            cards = self.table.card_prices
            if self.table.cards_pending or (self.table.card_bets and cards is None):
                state += "; card-level bets: pricing..."
            elif cards is not None:
                rows += zip(cards.edges, (b.name for b in self.table.card_bets))
            for edge, name in sorted(rows, key=lambda p: p[0]):
                if edge < 0:
                    t.add_row(Text(name, style="bold green"), Text(percent_text(edge, 4), style="bold green"),
                              Text("+EV", style="bold black on green"))
                else:
                    t.add_row(name, percent_text(edge, 4), "")
        notes = [] if self.table.card_prices is None else list(self.table.card_prices.assumptions)
        return Group(Text(state, style="bold"), t, *(Text("note: " + a, style="italic") for a in notes))

    def coups_panel(self) -> Text:
        last = coup_echo(self.table.coups[-1]) if self.table.coups else "no coup yet"
        now = " ".join([c.text for c in self.table.current] + ([self.pending + "?"] if self.pending else [])) or "-"
        return Text(f"last {last}\nthis coup: {now}")


class _Resized(Screen):
    """The default screen, telling the app its new size (the app itself does not see resizes)."""

    def on_resize(self, event) -> None:
        self.app.fit(event.size.width, event.size.height)
