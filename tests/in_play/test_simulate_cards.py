"""simulate with bets that read ranks and suits: every coup priced on the exact suited shoe left.

The expected figures come from dealing the shoes again here by hand: the
standard library's shuffle of the 52 card identities, the coups cut by
rules/coup.py card by card, the suited shoe left counted card by card, each bet
priced by the library on that explicit shoe (what ``exact-odds bet --shoe``
prints) and settled by reading the coup's cards.
"""

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.cli import main
from exact_odds.in_play.dealing import shoe_seeds
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.cards import RANK_VALUES, RANKS
from exact_odds.rules.coup import coup_complete
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

SUIT_LETTERS = "shdc"  # the order of the 52 rank-suit counts: spades, hearts, diamonds, clubs

#: Pays 30 to 1 on a Player pair: EV > 0 before every coup of one deck, so every coup is bet.
GENEROUS = PayTable("Generous pair", (PayLine.make("Suited pair", "player_suited_pair", 40),
                                      PayLine.make("Pair", "player_pair", 30)))


def _coups_by_hand(seed, cut_card):
    """One deck from ``seed``: per coup, the 52 counts left before it and its cards (rank, suit)."""
    ids = list(range(52))
    random.Random(seed).shuffle(ids)
    cards = [(i // 4, i % 4) for i in ids]
    left = [1] * 52
    pos, out = 0, []
    while pos <= 52 - cut_card:
        start, values = pos, []
        while not coup_complete(values):
            values.append(RANK_VALUES[cards[pos][0]])
            pos += 1
        out.append((tuple(left), cards[start:pos]))
        for r, s in cards[start:pos]:
            left[4 * r + s] -= 1
    return out


def _paid_by_hand(bet_key, coup_cards):
    """What the pair bets paid: the Player's cards are the 1st and 3rd dealt."""
    (r1, s1), (r2, s2) = coup_cards[0], coup_cards[2]
    if bet_key == "generous_pair":
        return Fraction(40 if (r1, s1) == (r2, s2) else 30 if r1 == r2 else -1)
    if bet_key == "player_pair":
        return Fraction(11 if r1 == r2 else -1)
    raise KeyError(bet_key)


def test_each_coup_of_a_suited_simulation_is_priced_as_the_library_prices_the_shoe_left():
    catalog = builtin_catalog()
    bets = (catalog.bet("banker"), GENEROUS, catalog.bet("player_pair"))
    result = simulate(2, 1, 9, bets, cut_card=38)
    coups = [c for s in shoe_seeds(9, 2) for c in _coups_by_hand(s, 38)]
    assert result.coups == len(coups)
    walks = [walk(Shoe.from_counts(left)) for left, _ in coups]  # the library on each explicit shoe
    for b, bet in enumerate(bets):
        evs = [bet.price(dist).expected_value for dist in walks]
        tally = result.tallies[b]
        assert tally.coups == len(coups) and tally.positive == sum(ev > 0 for ev in evs)
        assert (tally.best, tally.worst) == (max(evs), min(evs))
        assert tally.expected_gain == sum((ev for ev in evs if ev > 0), Fraction(0))
        for n in {sum(left) for left, _ in coups}:  # the sum of the EVs at each number of cards left
            here = [ev for (left, _), ev in zip(coups, evs) if sum(left) == n]
            assert Fraction(tally.by_remaining[n][1], result.scales[b] * falling(n, 6)) == sum(here, Fraction(0))
        if bet.key != "banker":
            paid = [_paid_by_hand(bet.key, cards) for (_, cards), ev in zip(coups, evs) if ev > 0]
            assert tally.realised_gain == sum(paid, Fraction(0))
            assert result.perfect[b].totals.realised_win == tally.realised_gain
    assert result.tallies[1].positive == len(coups)  # the generous bet is played on every coup
    assert any("suited shoe" in a for a in result.assumptions)


def test_the_suits_do_not_change_a_value_level_run():
    """The same value-level tallies with and without a card-level bet beside them."""
    standard = builtin_catalog().variant("standard")
    alone = simulate(2, 1, 4, standard, cut_card=40)
    beside = simulate(2, 1, 4, tuple(standard) + (builtin_catalog().bet("perfect_pair"),), cut_card=40)
    assert beside.tallies[:3] == alone.tallies and beside.perfect[:3] == alone.perfect
    assert beside.edge_moments[:3] == alone.edge_moments and beside.edge_counts[:3] == alone.edge_counts


def test_simulate_prints_the_prices_bet_gives_for_the_shoes_left():
    """A run of two coups (one deck, 46 cards behind the cut card): its best and worst EV of Player Pair
    are what ``exact-odds bet player_pair --shoe <the cards left>`` prints
    before each coup (the JSON keeps 12 decimals)."""
    r = CliRunner().invoke(main, ["simulate", "--shoes", "1", "--decks", "1", "--seed", "3", "--bets",
                                  "player_pair", "--cut-card", "46", "--format", "json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)["bets"]["player_pair"]
    coups = _coups_by_hand(shoe_seeds(3, 1)[0], 46)
    assert len(coups) == doc["coups"] == 2
    evs = []
    for left, _ in coups:
        cards = [f"{RANKS[i // 4]}{SUIT_LETTERS[i % 4]}" for i in range(52) if left[i]]
        b = CliRunner().invoke(main, ["bet", "player_pair", "--shoe", ",".join(cards), "--format", "json"])
        assert b.exit_code == 0, b.output
        evs.append(Fraction(json.loads(b.output)["expected_value"]))
    assert abs(Fraction(doc["best_ev"]) - max(evs)) < Fraction(1, 10**12)
    assert abs(Fraction(doc["worst_ev"]) - min(evs)) < Fraction(1, 10**12)
    assert max(evs) != min(evs)


@pytest.mark.slow
def test_a_card_family_bet_in_a_simulation_is_priced_on_the_shoe_left():
    """Player Wins with a Pair (a pair and a coup result, the card walk), 1 deck, 2 shoes."""
    bet = builtin_catalog().bet("player_wins_pair")
    result = simulate(2, 1, 2, (bet,), cut_card=34)
    coups = [c for s in shoe_seeds(2, 2) for c in _coups_by_hand(s, 34)]
    evs = [bet.price(walk(Shoe.from_counts(left))).expected_value for left, _ in coups]
    tally = result.tallies[0]
    assert tally.coups == len(coups) and (tally.best, tally.worst) == (max(evs), min(evs))
    assert result.mean_ev(0, 0, 52)[0] == sum(evs, Fraction(0)) / len(evs)
