"""Simulated shoes: every coup priced exactly, and the statistics of a run."""

from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")


def test_simulate_counts_the_coups_the_rules_deal():
    from exact_odds.in_play.simulate.simulation import simulate

    result = simulate(3, 1, 8, STANDARD)
    expected = sum(len(deal_shoe(shuffled_cards(1, s))) for s in shoe_seeds(8, 3))
    assert result.coups == expected
    # The first coup of every shoe is priced on the full shoe: the published 1-deck edges
    # (WoO "Baccarat odds for 1 to 12 decks", docs/rules.md §3), three times, never positive.
    b, p, t, total = 6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400
    published = [(Fraction(19, 20) * b - p) / total, Fraction(p - b, total), Fraction(9 * t - total, total)]
    for bet, ev in enumerate(published):
        assert result.tallies[bet].by_remaining[52][0] == 3
        assert result.mean_ev(bet, 52, 52) == (ev, 3, 0)


def test_simulate_prices_every_coup_as_the_walk_does():
    """Every EV of a small simulation against the walk of the composition the bettor knew."""
    from exact_odds.in_play.simulate.simulation import simulate

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


def test_plotted_edge_at_a_full_deck_is_the_wizard_of_odds_1_deck_edge():
    """Every 1-deck shoe's first coup is dealt from 52 cards, so the plotted point at 52
    is the full-deck edge: WoO 'Baccarat odds for 1 to 12 decks', 1 deck,
    B 6,737,232,640, P 6,548,674,432, T 1,372,227,328 of 14,658,134,400."""
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.in_play.simulate.simulation import simulate

    bets = builtin_catalog().variant("standard")
    result = simulate(4, 1, 11, bets)
    b, p, t, total = 6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400
    woo = [Fraction(p - Fraction(19, 20) * b, total), Fraction(b - p, total), Fraction(total - 9 * t, total)]
    for i, expected in enumerate(woo):
        n, edge = result.edge_by_cards_left(i)[0]
        assert n == 52 and edge == expected


def _walked(bets, shoes, decks, seed):
    """Every coup of a simulation priced by the walk, independently of the simulation:
    per bet, a list of (cards left, EV, what the coup paid)."""
    out = [[] for _ in bets]
    for s in shoe_seeds(seed, shoes):
        for c in deal_shoe(shuffled_cards(decks, s)):
            dist = engine.walk(Shoe(c.known))
            for b, bet in enumerate(bets):
                out[b].append((sum(c.known), bet.price(dist).expected_value, bet.payout(c.coup)))
    return out


def test_summary_and_records_are_the_exact_statistics_of_the_walked_coups():
    from exact_odds.in_play.simulate.simulation import simulate

    bets = (builtin_catalog().bets["tie"], builtin_catalog().bets["banker"])
    shoes, decks, seed = 2, 1, 21
    result = simulate(shoes, decks, seed, bets)
    walked = _walked(bets, shoes, decks, seed)
    records = result.to_records()
    assert [r["key"] for r in records] == ["tie", "banker"]
    for s, r, coups in zip(result.summary(), records, walked):
        evs = [ev for _, ev, _ in coups]
        positive = [(ev, paid) for _, ev, paid in coups if ev > 0]
        expected = {
            "coups": len(evs), "positive_ev_coups": len(positive),
            "positive_ev_frequency": Fraction(len(positive), len(evs)),
            "mean_house_edge": -sum(evs, Fraction(0)) / len(evs),
            "best_ev": max(evs), "worst_ev": min(evs),
            "bets_per_shoe": Fraction(len(positive), shoes),
            "expected_gain_per_shoe": sum((ev for ev, _ in positive), Fraction(0)) / shoes,
            "realised_gain_per_shoe": sum((paid for _, paid in positive), Fraction(0)) / shoes,
        }
        for name, value in expected.items():
            assert getattr(s, name) == value, name
            assert r[name] == value, name
            if isinstance(value, Fraction):
                assert r[f"{name}_float"] == float(value)


def test_by_depth_rows_are_the_walked_coups_a_deck_at_a_time():
    from exact_odds.in_play.simulate.simulation import simulate

    bets = (builtin_catalog().bets["tie"], builtin_catalog().bets["player"])
    result = simulate(2, 2, 5, bets)
    walked = _walked(bets, 2, 2, 5)
    rows = result.by_depth()
    assert [(d.high, d.low) for d in rows][:2] == [(104, 53), (52, 1)]
    for d in rows:
        for b, coups in enumerate(walked):
            here = [ev for n, ev, _ in coups if d.low <= n <= d.high]
            assert d.coups[b] == len(here)
            assert d.mean_house_edge[b] == -sum(here, Fraction(0)) / len(here)
            assert d.positive_ev_frequency[b] == Fraction(sum(ev > 0 for ev in here), len(here))
    assert sum(d.coups[0] for d in rows) == result.coups


def test_simulate_reports_progress_a_shoe_at_a_time():
    from exact_odds.in_play.simulate.simulation import simulate

    calls = []
    result = simulate(3, 1, 2, STANDARD, progress=calls.append)
    assert calls == [1, 1, 1]
    assert result == simulate(3, 1, 2, STANDARD, jobs=2)


@pytest.mark.parametrize("args, error, words", [
    (("3", 1, 1), TypeError, "shoes must be an int"),
    ((3, 1.0, 1), TypeError, "decks must be an int"),
    ((3, 1, None), TypeError, "seed must be an int"),
    ((0, 1, 1), ValueError, "at least 1 shoe"),
    ((1, 0, 1), ValueError, "at least 1 deck"),
])
def test_simulate_says_what_it_expects(args, error, words):
    from exact_odds.in_play.simulate.simulation import simulate

    with pytest.raises(error, match=words) as info:
        simulate(*args, STANDARD)
    assert "--" not in str(info.value)


def test_simulate_checks_bets_and_burn():
    from exact_odds.in_play.simulate.simulation import simulate

    with pytest.raises(TypeError, match="PayTable"):
        simulate(1, 1, 1, [1])
    with pytest.raises(TypeError, match="burn must be a str"):
        simulate(1, 1, 1, STANDARD, burn=None)
    with pytest.raises(ValueError, match="unknown burn rule 'half'"):
        simulate(1, 1, 1, STANDARD, burn="half")
