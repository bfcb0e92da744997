"""``exact-odds tables``: write or check the reference tables in tables/."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from exact_odds.cli.app import InputError
from exact_odds.files import OutputError
from exact_odds.report.tables import check_tables, write_tables


@click.command("tables")
@click.option("--out", "out_dir", default="tables", show_default=True, type=click.Path(file_okay=False),
              help="Directory to write the reference tables into.")
@click.option("--check", is_flag=True,
              help="Write nothing; exit 1 and name the files that differ from what the code generates now.")
def tables_command(out_dir: str, check: bool) -> None:
    """Write (or check) the reference tables in tables/.

    Every table is written to a temporary folder first and moved into place
    only when all are written, so a failure leaves the old tables as they were.

    \b
    Examples:
      exact-odds tables                # regenerate tables/
      exact-odds tables --check        # exit 1 if any table is stale
      exact-odds tables --out new_tables   # write elsewhere
    """
    if not out_dir.strip():
        raise InputError("--out is empty; give a directory such as tables")
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
    except OutputError as exc:
        raise InputError(f"--out: {exc}") from None
    except OSError as exc:
        raise InputError(f"--out: cannot write the tables to {str(out)!r} ({exc.strerror}); "
                         "give a directory you can write to") from None
    click.echo(f"wrote {len(written)} files to {out}")
