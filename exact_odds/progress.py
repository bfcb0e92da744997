"""Progress of long work on standard error, with the time left: the one home of the display.

The library reports progress through plain callbacks and never imports a display:

* :data:`Advance`, ``advance(n)``: ``n`` more units done (``simulate``, ``price_shoes``,
  the counting studies, a par sheet's simulation: their ``progress=`` argument);
* :data:`Fraction_done`, ``progress(done, total)``: ``done`` of ``total`` units
  (the know-cards search of banque).

The command line makes those callbacks here, with :func:`tracker`: a bar per
piece of work, the units done, the time spent and the time left (rich's
estimate from the pace so far). Nothing is shown when standard error is not a
terminal, when the command was given ``--quiet``, or when rich is not
installed; the callbacks are then None, and the work runs the same.
rich is imported only when a bar is shown, so a quick command (``edge``)
never loads it.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator


class SlowWork(UserWarning):
    """Work about to take minutes where its like takes milliseconds, said before it starts (a card-level
    bet priced class by class on a shoe in play). The command line shows it as one ``note:`` line on
    standard error; ``warnings.simplefilter("ignore", SlowWork)`` hides it."""


#: ``advance(n)``: n more units of the work are done.
Advance = Callable[[int], None]
#: ``progress(done, total)``: done of total units are done.
Fraction_done = Callable[[int, int], None]


def shown(quiet: bool = False) -> bool:
    """Whether progress is shown: standard error is a terminal, not ``quiet``, and rich is installed."""
    if quiet or not sys.stderr.isatty():
        return False
    try:
        import rich.progress  # noqa: F401
    except ImportError:
        return False
    return True


class Task:
    """One bar: its callbacks for the library, and its end."""

    def __init__(self, display: Any, task_id: Any):
        self._display, self._id = display, task_id

    def advance(self, n: int = 1) -> None:
        """:data:`Advance`: ``n`` more units done."""
        self._display.advance(self._id, n)

    def update(self, done: int, total: int) -> None:
        """:data:`Fraction_done`: ``done`` of ``total`` units done."""
        self._display.update(self._id, completed=done, total=max(total, 1))

    def finish(self) -> None:
        """The work is done: the bar is full, and removed once the tracker ends."""
        task = self._display.tasks[[t.id for t in self._display.tasks].index(self._id)]
        self._display.update(self._id, completed=task.total or 1, total=task.total or 1)


class Tracker:
    """Bars on standard error (:func:`tracker`), one :meth:`task` per piece of work."""

    def __init__(self, display: Any):
        self._display = display

    def task(self, label: str, total: int | None = None) -> Task:
        """A new bar of ``total`` units (None: not known yet; :meth:`Task.update` gives it)."""
        return Task(self._display, self._display.add_task(label, total=total))


@contextmanager
def tracker(quiet: bool = False) -> Iterator[Tracker | None]:
    """A :class:`Tracker` while the block runs, or None when progress is not :func:`shown`.
    The bars are cleared when the block ends, so the output that follows stands alone."""
    if not shown(quiet):
        yield None
        return
    from rich.console import Console
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                               TimeRemainingColumn)

    columns = (TextColumn("exact-odds: {task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as display:
        yield Tracker(display)


@contextmanager
def bar(label: str, total: int, quiet: bool = False) -> Iterator[Advance | None]:
    """One bar of ``total`` units: yields its :data:`Advance` callback, or None when nothing is shown."""
    with tracker(quiet) as t:
        yield None if t is None else t.task(label, total).advance
