"""exact-odds banque --equilibrium: --solution and --theta-range output contracts; chemin de fer's count."""

import json
from fractions import Fraction

from click.testing import CliRunner

from exact_odds.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def test_theta_range_json_has_one_row_per_theta():
    r = run("banque", "--equilibrium", "--decks", "inf", "--theta-range", "1/20:1/10:1/100", "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [row["theta"] for row in doc["rows"]] == [str(Fraction(5 + k, 100)) for k in range(6)]
    for row in doc["rows"]:
        assert row["equilibria_found"] == len(row["equilibria"]) >= 1
        assert row["search_complete"] is True


def test_theta_range_correlated_text_has_one_row_per_theta():
    r = run("banque", "--equilibrium", "--decks", "inf", "--theta-range", "1/4:1/2:1/8", "--solution", "correlated")
    assert r.exit_code == 0, r.output
    assert [line.split()[1] for line in r.output.splitlines()[3:]] == ["correlated"] * 3


def test_nash_json_says_how_many_and_whether_proven():
    r = run("banque", "--equilibrium", "--decks", "inf", "--theta", "17/200", "--no-theta-table", "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["equilibria_found"] == 3 and doc["unique"] is False and doc["search_complete"] is True


def test_independent_json_says_where_it_does_not_exist():
    r = run("banque", "--equilibrium", "--decks", "inf", "--solution", "independent", "--no-theta-table",
            "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["exists"] is False and doc["reason"]
    r = run("banque", "--equilibrium", "--decks", "inf", "--solution", "independent", "--theta", "3/10",
            "--no-theta-table", "--format", "json")
    doc = json.loads(r.stdout)
    assert doc["exists"] is True and doc["x"] == doc["y"] == "9/11"


def test_chemin_json_counts_equilibria_and_proves_uniqueness():
    r = run("chemin-de-fer", "--model", "B2", "--decks", "6", "--commission", "1/20", "--format", "json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["equilibria_found"] == 1 and doc["unique"] is True and doc["banker_unique"] is True
    r = run("chemin-de-fer", "--model", "B3", "--decks", "1", "--format", "json")
    doc = json.loads(r.stdout)
    assert doc["unique"] is False and doc["search_complete"] is False
