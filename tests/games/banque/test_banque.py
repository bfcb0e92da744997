"""Baccarat banque: the walk against a naive enumerator, hand-checked shoes,
the middle bet's recurrence, symmetry, the optimal banker, and bad input."""

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.games.banque import (BANKER_POLICIES, RESULTS, THETAS, BanqueError, Middle, PunterFive,
                               analyse_banque, banque_walk, cached_walk)
from exact_odds.cli import main
from exact_odds.cli.app import InputError
from exact_odds.cli.banque import parse_punter_five
from exact_odds.rules.shoe import Shoe, ShoeError
from oracles.naive_banque import deal_tree, naive_joint

DRAW, STAND = PunterFive(Fraction(1)), PunterFive(Fraction(0))
FIXED = ("tableau-left", "tableau-right", "tableau-larger")


def joint_dict(result):
    return {(a, b): result.joint[i][j] for i, a in enumerate(RESULTS) for j, b in enumerate(RESULTS)}


def zero_except(**named):
    out = {(a, b): Fraction(0) for a in RESULTS for b in RESULTS}
    for key, p in named.items():
        left, right = key.split("_")
        out[left, right] = p
    return out


# --- hand-checked shoes -------------------------------------------------------

# Eight tens and one 9. The 9 is equally likely to be any of the nine cards.
# Deal order L R B L R B, then third cards L R B:
#   cards 1, 4: left has a natural 9 and wins; right (0) draws a 0; the banker
#     (0) faces right's 0: drawing or not he keeps 0, so right ties;
#   cards 2, 5: the mirror image: left ties, right wins;
#   cards 3, 6: the banker has a natural 9: both tableaux lose;
#   card 7: left's third card: left 9 wins, right draws 0 and ties;
#   card 8: right's third card: left ties, right wins;
#   card 9: the banker's third card. Both tableaux drew a 0; every policy
#     draws on 0, so the banker makes 9 and both lose.
# Hence (win, tie) = (tie, win) = (lose, lose) = 3/9.
NINE_IN_TENS = [0, 0, 0, 0, 0, 0, 0, 0, 1, 8, 0, 0, 0]


@pytest.mark.parametrize("policy", BANKER_POLICIES)
def test_hand_checked_eight_tens_and_a_nine(policy):
    r = analyse_banque(Shoe.from_counts(NINE_IN_TENS), policy)
    third = Fraction(1, 3)
    assert joint_dict(r) == zero_except(win_tie=third, tie_win=third, lose_lose=third)
    # The middle bet: half won with probability 2/3, lost with 1/3.
    # V = -1/3 + 2/3 (1/2 + V/2) gives V = 0; settled only by a loss: E[coups] = 3.
    m = r.middle
    assert (m.half_win, m.lose, m.win) == (2 * third, third, 0)
    s = m.solve()
    assert s.expected_value == 0 and s.expected_coups == 3
    assert s.still_in_play_after(2) == Fraction(4, 9)


def test_hand_checked_count_is_nine_card_sequences():
    """Nine cards: 9! orderings; the 9 sits in each of the 9 places in 8! of them."""
    r = analyse_banque(Shoe.from_counts(NINE_IN_TENS), "tableau-left")
    assert r.total == 362880
    assert r.counts[0][1] == 3 * 40320  # (win, tie): the 9 at cards 1, 4, 7


def test_natural_tableau_wins_even_against_a_larger_banker_total():
    """One 8, one 9, seven tens, punters and banker drawing on 0.

    With the 8 as left's first or second card (2 places of 9), left holds a
    natural 8 and wins whatever the banker makes, even a 9 with his third
    card. The 9 is then among the other eight cards; it gives the banker
    his 9 in 3 places (banker's cards 3 and 6: a natural, which ends the coup
    and then left's 8 loses to 9; card 9: his third card, and left still
    wins). So P(left natural 8 and the banker's third card is the 9) =
    2/9 * 1/8, and in those coups left wins and right loses."""
    shoe = Shoe.from_counts([0, 0, 0, 0, 0, 0, 0, 1, 1, 7, 0, 0, 0])
    tree = deal_tree(shoe.ranks, Fraction(1))
    forced, info = tree
    # the naive tree files left's natural 8 (8, 0) with the banker on (0, 0)
    key = ((0, 0), ("natural", (0, 8)), ("drew", 0))
    assert info[key][1][("win", "lose")] == Fraction(2, 9) * Fraction(1, 8)
    r = analyse_banque(shoe, "tableau-left")
    assert joint_dict(r) == naive_joint(tree, "tableau-left", Fraction(1, 2))


# --- published punto banco figures ---------------------------------------------
#
# Under tableau-left with punters drawing on 0-5, the left tableau and the
# banker play punto banco: the left draws on 0-5, the banker follows the punto
# banco rule against it, a natural on either side decides, and the right
# tableau's cards are just other cards of the shoe (any card dealt at a place
# chosen from what came before is uniform over the cards left). So the left
# tableau's results are punto banco's Player results, for any shoe.

def left_marginal(shoe):
    j = analyse_banque(shoe, "tableau-left", Fraction(1, 2)).joint
    return [sum(j[i]) for i in range(3)]  # win, tie, lose


@pytest.mark.parametrize("decks, player, tie, banker, total", [
    (1, 6_548_674_432, 1_372_227_328, 6_737_232_640, 14_658_134_400),
    (6, 392_220_492_728_832, 83_552_962_932_288, 403_095_751_234_560, 878_869_206_895_680),
])
def test_left_tableau_is_punto_banco_player_wizard_of_odds(decks, player, tie, banker, total):
    """Wizard of Odds, "Baccarat odds for 1 to 12 decks" (docs/rules.md §3): six-card
    counts of Player wins, ties and Banker wins."""
    assert left_marginal(Shoe.decks(decks)) == [Fraction(player, total), Fraction(tie, total),
                                                 Fraction(banker, total)]


def test_left_tableau_is_punto_banco_player_infinite_deck_wizard_of_odds():
    """Wizard of Odds, "Baccarat" (docs/rules.md §3): infinite deck Player house edge 1.228141%."""
    from exact_odds.report.numbers import percent_text

    win, tie, lose = left_marginal(Shoe.infinite())
    assert percent_text(lose - win, 6) == "1.228141%"


# --- against the naive enumerator ----------------------------------------------

SMALL_SHOES = {
    "A-5, 9, four tens": [1, 1, 1, 1, 1, 0, 0, 0, 1, 4, 0, 0, 0],
    "3s 5s 7 tens K": [0, 0, 2, 0, 3, 0, 1, 0, 0, 3, 0, 0, 1],
}


@pytest.mark.parametrize("name, q", [
    (name, q) if name == "3s 5s 7 tens K" or q == Fraction(9, 11) else pytest.param(name, q, marks=pytest.mark.slow)
    for q in (Fraction(1), Fraction(0), Fraction(9, 11)) for name in SMALL_SHOES])  # (every q on the cheaper shoe)
def test_walk_matches_naive_enumerator(name, q):
    """Every policy, several thetas, three punter rules at 5: exact equality."""
    ranks = SMALL_SHOES[name]
    tree = deal_tree(ranks, q)
    walk = banque_walk(Shoe.from_counts(ranks), PunterFive(q))
    for policy in BANKER_POLICIES:
        for theta in (Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)):
            assert joint_dict(walk.price(policy, theta)) == naive_joint(tree, policy, theta), (policy, theta)


@pytest.mark.slow
def test_walk_matches_naive_enumerator_ten_cards():
    ranks = [1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0]
    for q in (Fraction(1), Fraction(2, 3)):
        tree = deal_tree(ranks, q)
        walk = banque_walk(Shoe.from_counts(ranks), PunterFive(q))
        for policy in BANKER_POLICIES:
            for theta in (Fraction(1, 4), Fraction(1, 2)):
                assert joint_dict(walk.price(policy, theta)) == naive_joint(tree, policy, theta)


def test_python_integers_agree_with_int64():
    """The object-dtype path (used above the int64 bound) gives the same counts."""
    shoe = Shoe.decks(1)
    a = banque_walk(shoe, PunterFive(Fraction(1, 3)))
    b = banque_walk(shoe, PunterFive(Fraction(1, 3)), python_ints=True)
    assert a.forced == b.forced and (a.info == b.info).all()


# --- whole shoes ----------------------------------------------------------------

@pytest.mark.parametrize("decks", [3, 6])
@pytest.mark.parametrize("policy", BANKER_POLICIES)
def test_settlement_probabilities_sum_to_one(decks, policy):
    r = analyse_banque(Shoe.decks(decks), policy, Fraction(1, 3))
    assert sum(sum(row) for row in r.joint) == 1
    n = 52 * decks
    assert sum(sum(row) for row in r.counts) == r.total == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) \
        * (n - 5) * (n - 6) * (n - 7) * (n - 8)
    m = r.middle
    assert m.win + m.lose + m.freeze + m.half_win + m.half_lose + m.both_tie == 1


@pytest.mark.parametrize("shoe", [Shoe.decks(3), Shoe.decks(6), Shoe.infinite()], ids=["3", "6", "inf"])
def test_tableaux_symmetric_at_theta_half(shoe):
    """At theta = 1/2 the optimal banker treats the tableaux alike; tableau-left
    is tableau-right mirrored at every theta."""
    r = analyse_banque(shoe, "optimal", Fraction(1, 2))
    assert all(r.joint[i][j] == r.joint[j][i] for i in range(3) for j in range(3))
    assert r.tableau_ev("left") == r.tableau_ev("right")
    for theta in (Fraction(1, 4), Fraction(1, 2)):
        left = analyse_banque(shoe, "tableau-left", theta).joint
        right = analyse_banque(shoe, "tableau-right", theta).joint
        assert all(left[i][j] == right[j][i] for i in range(3) for j in range(3))


@pytest.mark.parametrize("shoe", [Shoe.decks(3), Shoe.decks(6), Shoe.from_counts(SMALL_SHOES["3s 5s 7 tens K"])],
                         ids=["3", "6", "small"])
def test_optimal_banker_does_at_least_as_well_as_every_fixed_policy(shoe):
    for theta in THETAS + (Fraction(1, 3),):
        best = analyse_banque(shoe, "optimal", theta).banker_edge
        for policy in FIXED:
            assert best >= analyse_banque(shoe, policy, theta).banker_edge, (policy, theta)


def test_optimal_is_the_best_choice_in_every_information_set():
    """Flipping the optimal choice in any one information set cannot help."""
    w = cached_walk(Shoe.decks(3), DRAW)
    theta = Fraction(3, 4)
    base = w.price("optimal", theta).banker_edge
    choice = w.banker_draws("optimal", theta)
    import numpy as np

    rng = np.random.default_rng(6)
    live = np.argwhere(w.info[:, 0].sum(axis=(2, 4)) != 0)
    for p, la, ra in live[rng.choice(len(live), 25, replace=False)]:
        flipped = choice.copy()
        flipped[p, la, ra] = not flipped[p, la, ra]
        sel = np.where(flipped[:, :, None, :, None], w.info[:, 1], w.info[:, 0]).sum(axis=(0, 1, 3))
        counts = [[int(sel[i, j]) + w.forced[3 * i + j] for j in range(3)] for i in range(3)]
        ev_left = Fraction(sum(counts[0]) - sum(counts[2]), w.total)
        ev_right = Fraction(sum(r[0] for r in counts) - sum(r[2] for r in counts), w.total)
        assert -(theta * ev_left + (1 - theta) * ev_right) <= base


def test_fixed_policy_edge_is_linear_in_theta():
    w = cached_walk(Shoe.decks(3), DRAW)
    e = [w.price("tableau-left", t).banker_edge for t in THETAS]
    assert e[2] == (e[0] + e[4]) / 2 and e[1] == (3 * e[0] + e[4]) / 4


def test_punter_rule_at_five_mixes_linearly():
    """With a fixed banker rule, P(result) is linear in q (each tableau
    randomises on its own, so it is a polynomial of degree 2; check q = 1/2
    against q = 0 and q = 1 with the cross term from q = 1/3)."""
    shoe = Shoe.decks(3)
    j = {q: analyse_banque(shoe, "tableau-left", Fraction(1, 2), PunterFive(q)).joint
         for q in (Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1))}
    for a in range(3):
        for b in range(3):
            p0, p3, p2, p1 = (j[q][a][b] for q in (Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)))
            # fit c0 + c1 q + c2 q^2 through q = 0, 1/3, 1 and predict q = 1/2
            c0 = p0
            c2 = (p1 - p0 - 3 * (p3 - p0)) / (1 - Fraction(1, 3))
            c1 = p1 - p0 - c2
            assert c0 + c1 / 2 + c2 / 4 == p2


# --- the middle bet ----------------------------------------------------------

SMALL_MIDDLE = Middle(win=Fraction(3, 10), lose=Fraction(1, 5), freeze=Fraction(1, 5),
                      half_win=Fraction(1, 10), half_lose=Fraction(3, 20), both_tie=Fraction(1, 20))


def iterate_middle(m, coups):
    """Play the middle bet coup by coup: {stake still in the middle: probability}
    and the expected amount won so far, exact Fractions, no formula."""
    states = {Fraction(1): Fraction(1)}
    won = Fraction(0)
    history = []
    for _ in range(coups):
        nxt = {}
        for stake, p in states.items():
            won += p * stake * (m.win - m.lose + (m.half_win - m.half_lose) / 2)
            for keep, pk in ((stake, m.freeze + m.both_tie), (stake / 2, m.half_win + m.half_lose)):
                nxt[keep] = nxt.get(keep, 0) + p * pk
        states = nxt
        history.append((sum(states.values()), sum(s * p for s, p in states.items()), won))
    return history


def test_middle_solution_satisfies_its_recurrence():
    for m in (SMALL_MIDDLE, analyse_banque(Shoe.decks(3)).middle):
        s = m.solve()
        v = s.expected_value
        assert v == (m.win - m.lose + (m.freeze + m.both_tie) * v
                     + m.half_win * (Fraction(1, 2) + v / 2) + m.half_lose * (-Fraction(1, 2) + v / 2))
        assert s.expected_coups == 1 + (1 - m.win - m.lose) * s.expected_coups


def test_middle_solution_matches_coup_by_coup_play():
    """Iterate the bet for 40 coups: the money won so far approaches V, and the
    gap is exactly V times the expected stake still in the middle; P(still in
    play after k) and E[coups] = sum of P(still in play after k) agree."""
    m = SMALL_MIDDLE
    s = m.solve()
    history = iterate_middle(m, 40)
    coups = Fraction(1)  # P(still in play after 0 coups)
    for k, (in_play, stake_left, won) in enumerate(history, start=1):
        assert in_play == s.still_in_play_after(k)
        assert s.expected_value - won == s.expected_value * stake_left
        coups += in_play
    assert 0 < s.expected_coups - coups == s.expected_coups * history[-1][0] * history[0][0]
    assert abs(history[-1][2] - s.expected_value) < Fraction(1, 10**6)


def test_middle_that_never_settles_is_refused():
    with pytest.raises(BanqueError):
        Middle(0, 0, Fraction(1, 2), Fraction(1, 4), Fraction(1, 4), 0).solve()


# --- input ------------------------------------------------------------------------

def test_too_small_shoe_is_refused():
    with pytest.raises(ShoeError, match="at least 9 cards"):
        banque_walk(Shoe.from_counts([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]))


@pytest.mark.parametrize("bad", ["maybe", "-1/2", "3/2", "1/0", ""])
def test_bad_punter_five(bad):
    with pytest.raises(InputError, match="--punter-five must be"):
        parse_punter_five(bad)


@pytest.mark.parametrize("text, q", [("draw ", 1), (" Stand", 0), ("9/11", Fraction(9, 11)), ("0.25", Fraction(1, 4))])
def test_punter_five_words_and_probabilities(text, q):
    assert parse_punter_five(text) == PunterFive(q)


def run(*args):
    return CliRunner().invoke(main, ["banque", *args], prog_name="exact-odds")


@pytest.mark.parametrize("args, says", [
    (["--theta", "2"], "--theta must be between 0 and 1"),
    (["--theta", "-1/4"], "--theta must be between 0 and 1"),
    (["--theta", "half"], "--theta must be a number from 0 to 1"),
    (["--banker", "greedy"], "--banker must be one of"),
    (["--punter-five", "1.5"], "--punter-five must be between 0 and 1"),
    (["--punter-five", "often"], "--punter-five must be 'draw', 'stand' or a probability"),
    (["--shoe", "1,1,1,1,1,1,1,1,0,0,0,0,0"], "at least 9 cards"),
    (["--decks", "0"], "--decks must be a whole number"),
    (["--decks", "3", "--shoe", "Ah,Kd"], "either --decks or --shoe"),
    (["--format", "yaml"], "--format"),
])
def test_bad_input_is_one_line_exit_2(args, says):
    r = run(*args)
    assert r.exit_code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in r.output


def test_cli_json_contract():
    r = run("--decks", "3", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    middle = data["middle"]
    for key in ("win", "lose", "freeze", "half_win", "half_lose", "both_tie", "expected_value", "expected_coups"):
        assert re.fullmatch(r"-?\d+/\d+", middle[key]), key
    parts = [Fraction(middle[k]) for k in ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")]
    assert sum(parts) == 1
    assert sum(Fraction(j["probability"]) for j in data["joint"]) == 1
    assert sum(j["count"] for j in data["joint"]) == data["total"]
    assert Fraction(data["left"]["expected_value"]) == Fraction(data["right"]["expected_value"])
    assert [Fraction(t["theta"]) for t in data["banker_edge_by_theta"]] == list(THETAS)


def test_cli_text_states_the_model():
    r = run("--decks", "6", "--banker", "tableau-larger", "--theta", "3/4", "--punter-five", "9/11")
    assert r.exit_code == 0, r.output
    for phrase in ("left, right, banker, left, right, banker", "larger stake", "the left",
                   "draw with probability 9/11", "same composition", "Fully settled"):
        assert phrase in r.output, phrase
