"""Reading a sweep file: its lines checked and read into rank counts (what :mod:`exact_odds.in_play.sweep.sweep`
prices).

A sweep file holds one shoe per line as 13 rank counts A,2,...,10,J,Q,K
or 52 rank-suit counts (A of spades, hearts, diamonds, clubs, then 2, ...)
separated by commas (blank lines and ``#`` comments are skipped). The
parent checks every line's form (:func:`check_sweep_lines`: a clean file at
once with numpy, any other line by line); the workers read the counts
(:func:`read_sweep_line`, or a chunk of plain lines at once:
:func:`_chunk_value_counts`). Every name here is also importable from
:mod:`exact_odds.in_play.sweep.sweep`.
"""

from __future__ import annotations

import re
from typing import Iterable

from exact_odds.in_play.dealing import check_lines
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.shoe import MIN_CARDS, Shoe
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
    lines = list(check_lines(lines, "check_sweep_lines", too_long=SweepError, live=False))
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
    lines = check_lines(lines, who, too_long=SweepError, live=False)
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
