"""The ``exact-odds`` command line: one click group, one module per family of commands."""

from exact_odds.cli.app import main
from exact_odds.cli.banque import banque
from exact_odds.cli.bets import bet_command, breakeven_command, distribution_command, variants_command
from exact_odds.cli.chemin import chemin_de_fer
from exact_odds.cli.in_play import eor, sweep
from exact_odds.cli.simulate import simulate
from exact_odds.cli.track import track
from exact_odds.cli.punto_banco import edge
from exact_odds.cli.report import report
from exact_odds.cli.tables import tables_command

for _command in (edge, variants_command, bet_command, distribution_command, breakeven_command,
                 chemin_de_fer, banque, sweep, eor, track, simulate, tables_command, report):
    main.add_command(_command)

__all__ = ["main"]
