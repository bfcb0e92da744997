"""Running work over many shoes in N processes, in input order.

Workers are forked after the caller has prepared its state (the compiled
walk and the pricer), so each process starts warm; results come back in
the order of the input whatever the number of processes.
"""

from __future__ import annotations

import multiprocessing
import sys
from typing import Callable, Iterator, Sequence

import click


def run(fn: Callable, items: Sequence, jobs: int = 1, label: str = "", chunk: int = 1,
        size: Callable = lambda item: 1) -> Iterator:
    """``fn(item)`` for every item, in order; ``jobs`` processes; a progress bar on a terminal.

    ``fn`` must be a module-level function (picklable); the bar advances by
    ``size(item)`` per item."""
    show = sys.stderr.isatty()
    bar = click.progressbar(length=sum(size(i) for i in items), label=label, file=sys.stderr) if show else None
    jobs = min(jobs, len(items))  # a process per item at most: more would only sit idle
    if jobs <= 1:
        results = map(fn, items)
        pool = None
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        pool = ctx.Pool(jobs)
        results = pool.imap(fn, items, chunksize=chunk)
    try:
        if bar is not None:
            bar.__enter__()
        for item, r in zip(items, results):
            if bar is not None:
                bar.update(size(item))
            yield r
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        if pool is not None:
            pool.terminate()
            pool.join()
