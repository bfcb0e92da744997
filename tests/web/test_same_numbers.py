"""issue 26: every figure the page shows equals the library's for the same cards, through the app's own API
(Starlette's TestClient over ASGI).

The oracle is the plain walk of the shoe left (``analyse(shoe.remove(cards), bets, method="walk")``, the
path of ``exact-odds edge``), not the fast path ``serve`` prices with; the count is summed here from its tags.
"""

import random
from fractions import Fraction

import pytest
from starlette.testclient import TestClient

from exact_odds.bets.analysis import analyse
from exact_odds.rules.cards import RANKS, SUITS
from exact_odds.web.app import create_app
from exact_odds.web.session import Sessions

from served import make_setup

CARDS = [r + s for r in RANKS for s in SUITS]


def client(folder, setup):
    sessions = Sessions(folder, setup)
    sessions.create("default")
    return TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")


def post(c, action, **body):
    r = c.post(f"/api/sessions/default/{action}", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def expected_bets(setup, dealt):
    """Each bet's (EV, house edge, win) on the shoe left before the coup about to be dealt, by the walk."""
    results = analyse(setup.shoe.remove(dealt), setup.bets, method="walk").results
    return [(r.expected_value, r.house_edge, r.win) for r in results]


def shown_bets(state):
    return [(Fraction(b["expected_value"]), Fraction(b["house_edge"]), Fraction(b["win"])) for b in state["bets"]]


def test_every_figure_equals_the_walk_of_the_shoe_left(tmp_path):
    """Banker, Player, Tie, both pairs and Dragon 7 on 8 decks, with the dragon7 count: after every coup
    of 45 random cards, the EV, house edge and win probability of each bet equal the walk's, the running
    count is the sum of the tags, the true count is running * 52 / cards left, and each card's count left
    is 8 less the times it was dealt."""
    setup = make_setup(count="dragon7")
    c = client(tmp_path, setup)
    deck = CARDS * 8
    random.Random(26).shuffle(deck)
    state = c.get("/api/sessions/default").json()
    assert shown_bets(state) == expected_bets(setup, [])
    dealt, checked = [], 0
    for card in deck[:45]:
        state = post(c, "deal", card=card, version=state["version"])
        dealt.append(card)
        if not state["current"]:  # a coup is complete: the next one's figures
            assert shown_bets(state) == expected_bets(setup, dealt)
            assert [b["positive_ev"] for b in state["bets"]] == [e > 0 for e, _, _ in expected_bets(setup, dealt)]
            checked += 1
        running = sum(setup.count.tags[RANKS.index(card[:-1])] for card in dealt)
        assert state["count"]["running"] == running
        assert Fraction(state["count"]["true"]) == Fraction(running * 52, 416 - len(dealt))
        assert state["cards_left"] == 416 - len(dealt)
        for r, rank in enumerate(RANKS):
            for s, suit in enumerate(SUITS):
                assert state["grid"]["left"][r][s] == 8 - dealt.count(rank + suit)
    assert checked >= 6
    assert [coup["number"] for coup in state["coups"]] == list(range(1, checked + 1))


def test_undo_and_redo_give_back_the_same_figures(tmp_path):
    """Undo back over a finished coup, then redo: the figures are those of the same cards each time."""
    setup = make_setup()
    c = client(tmp_path, setup)
    cards = ["9h", "Kd", "3c", "2s", "5h", "7d", "Ah"]  # coup 1: Player 9 K = 9, natural; then a second coup
    states = [c.get("/api/sessions/default").json()]
    for card in cards:
        states.append(post(c, "deal", card=card, version=states[-1]["version"]))
    after = states[-1]
    for n in range(len(cards), 2, -1):
        back = post(c, "undo", version=after["version"])
        assert back["bets"] == states[n - 1]["bets"] and back["current"] == states[n - 1]["current"]
        assert back["redo"][0] == cards[n - 1]
        after = back
    for n in range(3, len(cards) + 1):
        after = post(c, "redo", version=after["version"])
        assert after["bets"] == states[n]["bets"] and after["grid"] == states[n]["grid"]
    assert not after["can_redo"]


@pytest.mark.parametrize("typed, dealt", [("9h", "9h"), ("K", "K"), ("T", "10"), ("t", "10"), ("0", None)])
def test_typed_cards_are_the_cards_track_reads(tmp_path, typed, dealt):
    """9h, K, T (any case) and 0 are read as track reads them: the shoe left is the walk's after that card
    (0: any ten-value card, the pool of tens one less)."""
    setup = make_setup(keys=("banker", "player", "tie", "dragon7"))
    c = client(tmp_path, setup)
    state = post(c, "deal", card=typed)
    assert state["current"] == [typed]
    if dealt is None:
        assert state["grid"]["tens_unknown"] == 1 and state["cards_left"] == 415
    else:
        r = RANKS.index(dealt[:-1] if dealt[-1] in SUITS else dealt)
        assert state["grid"]["rank_left"][r] == 31


def test_the_page_reads_the_figures_from_one_document(tmp_path):
    """Every figure in the document is exact ('p/q') beside the text the page prints, rounded from it."""
    from exact_odds.report.numbers import percent_text

    state = client(tmp_path, make_setup()).get("/api/sessions/default").json()
    for b in state["bets"]:
        assert b["house_edge_text"] == percent_text(Fraction(b["house_edge"]), 4)
        assert b["win_text"] == percent_text(Fraction(b["win"]), 4)
