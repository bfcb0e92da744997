"""The quicker plans of the suit counts and the events alone (card_counts, suit_alone): the same plans as the
straightforward builds, the exact sums they take in float64 only within 2**53, and the estimate of a plan's
rows bounding what is built. (No timings here: speed is measured by benchmarks/bench_routes.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from exact_odds.bets.paytable import deal_names
from exact_odds.cards.reading import Reading
from exact_odds.cards.routes import card_counts, count_plan, suit_alone, suit_products
from exact_odds.cards.routes.suit_events import lattice, parted
from exact_odds.rules.tableau import PUNTO_BANCO

COUNTED = ("of_a_suit(all_cards) >= 3",
           "player_card1_suit == hearts or of_a_suit(all_cards) >= 4",
           "player_card1_suit == banker_card1_suit and of_a_suit(all_cards) >= 4")
ALONE = ("suited_run(player_hand)",
         "suited_run(player_hand) or of_a_suit(banker_hand) >= 2",
         "player_card1_suit == banker_card1_suit and player_card2_suit == banker_card2_suit")


def _reading(condition: str) -> Reading:
    return Reading((condition,), deal_names)


def _same(a, b, path="plan") -> None:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        assert isinstance(a, np.ndarray) and isinstance(b, np.ndarray), path
        assert a.dtype == b.dtype and a.shape == b.shape and (a == b).all(), path
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{path}[{i}]")
    else:
        assert a == b, path


def _count_plan(reading: Reading):
    events = card_counts.fitting_events(reading.trees)
    return card_counts._count_plan.__wrapped__(reading.trees, reading.of_card, reading.value_names, events,
                                               PUNTO_BANCO, deal_names, card_counts.MOST_ROWS,
                                               card_counts.MOST_ENTRIES, card_counts.MOST_WORK)


def _alone_plan(reading: Reading):
    events = suit_alone.fitting_events(reading.trees)
    return suit_alone._plan.__wrapped__(reading.trees, reading.of_card, reading.value_names, events, PUNTO_BANCO,
                                        deal_names, suit_alone.MOST_WORK)


# --- exact sums --------------------------------------------------------------------

def test_summed_at_is_np_add_at():
    rng = np.random.default_rng(38)
    index = rng.integers(0, 1000, size=50_000)
    value = rng.integers(-10**6, 10**6, size=50_000)
    expected = np.zeros(1000, dtype=np.int64)
    np.add.at(expected, index, value)
    got = count_plan.summed_at(np, index, value, 1000)
    assert got.dtype == np.int64 and (got == expected).all()


def test_summed_at_past_2_53_takes_int64():
    """Values whose sizes sum past 2**53 would lose bits in float64: summed in int64 instead, exactly."""
    big = (1 << 53) + 1  # not a float64
    index = np.array([0, 0, 1, 2, 2, 2])
    value = np.array([big, 1, big, big, -big, 3], dtype=np.int64)
    got = count_plan.summed_at(np, index, value, 3)
    assert got.tolist() == [big + 1, big, 3]
    assert float(big) != big  # (what bincount's float64 would have rounded)


# --- the same plans ------------------------------------------------------------------

@pytest.mark.parametrize("condition", COUNTED)
def test_counted_plan_is_the_straightforward_one(condition, monkeypatch):
    """The quicker steps and folding (count_plan.steps_of, folded, fold, leaves) build the plan that
    suit_products.steps_of and folded build."""
    reading = _reading(condition)
    quick = _count_plan(reading)
    monkeypatch.setattr(card_counts, "steps_of", suit_products.steps_of)
    monkeypatch.setattr(card_counts, "folded", suit_products.folded)
    _same(quick, _count_plan(reading))


def _merged_straight(trees, events, rows, pool, slot_at, deal_class, pattern):
    """Rows alike but for the order of interchangeable cards merged, one row at a time (fe291dc's way)."""
    from exact_odds.cards.routes.card_suits import ALL_SLOTS
    from exact_odds.conditions import partial

    blocks = partial.interchangeable(trees)
    if not card_counts._symmetric(events, blocks):
        return rows, pool, np.ones(len(rows), dtype=np.int64)
    block_at = np.array([blocks[s] for s in ALL_SLOTS] + [len(ALL_SLOTS)], dtype=np.int64)
    block = block_at[slot_at[:, rows]]
    places = np.argsort(block * 8 + np.arange(6)[:, None], axis=0)
    pools = np.argsort(block * 1000 + pool, axis=0)
    canonical = np.empty_like(pool)
    np.put_along_axis(canonical, places, np.take_along_axis(pool, pools, axis=0), axis=0)
    key = deal_class[rows] * 4 + pattern[rows]
    for row in canonical:
        key = key * 14 + row + 1
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    return rows[first], canonical[:, first], np.bincount(inverse.reshape(-1))


@pytest.mark.parametrize("condition", [pytest.param(ALONE[0], marks=pytest.mark.slow)] + list(ALONE[1:2] + COUNTED[1:2]))
def test_merged_rows_are_every_row_merged(condition):  # the suited run (8 s) under slow: the other two merge alike
    """Sequences merged before their rows (card_counts._merged_sequences) give the rows, canonical pools and
    counts of every row expanded and merged; a representative row holds its key's draws and deal class."""
    from exact_odds.cards.routes.card_pools import Pools
    from exact_odds.cards.routes.hand_suits import value_sequences

    reading = _reading(condition)
    events = card_counts.fitting_events(reading.trees) or suit_alone.fitting_events(reading.trees)
    _, rows, pool, times, slot_at, pattern, deals = card_counts.merged_rows(
        np, reading.trees, reading.of_card, reading.value_names, events, PUNTO_BANCO, deal_names, 10**8)
    x, pdraw, *_ = value_sequences(PUNTO_BANCO)
    every = Pools(np, lambda card: reading.of_card[card - card % 4])
    straight_rows = np.arange(len(pdraw))
    straight_pool = []
    values = np.stack(x)
    for i in range(6):  # every row, a position's pools at a time (fe291dc's way)
        v = values[i][straight_rows]
        held = slot_at[i][straight_rows] >= 0
        k = np.where(held, every.n_options[v], 1)
        parent = np.repeat(np.arange(len(straight_rows)), k)
        within = np.arange(len(parent)) - np.repeat(np.cumsum(k) - k, k)
        straight_rows, straight_pool = straight_rows[parent], [q[parent] for q in straight_pool]
        pick = every.flat[np.minimum(every.first[v[parent]] + within, len(every.flat) - 1)]
        straight_pool.append(np.where(held[parent], pick, -1))
    s_rows, s_pool, s_times = _merged_straight(reading.trees, events, straight_rows, np.stack(straight_pool),
                                               slot_at, deals[0], pattern)
    assert (s_pool == pool).all() and (s_times == times).all()
    assert (pattern[s_rows] == pattern[rows]).all() and (deals[0][s_rows] == deals[0][rows]).all()


def _components_straight(codes):
    """suit_alone._components found group by group's labels over every group (fe291dc's way)."""
    from exact_odds.cards.routes.suit_events import PART, PARTED_CODES, RESTRICTED_AT

    held = codes != suit_alone.EMPTY
    pool, code = codes // PARTED_CODES, codes % PARTED_CODES
    fixed = held & (code > 0)
    part = np.where(fixed & (code >= PART) & (code < RESTRICTED_AT), (code - PART) // 15, -1)
    label = np.where(fixed, np.arange(6)[:, None], 6)
    while True:
        new = label.copy()
        for i in range(6):
            for j in range(6):
                joined = fixed[i] & fixed[j] & ((pool[i] == pool[j]) | (part[i] >= 0) & (part[i] == part[j]))
                new[i] = np.where(joined, np.minimum(new[i], label[j]), new[i])
        if (new == label).all():
            break
        label = new
    keys = []
    for c in range(6):
        mine = label == c
        if mine.any():
            key = np.zeros(len(codes[0]), dtype=np.int64)
            for row in np.sort(np.where(mine, codes, suit_alone.EMPTY), axis=0):
                key = key * 1000 + row
            keys.append(np.where(mine.any(axis=0), key, -1))
    found, index = np.unique(np.concatenate(keys), return_inverse=True)
    index = index.reshape(len(keys), -1)
    none = found[0] < 0
    table = np.zeros((6, len(found) - none), dtype=np.int64)
    rest = found[int(none):]
    for i in range(5, -1, -1):
        table[i] = rest % 1000
        rest = rest // 1000
    return table, np.where(index < int(none), len(table[0]), index - int(none)).astype(np.intp)


def _counted_straight(codes):
    from exact_odds.cards.routes.suit_events import PARTED_CODES

    held = codes != suit_alone.EMPTY
    pool = np.where(held, codes // PARTED_CODES, -1)
    free = held & (codes % PARTED_CODES == 0)
    fixed = held & ~free
    f = sum(((pool == pool[i]) & fixed[i]).astype(np.int64) for i in range(6))
    entry = np.sort(np.where(free, pool * 7 + f, 99), axis=0)
    key = held.sum(axis=0).astype(np.int64)
    for row in entry:
        key = key * 100 + row
    kinds, of_kind = np.unique(key, return_inverse=True)
    table = np.zeros((6, len(kinds)), dtype=np.int64)
    for i in range(5, -1, -1):
        table[i] = kinds % 100
        kinds = kinds // 100
    return table, kinds.astype(np.intp), of_kind.reshape(-1).astype(np.intp)


@pytest.mark.parametrize("condition", ALONE)
def test_alone_components_and_counted_are_the_straightforward_ones(condition, monkeypatch):
    seen = []
    components, counted = suit_alone._components, suit_alone._counted

    def both_components(np_, codes):
        got = components(np_, codes)
        _same(got, _components_straight(codes), "components")
        seen.append("components")
        return got

    def both_counted(np_, codes):
        got = counted(np_, codes)
        _same(got, _counted_straight(codes), "counted")
        seen.append("counted")
        return got

    monkeypatch.setattr(suit_alone, "_components", both_components)
    monkeypatch.setattr(suit_alone, "_counted", both_counted)
    assert _alone_plan(_reading(condition)) is not None
    assert sorted(seen) == ["components", "counted"]


# --- the estimate -----------------------------------------------------------------------

@pytest.mark.parametrize("condition", COUNTED[1:] + ALONE)
def test_estimate_bounds_the_plan(condition):
    """The estimate's rows are the rows the plan expands (what its limit is held to), so they bound the rows
    it merges; times the variants a row, they bound the groups it builds."""
    reading = _reading(condition)
    counted = condition in COUNTED
    module = card_counts if counted else suit_alone
    est = module.estimate(reading, None)
    assert est.memory is None and est.seconds is None
    events = module.fitting_events(reading.trees)
    rows, variant_rows = card_counts.planned_rows(reading, events, lattice if counted else parted)
    assert est.rows == rows
    got = card_counts.merged_rows(np, reading.trees, reading.of_card, reading.value_names, events, PUNTO_BANCO,
                                  deal_names, 10**8)
    assert rows >= len(got[1])
    assert card_counts.merged_rows(np, reading.trees, reading.of_card, reading.value_names, events, PUNTO_BANCO,
                                   deal_names, rows - 1) is None  # (the plan's limit reads the same rows)
    assert int(got[3].sum()) == rows  # (every row expanded is counted once in the merged rows' counts)
    if not counted:
        plan = _alone_plan(reading)
        assert plan.w.shape[1] <= variant_rows


def test_estimate_of_a_bet_the_route_does_not_take():
    reading = _reading("same_suit(player_hand)")  # no count over every card: not the suit counts'
    assert card_counts.estimate(reading, None).rows is None
