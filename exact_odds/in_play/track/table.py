"""The shoe in play at the table: the coups dealt, a running count, and the exact edges of the next coup.

:class:`Table` is what ``track`` and the ``live`` screen show. It takes one
token at a time (a :class:`~exact_odds.in_play.track.log.Card` or an
:class:`~exact_odds.in_play.track.log.Undo`), splits the cards into coups by the
rules (:class:`~exact_odds.in_play.track.log.CoupSplitter`), keeps the running
count of a chosen linear :class:`Count`, and prices the chosen value-level
bets exactly (:func:`~exact_odds.in_play.sweep.sweep.bet_results`) the moment a
coup is complete, before the next coup's first card. Card-level bets
(pairs, suits, colours) are priced by :meth:`Table.price_cards`, one shoe at
a time on the shoe left (:meth:`~exact_odds.in_play.track.log.ShoeInPlay.card_shoe`),
so the value-level prices can be shown first; a card without the suit (or
a ``0`` without the rank) a chosen bet reads is refused
(:class:`DetailNeeded`).

A linear count gives each rank A..K an integer tag; the running count is
the sum of the tags of the cards seen, and the true count is the running
count per deck left (``running * 52 / cards left``, exact). A count derived
from a bet (:func:`count_of_bet`) is the one ``eor`` prints: tags
proportional to minus the effect of removal, largest ``level``, so a high
count is good for the bettor (:mod:`exact_odds.in_play.simulate.removal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Sequence

from exact_odds.bets.paytable import PayTable
from exact_odds.in_play._display import short
from exact_odds.in_play.track.log import (
    TEN_RANKS, BadToken, Card, CoupSplitter, LogError, LogEvent, LoggedCoup, ShoeInPlay, Undo, parse_token,
)
from exact_odds.in_play.count import CountError, parse_tags, true_count
from exact_odds.in_play.sweep.sweep import bet_results, check_bets
from exact_odds.punto_banco.features import walk_compiled
from exact_odds.rules.cards import RANKS, SUITS
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


@dataclass(frozen=True)
class Count:
    """A linear count: an integer tag for each rank A..K."""

    name: str
    tags: tuple[int, ...]

    def __post_init__(self) -> None:
        if (not isinstance(self.tags, tuple) or len(self.tags) != 13
                or any(isinstance(t, bool) or not isinstance(t, int) for t in self.tags)):
            raise CountError("a count needs 13 whole-number tags, one per rank A,2,...,10,J,Q,K")

    @property
    def ten_tag(self) -> int | None:
        """The tag of a ten-value card of unknown rank (``0``): the tag of 10, J, Q and K if they are
        equal, else None (such a card cannot be counted)."""
        tags = {self.tags[r] for r in TEN_RANKS}
        return tags.pop() if len(tags) == 1 else None

    def tag(self, card: Card) -> int:
        """The tag of ``card``; :class:`CountError` for a ``0`` when 10, J, Q, K have different tags."""
        if card.rank is not None:
            return self.tags[card.rank]
        if self.ten_tag is None:
            raise CountError(f"line {card.line}: card {card.text!r} cannot be counted: the count tags 10, J, Q "
                             "and K differently; give the card's rank (10, J, Q or K)")
        return self.ten_tag

    def describe(self) -> str:
        """'name (A +1, 2 +1, ...)' with every tag."""
        return f"{self.name} ({' '.join(f'{r}{t:+d}' for r, t in zip(RANKS, self.tags))})"


def parse_count_tags(text: str) -> Count:
    """A count from 13 comma-separated whole-number tags for A,2,...,10,J,Q,K (``0,0,0,-1,-1,-1,-1,2,2,0,0,0,0``),
    read by :func:`exact_odds.in_play.count.parse_tags`."""
    return Count("your count", parse_tags(text))


def count_of_bet(shoe: Shoe, bet: PayTable, key: str, level: int = 2,
                 tableau: Tableau = PUNTO_BANCO) -> Count:
    """The linear count ``eor`` derives for ``bet`` in ``shoe`` (tags rounded to -level..level)."""
    from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count

    result = effect_of_removal(shoe, (bet,), tableau)
    return Count(f"{key} count", linear_count(result.eor[0], shoe.ranks, level).tags)


@dataclass(frozen=True)
class Prices:
    """The exact house edge of each value-level bet (:attr:`Table.value_bets`) for the coup about to be dealt,
    and the probability that each wins something (``wins``, in the same order)."""

    coup: int
    cards_left: int
    edges: tuple[Fraction, ...]
    running: int | None
    true_count: Fraction | None
    wins: tuple[Fraction, ...] = ()


@dataclass(frozen=True)
class CardPrices:
    """The exact house edge of each card-level bet (:attr:`Table.card_bets`) for the coup about to be dealt,
    and the assumptions they rest on (the unknown-suit model, where a suit was not known)."""

    coup: int
    cards_left: int
    edges: tuple[Fraction, ...]
    assumptions: tuple[str, ...]
    wins: tuple[Fraction, ...] = ()  #: the probability that each bet wins something


class DetailNeeded(LogError):
    """A card given with less detail than a chosen bet reads: no suit for a suit or colour bet, or
    ``0`` (no rank) for a pair or other card-level bet. Names the card and the bets."""

    def __init__(self, card: Card, bets: Sequence[PayTable], needs: str):
        self.card = card
        self.bets = tuple(bets)
        self.needs = needs  #: 'suits' or 'ranks'
        names = ", ".join(b.name for b in self.bets)
        verb = "reads" if len(self.bets) == 1 else "read"
        if needs == "suits":
            what = "has no suit"
            fix = f"give every card with its suit ({card.text}h, {card.text}s, ...)"
            if card.rank is None:
                what = "is any ten-value card, with no rank or suit"
                fix = "give every card with its rank and suit (10h, Kd, ...)"
        else:
            what = "is any ten-value card, with no rank"
            fix = "give the card's rank (10, J, Q or K)"
        super().__init__(f"line {card.line}: card {card.text!r} {what}, but {names} {verb} {needs}: {fix}, "
                         "or drop that bet")


class Table:
    """The shoe in play at the table, token by token, with undo.

    :meth:`enter` returns the events a token causes (see
    :data:`~exact_odds.in_play.track.log.LogEvent`); :attr:`prices` holds the
    exact edges of the next coup, computed the moment the previous one is
    complete (``("before", n)``)."""

    def __init__(self, shoe: Shoe, bets: Iterable[PayTable], count: Count | None = None,
                 tableau: Tableau = PUNTO_BANCO):
        if count is not None and not isinstance(count, Count):
            raise TypeError(f"count must be a Count (parse_count_tags, count_of_bet) or None, "
                            f"not {type(count).__name__}")
        self.start_shoe = shoe
        self.in_play = ShoeInPlay(shoe)
        self.splitter = CoupSplitter(self.in_play, tableau)
        self.bets = check_bets(bets)
        #: The bets settled by card values (priced at once by the fast path) and the card-level bets
        #: (pairs, suits, colours: priced one shoe at a time by :meth:`price_cards`), each in the order chosen.
        self.value_bets = tuple(b for b in self.bets if b.is_value_level)
        self.card_bets = tuple(b for b in self.bets if not b.is_value_level)
        self.count = count
        self.running = 0
        self.prices: Prices | None = None
        self.card_prices: CardPrices | None = None
        self._cards_due: int | None = None  # the coup whose card-level prices are still to compute
        self._card_cache: dict[tuple, tuple[tuple[Fraction, ...], tuple[str, ...], tuple[Fraction, ...]]] = {}
        self._prices_of: dict[int, Prices] = {}  # by coup, for an undo that reopens a coup
        self._card_prices_of: dict[int, CardPrices] = {}

    # --- what the screen shows -------------------------------------------------
    @property
    def coups(self) -> list[LoggedCoup]:
        return self.splitter.coups

    @property
    def current(self) -> list[Card]:
        """The cards of the coup being dealt."""
        return self.splitter.current

    @property
    def cards_left(self) -> int:
        return self.in_play.size

    def value_counts(self) -> tuple[int, ...]:
        """Cards left per value 0..9."""
        return self.in_play.value_counts()

    @property
    def true_count(self) -> Fraction | None:
        """The true count of :mod:`exact_odds.in_play.count` (exact), or None without a count or cards."""
        if self.count is None or self.cards_left == 0:
            return None
        return true_count(self.count.tags, self.running, self.in_play.seen, self.cards_left)

    def __repr__(self) -> str:
        count = "" if self.count is None else f", running count {self.running:+d}"
        state = f"coup {self.splitter.number} being dealt" if self.current else f"before coup {self.splitter.number}"
        return short(f"Table({self.start_shoe.describe()}: {state}, {self.cards_left} cards left{count})")

    # --- tokens -------------------------------------------------------------------
    def start(self) -> list[LogEvent]:
        """The events at the start (the full shoe's prices)."""
        return self._priced(self.splitter.start())

    def enter(self, token: Card | Undo | BadToken) -> list[LogEvent]:
        """Take one token: a card is dealt, an undo takes back the last card (a bad token raises its error).

        :class:`~exact_odds.in_play.track.log.LogError` (or :class:`CountError`)
        leaves the table as it was."""
        if isinstance(token, BadToken):
            raise token.error
        if isinstance(token, Undo):
            events = self.splitter.undo(token.line)
            card = events[0][1].card
            if self.count is not None:
                self.running -= self.count.tag(card)
            return self._priced(events)
        if not isinstance(token, Card):
            raise TypeError(f"enter needs a Card or an Undo (from parse_token), not {type(token).__name__}")
        self.check_detail(token)
        tag = self.count.tag(token) if self.count is not None else 0
        events = self.splitter.deal(token)
        self.running += tag
        return self._priced(events)

    @property
    def last_card(self) -> Card | None:
        """The last card seen (None before any)."""
        if self.current:
            return self.current[-1]
        return self.coups[-1].cards[-1] if self.coups else None

    def suit_last(self, suit: str) -> list[LogEvent]:
        """Give the last card seen its suit (``'h'``: a 9 becomes 9h), as if it had been given so.

        :class:`~exact_odds.in_play.track.log.LogError` if there is no card, the
        card has a suit already or is a ``0``, or the shoe holds no such card;
        the table is then as it was."""
        if not isinstance(suit, str) or suit.lower() not in SUITS:
            raise TypeError(f"suit must be one of {', '.join(SUITS)}, not {suit!r}")
        last = self.last_card
        if last is None:
            raise LogError("no card to give a suit to: give a card first, then its suit")
        if last.suit is not None:
            raise LogError(f"{last.text} has a suit already; undo it to change it")
        card = parse_token(last.text + suit.lower(), last.line)  # LogError for a 0: it has no suit
        undone = self.enter(Undo(last.line, "u"))
        try:
            return undone + self.enter(card)
        except LogError:
            self.enter(last)  # the card as it was: the shoe held it a moment ago
            raise

    def enter_all(self, tokens: Iterable[Card | Undo | BadToken],
                  on_error: Callable[[LogError | CountError], None] | None = None
                  ) -> Iterable[LogEvent | tuple[str, CardPrices]]:
        """The events of every token in turn, then ``("partial", cards)`` if the last coup is unfinished.

        A token refused (a :class:`~exact_odds.in_play.track.log.BadToken`, a card the shoe cannot hold, an
        undo with nothing to undo, ...) stops it with its error; with ``on_error``, the error is passed
        to it instead, the token skipped and the log goes on (as the live screen does).

        With card-level bets, every ``("before", n)`` (value-level prices ready) is followed by
        ``("cards", CardPrices)`` once :meth:`price_cards` has priced them, so the value-level
        prices can be shown first."""
        for event in self.start():
            yield from self._with_cards(event)
        for token in tokens:
            try:
                events = self.enter(token)
            except (LogError, CountError) as exc:
                if on_error is None:
                    raise
                on_error(exc)  # the table is as it was: the token is skipped
                continue
            for event in events:
                yield from self._with_cards(event)
        if self.current:
            yield "partial", tuple(self.current)

    def _with_cards(self, event: LogEvent) -> Iterable[LogEvent | tuple[str, CardPrices]]:
        yield event
        if event[0] == "before" and self.card_bets:
            yield "cards", self.price_cards()

    # --- card-level bets -------------------------------------------------------------
    def check_detail(self, card: Card) -> None:
        """:class:`DetailNeeded` if ``card`` lacks what a chosen bet reads: a suit (suit and colour bets)
        or a rank (a ``0``, for every card-level bet). Checked before the card is dealt, so the table
        is as it was."""
        if card.suit is None:
            suited = [b for b in self.card_bets if b.uses_suits]
            if suited:
                raise DetailNeeded(card, suited, "suits")
        if card.rank is None and self.card_bets:
            raise DetailNeeded(card, self.card_bets, "ranks")

    @property
    def cards_pending(self) -> bool:
        """Whether the card-level bets of the coup about to be dealt are still to be priced (:meth:`price_cards`)."""
        return self._cards_due is not None and bool(self.card_bets)

    def price_cards(self) -> CardPrices | None:
        """The card-level bets priced for the coup about to be dealt (:attr:`card_prices`), exactly as
        :func:`~exact_odds.bets.analysis.analyse` prices them on the shoe left
        (:meth:`ShoeInPlay.card_shoe`); kept per shoe, so an undo back to a shoe already priced is free.

        Does nothing while a coup is being dealt (its prices were those before its first card) or
        without card-level bets; returns :attr:`card_prices`."""
        if self._cards_due is None or not self.card_bets:
            return self.card_prices
        shoe = self.in_play.card_shoe()
        key = (shoe.ranks, shoe.suited, shoe.suit_base)
        priced = self._card_cache.get(key)
        if priced is None:
            tableau = self.splitter.tableau
            # A bet that reads ranks but not suits has the same price on any shoe with the same ranks:
            # priced on the ranks left dealt evenly into suits (the first-four count, not the card walk).
            by_ranks = shoe if shoe.suited is not None else _any_suits(shoe)
            # The compiled value walk (~1 ms a shoe) is what the card-level fast paths start from.
            needed = by_ranks is shoe or any(b.uses_suits for b in self.card_bets)
            dist = walk_compiled(shoe, tableau) if needed else None
            rank_dist = dist if by_ranks is shoe else walk_compiled(by_ranks, tableau)
            results = [b.price(dist if b.uses_suits else rank_dist) for b in self.card_bets]
            assumptions: list[str] = []
            for r in results:
                assumptions += [a for a in r.assumptions if a not in assumptions]
            priced = (tuple(r.house_edge for r in results), tuple(assumptions), tuple(r.win for r in results))
            if len(self._card_cache) >= CARD_CACHE:
                self._card_cache.pop(next(iter(self._card_cache)))
            self._card_cache[key] = priced
        self.card_prices = self._card_prices_of[self._cards_due] = CardPrices(self._cards_due, self.cards_left,
                                                                             *priced)
        self._cards_due = None
        return self.card_prices

    def _priced(self, events: Sequence[LogEvent]) -> list[LogEvent]:
        if self.current:
            self._cards_due = None  # a coup is being dealt: its bets are closed
        for kind, item in events:
            if kind == "undo" and item.reopened is not None:
                # the coup is open again: its prices are those before its first card
                self.prices = self._prices_of.get(item.reopened.number, self.prices)
                self.card_prices = self._card_prices_of.get(item.reopened.number, self.card_prices)
            if kind == "before":
                results = (bet_results(self.in_play.shoe(), self.value_bets, self.splitter.tableau)
                           if self.value_bets else ())
                running = self.running if self.count is not None else None
                self.prices = self._prices_of[item] = Prices(item, self.cards_left,
                                                             tuple(r.house_edge for r in results), running,
                                                             self.true_count, tuple(r.win for r in results))
                self._cards_due = item
        return list(events)


#: Shoes whose card-level prices a :class:`Table` keeps (for undo).
CARD_CACHE = 16


def _any_suits(shoe: Shoe) -> Shoe:
    """``shoe``'s ranks dealt into the four suits in turn: one suit assignment of its ranks, for bets
    that read ranks only (their price depends on the rank counts alone)."""
    suited = tuple(c // 4 + (s < c % 4) for c in shoe.ranks for s in range(4))
    return Shoe(shoe.ranks, suited, shoe.label)


__all__ = ["CardPrices", "Count", "CountError", "DetailNeeded", "LogError", "Prices", "Table", "count_of_bet",
           "parse_count_tags"]
