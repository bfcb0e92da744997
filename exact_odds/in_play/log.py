"""A log of the cards seen from the shoe in play, split into coups by the rules (for ``track``).

The same rules (:func:`~exact_odds.rules.coup.coup_complete` and
:func:`~exact_odds.rules.coup.deal_of`) that deal coups from a shuffled shoe
(:mod:`exact_odds.in_play.dealing`) split the log, so the number of cards
each coup takes is decided by the rules, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Literal, Union

from exact_odds.in_play._display import html_text, short
from exact_odds.in_play.dealing import FiniteShoeNeeded, check_lines, coup_text, deal_coup
from exact_odds.rules.cards import CardError, RANK_VALUES, RANKS, SUITS, parse_card
from exact_odds.rules.coup import Coup, coup_complete
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


class LogError(ValueError):
    """A dealt-shoe log that cannot have come from the shoe; names the line."""


class ShoeRunsOut(LogError):
    """A log that goes on when too few cards remain to deal a coup."""

    def __init__(self, line: int, remaining: int):
        super().__init__(f"line {line}: only {remaining} cards remain before this coup; "
                         "a shoe needs 6 to deal one (is the log from a bigger shoe?)")
        self.line = line
        self.remaining = remaining


@dataclass
class Card:
    """One card of a log: rank index, suit index (or None), and where it was read."""

    rank: int
    suit: int | None
    line: int
    text: str


def read_log(lines: Iterable[str]) -> Iterator[Card]:
    """The cards of a log, one at a time, as they are read (so stdin can be live).

    Cards are separated by spaces or commas; anything after ``#`` on a line
    is a comment."""
    return _cards(check_lines(lines, "read_log"))


def _cards(lines: Iterator[str]) -> Iterator[Card]:
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"line {number}: lines must be str, not {type(line).__name__}")
        for token in line.split("#", 1)[0].replace(",", " ").split():
            try:
                rank, suit = parse_card(token)
            except CardError as exc:
                raise LogError(f"line {number}: {exc}") from None
            yield Card(rank, suit, number, token)


class ShoeInPlay:
    """The cards left in a shoe as cards are seen, refusing cards it cannot hold."""

    def __init__(self, shoe: Shoe):
        if not isinstance(shoe, Shoe):
            raise TypeError(f"ShoeInPlay needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
        if shoe.is_infinite:
            raise FiniteShoeNeeded("a shoe in play must be finite")
        self.ranks = list(shoe.ranks)
        self.suited = list(shoe.suited) if shoe.suited is not None else None
        self.label = shoe.describe()
        self.seen = 0

    def take(self, card: Card) -> None:
        """Take ``card`` out of the shoe; :class:`LogError` if the shoe has none left."""
        if not isinstance(card, Card):
            raise TypeError(f"take needs a Card (from read_log), not {type(card).__name__}")
        r, s = card.rank, card.suit
        if self.ranks[r] == 0:
            raise LogError(
                f"line {card.line}: card {card.text!r} is impossible: the shoe has no {RANKS[r]} left"
            )
        if self.suited is not None and s is not None:
            if self.suited[4 * r + s] == 0:
                raise LogError(
                    f"line {card.line}: card {card.text!r} is impossible: the shoe has no "
                    f"{RANKS[r]}{SUITS[s]} left"
                )
            self.suited[4 * r + s] -= 1
        elif self.suited is not None:
            self.suited = None  # an unsuited card: the suits are no longer known
        self.ranks[r] -= 1
        self.seen += 1

    @property
    def size(self) -> int:
        return sum(self.ranks)

    def shoe(self) -> Shoe:
        """The remaining shoe (ranks only: the edges of value-level bets need no suits)."""
        return Shoe(tuple(self.ranks), None, f"{self.label} less {self.seen} cards seen")

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


#: What :func:`coups_from_log` yields: ("before", coup number), ("coup", LoggedCoup) or
#: ("partial", the cards of an unfinished last coup).
LogEvent = Union[tuple[Literal["before"], int], tuple[Literal["coup"], LoggedCoup],
                 tuple[Literal["partial"], tuple[Card, ...]]]


def coups_from_log(cards: Iterable[Card], shoe: ShoeInPlay,
                   tableau: Tableau = PUNTO_BANCO) -> Iterator[LogEvent]:
    """Split a log into coups by the rules, taking each card out of ``shoe``.

    Yields ``("before", coup number)`` before the first card of every coup
    (the moment to price the bets) and ``("coup", LoggedCoup)`` after its
    last card; a log that ends mid-coup yields ``("partial", cards)``.
    :class:`ShoeRunsOut` if a card comes when fewer than 6 remain."""
    if not isinstance(shoe, ShoeInPlay):
        raise TypeError(f"coups_from_log needs a ShoeInPlay, not {type(shoe).__name__}")
    number = 1
    current: list[Card] = []
    announced = False
    for card in cards:
        if not announced:
            if shoe.size < 6:
                raise ShoeRunsOut(card.line, shoe.size)
            yield "before", number
            announced = True
        shoe.take(card)
        current.append(card)
        values = [RANK_VALUES[c.rank] for c in current]
        if coup_complete(values, tableau):
            yield "coup", LoggedCoup(number, tuple(current), deal_coup(values, tableau))
            number += 1
            current = []
            announced = False
    if current:
        yield "partial", tuple(current)
    elif not announced and shoe.size >= 6:
        yield "before", number
