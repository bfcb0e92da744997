"""The ``exact-odds`` command line: parse, call the library, render.

Every command is thin. Bad input becomes a one-line ``error:`` message with
exit status 2 (click's usage-error status) and never a traceback.
"""

from __future__ import annotations

import sys

import click

from . import __version__
from .paytable import PayTableError
from .render import DEFAULT_FORMAT, formats, table, to_json
from .shoe import Shoe, ShoeError


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


# --- shared options -----------------------------------------------------

class InputFile(click.File):
    """A text file to read, or '-' for standard input (UTF-8; a byte-order mark is skipped).

    Refuses '-' when standard input is closed (click would fail with a
    traceback), so the message says what to give instead."""

    def __init__(self):
        super().__init__("r", encoding="utf-8-sig")

    def convert(self, value, param, ctx):
        if value == "-" and sys.stdin is None:
            self.fail("standard input is closed; give a file name instead of '-'", param, ctx)
        return super().convert(value, param, ctx)


def not_text(stream) -> InputError:
    """The one-line error for an input file that is not UTF-8 text."""
    name = getattr(stream, "name", None)
    if not isinstance(name, str) or name in ("-", "<stdin>"):
        name = "standard input"
    return InputError(f"{name} is not UTF-8 text; give a plain text file")


#: Most decks a command takes. Measured: at 10**800 decks the six-card counts
#: pass the 4300 digits Python will print ('bet' and 'distribution' failed with
#: a ValueError traceback) and banque ran past two minutes; at 10**21 banque
#: takes ~13 s. Long before 10**18 decks the odds agree with the infinite deck
#: ('--decks inf') to more digits than any table prints.
MAX_DECKS = 10**18


def parse_decks(text: str):
    """'inf' or a whole number of decks from 1 to :data:`MAX_DECKS`."""
    t = text.strip().lower()
    if t in ("inf", "infinite", "infinity"):
        return None
    if t.isdigit() and len(t) > len(str(MAX_DECKS)) + 1:  # int() refuses > 4300 digits with its own error
        d = MAX_DECKS + 1
    else:
        try:
            d = int(t)
        except ValueError:
            raise InputError(f"--decks must be a whole number >= 1 or 'inf', not {text!r}") from None
    if d < 1:
        raise InputError(f"--decks must be a whole number >= 1 or 'inf', not {text!r}")
    if d > MAX_DECKS:
        raise InputError(f"--decks: at most 10^18 decks (a {len(t)}-digit number was given); "
                         "for the limit of ever more decks use --decks inf")
    return d


def check_shoe_size(shoe: Shoe, what: str) -> Shoe:
    """Refuse a shoe of more cards than :data:`MAX_DECKS` decks (see there)."""
    if not shoe.is_infinite and shoe.size > 52 * MAX_DECKS:
        raise InputError(f"{what}: at most 52 x 10^18 cards (10^18 decks); for the limit use --decks inf")
    return shoe


def parse_shoe_counts(text: str) -> Shoe:
    """13 rank counts (A..K), 52 rank-suit counts, or a card list such as 'Ah,Ah,Kd'."""
    parts = [p for p in text.replace(" ", ",").split(",") if p.strip()]
    if parts and all(p.strip().lstrip("-").isdigit() for p in parts):
        if any(len(p.strip()) > 30 for p in parts):  # int() refuses > 4300 digits with its own error
            raise InputError("--shoe: at most 52 x 10^18 cards (10^18 decks); for the limit use --decks inf")
        counts = [int(p) for p in parts]
        try:
            return Shoe.from_counts(counts, label="shoe " + ",".join(str(c) for c in counts))
        except ShoeError as exc:
            raise InputError(f"--shoe: {exc}") from None
    if len(parts) in (13, 52):
        bad = next(p for p in parts if not p.strip().lstrip("-").isdigit())
        raise InputError(f"--shoe: {bad.strip()!r} is not a whole number; give 13 counts A,2,...,10,J,Q,K")
    try:
        return Shoe.from_cards(parts, label=f"{len(parts)} listed cards")
    except ShoeError as exc:
        raise InputError(
            f"--shoe: {exc}; give 13 rank counts (A,2,...,10,J,Q,K), 52 rank-suit counts or a card list"
        ) from None


def build_shoe(decks: str | None, shoe: str | None, remove: str | None, default_decks: int = 8) -> Shoe:
    """The shoe a command was asked for: --decks or --shoe, less --remove."""
    if decks is not None and shoe is not None:
        raise InputError("give either --decks or --shoe, not both")
    if shoe is not None:
        result = check_shoe_size(parse_shoe_counts(shoe), "--shoe")
    else:
        d = parse_decks(decks) if decks is not None else default_decks
        result = Shoe.infinite() if d is None else Shoe.decks(d)
    if remove:
        cards = [c for c in remove.replace(" ", ",").split(",") if c.strip()]
        try:
            result = result.remove(cards)
        except ShoeError as exc:
            raise InputError(f"--remove: {exc}") from None
    return result


def shoe_options(default_decks: int = 8):
    """--decks, --shoe and --remove, as one decorator."""

    def decorate(fn):
        fn = click.option("--remove", metavar="CARDS",
                          help="Cards to take out of the shoe, comma-separated ranks or cards: 5,5,K,A or Ah,Kd.")(fn)
        fn = click.option("--shoe", "shoe_counts", metavar="COUNTS",
                          help="The shoe as 13 rank counts A,2,...,10,J,Q,K, 52 rank-suit counts "
                               "(A of s,h,d,c, then 2, ...), or a card list such as Ah,Ah,Kd.")(fn)
        fn = click.option("--decks", metavar="N|inf",
                          help=f"Number of 52-card decks (a whole number from 1 to 10^18) or 'inf' for the infinite deck. "
                               f"Default {default_decks}.")(fn)
        return fn

    return decorate


def format_option(fn):
    return click.option(
        "--format", "fmt", default=DEFAULT_FORMAT, show_default=True,
        type=click.Choice(formats(), case_sensitive=False), metavar="FORMAT",
        help="Output format: any tabulate format (plain, simple, github, grid, latex, html, ...), csv or json.",
    )(fn)


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


@main.command()
@shoe_options()
@click.option("--variant", metavar="NAME", help="Price one variant's bets (see 'exact-odds variants').")
@click.option("--bets", metavar="KEYS|all",
              help="Comma-separated bet keys (see 'exact-odds variants'), or 'all' for the whole catalog.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables (schema in the README); repeatable.")
@click.option("--commission", metavar="C",
              help="Price the Banker bet with this exact commission: 1/25, 4% or 0.04 (a Banker win pays 1 - C).")
@click.option("--exact", is_flag=True, help="Show exact fractions beside the decimals.")
@format_option
@input_errors
def edge(decks, shoe_counts, remove, variant, bets, paytables, commission, exact, fmt):
    """House edge of the bets of a variant, the catalog or your pay tables, for one shoe.

    Walks every coup of the shoe once (exact integers, six-card convention)
    and prices every chosen bet on that one walk. Default: the standard
    variant, Banker (19/20), Player (1:1) and Tie (8:1).

    \b
    Examples:
      exact-odds edge --decks 8
      exact-odds edge --decks inf --exact
      exact-odds edge --shoe 32,32,32,32,32,32,32,32,32,32,32,32,32 --remove 5,5,K,A
      exact-odds edge --variant ez --format json
      exact-odds edge --bets all --decks 6
      exact-odds edge --commission 1/25
      exact-odds edge --paytable my_bets.toml
    """
    from .analysis import analyse
    from .cli_bets import select_bets

    chosen = select_bets(variant, bets, paytables, commission)
    shoe = build_shoe(decks, shoe_counts, remove)
    emit_analysis(analyse(shoe, chosen), fmt, exact)


def emit_analysis(analysis, fmt: str, exact: bool) -> None:
    """Print an analysis: JSON document, CSV of bets, or titled tables."""
    fmt = fmt.lower()
    if fmt == "json":
        click.echo(to_json(analysis.to_json()))
        return
    headers, rows = analysis.bet_rows(exact)
    if fmt == "csv":
        click.echo(table(headers, rows, "csv"))
        return
    click.echo(f"Punto banco, {analysis.shoe.describe()}. {analysis.convention}")
    click.echo()
    click.echo(table(*analysis.outcome_rows(exact), fmt))
    click.echo()
    click.echo(table(headers, rows, fmt))
    for note in analysis.assumptions:
        click.echo(f"Note: {note}")


@main.command("tables")
@click.option("--out", "out_dir", default="tables", show_default=True, type=click.Path(file_okay=False),
              help="Directory to write the reference tables into.")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and name the files that differ from what the code generates now.")
def tables_command(out_dir, check):
    """Write (or check) the reference tables in tables/.

    \b
    Examples:
      exact-odds tables                # regenerate tables/
      exact-odds tables --check        # exit 1 if any table is stale
      exact-odds tables --out /tmp/t   # write elsewhere
    """
    from pathlib import Path

    from .tables import check_tables, write_tables

    out = Path(out_dir)
    progress = (lambda name: click.echo(f"  {name}", err=True)) if sys.stderr.isatty() else None
    if check:
        if not out.is_dir():
            raise InputError(f"--out: there is no directory {out}; give the directory that holds the tables "
                             f"(run this from the project root for tables/), or write them with 'exact-odds tables --out {out}'")
        stale = check_tables(out, progress)
        if stale:
            for name in stale:
                click.echo(f"differs: {out / name}", err=True)
            click.echo(f"{len(stale)} table(s) differ from the code; run 'exact-odds tables' to regenerate.", err=True)
            sys.exit(1)
        click.echo(f"all tables in {out} match the code.")
        return
    try:
        out.mkdir(parents=True, exist_ok=True)  # before the tables are generated: fail at once
        written = write_tables(out, progress)
    except OSError as exc:
        raise InputError(f"--out: cannot write the tables to {str(out)!r} ({exc.strerror}); "
                         "give a directory you can write to") from None
    click.echo(f"wrote {len(written)} files to {out}")


# --- the bet catalog (issue 3) -------------------------------------------
from .cli_bets import bet_command, breakeven_command, distribution_command, variants_command  # noqa: E402

main.add_command(variants_command); main.add_command(bet_command); main.add_command(distribution_command); main.add_command(breakeven_command)  # noqa: E702,E501

# --- chemin de fer (issue 5) ----------------------------------------------
from .cli_chemin import chemin_de_fer  # noqa: E402  (registered here, defined in its own module)
main.add_command(chemin_de_fer)

# --- baccarat banque (issue 6) -------------------------------------------
from .cli_banque import banque as _banque  # noqa: E402

main.add_command(_banque)

# --- the shoe in play: sweep, eor, track, simulate (issue 4) ----------
from .cli_shoe import eor, simulate, sweep, track  # noqa: E402

for _command in (sweep, eor, track, simulate):
    main.add_command(_command)
