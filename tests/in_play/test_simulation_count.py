"""simulate: the cut card, a count beside perfect play, standard errors, percentile bands, the JSON."""

import json
import math
from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.simulate.counting import CountStrategy, count_study
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.in_play.simulate.simulation import EDGE_RESOLUTION, simulate
from exact_odds.in_play.simulate.statistics import ratio_estimate
from exact_odds.in_play.sweep.sweep import house_edges
from exact_odds.report.emit import emit
from exact_odds.report.simulation import simulation_report
from exact_odds.rules.shoe import Shoe

BETS = builtin_catalog().bets
DRAGON = CountStrategy("Jacobson", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(1))


@pytest.fixture(scope="module")
def run():
    """2 shoes of 2 decks, Tie and Dragon 7, the count on Dragon 7, 10 cards behind the cut card."""
    bets = (BETS["tie"], BETS["dragon7"])
    return bets, simulate(3, 2, 13, bets, cut_card=10, count=DRAGON, count_bet=1)


_WALKED = {}


def walked(bets, shoes, decks, seed, cut_card):
    """Every coup's exact EVs, shoe by shoe: [shoe][coup] = (cards left, [EV per bet]). The EVs are the
    fast path's (tests/in_play/test_simulation.py checks them against the walk); what is checked here
    is how the simulation adds them up into estimates and standard errors."""
    key = (tuple(b.key for b in bets), shoes, decks, seed, cut_card)
    if key not in _WALKED:
        _WALKED[key] = [[(sum(c.known), [-e for e in house_edges(Shoe(c.known), bets)])
                         for c in deal_shoe(shuffled_cards(decks, s), cut_card=cut_card)]
                        for s in shoe_seeds(seed, shoes)]
    return _WALKED[key]


def test_the_count_in_simulate_is_the_count_study_of_the_same_shoes(run):
    bets, result = run
    study = count_study(bets[1], 2, [DRAGON], shoes=3, seed=13, cut_card=10)
    assert result.count_result.totals == study.strategies[1].totals
    assert result.perfect[1].totals == study.perfect_play.totals
    assert result.count_result.totals.bets > 0 and result.count_bet == 1 and result.count is DRAGON
    assert result.count_result == study.strategies[1]


def test_standard_errors_by_depth_are_those_of_the_shoes_sums(run):
    bets, result = run
    shoes = walked(bets, 3, 2, 13, 10)
    assert result.coups == sum(len(s) for s in shoes)
    for d in result.by_depth():
        for b in range(2):
            y = [sum((evs[b] for n, evs in s if d.low <= n <= d.high), Fraction(0)) for s in shoes]
            c = [sum(1 for n, _ in s if d.low <= n <= d.high) for s in shoes]
            p = [sum(1 for n, evs in s if d.low <= n <= d.high and evs[b] > 0) for s in shoes]
            edge, positive = d.mean_house_edge_estimate[b], d.positive_ev_frequency_estimate[b]
            expected = ratio_estimate([-v for v in y], c)
            assert edge.value == expected.value
            assert edge.standard_error == pytest.approx(expected.standard_error, rel=1e-9, abs=1e-15)
            assert positive.standard_error == pytest.approx(ratio_estimate(p, c).standard_error, abs=1e-15)
    for s, b in zip(result.summary(), range(2)):
        expected = ratio_estimate([-sum((e[b] for _, e in sh), Fraction(0)) for sh in shoes],
                                  [len(sh) for sh in shoes])
        assert s.mean_house_edge_estimate.value == expected.value == float(s.mean_house_edge)
        assert s.mean_house_edge_estimate.standard_error == pytest.approx(expected.standard_error, rel=1e-9)


def test_edge_bands_are_nearest_rank_percentiles_of_the_rounded_edges(run):
    bets, result = run
    shoes = walked(bets, 3, 2, 13, 10)
    for band in result.edge_bands(1, per=26):
        edges = sorted(math.floor(-evs[1] * EDGE_RESOLUTION + Fraction(1, 2)) for s in shoes for n, evs in s
                       if band.low <= n <= band.high)
        assert band.coups == len(edges)
        for q, value in zip(band.percents, band.edges):
            assert value == edges[max(1, math.ceil(q * len(edges) / 100)) - 1] / EDGE_RESOLUTION
    assert sum(b.coups for b in result.edge_bands(1)) == result.coups


def test_jobs_change_nothing_with_a_count():
    bets = (BETS["dragon7"],)
    one = simulate(4, 1, 3, bets, count=DRAGON, cut_card=12)
    assert one == simulate(4, 1, 3, bets, jobs=2, count=DRAGON, cut_card=12)
    assert one.cut_card == 12 and one.coups == sum(len(deal_shoe(shuffled_cards(1, s), cut_card=12))
                                                   for s in shoe_seeds(3, 4))


def test_json_has_decimals_standard_errors_and_data_keys(run):
    _, result = run
    doc = json.loads(emit(simulation_report(result), "json"))
    assert doc["cut_card"] == 10 and doc["count"]["bet"] == "dragon7" and doc["count"]["trigger"] == "1"
    assert any("1.96" in a for a in doc["assumptions"])
    perfect = doc["bets"]["dragon7"]["perfect_play"]
    for stat in ("bet_frequency", "advantage_when_betting", "win_per_100_coups", "win_per_shoe", "sd_per_coup",
                 "desirability_index"):
        e = perfect[stat]
        assert set(e) == {"estimate", "standard_error", "ci95"} and isinstance(e["estimate"], float)
        if stat == "advantage_when_betting":  # every coup bet fell in one of the 3 shoes: no SE claimed
            assert e["standard_error"] is None and e["ci95"] is None
            continue
        floor = 0.0 if stat in ("bet_frequency", "sd_per_coup") else -math.inf  # a share, an SD: >= 0
        assert e["ci95"][0] == pytest.approx(max(floor, e["estimate"] - 1.959963984540054 * e["standard_error"]))
        assert e["ci95"][1] == pytest.approx(e["estimate"] + 1.959963984540054 * e["standard_error"])
    assert doc["bets"]["dragon7"]["count"]["bets"] == result.count_result.totals.bets
    assert doc["bets"]["tie"]["count"] is None
    for row in doc["by_cards_left"]:
        assert set(row) == {"high", "low", "bets"} and set(row["bets"]) <= {"tie", "dragon7"}
    # no long exact fractions anywhere: every string is short
    strings = []

    def walk(x):
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            strings.append(x)
    walk({k: v for k, v in doc.items() if k not in ("rules", "assumptions")})
    assert max(len(s) for s in strings) < 60


def test_text_shows_estimates_with_standard_errors_and_intervals(run):
    _, result = run
    text = emit(simulation_report(result), "simple")
    assert "10 cards" in text and "Jacobson" in text and "95% interval" in text and " to " in text
    csv = emit(simulation_report(result), "csv").splitlines()
    assert csv[0] == "Bet,Strategy,Statistic,Estimate,SE,95% interval"
    assert sum("Jacobson" in line for line in csv) == 12  # 7 statistics, then the rates, N0 and SCORE


@pytest.mark.slow
def test_the_plot_draws_png_svg_and_pdf(run, tmp_path):
    from exact_odds.report.plot import plot_edges

    _, result = run
    for kind, magic in (("png", b"\x89PNG"), ("svg", b"<?xml"), ("pdf", b"%PDF")):
        path = tmp_path / f"e.{kind}"
        plot_edges(result, path)
        data = path.read_bytes()
        assert data.startswith(magic)
        plot_edges(result, path)
        assert path.read_bytes() == data  # no dates: the same run draws the same file


def test_a_pdf_plot_path_is_accepted():
    from exact_odds.report.plot import PlotError, check_plot_path

    assert check_plot_path("edge.PDF").suffix == ".PDF"
    with pytest.raises(PlotError, match=r"\.png, \.svg or \.pdf"):
        check_plot_path("edge.jpg")
