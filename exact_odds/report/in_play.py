"""Reports of the shoe in play: effect of removal and sweeps; the EOR reference tables.

``eor`` prints one :class:`~exact_odds.report.document.Report`. ``sweep``
writes a whole file at once, so for it this module gives the text of the
file (:func:`sweep_text`), one formatter per format. ``track`` and
``simulate`` have their own modules (:mod:`exact_odds.report.track`,
:mod:`exact_odds.report.simulation`).
"""

from __future__ import annotations

import csv
import io
import json
import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

from exact_odds.report.document import Report, Section, Table
from exact_odds.report.emit import table
from exact_odds.report.numbers import fraction_text, percent_text
from exact_odds.report.tables_common import deck_slug, reference_shoe
from exact_odds.rules.cards import RANKS
from exact_odds.report.shoe import shoe_json

if TYPE_CHECKING:
    from exact_odds.bets.paytable import PayTable
    from exact_odds.in_play.simulate.removal import EffectOfRemoval, LinearCount
    from exact_odds.in_play.sweep.sweep import PriceBlock, ShoePrice


# --- effect of removal -------------------------------------------------------

def eor_table(result: "EffectOfRemoval", places: int, exact: bool) -> Table:
    """A row per rank: each bet's EOR in percentage points (blank for a rank the shoe lacks),
    then, if ``exact``, each bet's EOR as a fraction."""
    headers = ["Rank"] + [f"{b.name} EOR (%)" for b in result.bets]
    if exact:
        headers += [f"{b.name} EOR (exact)" for b in result.bets]
    rows = []
    for r in range(13):
        row = [RANKS[r]] + ["" if e[r] is None else percent_text(e[r], places).rstrip("%") for e in result.eor]
        if exact:
            row += ["" if e[r] is None else fraction_text(e[r]) for e in result.eor]
        rows.append(row)
    return Table.of(headers, rows)


def count_table(bets: Sequence["PayTable"], counts: Sequence["LinearCount"]) -> Table:
    """A row per bet: its count's tag for every rank and the betting correlation."""
    return Table.of(["Bet"] + list(RANKS) + ["Betting correlation"],
                    [[b.name] + [str(t) for t in lc.tags] + [lc.correlation_text(6)] for b, lc in zip(bets, counts)])


def eor_report(result: "EffectOfRemoval", counts: Sequence["LinearCount"], level: int, exact: bool = False,
               balanced: bool = False) -> Report:
    """``exact-odds eor``: the EOR table and the derived linear counts (``balanced``: the best balanced
    counts, :mod:`exact_odds.in_play.simulate.balanced`); CSV is the EOR table."""
    keys = result.keys
    eor = eor_table(result, 6, exact)
    document = {
        "shoe": shoe_json(result.shoe),
        "definition": "EOR = house edge of the shoe less one card of the rank minus house edge of the shoe",
        "house_edge": {k: fraction_text(e) for k, e in zip(keys, result.edges)},
        "rows": [
            {"rank": RANKS[r], **{k: (None if row[r] is None else fraction_text(row[r]))
                                  for k, row in zip(keys, result.eor)}}
            for r in range(13)
        ],
        "counts": {
            k: {"level": level, "balanced": balanced, "tags": dict(zip(RANKS, lc.tags)),
                "betting_correlation": lc.correlation_text(10),
                "betting_correlation_squared": fraction_text(lc.correlation_squared)}
            for k, lc in zip(keys, counts)
        },
    }
    return Report(
        sections=(
            Section(before=(
                f"Effect of removal, punto banco, {result.shoe.describe()}: change in house edge (percentage points) "
                "when one card of the rank is removed; positive is worse for the bettor.",
                "House edge: " + ", ".join(f"{b.name} {percent_text(e, 6)}" for b, e in zip(result.bets, result.edges)),
            )),
            Section(table=eor),
            Section(before=(_counts_title(level, balanced),), table=count_table(result.bets, counts)),
        ),
        document=document,
        csv=(eor,),
    )


def _counts_title(level: int, balanced: bool) -> str:
    if balanced:
        return (f"Balanced counts (integer tags from -{level} to {level} adding up to 0 over a deck, 10-K alike, "
                "with the highest betting correlation over a deck's cards, by exact search; true count = running "
                "count per deck left):")
    return f"Linear counts (tags proportional to minus the EOR, at most {level} points; add the tags of the cards seen):"


def removal_tables() -> dict[str, str]:
    """Effect of removal on Banker, Player and Tie at 6 and 8 decks, with the derived counts."""
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count

    keys = ("banker", "player", "tie")
    bets = tuple(builtin_catalog().bets[k] for k in keys)
    out = {}
    for d in (6, 8):
        shoe = reference_shoe(d)
        result = effect_of_removal(shoe, bets)
        eor = eor_table(result, 8, exact=True)
        counts = count_table(bets, [linear_count(e, shoe.ranks, 2) for e in result.eor])
        md = [
            f"# Punto banco, {shoe.describe()}: effect of removal",
            "",
            "Generated by `exact-odds tables`; do not edit by hand.",
            "",
            "EOR of a rank = house edge of the shoe less one card of that rank minus the house edge of the "
            "full shoe (percentage points; positive is worse for the bettor). Banker pays 19/20, Player 1:1, "
            "Tie 8:1. Exact: every figure is the difference of two exact walks.",
            "",
            table(eor.headers, eor.rows, "github"),
            "",
            "Linear counts (level 2): tags proportional to minus the EOR, rounded to -2..2; betting correlation "
            "over the cards of the shoe.",
            "",
            table(counts.headers, counts.rows, "github"),
            "",
        ]
        out[f"eor_{deck_slug(d)}.md"] = "\n".join(md)
        out[f"eor_{deck_slug(d)}.csv"] = table(eor.headers, eor.rows, "csv") + "\n"
    return out


# --- sweep -------------------------------------------------------------------

def sweep_headers(keys: Sequence[str]) -> list[str]:
    """The columns of a sweep: the line, the six-card counts, then each bet's house edge twice."""
    headers = ["line", "banker", "player", "tie", "total"]
    for k in keys:
        headers += [f"{k}_house_edge", f"{k}_house_edge_percent"]
    return headers


def edge_texts(num: int, den: int, places: int = 10) -> tuple[str, str]:
    """The house edge ``-num/den`` as ``'p/q'`` in lowest terms and in percent to ``places``
    decimals (without '%'), by integer arithmetic alone: the same text as
    :func:`~exact_odds.report.numbers.fraction_text` and
    :func:`~exact_odds.report.numbers.percent_text` of the Fraction (half away from zero),
    without building it (a sweep prints millions)."""
    g = math.gcd(num, den)
    unit = 10**places
    q, r = divmod((num if num >= 0 else -num) * 100 * unit, den)
    if r + r >= den:
        q += 1
    whole, frac = divmod(q, unit)
    sign = "-" if num > 0 and q else ""
    return f"{-num // g}/{den // g}", f"{sign}{whole}.{frac:0{places}d}" if places else f"{sign}{whole}"


def _sweep_cells(price: "ShoePrice") -> list[str]:
    row = [str(price.banker), str(price.player), str(price.tie), str(price.total)]
    for num, scale in zip(price.ev_numerators, price.scales):
        row += edge_texts(num, scale * price.total)
    return row


#: Largest denominator (scale × total) and largest whole part of an edge that :func:`_block_cells`
#: works with in int64: 10 × (a remainder below the denominator) < 10 × 2**59 < 2**63, and the
#: digits so far, q < (2**20 + 1) × 10**12 < 2**63. Beyond them (shoes of over ~1,000 cards, a bet
#: paying over a million to one) the rows are made one by one in Python integers.
_BLOCK_DEN = 1 << 59
_BLOCK_WHOLE = 1 << 20


def _block_cells(lines: Sequence[int], block: "PriceBlock") -> dict[str, Any] | None:
    """The cells of every shoe's row of ``block``, as int64 columns (numbers >= 0) and boolean ones
    (signs): line, banker, player, tie, total, and per bet j ``p{j}``/``q{j}`` (the edge's numerator's
    size and denominator in lowest terms, ``neg{j}`` whether it is negative) and ``minus{j}``,
    ``whole{j}``, ``frac{j}`` (its percent rounded half away from zero to 10 decimals): the
    integers of :func:`edge_texts`, for the whole block at once, by long division one decimal at a
    time under the bounds :data:`_BLOCK_DEN` and :data:`_BLOCK_WHOLE` (checked: None outside them)."""
    import numpy as np

    if not len(block.rows) or not block.scales:
        return None
    try:
        rows = np.asarray(block.rows, dtype=np.int64)
        totals = np.asarray(block.totals, dtype=np.int64)
        line = np.asarray(lines, dtype=np.int64)
    except OverflowError:  # a count or numerator of 2**63 or more
        return None
    if int(totals.min()) < 1 or int(line.min()) < 0 or int(rows[:, :3].min()) < 0:
        return None
    cells = {"line": line, "banker": rows[:, 0], "player": rows[:, 1], "tie": rows[:, 2], "total": totals}
    if _native_cells(np, cells, rows[:, 3:], totals, block.scales):
        return cells
    if int(totals.max()) * max(block.scales) >= _BLOCK_DEN:
        return None
    nums = rows[:, 3:]
    if int(nums.min()) <= -_BLOCK_DEN or int(nums.max()) >= _BLOCK_DEN or int(rows[:, :3].min()) < 0:
        return None
    dens = totals[:, None] * np.array(block.scales, dtype=np.int64)  # < 2**59
    size = np.abs(nums)  # < 2**59
    whole = size // dens
    if int(whole.max()) >= _BLOCK_WHOLE:
        return None
    rest = size - whole * dens
    q = whole
    for _ in range(12):  # the percent's 10 decimals are the edge's 12
        rest = rest * 10  # < 10 × 2**59 < 2**63
        digit = rest // dens
        rest -= digit * dens
        q = q * 10 + digit
    q += rest + rest >= dens  # half away from zero, on the size
    g = np.gcd(size, dens)
    whole, frac = np.divmod(q, 10**10)
    for j in range(nums.shape[1]):
        cells.update({f"neg{j}": nums[:, j] > 0, f"p{j}": size[:, j] // g[:, j], f"q{j}": dens[:, j] // g[:, j],
                      f"minus{j}": (nums[:, j] > 0) & (q[:, j] != 0), f"whole{j}": whole[:, j],
                      f"frac{j}": frac[:, j]})
    return cells


def _native_cells(np, cells: dict[str, Any], nums: Any, totals: Any, scales: Sequence[int]) -> bool:
    """:func:`_block_cells`'s cells of the edges added to ``cells`` by the compiled kernel's numeric
    primitive (``edge_parts``: the same integers, in 128-bit integers, with no bound but int64's);
    False where it is missing or declines (then numpy's long division makes them)."""
    from exact_odds.punto_banco.native import module

    kernel = module()
    if kernel is None:
        return False
    try:
        scale = np.array(scales, dtype=np.int64)
    except OverflowError:
        return False
    parts = np.empty(nums.shape + (6,), dtype=np.int64)
    if not kernel.edge_parts(np.ascontiguousarray(nums), np.ascontiguousarray(totals), scale, parts):
        return False
    for j in range(nums.shape[1]):
        cells.update({f"neg{j}": parts[:, j, 0] == 1, f"p{j}": parts[:, j, 1], f"q{j}": parts[:, j, 2],
                      f"minus{j}": parts[:, j, 3] == 1, f"whole{j}": parts[:, j, 4], f"frac{j}": parts[:, j, 5]})
    return True


def _block_text(layout: list, lines: Sequence[int], prices: Sequence["ShoePrice"], encoded: bool = False
                ) -> str | bytes | None:
    """Every shoe's row of ``prices`` laid out by ``layout`` (ASCII text, and cells of
    :func:`_block_cells` named in 1-tuples: ``("p0",)`` a number, ``("frac0",)`` its 10 decimals with
    their zeros, ``("neg0",)`` '-' or nothing), written by the compiled kernel (:func:`_native_text`) or
    made in numpy as bytes, one row of digit slots per shoe with the unused ones zero and dropped; None
    if ``prices`` is not a :class:`~exact_odds.in_play.sweep.sweep.PriceBlock` within the bounds of
    :func:`_block_cells`. ASCII bytes if ``encoded``."""
    import numpy as np

    from exact_odds.in_play.sweep.sweep import PriceBlock

    if not isinstance(prices, PriceBlock):
        return None
    cells = _block_cells(lines, prices)
    if cells is None:
        return None
    text = _native_text(np, layout, cells)
    if text is not None:
        return text if encoded else text.decode("ascii")
    n = len(prices)
    names = [item[0] for item in layout if isinstance(item, tuple)]
    numbers = [c for c in names if cells[c].dtype != bool and not c.startswith("frac")]
    fracs = [c for c in names if c.startswith("frac")]
    # each number's digits, as wide as its column's largest, leading zeros dropped (set to 0)
    digits = {c: _ascii(np, cells[c], len(str(int(cells[c].max()))), zeros=False) for c in numbers}
    decimals = _ascii(np, np.stack([cells[c] for c in fracs], axis=1), 10, zeros=True) if fracs else None
    parts = []
    for item in layout:
        if isinstance(item, str):
            parts.append(np.broadcast_to(np.frombuffer(item.encode("ascii"), dtype=np.uint8), (n, len(item))))
            continue
        name = item[0]
        if cells[name].dtype == bool:  # a sign
            parts.append(np.where(cells[name], np.uint8(45), np.uint8(0))[:, None])
        elif name.startswith("frac"):
            parts.append(decimals[:, fracs.index(name)])
        else:
            parts.append(digits[name])
    text = np.concatenate(parts, axis=1).tobytes().translate(None, b"\0")  # (unused slots dropped)
    return text if encoded else text.decode("ascii")


def _native_text(np, layout: list, cells: dict[str, Any]) -> bytes | None:
    """:func:`_block_text`'s rows written by the compiled kernel's ``text`` (each cell of the layout a
    column, side by side, its literals the kernel's ``ops``): a row is written straight into the text,
    where numpy makes every row as long as the longest and drops the bytes to spare (over half of a
    sweep worker's formatting). None where the kernel is missing or declines (numpy lays it out)."""
    from exact_odds.punto_banco.native import module

    kernel = module()
    if kernel is None:
        return None
    # ops: (0, start, length) a literal of ``literals``; (1, column, 0) a number; (2, column, 10) ten
    # decimals; (3, column, 0) a sign
    names: list[str] = []
    ops: list[tuple[int, int, int]] = []
    literals = ""
    for item in layout:
        if isinstance(item, str):
            ops.append((0, len(literals), len(item)))
            literals += item
            continue
        name = item[0]
        kind = 3 if cells[name].dtype == bool else 2 if name.startswith("frac") else 1
        ops.append((kind, len(names), 10 if kind == 2 else 0))
        names.append(name)
    columns = np.stack([cells[c] for c in names], axis=1).astype(np.int64, copy=False)
    return kernel.text(columns, len(names), np.array(ops, dtype=np.int64), literals.encode("ascii"))


def _ascii(np, x: Any, width: int, zeros: bool) -> Any:
    """The ASCII digits of every number of ``x`` (int64, each >= 0 and below 10**width) along a new last
    axis of ``width`` bytes, right-aligned, the places before the first digit b'0' if ``zeros`` else 0
    bytes (dropped from the text)."""
    digits = _digits(x, width)[..., -width:]
    if not zeros:
        lead = np.array([10 ** (width - 1 - k) for k in range(width - 1)] + [0], dtype=np.int64)
        digits *= x[..., None] >= lead  # (a 0 keeps its last digit)
    return digits


#: The four ASCII digits of 0..9999, each as the uint32 of their bytes.
_FOUR_DIGITS: list = []


def _digits(x: Any, width: int) -> Any:
    """The ASCII digits of every number of ``x`` (an int64 array of numbers >= 0 below
    10**width), along a new last axis of ``width`` rounded up to a multiple of 4, leading zeros
    written: four digits at a time from a table (a division per four digits, not one per digit)."""
    import numpy as np

    if not _FOUR_DIGITS:  # each entry's 4 bytes read as one uint32: a gather of one item per group
        _FOUR_DIGITS.append(np.frombuffer(b"".join(b"%04d" % i for i in range(10_000)), dtype=np.uint32))
    groups = []
    for _ in range(-(-width // 4)):
        x, low = np.divmod(x, 10_000)
        groups.append(low)
    return _FOUR_DIGITS[0].take(np.stack(groups[::-1], axis=-1)).view(np.uint8)


def _csv_layout(bets: int) -> list:
    """A CSV row of :func:`_block_text`."""
    layout: list = [("line",), ",", ("banker",), ",", ("player",), ",", ("tie",), ",", ("total",)]
    for j in range(bets):
        layout += [",", (f"neg{j}",), (f"p{j}",), "/", (f"q{j}",), ",", (f"minus{j}",), (f"whole{j}",), ".",
                   (f"frac{j}",)]
    return layout + ["\n"]


def _jsonl_layout(headers: Sequence[str]) -> list:
    """A JSON line of :func:`_block_text`: json.dumps of the record :func:`_jsonl_rows` makes (its
    keys in order, escaped as json.dumps escapes them; its numbers bare, its texts quoted: digits,
    '/', '-' and '.' need no escapes)."""
    names = [json.dumps(h) for h in headers]
    layout: list = ["{"]
    for name, cell in zip(names[:5], ("line", "banker", "player", "tie", "total")):
        layout += [f"{name}: " if cell == "line" else f", {name}: ", (cell,)]
    for j, (edge, percent) in enumerate(zip(names[5::2], names[6::2])):
        layout += [f', {edge}: "', (f"neg{j}",), (f"p{j}",), "/", (f"q{j}",), f'", {percent}: "',
                   (f"minus{j}",), (f"whole{j}",), ".", (f"frac{j}",), '"']
    return layout + ["}\n"]


def _csv_rows(keys: Sequence[str], lines: Sequence[int], prices: Sequence["ShoePrice"], encoded: bool = False
              ) -> str | bytes:
    text = _block_text(_csv_layout(len(keys)), lines, prices, encoded)
    if text is not None:
        return text
    # The cells are digits, '/', '-' and '.': never quoted, so a row is its cells joined by commas.
    # edge_texts inlined, with 10 places: a sweep writes millions of rows, and the calls were a third
    # of the time (tests/in_play/test_sweep_speed.py checks the two give the same text).
    lines = lines.tolist() if hasattr(lines, "tolist") else lines
    gcd = math.gcd
    out = []
    for number, price in zip(lines, prices):
        total = price.total
        cells = [f"{number},{price.banker},{price.player},{price.tie},{total}"]
        for num, scale in zip(price.ev_numerators, price.scales):
            den = scale * total
            g = gcd(num, den)
            q, r = divmod((num if num >= 0 else -num) * 1_000_000_000_000, den)
            if r + r >= den:
                q += 1
            whole, frac = divmod(q, 10_000_000_000)
            cells.append(f"{-num // g}/{den // g},{'-' if num > 0 and q else ''}{whole}.{frac:010d}")
        out.append(",".join(cells))
    out.append("")
    text = "\n".join(out) if prices else ""
    return text.encode("ascii") if encoded else text


def _jsonl_rows(keys: Sequence[str], lines: Sequence[int], prices: Sequence["ShoePrice"], encoded: bool = False
                ) -> str | bytes:
    headers = sweep_headers(keys)
    text = _block_text(_jsonl_layout(headers), lines, prices, encoded)
    if text is not None:
        return text
    lines = lines.tolist() if hasattr(lines, "tolist") else lines  # (json.dumps takes Python ints)
    out = []
    for number, price in zip(lines, prices):
        record: dict[str, object] = dict(zip(headers, [number] + _sweep_cells(price)))
        record.update(banker=price.banker, player=price.player, tie=price.tie, total=price.total)
        if price.assumptions:  # a card-level bet on a line without suits
            record["assumptions"] = list(price.assumptions)
        out.append(json.dumps(record) + "\n")  # (ASCII: json.dumps escapes the rest)
    return "".join(out).encode("ascii") if encoded else "".join(out)


def _csv_header(keys: Sequence[str]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(sweep_headers(keys))
    return buf.getvalue()


def sweep_header(fmt: str, keys: Sequence[str]) -> str:
    """The text before the rows: the CSV header row ('' for jsonl)."""
    return {"csv": _csv_header, "jsonl": lambda keys: ""}[fmt](keys)


def sweep_rows(fmt: str, keys: Sequence[str], lines: Sequence[int], prices: Sequence["ShoePrice"],
               encoded: bool = False) -> str | bytes:
    """The rows of some shoes in ``fmt`` ('csv' or 'jsonl'), numbered by their input lines
    (a module-level function: sweep's workers format their own chunks with it). With ``encoded``, the
    same text as ASCII bytes, as ``sweep -o`` writes it: a worker's rows then reach the file without
    being decoded, sent as text and encoded again on the way."""
    return SWEEP_ROWS[fmt](keys, lines, prices, encoded)


#: The rows of a sweep file, by ``--format``.
SWEEP_ROWS: dict[str, Callable[[Sequence[str], Sequence[int], Sequence["ShoePrice"], bool], str | bytes]] = {
    "csv": _csv_rows,
    "jsonl": _jsonl_rows,
}
SWEEP_FORMATS = tuple(SWEEP_ROWS)


def sweep_text(fmt: str, keys: Sequence[str], lines: Sequence[int], prices: Sequence["ShoePrice"]) -> str:
    """The whole sweep output in ``fmt`` ('csv' or 'jsonl'): a row per shoe, numbered by its input line."""
    return sweep_header(fmt, keys) + sweep_rows(fmt, keys, lines, prices)
