"""Simulated shoes: every coup priced exactly, and the statistics of a run."""

from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")


def test_simulate_counts_the_coups_the_rules_deal():
    from exact_odds.in_play.simulation import simulate

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
