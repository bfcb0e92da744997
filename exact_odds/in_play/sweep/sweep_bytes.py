"""A sweep file of plain bytes, read at once and cut into blocks of whole lines that the workers read.

A sweep file is *plain* when its bytes (after a UTF-8 byte-order mark) are only digits, commas and
newlines, and no line is longer than :data:`~exact_odds.in_play.dealing.MAX_LINE_CHARS`: every file
a program writes. :func:`read_plain` reads such a file whole, as bytes, with no str, tuple or int per
line, and cuts it into :class:`SweepBytes` blocks of about :data:`BLOCK_LINES` whole lines; the
workers that price them read them (:func:`block_values`), so the parent's serial work is a read and a
few scans of the bytes. Any other input (a comment, a CRLF line, spaces, bytes that are not ASCII, a
long line...) is handed back as a text stream that reads exactly what the original would have read
(the bytes already read, then the rest) for the line-by-line checks of
:func:`~exact_odds.in_play.sweep.sweep_file.check_sweep_lines`, as before. Nothing is read past the
first block of bytes that is not plain, so an endless line (``/dev/zero``) is still refused without
filling memory.

A block whose every line is 13 or 52 counts of 1 to :data:`MAX_DIGITS` digits joined by bare commas
(all of one kind), each count below :data:`MOST` and every shoe of 6 to ``max_cards`` cards, is read
in a few vectorised numpy passes (:func:`_parse_lines`); any other block line by line, by
:func:`~exact_odds.in_play.sweep.sweep_file.sweep_line_counts`, the very checks and messages of the
line-by-line reading (a blank line skipped; a count of up to 30 digits read into a Python int). The
first bad line of a block raises :class:`~exact_odds.in_play.sweep.sweep_file.SweepError` naming it,
and the blocks' results are read in order, so the first bad line of the file is the one named.
"""

from __future__ import annotations

import codecs
import io
from typing import Any, NamedTuple

from exact_odds.in_play.dealing import MAX_LINE_CHARS
from exact_odds.in_play.sweep.sweep_file import sweep_line_counts
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.rules.shoe import MIN_CARDS

#: Bytes read from the file at a time.
READ_BYTES = 1 << 22
#: Lines a block holds, about (a block ends at a newline): the unit of work of a local process.
BLOCK_LINES = 4096
#: Most digits a count read with numpy has: 10**18 - 1 < 2**63, so each is read exactly in int64.
MAX_DIGITS = 18
#: Every count read with numpy is below this, so the 52 counts of a line add up to less than 2**63.
MOST = 10**17
_BOM = codecs.BOM_UTF8
#: The encodings of a stream read here (any other is read line by line).
_UTF8 = ("utf-8", "utf-8-sig")
#: Bytes a plain file holds (bytes.translate deletes them: what is left is not plain).
_PLAIN_BYTES = b"0123456789,\n"


class SweepBytes(NamedTuple):
    """A plain sweep file as ``blocks``: (the number of its first line, its whole lines as bytes, each
    ending in a newline), in order; ``lines`` the lines of all of them."""

    blocks: list[tuple[int, bytes]]
    lines: int

    def __len__(self) -> int:  # (a NamedTuple's own length would be 2)
        return self.lines

    def __repr__(self) -> str:
        return f"SweepBytes({self.lines} lines in {len(self.blocks)} blocks)"


def read_plain(stream, block_lines: int = BLOCK_LINES) -> "SweepBytes | Any":
    """``stream`` (a text file opened for UTF-8, nothing read from it yet) as :class:`SweepBytes` of
    about ``block_lines`` lines a block if it is plain (module docstring), else a text stream that
    reads what ``stream`` would have read, for :func:`~exact_odds.in_play.sweep.sweep_file.check_sweep_lines`."""
    raw = getattr(stream, "buffer", None)
    try:
        encoding = codecs.lookup(getattr(stream, "encoding", None) or "").name
    except LookupError:
        encoding = None
    if raw is None or not callable(getattr(raw, "read", None)) or encoding not in _UTF8:
        return stream
    bom = _BOM if encoding == "utf-8-sig" else b""  # (a byte-order mark is skipped by utf-8-sig alone)
    parts: list[bytes] = []
    tail = 0  # bytes since the last newline
    while True:
        part = raw.read(READ_BYTES)
        if not part:
            break
        parts.append(part)
        first = len(parts) == 1
        body = part[len(bom):] if first and bom and part.startswith(bom) else part
        last = body.rfind(b"\n")
        tail = tail + len(body) if last < 0 else len(body) - last - 1
        if body.translate(None, _PLAIN_BYTES) or tail > MAX_LINE_CHARS:
            return _text(stream, b"".join(parts), encoding)  # not plain: the lines are checked one by one
    data = b"".join(parts)
    if bom and data.startswith(bom):
        data = data[len(bom):]
    # A line longer than MAX_LINE_CHARS holds a whole aligned stretch of half as many bytes: where one has
    # no newline, the lines are checked one by one (which names a line that is too long).
    half = MAX_LINE_CHARS // 2
    if any(data.find(b"\n", start, start + half) < 0 for start in range(0, len(data) - half + 1, half)):
        return io.StringIO(data.decode("ascii"))
    if data and not data.endswith(b"\n"):
        data += b"\n"
    return SweepBytes(*_blocks(data, block_lines))


def _blocks(data: bytes, block_lines: int) -> tuple[list[tuple[int, bytes]], int]:
    """``data`` (whole lines) cut into blocks of about ``block_lines`` lines, each with its first line's number."""
    lines = data.count(b"\n")
    size = max(len(data) * block_lines // max(lines, 1), 1)  # bytes of about block_lines lines
    blocks, start, number = [], 0, 1
    while start < len(data):
        stop = data.find(b"\n", min(start + size, len(data)) - 1) + 1
        block = data[start:stop]
        blocks.append((number, block))
        number += block.count(b"\n")
        start = stop
    return blocks, lines


def block_values(block: tuple[int, bytes], max_cards: int | None = None) -> tuple[Any, Any]:
    """``(line numbers, value counts)`` of the shoes of a block of :class:`SweepBytes`: int64 arrays
    (S,) and (S, 10) where numpy reads the whole block, else a list of numbers and a list of 10-tuples
    of Python ints, read line by line (module docstring). The block's first bad line raises
    :class:`~exact_odds.in_play.sweep.sweep_file.SweepError` naming it."""
    from exact_odds.punto_banco.features import numpy_or_none

    first, data = block
    np = numpy_or_none()
    ranks = _parse_lines(np, np.frombuffer(data, dtype=np.uint8)) if np is not None and data else None
    if ranks is not None:
        sizes = ranks.sum(axis=1)  # below 52 * 10**17 < 2**63
        if len(sizes) and int(sizes.min()) >= MIN_CARDS and (max_cards is None or int(sizes.max()) <= max_cards):
            values = np.empty((len(ranks), 10), dtype=np.int64)
            values[:, 0] = ranks[:, 9:].sum(axis=1)  # 10, J, Q, K
            values[:, 1:] = ranks[:, :9]
            return np.arange(first, first + len(ranks), dtype=np.int64), values
    numbers, values = [], []
    for number, text in enumerate(data.decode("ascii").split("\n")[:-1], first):
        if text:  # (a blank line is skipped)
            numbers.append(number)
            values.append(rank_to_value_counts(sweep_line_counts(text, number, max_cards)))
    return numbers, values


def _parse_lines(np, b):
    """The (lines, 13) rank counts of ``b`` (uint8, whole lines ending in a newline), if each line is
    13 or 52 counts (all alike) of 1 to :data:`MAX_DIGITS` digits joined by bare commas and every count
    is below :data:`MOST`; else None."""
    ends = np.flatnonzero(b < 48)  # each count's comma or newline (digits are 48..57)
    sizes = np.diff(ends, prepend=-1)
    sizes -= 1
    if not len(ends) or sizes.min() < 1 or sizes.max() > MAX_DIGITS:
        return None
    line_ends = np.flatnonzero(b[ends] == 10)  # among the counts' ends
    counts = int(line_ends[0]) + 1
    if counts not in (13, 52) or len(ends) != counts * len(line_ends) or \
            (line_ends != np.arange(counts - 1, len(ends), counts)).any():
        return None
    starts = ends - sizes
    value = b[starts].astype(np.int64)
    value -= 48
    for k in range(1, int(sizes.max())):  # the k-th digit of every count that has one
        more = np.flatnonzero(sizes > k)
        value[more] = value[more] * 10 + (b[starts[more] + k] - 48)
    if int(value.max()) >= MOST:
        return None
    value = value.reshape(len(line_ends), counts)
    return value if counts == 13 else value.reshape(-1, 13, 4).sum(axis=2)


class _Prefixed(io.RawIOBase):
    """The bytes already read, then the rest of ``stream``'s bytes (the stream is kept: were it
    collected, it would close them)."""

    def __init__(self, head: bytes, stream):
        self._head, self._stream, self._raw = memoryview(head), stream, stream.buffer

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if len(self._head):
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._raw.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


def _text(stream, head: bytes, encoding: str):
    """A text stream reading ``head`` then the rest of ``stream``'s bytes in ``encoding``, newlines as a
    text file reads them."""
    return io.TextIOWrapper(io.BufferedReader(_Prefixed(head, stream)), encoding=encoding, newline=None)
