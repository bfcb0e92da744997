"""Counting studies: a count strategy and perfect play in the same simulated shoes (in_play/simulate/counting.py)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.count import CountError, parse_tags
from exact_odds.in_play.simulate.counting import CountStrategy, count_study, countability, linear_trigger, play_shoe
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.in_play.simulate.removal import effect_of_removal
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.shoe import Shoe

BETS = builtin_catalog().bets
DRAGON_COUNT = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)


def naive_study(bet, decks, tags, trigger, shoes, seed, cut_card=7):
    """The same study written out card by card, independently of counting.py: the running count
    added up card by card as the shoe is dealt, the true count as a Fraction, the EV and E[X²]
    of each coup from the walk of the cards not yet dealt. Per strategy (perfect, count), a list
    per shoe of [coups, bets, Σ EV, Σ E[X²], Σ paid]."""
    out = ([], [])
    mean_tag = Fraction(sum(tags), 13)
    for s in shoe_seeds(seed, shoes):
        cards = shuffled_cards(decks, s)
        coups = deal_shoe(cards, cut_card=cut_card)
        rows = ([len(coups), 0, Fraction(0), Fraction(0), Fraction(0)],
                [len(coups), 0, Fraction(0), Fraction(0), Fraction(0)])
        pos, running = 0, 0
        left = [4 * decks] * 13
        for c in coups:
            result = bet.price(engine.walk(Shoe(tuple(left))))
            ev = result.expected_value
            m2 = sum((line.pays ** 2 * line.probability for line in result.lines), Fraction(0))
            true_count = 52 * (running - pos * mean_tag) / (52 * decks - pos)
            for row, bets in zip(rows, (ev > 0, true_count >= trigger)):
                if bets:
                    row[1] += 1
                    row[2] += ev
                    row[3] += m2
                    row[4] += bet.payout(c.coup)
            for r in c.cards:  # deal the coup's cards one at a time
                assert RANK_VALUES[r] == RANK_VALUES[cards[pos]]
                running += tags[cards[pos]]
                left[cards[pos]] -= 1
                pos += 1
        for o, row in zip(out, rows):
            o.append(row)
    return out


def test_a_count_and_perfect_play_match_a_naive_card_by_card_study():
    bet = BETS["dragon7"]
    strategy = CountStrategy("Jacobson", DRAGON_COUNT, Fraction(1, 2))
    study = count_study(bet, 1, [strategy], shoes=2, seed=5)
    naive = naive_study(bet, 1, DRAGON_COUNT, Fraction(1, 2), 2, 5)
    # shoe by shoe (play_shoe runs in the state count_study just prepared)
    per_shoe = [play_shoe(s) for s in shoe_seeds(5, 2)]
    for k in range(2):
        assert [[t.coups, t.bets, t.expected_win, t.second_moment, t.realised_win]
                for t in (shoe[k] for shoe in per_shoe)] == naive[k]
    # and the totals
    for result, rows in zip(study.strategies, naive):
        t = result.totals
        assert (t.shoes, t.coups, t.bets) == (2, sum(r[0] for r in rows), sum(r[1] for r in rows))
        assert t.expected_win == sum(r[2] for r in rows)
        assert t.second_moment == sum(r[3] for r in rows)
        assert t.realised_win == sum(r[4] for r in rows)
        assert t.bets > 0  # the study bet: the comparison above could fail
    assert study.coups == study.perfect_play.totals.coups


def test_an_unbalanced_count_is_balanced_by_its_mean_tag():
    """Tags +1 for every rank: each card seen brings exactly the mean, so the true count stays 0."""
    s = CountStrategy("flat", (1,) * 13, Fraction(0))
    assert s.true_count([3] * 13, 13) == 0 and s.bets([3] * 13, 13)
    assert not CountStrategy("flat", (1,) * 13, Fraction(1, 10**6)).bets([3] * 13, 13)
    hi = CountStrategy("hi", (0,) * 12 + (1,), Fraction(0))
    # 2 kings seen of 10 cards seen; 42 unseen: 52 * (2 - 10/13) / 42
    seen = [1] * 8 + [0, 0, 0, 0, 2]
    assert hi.true_count(seen, 42) == Fraction(52, 42) * (2 - Fraction(10, 13))


def test_the_statistics_are_the_ratios_of_the_exact_totals():
    bet = BETS["dragon7"]
    study = count_study(bet, 1, [CountStrategy("c", DRAGON_COUNT, Fraction(0))], shoes=4, seed=3)
    for r in study.strategies:
        t = r.totals
        assert r.bet_frequency.value == float(Fraction(t.bets, t.coups))
        assert r.advantage_when_betting.value == float(t.expected_win / t.bets)
        assert r.win_per_100_coups.value == pytest.approx(float(100 * t.expected_win / t.coups), rel=1e-15)
        assert r.win_per_shoe.value == float(t.expected_win / 4)
        m1, m2 = t.expected_win / t.coups, t.second_moment / t.coups
        assert r.sd_per_coup.value == pytest.approx(float(m2 - m1 * m1) ** 0.5, rel=1e-12)
        assert r.desirability_index.value == pytest.approx(1000 * float(m1) / r.sd_per_coup.value, rel=1e-12)
        for name in r.STATISTICS:
            e = getattr(r, name)
            assert e.samples == 4 and e.standard_error > 0 and e.low < e.value < e.high


def test_same_seed_same_study_whatever_the_jobs():
    bet = BETS["panda8"]
    counts = [CountStrategy("p", (1, 1, -1, -1, -1, 0, 0, -1, 2, 1, 1, 1, 1), Fraction(2))]
    one = count_study(bet, 1, counts, shoes=6, seed=9, cut_card=14)
    two = count_study(bet, 1, counts, shoes=6, seed=9, cut_card=14, jobs=2)
    assert one == two


def test_the_cut_card_sets_how_deep_the_shoe_is_dealt():
    bet = BETS["dragon7"]
    deep = count_study(bet, 1, [], shoes=3, seed=2, cut_card=6)
    shallow = count_study(bet, 1, [], shoes=3, seed=2, cut_card=26)
    assert deep.coups == sum(len(deal_shoe(shuffled_cards(1, s), cut_card=6)) for s in shoe_seeds(2, 3))
    assert shallow.coups == sum(len(deal_shoe(shuffled_cards(1, s), cut_card=26)) for s in shoe_seeds(2, 3))
    assert shallow.coups < deep.coups


def test_linear_trigger_is_where_the_linear_estimate_of_the_ev_turns_positive():
    """Written out: the slope of minus the EOR on the tags, weighted by the cards of the shoe."""
    eor = effect_of_removal(Shoe.decks(1), [BETS["dragon7"]])
    w = eor.shoe.ranks
    v = [-e for e in eor.eor[0]]
    n = sum(w)
    mt = Fraction(sum(a * t for a, t in zip(w, DRAGON_COUNT)), n)
    mv = sum((a * x for a, x in zip(w, v)), Fraction(0)) / n
    slope = (sum((a * (t - mt) * (x - mv) for a, t, x in zip(w, DRAGON_COUNT, v)), Fraction(0))
             / sum((a * (t - mt) ** 2 for a, t in zip(w, DRAGON_COUNT)), Fraction(0)))
    needed = eor.edges[0] * 52 / (slope * 51)
    trigger = linear_trigger(eor, DRAGON_COUNT)
    assert trigger - 1 < needed <= trigger and trigger.denominator == 1
    with pytest.raises(CountError, match="no positive slope"):
        linear_trigger(eor, tuple(-t for t in DRAGON_COUNT))


def test_countability_puts_the_eor_count_and_trigger_together():
    c = countability(BETS["dragon7"], 1, shoes=2, seed=4)
    assert c.eor == effect_of_removal(Shoe.decks(1), [BETS["dragon7"]])
    assert c.count_play.count.tags == c.count.tags
    assert c.trigger == linear_trigger(c.eor, c.count.tags) == c.count_play.count.trigger
    assert c.house_edge == c.eor.edges[0] > 0
    assert c.perfect_play.totals.coups == c.count_play.totals.coups == c.study.coups
    assert any("1.96" in a for a in c.assumptions) and any("Trigger" in a for a in c.assumptions)


def test_parse_tags_reads_13_whole_numbers():
    assert parse_tags("0,0,0,-1,-1,-1,-1,2,2,0,0,0,0") == DRAGON_COUNT
    assert parse_tags(" 1, +1,1,1,1,1,1,1,1,1,1,1,01") == (1,) * 13
    for bad, says in (("1,2", "has 2"), ("a,0,0,0,0,0,0,0,0,0,0,0,0", "tag of A"),
                      ("0,0,0,0,0,0,0,0,0,0,0,0,99999", "tag of K"), ("0,0,0,0,0,0,0,0,0,0,0,0,1.5", "tag of K")):
        with pytest.raises(CountError, match=says):
            parse_tags(bad)


def test_the_incremental_count_of_a_study_decides_as_count_strategy_bets_does():
    """count_study keeps each count up to date card by card; simulate asks CountStrategy.bets before every
    coup. For an unbalanced count (tags adding up to 17), a burn, and a trigger that is a fraction,
    both bet on exactly the same coups."""
    from exact_odds.in_play.simulate.simulation import simulate

    unbalanced = CountStrategy("u", (1, 1, -1, -1, -1, 0, 0, -1, 2, 4, 4, 4, 4), Fraction(-7, 3))
    study = count_study(BETS["panda8"], 1, [unbalanced], shoes=4, seed=6, burn="face-value", cut_card=9)
    sim = simulate(4, 1, 6, [BETS["panda8"]], burn="face-value", cut_card=9, count=unbalanced)
    assert sim.count_result.totals == study.strategies[1].totals
    assert 0 < study.strategies[1].totals.bets < study.coups


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=13, max_size=13), st.integers(6, 500),
       st.lists(st.integers(-5, 5), min_size=13, max_size=13), st.fractions(-50, 50, max_denominator=12))
def test_betting_is_the_exact_true_count_against_the_trigger(seen, unseen, tags, trigger):
    s = CountStrategy("h", tuple(tags), trigger)
    expected = Fraction(52) * (s.running_count(seen) - Fraction(sum(seen) * sum(tags), 13)) / unseen
    assert s.true_count(seen, unseen) == expected
    assert s.bets(seen, unseen) == (expected >= trigger)


def test_a_study_shows_itself_in_a_notebook():
    c = countability(BETS["dragon7"], 1, shoes=3, seed=2)
    for obj in (c, c.study):
        html = obj._repr_html_()
        assert html.startswith("<table>") and "perfect play" in html and "desirability index" in html
        assert len(repr(obj)) <= 300 and repr(obj).startswith(type(obj).__name__)
