"""``exact-odds report``: the par sheet's figures, read back from the HTML with the stdlib parser,
equal the library's; the document is self-contained and byte-identical from run to run."""

import json
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.volatility import Volatility
from exact_odds.cli import main
from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count
from exact_odds.punto_banco.walk import walk
from exact_odds.report.numbers import fraction_text, percent_text, sqrt_text
from exact_odds.rules.shoe import Shoe

ARGS = ["report", "--bets", "dragon7", "--decks", "1,8,inf", "--no-simulation"]


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


class Tables(HTMLParser):
    """Every table of a page, keyed by the last heading (h2/h3) before it: (headers, rows)."""

    def __init__(self):
        super().__init__()
        self.tables, self.heading, self._cell, self._row, self._in_h = [], "", None, None, False
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag in ("h2", "h3"):
            self._in_h, self.heading = True, ""
        elif tag == "table":
            self.tables.append((self.heading, []))
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag in ("h2", "h3"):
            self._in_h = False
        elif tag in ("td", "th"):
            self._row.append(self._cell)
            self._cell = None
        elif tag == "tr":
            self.tables[-1][1].append(self._row)

    def handle_data(self, data):
        if self._in_h:
            self.heading += data
        if self._cell is not None:
            self._cell += data

    def table(self, heading, first_header):
        """The rows (header first) of the table under ``heading`` whose first header is ``first_header``."""
        found = [rows for h, rows in self.tables if h == heading and rows[0][0] == first_header]
        assert len(found) == 1, (heading, first_header, [(h, r[0]) for h, r in self.tables])
        return found[0]


@pytest.fixture(scope="module")
def page():
    r = run(*ARGS)
    assert r.exit_code == 0, r.output
    parser = Tables()
    parser.feed(r.stdout)
    return r.stdout, parser


@pytest.fixture(scope="module")
def library():
    bet = builtin_catalog().bet("dragon7")
    return bet, {d: bet.price(walk(Shoe.infinite() if d is None else Shoe.decks(d))) for d in (1, 8, None)}


def test_combinations_and_probabilities_equal_the_library(page, library):
    _, p = page
    bet, results = library
    combos = p.table("Combinations", "Line")
    assert combos[0] == ["Line", "Pays", "1 deck", "8 decks", "infinite deck"]
    for i, row in enumerate(combos[1:-1]):
        assert row[2] == f"{results[1].lines[i].count:,}" and row[3] == f"{results[8].lines[i].count:,}"
        assert row[4] == ""  # the infinite deck has no combinations
    assert combos[-1][2:4] == [f"{results[1].total:,}", f"{results[8].total:,}"]
    probs = p.table("Probability", "Line")
    for i, row in enumerate(probs[1:-1]):
        for cell, d in zip(row[2:], (1, 8, None)):
            assert abs(Fraction(cell) - results[d].lines[i].probability) <= Fraction(1, 2 * 10**10)


def test_summary_figures_equal_the_library(page, library):
    _, p = page
    _, results = library
    rows = {r[0]: r[1:] for r in p.table("Figures", "Figure")[1:]}
    order = (1, 8, None)
    assert rows["House edge (exact)"] == [fraction_text(results[d].house_edge) for d in order]
    assert rows["Return to player (exact)"] == [fraction_text(1 - results[d].house_edge) for d in order]
    assert rows["House edge"] == [percent_text(results[d].house_edge, 6) for d in order]
    assert rows["Hit frequency"] == [percent_text(results[d].hit_frequency, 6) for d in order]
    assert rows["Standard deviation"] == [sqrt_text(results[d].variance, 6) for d in order]
    assert "House edge excluding pushes" not in rows  # Dragon 7 never pushes


def test_volatility_figures_equal_the_library(page, library):
    _, p = page
    _, results = library
    rows = {r[0]: r[1:] for r in p.table("Volatility", "Figure")[1:]}
    ahead = [Volatility.of(results[d]).hands_until_house_ahead() for d in (1, 8, None)]
    assert rows["Hands until the house is ahead (95%, one-sided)"] == [f"{n:,}" for n in ahead]
    # 8 decks: Jacobson's SD 6.0849 (tests/published/test_par_sheet.py) times 1.644854 is 10.0087
    assert rows["Volatility index, 90%"][1] == "10.0087"


def test_effect_of_removal_and_count_equal_the_library(page, library):
    _, p = page
    bet, _ = library
    eor = effect_of_removal(Shoe.decks(8), [bet])
    table = p.table("Countability", "Rank")
    assert [r[2] for r in table[1:]] == [percent_text(e, 6) for e in eor.eor[0]]
    count = linear_count(eor.eor[0], Shoe.decks(8).ranks)
    tags = [t for h, t in p.tables if h == "Countability" and t[0][0] == "Shoe" and t[0][1] == "A"][0]
    assert tags[2][1:14] == [str(t) for t in count.tags] and tags[2][14] == count.correlation_text(4)
    assert count.tags == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)


def test_pay_table_has_each_condition_in_words(page):
    _, p = page
    rows = p.table("Pay table", "#")
    assert rows[1][2] == "banker_wins and banker_cards == 3 and banker == 7"
    assert rows[1][3] == "Banker wins and the number of Banker cards is 3 and the Banker's final total is 7"


def test_html_is_one_self_contained_page(page):
    html, p = page
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    assert "<svg" in html and {"h1", "h2", "table", "svg", "style"} <= p.tags
    for outside in ("<script", "src=", "href=", "@import", "url(", "<link"):
        assert outside not in html, outside
    assert "exact_odds version" in html and "SHA-256" in html


def test_report_is_byte_identical_twice(tmp_path):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    for path in (a, b):
        r = run(*ARGS, "-o", str(path))
        assert r.exit_code == 0 and r.stdout == "", r.output
    assert a.read_bytes() == b.read_bytes()
    assert str(tmp_path) not in a.read_text()


def test_markdown_and_json_forms(page):
    md = run(*ARGS, "--format", "md").stdout
    assert md.startswith("# Par sheet: Dragon 7\n") and "### Figures" in md and "<svg" not in md
    doc = json.loads(run(*ARGS, "--format", "json").stdout)
    assert doc["bets"][0]["columns"][1]["house_edge"] == "64613588827/848912750595"  # WoO's 7.6113% at 8 decks


def test_provenance_hash_changes_with_the_options():
    a = run("report", "--bets", "tie", "--decks", "8", "--no-simulation", "--format", "md").stdout
    b = run("report", "--bets", "tie", "--decks", "6", "--no-simulation", "--format", "md").stdout
    line = [l for l in a.splitlines() if l.startswith("Options:")][0]
    assert line not in b
    assert [l for l in a.splitlines() if l.startswith("Pay table")] == \
        [l for l in b.splitlines() if l.startswith("Pay table")]


def test_simulated_countability_equals_the_library_and_repeats():
    """The counter and perfect play rows are in_play.simulate.counting's estimates, mean ± SE, same seed same bytes."""
    from exact_odds.in_play.simulate.counting import countability

    args = ["report", "--bets", "dragon7", "--decks", "1", "--shoes", "30", "--seed", "5", "--format", "html"]
    first, second = run(*args), run(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    p = Tables()
    p.feed(first.stdout)
    sim = [t for h, t in p.tables if h == "Countability" and t[0][:2] == ["Shoe", "Play"]][0]
    rows = {r[1]: r[1:] for r in sim[1:] if r[0] == "1 deck"}
    c = countability(builtin_catalog().bet("dragon7"), 1, cut_card=7, shoes=30, seed=5)
    win = c.count_play.win_per_shoe
    assert rows["best linear count"][4] == f"{win.value:.3f} ± {win.standard_error:.3f}"
    freq = c.perfect_play.bet_frequency
    assert rows["perfect play"][1] == \
        f"{freq.value * 100:.2f}% ± {freq.standard_error * 100:.2f}%"
    assert "30 shoes" in first.stdout and "penetration 86.54%" in first.stdout  # (52 - 7) / 52


def test_countability_says_why_it_is_missing():
    inf = run("report", "--bets", "tie", "--decks", "inf", "--format", "md").stdout
    assert "Not computed: the infinite deck has no effect of removal" in inf
    pair = run("report", "--bets", "player_pair", "--decks", "1", "--format", "md").stdout
    assert "Not computed: this bet looks at the first four cards' ranks and suits" in pair


def test_the_document_opens_with_one_summary_and_the_rules_once(library):
    """House edge and return to player first, in one table for every bet; the drawing rules once; a table of
    contents when there are several bets; the bands labelled alike in the table and the plot; no file paths."""
    r = run("report", "--bets", "dragon7,tie", "--decks", "1,8,inf", "--no-simulation")
    assert r.exit_code == 0, r.output
    p = Tables()
    p.feed(r.stdout)
    headings = [h for h, _ in p.tables]
    summary = p.table("1. Summary: house edge and return to player", "Bet")
    _, results = library
    assert summary[1] == ["Dragon 7", "House edge"] + [percent_text(results[d].house_edge, 6) for d in (1, 8, None)]
    assert summary[2][1] == "Return to player" and [row[0] for row in summary[1:]] == ["Dragon 7", "", "Tie", ""]
    assert headings.index("1. Summary: house edge and return to player") == 0
    assert r.stdout.count("(D draws, S stands)") == 1
    assert r.stdout.count("<h2>Contents</h2>") == 1 and "4. Tie (tie)" in r.stdout
    assert r.stdout.count("95% band") >= 3 and "90% band" not in r.stdout
    assert "docs/" not in r.stdout and ".md" not in r.stdout and "exact_odds." not in r.stdout
    one = run(*ARGS).stdout
    assert "<h2>Contents</h2>" not in one
