"""The corpus of card-level forms every route is checked on (issue 38, tests/cards/): every catalog card bet, every
form of docs/bets.md, and the adversarial forms of the benchmarks (benchmarks/bench_card_classes.py).

Each entry is (name, conditions): the conditions of one pay table's lines, in order."""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=1)
def catalog_forms() -> tuple:
    """Every catalog bet that the card engine prices (family 'card'), as its lines' conditions."""
    from exact_odds.bets.catalog import builtin_catalog

    return tuple((f"catalog {b.key}", tuple(line.condition for line in b.lines))
                 for b in builtin_catalog().bets.values() if b.family == "card")


@lru_cache(maxsize=1)
def docs_forms() -> tuple:
    """Every condition given as a `when` in a table of docs/bets.md that reads cards."""
    from exact_odds.bets.paytable import PayLine, PayTable

    found = []
    for text in re.findall(r"\|\s*`([^`|]+)`\s*\|\s*$", (ROOT / "docs" / "bets.md").read_text(), re.M):
        if "(" not in text and "_card" not in text and "suit" not in text:
            continue
        try:
            table = PayTable("t", (PayLine.make("l", text, 1),))
        except Exception:  # a cell that is not a condition (a name, a value)
            continue
        if table.family == "card":
            found.append((f"docs {text[:50]}", (text,)))
    return tuple(found)


@lru_cache(maxsize=1)
def benchmark_forms() -> tuple:
    """The adversarial forms of benchmarks/bench_card_classes.py (its CASES)."""
    spec = importlib.util.spec_from_file_location("bench_card_classes", ROOT / "benchmarks" / "bench_card_classes.py")
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return tuple((f"bench {name}", tuple(lines)) for name, lines in module.CASES.items())


def every_form() -> tuple:
    return catalog_forms() + docs_forms() + benchmark_forms()
