"""The library as a notebook user meets it (issue 23, item 5): bets by key, simulate on a Shoe, the games
under their own names, short signatures and reprs, a bet's standard deviation, an explained caption."""

import inspect
from fractions import Fraction

import pytest

import exact_odds
from exact_odds import Shoe, analyse, builtin_catalog, simulate, walk


def test_analyse_takes_catalog_keys_as_well_as_pay_tables():
    """Dragon 7 pays 40 to 1 on 8 decks: house edge 7.61% (Wizard of Odds, 'EZ Baccarat', Dragon 7 table)."""
    by_key = analyse(Shoe.decks(8), ["dragon7", "banker"])
    by_table = analyse(Shoe.decks(8), [builtin_catalog().bet("dragon7"), builtin_catalog().bet("banker")])
    assert by_key.results == by_table.results
    assert round(float(by_key["dragon7"].house_edge), 4) == 0.0761


def test_simulate_takes_a_shoe_as_analyse_does():
    bets = ["banker", "tie"]
    assert simulate(2, Shoe.decks(1), 5, bets).to_records() == simulate(2, 1, 5, bets).to_records()


def test_the_games_are_reached_under_their_own_names():
    """Kemeny and Snell (1957): in model A1 the punter draws at 5 with probability 9/11."""
    assert exact_odds.chemin.solve(exact_odds.chemin.game_for("A1")).punter == {"5": Fraction(9, 11)}
    assert callable(exact_odds.banque.analyse_banque) and callable(exact_odds.banque.solve_banque)
    for gone in ("solve", "Game", "payoff", "deviations", "game_for", "analyse_banque"):
        assert gone not in exact_odds.__all__
        with pytest.raises(AttributeError):
            getattr(exact_odds, gone)


def test_chem_solution_says_its_own_name():
    sol = exact_odds.chemin.solve(exact_odds.chemin.game_for("A1"))
    assert type(sol).__name__ == "ChemSolution" and repr(sol).startswith("ChemSolution(model A1")


def test_the_signature_of_analyse_is_short():
    text = str(inspect.signature(analyse))
    assert len(text) < 160 and "Tableau('punto banco')" in text


def test_a_bets_standard_deviation_is_the_root_of_its_exact_variance():
    """Against the outcome counts directly: Banker pays 19/20 on a Banker win, loses 1 on a Player win."""
    counts = walk(Shoe.decks(8)).outcome_counts()
    total = sum(counts.values())
    win, lose = Fraction(counts["banker"], total), Fraction(counts["player"], total)
    mean = Fraction(19, 20) * win - lose
    variance = Fraction(361, 400) * win + lose - mean ** 2
    r = analyse(Shoe.decks(8), ["banker"])["banker"]
    assert r.variance == variance
    sd = r.standard_deviation
    assert abs(Fraction(sd) ** 2 - variance) < Fraction(1, 10 ** 45)
    assert exact_odds.Volatility.of(r).standard_deviation == sd  # one square root


def test_the_html_caption_says_what_its_number_counts():
    html = analyse(Shoe.decks(8))._repr_html_()
    assert "six-card" in html and "distinct deals" in html and "3,394" in html
