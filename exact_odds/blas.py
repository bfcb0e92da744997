"""numpy's settings for the processes that price: one BLAS thread, and small pages for large arrays.

The fast path's matrix products (:mod:`exact_odds.punto_banco.pricer`) go to
numpy's BLAS, which by default starts a thread per core for each product.
``simulate`` already runs one process per core, so those threads only fight
over the cores: measured on the shared 2-core machine with other jobs running,
pricing the coups of 50 shoes took 0.07 s of CPU with one BLAS thread and
0.8-3.5 s with two (the threads spin while they wait for each other). The
products are exact either way (integers below 2**53 in float64, module
docstring of the pricer), so the thread count changes no number.

:func:`one_blas_thread` sets OpenBLAS (the library numpy's wheels ship) to one
thread for a ``with`` block and restores it after; processes forked inside the
block inherit the setting. Where the library is not OpenBLAS or cannot be
found (another platform), it does nothing.

:func:`single_threaded_by_default` goes further for a process of our own (the
console script, and whoever imports numpy through
:func:`~exact_odds.punto_banco.features.numpy_or_none` first): before numpy is
imported, it asks BLAS for one thread unless the environment already chose, so
no BLAS thread is started at all. Once started, an idle OpenBLAS thread spins on
a core for a while after every product, which on two cores takes one from the
worker processes (``simulate --jobs 2``: 3.5-7% of the run), and the threads are
joined at exit.

:func:`small_pages_by_default` does the same, before numpy is imported, for numpy's request of
transparent huge pages for every large array (``madvise(MADV_HUGEPAGE)``, numpy's default on Linux).
Where the kernel's ``transparent_hugepage/defrag`` is ``madvise`` (the kernel's default), each such request
may compact memory synchronously on the first touch of the array's pages: the card engine's plans,
whose arrays of millions of entries are made and dropped by the dozen, spent most of their time there.
Measured on the 2-core machine (three alternated runs each): three catalog bets' first plans 6.3-7.5 s
with huge pages (4.5-5.7 s of it in the kernel) and 2.2-2.3 s without (0.5 s); "two pairs, three of one
suit" in play 13.5-14.4 s against 6.0 s. No number changes: only how memory is paged. An environment
that sets ``NUMPY_MADVISE_HUGEPAGE`` keeps its choice.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterator

#: The names OpenBLAS builds give their thread-count functions (numpy's wheels: scipy_openblas64).
_NAMES = (("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
          ("scipy_openblas_get_num_threads", "scipy_openblas_set_num_threads"),
          ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
          ("openblas_get_num_threads", "openblas_set_num_threads"))


#: The environment variables the BLAS builds numpy may load read for their thread count.
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def single_threaded_by_default() -> None:
    """Ask BLAS for one thread, unless the environment already set a count; only before numpy is
    imported (after that its threads exist: :func:`one_blas_thread` then sets the count)."""
    if "numpy" not in sys.modules:
        for name in THREAD_VARIABLES:
            os.environ.setdefault(name, "1")


#: numpy reads it once, at import: "0" asks for no transparent huge pages.
HUGE_PAGES_VARIABLE = "NUMPY_MADVISE_HUGEPAGE"


def small_pages_by_default() -> None:
    """Ask numpy for no transparent huge pages, unless the environment already chose; only before numpy
    is imported (it reads the setting once)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault(HUGE_PAGES_VARIABLE, "0")


@lru_cache(maxsize=1)
def _openblas() -> tuple[Any, Any] | None:
    """(get, set) of the OpenBLAS numpy has loaded, or None (found once per process: a forked
    process shares the library, and a Dask worker asks once per batch)."""
    import ctypes  # (here: the console imports this module, and a cold edge needs no ctypes)

    import numpy  # noqa: F401  (loads its BLAS)

    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            paths = sorted({line.split()[-1] for line in maps if "openblas" in line.lower() and "/" in line})
    except OSError:
        return None
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        for get, set_ in _NAMES:
            if hasattr(lib, get) and hasattr(lib, set_):
                return getattr(lib, get), getattr(lib, set_)
    return None


@contextmanager
def one_blas_thread() -> Iterator[bool]:
    """One OpenBLAS thread inside the block (yields whether the setting could be made)."""
    functions = _openblas()
    if functions is None:
        yield False
        return
    get, set_ = functions
    before = int(get())
    set_(1)
    try:
        yield True
    finally:
        set_(before)
