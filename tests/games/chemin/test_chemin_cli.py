"""exact-odds chemin-de-fer: output contracts and bad input (one line, exit 2)."""

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.cli import main


def run(*args):
    return CliRunner().invoke(main, ["chemin-de-fer", *args], prog_name="exact-odds")


def test_a1_text_shows_kemeny_snell_9_11():
    r = run("--model", "A1")
    assert r.exit_code == 0, r.output
    assert "9/11" in r.output
    assert "model A1" in r.output


def test_json_contract_every_probability_is_a_fraction_string():
    r = run("--model", "B2", "--decks", "8", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data) >= {"model", "shoe", "commission", "punter", "banker", "value", "punter_value",
                         "banker_value", "floor", "ceiling", "tableau_differences", "deviations"}
    frac = re.compile(r"-?\d+/\d+")
    assert list(data["punter"]) == ["5"] and frac.fullmatch(data["punter"]["5"])
    # B2: the banker's cells are keyed by his two card values, unordered, that are not a natural.
    holdings = {(a, b) for a in range(10) for b in range(a, 10) if (a + b) % 10 <= 7}
    assert len(holdings) == 44
    assert {tuple(sorted(map(int, k.split("+")))) for k in data["banker"]} == holdings
    assert len(data["banker"]) == 44
    for cells in data["banker"].values():
        assert set(cells) == {"stood", *map(str, range(10))}
        assert all(frac.fullmatch(v) for v in cells.values())
    assert frac.fullmatch(data["value"]) and data["value"] == data["floor"] == data["ceiling"]
    assert data["total"] == 4998398275503360  # N(N-1)...(N-5), 8 decks


def test_b3_json_has_one_probability_per_holding_at_5():
    data = json.loads(run("--model", "b3", "--decks", "6", "--format", "json").stdout)
    assert list(data["punter"]) == ["0+5", "1+4", "2+3", "6+9", "7+8"]


def test_commission_is_a_bimatrix_game_without_floor_and_ceiling():
    r = run("--model", "A1", "--commission", "5%", "--format", "json")
    data = json.loads(r.stdout)
    assert data["commission"] == "1/20" and data["zero_sum"] is False
    assert "floor" not in data
    # A1: the banker's mix (unchanged by the commission) keeps the punter indifferent, so the
    # punter's expectation is still the zero-sum value; his own mix changes (it must now make
    # the banker indifferent), and the commission comes out of the banker's expectation.
    zero_sum = json.loads(run("--model", "A1", "--format", "json").stdout)
    assert data["banker"] == zero_sum["banker"] and data["punter_value"] == zero_sum["value"]
    assert data["punter"] != zero_sum["punter"] == {"5": "9/11"}
    assert Fraction(data["banker_value"]) < -Fraction(data["punter_value"])


def test_csv_is_the_banker_grid():
    r = run("--model", "A1", "--format", "csv")
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith("Banker holds,3rd 0") and len(lines) == 9


@pytest.mark.parametrize("args,fragment", [
    (("--model", "A1", "--decks", "6"), "infinite deck"),
    (("--model", "B2", "--commission", "1"), "below 1"),
    (("--model", "B2", "--commission", "-1/20"), "at least 0"),
    (("--model", "B2", "--commission", "lots"), "--commission"),
    (("--model", "C4"), "C4"),
    (("--model", "B2", "--decks", "0"), "--decks"),
    (("--model", "B2", "--decks", "six"), "six"),
])
def test_bad_input_is_one_line_with_exit_status_2(args, fragment):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    lines = [l for l in r.output.splitlines() if l.strip()]
    assert len(lines) == 1 and fragment in lines[0], r.output
