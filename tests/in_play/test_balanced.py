"""Balanced counts: the exact search against brute force over every tag vector, the true count, and the commands."""

import itertools
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate.balanced import balanced_count
from exact_odds.in_play.simulate.removal import effect_of_removal
from exact_odds.rules.cards import CARDS_PER_DECK
from exact_odds.rules.shoe import Shoe


def brute_force_best(eor, level):
    """Every vector of ten tags (A..9, T) within -level..level that adds up to 0 over a deck, scored
    by the plain Pearson correlation over the 52 cards of a deck (floats, written apart from the
    search): the best correlation found."""
    v = [-float(e) for e in eor]
    mean_v = sum(v) / 13
    best = 0.0
    for tags in itertools.product(range(-level, level + 1), repeat=10):
        t = tags + (tags[9],) * 3
        if sum(t) != 0 or not any(t):
            continue
        cov = sum(ti * (vi - mean_v) for ti, vi in zip(t, v))
        var_t = sum(ti * ti for ti in t)
        var_v = sum((vi - mean_v) ** 2 for vi in v)
        best = max(best, cov / (var_t * var_v) ** 0.5)
    return best


@pytest.mark.parametrize("key", ["dragon7", "big_tiger", "tie"])
def test_level_1_search_equals_brute_force(key):
    eor = effect_of_removal(Shoe.decks(8), (builtin_catalog().bets[key],)).eor[0]
    count = balanced_count(eor, 1)
    assert sum(count.tags) == 0 and max(map(abs, count.tags)) <= 1
    assert float(count.correlation_text(12)) == pytest.approx(brute_force_best(eor, 1), abs=1e-11)


def test_random_effects_of_removal_level_1_search_equals_brute_force():
    """EORs no bet has (random fractions, the ten-valued ranks apart): the search is exact for any."""
    rng = random.Random(25)
    for _ in range(3):
        eor = tuple(Fraction(rng.randint(-999, 999), rng.randint(1, 97)) for _ in range(13))
        count = balanced_count(eor, 1)
        assert float(count.correlation_text(12)) == pytest.approx(brute_force_best(eor, 1), abs=1e-11)


def test_equal_effects_have_no_count():
    assert balanced_count((Fraction(1, 7),) * 13, 3).tags == (0,) * 13


def test_true_count_of_a_balanced_count_is_the_running_count_per_deck_left():
    """Jacobson's Dragon 7 tags add up to 0, so the true count is the running count over the decks of
    unseen cards, exactly (52 × running / unseen)."""
    count = CountStrategy("dragon", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(4))
    seen = [3, 0, 1, 5, 4, 6, 2, 0, 1, 7, 1, 0, 2]  # 32 cards seen of 8 decks
    unseen = 8 * 52 - sum(seen)
    running = -(5 + 4 + 6 + 2) + 2 * (0 + 1)
    assert count.running_count(seen) == running
    assert count.true_count(seen, unseen) == Fraction(running * CARDS_PER_DECK, unseen)
    assert count.bets(seen, unseen) is (Fraction(running * 52, unseen) >= 4)


def test_eor_balanced_tags_are_taken_by_simulate_and_track():
    """The tags `eor --balanced` prints are a count `simulate --count` and `track --count` accept."""
    import json

    runner = CliRunner()
    r = runner.invoke(main, ["eor", "--bets", "dragon7", "--balanced", "--level", "3", "--format", "json"])
    assert r.exit_code == 0, r.output
    tags = ",".join(str(t) for t in json.loads(r.output)["counts"]["dragon7"]["tags"].values())
    assert sum(map(int, tags.split(","))) == 0
    r = runner.invoke(main, ["simulate", "--shoes", "3", "--bets", "dragon7", "--count", tags, "--trigger", "4",
                             "--format", "json"])
    assert r.exit_code == 0, r.output
    played = json.loads(r.output)["count"]
    assert ",".join(str(t) for t in played["tags"].values()) == tags and played["balanced"] is True
    r = runner.invoke(main, ["track", "--count", tags, "-"], input="4 A 5 2\n")
    assert r.exit_code == 0, r.output
