"""The ``exact-odds`` command line: one click group, one module per family of commands.

Each command's module is imported when the command runs (:meth:`~exact_odds.cli.app.Main.add_lazy_commands`),
so ``exact-odds simulate`` does not wait for the imports of ``banque`` or ``tables``.
"""

from exact_odds.cli.app import main

# command name -> "module:function" (commands bound under other names than their modules, so
# exact_odds.cli.live etc. stay the modules)
main.add_lazy_commands({
    "edge": "exact_odds.cli.punto_banco:edge",
    "variants": "exact_odds.cli.bets:variants_command",
    "bet": "exact_odds.cli.bets:bet_command",
    "distribution": "exact_odds.cli.bets:distribution_command",
    "breakeven": "exact_odds.cli.bets:breakeven_command",
    "chemin-de-fer": "exact_odds.cli.chemin:chemin_de_fer",
    "banque": "exact_odds.cli.banque:banque",
    "sweep": "exact_odds.cli.in_play:sweep",
    "eor": "exact_odds.cli.in_play:eor",
    "track": "exact_odds.cli.track:track",
    "live": "exact_odds.cli.live:live",
    "serve": "exact_odds.cli.serve:serve",
    "simulate": "exact_odds.cli.simulate:simulate",
    "tables": "exact_odds.cli.tables:tables_command",
    "report": "exact_odds.cli.report:report",
    "information": "exact_odds.cli.information:information",
})

__all__ = ["main"]
