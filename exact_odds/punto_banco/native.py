"""The compiled kernel, if it was built and is not switched off.

``exact_odds_native`` is a C extension (``exact_odds/punto_banco/_native.c``, its exactness bounds
proven in its comment) that setup.py builds where a C compiler is found; without one, ``pip install``
installs the package without it. (A top-level module: setup.py says why.) :func:`module` gives it, or None where it is
missing or the environment variable ``EXACT_ODDS_PURE`` is set to anything but ``""`` or ``0``
(then :class:`~exact_odds.punto_banco.pricer.Pricer` prices by numpy, or by pure Python without
numpy: the same integers). It is read once per process.
"""

from __future__ import annotations

import os
from functools import lru_cache
from types import ModuleType

#: The environment variable that forces the numpy / pure-Python paths.
PURE = "EXACT_ODDS_PURE"


@lru_cache(maxsize=1)
def module() -> ModuleType | None:
    """The compiled kernel, or None (not built, or ``EXACT_ODDS_PURE`` set)."""
    if os.environ.get(PURE, "") not in ("", "0"):
        return None
    try:
        import exact_odds_native
    except ImportError:
        return None
    return exact_odds_native


def describe() -> str:
    """Which path prices value-level bets in this process, in a few words."""
    if module() is not None:
        return "compiled kernel"
    if os.environ.get(PURE, "") not in ("", "0"):
        return f"numpy or pure Python ({PURE} is set)"
    return "numpy or pure Python (the compiled kernel was not built)"


def tables(np, rows):
    """The kernel's tables for a pricer's basis rows (an (R, 5,005) float64 array of whole numbers
    0..720) with the blocked layout of :mod:`exact_odds.punto_banco.bilinear`; None where the kernel
    is missing or takes no such rows (over 256)."""
    kernel = module()
    if kernel is None:
        return None
    from exact_odds.punto_banco.bilinear import layout

    lay = layout()
    prefix = []
    for p, t in enumerate(lay.prefix_triples):
        a, _first, _end, start, stop = lay.groups[lay.group_of_prefix[p]]
        prefix.append((t, lay.by_value[a][2], start, stop))
    return kernel.prepare(np.ascontiguousarray(rows, dtype=np.float64), np.array(lay.cell, dtype=np.int32),
                          np.array(prefix, dtype=np.int32), np.array(lay.triple_slots, dtype=np.int32))


def rows(tables: bytes, value_counts, matrix, norm: int):
    """``(rows, totals)``: ``matrix @ [B f; total]`` of every shoe (lists of Python ints) and its
    six-card total, by the kernel; None if ``matrix`` is of Python ints (``norm >= 2**63``) or the
    kernel declines a shoe (its bounds: exact_odds/punto_banco/_native.c), so the caller prices."""
    if matrix.dtype == object:
        return None
    out, totals = module().counts(tables, value_counts, matrix, norm)
    return None if None in totals else (out, totals)


def rows_into(np, tables: bytes, values, matrix, norm: int):
    """:func:`rows` as int64 arrays, ``(rows (S, E), totals (S,))``, for ``values`` an (S, 10) int64
    array of value counts: no Python int made (what a sweep formats as whole arrays). None where
    :func:`rows` gives None."""
    if matrix.dtype == object:
        return None
    out = np.empty((len(values), matrix.shape[0] + 1), dtype=np.int64)
    if module().counts_into(tables, np.ascontiguousarray(values, dtype=np.int64), matrix, norm, out):
        return None
    return out[:, :-1], out[:, -1]
