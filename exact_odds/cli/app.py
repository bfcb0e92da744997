"""The ``exact-odds`` command line: parse, call the library, render.

Every command is thin. Bad input becomes a one-line ``error:`` message with
exit status 2 (click's usage-error status) and never a traceback.
"""

from __future__ import annotations

import errno
import io
import os
import sys

import click

from exact_odds import __version__, memory
from exact_odds.interrupts import caused_by_ctrl_c, exit_status, say_interrupted
from exact_odds.memory import WorkerLost
from exact_odds.bets.paytable import PayTableError
from exact_odds.cards.budget import BudgetError, OverBudget
from exact_odds.report.emit import fit_stream
from exact_odds.rules.shoe import ShoeError


class InputError(click.UsageError):
    """Bad input from the user: reported in one line, exit status 2."""


def _notes_as_lines(prog: str) -> None:
    """The library's :class:`~exact_odds.progress.SlowWork` warnings as one ``note:`` line each on standard
    error (Python's default shows a file, a line number and a line of source); other warnings as before."""
    import warnings

    from exact_odds.progress import SlowWork

    shown = getattr(warnings.showwarning, "shown_before_notes", warnings.showwarning)  # (once per process)

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, SlowWork):
            click.echo(f"{prog}: note: {message}", err=True)
        else:
            shown(message, category, filename, lineno, file, line)

    show.shown_before_notes = shown
    warnings.showwarning = show


class Interrupted(Exception):
    """Ctrl-C while a command ran (not a KeyboardInterrupt, so click does not report it itself)."""


#: Raised by click >= 8.2 for a group called with no arguments; older clicks print the help themselves.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
#: Raised by click >= 8.2 for an unknown command, with close matches ("Did you mean ...?").
_NO_SUCH_COMMAND = getattr(click.exceptions, "NoSuchCommand", ())


class Main(click.Group):
    """A click group whose usage errors print as one line."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        prog = prog_name or "exact-odds"
        try:
            _fit_standard_streams()
            _notes_as_lines(prog)
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()  # a full disk shows here, not in an ignored exception at exit
        except _NO_ARGS_IS_HELP as exc:  # 'exact-odds' alone: show the help as help
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else self._command_path(args, prog_name)
            message = " ".join(exc.format_message().split())
            click.echo(f"{where}: error: {message} (see '{where} --help')", err=True)
            sys.exit(2)
        except (ShoeError, PayTableError, BudgetError, OverBudget) as exc:  # raised outside option parsing
            click.echo(f"{prog}: error: {exc}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except (Interrupted, click.exceptions.Abort, KeyboardInterrupt):  # Ctrl-C (Abort: in click's own parsing)
            _silence_stdout()
            say_interrupted(prog)
            sys.exit(exit_status())  # 130 for a Ctrl-C; 143 after SIGTERM, 129 after SIGHUP
        except (MemoryError, WorkerLost) as exc:  # anywhere, in this process or a worker (exact_odds.memory)
            _silence_stdout()
            _say(memory.line(prog, exc))
            sys.exit(memory.STATUS)
        except ValueError as exc:  # numpy's "array is too big" (other ValueErrors as before)
            if not memory.ran_out(exc):
                raise
            _silence_stdout()
            _say(memory.line(prog, exc))
            sys.exit(memory.STATUS)
        except OSError as exc:
            _silence_stdout()
            what = "standard output" if exc.errno in _OUTPUT_ERRNOS else (exc.filename or "a file")
            reason = "the reader closed the pipe" if isinstance(exc, BrokenPipeError) else exc.strerror
            click.echo(f"{prog}: error: cannot write {what} ({reason})", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)

    def invoke(self, ctx):
        # Ctrl-C in a command: leave click's handler (which prints a blank line and
        # "Aborted!") for one line of ours, exit status 130 as a shell reports SIGINT.
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None
        except Exception as exc:
            if caused_by_ctrl_c(exc):  # e.g. a RuntimeError from a class being defined in a lazy import
                raise Interrupted() from None
            raise

    def resolve_command(self, ctx, args):
        try:
            name, command, rest = super().resolve_command(ctx, args)
        except _NO_SUCH_COMMAND as exc:  # click suggests from the commands loaded: suggest from all
            raise _NO_SUCH_COMMAND(exc.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None
        if command is not None:
            refuse_repeated_options(command, rest)
            if isinstance(sys.stdout, ClosedOutput) and not ctx.resilient_parsing and \
                    not _writes_a_file(ctx, name, command, rest):
                click.echo(f"{ctx.command_path} {name}: error: standard output is closed; nothing can be written "
                           "(give it a file or a pipe)", err=True)
                sys.exit(1)
        return name, command, rest

    #: command name -> "module:attribute", imported the first time the command is asked for
    #: (:meth:`add_lazy_commands`)
    lazy_commands: dict[str, str] = {}

    def add_lazy_commands(self, where: dict[str, str]) -> None:
        """Commands by name, each imported from ``"module:attribute"`` only when it is asked for:
        a command runs without waiting for every other command's imports (a tenth of a second at
        start-up); listing them (``--help``) imports them all. Click's lazy-group pattern:
        :meth:`list_commands` and :meth:`get_command`."""
        self.lazy_commands = {**self.lazy_commands, **where}

    def list_commands(self, ctx):
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx, cmd_name):
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            import importlib

            module, attribute = self.lazy_commands[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return self.commands.get(cmd_name)

    def _command_path(self, args, prog_name) -> str:
        """'exact-odds edge' for an error click raised without a context (such as an option
        missing its value), found from the first argument that names a command."""
        prog = prog_name or "exact-odds"
        argv = sys.argv[1:] if args is None else list(args)
        names = set(self.list_commands(None))
        name = next((a for a in argv if a in names), None)
        return f"{prog} {name}" if name else prog


#: Errors of writing standard output itself (full disk, closed pipe, device error).
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EBADF, getattr(errno, "EDQUOT", -1)}


def _fit_standard_streams() -> None:
    """Standard error closed ('2>&-'): its lines dropped, the exit status still tells what happened.
    Standard output closed ('>&-'): refused by :meth:`Main.resolve_command` unless the command writes
    a file (-o FILE). An encoding without √ or − (latin-1): stand-ins (:func:`fit_stream`)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = ClosedOutput()
    for stream in (sys.stdout, sys.stderr):
        fit_stream(stream)


class ClosedOutput(io.TextIOBase):
    """Standard output when the program started with it closed: a command that writes a file
    (``-o FILE``) needs none; anything written here fails as writing a closed descriptor does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False


def _writes_a_file(ctx: click.Context, name: str, command: click.Command, rest: list[str]) -> bool:
    """Whether the command's own ``--output`` was given (the arguments read leniently, no callback run)."""
    if not any(p.name == "output" for p in command.params):
        return False
    try:
        sub = command.make_context(name, list(rest), parent=ctx, resilient_parsing=True)
    except click.ClickException:  # bad arguments: the command's own parsing will say so
        return True
    return sub.params.get("output") is not None


def _say(text: str) -> None:
    """One line on standard error, if it can be written at all (none may be left to write it with)."""
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, MemoryError):
        pass


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so Python's flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def refuse_repeated_options(command: click.Command, args: list[str]) -> None:
    """Refuse an option that takes one value given more than once (click would keep the last).

    Options declared ``multiple`` say so in their help and may repeat; flags
    may repeat harmlessly."""
    single = {}
    for param in command.params:
        if isinstance(param, click.Option) and not param.multiple and not param.is_flag and not param.count:
            for opt in param.opts + param.secondary_opts:
                single[opt] = param
    seen: dict = {}
    i = 0
    while i < len(args):
        token = args[i]
        if token == "--":
            break
        name, eq, value = token.partition("=")
        param = single.get(name if token.startswith("--") else token[:2] if token.startswith("-") else None)
        if param is not None:
            if not eq and not (token.startswith("-") and not token.startswith("--") and len(token) > 2):
                value = args[i + 1] if i + 1 < len(args) else ""
                i += 1
            elif not eq:
                value = token[2:]
            if param.name in seen:
                raise click.UsageError(
                    f"{max(param.opts, key=len)} was given twice ({seen[param.name]} and {value}); it takes one value, "
                    "so give it once")
            seen[param.name] = value
        i += 1


def input_errors(fn):
    """Turn library input errors raised in a command into one-line usage errors."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except OverBudget as exc:  # the library says what it needs; the option gives it
            raise InputError(f"{exc.line}; {exc.suggestion('--memory-budget')}") from None
        except (ShoeError, PayTableError, BudgetError) as exc:
            raise InputError(str(exc)) from None

    return wrapper



# --- commands -----------------------------------------------------------

@click.group(cls=Main, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="exact-odds")
def main():
    """Exact baccarat odds: every probability and house edge as an exact fraction.

    \b
    Examples:
      exact-odds edge                      # 8-deck punto banco house edges
      exact-odds edge --decks 6 --exact    # with the exact fractions
      exact-odds tables --check            # are the tables in tables/ current?
    """


