"""Running work over many shoes in N processes, in input order.

Workers are forked after the caller has prepared its state (the compiled
walk and the pricer), so each process starts warm; results come back in
the order of the input whatever the number of processes. Progress is
reported through a callback, so a command can draw a bar (the library
draws nothing).
"""

from __future__ import annotations

import multiprocessing
from typing import Any, Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: A callback told how much work was just finished (the ``size`` of one item).
Progress = Callable[[int], None]


def _one(item: Any) -> int:
    return 1


def check_jobs(jobs: int) -> int:
    """``jobs`` if it is a whole number >= 1."""
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"jobs must be a whole number of processes (int), not {type(jobs).__name__}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    return jobs


def total_size(items: Sequence[T], size: Callable[[T], int] = _one) -> int:
    """The length of the work: the sum of ``size(item)``."""
    return sum(size(i) for i in items)


def run(fn: Callable[[T], R], items: Sequence[T], jobs: int = 1, chunk: int = 1,
        size: Callable[[T], int] = _one, progress: Progress | None = None) -> Iterator[R]:
    """``fn(item)`` for every item, in order, in ``jobs`` processes.

    ``fn`` must be a module-level function (picklable). After each item,
    ``progress(size(item))`` is called if given: the calls add up to
    :func:`total_size`."""
    check_jobs(jobs)
    jobs = min(jobs, len(items))  # a process per item at most: more would only sit idle
    if jobs <= 1:
        results: Iterator[R] = map(fn, items)
        pool = None
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        pool = ctx.Pool(jobs)
        results = pool.imap(fn, items, chunksize=chunk)
    try:
        for item, r in zip(items, results):
            if progress is not None:
                progress(size(item))
            yield r
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
