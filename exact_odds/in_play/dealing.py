"""The shoe in play (docs/rules.md §7): dealing coups card by card from shuffled shoes.

A coup is dealt from the top of the shoe in the order Player, Banker,
Player, Banker, then the third cards the tableau calls for (docs/rules.md §2). The
same rules (:func:`~exact_odds.rules.coup.coup_complete` and
:func:`~exact_odds.rules.coup.deal_of`) split a log of cards seen into coups
(:func:`exact_odds.in_play.track.log.coups_from_log`, for ``track``) and deal coups from a shuffled shoe
(:func:`deal_shoe`, for ``simulate``), so the number of cards each coup
takes is decided by the rules, never guessed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from exact_odds.rules.coup import Coup, Deal, coup_complete, deal_of
from exact_odds.in_play._display import html_text, short
from exact_odds.rules.cards import RANK_VALUES, RANKS
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Cards behind the cut card (it is placed before the seventh-last card, docs/rules.md §7).
CARDS_BEHIND_CUT = 7
#: Fewest cards behind the cut card: every coup starts with at least that many cards
#: left, and a coup may take 6 (docs/rules.md §2), so with fewer one could not be finished.
MIN_CARDS_BEHIND_CUT = 6
#: Fewest cards behind the cut card when one more coup is dealt after it comes out: the coup it comes
#: out in may take 5 cards past it, and the one more coup 6.
MIN_CARDS_BEHIND_CUT_ONE_MORE = 11
#: Most cards the face-value burn takes: the card turned up and 10 more (docs/rules.md §7).
MAX_BURN = 11


def deal_coup(values: list[int], tableau: Tableau = PUNTO_BANCO) -> Coup:
    """The finished coup for a complete coup's card values, under ``tableau``."""
    return deal_of(values, tableau).coup


def coup_text(coup: Coup) -> str:
    won = "tie" if coup.winner == "tie" else f"{coup.winner} wins"
    return f"Player {coup.player}, Banker {coup.banker}, {won}"


class FiniteShoeNeeded(ShoeError):
    """An infinite deck where cards are taken out one by one (a shoe in play, removal)."""


def check_tableau(tableau: Tableau) -> Tableau:
    """``tableau`` if it is a :class:`~exact_odds.rules.tableau.Tableau` (such as PUNTO_BANCO)."""
    if not isinstance(tableau, Tableau):
        raise TypeError(f"tableau must be a Tableau (such as exact_odds.rules.tableau.PUNTO_BANCO), "
                        f"not {type(tableau).__name__}")
    return tableau


#: Longest line a log or sweep file may have, in characters: a whole 100-deck shoe's cards on one line
#: of a log take about 25,000, a sweep line of 52 counts at most about 1,700. Reading stops here,
#: so an endless line (``track /dev/zero``) is refused instead of filling memory.
MAX_LINE_CHARS = 1 << 20


def check_lines(lines: Iterable[str], who: str,
                too_long: "Callable[[int, str], Exception] | None" = None, live: bool = True) -> Iterator[str]:
    """An iterator over ``lines`` (a file or a list of str), refusing one bare string, and any
    line longer than :data:`MAX_LINE_CHARS`: a file is read in bounded pieces, and
    ``too_long(line_number, reason)`` (default ValueError) is raised at the first such line.
    ``live``: each line is given as soon as it is read (``tail -f log | track -``), else a file
    is read in blocks (a sweep reads all of it first: twice as fast as a line at a time)."""
    if isinstance(lines, (str, bytes)):
        raise TypeError(f"{who} takes an iterable of lines (a file or a list of str), not one string; "
                        "use text.splitlines()")
    make = too_long or (lambda number, reason: ValueError(f"line {number}: {reason}"))
    readline = getattr(lines, "readline", None)
    if callable(readline):  # a file: never more than one bounded line in memory
        read = getattr(lines, "read", None)
        return _bounded_lines(readline, make) if live or not callable(read) else _blocks_of_lines(read, make)
    try:
        it = iter(lines)
    except TypeError:
        raise TypeError(f"{who} takes an iterable of lines (a file or a list of str), "
                        f"not {type(lines).__name__}") from None
    if isinstance(lines, (list, tuple)):  # in memory already: checked at once
        longest = max((len(x) for x in lines if isinstance(x, str)), default=0)
        if longest > MAX_LINE_CHARS + 1:  # (its newline aside)
            number = next(i for i, x in enumerate(lines, 1) if isinstance(x, str) and len(x.rstrip("\n")) > MAX_LINE_CHARS)
            raise make(number, _TOO_LONG)
        return it
    return _checked_lines(it, make)


_TOO_LONG = f"the line is longer than {MAX_LINE_CHARS:,} characters; is this the right file?"


def _bounded_lines(readline: Callable[..., str], make: Callable[[int, str], Exception]) -> Iterator[str]:
    number = 0
    while True:
        line = readline(MAX_LINE_CHARS + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_CHARS and not line.endswith("\n") or len(line) > MAX_LINE_CHARS + 1:
            raise make(number, _TOO_LONG)
        yield line


#: Characters a file is read at a time when it is not read live.
_BLOCK_CHARS = 1 << 18
#: Where str.splitlines breaks a line and reading a file does not ("\r" is "\n" once read).
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"


def _blocks_of_lines(read: Callable[..., str], make: Callable[[int, str], Exception]) -> Iterator[str]:
    """The lines of a file read :data:`_BLOCK_CHARS` at a time (each with its newline, as iterating the
    file gives them), the first longer than :data:`MAX_LINE_CHARS` refused when it is seen."""
    rest, number = "", 0
    while True:
        block = read(_BLOCK_CHARS)
        if not block:
            break
        text = rest + block
        if any(c in text for c in _OTHER_BREAKS):  # str.splitlines would split there too
            pieces = [p + "\n" for p in text.split("\n")]
            pieces[-1] = pieces[-1][:-1]
        else:
            pieces = text.splitlines(keepends=True)
        rest = pieces.pop() if pieces and not pieces[-1].endswith("\n") else ""
        if len(rest) > MAX_LINE_CHARS or (pieces and max(map(len, pieces)) > MAX_LINE_CHARS + 1):
            long = next((i for i, p in enumerate(pieces) if len(p) > MAX_LINE_CHARS + 1), len(pieces))
            raise make(number + long + 1, _TOO_LONG)
        number += len(pieces)
        yield from pieces
    if rest:
        yield rest


def _checked_lines(lines: Iterator[str], make: Callable[[int, str], Exception]) -> Iterator[str]:
    for number, line in enumerate(lines, 1):
        if isinstance(line, str) and len(line.rstrip("\n")) > MAX_LINE_CHARS:
            raise make(number, _TOO_LONG)
        yield line


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
        return short(f"DealtCoup({cards}: {coup_text(self.coup)}; {sum(self.known)} cards unseen before it)")

    def _repr_html_(self) -> str:
        return html_text(repr(self))


def max_cut_card(decks: int, burn: str = "none") -> int:
    """Most cards that may sit behind the cut card of a ``decks``-deck shoe: enough
    room is left in front of it for the largest burn and one whole coup (6 cards)."""
    check_int(decks, "decks")
    return decks * 52 - 6 - (MAX_BURN if burn == "face-value" else 0)


def check_cut_card(cut_card: int, decks: int, burn: str = "none") -> int:
    """``cut_card`` (cards behind the cut card) if a ``decks``-deck shoe can be dealt with it."""
    check_int(cut_card, "cut_card")
    if cut_card < MIN_CARDS_BEHIND_CUT:
        raise ShoeError(f"the cut card needs at least {MIN_CARDS_BEHIND_CUT} cards behind it "
                        f"(a coup may take 6 cards), not {cut_card}")
    most = max_cut_card(decks, burn)
    if cut_card > most:
        raise ShoeError(f"a shoe of {decks} deck{'s' if decks != 1 else ''} has room for at most {most} cards "
                        f"behind the cut card (the burn and one coup must fit in front of it), not {cut_card}")
    return cut_card


#: Most decks a simulated shoe may have (simulate, report's countability, every counting study).
#: The time per shoe grows faster than the decks (each coup is priced exactly on ever larger
#: integers): measured on the shared 2-core machine, 8 decks ~1 ms, 100 decks ~12 s, so 1,000
#: decks run for hours with no sign of life (and 10**9 would exhaust memory).
MAX_DECKS = 100
#: Most shoes one simulation deals: their seeds are drawn up front.
MAX_SHOES = 1_000_000


def whole_decks(decks: "int | Shoe") -> int:
    """The number of decks of a simulated shoe, given as a number or as ``Shoe.decks(n)``
    (each simulated shoe is shuffled from whole decks, so no other shoe will do)."""
    if not isinstance(decks, Shoe):
        return decks
    if decks.is_infinite:
        raise ShoeError("a simulated shoe is dealt without replacement: give Shoe.decks(n), not the infinite deck")
    n = decks.size // 52
    if n < 1 or decks.suited != (n,) * 52:
        raise ShoeError(f"a simulation shuffles whole decks: give Shoe.decks(n), not {decks.describe()!r}")
    return n


def check_run(shoes: int, decks: int, seed: int, burn: str, cut_card: int, jobs: int,
              progress: Callable[[int], None] | None) -> None:
    """The checks of a run of seeded shoes (simulate, a counting study), in the library's words."""
    from exact_odds.in_play.workers import parallel

    for value, what in ((shoes, "shoes"), (decks, "decks"), (seed, "seed"), (cut_card, "cut_card")):
        check_int(value, what)
    if not isinstance(burn, str):
        raise TypeError(f"burn must be a str, one of: {', '.join(BURN_RULES)}; not {type(burn).__name__}")
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    if shoes < 1:
        raise ShoeError(f"a simulation deals at least 1 shoe, not {shoes}")
    if decks < 1:
        raise ShoeError(f"a simulated shoe needs at least 1 deck, not {decks}")
    if decks > MAX_DECKS:
        raise ShoeError(f"a simulated shoe has at most {MAX_DECKS:,} decks, not {decks:,}")
    if shoes > MAX_SHOES:
        raise ShoeError(f"a simulation deals at most {MAX_SHOES:,} shoes, not {shoes:,}")
    if burn not in BURN_RULES:
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    check_cut_card(cut_card, decks, burn)


def check_deal(tableau: Tableau, burn: str, cut_card: int, one_more_coup: bool = False) -> None:
    """What dealing a shoe needs, whatever the shoe: a tableau, a known burn rule, and a cut card with at
    least :data:`MIN_CARDS_BEHIND_CUT` cards behind it (:data:`MIN_CARDS_BEHIND_CUT_ONE_MORE` if one
    more coup is dealt after it comes out; one home for :func:`deal_shoe` and the blocks of
    :mod:`exact_odds.in_play.simulate.deal_batch`)."""
    check_tableau(tableau)
    if burn not in BURN_RULES:
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    check_int(cut_card, "cut_card")
    if not isinstance(one_more_coup, bool):
        raise TypeError(f"one_more_coup must be True or False, not {type(one_more_coup).__name__}")
    if cut_card < MIN_CARDS_BEHIND_CUT:
        raise ShoeError(f"the cut card needs at least {MIN_CARDS_BEHIND_CUT} cards behind it "
                        f"(a coup may take 6 cards), not {cut_card}")
    if one_more_coup and cut_card < MIN_CARDS_BEHIND_CUT_ONE_MORE:
        raise ShoeError(f"with one more coup after the cut card, it needs at least {MIN_CARDS_BEHIND_CUT_ONE_MORE} "
                        f"cards behind it (the coup it comes out in and one more may take 11), not {cut_card}")


def deal_shoe(cards: list[int], burn: str = "none", tableau: Tableau = PUNTO_BANCO,
              cut_card: int = CARDS_BEHIND_CUT, one_more_coup: bool = False) -> list[DealtCoup]:
    """Deal a shuffled shoe coup by coup until the cut card comes out.

    The cut card sits in front of the last ``cut_card`` cards (by default the
    seventh-last card, docs/rules.md §7); the coup during which it comes out
    (or which it starts) is the last. Every coup starts with at least
    ``cut_card`` >= 6 cards left, so every coup can be completed. ``cards`` are
    rank indices 0 (ace) to 12 (king), as :func:`shuffled_cards` makes them.

    ``one_more_coup``: the rule of many casinos (and of published counting
    studies): when the cut card comes out during a coup, that coup is
    finished and **one more** is dealt; when it comes out before a coup's
    first card, that coup is the last. It needs ``cut_card`` >= 11."""
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__len__"):
        raise TypeError(f"cards must be a list of rank indices 0-12, not {type(cards).__name__}")
    if any(isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < 13 for r in cards):
        raise ValueError("cards must be rank indices 0 (ace) to 12 (king)")
    check_deal(tableau, burn, cut_card, one_more_coup)
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
    cut = len(cards) - cut_card
    out = []
    last = False  # the coup about to be dealt is the one more after the cut card
    while pos <= cut or last:
        start = pos
        values: list[int] = []
        while not coup_complete(values, tableau):
            values.append(RANK_VALUES[cards[pos]])
            pos += 1
        dealt = tuple(cards[start:pos])
        out.append(DealtCoup(tuple(known), dealt, deal_of(values, tableau)))
        for r in dealt:
            known[r] -= 1
        if last:
            break
        if pos > cut:  # the cut card came out: before this coup's first card, or during it
            if not (one_more_coup and start < cut):
                break
            last = True
    return out

