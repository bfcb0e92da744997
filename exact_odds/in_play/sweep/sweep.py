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

from fractions import Fraction
from functools import partial
from typing import Any, Callable, Iterable, Iterator, NamedTuple, Sequence

from exact_odds.bets.paytable import PayTable
from exact_odds.bets.result import BetResult
from exact_odds.in_play.workers import parallel
from exact_odds.in_play._display import listed, short
from exact_odds.in_play.dealing import check_tableau
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.punto_banco.pricer import Pricer, cached_pricer
from exact_odds.report.numbers import percent_text
from exact_odds.rules.shoe import MIN_CARDS, Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau
from exact_odds.in_play.sweep.sweep_bytes import SweepBytes, block_values
# Reading a sweep file (its own module; the names stay importable from here).
from exact_odds.in_play.sweep.sweep_file import (  # noqa: F401
    MAX_COUNT_DIGITS, SweepError, SweepLine, SweepShoeTooLarge, _by_rank, _chunk_value_counts, _line_shoe,
    _read_counts, check_sweep_lines, parse_sweep, parse_sweep_counts, parse_sweep_line, read_sweep_line,
    sweep_line_counts)


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
    ``scales``): a sequence of :class:`ShoePrice`, each made when asked for. ``rows`` and ``totals``
    are lists of Python ints, or int64 arrays (:meth:`Pricer.value_arrays
    <exact_odds.punto_banco.pricer.Pricer.value_arrays>`). A sweep's formatter reads the integers of
    the whole chunk at once instead (:mod:`exact_odds.report.in_play`)."""

    __slots__ = ("rows", "totals", "scales")

    def __init__(self, rows: "list[list[int]] | Any", totals: "list[int] | Any", scales: tuple[int, ...]):
        self.rows, self.totals, self.scales = rows, totals, scales

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        r, t = self.rows[i], self.totals[i]
        if hasattr(r, "tolist"):  # int64 arrays: Python ints in a ShoePrice
            r, t = r.tolist(), int(t)
        return ShoePrice(r[0], r[1], r[2], t, tuple(r[3:]), self.scales)

    def __iter__(self) -> Iterator[ShoePrice]:
        scales = self.scales
        rows, totals = self.rows, self.totals
        if hasattr(rows, "tolist"):
            rows, totals = rows.tolist(), totals.tolist()
        for r, t in zip(rows, totals):
            yield ShoePrice(r[0], r[1], r[2], t, tuple(r[3:]), scales)

    def __repr__(self) -> str:
        return f"PriceBlock({len(self)} shoes)"


# State a worker process sets up once (see exact_odds.in_play.workers.parallel).
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


def _price_chunk(value_counts: list[tuple[int, ...]]) -> PriceBlock:
    """Every shoe of the chunk priced (given by its value counts: 10-tuples of ints >= 0 of at
    least six cards, from checked shoes or checked lines), as the pricer's rows: what a worker
    sends back is lists of integers, not a ShoePrice object a shoe (pickled there and rebuilt
    here: a third of a Dask worker's time on 20,000 shoes)."""
    pricer = _PRICER["pricer"]
    rows, totals = pricer.value_batch(value_counts, outcomes=True, checked=True)
    return PriceBlock(rows, totals, pricer.scales)


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


def _price_block_and_format(formatter: Callable[[Any, Sequence[ShoePrice]], str], max_cards: int | None,
                            block: tuple[int, bytes]) -> str:
    """A block of a plain file (:class:`~exact_odds.in_play.sweep.sweep_bytes.SweepBytes`) read
    (:func:`~exact_odds.in_play.sweep.sweep_bytes.block_values`: its first bad line raises
    :class:`SweepError`), priced, and ``formatter``'s text of it: by the compiled kernel into int64
    arrays where it prices every shoe, else by :meth:`Pricer.value_batch
    <exact_odds.punto_banco.pricer.Pricer.value_batch>` (the same integers)."""
    numbers, values = block_values(block, max_cards)
    pricer = _PRICER["pricer"]
    got = pricer.value_arrays(values) if hasattr(values, "dtype") else None
    rows, totals = got if got is not None else pricer.value_batch(values, outcomes=True)
    return formatter(numbers, PriceBlock(rows, totals, pricer.scales))


def _warm_up(work: Callable[[tuple[int, bytes]], str], bets: tuple[PayTable, ...], tableau: Tableau,
             block: tuple[int, bytes]) -> None:
    """``work`` done once here, on the first few lines of ``block`` (the result dropped), before the
    worker processes fork: what a process does once, on its first block (numpy's and the pricer's
    caches, the interpreter's specialised code), is then inherited by every worker instead of paid by
    each (their first block cost two to four times the others). A bad line there is left for the
    worker that reads it to name."""
    first, data = block
    few = data[:data.find(b"\n", min(len(data), 2048) - 1) + 1]
    _set_sweep(bets, tableau)
    try:
        work((first, few))
    except SweepError:
        pass


def _lines_of(block: tuple[int, bytes]) -> int:
    return block[1].count(b"\n")


def _with_cards(price: ShoePrice, shoe: Shoe, tableau: Tableau, value: tuple[int, ...], cards: tuple[int, ...],
                card_bets: tuple[PayTable, ...]) -> ShoePrice:
    """``price`` (the value-level bets) with the card-level bets priced on ``shoe`` by
    :func:`~exact_odds.bets.analysis.analyse`, every bet in its place. A card-level house
    edge h = p/q is kept as the numerator -p * total over q * total, so every bet's edge is
    ``-num / (scale * total)`` as for the others (exact, whatever the bet's own denominator)."""
    from exact_odds.bets.analysis import analyse

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


def check_bets(bets: Iterable[PayTable | str]) -> tuple[PayTable, ...]:
    """``bets`` as a tuple of :class:`PayTable` (a built-in bet may be given by its key):
    :func:`~exact_odds.bets.selection.paytables`."""
    from exact_odds.bets.selection import paytables

    return paytables(bets)


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


def bet_results(shoe: Shoe, bets: Iterable[PayTable], tableau: Tableau = PUNTO_BANCO) -> tuple[BetResult, ...]:
    """Every value-level bet priced in full on one shoe (pay lines, win probability, house edge), as
    ``bet.price(walk(shoe))`` gives it, by the same kept pricer as :func:`house_edges`."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"bet_results needs a Shoe, not {type(shoe).__name__}")
    check_shoes([shoe])
    return cached_pricer(check_bets(bets), check_tableau(tableau)).results(shoe)


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
    (``jobs = Dask("tcp://host:8786")``, :class:`~exact_odds.in_play.workers.executors.Dask`;
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


def sweep_text_chunks(lines: "Sequence[SweepLine] | SweepBytes", bets: Iterable[PayTable],
                      formatter: Callable[[list[int], list[ShoePrice]], str], jobs: parallel.Jobs = 1,
                      progress: parallel.Progress | None = None, tableau: Tableau = PUNTO_BANCO,
                      max_cards: int | None = None) -> Iterator[str]:
    """The shoes of a sweep (:func:`parse_sweep_counts`, or :func:`check_sweep_lines`) priced as
    :func:`price_shoes` prices them, and turned into text by ``formatter(line numbers, prices)``
    in the workers themselves, a chunk at a time, in input order (so the parent only reads the
    file and writes the text). Value-level bets are priced many shoes at a time; card-level bets
    (pairs, suits: :func:`split_bets`) one shoe at a time with
    :func:`~exact_odds.bets.analysis.analyse`, exactly, on the line's shoe: with its suits
    for a line of 52 rank-suit counts, under the unknown-suit model for 13 rank counts (then
    stated in each :class:`ShoePrice`'s ``assumptions``). A line given as text (:func:`check_sweep_lines`) is read in the
    worker too: one whose shoe has too few cards or more than ``max_cards`` raises
    :class:`SweepError` as its chunk is reached (the first such line, in order). A plain file read
    whole (:func:`~exact_odds.in_play.sweep.sweep_bytes.read_plain`, value-level bets only) goes to the
    workers in its blocks of bytes, which they read (every check of its lines made there, the first
    bad line of the first block that has one named), price and format as whole arrays; progress
    then counts lines.
    ``formatter`` must be picklable (a module-level function, or a ``functools.partial`` of one)."""
    bets = check_bets(bets)
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    check_tableau(tableau)
    if not callable(formatter):
        raise TypeError(f"formatter must be a function of (line numbers, prices), not {type(formatter).__name__}")
    if isinstance(lines, SweepBytes):
        if split_bets(bets)[1]:
            raise ValueError("card-level bets (pairs, suits) are priced from the sweep's lines (check_sweep_lines), "
                             "not from its blocks of bytes")
        work = partial(_price_block_and_format, formatter, max_cards)
        if isinstance(jobs, int) and jobs > 1 and lines.blocks:
            _warm_up(work, bets, tableau, lines.blocks[0])
        return parallel.run(work, lines.blocks, jobs, size=_lines_of, progress=progress,
                            setup=(_set_sweep, (bets, tableau)))
    lines = list(lines)
    size = CARD_CHUNK if split_bets(bets)[1] else TEXT_CHUNK if isinstance(jobs, int) else DASK_CHUNK
    chunks = [lines[i: i + size] for i in range(0, len(lines), size)]
    return parallel.run(partial(_price_and_format, formatter, max_cards=max_cards), chunks, jobs, size=len,
                        progress=progress, setup=(_set_sweep, (bets, tableau)))
