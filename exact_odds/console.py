"""The ``exact-odds`` console script and ``python -m exact_odds``.

Importing the command line loads click, tabulate and every command; a Ctrl-C
during that half second would otherwise print a KeyboardInterrupt traceback.
This module imports nothing heavy itself, so the import happens inside
:func:`main`, where a Ctrl-C is the same one line and exit status 130 as
during a command (:class:`exact_odds.cli.app.Main`); SIGTERM and SIGHUP likewise, with their
own word and status (:mod:`exact_odds.interrupts`).
"""

from __future__ import annotations

import gc

from exact_odds.interrupts import caused_by_ctrl_c, exit_status, install, say_interrupted


def main() -> None:
    # The collector stays off while the command line's modules load: they make some 14,000 objects
    # that live until the end, and its passes over them were ~5 ms of a cold edge. Then they are
    # frozen (never scanned again) and it runs as usual.
    gc.disable()
    install("exact-odds")  # every Ctrl-C stops the program, even one Python would ignore
    try:
        from exact_odds.blas import single_threaded_by_default

        single_threaded_by_default()  # the commands' processes (--jobs) share the cores: no BLAS threads
        from exact_odds.cli import main as command_line
        gc.freeze()
        gc.enable()
    except BaseException as exc:
        if not caused_by_ctrl_c(exc):
            raise
        say_interrupted("exact-odds")
        raise SystemExit(exit_status()) from None
    try:
        command_line(prog_name="exact-odds")
    finally:
        # What the command made lives until the process ends: keep it out of the collector's
        # passes while Python finalises (after simulate, 50-75 ms of them, half of it this way).
        gc.freeze()
