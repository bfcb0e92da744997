"""The ``exact-odds`` command line: one click group, one module per family of commands."""

from exact_odds.cli.app import main
from exact_odds.cli.banque import banque
from exact_odds.cli.bets import bet_command, breakeven_command, distribution_command, variants_command
from exact_odds.cli.chemin import chemin_de_fer
from exact_odds.cli.in_play import eor, sweep
# commands bound under other names than their modules, so exact_odds.cli.live etc. stay the modules
from exact_odds.cli.live import live as live_command
from exact_odds.cli.simulate import simulate as simulate_command
from exact_odds.cli.track import track as track_command
from exact_odds.cli.punto_banco import edge
from exact_odds.cli.report import report as report_command
from exact_odds.cli.tables import tables_command

for _command in (edge, variants_command, bet_command, distribution_command, breakeven_command,
                 chemin_de_fer, banque, sweep, eor, track_command, live_command, simulate_command, tables_command,
                 report_command):
    main.add_command(_command)

__all__ = ["main"]
