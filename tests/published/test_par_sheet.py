"""Published par-sheet figures beyond the house edge: standard deviation and hit frequency."""

from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.walk import walk
from exact_odds.report.numbers import percent_text, sqrt_text
from exact_odds.rules.shoe import Shoe


def test_jacobson_dragon_fortune_7_sd_and_hit_frequency_8_decks():
    """Eliot Jacobson, "Card Counting the Dragon/Fortune 7 Baccarat Side Bet" (2014),
    http://apheat.net/2014/10/13/card-counting-the-dragonfortune-7-baccarat-side-bet/ :
    eight decks, "The house edge is 7.6113%. The standard deviation is 6.0849.
    The hit frequency is 2.2534%." (the par sheet's summary figures)."""
    r = builtin_catalog().bet("dragon7").price(walk(Shoe.decks(8)))
    assert percent_text(r.house_edge, 4) == "7.6113%"
    assert sqrt_text(r.variance, 4) == "6.0849"
    assert percent_text(r.hit_frequency, 4) == "2.2534%"


def test_woo_ez_baccarat_dragon_7_and_panda_8_combinations_in_the_par_sheet():
    """Wizard of Odds, "EZ Baccarat" (Michael Shackleford), https://wizardofodds.com/games/ez-baccarat/ ,
    tables "Dragon 7" and "Panda 8", eight decks: Win 112,633,011,329,024 and 172,660,763,262,976
    combinations out of 4,998,398,275,503,360 (the Loss rows are printed rounded to 15 digits, so only the
    wins are compared). Read from the par sheet's Markdown table, as a reader of the report sees them."""
    from click.testing import CliRunner

    from exact_odds.cli import main

    r = CliRunner().invoke(main, ["report", "--bets", "dragon7,panda8", "--decks", "8", "--no-simulation",
                                  "--format", "md"], prog_name="exact-odds")
    assert r.exit_code == 0, r.output
    combos, heading = {}, ""
    for line in r.stdout.splitlines():
        if line.startswith("### "):
            heading = line[4:]
        elif heading == "Combinations" and line.startswith("| "):
            cells = line.strip("| ").split(" | ")
            combos[cells[0]] = cells[2]
    assert combos["Banker wins with a three-card 7"] == "112,633,011,329,024"
    assert combos["Player wins with a three-card 8"] == "172,660,763,262,976"
    assert combos["Total"] == "4,998,398,275,503,360"
