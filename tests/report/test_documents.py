"""--format html, md and latex give whole documents with the title and summary inside; csv keeps the summary."""

import pytest

from click.testing import CliRunner

from exact_odds.cli import main
from exact_odds.report.conditions import condition_words


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def test_html_bet_is_a_document_with_its_summary():
    out = run("bet", "tie", "--format", "html").stdout
    assert out.startswith("<!DOCTYPE html>") and "<title>Tie, 8 decks" in out
    assert "House edge 14.3596" in out  # the summary line, inside the document (RULES §3: 14.3596%)
    assert '<td class="num">8</td>' in out  # numbers right-aligned


def test_latex_bet_is_a_document_with_right_aligned_numbers():
    out = run("bet", "tie", "--format", "latex").stdout
    assert out.startswith("\\documentclass{article}") and out.rstrip().endswith("\\end{document}")
    assert "\\begin{tabular}{lrrrr}" in out  # Event left; Pays, Combinations, Probability, Return right
    assert "House edge 14.3596" in out and "\\%" in out


def test_csv_keeps_the_summary_as_a_second_table():
    out = run("bet", "tie", "--format", "csv").stdout
    data, summary = out.strip().split("\n\n")
    assert data.startswith("Event,Pays,Combinations")
    assert summary.splitlines()[0] == "Summary" and "House edge 14.3596" in summary


def test_conditions_in_words():
    assert condition_words("player_third == -1 and banker in (1, 2)") == \
        "The Player did not draw and the Banker's final total is one of 1 or 2"
    assert condition_words("banker_wins and not banker_natural") == "Banker wins and the Banker has no natural"
    assert condition_words("player * 2 == 4") == "player * 2 == 4"  # nothing it cannot say is misread


@pytest.mark.parametrize("condition, words", [
    ("player_suited and player_cards == 3 and player == 8",
     "The Player's cards all have the same suit and the number of Player cards is 3 and the Player's final total is 8"),
    ("banker_red", "The Banker's cards are all red"),
    ("player_card1_suit == hearts and banker_card3_black",
     "The suit of the Player's first card is hearts and the Banker's third card is black"),
])
def test_card_level_conditions_read_in_words(condition, words):
    """Lucky 8's and the colour bets' lines were shown as written in the par sheet's 'In words' column."""
    from exact_odds.report.conditions import condition_words

    assert condition_words(condition) == words
