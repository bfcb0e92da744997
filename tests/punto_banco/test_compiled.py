"""The compiled walk (compiled, features, pricer) against the recursive walk, and its pricing against PayTable.price."""

import math
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.bets import analysis
from exact_odds.punto_banco import features
from exact_odds.punto_banco import pricer as pricing
from exact_odds.punto_banco import walk as engine
from exact_odds.punto_banco.compiled import compiled
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable, PayTableError, compile_condition, COUP_NAMES
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe
from example_bets import dragon_7, panda_8


def value_level_bets():
    return tuple(b for b in builtin_catalog().bets.values() if b.is_value_level) + (dragon_7(), panda_8())


# Shoes: any counts, many with ranks exhausted, and tiny shoes of 6-10 cards.
counts = st.lists(st.integers(0, 12), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6)
depleted = st.lists(st.one_of(st.just(0), st.integers(0, 5)), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6)


@st.composite
def tiny(draw):
    """A shoe of 6 to 10 cards."""
    size = draw(st.integers(6, 10))
    ranks = draw(st.lists(st.integers(0, 12), min_size=size, max_size=size))
    c = [0] * 13
    for r in ranks:
        c[r] += 1
    return c


any_shoe = st.one_of(counts, depleted, tiny())


def assert_same_walk(shoe):
    slow, quick = engine.walk(shoe), features.walk_compiled(shoe)
    assert quick.deals == slow.deals
    assert quick.total == slow.total


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # 3,000: _many
@given(any_shoe)
def test_fast_walk_equals_the_recursive_walk(c):
    assert_same_walk(Shoe.from_counts(c))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(any_shoe, st.lists(st.integers(0, 40), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6)))
def test_fast_walk_equals_the_recursive_walk_many(c):
    assert_same_walk(Shoe.from_counts(c))


@pytest.mark.parametrize("shoe, kind", [
    (Shoe.decks(1), "float64"),
    (Shoe.decks(8), "float64"),
    (Shoe.infinite(), "float64"),
    (Shoe.from_counts([35] * 13), "float64"),  # 455 cards: the float64 range ends at 458
    (Shoe.from_counts([36] * 13), "int64"),  # 468 cards
    (Shoe.decks(20), "int64"),
    (Shoe.decks(28), "python"),  # 1,456 cards: beyond int64
    (Shoe.decks(100_000), "python"),
])
def test_each_number_type_gives_the_walk(shoe, kind):
    assert features.precision(shoe) == kind
    assert_same_walk(shoe)


def test_number_type_boundaries_are_the_proven_bounds():
    """float64 while N(N-1)...(N-5) < 2**53, int64 while < 2**63 (module docstring)."""
    for n, kind in [(458, "float64"), (459, "int64"), (1450, "int64"), (1451, "python")]:
        shoe = Shoe.from_counts([n - 12] + [1] * 12)
        assert features.precision(shoe) == kind
        six = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        assert six_card_total(shoe) == six
        assert (six < 2**53) == (kind == "float64")
        assert (six < 2**63) == (kind != "python")


def test_pure_python_fallback_without_numpy(monkeypatch):
    monkeypatch.setattr(features, "numpy_or_none", lambda: None)
    monkeypatch.setattr(pricing, "numpy_or_none", lambda: None)
    for c in ([32] * 13, [0, 0, 3, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1], [1] * 6 + [0] * 7):
        assert_same_walk(Shoe.from_counts(c))
    assert_same_walk(Shoe.infinite())
    bets = value_level_bets()
    shoe = Shoe.from_counts([3, 0, 7, 1, 2, 9, 0, 4, 4, 5, 0, 1, 2])
    assert pricing.Pricer(bets).results(shoe) == tuple(b.price(engine.walk(shoe)) for b in bets)


def test_wizard_of_odds_8_deck_counts_by_the_fast_path():
    """WoO "Baccarat odds for 1 to 12 decks", 8 decks (docs/rules.md §3)."""
    counts = features.walk_compiled(Shoe.decks(8)).outcome_counts()
    assert counts == {"banker": 2_292_252_566_437_888, "player": 2_230_518_282_592_256, "tie": 475_627_426_473_216}
    row = pricing.Pricer(()).counts(Shoe.decks(8))
    assert row == [2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216]


def test_wizard_of_odds_dragon_7_and_panda_8_house_edges_8_decks():
    """WoO "EZ Baccarat": Dragon 7 7.6113%, Panda 8 10.1876% at 8 decks (docs/rules.md §4)."""
    d7, p8 = pricing.Pricer((dragon_7(), panda_8())).results(Shoe.decks(8))
    assert round(float(d7.house_edge) * 100, 4) == 7.6113
    assert round(float(p8.house_edge) * 100, 4) == 10.1876


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_shoe)
def test_pricer_equals_paytable_price(c):
    pricer_equals_paytable_price(c)


@pytest.mark.slow  # the same check on 300 shoes
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_shoe)
def test_pricer_equals_paytable_price_many(c):
    pricer_equals_paytable_price(c)


def pricer_equals_paytable_price(c):
    shoe = Shoe.from_counts(c)
    bets = value_level_bets()
    pricer = pricing.cached_pricer(bets)
    dist = engine.walk(shoe)
    prices = tuple(b.price(dist) for b in bets)  # each bet priced once by PayTable.price
    assert pricer.results(shoe) == prices
    evs = pricer.expected_values(pricer.counts(shoe), dist.total)
    assert evs == [p.expected_value for p in prices]
    assert pricer.house_edges(shoe) == [p.house_edge for p in prices]
    assert pricer.shoe_ev_numerators(shoe) == pricer.batch_ev_numerators([shoe])[0]


@pytest.mark.parametrize("shoe", [Shoe.infinite(), Shoe.decks(1), Shoe.decks(8), Shoe.from_counts([1] * 6 + [0] * 7),
                                   Shoe.decks(20), Shoe.decks(28)], ids=str)
def test_one_shoe_house_edges_equal_paytable_price(shoe):
    """The single-shoe path, in every number type; the infinite deck checks 4 + 9 * 1 = 13 in the six-card form."""
    bets = value_level_bets()
    dist = engine.walk(shoe)
    assert pricing.cached_pricer(bets).house_edges(shoe) == [b.price(dist).house_edge for b in bets]


def test_six_card_rows_count_orderings_of_each_multiset():
    """The float64 bound rests on this: a six-card entry never exceeds the orderings of its multiset,
    and a row over all coups is exactly those orderings (every six-card sequence is one coup)."""
    import numpy as np
    pricer = pricing.cached_pricer(value_level_bets())
    cw = pricer.compiled
    six = [n for n in cw.nodes if len(n) == 6]
    orderings = np.array([math.factorial(6) // math.prod(math.factorial(n.count(v)) for v in set(n)) for n in six])
    rows = pricer._matrix(np, np.int64)
    assert rows.shape == (pricer.n_rows, 5005)
    assert (rows >= 0).all() and (rows <= orderings).all()
    assert (rows[0] + rows[1] + rows[2] == orderings).all()  # Banker + Player + Tie: every sequence once


def test_batch_keeps_order_and_mixes_number_types():
    shoes = [Shoe.decks(2), Shoe.decks(30), Shoe.from_counts([1] * 6 + [0] * 7), Shoe.decks(20), Shoe.infinite(),
             Shoe.decks(28)]
    bets = (builtin_catalog().bets["banker"], dragon_7(), builtin_catalog().bets["dragon_bonus_banker"])
    pricer = pricing.Pricer(bets)
    rows = pricer.batch_counts(shoes, chunk=2)
    for shoe, row in zip(shoes, rows):
        dist = engine.walk(shoe)
        outcome = dist.outcome_counts()
        assert row[:3] == [outcome["banker"], outcome["player"], outcome["tie"]]
        assert pricer.results(shoe, row) == tuple(b.price(dist) for b in bets)
    assert pricer.batch_ev_numerators(shoes, chunk=2) == [pricer.ev_numerators(r) for r in rows]


def test_rank_level_bets_are_refused_by_the_pricer():
    names = dict(COUP_NAMES, player_pair="the Player's first two cards are a pair")
    code = compile_condition("player_pair", names=names)
    pair = PayTable("Player Pair", (PayLine("Pair", "player_pair", Fraction(11), code),))
    assert not pair.is_value_level
    assert builtin_catalog().bets["tie"].is_value_level
    with pytest.raises(PayTableError, match="ranks or suits"):
        pricing.Pricer((pair,))


@pytest.mark.parametrize("shoe", [Shoe.decks(6).remove(["5", "5", "K", "A"]), Shoe.infinite(),
                                   Shoe.from_counts([1] * 6 + [0] * 7)], ids=str)
def test_analyse_walk_and_compiled_methods_agree(shoe):
    """The engine is chosen by ``method`` alone: both give the recursive walk's distribution and prices
    (the compiled method prices value-level bets by the pricer, the distribution made only when asked
    for; with a rank-level bet among them, on the compiled distribution)."""
    dist = engine.walk(shoe)
    catalog = builtin_catalog()
    for bets in (catalog.variant("standard"), catalog.variant("naturals"), catalog.variant("side_totals"),
                 [catalog.bets["banker"], catalog.bets["player_pair"]]):
        want = tuple(b.price(dist) for b in bets)
        for method in ("walk", "compiled"):
            a = analysis.analyse(shoe, bets, method=method)
            assert a.results == want, method
            assert a.distribution.deals == dist.deals, method
            assert a.distribution.total == dist.total
    assert analysis.analyse(shoe, method="compiled").results == tuple(
        b.price(dist) for b in catalog.variant("standard"))


def test_analyse_refuses_an_unknown_method():
    with pytest.raises(ValueError, match="'walk', 'compiled'.*'fast'"):
        analysis.analyse(Shoe.decks(1), method="fast")


def test_compiled_walk_covers_every_deal_of_the_full_shoe():
    cw = compiled()
    assert set(engine.walk(Shoe.decks(8)).deals) == set(cw.deals)
    assert len(cw.monomials) == 715 + 2002 + 5005  # multisets of 4, 5 and 6 of the 10 values
    # Count the deal shapes straight from the rules (docs/rules.md §2's Banker formula, in naive.py):
    # a natural or two standing hands is one deal, each drawn card multiplies by its 10 values.
    from oracles.naive import banker_draws_formula

    shapes = 0
    for p in range(10):
        for b in range(10):
            if p >= 8 or b >= 8:
                shapes += 1
            elif p <= 5:
                shapes += sum(10 if banker_draws_formula(b, t) else 1 for t in range(10))
            else:
                shapes += 10 if b <= 5 else 1
    assert len(cw.deals) == len(set(cw.deals)) == shapes


def factor_vector(shoe):
    """The 66 factors, written out from the definition: ``max(c_v - r, 0)`` at 6v + r and ``N - j`` at 60 + j
    (for the infinite deck the weights w_v, and 13 for every unused card)."""
    c = shoe.value_counts
    if shoe.is_infinite:
        return [c[v] for v in range(10) for _ in range(6)] + [13] * 6
    return [max(c[v] - r, 0) for v in range(10) for r in range(6)] + [shoe.size - j for j in range(6)]


def test_numpy_factor_tables_equal_the_python_ones():
    np = features.numpy_or_none()
    shoes = [Shoe.decks(8), Shoe.infinite(), Shoe.from_counts([0, 7, 0, 1, 2, 0, 0, 9, 0, 3, 0, 0, 0]), Shoe.decks(20)]
    for dtype in (np.float64, np.int64):
        for s in shoes:
            assert features.factor_array(np, s, dtype).tolist() == factor_vector(s)
        assert features.factor_arrays(np, shoes, dtype).T.tolist() == [factor_vector(s) for s in shoes]


def test_pricer_of_finds_the_pricer_of_the_very_same_bets_and_of_equal_ones():
    """analyse(method="compiled") looks its pricer up by the bets' identity first (pricing.pricer_of):
    equal bets made apart price the same, and a bet changed in its pays gets a pricer of its own."""
    from exact_odds.bets.paytable import PayLine, PayTable
    bets = tuple(builtin_catalog().variant("standard"))
    assert pricing.pricer_of(bets) is pricing.pricer_of(bets) is pricing.cached_pricer(bets)
    shoe = Shoe.decks(6).remove(["5", "5", "K", "A"])
    dist = engine.walk(shoe)
    for pays in (8, 9):
        tie = PayTable("Tie", (PayLine.make("Tie", "tie", pays),))
        assert pricing.pricer_of((tie,)).results(shoe) == (tie.price(dist),)
        assert analysis.analyse(shoe, [tie], method="compiled").results == (tie.price(dist),)
