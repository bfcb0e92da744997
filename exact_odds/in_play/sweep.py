"""Many shoes at once: reading a list of shoes, and pricing every bet for each.

A sweep file holds one shoe per line as 13 rank counts A,2,...,10,J,Q,K
or 52 rank-suit counts (A of spades, hearts, diamonds, clubs, then 2, ...)
separated by commas (blank lines and ``#`` comments are skipped).
:func:`price_shoes` gives, for each shoe, the six-card counts of the three
outcomes and each bet's exact house edge, in input order, in as many
processes as asked; :func:`house_edges` prices one shoe (a shoe in play,
before every coup).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from exact_odds.bets.paytable import PayTable
from exact_odds.in_play import parallel
from exact_odds.in_play._display import listed, short
from exact_odds.in_play.dealing import check_lines, check_tableau
from exact_odds.punto_banco.pricer import Pricer, cached_pricer
from exact_odds.report.numbers import percent_text
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import MIN_CARDS, Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau
from exact_odds.text import NumberError, shown, whole_number

#: Most significant digits a count may have (leading zeros are fine).
MAX_COUNT_DIGITS = 30


class SweepError(ValueError):
    """A line of a sweep file that is not a shoe; the message names the line."""

    def __init__(self, line: int, reason: str):
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


class SweepShoeTooLarge(SweepError):
    """A sweep line whose shoe holds more cards than the limit asked for."""


def parse_sweep_line(text: str, number: int, max_cards: int | None = None) -> Shoe:
    """The shoe of one line (comments already removed): 13 rank counts or 52 rank-suit counts separated
    by commas, each in ASCII digits (:func:`exact_odds.text.whole_number`; leading zeros are fine)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (13, 52):
        raise SweepError(number, f"expected 13 rank counts A,2,...,10,J,Q,K separated by commas; got {len(parts)} "
                                 "(or give 52 rank-suit counts As,Ah,Ad,Ac,2s,...)")
    counts = []
    for p in parts:
        try:
            if p[:1] in ("+", "-"):  # a count has no sign
                raise NumberError("")
            counts.append(whole_number(p, MAX_COUNT_DIGITS))
        except NumberError as exc:
            if exc.too_large:
                digits = len(p.lstrip("0"))
                raise SweepError(number, f"a count of {digits} digits; a shoe holds at most 52 x 10^18 cards") from None
            raise SweepError(number, f"{shown(p)} is not a whole number >= 0; give {'13 rank' if len(parts) == 13 else '52 rank-suit'} counts") from None
    total = sum(counts)
    if total < MIN_CARDS:
        raise SweepError(number, f"the shoe has {total} cards; a coup needs at least {MIN_CARDS}")
    if max_cards is not None and total > max_cards:
        raise SweepShoeTooLarge(number, f"the shoe has {total} cards; at most {max_cards} are allowed")
    if len(counts) == 52:
        return Shoe(tuple(sum(counts[4 * r: 4 * r + 4]) for r in range(13)), tuple(counts))
    return Shoe(tuple(counts))


def parse_sweep(lines: Iterable[str], max_cards: int | None = None) -> list[tuple[int, Shoe]]:
    """(line number, shoe) for every shoe line of ``lines``, numbered from 1.

    Every line is checked in order; the first bad one raises
    :class:`SweepError` naming it (:class:`SweepShoeTooLarge` for a shoe
    over ``max_cards``)."""
    lines = check_lines(lines, "parse_sweep")
    if max_cards is not None and (isinstance(max_cards, bool) or not isinstance(max_cards, int)):
        raise TypeError(f"max_cards must be an int or None, not {type(max_cards).__name__}")
    shoes = []
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"line {number}: lines must be str, not {type(line).__name__}")
        text = line.split("#", 1)[0].strip()
        if text:
            shoes.append((number, parse_sweep_line(text, number, max_cards)))
    return shoes


@dataclass(frozen=True)
class ShoePrice:
    """One shoe's six-card counts of Banker wins, Player wins and ties, their total
    N(N-1)...(N-5), and each bet's exact house edge (in the order of the bets)."""

    banker: int
    player: int
    tie: int
    total: int
    house_edges: tuple[Fraction, ...]

    def __repr__(self) -> str:
        edges = [percent_text(e, 4) for e in self.house_edges]
        return short(f"ShoePrice(banker {self.banker}, player {self.player}, tie {self.tie} of {self.total}; "
                     f"house edges {listed(edges, 4)})")


# State a forked worker inherits (see exact_odds.in_play.parallel).
_PRICER: dict[str, Pricer] = {}


def _price_chunk(shoes: list[Shoe]) -> list[ShoePrice]:
    pricer = _PRICER["pricer"]
    out = []
    for shoe, counts in zip(shoes, pricer.batch_counts(shoes)):
        total = six_card_total(shoe)
        edges = tuple(-ev for ev in pricer.expected_values(counts, total))
        out.append(ShoePrice(counts[0], counts[1], counts[2], total, edges))
    return out


def check_bets(bets: Iterable[PayTable]) -> tuple[PayTable, ...]:
    """``bets`` as a tuple, if every one is a :class:`PayTable`."""
    if isinstance(bets, PayTable):
        raise TypeError("bets must be a sequence of PayTable, not one PayTable; wrap it: (bet,)")
    try:
        bets = tuple(bets)
    except TypeError:
        raise TypeError(f"bets must be a sequence of PayTable, not {type(bets).__name__}") from None
    for b in bets:
        if not isinstance(b, PayTable):
            raise TypeError(f"bets must be PayTable objects (see builtin_catalog().bet(key)), not {type(b).__name__}")
    return bets


def check_shoes(shoes: Iterable[Shoe]) -> list[Shoe]:
    """``shoes`` as a list, if every one is a finite :class:`Shoe` that can deal a coup."""
    if isinstance(shoes, Shoe):
        raise TypeError("shoes must be a sequence of Shoe, not one Shoe; wrap it: [shoe]")
    try:
        shoes = list(shoes)
    except TypeError:
        raise TypeError(f"shoes must be a sequence of Shoe, not {type(shoes).__name__}") from None
    for i, s in enumerate(shoes):
        if not isinstance(s, Shoe):
            raise TypeError(f"shoes[{i}] must be a Shoe, not {type(s).__name__}")
        if s.is_infinite:
            raise ValueError(f"shoes[{i}] is the infinite deck; price_shoes prices finite shoes")
        if s.size < MIN_CARDS:
            raise ValueError(f"shoes[{i}] has {s.size} cards; a coup needs at least {MIN_CARDS}")
    return shoes


def house_edges(shoe: Shoe, bets: Iterable[PayTable], tableau: Tableau = PUNTO_BANCO) -> list[Fraction]:
    """Every value-level bet's exact house edge for one shoe (the pricer is kept between calls,
    so pricing a shoe in play before every coup costs one evaluation each time)."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"house_edges needs a Shoe, not {type(shoe).__name__}")
    check_shoes([shoe])
    return cached_pricer(check_bets(bets), check_tableau(tableau)).house_edges(shoe)


#: Shoes per unit of work sent to a process.
CHUNK = 256


def price_shoes(shoes: Sequence[Shoe], bets: Iterable[PayTable], jobs: int = 1,
                progress: parallel.Progress | None = None, tableau: Tableau = PUNTO_BANCO) -> list[ShoePrice]:
    """Every value-level bet's exact house edge for every shoe, in input order.

    ``jobs`` processes share the work; ``progress(n)`` is called as each
    batch of n shoes is done (the calls add up to ``len(shoes)``). Bets
    that look at ranks or suits (pairs) are refused with a
    :class:`~exact_odds.bets.paytable.PayTableError`."""
    shoes = check_shoes(shoes)
    bets = check_bets(bets)
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    check_tableau(tableau)
    _PRICER["pricer"] = cached_pricer(bets, tableau).prepare()
    chunks = [shoes[i: i + CHUNK] for i in range(0, len(shoes), CHUNK)]
    out: list[ShoePrice] = []
    for part in parallel.run(_price_chunk, chunks, jobs, size=len, progress=progress):
        out.extend(part)
    return out
