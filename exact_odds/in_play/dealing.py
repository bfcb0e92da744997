"""The shoe in play (docs/rules.md §7): dealing coups card by card, logs, shuffled shoes.

A coup is dealt from the top of the shoe in the order Player, Banker,
Player, Banker, then the third cards the tableau calls for (docs/rules.md §2). The
same rules (:func:`~exact_odds.rules.coup.coup_complete` and
:func:`~exact_odds.rules.coup.deal_of`) split a log of cards seen into coups
(:func:`coups_from_log`, for ``track``) and deal coups from a shuffled shoe
(:func:`deal_shoe`, for ``simulate``), so the number of cards each coup
takes is decided by the rules, never guessed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterable, Iterator, Literal, Union

from exact_odds.rules.coup import Coup, Deal, coup_complete, deal_of
from exact_odds.in_play._display import html_text, short
from exact_odds.rules.cards import CardError, RANK_VALUES, RANKS, SUITS, parse_card
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Cards behind the cut card (it is placed before the seventh-last card, docs/rules.md §7).
CARDS_BEHIND_CUT = 7


def deal_coup(values: list[int], tableau: Tableau = PUNTO_BANCO) -> Coup:
    """The finished coup for a complete coup's card values, under ``tableau``."""
    return deal_of(values, tableau).coup


def _coup_text(coup: Coup) -> str:
    won = "tie" if coup.winner == "tie" else f"{coup.winner} wins"
    return f"Player {coup.player}, Banker {coup.banker}, {won}"


class FiniteShoeNeeded(ShoeError):
    """An infinite deck where cards are taken out one by one (a shoe in play, removal)."""


# --- logs of cards seen ----------------------------------------------------

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


def check_tableau(tableau: Tableau) -> Tableau:
    """``tableau`` if it is a :class:`~exact_odds.rules.tableau.Tableau` (such as PUNTO_BANCO)."""
    if not isinstance(tableau, Tableau):
        raise TypeError(f"tableau must be a Tableau (such as exact_odds.rules.tableau.PUNTO_BANCO), "
                        f"not {type(tableau).__name__}")
    return tableau


def read_log(lines: Iterable[str]) -> Iterator[Card]:
    """The cards of a log, one at a time, as they are read (so stdin can be live).

    Cards are separated by spaces or commas; anything after ``#`` on a line
    is a comment."""
    return _cards(check_lines(lines, "read_log"))


def check_lines(lines: Iterable[str], who: str) -> Iterator[str]:
    """An iterator over ``lines`` (a file or a list of str), refusing one bare string."""
    if isinstance(lines, (str, bytes)):
        raise TypeError(f"{who} takes an iterable of lines (a file or a list of str), not one string; "
                        "use text.splitlines()")
    try:
        return iter(lines)
    except TypeError:
        raise TypeError(f"{who} takes an iterable of lines (a file or a list of str), "
                        f"not {type(lines).__name__}") from None


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
        return short(f"LoggedCoup(coup {self.number}: {cards}; {_coup_text(self.coup)}; "
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


# --- shuffled shoes ---------------------------------------------------------

BURN_RULES = {
    "none": "no card is burned",
    "face-value": (
        "the first card is turned face up and burned, then as many cards as its value "
        "(10, J, Q, K count 10) are burned face down; the bettor knows only the face-up card"
    ),
}


def check_int(value: int, what: str) -> int:
    """``value`` if it is an int (not a bool), else a TypeError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {type(value).__name__}")
    return value


def shoe_seeds(seed: int, shoes: int) -> list[int]:
    """One 64-bit seed per shoe, derived from ``seed`` in order (so the number of processes changes nothing)."""
    check_int(seed, "seed")
    check_int(shoes, "shoes")
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(shoes)]


def shuffled_cards(decks: int, seed: int) -> list[int]:
    """A shuffled shoe of ``decks`` decks as rank indices, from its own seed."""
    if check_int(decks, "decks") < 1:
        raise ShoeError(f"a shoe needs at least 1 deck, not {decks}")
    check_int(seed, "seed")
    cards = [r for r in range(13) for _ in range(4 * decks)]
    random.Random(seed).shuffle(cards)
    return cards


@dataclass(frozen=True)
class DealtCoup:
    """A coup dealt from a shuffled shoe, with the composition the bettor knew before it."""

    known: tuple[int, ...]  #: rank counts not yet seen by the bettor before the coup
    cards: tuple[int, ...]  #: the coup's cards as rank indices, in deal order
    deal: Deal

    @property
    def coup(self) -> Coup:
        return self.deal.coup

    def __repr__(self) -> str:
        cards = " ".join(RANKS[r] for r in self.cards)
        return short(f"DealtCoup({cards}: {_coup_text(self.coup)}; {sum(self.known)} cards unseen before it)")

    def _repr_html_(self) -> str:
        return html_text(repr(self))


def deal_shoe(cards: list[int], burn: str = "none", tableau: Tableau = PUNTO_BANCO) -> list[DealtCoup]:
    """Deal a shuffled shoe coup by coup until the cut card comes out.

    The cut card sits before the seventh-last card; the coup during which it
    comes out (or which it starts) is the last (docs/rules.md §7). Every coup starts
    with at least 7 cards left, so every coup can be completed. ``cards`` are rank
    indices 0 (ace) to 12 (king), as :func:`shuffled_cards` makes them."""
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__len__"):
        raise TypeError(f"cards must be a list of rank indices 0-12, not {type(cards).__name__}")
    if any(isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < 13 for r in cards):
        raise ValueError("cards must be rank indices 0 (ace) to 12 (king)")
    check_tableau(tableau)
    if burn not in BURN_RULES:
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    if not cards:
        return []
    known = [0] * 13
    for r in cards:
        known[r] += 1
    pos = 0
    if burn == "face-value":
        first = cards[0]
        known[first] -= 1
        pos = 1 + (RANK_VALUES[first] or 10)
    elif burn != "none":
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    cut = len(cards) - CARDS_BEHIND_CUT
    out = []
    while pos <= cut:
        start = pos
        values: list[int] = []
        while not coup_complete(values, tableau):
            values.append(RANK_VALUES[cards[pos]])
            pos += 1
        dealt = tuple(cards[start:pos])
        out.append(DealtCoup(tuple(known), dealt, deal_of(values, tableau)))
        for r in dealt:
            known[r] -= 1
        if pos > cut:  # the cut card came out during this coup
            break
    return out

