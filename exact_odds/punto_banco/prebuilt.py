"""The standard bets' pricer shipped ready: its basis as package data, verified on every load.

Building a :class:`~exact_odds.punto_banco.pricer.Pricer` walks the coup
symbolically (:func:`~exact_odds.punto_banco.compiled.compiled`), sums its
terms into rows and reduces them to a basis (:mod:`exact_odds.punto_banco.basis`):
about 0.8 s, paid by every cold ``simulate`` and ``sweep`` before the first
shoe. The basis of the standard bets (Banker, Player, Tie) on the punto banco
tableau is small (two rows of 5,005 integers 0..720 and two little integer
matrices), so it is shipped in ``prebuilt.json`` and loaded instead, in a few
milliseconds. It is never trusted blindly; :func:`load` uses it only if

* its ``key`` equals the key of the bets and tableau asked for (every bet's
  name, conditions, payouts and the tableau's draw tables: :func:`key`), and
  its format version is this module's;
* its ``sha256`` is that of its data, and every array has its shape;
* every row entry is an integer 0..720 (the orderings of a multiset), and it
  prices the 8-deck shoe exactly: Banker, Player and Tie equal the counts the
  Wizard of Odds publishes (every 8-deck feature is nonzero, so every entry of
  both kept rows weighs on them), and every bet's lines add up to the total.

(Checking against the recursive walk instead would cost 60 ms, more than
everything else here together; the key, the checksum and these exact figures
already refuse a stale or damaged file.)

Anything else (a changed rule or pay table, a damaged file) and the pricer is
built as before. The file is generated reproducibly (sorted keys, no
timestamps): ``python -m exact_odds.bets.make_prebuilt`` writes it, and
``--check`` (and a default test) regenerates it and compares the bytes.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from exact_odds.punto_banco.basis import Basis, basis_of_lists
from exact_odds.punto_banco.bilinear import six_value_multisets
from exact_odds.rules.tableau import Tableau

if TYPE_CHECKING:  # the pricer imports this module
    from exact_odds.punto_banco.pricer import ValueBet

#: The shipped file, next to this module (listed in pyproject's package-data).
PATH = Path(__file__).with_name("prebuilt.json")
#: Bumped whenever the meaning of the stored rows changes (the six-card form, the basis rules).
FORMAT = 1


def key(bets: Sequence[ValueBet], tableau: Tableau) -> str:
    """What the rows depend on, as canonical text: the tableau's draw tables and, per bet in order,
    its name, every line's condition and payout, and the otherwise payout."""
    spec = {
        "format": FORMAT,
        "tableau": {"player_draw": [bool(x) for x in tableau.player_draw],
                    "banker_draw": [[bool(x) for x in row] for row in tableau.banker_draw]},
        "bets": [{"name": b.name, "lines": [[line.condition, str(Fraction(line.pays))] for line in b.lines],
                  "otherwise": str(Fraction(b.otherwise))} for b in bets],
    }
    return json.dumps(spec, sort_keys=True, separators=(",", ":"))


def _digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def entry(bets: Sequence[ValueBet], tableau: Tableau, basis: Basis) -> dict:
    """The stored form of one pricer's basis."""
    rows, e, pe = basis.lists()
    data = {"key": key(bets, tableau), "rows": rows, "e": e, "pe": pe}
    return {"data": data, "sha256": _digest(data)}


def text(entries: Sequence[dict]) -> str:
    """The file's text: sorted keys, no timestamps (reproducible byte for byte)."""
    return json.dumps({"format": FORMAT, "pricers": list(entries)}, sort_keys=True, separators=(",", ":")) + "\n"


def load(np: Any, bets: Sequence[ValueBet], tableau: Tableau, n_rows: int, path: Path | None = None) -> Basis | None:
    """The shipped basis of ``bets`` on ``tableau`` (from ``path``, default :data:`PATH`) if it is
    there and passes every check (module docstring), else None (the caller builds it)."""
    try:
        stored = json.loads((PATH if path is None else path).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT:
        return None
    want = key(bets, tableau)
    for item in stored.get("pricers", ()):
        try:
            data = item["data"]
            if data["key"] != want:
                continue
            if _digest(data) != item["sha256"]:
                return None
            basis = _checked(np, data, n_rows, len(bets))
        except (KeyError, TypeError, ValueError):
            return None
        if basis is not None and _prices_eight_decks(np, basis, bets, n_rows):
            return basis
        return None
    return None


def _checked(np: Any, data: dict, n_rows: int, n_bets: int) -> Basis | None:
    """The basis if every array has its shape and every row entry is an integer 0..720."""
    rows, e, pe = data["rows"], data["e"], data["pe"]
    width = len(rows) + 1
    if not (rows and all(len(r) == 5005 for r in rows) and len(e) == n_rows and len(pe) == n_bets
            and all(len(r) == width for r in e + pe)):
        return None
    if any(type(x) is not int for r in e + pe for x in r):
        return None
    array = np.array(rows, dtype=np.int64)
    if array.shape != (len(rows), 5005) or array.min() < 0 or array.max() > 720:
        return None
    return basis_of_lists(np, rows, e, pe)


#: Banker, Player and Tie six-card counts of an 8-deck shoe, published by the Wizard of Odds
#: ("Baccarat odds for 1 to 12 decks", https://wizardofodds.com/games/baccarat/appendix/1/):
#: an exact figure no code here produced.
EIGHT_DECKS = (2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216)


def _prices_eight_decks(np: Any, basis: Basis, bets: Sequence[ValueBet], n_rows: int) -> bool:
    """The 8-deck shoe priced from ``basis``: Banker, Player and Tie equal the published counts
    (:data:`EIGHT_DECKS`), and every bet's lines are counts that add up to the total.

    Every feature of 8 decks is nonzero (32 cards or more of each value), so every entry of
    every kept row weighs on those counts. int64 is exact here: a feature, an entry times a
    feature and every partial sum of a row are non-negative parts of a count, at most the
    total, below 2**63; the basis counts are then combined in Python integers."""
    counts = (128,) + (32,) * 9
    n = sum(counts)
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    factors = np.array([max(counts[v] - r, 0) for v in range(10) for r in range(6)], dtype=np.int64)
    # (sorted: copies of a value are adjacent; read straight into the array, not from 5,005 tuples: 2.4 ms)
    values = np.fromiter(chain.from_iterable(six_value_multisets()), dtype=np.intp).reshape(-1, 6)
    copies = np.zeros_like(values)
    for i in range(1, 6):
        copies[:, i] = np.where(values[:, i] == values[:, i - 1], copies[:, i - 1] + 1, 0)
    features = factors[6 * values + copies].prod(axis=1)
    basis_counts = [int(x) for x in basis.rows.astype(np.int64) @ features] + [total]
    rows = [sum(int(c) * x for c, x in zip(row, basis_counts)) for row in basis.e.tolist()]
    if len(rows) != n_rows or tuple(rows[:3]) != EIGHT_DECKS:
        return False
    off = 3
    for bet in bets:
        lines = rows[off: off + len(bet.lines) + 1]
        if min(lines) < 0 or sum(lines) != total:
            return False
        off += len(lines)
    return off == n_rows
