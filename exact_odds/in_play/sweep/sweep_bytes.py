"""A clean sweep file read at once from its bytes: every line's counts as one integer array.

A sweep file is *clean* when its bytes (after a UTF-8 byte-order mark) are only digits, commas and
newlines, every line (the last may lack its newline) 13 or 52 counts of 1 to 18 ASCII digits joined
by bare commas, all lines of one kind, and every count below 10**17. That is every file a program
writes, and :func:`read_clean` reads one in a few vectorised numpy passes over its bytes (no str,
tuple or int per line): the line checks of :func:`~exact_odds.in_play.sweep.sweep_file.check_sweep_lines`
all hold by construction, and the one check left, each shoe's size, is made on the whole array, the
first bad line named with the very message the line-by-line reading gives.

Any other input (a comment, a blank or CRLF line, spaces, a sign, a count of 19 digits or more, a
long line, bytes that are not ASCII, a file mixing 13- and 52-count lines...) is handed back as a
text stream that reads exactly what the original would have read (the bytes already read, then the
rest), for the line-by-line checks to say what is wrong, as before. Nothing is read past the first
block that is not clean, so an endless line (``/dev/zero``) is still refused without filling memory.
"""

from __future__ import annotations

import codecs
import io
from typing import Any, NamedTuple

from exact_odds.in_play.dealing import MAX_LINE_CHARS
from exact_odds.in_play.sweep.sweep_file import SweepError, SweepShoeTooLarge
from exact_odds.rules.shoe import MIN_CARDS

#: Bytes read at a time.
BLOCK = 1 << 22
#: Most digits a count of a clean file has: 10**18 - 1 < 2**63, so each is read exactly in int64.
MAX_DIGITS = 18
#: Every count of a clean file is below this, so the 52 counts of a line add up to less than 2**63.
MOST = 10**17
_BOM = codecs.BOM_UTF8
#: The encodings of a stream read here (any other is read line by line).
_UTF8 = ("utf-8", "utf-8-sig")
#: Bytes a clean file holds (bytes.translate deletes them: what is left is not clean).
_CLEAN_BYTES = b"0123456789,\n"


class SweepCounts(NamedTuple):
    """The shoes of a clean sweep file: ``lines`` (S,) their line numbers and ``values`` (S, 10)
    their value counts (cards of value 0..9: 10, J, Q and K are value 0), both int64 arrays, every
    shoe of 6 to ``max_cards`` cards; ``counts`` 13 or 52, what each line held."""

    lines: Any
    values: Any
    counts: int

    def __len__(self) -> int:  # (a NamedTuple's own length would be 3)
        return len(self.lines)

    def __repr__(self) -> str:
        return f"SweepCounts({len(self.lines)} shoes of {self.counts} counts a line)"


def read_clean(stream, max_cards: int | None = None) -> "SweepCounts | Any":
    """The shoes of ``stream`` (a text file opened for UTF-8, nothing read from it yet) as
    :class:`SweepCounts` if the file is clean (module docstring), else a text stream that reads
    what ``stream`` would have read, for :func:`~exact_odds.in_play.sweep.sweep_file.check_sweep_lines`.
    A clean file's first shoe of fewer than six cards, or of more than ``max_cards``, raises
    :class:`~exact_odds.in_play.sweep.sweep_file.SweepError` naming its line."""
    from exact_odds.punto_banco.features import numpy_or_none

    np = numpy_or_none()
    raw = getattr(stream, "buffer", None)
    try:
        encoding = codecs.lookup(getattr(stream, "encoding", None) or "").name
    except LookupError:
        encoding = None
    if np is None or raw is None or not callable(getattr(raw, "read", None)) or encoding not in _UTF8:
        return stream
    bom = _BOM if encoding == "utf-8-sig" else b""  # (a byte-order mark is skipped by utf-8-sig alone)
    blocks: list[bytes] = []
    tail = 0  # bytes since the last newline
    while True:
        block = raw.read(BLOCK)
        if not block:
            break
        blocks.append(block)
        first = len(blocks) == 1
        body = block[len(bom):] if first and bom and block.startswith(bom) else block
        last = body.rfind(b"\n")
        tail = tail + len(body) if last < 0 else len(body) - last - 1
        if body.translate(None, _CLEAN_BYTES) or tail > MAX_LINE_CHARS or (first and not body):
            return _text(stream, raw, b"".join(blocks), encoding)  # not clean: the lines are checked one by one
    data = b"".join(blocks)
    if bom and data.startswith(bom):
        data = data[len(bom):]
    parsed = _parse(np, data) if data else None
    if parsed is None:
        return io.StringIO(data.decode("ascii"))  # (clean bytes are ASCII) read line by line
    ranks, counts = parsed
    sizes = ranks.sum(axis=1)  # below 52 * 10**17 < 2**63
    small = sizes < MIN_CARDS
    large = sizes > max_cards if max_cards is not None else np.zeros_like(small)
    bad = np.flatnonzero(small | large)
    if len(bad):
        i = int(bad[0])
        if small[i]:
            raise SweepError(i + 1, f"the shoe has {int(sizes[i])} cards; a coup needs at least {MIN_CARDS}")
        raise SweepShoeTooLarge(i + 1, f"the shoe has {int(sizes[i])} cards; at most {max_cards} are allowed")
    values = np.empty((len(ranks), 10), dtype=np.int64)
    values[:, 0] = ranks[:, 9:].sum(axis=1)  # 10, J, Q, K
    values[:, 1:] = ranks[:, :9]
    return SweepCounts(np.arange(1, len(ranks) + 1, dtype=np.int64), values, counts)


def _parse(np, data: bytes):
    """``(ranks, counts)``: the (S, 13) int64 rank counts of clean ``data`` (its bytes digits, commas and
    newlines) and whether its lines held 13 or 52 counts; None where a line is not 13 or 52 counts of 1
    to :data:`MAX_DIGITS` digits, the lines mix the two, or a count is :data:`MOST` or more. Read
    :data:`PARSE_BYTES` at a time (whole lines): the work arrays stay small, so a cold process does not
    page-fault its way through arrays ten times the file's size."""
    if not data.endswith(b"\n"):
        data += b"\n"
    whole = np.frombuffer(data, dtype=np.uint8)
    parts, counts, start = [], None, 0
    while start < len(data):
        stop = data.rfind(b"\n", start, start + PARSE_BYTES) + 1 or data.find(b"\n", start) + 1
        part = _parse_lines(np, whole[start:stop])
        if part is None or counts not in (None, part.shape[1]):
            return None
        counts = part.shape[1]
        parts.append(part)
        start = stop
    ranks = np.concatenate(parts) if len(parts) > 1 else parts[0]
    return (ranks if counts == 13 else ranks.reshape(-1, 13, 4).sum(axis=2)), counts


#: Bytes of whole lines :func:`_parse` reads at a time.
PARSE_BYTES = 1 << 18


def _parse_lines(np, b):
    """The (lines, 13 or 52) counts of ``b``, whole clean lines (uint8, ending in a newline), or None."""
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
    return value.reshape(len(line_ends), counts)


class _Prefixed(io.RawIOBase):
    """The bytes already read, then the rest of ``raw``."""

    def __init__(self, head: bytes, raw):
        self._head, self._raw = memoryview(head), raw

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


def _text(stream, raw, head: bytes, encoding: str):
    """A text stream reading ``head`` then the rest of ``raw`` as ``stream`` decodes them."""
    return io.TextIOWrapper(io.BufferedReader(_Prefixed(head, raw)), encoding=encoding,
                            errors=getattr(stream, "errors", None) or "strict", newline=None)
