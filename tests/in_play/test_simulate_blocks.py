"""simulate's blocks of shoes: dealt with numpy, the same coups as dealing card by card by the rules;
the float sums and exact tallies the same whatever the blocks."""

import random
from fractions import Fraction

import numpy as np
import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.simulate import shoe_blocks, simulation
from exact_odds.blas import one_blas_thread
from exact_odds.in_play.simulate.deal_batch import (_shuffle, deal_block, shuffled_block, shuffled_id_block,
                                                    shuffled_ids)
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.in_play.simulate.bankroll import simulated_ruin
from exact_odds.in_play.simulate.statistics import RatioMoments, ShoeTally, StrategyAccumulator
from exact_odds.rules.coup import coup_complete, deal_of
from exact_odds.rules.cards import RANK_VALUES


def test_the_shuffle_of_card_identities_is_pythons_shuffle_of_the_ranks():
    """The ranks of the shuffled identities are exactly the shoe shuffled_cards deals (so a run's
    coups are today's), and the suits spread 2 decks x 4 suits over every rank."""
    for decks, seed in ((1, 3), (2, 2**64 - 1), (8, 12345)):
        ids = shuffled_ids(decks, seed)
        assert [i // (4 * decks) for i in ids] == shuffled_cards(decks, seed)
        expected = list(range(52 * decks))
        random.Random(seed).shuffle(expected)  # the standard library, not our loop
        assert ids == expected
    ranks, suits = shuffled_block(2, [5, 6])
    for r in range(13):
        assert sorted(suits[0][ranks[0] == r].tolist()) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_our_shuffle_loop_draws_as_random_shuffle_does():
    for size in (2, 3, 17, 64, 65, 416):
        mine, theirs = list(range(size)), list(range(size))
        _shuffle(mine, random.Random(size).getrandbits)
        random.Random(size).shuffle(theirs)
        assert mine == theirs


@pytest.mark.parametrize("cards", [2, 3, 17, 52, 64, 65, 104, 416, 5200])
def test_a_block_of_shoes_is_shuffled_as_random_shuffle_shuffles_each(cards):
    """Every shoe of a block, shuffled together from words drawn in bulk, is exactly
    random.Random(seed).shuffle's list: the same seeds give the same shoes, card for card."""
    seeds = shoe_seeds(cards, 40 if cards < 5000 else 4) + [0, 1, 2**64 - 1, 2**80 + 3]
    expected = []
    for seed in seeds:
        row = list(range(cards))
        random.Random(seed).shuffle(row)  # the standard library
        expected.append(row)
    assert shuffled_id_block(cards, seeds).tolist() == expected


def test_a_shoe_whose_words_run_out_is_shuffled_by_the_loop(monkeypatch):
    """Too few words drawn for a shoe (never seen: 12 standard deviations past the mean): that shoe
    is shuffled by the loop, the others from their words; all exactly as random.shuffle."""
    from exact_odds.in_play.simulate import deal_batch

    seeds = shoe_seeds(3, 30)
    needed = deal_batch._words_needed(416)
    monkeypatch.setattr(deal_batch, "_words_needed", lambda cards: 560)  # the mean is about 606
    expected = []
    for seed in seeds:
        row = list(range(416))
        random.Random(seed).shuffle(row)
        expected.append(row)
    assert shuffled_id_block(416, seeds).tolist() == expected
    assert needed > 560


def test_exact_floats_are_pythons_division():
    """Each coup's EV as a float: numpy's division where it is exact, else Python's, always equal to
    Python's correctly rounded int / int (numerators and denominators past 2**53 included)."""
    rng = random.Random(27)
    nums = [rng.randrange(-2**62, 2**62) >> rng.randrange(0, 62) for _ in range(5000)] + [0, 1, -1, 2**53 + 1]
    dens = [rng.randrange(1, 2**62) >> rng.randrange(0, 61) for _ in range(len(nums) - 4)] + [3, 2**53 + 1, 7, 1]
    dens = [max(d, 1) for d in dens]
    got = shoe_blocks._exact_floats(np.array(nums, dtype=np.int64), np.array(dens, dtype=np.int64))
    assert got.tolist() == [n / d for n, d in zip(nums, dens)]


def test_value_counts_add_the_ranks_of_each_value():
    known = np.random.default_rng(5).integers(0, 33, size=(200, 13))
    assert (shoe_blocks.value_counts(known) == known @ shoe_blocks.RANK_TO_VALUE).all()


def _by_hand(ranks, burn, cut_card, one_more_coup=False):
    """The coups of one shoe dealt card by card with rules/coup.py alone (no dealing module):
    (cards of the coup, known before it, deal). ``one_more_coup``: when the cut card comes out
    during a coup (it starts before the cut and ends past it), one more coup is dealt."""
    known = [0] * 13
    for r in ranks:
        known[r] += 1
    pos = 0
    if burn == "face-value":
        known[ranks[0]] -= 1
        pos = 1 + (RANK_VALUES[ranks[0]] or 10)
    cut = len(ranks) - cut_card
    out = []

    def one_coup(pos):
        values, start = [], pos
        while not coup_complete(values):
            values.append(RANK_VALUES[ranks[pos]])
            pos += 1
        out.append((tuple(ranks[start:pos]), tuple(known), deal_of(values)))
        for r in ranks[start:pos]:
            known[r] -= 1
        return pos

    start = pos
    while pos <= cut:
        start, pos = pos, one_coup(pos)
    if one_more_coup and out and start < cut:  # the cut card came out during the last coup
        one_coup(pos)
    return out


@pytest.mark.parametrize("decks,burn,cut_card", [(1, "none", 6), (1, "face-value", 7), (2, "none", 40),
                                                 (8, "face-value", 14), (6, "none", 7)])
def test_a_block_deals_the_coups_the_rules_deal_card_by_card(decks, burn, cut_card):
    seeds = shoe_seeds(decks + cut_card, 12)
    ranks, _ = shuffled_block(decks, seeds)
    block = deal_block(ranks, burn, cut_card=cut_card)
    expected = [c for row in ranks.tolist() for c in _by_hand(row, burn, cut_card)]
    assert len(block) == len(expected)
    got = [(tuple(ranks[s, a: a + n].tolist()), tuple(k), block.deal(i))
           for i, (s, a, n, k) in enumerate(zip(block.shoe, block.start, block.size, block.known.tolist()))]
    assert got == expected
    # and the same as the dealing module's deal_shoe, shoe by shoe
    assert block.coups_per_shoe() == [len(deal_shoe(shuffled_cards(decks, s), burn, cut_card=cut_card))
                                      for s in seeds]


@pytest.mark.parametrize("decks,burn,cut_card", [(1, "none", 11), (2, "face-value", 12), (8, "face-value", 14)])
def test_one_more_coup_after_the_cut_card_block_and_shoe_deal_what_the_rule_deals(decks, burn, cut_card):
    """The cut card comes out during a coup: that coup is finished and one more is dealt (the rule of
    advancedadvantageplay.com's studies); before a coup's first card: that coup is the last."""
    seeds = shoe_seeds(decks + cut_card, 40)
    ranks, _ = shuffled_block(decks, seeds)
    block = deal_block(ranks, burn, cut_card=cut_card, one_more_coup=True)
    expected = [c for row in ranks.tolist() for c in _by_hand(row, burn, cut_card, one_more_coup=True)]
    got = [(tuple(ranks[s, a: a + n].tolist()), tuple(k), block.deal(i))
           for i, (s, a, n, k) in enumerate(zip(block.shoe, block.start, block.size, block.known.tolist()))]
    assert got == expected
    assert block.coups_per_shoe() == [len(deal_shoe(shuffled_cards(decks, s), burn, cut_card=cut_card,
                                                    one_more_coup=True)) for s in seeds]
    assert len(block) > len(deal_block(ranks, burn, cut_card=cut_card))  # some shoe dealt one more


def test_a_block_of_a_shoe_with_no_room_deals_nothing():
    ranks = np.array([[9] * 8], dtype=np.int64)  # a 10 turned up burns 11 cards: more than the 2 before the cut
    assert len(deal_block(ranks, "face-value", cut_card=6)) == 0
    assert len(deal_block(np.zeros((0, 52), dtype=np.int64))) == 0


def test_ratio_moments_add_many_is_add_bit_for_bit():
    rng = random.Random(7)
    for _ in range(50):
        shift = rng.choice([0.0, -0.0107, 0.25])
        one, many = RatioMoments(shift), RatioMoments(shift)
        for _ in range(3):
            ys = [rng.uniform(-2, 2) * 10.0 ** rng.randint(-9, 3) for _ in range(rng.randint(0, 40))]
            ns = [rng.choice([0, rng.randint(1, 90)]) for _ in ys]
            for y, n in zip(ys, ns):
                one.add(y, n)
            many.add_many(ys, ns)
        assert vars(one) == vars(many)
    with pytest.raises(ValueError, match="same length"):
        RatioMoments().add_many([1.0], [1, 2])


def test_strategy_accumulator_merge_is_adding_shoe_by_shoe():
    tallies = [ShoeTally(80 + i, i % 3, Fraction(i, 7), Fraction(i * i, 11), Fraction(-i, 3), Fraction(i % 3),
                          Fraction(-i, 3)) for i in range(9)]
    one, a, b = StrategyAccumulator(), StrategyAccumulator(), StrategyAccumulator()
    for t in tallies:
        one.add(t)
    for t in tallies[:4]:
        a.add(t)
    for t in tallies[4:]:
        b.add(t)
    a.merge(b)
    one.fold()
    assert (a.shoes, a.coups, a.bets, a.e, a.q, a.r) == (one.shoes, one.coups, one.bets, one.e, one.q, one.r)
    assert (a.gram, a.nonzero, a.folded) == (one.gram, one.nonzero, one.folded)  # to the last bit
    assert {k: list(v) for k, v in a.kept.items()} == {k: list(v) for k, v in one.kept.items()}
    with pytest.raises(ValueError, match="folded"):
        a.merge(one)  # folded shoes cannot be added in order


def test_strategy_sums_of_products_are_the_shoes_own():
    """The sums the standard errors come from are the shoes' floats multiplied and added in order, as a plain
    loop over the shoes adds them (an oracle that keeps every shoe)."""
    tallies = [ShoeTally(80 + i, i % 3, Fraction(i, 7), Fraction(i * i, 11), Fraction(-i, 3), Fraction(i % 3),
                          Fraction(-i, 3)) for i in range(9)]
    acc = StrategyAccumulator(bankroll=5, keep_shoes=False)
    for t in tallies:
        acc.add(t)
    acc.fold()
    rows = [(1.0, float(t.coups), float(t.bets), float(t.expected_win), float(t.second_moment),
             float(t.realised_win), float(t.wagered)) for t in tallies]
    for j in range(7):
        for k in range(7):
            total = 0.0
            for row in rows:
                total += row[j] * row[k]
            assert acc.gram[7 * j + k] == total
    assert acc.kept is None and acc.ruin.trials() == simulated_ruin([float(t.realised_win) for t in tallies],
                                                                     [float(t.lowest) for t in tallies], 5.0)


def test_the_result_does_not_depend_on_the_blocks(monkeypatch):
    """Every shoe in one block, one shoe a block, and blocks of 3, 1 and 2: every tally, float sum
    and percentile equal."""
    bets = builtin_catalog().variant("standard")
    runs = []
    for sizes in ([6], [1] * 6, [3, 1, 2]):
        monkeypatch.setattr(simulation, "block_sizes", lambda shoes, *args, sizes=sizes: sizes)
        runs.append(simulation.simulate(6, 1, 3, bets, burn="face-value"))
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.parametrize("shoes, decks, workers", [(1000, 8, 2), (1, 8, 2), (47, 8, 2), (20_000, 8, 4),
                                                   (1000, 8, 1), (7, 1, 3), (300, 100, 2)])
def test_blocks_share_out_every_shoe_in_order(shoes, decks, workers):
    sizes = shoe_blocks.block_sizes(shoes, decks, workers)
    assert sum(sizes) == shoes and min(sizes) >= 1 and len(set(sizes[:-1])) <= 1
    assert max(sizes) <= max(1, shoe_blocks.BLOCK_CARDS // (shoe_blocks.CARDS_PER_DECK * decks))
    assert len(sizes) <= 4 * workers or max(sizes) * shoe_blocks.CARDS_PER_DECK * decks > shoe_blocks.BLOCK_CARDS // 2
    assert shoe_blocks.block_sizes(5, 8, 2, card_level=True) == [1] * 5
    assert shoe_blocks.seed_blocks(list(range(shoes)), sizes) == [
        tuple(range(sum(sizes[:i]), sum(sizes[:i + 1]))) for i in range(len(sizes))]


def test_edges_are_rounded_exactly_even_on_the_halfway_points():
    """floor(1/2 - R num/den) from the float only where it is sure, else exactly: on EVs exactly
    halfway between two steps of 1/EDGE_RESOLUTION, and beside them."""
    r = shoe_blocks.EDGE_RESOLUTION
    den = 20 * 5_064_928_468_000  # scale x a six-card total, above 2**53
    nums = [den * (2 * k + 1) // (2 * r) + d for k in (-3, 0, 7, 1234) for d in (-1, 0, 1)]
    nums += [0, den, -den, 3, -3]
    ev = np.array([n / den for n in nums])
    left = np.full(len(nums), 300, dtype=np.int64)
    counted = shoe_blocks._rounded_edges(nums, [den] * len(nums), ev, left)
    got = sorted(e for e, k in zip(counted.edge.tolist(), counted.coups.tolist()) for _ in range(k))
    assert got == sorted((-2 * n * r + den) // (2 * den) for n in nums)
    assert set(counted.left.tolist()) == {300}


def test_one_blas_thread_restores_the_setting():
    """From two threads (the test process runs with one, tests/conftest.py) to one inside, two after."""
    from exact_odds.blas import _openblas

    functions = _openblas()
    own = None if functions is None else functions[0]()
    if functions is not None:
        functions[1](2)
    try:
        with one_blas_thread() as done:
            assert done == (functions is not None)
            if functions is not None:
                assert functions[0]() == 1
        if functions is not None:
            assert functions[0]() == 2
    finally:
        if functions is not None:
            functions[1](own)


def test_a_counting_block_is_its_shoes_played_one_by_one():
    """count_study's blocks against play_shoe (deal_shoe coup by coup, a Shoe per coup)."""
    from exact_odds.in_play.simulate import counting

    count = counting.CountStrategy("c", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(1, 2))
    counting._prepare(builtin_catalog().bet("dragon7"), 1, "face-value", 8, (count,))
    seeds = shoe_seeds(4, 3)
    block = counting.play_block(seeds)
    assert block == [counting.play_shoe(s) for s in seeds]
    assert sum(t[1].bets for t in block) > 0  # the count bet: the comparison could fail


def test_edge_counts_merged_late_and_a_range_of_cards_left_at_a_time_are_the_same(monkeypatch):
    """The run's edge counts wait for several blocks before they are merged, and a large merge goes a range of
    cards left at a time: the counts are those merged block by block in one piece."""
    from exact_odds.in_play.simulate import checkpoint, edge_counts

    def run():
        return simulation.simulate(24, 8, 3, [builtin_catalog().bet("dragon7")])

    monkeypatch.setattr(checkpoint, "WAITING_ROWS", 0)
    monkeypatch.setattr(edge_counts, "PIECE_ROWS", 10**9)
    each_block = run()
    monkeypatch.setattr(checkpoint, "WAITING_ROWS", 10**9)
    monkeypatch.setattr(edge_counts, "PIECE_ROWS", 300)
    at_the_end = run()
    assert len(each_block.edge_counts[0]) > 3 * 300  # so that the pieces were several
    assert each_block.edge_counts == at_the_end.edge_counts
