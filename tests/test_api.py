"""The top-level API: every name the CLI's work needs is importable from exact_odds, and cheap to import."""

import doctest

import exact_odds

from conftest import modules_loaded


def test_every_exported_name_resolves_to_its_home():
    for name in exact_odds.__all__:
        value = getattr(exact_odds, name)
        if name != "__version__" and hasattr(value, "__module__") and not isinstance(value, (str, tuple, dict)):
            assert value.__module__.startswith("exact_odds."), name


def test_what_the_cli_can_do_is_in_the_api():
    """Solving chemin de fer, banque and its middle bet, many shoes, EOR and counts, simulation,
    break-even and bet selection (issue 10)."""
    for name in ("price_shoes", "effect_of_removal", "linear_count",
                 "simulate", "break_even", "select_bets", "analyse", "walk", "load_catalog"):
        assert callable(getattr(exact_odds, name)), name
    for game, name in (("chemin", "game_for"), ("chemin", "solve"), ("banque", "analyse_banque"),
                       ("banque", "solve_banque")):
        assert callable(getattr(getattr(exact_odds, game), name)), (game, name)


def test_an_unknown_name_is_an_attribute_error():
    try:
        exact_odds.no_such_thing
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("no AttributeError")


def test_importing_exact_odds_loads_no_heavy_module():
    assert modules_loaded("import exact_odds", ("numpy", "sympy", "click", "tabulate")) == []


def test_the_cold_edge_command_loads_neither_numpy_nor_sympy():
    """numpy belongs to the compiled path, banque and card-level bets (methods/suits.md), sympy to
    breakeven and the middle bet: 'exact-odds edge', the first command a user types, and every value-level
    bet, and pair bets on shoes with known suits, walk the tree without them."""
    code = ("from click.testing import CliRunner; from exact_odds.cli import main\n"
            "for args in (['edge', '--decks', '8'], ['edge', '--variant', 'side_bets', '--format', 'json'],\n"
            "             ['edge', '--variant', 'pairs']):\n"
            "    r = CliRunner().invoke(main, args); assert r.exit_code == 0, r.output")
    assert modules_loaded(code, ("numpy", "sympy")) == []


def test_the_cold_edge_command_in_its_default_format_loads_no_tabulate():
    """tabulate's import (and its importlib.metadata, with email and zipfile) was a third of a cold
    'exact-odds edge --decks 8' (issue 27): the default format is written by report/emit.py."""
    code = ("from click.testing import CliRunner; from exact_odds.cli import main\n"
            "r = CliRunner().invoke(main, ['edge', '--decks', '8']); assert r.exit_code == 0, r.output\n"
            "assert 'Banker     2292252566437888' in r.output")
    assert modules_loaded(code, ("tabulate", "importlib.metadata", "numpy", "sympy")) == []


def test_the_cold_edge_command_reads_only_its_own_bets_and_no_difflib_or_html():
    """Issue 27: the built-in catalog reads and compiles a bet when it is first asked for (BuiltinBets:
    edge's three, not all 117 with their 173 conditions, a fifth of a cold edge), and difflib (a name
    not known) and html (a notebook's table) are loaded only where they are used."""
    code = ("from click.testing import CliRunner; from exact_odds.cli import main\n"
            "from exact_odds.bets.catalog import builtin_catalog\n"
            "r = CliRunner().invoke(main, ['edge', '--decks', '8']); assert r.exit_code == 0, r.output\n"
            "assert repr(builtin_catalog().bets).endswith(' bets, 3 read)'), repr(builtin_catalog().bets)")
    assert modules_loaded(code, ("difflib", "html")) == []


def test_the_package_docstring_examples_run():
    failures, tried = doctest.testmod(exact_odds)
    assert tried >= 3 and failures == 0
