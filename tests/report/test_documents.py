"""--format html, md and latex give whole documents with the title and summary inside; csv keeps the summary."""

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
