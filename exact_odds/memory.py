"""Running out of memory: one line, never a traceback (one home for the console script, the CLI and the workers).

A question can need more memory than the machine, or the process's limit (``ulimit -v``, a container's),
gives: a suit-reading plan at 8 decks grew past 6 GB. Python raises :class:`MemoryError` where an
allocation fails, numpy its subclass (``Unable to allocate 324 MiB for an array ...``), anywhere in the
library; numpy refuses an array past any machine's reach with a ValueError (:data:`TOO_BIG`, :func:`ran_out`). The console script turns it into :func:`line` and exit status :data:`STATUS` at its top level
(:class:`exact_odds.cli.app.Main`, and :mod:`exact_odds.console` while the commands load); a worker
process sends its own back as a short :class:`MemoryError` (:func:`exact_odds.in_play.workers.parallel`),
and a worker the system killed outright (its out-of-memory killer) is told as :class:`WorkerLost`.
The library itself raises them as they come: a notebook user sees Python's own error.
"""

from __future__ import annotations

#: The exit status after running out of memory (the work failed; the input was not wrong).
STATUS = 1

#: What to try instead, after the reason.
ADVICE = ("the work needs more memory than this process may use; ask a smaller question (fewer decks, a "
          "simpler bet, fewer --jobs) or give it more memory")


#: numpy's words for an array past what any machine could hold, raised as a ValueError, not a MemoryError.
TOO_BIG = ("array is too big", "Maximum allowed size exceeded")


class WorkerLost(RuntimeError):
    """A worker process ended without an answer (killed by the system, most often for want of memory)."""


def ran_out(exc: BaseException) -> bool:
    """Whether ``exc`` says the work did not fit in memory: a MemoryError (numpy's too), numpy's ValueError
    for an array too big to ask for, or a worker lost."""
    return isinstance(exc, (MemoryError, WorkerLost)) or (
        isinstance(exc, ValueError) and str(exc).startswith(TOO_BIG))


def detail(exc: BaseException) -> str:
    """The allocation that failed, in one short line ('Unable to allocate 324 MiB ...'), or ''."""
    try:
        text = " ".join(str(exc).split())
    except MemoryError:  # (nothing left even for the words)
        return ""
    return text[:200]


def reason(exc: BaseException) -> str:
    """What happened and what to try, in words ('out of memory (Unable to allocate ...): ...')."""
    if isinstance(exc, WorkerLost):
        return str(exc)
    said = detail(exc)
    return f"out of memory{f' ({said})' if said else ''}: {ADVICE}"


def line(prog: str, exc: BaseException) -> str:
    """The one line told for ``exc`` (a MemoryError or :class:`WorkerLost`)."""
    return f"{prog}: error: {reason(exc)}"


def worker_lost_text() -> str:
    return ("a worker process ended without an answer (the system stops a process that runs out of memory "
            "this way); " + ADVICE.replace("the work needs", "the work may need"))
