"""The ``exact-odds`` command line: parse, call the library, render.

Every command is thin. Bad input becomes a one-line ``error:`` message with
exit status 2 (click's usage-error status) and never a traceback.
"""

from __future__ import annotations

import sys

import click

from exact_odds import __version__
from exact_odds.bets.paytable import PayTableError
from exact_odds.report.emit import DEFAULT_FORMAT, formats, table, to_json
from exact_odds.rules.shoe import Shoe, ShoeError


class InputError(click.UsageError):
    """Bad input from the user: reported in one line, exit status 2."""


#: Raised by click >= 8.2 for a group called with no arguments; older clicks print the help themselves.
_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class Main(click.Group):
    """A click group whose usage errors print as one line."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as exc:  # 'exact-odds' alone: show the help as help
            click.echo(exc.ctx.get_help())
            sys.exit(0)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else self._command_path(args, prog_name)
            message = " ".join(exc.format_message().split())
            click.echo(f"{where}: error: {message} (see '{where} --help')", err=True)
            sys.exit(2)
        except (ShoeError, PayTableError) as exc:  # raised outside option parsing
            click.echo(f"{prog_name or 'exact-odds'}: error: {exc}", err=True)
            sys.exit(2)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except BrokenPipeError:
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)

    def _command_path(self, args, prog_name) -> str:
        """'exact-odds edge' for an error click raised without a context (such as an option
        missing its value), found from the first argument that names a command."""
        prog = prog_name or "exact-odds"
        argv = sys.argv[1:] if args is None else list(args)
        name = next((a for a in argv if a in self.commands), None)
        return f"{prog} {name}" if name else prog


def input_errors(fn):
    """Turn library input errors raised in a command into one-line usage errors."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (ShoeError, PayTableError) as exc:
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


