"""Effect of removal, dealing coups, track, sweep and simulate."""

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.punto_banco import walk as engine
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.rules.coup import Coup
from exact_odds.in_play.dealing import (CARDS_BEHIND_CUT, ShoeInPlay, coup_complete, coups_from_log, deal_coup,
                             deal_shoe, read_log, shoe_seeds, shuffled_cards)
from exact_odds.in_play.removal import effect_of_removal, linear_count, round_half_away
from exact_odds.rules.cards import RANK_VALUES, RANKS
from exact_odds.rules.shoe import Shoe

from test_fast import dragon_7  # noqa: E402 (tests share helpers through conftest's path)

STANDARD = builtin_catalog().variant("standard")


def simple_coup(cards):
    """Deal one coup from a list of values, straight from RULES §2 (seed 003's formula for Banker).

    Returns (coup, cards used). Independent of exact_odds.tableau."""
    p = [cards[0], cards[2]]
    b = [cards[1], cards[3]]
    pos = 4
    pt, bt = sum(p) % 10, sum(b) % 10
    if pt < 8 and bt < 8:
        third = None
        if pt <= 5:
            third = cards[pos]
            p.append(third)
            pos += 1
        if third is None:
            draws = bt <= 5
        else:
            t = {8: -2, 9: -1}.get(third, third)
            draws = bt <= int(t / 2) + 3
        if draws:
            b.append(cards[pos])
            pos += 1
    return Coup(sum(p) % 10, sum(b) % 10, len(p), len(b)), pos


def test_dealing_a_coup_follows_rules_section_2():
    rng = random.Random(4)
    for _ in range(20000):
        values = [rng.randrange(10) for _ in range(6)]
        coup, used = simple_coup(values)
        assert [coup_complete(values[:k]) for k in range(7)] == [k >= used for k in range(7)]
        assert deal_coup(values[:used]) == coup


def test_deal_shoe_stops_at_the_cut_card_before_the_seventh_last_card():
    for seed in shoe_seeds(11, 20):
        cards = shuffled_cards(8, seed)
        coups = deal_shoe(cards)
        pos = 0
        for i, c in enumerate(coups):
            coup, used = simple_coup([RANK_VALUES[r] for r in cards[pos:]])
            assert c.cards == tuple(cards[pos:pos + used]) and c.coup == coup
            left = [0] * 13
            for r in cards[pos:]:
                left[r] += 1
            assert c.known == tuple(left)
            pos += used
            last = i == len(coups) - 1
            # The cut card sits between cards N-8 and N-7 (0-based): it comes out in the last coup only.
            assert (pos > len(cards) - CARDS_BEHIND_CUT) == last


def test_face_value_burn_hides_the_burned_cards_but_not_the_first():
    cards = shuffled_cards(8, 99)
    first = cards[0]
    burned = 1 + (RANK_VALUES[first] or 10)
    coups = deal_shoe(cards, "face-value")
    assert coups[0].cards == tuple(cards[burned:burned + len(coups[0].cards)])
    known = [32] * 13
    known[first] -= 1
    assert coups[0].known == tuple(known)


# --- effect of removal -----------------------------------------------------

def test_eor_at_8_decks_equals_direct_removal():
    """Each EOR is the walk of the 8-deck shoe less one card of the rank, minus the full shoe."""
    shoe = Shoe.decks(8)
    bets = tuple(STANDARD) + (dragon_7(),)
    result = effect_of_removal(shoe, bets)
    base = [b.price(engine.walk(shoe)).house_edge for b in bets]
    assert list(result.edges) == base
    for r in range(13):
        dist = engine.walk(shoe.remove([RANKS[r]]))
        for b, bet in enumerate(bets):
            assert result.eor[b][r] == bet.price(dist).house_edge - base[b]


def test_eor_of_an_exhausted_rank_is_none():
    shoe = Shoe.from_counts([0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])
    result = effect_of_removal(shoe, STANDARD)
    assert result.eor[0][0] is None and result.eor[0][1] is not None


def test_jacobson_dragon_7_count_from_the_eor():
    """Eliot Jacobson's Dragon 7 count (quoted on Wizard of Odds, "EZ Baccarat"):
    4, 5, 6, 7 count -1; 8, 9 count +2; every other rank 0."""
    result = effect_of_removal(Shoe.decks(8), (dragon_7(),))
    count = linear_count(result.eor[0], (32,) * 13, level=2)
    assert count.tags == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)


def test_betting_correlation_matches_a_direct_pearson_correlation():
    eor = (Fraction(1), Fraction(-2), Fraction(3), None) + (Fraction(0),) * 9
    weights = (4, 4, 8, 4) + (4,) * 9
    lc = linear_count(eor, weights, level=3)
    assert lc.tags == (-1, 2, -3, 0) + (0,) * 9
    xs, ys, ws = [], [], []
    for t, e, w in zip(lc.tags, eor, weights):
        if e is not None:
            xs.append(t)
            ys.append(-float(e))
            ws.append(w)
    n = sum(ws)
    mx = sum(w * x for w, x in zip(ws, xs)) / n
    my = sum(w * y for w, y in zip(ws, ys)) / n
    cov = sum(w * (x - mx) * (y - my) for w, x, y in zip(ws, xs, ys))
    vx = sum(w * (x - mx) ** 2 for w, x in zip(ws, xs))
    vy = sum(w * (y - my) ** 2 for w, y in zip(ws, ys))
    assert lc.correlation_sign == 1
    assert float(lc.correlation_squared) == pytest.approx((cov * cov) / (vx * vy), rel=1e-12)


def test_round_half_away_from_zero():
    assert [round_half_away(Fraction(n, 2)) for n in (-3, -1, 1, 3, 4)] == [-2, -1, 1, 2, 2]


# --- CLI ---------------------------------------------------------------------

runner = CliRunner()


def run(args, input=None):
    return runner.invoke(main, args, input=input)


def test_eor_json_rows_are_the_library_fractions():
    res = run(["eor", "--decks", "8", "--bets", "banker,tie", "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    lib = effect_of_removal(Shoe.decks(8), (builtin_catalog().bets["banker"], builtin_catalog().bets["tie"]))
    assert [row["rank"] for row in doc["rows"]] == list(RANKS)
    for r, row in enumerate(doc["rows"]):
        assert Fraction(row["banker"]) == lib.eor[0][r]
        assert Fraction(row["tie"]) == lib.eor[1][r]
    assert set(doc["counts"]) == {"banker", "tie"}


# A hand-made one-deck log, one coup per line (each coup checked against RULES §2 by hand;
# Player gets the 1st and 3rd cards, Banker the 2nd and 4th):
#   1: P 9h, Qs = 9 (natural); B Kd, 3c = 3. 4 cards.
#   2: P 5h, 2d = 7 stands; B 4s, 3h = 7 stands. 4 cards.
#   3: P As, 2s = 3 draws 6c; B Ks, Qh = 0 draws 8d. 6 cards.
LOG = "9h Kd Qs 3c\n5h 4s 2d 3h\nAs Ks 2s Qh 6c 8d\n"
SEEN = ["9h", "Kd", "Qs", "3c", "5h", "4s", "2d", "3h", "As", "Ks", "2s", "Qh", "6c", "8d"]


def test_track_hand_made_log_ends_on_the_known_shoe():
    res = run(["track", "--decks", "1", "--format", "jsonl", "-"], input=LOG)
    assert res.exit_code == 0, res.output
    records = [json.loads(line) for line in res.output.splitlines()]
    assert [r["coup"] for r in records] == [1, 2, 3, 4]
    assert [r["cards_left"] for r in records] == [52, 48, 44, 38]
    final = Shoe.decks(1).remove(SEEN)
    dist = engine.walk(final)
    for key, bet in zip(("banker", "player", "tie"), STANDARD):
        assert Fraction(records[-1]["house_edge"][key]) == bet.price(dist).house_edge
    first = engine.walk(Shoe.decks(1))
    assert Fraction(records[0]["house_edge"]["tie"]) == STANDARD[2].price(first).house_edge


def test_track_splits_free_form_logs_by_the_rules():
    shoe = ShoeInPlay(Shoe.decks(1))
    events = list(coups_from_log(read_log([" ".join(SEEN)]), shoe))
    coups = [item for kind, item in events if kind == "coup"]
    assert [c.coup for c in coups] == [Coup(9, 3, 2, 2), Coup(7, 7, 2, 2), Coup(9, 8, 3, 3)]
    assert tuple(shoe.ranks) == Shoe.decks(1).remove(SEEN).ranks


def test_track_refuses_an_impossible_log_with_the_line_number():
    res = run(["track", "--decks", "1", "-"], input="9h Kd Qs 3c\n5h 5h 2d 3h\n")
    assert res.exit_code == 2
    assert "line 2" in res.output and "5h" in res.output


def test_track_refuses_an_unknown_card_with_the_line_number():
    res = run(["track", "-"], input="9h Kd\nQs 3x\n")
    assert res.exit_code == 2
    assert "line 2" in res.output and "3x" in res.output


SHOES = "32,32,32,32,32,32,32,32,32,32,32,32,32\n# one deck\n4,4,4,4,4,4,4,4,4,4,4,4,4\n\n1,1,1,1,1,1,0,0,0,0,0,0,0\n"


def test_sweep_csv_in_input_order_with_wizard_of_odds_counts():
    """1 and 8 decks: WoO "Baccarat odds for 1 to 12 decks" (RULES §3)."""
    res = run(["sweep", "-"], input=SHOES)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("line,banker,player,tie,total,banker_house_edge,")
    assert lines[1].startswith("1,2292252566437888,2230518282592256,475627426473216,4998398275503360,")
    assert lines[2].startswith("3,6737232640,6548674432,1372227328,14658134400,")
    assert lines[3].startswith("5,")
    tiny = Shoe.from_counts([1] * 6 + [0] * 7)
    edge = STANDARD[0].price(engine.walk(tiny)).house_edge
    assert lines[3].split(",")[5] == f"{edge.numerator}/{edge.denominator}"


def test_sweep_jsonl_and_jobs_give_the_same_rows():
    one = run(["sweep", "-", "--format", "jsonl"], input=SHOES * 3)
    two = run(["sweep", "-", "--format", "jsonl", "--jobs", "2"], input=SHOES * 3)
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    first = json.loads(one.output.splitlines()[0])
    assert first["banker"] == 2292252566437888 and first["line"] == 1


def test_sweep_bad_line_reports_its_number_and_writes_nothing(tmp_path):
    out = tmp_path / "edges.csv"
    res = run(["sweep", "-", "-o", str(out)], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n4,4,4,x,4,4,4,4,4,4,4,4,4\n")
    assert res.exit_code == 2
    assert "line 2" in res.output
    assert not out.exists()
    res = run(["sweep", "-"], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n1,2,3\n")
    assert res.exit_code == 2 and "line 2" in res.output and "banker" not in res.output


def test_simulate_is_reproducible_and_independent_of_jobs():
    args = ["simulate", "--shoes", "6", "--decks", "2", "--seed", "5", "--format", "json"]
    a, b, c = run(args), run(args), run(args + ["--jobs", "2"])
    assert a.exit_code == 0, a.output
    assert a.output == b.output == c.output
    doc = json.loads(a.output)
    assert doc["shoes"] == 6 and doc["coups"] > 6 * 10
    other = json.loads(run(["simulate", "--shoes", "6", "--decks", "2", "--seed", "6", "--format", "json"]).output)
    assert other["coups"] != doc["coups"] or other["bets"] != doc["bets"]


def test_simulate_counts_the_coups_the_rules_deal():
    from exact_odds.in_play.simulation import simulate

    result = simulate(3, 1, 8, STANDARD)
    expected = sum(len(deal_shoe(shuffled_cards(1, s))) for s in shoe_seeds(8, 3))
    assert result.coups == expected
    # The first coup of every shoe is priced on the full shoe: the published 1-deck edges
    # (WoO "Baccarat odds for 1 to 12 decks", RULES §3), three times, never positive.
    b, p, t, total = 6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400
    published = [(Fraction(19, 20) * b - p) / total, Fraction(p - b, total), Fraction(9 * t - total, total)]
    for bet, ev in enumerate(published):
        assert result.tallies[bet].by_remaining[52][0] == 3
        assert result.mean_ev(bet, 52, 52) == (ev, 3, 0)


def test_bets_all_leaves_out_pair_bets_with_a_note_and_prices_the_rest():
    res = run(["sweep", "-", "--bets", "all", "--format", "jsonl"], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n")
    assert res.exit_code == 0, res.output
    assert "left out" in res.stderr and "Player Pair" in res.stderr
    record = json.loads(res.stdout)
    assert "player_pair_house_edge" not in record
    dist = engine.walk(Shoe.decks(1))
    for key, bet in builtin_catalog().bets.items():
        if bet.family != "pair":
            assert Fraction(record[f"{key}_house_edge"]) == bet.price(dist).house_edge


def test_pair_bets_named_explicitly_are_refused():
    res = run(["track", "--bets", "banker,player_pair", "-"], input="")
    assert res.exit_code == 2
    assert "Player Pair" in res.output and "Traceback" not in res.output


def test_commission_and_variants_choose_bets_as_edge_does():
    res = run(["eor", "--decks", "1", "--variant", "ez", "--commission", "1/25", "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert list(doc["house_edge"])[0].startswith("banker_commission")
    assert "dragon7" in doc["house_edge"] and "panda8" in doc["house_edge"]


def test_simulate_prices_every_coup_as_the_walk_does():
    """Every EV of a small simulation against the walk of the composition the bettor knew."""
    from exact_odds.in_play.simulation import simulate

    bets = (builtin_catalog().bets["tie"], builtin_catalog().bets["player"])
    result = simulate(2, 1, 21, bets)
    for b, bet in enumerate(bets):
        evs, gains = [], Fraction(0)
        for seed in shoe_seeds(21, 2):
            for c in deal_shoe(shuffled_cards(1, seed)):
                ev = bet.price(engine.walk(Shoe(c.known))).expected_value
                evs.append(ev)
                if ev > 0:
                    gains += bet.payout(c.coup)
        tally = result.tallies[b]
        assert tally.coups == len(evs)
        assert tally.positive == sum(ev > 0 for ev in evs)
        assert (tally.best, tally.worst) == (max(evs), min(evs))
        assert tally.expected_gain == sum((ev for ev in evs if ev > 0), Fraction(0))
        assert tally.realised_gain == gains
        assert result.mean_ev(b, 0, 52)[0] == sum(evs, Fraction(0)) / len(evs)


def test_track_flags_positive_expectation():
    """A shoe of tens only: every coup is a 0-0 tie, so Tie (8:1) wins 8 units for sure."""
    # 0-0: Player draws, then Banker draws: a coup takes six cards.
    res = run(["track", "--shoe", "0,0,0,0,0,0,0,0,0,20,0,0,0", "-"], input="10 10 10 10 10 10\n10 10\n")
    assert res.exit_code == 0, res.output
    rows = [line for line in res.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 2
    assert all(row.endswith("+EV: tie") for row in rows)
    assert "-800.0000%" in rows[0]
    assert "middle of coup 2 (2 of its cards seen, the last on line 2)" in res.stderr


def test_simulate_plot_draws_the_edge_of_every_bet(tmp_path):
    """--plot writes an SVG with one labelled curve per bet."""
    out = tmp_path / "edge.svg"
    r = CliRunner().invoke(main, ["simulate", "--shoes", "3", "--decks", "1", "--seed", "5",
                                  "--bets", "banker,tie", "--plot", str(out)])
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    assert svg.startswith("<?xml") and "<svg" in svg
    assert "Banker" in svg and "Tie" in svg and "cards left in the shoe" in svg


def test_plotted_edge_at_a_full_deck_is_the_wizard_of_odds_1_deck_edge():
    """Every 1-deck shoe's first coup is dealt from 52 cards, so the plotted point at 52
    is the full-deck edge: WoO 'Baccarat odds for 1 to 12 decks', 1 deck,
    B 6,737,232,640, P 6,548,674,432, T 1,372,227,328 of 14,658,134,400."""
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.in_play.simulation import simulate

    bets = builtin_catalog().variant("standard")
    result = simulate(4, 1, 11, bets)
    b, p, t, total = 6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400
    woo = [Fraction(p - Fraction(19, 20) * b, total), Fraction(b - p, total), Fraction(total - 9 * t, total)]
    for i, expected in enumerate(woo):
        n, edge = result.edge_by_cards_left(i)[0]
        assert n == 52 and edge == expected


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, monkeypatch):
    """Without matplotlib, --plot is one line, exit 2, naming what to install."""
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    r = CliRunner().invoke(main, ["simulate", "--shoes", "1", "--decks", "1", "--plot", str(tmp_path / "e.png")])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "pip install matplotlib" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "e.png").exists()
