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

import re
from fractions import Fraction
from functools import partial
from typing import Callable, Iterable, Iterator, NamedTuple, Sequence

from exact_odds.bets.paytable import PayTable
from exact_odds.in_play import parallel
from exact_odds.in_play._display import listed, short
from exact_odds.in_play.dealing import check_lines, check_tableau
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.punto_banco.pricer import Pricer, cached_pricer
from exact_odds.report.numbers import percent_text
from exact_odds.rules.cards import RANK_VALUES
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


    def __reduce__(self):  # raised in a worker process and read in the parent
        return type(self), (self.line, self.reason)


class SweepShoeTooLarge(SweepError):
    """A sweep line whose shoe holds more cards than the limit asked for."""


def parse_sweep_line(text: str, number: int, max_cards: int | None = None) -> Shoe:
    """The shoe of one line (comments already removed): 13 rank counts or 52 rank-suit counts separated
    by commas, each in ASCII digits (:func:`exact_odds.text.whole_number`; leading zeros are fine)."""
    counts = _line_counts(text, number, max_cards)
    if len(counts) == 52:
        return Shoe(_by_rank(counts), counts)
    return Shoe(counts)


def sweep_line_counts(text: str, number: int, max_cards: int | None = None) -> tuple[int, ...]:
    """:func:`parse_sweep_line`'s 13 rank counts (a line of 52 rank-suit counts summed by rank), checked the
    same way, without the :class:`Shoe`: sweep prices value-level bets only."""
    counts = _line_counts(text, number, max_cards)
    return _by_rank(counts) if len(counts) == 52 else counts


def _by_rank(counts: tuple[int, ...]) -> tuple[int, ...]:
    """13 rank counts from 52 rank-suit counts (A of s, h, d, c, then 2, ...)."""
    return tuple(sum(counts[4 * r: 4 * r + 4]) for r in range(13))


def _line_counts(text: str, number: int, max_cards: int | None) -> tuple[int, ...]:
    """The 13 or 52 counts of line ``number``, checked (digits, size, total)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (13, 52):
        raise SweepError(number, f"expected 13 rank counts A,2,...,10,J,Q,K separated by commas; got {len(parts)} "
                                 "(or give 52 rank-suit counts As,Ah,Ad,Ac,2s,...)")
    digits = "".join(parts)
    if digits.isascii() and digits.isdigit() and all(parts) and max(map(len, parts)) <= MAX_COUNT_DIGITS:
        counts = [int(p) for p in parts]  # the common case: plain ASCII digits, read at once
    else:
        counts = [_count(p, number, len(parts)) for p in parts]
    return _sized(tuple(counts), number, max_cards)


def _sized(counts: tuple[int, ...], number: int, max_cards: int | None) -> tuple[int, ...]:
    """``counts`` if their shoe can deal a coup and holds at most ``max_cards`` cards."""
    total = sum(counts)
    if total < MIN_CARDS:
        raise SweepError(number, f"the shoe has {total} cards; a coup needs at least {MIN_CARDS}")
    if max_cards is not None and total > max_cards:
        raise SweepShoeTooLarge(number, f"the shoe has {total} cards; at most {max_cards} are allowed")
    return counts


#: A line of plain counts: 13 or 52 runs of 1-30 ASCII digits, commas between them (spaces and tabs
#: around the commas). ``int`` reads each part of such a line exactly as :func:`_line_counts` does,
#: so it is checked here at once and read later, in the worker that prices it.
_PLAIN = re.compile(r"[0-9]{1,30}(?:[ \t]*,[ \t]*[0-9]{1,30}){12}(?:(?:[ \t]*,[ \t]*[0-9]{1,30}){39})?", re.ASCII)

#: A sweep line as :func:`check_sweep_lines` gives it: its number, and its text (plain counts,
#: to be read in a worker) or its 13 rank counts (read already).
SweepLine = tuple[int, "str | tuple[int, ...]"]


def check_sweep_lines(lines: Iterable[str], max_cards: int | None = None) -> list[SweepLine]:
    """Every shoe line of ``lines`` (numbered from 1) checked for form at once, cheaply: a line of
    plain ASCII counts is kept as text (:func:`read_sweep_line` reads it where it is priced),
    any other is read now into its 13 rank counts. The first line that is not a shoe raises
    :class:`SweepError` naming it (after checking the size of every plain line before it, so the
    error is the first bad line, as :func:`parse_sweep_counts` would say); a plain line whose
    shoe is too small or over ``max_cards`` is found where it is read."""
    lines = list(check_lines(lines, "check_sweep_lines"))
    clean = _clean_file(lines)  # every line plain: checked at once
    if clean is not None:
        _shoe_lines([], max_cards, "check_sweep_lines")  # (max_cards checked as for any file)
        return clean
    return _check_one_by_one(lines, max_cards)


def _check_one_by_one(lines: list, max_cards: int | None) -> list[SweepLine]:
    """:func:`check_sweep_lines`, a line at a time."""
    out: list[SweepLine] = []
    plain = _PLAIN.fullmatch
    for number, text in _shoe_lines(lines, max_cards, "check_sweep_lines"):
        if plain(text):
            out.append((number, text))
            continue
        try:
            out.append((number, _line_counts(text, number, max_cards)))
        except SweepError:
            for n, earlier in out:  # an earlier plain line of the wrong size comes first
                if isinstance(earlier, str):
                    read_sweep_line(earlier, n, max_cards)
            raise
    return out


#: The bytes of a clean sweep file are digits, commas and newlines (:func:`_clean_file`): True for any other.
_NOT_CLEAN = [b not in b"0123456789,\n" for b in range(256)]


#: Lines :func:`_clean_file` checks at once (a few megabytes of text and of numpy arrays).
_CLEAN_BLOCK = 1 << 16


def _clean_file(lines: list) -> list[SweepLine] | None:
    """:func:`check_sweep_lines` of a clean file, checked with numpy :data:`_CLEAN_BLOCK` lines at a
    time rather than line by line: every line (each str ending in one newline, the last one of a
    block may lack it) is 13 or 52 counts of 1 to 30 ASCII digits joined by bare commas, so each is a
    plain line (:data:`_PLAIN`) with no comment or blank to strip, numbered in order. None for any
    other file (blank lines, comments, spaces, a bad line...), which is checked line by line."""
    out: list[SweepLine] = []
    for start in range(0, len(lines), _CLEAN_BLOCK):
        block = _clean_block(lines[start: start + _CLEAN_BLOCK], start)
        if block is None:
            return None
        out += block
    return out or None


def _clean_block(lines: list, before: int) -> list[SweepLine] | None:
    """:func:`_clean_file` of some lines, the first numbered ``before + 1``."""
    import numpy as np

    try:
        text = "".join(lines)
    except TypeError:  # not all str
        return None
    if not lines or not text.isascii():
        return None
    if not text.endswith("\n"):
        text += "\n"
    b = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    if np.array(_NOT_CLEAN)[b].any():
        return None
    newline = b == 10
    lines_end = np.flatnonzero(newline)
    if len(lines_end) != len(lines) or (lines_end[:-1] != np.cumsum(np.fromiter(map(len, lines[:-1]), np.int64,
                                                                             len(lines) - 1)) - 1).any():
        return None  # a line with a newline inside, or without one at its end
    ends = np.flatnonzero((b == 44) | newline)  # where each count ends
    sizes = np.diff(ends, prepend=-1) - 1  # its digits
    if sizes.min() < 1 or sizes.max() > MAX_COUNT_DIGITS:
        return None
    commas = np.diff(np.flatnonzero(newline[ends]), prepend=-1) - 1  # per line: the counts' ends less one
    if not np.isin(commas, (12, 51)).all():
        return None
    return list(zip(range(before + 1, before + len(lines) + 1), text[:-1].split("\n")))


def read_sweep_line(line: "str | tuple[int, ...]", number: int, max_cards: int | None = None) -> tuple[int, ...]:
    """The 13 rank counts of a line of :func:`check_sweep_lines` (read if it is text), its size checked."""
    counts = _read_counts(line, number, max_cards)
    return _by_rank(counts) if len(counts) == 52 else counts


def _read_counts(line: "str | tuple[int, ...]", number: int, max_cards: int | None) -> tuple[int, ...]:
    """The 13 or 52 counts of a line of :func:`check_sweep_lines`, its size checked."""
    if not isinstance(line, str):
        return line
    return _sized(tuple(map(int, line.split(","))), number, max_cards)


#: Rank index -> value, as a (13, 10) 0/1 matrix: value counts = rank counts @ this.
_RANK_TO_VALUE = [[int(RANK_VALUES[r] == v) for v in range(10)] for r in range(13)]

#: The counts :func:`_chunk_value_counts` reads with numpy are below this (13 of them add up to less
#: than 2**63); a larger one (read as 2**63 - 1 if int64 cannot hold it) is left to Python's integers.
_MOST = 10**17


def _chunk_value_counts(chunk: list[SweepLine], max_cards: int | None) -> list[tuple[int, ...]] | None:
    """The value counts of every line of a chunk of :func:`check_sweep_lines`: its plain lines of
    13 rank counts (:data:`_PLAIN`) read at once with numpy, any other line one by one; the same
    counts as :func:`read_sweep_line` and :func:`~exact_odds.punto_banco.features.rank_to_value_counts`
    line by line. None (read them all one by one) if a plain line holds a count of :data:`_MOST`
    or more, or a shoe too small or too large (the line-by-line reading names the first)."""
    import numpy as np

    plain = [i for i, (_, line) in enumerate(chunk) if isinstance(line, str) and line.count(",") == 12]
    out: list = [None] * len(chunk)
    if plain:
        # text mode: digits, commas and blanks; a count over int64 is read as 2**63 - 1, as strtoll does
        counts = np.fromstring(",".join([chunk[i][1] for i in plain]), dtype=np.int64, sep=",")
        if counts.size != 13 * len(plain) or int(counts.max()) >= _MOST:
            return None
        counts = counts.reshape(len(plain), 13)
        sizes = counts.sum(axis=1)  # 13 counts below 10**17 each: below 2**63
        if int(sizes.min()) < MIN_CARDS or max_cards is not None and int(sizes.max()) > max_cards:
            return None
        for i, v in zip(plain, (counts @ np.array(_RANK_TO_VALUE, dtype=np.int64)).tolist()):
            out[i] = tuple(v)
    if len(plain) < len(chunk):
        for i, (number, line) in enumerate(chunk):
            if out[i] is None:
                out[i] = rank_to_value_counts(read_sweep_line(line, number, max_cards))
    return out


def _line_shoe(counts: tuple[int, ...]) -> Shoe:
    """The shoe of 13 rank counts, or of 52 rank-suit counts (suits kept)."""
    return Shoe(_by_rank(counts), counts) if len(counts) == 52 else Shoe(counts)


def _count(p: str, number: int, of: int) -> int:
    """One count of line ``number`` (one of ``of``), or the :class:`SweepError` that says what is wrong with it."""
    try:
        if p[:1] in ("+", "-"):  # a count has no sign
            raise NumberError("")
        return whole_number(p, MAX_COUNT_DIGITS)
    except NumberError as exc:
        if exc.too_large:
            digits = len(p.lstrip("0"))
            raise SweepError(number, f"a count of {digits} digits; a shoe holds at most 52 x 10^18 cards") from None
        raise SweepError(number, f"{shown(p)} is not a whole number >= 0; give "
                                 f"{'13 rank' if of == 13 else '52 rank-suit'} counts") from None


def parse_sweep(lines: Iterable[str], max_cards: int | None = None) -> list[tuple[int, Shoe]]:
    """(line number, shoe) for every shoe line of ``lines``, numbered from 1 (a line of 52 rank-suit
    counts gives a suited shoe).

    Every line is checked in order; the first bad one raises
    :class:`SweepError` naming it (:class:`SweepShoeTooLarge` for a shoe
    over ``max_cards``)."""
    return [(number, parse_sweep_line(text, number, max_cards))
            for number, text in _shoe_lines(lines, max_cards, "parse_sweep")]


def parse_sweep_counts(lines: Iterable[str], max_cards: int | None = None,
                       who: str = "parse_sweep_counts") -> list[tuple[int, tuple[int, ...]]]:
    """:func:`parse_sweep` as (line number, 13 rank counts): the same checks, no :class:`Shoe`
    made (what :func:`sweep_text_chunks` reads)."""
    return [(number, sweep_line_counts(text, number, max_cards)) for number, text in _shoe_lines(lines, max_cards, who)]


def _shoe_lines(lines: Iterable[str], max_cards: int | None, who: str) -> list[tuple[int, str]]:
    """(line number, text) of every line of ``lines`` that holds a shoe (comments and blank lines skipped)."""
    lines = check_lines(lines, who)
    if max_cards is not None and (isinstance(max_cards, bool) or not isinstance(max_cards, int)):
        raise TypeError(f"max_cards must be an int or None, not {type(max_cards).__name__}")
    shoes = []
    for number, line in enumerate(lines, 1):
        if not isinstance(line, str):
            raise TypeError(f"line {number}: lines must be str, not {type(line).__name__}")
        text = line.split("#", 1)[0].strip()
        if text:
            shoes.append((number, text))
    return shoes


class ShoePrice(NamedTuple):
    """One shoe's six-card counts of Banker wins, Player wins and ties, their total
    N(N-1)...(N-5), and each bet's exact expected value as an integer numerator over
    ``scale * total`` (``scales``: each bet's :func:`~exact_odds.punto_banco.pricer.pay_scale`,
    or for a card-level bet the denominator of its house edge);
    :attr:`house_edges` gives them as fractions. (A named tuple: a sweep makes one per shoe,
    and a tuple is made several times faster than a frozen dataclass.)"""

    banker: int
    player: int
    tie: int
    total: int
    ev_numerators: tuple[int, ...]
    scales: tuple[int, ...]
    #: what a card-level bet's price assumes (unknown suits of a line of 13 rank counts), else empty
    assumptions: tuple[str, ...] = ()

    @property
    def house_edges(self) -> tuple[Fraction, ...]:
        """Each bet's exact house edge (in the order of the bets)."""
        return tuple(Fraction(-num, scale * self.total) for num, scale in zip(self.ev_numerators, self.scales))

    def __repr__(self) -> str:
        edges = [percent_text(e, 4) for e in self.house_edges]
        return short(f"ShoePrice(banker {self.banker}, player {self.player}, tie {self.tie} of {self.total}; "
                     f"house edges {listed(edges, 4)})")


class PriceBlock(Sequence[ShoePrice]):
    """The prices of a chunk of shoes as :meth:`Pricer.value_batch <exact_odds.punto_banco.pricer.Pricer.value_batch>`
    gives them (``rows``: banker, player, tie, then each bet's EV numerator; ``totals``; the bets'
    ``scales``): a sequence of :class:`ShoePrice`, each made when asked for. A sweep's formatter
    reads the integers of the whole chunk at once instead (:mod:`exact_odds.report.in_play`)."""

    __slots__ = ("rows", "totals", "scales")

    def __init__(self, rows: list[list[int]], totals: list[int], scales: tuple[int, ...]):
        self.rows, self.totals, self.scales = rows, totals, scales

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        r = self.rows[i]
        return ShoePrice(r[0], r[1], r[2], self.totals[i], tuple(r[3:]), self.scales)

    def __iter__(self) -> Iterator[ShoePrice]:
        scales = self.scales
        for r, t in zip(self.rows, self.totals):
            yield ShoePrice(r[0], r[1], r[2], t, tuple(r[3:]), scales)

    def __repr__(self) -> str:
        return f"PriceBlock({len(self)} shoes)"


# State a worker process sets up once (see exact_odds.in_play.parallel).
_PRICER: dict[str, Pricer] = {}


def _set_pricer(bets: tuple[PayTable, ...], tableau: Tableau) -> None:
    _PRICER["pricer"] = cached_pricer(bets, tableau).prepare()
    _CARDS.clear()


#: The card-level bets of a sweep a worker prices one shoe at a time: (tableau, their places among
#: all the bets, the bets), and the value-level bets' places (see :func:`_set_sweep`).
_CARDS: dict[str, tuple] = {}


def _set_sweep(bets: tuple[PayTable, ...], tableau: Tableau) -> None:
    """A worker's state for a sweep of ``bets``: the value-level ones on the batch pricer (its
    outcome rows are always there), the card-level ones (pairs, suits) kept to price per shoe."""
    value, cards = split_bets(bets)
    _set_pricer(tuple(bets[i] for i in value), tableau)
    if cards:
        _CARDS["cards"] = (tableau, value, cards, tuple(bets[i] for i in cards))


def split_bets(bets: Sequence[PayTable]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The places of the value-level bets in ``bets`` (priced many shoes at once) and of the
    card-level ones (pairs, suits, card values of a hand: priced one shoe at a time)."""
    return (tuple(i for i, b in enumerate(bets) if b.is_value_level),
            tuple(i for i, b in enumerate(bets) if not b.is_value_level))


def _price_chunk(value_counts: list[tuple[int, ...]]) -> list[ShoePrice]:
    """Every shoe of the chunk priced (given by its value counts: 10-tuples of ints >= 0 of at
    least six cards, from checked shoes or checked lines)."""
    pricer = _PRICER["pricer"]
    rows, totals = pricer.value_batch(value_counts, outcomes=True, checked=True)
    scales = pricer.scales
    return [ShoePrice(r[0], r[1], r[2], t, tuple(r[3:]), scales) for r, t in zip(rows, totals)]


def _price_and_format(formatter: Callable[[list[int], Sequence[ShoePrice]], str],
                      chunk: list[SweepLine], max_cards: int | None = None) -> str:
    """A chunk of (line number, rank counts or plain text) read, priced, and ``formatter``'s text of it."""
    cards = _CARDS.get("cards")
    if cards is None:
        values = _chunk_value_counts(chunk, max_cards)
        if values is None:
            values = [rank_to_value_counts(read_sweep_line(line, number, max_cards)) for number, line in chunk]
        pricer = _PRICER["pricer"]
        rows, totals = pricer.value_batch(values, outcomes=True, checked=True)
        return formatter([number for number, _ in chunk], PriceBlock(rows, totals, pricer.scales))
    counts = [_read_counts(line, number, max_cards) for number, line in chunk]
    prices = _price_chunk([rank_to_value_counts(_by_rank(c) if len(c) == 52 else c) for c in counts])
    prices = [_with_cards(price, _line_shoe(c), *cards) for price, c in zip(prices, counts)]
    return formatter([number for number, _ in chunk], prices)


def _with_cards(price: ShoePrice, shoe: Shoe, tableau: Tableau, value: tuple[int, ...], cards: tuple[int, ...],
                card_bets: tuple[PayTable, ...]) -> ShoePrice:
    """``price`` (the value-level bets) with the card-level bets priced on ``shoe`` by
    :func:`~exact_odds.punto_banco.analysis.analyse`, every bet in its place. A card-level house
    edge h = p/q is kept as the numerator -p * total over q * total, so every bet's edge is
    ``-num / (scale * total)`` as for the others (exact, whatever the bet's own denominator)."""
    from exact_odds.punto_banco.analysis import analyse

    results = analyse(shoe, card_bets, tableau, method="compiled").results
    n = len(value) + len(cards)
    nums: list[int] = [0] * n
    scales: list[int] = [1] * n
    for i, num, scale in zip(value, price.ev_numerators, price.scales):
        nums[i], scales[i] = num, scale
    assumptions: list[str] = []
    for i, r in zip(cards, results):
        edge = r.house_edge
        nums[i], scales[i] = -edge.numerator * price.total, edge.denominator
        assumptions += [a for a in r.assumptions if a not in assumptions]
    return price._replace(ev_numerators=tuple(nums), scales=tuple(scales), assumptions=tuple(assumptions))


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


#: Shoes per unit of work sent to a local process.
CHUNK = 256
#: Shoes per unit of work of :func:`sweep_text_chunks` in a local process: read, priced and
#: formatted as whole arrays, so the larger the cheaper per shoe (numpy's cost per call is shared
#: by more shoes), and a hundred such units still share out evenly over the processes.
TEXT_CHUNK = 1024
#: Shoes per unit of work sent to a Dask worker: a task there costs a round trip to the scheduler.
DASK_CHUNK = 1024
#: Shoes per unit of work when card-level bets are priced: milliseconds to seconds a shoe, so a
#: few dozen shoes already share out between the processes.
CARD_CHUNK = 16


def price_shoes(shoes: Sequence[Shoe], bets: Iterable[PayTable], jobs: parallel.Jobs = 1,
                progress: parallel.Progress | None = None, tableau: Tableau = PUNTO_BANCO) -> list[ShoePrice]:
    """Every value-level bet's exact house edge for every shoe, in input order.

    ``jobs`` processes share the work, or the workers of a Dask cluster
    (``jobs = Dask("tcp://host:8786")``, :class:`~exact_odds.in_play.executors.Dask`;
    needs ``dask.distributed``); the results are the same. ``progress(n)`` is
    called as each batch of n shoes is done (the calls add up to
    ``len(shoes)``). Bets that look at ranks or suits (pairs) are refused
    with a :class:`~exact_odds.bets.paytable.PayTableError`."""
    shoes = check_shoes(shoes)
    bets = check_bets(bets)
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    check_tableau(tableau)
    cached_pricer(bets, tableau)  # refuses rank-level bets before any work
    size = CHUNK if isinstance(jobs, int) else DASK_CHUNK
    chunks = [[s.value_counts for s in shoes[i: i + size]] for i in range(0, len(shoes), size)]
    out: list[ShoePrice] = []
    for prices in parallel.run(_price_chunk, chunks, jobs, size=len, progress=progress,
                               setup=(_set_pricer, (bets, tableau))):
        out.extend(prices)
    return out


def sweep_text_chunks(lines: Sequence[SweepLine], bets: Iterable[PayTable],
                      formatter: Callable[[list[int], list[ShoePrice]], str], jobs: parallel.Jobs = 1,
                      progress: parallel.Progress | None = None, tableau: Tableau = PUNTO_BANCO,
                      max_cards: int | None = None) -> Iterator[str]:
    """The shoes of a sweep (:func:`parse_sweep_counts`, or :func:`check_sweep_lines`) priced as
    :func:`price_shoes` prices them, and turned into text by ``formatter(line numbers, prices)``
    in the workers themselves, a chunk at a time, in input order (so the parent only reads the
    file and writes the text). Value-level bets are priced many shoes at a time; card-level bets
    (pairs, suits: :func:`split_bets`) one shoe at a time with
    :func:`~exact_odds.punto_banco.analysis.analyse`, exactly, on the line's shoe: with its suits
    for a line of 52 rank-suit counts, under the unknown-suit model for 13 rank counts (then
    stated in each :class:`ShoePrice`'s ``assumptions``). A line given as text (:func:`check_sweep_lines`) is read in the
    worker too: one whose shoe has too few cards or more than ``max_cards`` raises
    :class:`SweepError` as its chunk is reached (the first such line, in order).
    ``formatter`` must be picklable (a module-level function, or a ``functools.partial`` of one)."""
    lines = list(lines)
    bets = check_bets(bets)
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    check_tableau(tableau)
    if not callable(formatter):
        raise TypeError(f"formatter must be a function of (line numbers, prices), not {type(formatter).__name__}")
    size = CARD_CHUNK if split_bets(bets)[1] else TEXT_CHUNK if isinstance(jobs, int) else DASK_CHUNK
    chunks = [lines[i: i + size] for i in range(0, len(lines), size)]
    return parallel.run(partial(_price_and_format, formatter, max_cards=max_cards), chunks, jobs, size=len,
                        progress=progress, setup=(_set_sweep, (bets, tableau)))
