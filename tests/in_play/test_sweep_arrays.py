"""A sweep's rows made from int64 arrays (issue 27) are the exact edges formatted, on every path.

The compiled kernel's primitives (``edge_parts``: an edge's lowest terms and its percent rounded half
away from zero, in 128-bit integers; ``text``: the rows written from those integers), numpy's long division
(``EXACT_ODDS_PURE``-like: the kernel switched off) and the rows made one by one in Python integers
all give the text of the slow, obvious oracle (Fractions formatted by report.numbers), on both sides
of each bound: numerators and totals near 2**63, the numpy path's 2**59 and 2**20, edges of exactly
half the last place, 0 and -100%.
"""

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.in_play.sweep.sweep import PriceBlock
from exact_odds.punto_banco import native
from exact_odds.report import in_play
from exact_odds.report.in_play import sweep_headers, sweep_rows
from oracles.sweep_text import csv_row

KEYS = ["a", "b"]


@pytest.fixture(params=["kernel", "numpy"])
def path(request, monkeypatch):
    """Each test once with the compiled kernel's primitives (where built) and once without them."""
    if request.param == "kernel":
        if native.module() is None:
            pytest.skip(f"pricing by {native.describe()}")
    else:
        monkeypatch.setattr(native, "module", lambda: None)
    return request.param


def block(rows, totals, scales):
    return PriceBlock(np.array(rows, dtype=np.int64), np.array(totals, dtype=np.int64), tuple(scales))


def oracle(lines, prices):
    return "".join(csv_row(n, p) for n, p in zip(lines, prices))


def jsonl_oracle(keys, lines, prices):
    out = []
    for n, p in zip(lines, prices):
        cells = csv_row(n, p).rstrip("\n").split(",")
        record = dict(zip(sweep_headers(keys), cells))
        record.update(line=n, banker=p.banker, player=p.player, tie=p.tie, total=p.total)
        out.append(json.dumps(record) + "\n")
    return "".join(out)


BIG = 2**63 - 1
row = st.tuples(st.integers(0, BIG), st.integers(0, BIG), st.integers(0, BIG),
                st.one_of(st.integers(-BIG, BIG), st.integers(-(2**60), 2**60), st.integers(-10**6, 10**6)),
                st.one_of(st.integers(-BIG, BIG), st.integers(-(2**60), 2**60), st.integers(-10**6, 10**6)))
total = st.one_of(st.integers(1, BIG // 40), st.integers(1, 2**20), st.integers(2**56, 2**58))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(row, total), min_size=1, max_size=6), st.lists(st.integers(1, 40), min_size=2, max_size=2),
       st.integers(0, 10**12))
def test_rows_from_arrays_are_the_exact_edges_formatted(path, shoes, scales, first):
    lines = np.arange(first, first + len(shoes), dtype=np.int64)
    b = block([list(r) for r, _ in shoes], [t for _, t in shoes], scales)
    assert sweep_rows("csv", KEYS, lines, b) == oracle(lines.tolist(), b)
    assert sweep_rows("jsonl", KEYS, lines, b) == jsonl_oracle(KEYS, lines.tolist(), b)
    # as sweep -o has them made: the same text in ASCII bytes
    assert sweep_rows("csv", KEYS, lines, b, encoded=True) == oracle(lines.tolist(), b).encode("ascii")
    assert sweep_rows("jsonl", KEYS, lines, b, encoded=True) == jsonl_oracle(KEYS, lines.tolist(), b).encode("ascii")


def test_the_bounds_of_each_path_and_the_roundings(path):
    # half of the last place both ways, 0, -100%, an edge of 2**62 / 1 (past the numpy path's 2**20 whole
    # part: then the rows are made in Python integers), a denominator of 2**62 (past its 2**59)
    b = block([[1, 2, 3, 1, -1], [0, 0, 0, 0, 7], [5, 5, 5, 2**62, -(2**62)], [0, 1, 2, 3, -5]],
              [2 * 10**12, 7, 1, 2**62], [1, 1])
    lines = np.array([4, 9, 10, 11])
    assert sweep_rows("csv", KEYS, lines, b) == oracle(lines.tolist(), b)
    assert sweep_rows("csv", KEYS, lines[:2], block([[1, 2, 3, 1, -1], [0, 0, 0, 0, 7]], [2 * 10**12, 7], [1, 1])) == (
        "4,1,2,3,2000000000000,-1/2000000000000,-0.0000000001,1/2000000000000,0.0000000001\n"
        "9,0,0,0,7,0/1,0.0000000000,-1/1,-100.0000000000\n")
    # scale * total past int64 (2**62 * 3): the primitives decline, the text is still exact
    b = block([[1, 1, 1, 5, -5]], [2**62], [3, 1])
    assert sweep_rows("csv", KEYS, [1], b) == oracle([1], b)
    assert sweep_rows("csv", KEYS, [1], b, encoded=True) == oracle([1], b).encode("ascii")


@pytest.mark.skipif(native.module() is None, reason=f"pricing by {native.describe()}")
def test_the_primitives_refuse_what_they_cannot_hold():
    kernel = native.module()
    out = np.empty((1, 2, 6), dtype=np.int64)
    for nums, totals, scales in (([[-(2**63), 1]], [5], [1, 1]), ([[1, 1]], [0], [1, 1]), ([[1, 1]], [2**62], [2, 1]),
                                 ([[2**62, 1]], [1], [1, 1])):  # (the last: a whole part of 100 * 2**62)
        assert not kernel.edge_parts(np.array(nums, dtype=np.int64), np.array(totals, dtype=np.int64),
                                     np.array(scales, dtype=np.int64), out)
    cells, ops = np.array([[0, 7, 1], [999, 42, 0]], dtype=np.int64), [(1, 0, 0), (0, 0, 1), (3, 2, 0), (2, 1, 3)]
    assert kernel.text(cells, 3, np.array(ops, dtype=np.int64), b";\n") == b"0;-007999;042"
    assert kernel.text(cells, 3, np.array(ops + [(0, 1, 1)], dtype=np.int64), b";\n") == b"0;-007\n999;042\n"
    assert kernel.text(np.array([[1, 1000, 0]]), 3, np.array(ops, dtype=np.int64), b";") is None  # 4 digits
    assert kernel.text(np.array([[-1, 1, 0]]), 3, np.array(ops, dtype=np.int64), b";") is None
    assert kernel.text(np.array([[2**63 - 1, 0, 0]]), 3, np.array(ops[:1], dtype=np.int64), b"") == b"9223372036854775807"
    for bad in ([(0, 1, 2)], [(4, 0, 0)], [(1, 3, 0)], [(2, 0, 19)]):  # past the literals, a kind, a column, a width
        with pytest.raises(ValueError):
            kernel.text(cells, 3, np.array(bad, dtype=np.int64), b";")
    with pytest.raises(ValueError):
        kernel.text(cells.astype(np.int32), 3, np.array(ops, dtype=np.int64), b";")
    with pytest.raises(ValueError):
        kernel.edge_parts(np.zeros((1, 2), dtype=np.int32), np.ones(1, dtype=np.int64), np.ones(2, dtype=np.int64), out)
