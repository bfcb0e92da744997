"""The catalog's command line: variants, edge --variant/--bets/--paytable/--commission,
bet, distribution, breakeven, and every kind of bad pay-table file."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import reduced_fractions
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main



def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def one_line_error(r, *needles):
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output
    for n in needles:
        assert n in err, err
    return err


# --- variants and edge ------------------------------------------------------------

def test_variants_lists_every_variant_and_bet():
    r = run("variants")
    assert r.exit_code == 0
    for v in ("standard", "tie9", "commission4", "ez", "super6", "pairs", "dragon_bonus", "big_small", "tiger"):
        assert v in r.stdout
    data = json.loads(run("variants", "--format", "json").stdout)
    assert {b["bet"] for b in data["bets"]} == set(builtin_catalog().bets)


def test_variants_names_lists_the_condition_vocabulary():
    r = run("variants", "--names")
    assert r.exit_code == 0
    for name in ("banker_wins", "margin", "player_third", "player_suited_pair"):
        assert name in r.stdout


def test_edge_bets_all_one_entry_per_catalog_bet():
    """--bets all keeps the JSON contract: one entry per bet with its exact house edge, every fraction reduced
    (the catalog priced once for both: seconds of the suite)."""
    data = json.loads(run("edge", "--bets", "all", "--format", "json").stdout)
    assert len(reduced_fractions(data)) >= 4 * len(builtin_catalog().bets)
    assert set(data) >= {"shoe", "outcomes", "bets"}
    catalog = builtin_catalog()
    assert [b["bet"] for b in data["bets"]] == [b.name for b in catalog.bets.values()]
    for b in data["bets"]:
        for key in ("bet", "pays", "expected_value", "house_edge"):
            assert key in b
        assert Fraction(b["house_edge"]) == -Fraction(b["expected_value"])


def test_edge_variant_ez():
    data = json.loads(run("edge", "--variant", "ez", "--format", "json").stdout)
    assert [b["bet"] for b in data["bets"]] == ["EZ Banker", "Player", "Tie", "Dragon 7", "Panda 8"]


def test_edge_unknown_variant_is_one_line():
    one_line_error(run("edge", "--variant", "nope"), "unknown variant 'nope'", "standard")


def test_edge_unknown_bet_is_one_line():
    one_line_error(run("edge", "--bets", "banker,nope"), "unknown bet 'nope'")


def test_edge_commission_as_exact_fraction():
    """--commission 1/25 is the 4% Banker bet, exactly (pays 24/25, never a float)."""
    data = json.loads(run("edge", "--commission", "1/25", "--format", "json").stdout)
    banker = data["bets"][0]
    assert banker["pays"].startswith("Banker wins 24/25")
    four = json.loads(run("edge", "--variant", "commission4", "--format", "json").stdout)["bets"][0]
    assert banker["house_edge"] == four["house_edge"]
    pct = json.loads(run("edge", "--commission", "4%", "--format", "json").stdout)["bets"][0]
    assert pct["house_edge"] == four["house_edge"]
    b, p, total = 2_292_252_566_437_888, 2_230_518_282_592_256, 4_998_398_275_503_360  # WoO 8 decks
    assert Fraction(banker["house_edge"]) == (p - Fraction(24, 25) * b) / total


@pytest.mark.parametrize("bad", ["abc", "3/2", "-1/20", "1/0"])
def test_edge_bad_commission_is_one_line(bad):
    one_line_error(run("edge", "--commission", bad), "commission")


def test_pair_bets_on_a_plain_shoe_state_the_suit_assumption():
    shoe = ",".join(["32"] * 13)
    r = run("edge", "--variant", "pairs", "--shoe", shoe)
    assert r.exit_code == 0
    assert "built from the fewest whole decks" in r.stdout
    data = json.loads(run("edge", "--variant", "pairs", "--shoe", shoe, "--format", "json").stdout)
    assert any("fewest whole decks" in a for a in data["assumptions"])
    perfect = next(b for b in data["bets"] if b["bet"] == "Perfect Pair")
    assert perfect["assumptions"] and not next(b for b in data["bets"] if b["bet"] == "Player Pair")["assumptions"]
    # a real 8-deck shoe knows its suits: nothing assumed
    data8 = json.loads(run("edge", "--variant", "pairs", "--format", "json").stdout)
    assert data8["assumptions"] == []
    assert perfect["house_edge"] == next(b for b in data8["bets"] if b["bet"] == "Perfect Pair")["house_edge"]


# --- user pay tables --------------------------------------------------------------

GOOD = """
[bets.natural_nine]
name = "Player natural 9"
description = "Player's two-card 9, pays 9:1"
[[bets.natural_nine.lines]]
label = "Player natural 9"
when = "player_natural and player == 9"
pays = 9

[variants.mine]
description = "Standard with my bet"
bets = ["banker", "player", "natural_nine"]
"""


def write(tmp_path, text, name="bets.toml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_paytable_prices_a_user_bet(tmp_path):
    path = write(tmp_path, GOOD)
    data = json.loads(run("edge", "--paytable", path, "--format", "json").stdout)
    assert [b["bet"] for b in data["bets"]] == ["Player natural 9"]
    # Independent check: P(Player's two-card total is 9) with 8 decks, from the
    # count of value pairs summing to 9 or 19: (a, 9-a) for a = 0..9 (value 0 has 128 cards).
    counts = [128] + [32] * 9
    ways = sum(counts[a] * (counts[(9 - a) % 10] - (a == (9 - a) % 10)) for a in range(10))
    p = Fraction(ways, 416 * 415)
    assert Fraction(data["bets"][0]["expected_value"]) == 10 * p - 1
    v = json.loads(run("edge", "--paytable", path, "--variant", "mine", "--format", "json").stdout)
    assert [b["bet"] for b in v["bets"]] == ["Banker", "Player", "Player natural 9"]


BAD = {
    "toml syntax": ("[bets.x\nname = 1\n", ["not valid TOML", "line 1"]),
    "unknown name": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"banker_wins and bnaker == 7\"\npays = 3\n",
                     ["line 3", "bets.x.lines[1].when", "unknown name 'bnaker'"]),
    "payout below -1": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"tie\"\npays = -2\n",
                        ["line 4", "bets.x.lines[1].pays", "loses more than the stake", ">= -1"]),
    "float payout": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"tie\"\npays = 0.54\n",
                     ["line 4", "pays", "float", "exact"]),
    "text payout": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"tie\"\npays = \"lots\"\n", ["pays", "expected a number"]),
    "otherwise below -1": ("[bets.x]\notherwise = \"-3/2\"\n[[bets.x.lines]]\nwhen = \"tie\"\npays = 8\n",
                           ["line 2", "otherwise", "loses more than the stake"]),
    "missing pays": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"tie\"\n", ["bets.x.lines[1]", "missing 'pays'"]),
    "unknown field": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"tie\"\npays = 8\npayout = 9\n",
                      ["line 5", "payout", "unknown field"]),
    "no lines": ("[bets.x]\nname = \"X\"\n", ["bets.x", "at least one"]),
    "unknown table": ("[bet.x]\n", ["unknown table [bet]"]),
    "python in a condition": ("[bets.x]\n[[bets.x.lines]]\nwhen = \"__import__('os')\"\npays = 8\n",
                              ["bets.x.lines[1].when", "unknown aggregate '__import__'"]),
    "variant with unknown bet": ("[variants.v]\nbets = [\"banker\", \"nope\"]\n", ["line 2", "variants.v.bets", "'nope'"]),
    "empty file": ("", ["defines no bets"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_paytable_is_one_line_naming_the_file(tmp_path, case):
    text, needles = BAD[case]
    path = write(tmp_path, text)
    one_line_error(run("edge", "--paytable", path), path, *needles)


def test_missing_paytable_file_is_one_line(tmp_path):
    one_line_error(run("edge", "--paytable", str(tmp_path / "none.toml")), "none.toml", "cannot read")


def test_binary_paytable_file_is_one_line(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b"\xff\xfe\x00\x01")
    one_line_error(run("edge", "--paytable", str(p)), "bin.toml")


# --- bet, distribution, breakeven -------------------------------------------------

def test_bet_breakdown_dragon_bonus_player():
    """WoO-style breakdown: the WoO 8-deck Dragon Bonus Player counts appear line by line."""
    r = run("bet", "dragon_bonus_player")
    assert r.exit_code == 0
    for count in ("18409431764992", "812685054124032", "89325908267520", "4998398275503360"):
        assert count in r.stdout
    assert "hit frequency" in r.stdout and "standard deviation" in r.stdout


def test_bet_json_has_lines_and_hit_frequency():
    data = json.loads(run("bet", "tiger", "--decks", "6", "--format", "json").stdout)
    assert data["bet"] == "Tiger" and len(data["lines"]) == 3
    total = 312 * 311 * 310 * 309 * 308 * 307  # N(N-1)...(N-5), 6 decks
    assert sum(l["count"] for l in data["lines"]) == total
    # The summary follows from the lines: hit frequency = P(a paying line), EV = sum pays * count / total.
    paying = sum(l["count"] for l in data["lines"] if Fraction(l["pays"]) > 0)
    assert Fraction(data["hit_frequency"]) == Fraction(data["win"]) == Fraction(paying, total)
    assert Fraction(data["expected_value"]) == sum(Fraction(l["pays"]) * l["count"] for l in data["lines"]) / total


def test_bet_unknown_is_one_line():
    one_line_error(run("bet", "nope"), "unknown bet 'nope'")


def test_distribution_json_sums_to_the_total():
    data = json.loads(run("distribution", "--decks", "1", "--format", "json").stdout)
    total = data["total"]
    assert total == 14658134400  # WoO 1 deck (docs/rules.md §3)
    assert sum(r["count"] for r in data["cards"]) == total
    assert sum(sum(row["banker"]) for row in data["grid"]) == total
    assert sum(r["player_count"] for r in data["totals"]) == total
    ties = sum(r["tie_count"] for r in data["wins"])
    assert ties == 1372227328  # WoO 1-deck ties (docs/rules.md §3)
    assert sum(r["count"] for r in data["player_first_two"]) == total


def test_distribution_player_first_two_natural_nine_never_loses():
    """Given a Player natural 9 the Banker cannot win (docs/rules.md §2: a natural 9 is unbeatable)."""
    data = json.loads(run("distribution", "--table", "player_first_two", "--format", "json").stdout)
    nine = data["player_first_two"][9]
    assert nine["banker_given"] == "0/1"


def decimal_10(x: Fraction) -> str:
    """x to 10 decimal places, rounded half up in integers (13**6 denominators never tie)."""
    n = x * 10**10
    whole = (n.numerator * 2 + n.denominator) // (2 * n.denominator)
    return f"{whole // 10**10}.{whole % 10**10:010d}"


@pytest.mark.parametrize("fmt", ["simple", "csv", "github"])
def test_distribution_formats(fmt):
    """Every format shows each hand's final-total probabilities and the 4/5/6-card
    probabilities of the infinite deck, as the naive infinite-deck enumerator gives them."""
    from oracles.naive import naive_infinite_counts

    counts = naive_infinite_counts()
    r = run("distribution", "--decks", "inf", "--format", fmt)
    assert r.exit_code == 0, r.output
    for t in range(10):
        player = Fraction(sum(n for (p, _, _, _), n in counts.items() if p == t), 13**6)
        banker = Fraction(sum(n for (_, b, _, _), n in counts.items() if b == t), 13**6)
        assert decimal_10(player) in r.stdout and decimal_10(banker) in r.stdout, t
    for cards in (4, 5, 6):
        p = Fraction(sum(n for (_, _, pc, bc), n in counts.items() if pc + bc == cards), 13**6)
        assert decimal_10(p) in r.stdout, cards


def test_breakeven_tie_8_decks():
    """The tie breaks even at x = (1 - p)/p, p = WoO 8-deck ties / total (issue 3: 9.5091)."""
    p = Fraction(475627426473216, 4998398275503360)  # WoO 8-deck ties / total
    x = (1 - p) / p
    r = run("breakeven", "tie")
    assert r.exit_code == 0, r.output
    assert f"x = {x.numerator}/{x.denominator}" in r.stdout
    assert f"x = {decimal_10(x)}" in r.stdout
    assert round(x, 4) == Fraction("9.5091")  # the figure issue 3 quotes
    data = json.loads(run("breakeven", "tie", "--format", "json").stdout)
    assert Fraction(data["break_even"]) == x


def test_breakeven_banker_commission():
    """Banker breaks even at c with (1 - c) P(banker) = P(player) (WoO 8-deck counts)."""
    data = json.loads(run("breakeven", "banker", "--commission", "--format", "json").stdout)
    b, p = 2292252566437888, 2230518282592256
    assert Fraction(data["break_even"]) == 1 - Fraction(p, b)


def test_breakeven_unknown_line_is_one_line():
    one_line_error(run("breakeven", "dragon_bonus_player", "--line", "Win by 99"), "no pay line")


@pytest.mark.parametrize("command", ["variants", "bet", "distribution", "breakeven"])
def test_help_shows_an_example(command):
    r = run(command, "--help")
    assert r.exit_code == 0 and "exact-odds " + command in r.stdout
