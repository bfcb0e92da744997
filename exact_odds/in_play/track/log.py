"""A log of the cards seen from the shoe in play, split into coups by the rules (for ``track`` and ``live``).

The same rules (:func:`~exact_odds.rules.coup.coup_complete` and
:func:`~exact_odds.rules.coup.deal_of`) that deal coups from a shuffled shoe
(:mod:`exact_odds.in_play.dealing`) split the log, so the number of cards
each coup takes is decided by the rules, never guessed.

A card is given by rank (``5``, ``K``, ``10``/``T``), by rank and suit
(``Kd``), or by value: ``0`` is *any* ten-value card (10, J, Q or K). The
game sees only values, so a card given by value is enough to split the log
and to price every value-level bet exactly; but its rank is unknown, so the
shoe no longer knows how many cards of each ten-value rank are left
(:attr:`ShoeInPlay.ranks_known`), and bets on ranks (pairs) cannot be priced
from that point. ``u`` or ``undo`` takes back the last card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Literal, Sequence, Union

from exact_odds.in_play._display import html_text, short
from exact_odds.in_play.dealing import FiniteShoeNeeded, check_lines, coup_text, deal_coup
from exact_odds.rules.cards import CardError, RANK_VALUES, RANKS, SUITS, parse_card
from exact_odds.rules.coup import Coup, coup_complete
from exact_odds.rules.shoe import MIN_CARDS, Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: The ranks worth 0 (10, J, Q, K), as rank indices.
TEN_RANKS = tuple(r for r in range(13) if RANK_VALUES[r] == 0)
#: The token for a card given by value only: any ten-value card.
ANY_TEN = "0"
#: The tokens that take back the last card.
UNDO_TOKENS = ("u", "undo")


class LogError(ValueError):
    """A dealt-shoe log that cannot have come from the shoe; names the line."""


class ShoeRunsOut(LogError):
    """A log that goes on when too few cards remain to deal a coup."""

    def __init__(self, line: int, remaining: int):
        super().__init__(f"line {line}: only {remaining} cards remain before this coup; "
                         "a shoe needs 6 to deal one (is the log from a bigger shoe?)")
        self.line = line
        self.remaining = remaining


class NothingToUndo(LogError):
    """An undo before any card was seen."""


class UnknownRanks(LogError):
    """Card-level prices asked for after a card given by value only (``0``)."""


def _frozen(counts: list[int] | None) -> tuple[int, ...] | None:
    return None if counts is None else tuple(counts)


@dataclass
class Card:
    """One card of a log: rank index (None for a ten-value card given as ``0``), suit index
    (or None), and where it was read."""

    rank: int | None
    suit: int | None
    line: int
    text: str

    @property
    def value(self) -> int:
        """The card's baccarat value, 0-9 (docs/rules.md §1)."""
        return 0 if self.rank is None else RANK_VALUES[self.rank]


@dataclass(frozen=True)
class Undo:
    """An undo token of a log: take back the last card."""

    line: int
    text: str


def parse_token(token: str, line: int = 1) -> Card | Undo:
    """One token of a log: a card (``5``, ``Kd``, ``0``) or an undo (``u``, ``undo``).

    :class:`LogError` naming ``line`` and the token if it is neither."""
    if not isinstance(token, str):
        raise TypeError(f"a token is a string such as '5', 'Kd', '0' or 'u', not {type(token).__name__}")
    t = token.strip()
    if t.lower() in UNDO_TOKENS:
        return Undo(line, t)
    if t == ANY_TEN:
        return Card(None, None, line, t)
    if len(t) == 2 and t[0] == ANY_TEN and t[1].lower() in SUITS:
        raise LogError(f"line {line}: {t!r}: a card given by value (0) has no suit; "
                       f"give its rank and suit (10{t[1]}, J{t[1]}, ...) or 0 alone")
    try:
        rank, suit = parse_card(t)
    except CardError as exc:
        raise LogError(f"line {line}: {exc}; or 0 for any ten-value card, u to undo the last card") from None
    return Card(rank, suit, line, t)


@dataclass(frozen=True)
class BadToken:
    """A token of a log that is neither a card nor an undo, read by ``read_log(..., strict=False)``:
    :attr:`error` says why (a :class:`LogError` naming the line and the token)."""

    line: int
    text: str
    error: LogError


def read_log(lines: Iterable[str], strict: bool = True) -> Iterator[Card | Undo | BadToken]:
    """The cards (and undo tokens) of a log, one at a time, as they are read (so stdin can be live).

    Cards are separated by spaces or commas; anything after ``#`` on a line
    is a comment. A token that is no card stops the log with a
    :class:`LogError`; with ``strict=False`` it comes as a :class:`BadToken`
    instead, and the log goes on. A line longer than
    :data:`~exact_odds.in_play.dealing.MAX_LINE_CHARS` is a :class:`LogError`
    (a file is read a bounded line at a time)."""
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r:.40}")
    return _tokens(check_lines(lines, "read_log", too_long=lambda number, reason: LogError(f"line {number}: {reason}")),
                   strict)


def log_text(coups: Iterable[Sequence[Card]], comments: Iterable[str] = ()) -> str:
    """A log that :func:`read_log` reads back to the same cards: each comment line after ``#``, then
    one line per coup (the cards as they were given, separated by spaces); an empty coup is left out."""
    lines = ["# " + " ".join(c.split()) for c in comments]
    lines += [" ".join(card.text for card in coup) for coup in coups if coup]
    return "".join(line + "\n" for line in lines)


def _tokens(lines: Iterator[str], strict: bool = True) -> Iterator[Card | Undo | BadToken]:
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"line {number}: lines must be str, not {type(line).__name__}")
        for token in line.split("#", 1)[0].replace(",", " ").split():
            try:
                yield parse_token(token, number)
            except LogError as exc:
                if strict:
                    raise
                yield BadToken(number, token, exc)


class ShoeInPlay:
    """The cards left in a shoe as cards are seen, refusing cards it cannot hold; :meth:`put_back`
    takes back the last card.

    ``ranks`` counts the cards left of each rank among the cards seen *by
    rank*; ``unknown_tens`` counts the ten-value cards seen by value only
    (``0``), whose ranks are unknown. So ten-value cards are one pool of
    ``sum(ranks[10, J, Q, K]) - unknown_tens`` (128 in eight decks), and a
    ten-value rank is possible while its own count and the pool are both
    above zero."""

    def __init__(self, shoe: Shoe):
        if not isinstance(shoe, Shoe):
            raise TypeError(f"ShoeInPlay needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
        if shoe.is_infinite:
            raise FiniteShoeNeeded("a shoe in play must be finite")
        self.ranks = list(shoe.ranks)
        self.suited = list(shoe.suited) if shoe.suited is not None else None
        #: The 52 counts before the first card of unknown suit, less the suited cards seen since (the base
        #: of the unknown-suit model, as :meth:`Shoe.remove` keeps it; docs/methods/suits.md), or None.
        self.suit_base = list(shoe.suit_base) if shoe.suit_base is not None else None
        self.unknown_tens = 0
        self.label = shoe.describe()
        self.seen = 0
        self._before: list[tuple[tuple[int, ...], tuple[int, ...] | None, tuple[int, ...] | None, int]] = []

    @property
    def tens_left(self) -> int:
        """Ten-value cards left (10, J, Q and K together)."""
        return sum(self.ranks[r] for r in TEN_RANKS) - self.unknown_tens

    @property
    def ranks_known(self) -> bool:
        """Whether the rank of every card left is known (no ten-value card was given as ``0``)."""
        return self.unknown_tens == 0

    def value_counts(self) -> tuple[int, ...]:
        """Cards left per value 0..9 (value 0: the pool of ten-value cards)."""
        return (self.tens_left, *self.ranks[:9])

    def take(self, card: Card) -> None:
        """Take ``card`` out of the shoe; :class:`LogError` if the shoe has none left."""
        if not isinstance(card, Card):
            raise TypeError(f"take needs a Card (from read_log), not {type(card).__name__}")
        r, s = card.rank, card.suit
        if r is None:
            if self.tens_left == 0:
                raise LogError(f"line {card.line}: card {card.text!r} is impossible: "
                               "the shoe has no ten-value card (10, J, Q, K) left")
        elif self.ranks[r] == 0 or (r in TEN_RANKS and self.tens_left == 0):
            hint = ""
            if r in TEN_RANKS and self.tens_left > 0:
                hint = (f" ({self.tens_left} ten-value cards are left: if you type {card.text} for every "
                        f"ten-value card, type {ANY_TEN} instead, any ten-value card)")
            raise LogError(f"line {card.line}: card {card.text!r} is impossible: "
                           f"the shoe has no {RANKS[r]} left{hint}")
        elif s is not None and any(held is not None and held[4 * r + s] == 0
                                   for held in (self.suited, self.suit_base)):
            raise LogError(f"line {card.line}: card {card.text!r} is impossible: the shoe has no "
                           f"{RANKS[r]}{SUITS[s]} left")
        self._before.append((tuple(self.ranks), _frozen(self.suited), _frozen(self.suit_base), self.unknown_tens))
        if r is None:
            self.unknown_tens += 1
            self.suited = self.suit_base = None  # a card of unknown rank: the suits left are no longer known
        else:
            if s is None and self.suited is not None:
                # an unsuited card: the suits left are known on average only (Shoe.remove does the same)
                self.suit_base, self.suited = self.suited, None
            if s is not None:
                for held in (self.suited, self.suit_base):
                    if held is not None:
                        held[4 * r + s] -= 1
            self.ranks[r] -= 1
        self.seen += 1

    def put_back(self) -> None:
        """Undo the last :meth:`take`; :class:`NothingToUndo` if no card was taken."""
        if not self._before:
            raise NothingToUndo("no card to take back: none has been seen yet")
        ranks, suited, base, unknown = self._before.pop()
        self.ranks = list(ranks)
        self.suited = None if suited is None else list(suited)
        self.suit_base = None if base is None else list(base)
        self.unknown_tens = unknown
        self.seen -= 1

    @property
    def size(self) -> int:
        return sum(self.ranks) - self.unknown_tens

    def shoe(self) -> Shoe:
        """The remaining shoe, for value-level bets (ranks only: their edges need no suits).

        If ten-value cards were given as ``0``, the ranks of the ten-value
        cards left are unknown: the pool is then taken from 10, J, Q, K in
        that order, which gives the right value counts (all a value-level
        bet reads) and is said in the label; the ranks themselves are not
        known and must not be read (:attr:`ranks_known`)."""
        ranks = list(self.ranks)
        label = f"{self.label} less {self.seen} cards seen"
        if self.unknown_tens:
            unknown = self.unknown_tens
            for r in TEN_RANKS:
                taken = min(unknown, ranks[r])
                ranks[r] -= taken
                unknown -= taken
            label += f" ({self.unknown_tens} ten-value cards of unknown rank)"
        return Shoe(tuple(ranks), None, label)

    def card_shoe(self) -> Shoe:
        """The remaining shoe for card-level bets (pairs, suits, colours): the ranks left, and the suits
        left where every card seen had one; after a card without a suit, the shoe before it as the base
        of the unknown-suit model (exactly :meth:`Shoe.remove` of the cards seen, docs/methods/suits.md).

        :class:`UnknownRanks` after a ``0`` (its rank is unknown: see :attr:`ranks_known`)."""
        if not self.ranks_known:
            raise UnknownRanks(f"{self.unknown_tens} ten-value card(s) were given as {ANY_TEN} (rank unknown): "
                               "the ranks left are not known, so card-level bets cannot be priced")
        return Shoe(tuple(self.ranks), _frozen(self.suited), f"{self.label} less {self.seen} cards seen",
                    _frozen(self.suit_base))

    def __repr__(self) -> str:
        return short(f"ShoeInPlay({self.label}: {self.seen} cards seen, {self.size} left)")


@dataclass(frozen=True)
class LoggedCoup:
    """A coup read from a log: its cards, its result, and the line it ended on."""

    number: int
    cards: tuple[Card, ...]
    coup: Coup

    def __repr__(self) -> str:
        cards = " ".join(c.text for c in self.cards)
        return short(f"LoggedCoup(coup {self.number}: {cards}; {coup_text(self.coup)}; "
                     f"line {self.cards[-1].line})")

    def _repr_html_(self) -> str:
        return html_text(repr(self))


@dataclass(frozen=True)
class Undone:
    """A card taken back, and the coup it had finished (now open again), if any."""

    card: Card
    reopened: LoggedCoup | None
    line: int  #: the line of the undo token (0 if not from a log)
    coup: int  #: the coup the card was part of


#: What :func:`coups_from_log` and :meth:`CoupSplitter.deal` yield: ("before", coup number),
#: ("coup", LoggedCoup), ("undo", Undone) or ("partial", the cards of an unfinished last coup).
LogEvent = Union[tuple[Literal["before"], int], tuple[Literal["coup"], LoggedCoup],
                 tuple[Literal["undo"], Undone], tuple[Literal["partial"], tuple[Card, ...]]]


class CoupSplitter:
    """A shoe in play split into coups card by card, with undo.

    :meth:`deal` and :meth:`undo` return the events they cause, at once:
    when a card finishes a coup, ``("coup", LoggedCoup)`` and then, if the
    shoe can deal another, ``("before", next number)`` — the moment to price
    the next coup, before any of its cards is read."""

    def __init__(self, shoe: ShoeInPlay, tableau: Tableau = PUNTO_BANCO):
        if not isinstance(shoe, ShoeInPlay):
            raise TypeError(f"CoupSplitter needs a ShoeInPlay, not {type(shoe).__name__}")
        if not isinstance(tableau, Tableau):
            raise TypeError(f"tableau must be a Tableau (such as PUNTO_BANCO), not {type(tableau).__name__}")
        self.shoe = shoe
        self.tableau = tableau
        self.coups: list[LoggedCoup] = []
        self.current: list[Card] = []

    @property
    def number(self) -> int:
        """The number of the coup being dealt, or next to be dealt."""
        return len(self.coups) + 1

    @property
    def can_deal(self) -> bool:
        """Whether a new coup can start (no coup open, at least 6 cards left)."""
        return not self.current and self.shoe.size >= MIN_CARDS

    def start(self) -> list[LogEvent]:
        """The events at the start: ``("before", 1)`` if the shoe can deal a coup."""
        return [("before", self.number)] if self.can_deal else []

    def deal(self, card: Card) -> list[LogEvent]:
        """Take ``card``; :class:`ShoeRunsOut` if it starts a coup with fewer than 6 cards left."""
        if not isinstance(card, Card):
            raise TypeError(f"deal needs a Card (from read_log or parse_token), not {type(card).__name__}")
        if not self.current and self.shoe.size < MIN_CARDS:
            raise ShoeRunsOut(card.line, self.shoe.size)
        self.shoe.take(card)
        self.current.append(card)
        values = [c.value for c in self.current]
        if not coup_complete(values, self.tableau):
            return []
        done = LoggedCoup(self.number, tuple(self.current), deal_coup(values, self.tableau))
        self.coups.append(done)
        self.current = []
        return [("coup", done)] + self.start()

    def undo(self, line: int = 0) -> list[LogEvent]:
        """Take back the last card (and reopen the coup it finished); :class:`NothingToUndo` at the start."""
        if not self.current and not self.coups:
            why = "nothing to undo: no card has been seen yet (u takes back the last card seen)"
            raise NothingToUndo(f"line {line}: {why}" if line else why)
        reopened = None
        if not self.current:
            reopened = self.coups.pop()
            self.current = list(reopened.cards)
        card = self.current.pop()
        self.shoe.put_back()
        events: list[LogEvent] = [("undo", Undone(card, reopened, line, self.number))]
        if not self.current:  # the coup's first card was taken back: betting is open again
            events += self.start()
        return events


def coups_from_log(cards: Iterable[Card | Undo], shoe: ShoeInPlay,
                   tableau: Tableau = PUNTO_BANCO) -> Iterator[LogEvent]:
    """Split a log into coups by the rules, taking each card out of ``shoe``.

    Yields ``("before", coup number)`` at the start and the moment the
    previous coup is complete (the moment to price the bets, before the
    coup's first card is read), ``("coup", LoggedCoup)`` after its last
    card, ``("undo", Undone)`` for an undo token; a log that ends mid-coup
    yields ``("partial", cards)``. :class:`ShoeRunsOut` if a card comes when
    fewer than 6 remain, :class:`NothingToUndo` for an undo at the start."""
    if not isinstance(shoe, ShoeInPlay):
        raise TypeError(f"coups_from_log needs a ShoeInPlay, not {type(shoe).__name__}")
    splitter = CoupSplitter(shoe, tableau)
    yield from splitter.start()
    for item in cards:
        if isinstance(item, Undo):
            yield from splitter.undo(item.line)
        else:
            yield from splitter.deal(item)
    if splitter.current:
        yield "partial", tuple(splitter.current)
