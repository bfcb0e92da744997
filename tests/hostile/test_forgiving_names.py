"""Bet keys and variant names in any case, and a wrong name answered with the closest few (issue 23).

Hostile: names in every case, misspelt, empty, padded, huge, of the wrong type; two keys of a
user's file that only case tells apart; a variant of a user's file listing bets in another case.
The library (Catalog.bet, Catalog.variant, select_bets) and the command line answer alike."""

import time

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog, parse_catalog
from exact_odds.bets.paytable import PayTableError, PayTableTypeError
from exact_odds.bets.selection import select_bets
from exact_odds.cli import main

CATALOG = builtin_catalog()


@pytest.mark.parametrize("key", ["DRAGON7", "Dragon7", "dragon7", "dRaGoN7", " dragon7 "])
def test_a_bet_key_in_any_case_is_the_bet(key):
    assert CATALOG.bet(key) is CATALOG.bet("dragon7")


@pytest.mark.parametrize("name", ["EZ", "Ez", "ez"])
def test_a_variant_name_in_any_case_is_the_variant(name):
    assert CATALOG.variant(name) == CATALOG.variant("ez")


def test_all_in_any_case_is_every_bet():
    assert select_bets(bets="ALL") == select_bets(bets="all") == select_bets(bets=["All"])


def test_a_misspelt_bet_gets_the_closest_keys_not_the_catalog():
    with pytest.raises(PayTableError) as info:
        CATALOG.bet("bnaker")
    message = str(info.value)
    assert message.startswith("unknown bet 'bnaker'; did you mean 'banker'")
    assert message.count("'") <= 8 and "perfect_pair" not in message and "all_black" not in message


def test_a_misspelt_variant_gets_the_closest_names():
    with pytest.raises(PayTableError, match=r"unknown variant 'ezz'; did you mean 'ez'\?"):
        CATALOG.variant("ezz")


@pytest.mark.parametrize("name", ["xyzzy", "", "   ", "\x00", "é" * 5])
def test_nothing_close_points_to_where_the_names_are_listed(name):
    with pytest.raises(PayTableError) as info:
        CATALOG.bet(name)
    assert "see 'exact-odds variants'" in str(info.value) and "dragon_bonus_banker" not in str(info.value)


def test_a_huge_name_is_answered_at_once_and_shortened():
    t = time.perf_counter()
    with pytest.raises(PayTableError) as info:
        CATALOG.bet("banker" * 20_000)
    assert time.perf_counter() - t < 5 and len(str(info.value)) < 200


@pytest.mark.parametrize("bad", [None, 7, b"banker", ["banker"]])
def test_a_name_that_is_not_a_string_is_a_type_error(bad):
    with pytest.raises(PayTableTypeError):
        CATALOG.bet(bad)
    with pytest.raises(PayTableTypeError):
        CATALOG.variant(bad)


def test_a_bet_given_for_a_variant_and_a_variant_for_a_bet_in_any_case():
    with pytest.raises(PayTableError, match="'banker' is a bet, not a variant"):
        CATALOG.variant("BANKER")
    with pytest.raises(PayTableError, match="'ez' is a variant, not a bet"):
        CATALOG.bet("EZ")


USER = """
[bets.mine]
[[bets.mine.lines]]
when = "tie"
pays = 8

[bets.Mine]
[[bets.Mine.lines]]
when = "tie"
pays = 9

[variants.both]
bets = ["MINE", "Banker"]
"""


def test_keys_only_case_tells_apart_are_found_exactly_and_never_guessed():
    """A file may define 'mine' and 'Mine': each is found by its own spelling; 'MINE' names neither
    (the variant that lists it is refused, with both offered)."""
    with pytest.raises(PayTableError) as info:
        parse_catalog(USER, "user.toml", base=CATALOG)
    assert "variants.both.bets: bet 'MINE' could be 'mine' or 'Mine', which only case tells apart" in str(info.value)
    catalog = parse_catalog(USER.replace('"MINE"', '"Mine"'), "user.toml", base=CATALOG)
    assert catalog.bet("mine").lines[0].pays == 8 and catalog.bet("Mine").lines[0].pays == 9
    with pytest.raises(PayTableError, match="could be 'mine' or 'Mine'"):
        catalog.bet("MINE")
    assert catalog.variants["both"] == ("Mine", "banker")  # the keys as the catalog spells them


def test_a_variant_of_a_users_file_lists_a_misspelt_bet_with_the_closest_names():
    with pytest.raises(PayTableError, match=r"line 2: variants.v.bets: unknown bet 'dragn7'; did you mean 'dragon7'"):
        parse_catalog('[variants.v]\nbets = ["banker", "dragn7"]\n', "user.toml", base=CATALOG)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, prog_name="exact-odds")


def test_the_command_line_takes_names_in_any_case():
    r = run("edge", "--bets", "BANKER,Dragon7", "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.output == run("edge", "--bets", "banker,dragon7", "--format", "csv").output
    assert run("edge", "--variant", "EZ").output == run("edge", "--variant", "ez").output
    assert run("bet", "Perfect_Pair").output == run("bet", "perfect_pair").output
    assert run("bet", "BANKER", "--commission", "4%").exit_code == 0
    assert run("breakeven", "TIE").output == run("breakeven", "tie").output
    assert run("edge", "--bets", "All").exit_code == 0


def test_a_count_named_in_any_case_is_the_bet_chosen():
    log = "9 0 0 3\n"
    upper = run("track", "--bets", "banker,dragon7", "--count", "DRAGON7", "-", input=log)
    assert upper.exit_code == 0, upper.output
    assert upper.output == run("track", "--bets", "banker,dragon7", "--count", "dragon7", "-", input=log).output
    simulated = run("simulate", "--shoes", "2", "--decks", "1", "--bets", "Dragon7", "--count", "DRAGON7",
                    "--count-bet", "dragon7")
    assert simulated.exit_code == 0, simulated.output


@pytest.mark.parametrize("args, says", [
    (["edge", "--bets", "bnaker"], "unknown bet 'bnaker'; did you mean 'banker'"),
    (["edge", "--variant", "ezz"], "unknown variant 'ezz'; did you mean 'ez'?"),
    (["bet", "dragn7"], "unknown bet 'dragn7'; did you mean 'dragon7'"),
    (["breakeven", "tye"], "unknown bet 'tye'; did you mean 'tie'"),
    (["sweep", "-", "--bets", "tye"], "unknown bet 'tye'; did you mean 'tie'"),
    (["track", "--count", "dragn7", "-"], "--count: unknown bet 'dragn7'; did you mean 'dragon7'?"),
    (["edge", "--variant", "BANKER"], "'banker' is a bet, not a variant; use --bets banker"),
])
def test_a_wrong_name_is_one_line_with_the_closest_names(args, says):
    r = run(*args, input="")
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and says in lines[0], r.output
    assert "all_black" not in lines[0] and "Traceback" not in r.output
