"""The ``exact-odds`` console script and ``python -m exact_odds``.

Importing the command line loads click, tabulate and every command; a Ctrl-C
during that half second would otherwise print a KeyboardInterrupt traceback.
This module imports nothing heavy itself, so the import happens inside
:func:`main`, where a Ctrl-C is the same one line and exit status 130 as
during a command (:class:`exact_odds.cli.app.Main`); SIGTERM and SIGHUP likewise, with their
own word and status (:mod:`exact_odds.interrupts`). Running out of memory, anywhere, is one line
and exit status 1 too (:mod:`exact_odds.memory`).
"""

from __future__ import annotations

import gc
import sys

from exact_odds.interrupts import caused_by_ctrl_c, exit_status, install, say_interrupted


#: Objects made between two of the collector's passes over the young ones, in the console script
#: (Python's default is 700). Start-up makes tens of thousands that live to the end (the command
#: line's modules, numpy, a command's tables), and passes over them every 700 were ~5 ms of a cold
#: edge and ~7 ms of a sweep's parent before it forks; a pass over 50,000 is a millisecond or two.
YOUNG_OBJECTS = 50_000


def _out_of_memory(exc: MemoryError) -> None:
    """One line and exit status 1 (:mod:`exact_odds.memory`), never a traceback."""
    from exact_odds import memory

    try:
        sys.stderr.write(memory.line("exact-odds", exc) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, MemoryError):
        pass
    raise SystemExit(memory.STATUS) from None


def main() -> None:
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
    install("exact-odds")  # every Ctrl-C stops the program, even one Python would ignore
    try:
        from exact_odds.blas import single_threaded_by_default, small_pages_by_default

        single_threaded_by_default()  # the commands' processes (--jobs) share the cores: no BLAS threads
        small_pages_by_default()  # no huge pages for numpy's arrays: the card plans' memory paged quickly
        from exact_odds.cli import main as command_line
        gc.freeze()  # (they live to the end: out of every later pass)
    except MemoryError as exc:  # (while the commands load: the command line's own is exact_odds.memory's too)
        _out_of_memory(exc)
    except BaseException as exc:
        if not caused_by_ctrl_c(exc):
            raise
        say_interrupted("exact-odds")
        raise SystemExit(exit_status()) from None
    try:
        command_line(prog_name="exact-odds")
    except MemoryError as exc:  # one the command line's handler could not catch (it ran out itself)
        _out_of_memory(exc)
    finally:
        # What the command made lives until the process ends: keep it out of the collector's
        # passes while Python finalises (after simulate, 50-75 ms of them, half of it this way).
        gc.freeze()
