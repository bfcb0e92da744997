"""Running work over many shoes in N processes, or on a Dask cluster, in input order.

Workers are forked after the caller has prepared its state (the compiled
walk and the pricer), so each process starts warm; results come back in
the order of the input whatever the number of processes. Progress is
reported through a callback, so a command can draw a bar (the library
draws nothing).

The processes are a :class:`concurrent.futures.ProcessPoolExecutor` (the
standard Executor interface: :func:`run` only submits work and reads
futures). Ctrl-C is the parent's alone: the workers ignore SIGINT (they are
forked with it blocked, and ignore it before unblocking it), so a terminal's
Ctrl-C, sent to the whole process group, prints nothing from them. SIGTERM
and SIGHUP end a worker outright (the system's default, whatever handler the
parent had), and a worker ends when its parent does, however the parent
ended (on Linux, ``PR_SET_PDEATHSIG``: even a parent killed with SIGKILL
leaves no worker behind; strictly, when the parent's thread that started
the workers ends, which in :func:`run` is the thread reading its results). When the
parent stops early (Ctrl-C, an error, or the caller dropping the iterator),
the workers are killed outright and reaped, pending work is cancelled, and
the executor is shut down without waiting: a worker killed while holding a
queue's lock cannot make the parent wait, now or at interpreter exit. A worker
that runs out of memory sends back a short MemoryError, and one the system
killed outright (its out-of-memory killer) is a
:class:`~exact_odds.memory.WorkerLost` (:mod:`exact_odds.memory`). Local
work, in this process or the forked ones, runs with one BLAS thread
(:mod:`exact_odds.blas`): more only fight over the cores.

With ``jobs = Dask(address)`` (a Dask scheduler's address) the executor is a Dask
client's instead (:mod:`exact_odds.in_play.workers.executors`): the same submits, the
same order, the same results. Workers there are other processes, often on
other machines, and inherit nothing: ``setup = (function, args)`` is called
once in each process before its first item (forked local workers inherit it
from the parent, which calls it first). Stopping early cancels the tasks
queued for this client and closes it.
"""

from __future__ import annotations

import gc
import multiprocessing
import pickle
import signal
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence, TypeVar
from uuid import uuid4

from exact_odds import memory
from exact_odds.in_play.workers import executors
from exact_odds.blas import one_blas_thread

T = TypeVar("T")
R = TypeVar("R")

#: A callback told how much work was just finished (the ``size`` of one item).
Progress = Callable[[int], None]

#: Batches submitted ahead per process: enough to keep every process busy
#: while the oldest result is awaited, few enough that stopping is immediate.
AHEAD = 2

#: Seconds to wait for a killed process to be reaped, and for the executor's
#: own thread to finish, before giving up on them (they never take that long).
REAP_SECONDS = 1.0


def _one(item: Any) -> int:
    return 1


#: Where work runs: a number of local processes, or a Dask cluster.
Jobs = int | executors.Dask


def check_jobs(jobs: Jobs) -> Jobs:
    """``jobs`` if it is a whole number >= 1 (local processes) or a
    :class:`~exact_odds.in_play.workers.executors.Dask` cluster."""
    if isinstance(jobs, executors.Dask):
        return jobs
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError(f"jobs must be a whole number of processes (int) or a Dask cluster "
                        f"(exact_odds.in_play.workers.executors.Dask), not {type(jobs).__name__}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    return jobs


def check_progress(progress: Progress | None) -> Progress | None:
    """``progress`` if it is None or callable (called with the size of each finished item)."""
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function called with the work done, or None; "
                        f"not {type(progress).__name__}")
    return progress


def total_size(items: Sequence[T], size: Callable[[T], int] = _one) -> int:
    """The length of the work: the sum of ``size(item)``."""
    return sum(size(i) for i in items)


#: The signals held back while workers are forked: Ctrl-C, and those that stop the console
#: script the same way (:mod:`exact_odds.interrupts`), whose handlers a worker must not run.
_HELD = {signal.SIGINT, signal.SIGTERM} | ({signal.SIGHUP} if hasattr(signal, "SIGHUP") else set())


def _worker_signals(parent: int) -> None:
    """A worker's first act: ignore Ctrl-C (the parent handles it), take the system's default
    for SIGTERM and SIGHUP (the parent's handlers, copied by the fork, would raise
    KeyboardInterrupt here), ask to be killed when the parent dies, then let signals in."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _HELD - {signal.SIGINT}:
        signal.signal(signum, signal.SIG_DFL)
    _die_with_parent(parent)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


def _die_with_parent(parent: int) -> None:
    """SIGKILL to this process when its parent ends (Linux's ``prctl(PR_SET_PDEATHSIG)``); if the
    parent has ended already, end now. Elsewhere nothing: the parent's own stopping kills its workers."""
    import os
    import sys

    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no prctl to be found: as elsewhere
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


#: A worker's state, made once per process: ``(function, args)`` called before the first item.
Setup = tuple[Callable[..., Any], tuple[Any, ...]]

#: The setups already made in this process, by the token of their run.
_SET_UP: set[str] = set()


class _Batch:
    """A batch of items sent to a Dask worker as one opaque object: a Dask client walks every
    list and tuple it is given, element by element, looking for futures (for 20,000 shoes of
    ten counts, seconds of the client's time, and it ran on no worker)."""

    __slots__ = ("items",)

    def __init__(self, items: Sequence[Any]):
        self.items = items

    def __reduce__(self):
        return _Batch, (self.items,)


def _apply(fn: Callable[[T], R], batch: Sequence[T] | _Batch, setup: tuple[str, Setup | bytes] | None = None) -> list[R]:
    if isinstance(batch, _Batch):
        batch = batch.items
    try:
        # One BLAS thread here too: a Dask worker's numpy starts one a core, and the worker processes
        # already share the cores (exact_odds.blas).
        with one_blas_thread():
            if setup is not None and setup[0] not in _SET_UP:
                function, args = pickle.loads(setup[1]) if isinstance(setup[1], bytes) else setup[1]
                function(*args)
                _SET_UP.add(setup[0])
            return [fn(item) for item in batch]
    except MemoryError as exc:
        said = memory.detail(exc)
    # Raised here, once the frames that held the memory are gone: a short error, with nothing of theirs, is
    # what the worker can still send back (the caller's command line tells it in one line: exact_odds.memory).
    raise MemoryError(said)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held back in this thread while processes are forked (a child
    inherits the mask, so none can reach a worker before it has set its own handling); the
    parent gets a signal held back when the block ends."""
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def process_executor(jobs: int) -> ProcessPoolExecutor:
    """An executor of ``jobs`` forked processes (spawned where fork is missing) that ignore Ctrl-C
    and end with this process (module docstring)."""
    import os

    check_jobs(jobs)
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(jobs, mp_context=ctx, initializer=_worker_signals, initargs=(os.getpid(),))


def stop(executor: Executor) -> None:
    """Stop ``executor`` now: kill its processes and reap them, cancel what is pending, and
    shut it down without waiting for any work (used when the caller stops early)."""
    processes = list((getattr(executor, "_processes", None) or {}).values())
    for p in processes:
        try:
            p.kill()
        except (OSError, ValueError, AttributeError):
            pass
    for p in processes:
        try:
            p.join(REAP_SECONDS)
        except (OSError, ValueError, AttributeError, AssertionError):
            pass
    # A worker killed in the middle of sending a result would leave the executor's thread
    # waiting for the rest of it; with every worker dead, closing the parent's copy of the
    # writing end turns that wait into end-of-file, which the executor handles.
    writer = getattr(getattr(executor, "_result_queue", None), "_writer", None)
    if processes and writer is not None:
        try:
            writer.close()
        except OSError:
            pass
    thread = getattr(executor, "_executor_manager_thread", None)  # shutdown() forgets it
    executor.shutdown(wait=False, cancel_futures=True)
    if thread is not None:
        # Let the executor's thread finish now, so that the wake-up call sent to it at
        # interpreter exit cannot race with its closing (Python 3.11 prints an error then).
        thread.join(REAP_SECONDS)


def run(fn: Callable[[T], R], items: Sequence[T], jobs: Jobs = 1, chunk: int = 1,
        size: Callable[[T], int] = _one, progress: Progress | None = None,
        setup: Setup | None = None) -> Iterator[R]:
    """``fn(item)`` for every item, in order, in ``jobs`` processes (or on a Dask cluster:
    ``jobs = Dask(address)``).

    ``fn`` must be a module-level function (picklable). Items go to the
    processes ``chunk`` at a time. After each item, ``progress(size(item))``
    is called if given: the calls add up to :func:`total_size`. ``setup``,
    ``(function, args)``, is called here first and once in every other
    process that runs items. Stopping early (Ctrl-C, an error, closing the
    iterator) kills the processes, or cancels the cluster's tasks."""
    check_jobs(jobs)
    check_progress(progress)
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, not {chunk!r}")
    if setup is not None:
        function, args = setup
        with one_blas_thread():  # (the setup prices too: the pricer's tables)
            function(*args)
    # The setup travels with every batch (a Dask worker may first see any of them), pickled once
    # here: a worker that has it already skips reading it (unpickling the bets of a sweep was
    # 0.7 ms a batch, and pickling them 0.5 ms more in the parent, against ~5 ms of work).
    token = (uuid4().hex, pickle.dumps(setup)) if setup is not None else None
    if token is not None:
        _SET_UP.add(token[0])
    batches = [items[i: i + chunk] for i in range(0, len(items), chunk)]
    if isinstance(jobs, executors.Dask):
        cluster = executors.connect(jobs)
        finished = False
        try:
            yield from _in_order(cluster.executor, fn, batches, max(cluster.threads, 1) * AHEAD, size, progress,
                                 token, opaque=True)
            finished = True
        except (ImportError, RuntimeError, AttributeError) as exc:
            error = executors.mismatch(exc)
            if error is None:
                raise
            raise error from None
        finally:
            executors.disconnect(cluster, early=not finished)
        return
    jobs = min(jobs, len(items))  # a process per item at most: more would only sit idle
    # One BLAS thread (exact_odds.blas), here and in the forked processes, which inherit it:
    # worker processes share the cores already, and even in one process a second BLAS thread only
    # spins on a busy machine (4,096 shoes priced in 13-15 s against 0.17 s at load 8; numpy imported
    # before exact_odds, as the command line and most notebooks do, starts a thread per core).
    with one_blas_thread():
        if jobs <= 1:
            for item in items:
                r = fn(item)
                if progress is not None:
                    progress(size(item))
                yield r
            return
        yield from _in_processes(fn, items, batches, jobs, size, progress, token)


def _in_processes(fn: Callable[[T], R], items: Sequence[T], batches: list[Sequence[T]], jobs: int,
                  size: Callable[[T], int], progress: Progress | None, token: tuple[str, bytes] | None) -> Iterator[R]:
    """:func:`run`'s results from ``jobs`` local processes."""
    executor = process_executor(jobs)
    finished = False
    # The objects made so far (the compiled walk, the pricer: hundreds of thousands) are left out of
    # the collector's scans while the workers fork: a forked worker's collection would otherwise
    # touch each of them, copying the parent's memory page by page into every worker.
    gc.freeze()
    ending: list[Any] = []  # the executor's thread and processes, once told to shut down (shutdown forgets them)

    def all_done() -> None:
        """Every result is in: let the workers end now, while the caller reads the last results
        (their ending took 10 ms after the last result of ``simulate --shoes 1000 --jobs 2``)."""
        ending.append(getattr(executor, "_executor_manager_thread", None))
        ending.extend((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False)

    try:
        yield from _in_order(executor, fn, batches, jobs * AHEAD, size, progress, token, all_done=all_done)
        finished = True
    except BrokenProcessPool:  # a worker killed outright, most often by the system for want of memory
        raise memory.WorkerLost(memory.worker_lost_text()) from None
    finally:
        gc.unfreeze()
        if finished:
            try:
                executor.shutdown(wait=True)
                if ending and ending[0] is not None:
                    ending[0].join()  # (as shutdown(wait=True) would have: the workers are reaped)
            except BaseException:
                _stop_ending(executor, ending)
                raise
        else:
            _stop_ending(executor, ending)


def _stop_ending(executor: Executor, ending: list[Any]) -> None:
    """:func:`stop`, also of the processes and thread of an executor already told to shut down."""
    stop(executor)
    for p in ending[1:]:
        try:
            p.kill()
            p.join(REAP_SECONDS)
        except (OSError, ValueError, AttributeError, AssertionError):
            pass
    if ending and ending[0] is not None:
        ending[0].join(REAP_SECONDS)


def _in_order(executor: Executor, fn: Callable[[T], R], batches: list[Sequence[T]], ahead: int,
              size: Callable[[T], int], progress: Progress | None,
              setup: tuple[str, bytes] | None = None, opaque: bool = False,
              all_done: Callable[[], None] | None = None) -> Iterator[R]:
    """The results of every batch in order, with at most ``ahead`` batches submitted and not yet read
    (each sent as one :class:`_Batch` if ``opaque``: what a Dask client should not look into);
    ``all_done()`` is called once the last result is in, before it is given out."""
    pending: deque[tuple[Sequence[T], Future]] = deque()
    upcoming = iter(batches)

    def submit_more() -> None:
        for batch in upcoming:
            pending.append((batch, executor.submit(_apply, fn, _Batch(batch) if opaque else batch, setup)))
            if len(pending) >= ahead:
                return

    with _signals_held():  # the first submit forks the processes
        submit_more()
    while pending:
        batch, future = pending.popleft()
        results = future.result()
        submit_more()
        if not pending and all_done is not None:
            all_done()
        for item, r in zip(batch, results):
            if progress is not None:
                progress(size(item))
            yield r
