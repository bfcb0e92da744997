"""Ctrl-C on the command line: telling it apart from an error, and making sure it always stops.

One home for the console script and the CLI (:mod:`exact_odds.console`,
:class:`exact_odds.cli.app.Main`).

SIGTERM (``kill``, a service manager) and SIGHUP (the terminal closed) stop
the console script the same way as a Ctrl-C: a KeyboardInterrupt in the main
thread, so the workers are stopped and the command says so in one line; the
exit status is 128 plus the signal's number (130, 143, 129), as a shell
reports a process the signal ended. A signal set to be ignored when the
program starts (``nohup`` ignores SIGHUP) stays ignored.

Python turns SIGINT into a KeyboardInterrupt raised wherever the main thread
is. Where that is a weak reference's callback or a ``__del__`` (importlib
drops its module locks through one while a command's modules load), Python
*ignores* the exception: it prints "Exception ignored in ..." with a
traceback, and the command runs on as if nothing happened. :func:`install`
closes that hole for the console script only (never for a library user):

* an interrupt Python would ignore ends the program at once, with the one
  line and exit status 130 (``sys.unraisablehook``);
* any other interrupt that has not ended the program within
  :data:`GRACE_SECONDS` (one swallowed by some ``except BaseException``)
  ends it then, the same way.

Either way the worker processes are killed first, so none is left behind.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator

#: Seconds a Ctrl-C is given to stop the program the ordinary way (workers stopped, a Dask
#: cluster's tasks cancelled: well under two seconds) before it is stopped outright.
GRACE_SECONDS = 3.0

_STATE: dict[str, Any] = {"prog": "exact-odds", "said": False, "backstop": None, "signal": signal.SIGINT}

#: The signals that stop the console script as a Ctrl-C does, and the word each is told by.
STOPPING = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated (SIGTERM)"}
if hasattr(signal, "SIGHUP"):  # not on Windows
    STOPPING[signal.SIGHUP] = "hung up (SIGHUP)"
_LOCK = threading.RLock()  # re-entrant: a second Ctrl-C may land while this thread holds it


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is a KeyboardInterrupt or was raised while handling one.

    Python wraps some exceptions: a Ctrl-C while a dataclass is being defined
    (in an import) arrives as ``RuntimeError: Error calling __set_name__``,
    its cause the KeyboardInterrupt."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def exit_status() -> int:
    """The exit status after the stopping signal received (128 + its number; 130 for a Ctrl-C,
    or for a KeyboardInterrupt raised by other means)."""
    return 128 + int(_STATE["signal"])


def say_interrupted(prog: str | None = None) -> None:
    """Write "<prog>: interrupted" (or "terminated (SIGTERM)", "hung up (SIGHUP)") to standard
    error (and remember it: :func:`stop_now` then does not write it twice)."""
    _STATE["said"] = True
    try:
        sys.stderr.write(f"{prog or _STATE['prog']}: {STOPPING.get(_STATE['signal'], 'interrupted')}\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # standard error closed: nothing to tell
        pass


@contextmanager
def deferred() -> Iterator[None]:
    """A step that a stop must not cut in two: a Ctrl-C, SIGTERM or SIGHUP that comes during the
    ``with`` block is noted, and its handler (the KeyboardInterrupt) runs when the block ends.

    For the library too (simulate adds each block of shoes to the state its checkpoint saves this
    way). Python runs a signal's handler in the main thread whichever thread the system gave the
    signal to, so blocking the signal in this thread (``pthread_sigmask``) would not do where other
    threads run (a process pool's); the handlers are swapped instead. Only Python handlers are:
    a signal left to the system's default ends the process at once, as it would have. Outside the
    main thread (where no handler runs) nothing is swapped."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def note(signum: int, frame: Any) -> None:
        came.append(signum)

    swapped = {}
    for signum in STOPPING:
        handler = signal.getsignal(signum)
        if callable(handler):
            swapped[signum] = handler
            signal.signal(signum, note)
    try:
        yield
    finally:
        for signum, handler in swapped.items():
            signal.signal(signum, handler)
        if came:
            swapped[came[0]](came[0], None)


@contextmanager
def finishing(most: float) -> Iterator[None]:
    """Work a stop must let end, such as the last save of a checkpoint after a Ctrl-C: while it runs, the
    backstop (:data:`GRACE_SECONDS` after the signal) waits, at most ``most`` seconds from now, so it
    never cuts the work in two; then it stops the program as before. A second Ctrl-C still ends the
    work, as any KeyboardInterrupt does."""
    import time

    with _LOCK:
        _STATE["until"] = time.monotonic() + most
    try:
        yield
    finally:
        with _LOCK:
            _STATE["until"] = None


def _backstop() -> None:
    """:func:`stop_now`, unless :func:`finishing` work runs: then once it ends (or its time is up)."""
    import time

    with _LOCK:
        until = _STATE.get("until")
    left = 0 if until is None else until - time.monotonic()
    if left > 0:
        timer = threading.Timer(min(left, 0.2), _backstop)
        timer.daemon = True
        timer.start()
        return
    stop_now()


def install(prog: str = "exact-odds") -> None:
    """Make every Ctrl-C, SIGTERM and SIGHUP stop the console script (module docstring). Only
    where Python's own handler is in place (for SIGTERM and SIGHUP: the system's default), so a
    program that chose another, or ignores one (``nohup``), keeps it."""
    _STATE["prog"] = prog
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_signal)
    for signum in STOPPING:
        if signum != signal.SIGINT and signal.getsignal(signum) == signal.SIG_DFL:
            signal.signal(signum, _on_signal)
    previous = sys.unraisablehook

    def unraisable(args: Any) -> None:
        if args.exc_value is not None and caused_by_ctrl_c(args.exc_value):
            stop_now()
        previous(args)

    sys.unraisablehook = unraisable


def _on_signal(signum: int, frame: Any) -> None:
    """Python's own behaviour for a Ctrl-C (a KeyboardInterrupt here), with the backstop started;
    the first signal is the one told and the exit status."""
    with _LOCK:
        if _STATE["backstop"] is None:
            _STATE["signal"] = signum
            timer = threading.Timer(GRACE_SECONDS, _backstop)
            timer.daemon = True
            _STATE["backstop"] = timer
            timer.start()
    raise KeyboardInterrupt


def stop_now() -> None:
    """End the program: the one line (unless it was written), the worker processes killed, exit
    status 128 + the signal (130 for a Ctrl-C), without unwinding (what would unwind has already failed to)."""
    with _LOCK:
        said = _STATE["said"]
    if not said:
        say_interrupted()
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None:
        for child in multiprocessing.active_children():
            try:
                child.kill()
            except (OSError, ValueError, AttributeError):  # already gone, or not started
                pass
    os._exit(exit_status())
