"""The live screen with card-level bets (issue 12): shown with the others, sorted by edge, +EV highlighted;
with a suit bet each card key waits for its suit key."""

import asyncio
from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.track.table import Table
from exact_odds.live.screen import LiveScreen
from exact_odds.punto_banco.walk import walk
from exact_odds.report.numbers import percent_text
from exact_odds.rules.cards import SUITS
from exact_odds.rules.shoe import Shoe


def screen_text(app) -> str:
    """Everything the screen shows now, as plain text (as tests/in_play/test_live.py reads it)."""
    from rich.console import Console
    from textual.widgets import Static

    with open("/dev/null", "w") as sink:
        console = Console(width=200, record=True, file=sink)
        for w in app.query(Static):
            if all(node.display for node in w.ancestors_with_self if hasattr(node, "display")):
                console.print(w.content)
        return console.export_text()

CATALOG = builtin_catalog()
KEYS = ("banker", "perfect_pair", "player_pair")
#: One deck's 9s, Ks, 5s, 8s, 2s and 3s: 24 cards of six ranks, where a Player Pair (11 to 1) is likely (+EV),
#: the Banker is not (+0.60%), and a Perfect Pair never happens (each card once).
SHOE = Shoe.from_cards([r + s for r in ("9", "K", "5", "8", "2", "3") for s in SUITS])


def run_keys(steps):
    table = Table(SHOE, [CATALOG.bet(k) for k in KEYS])
    app = LiveScreen(table, KEYS, "test")
    shown = []

    async def main():
        async with app.run_test(size=(100, 32)) as pilot:
            for step in steps:
                await pilot.press(*step)
                await pilot.pause()
                await pilot.pause()
                shown.append((screen_text(app), [c.text for c in table.current], len(table.coups),
                              table.card_prices))

    asyncio.run(main())
    return table, shown


def player_pair_edge(ranks):
    """The closed form: 1 - 12 * sum c(c-1) / N(N-1) (Player Pair pays 11 to 1)."""
    n = sum(ranks)
    return 1 - 12 * Fraction(sum(c * (c - 1) for c in ranks), n * (n - 1))


def test_card_level_bets_are_on_the_screen_sorted_with_the_others_and_cards_wait_for_their_suit():
    table, shown = run_keys([[], ["9"], ["h"], ["0"], ["k", "d", "5", "s", "8", "c"], ["u"]])
    text = shown[0][0]
    edge = player_pair_edge(SHOE.ranks)
    assert edge < 0 and percent_text(edge, 4) in text
    # every bet sorted by edge, best first, value- and card-level alike; +EV (a negative edge) flagged
    first = shown[0][3]
    edges = {"Banker": CATALOG.bet("banker").price(walk(SHOE)).house_edge, "Perfect": first.edges[0], "Player": edge}
    rows = [line for line in text.splitlines() if "%" in line]
    assert [r.split()[0] for r in rows] == sorted(edges, key=edges.get)
    assert [r.split()[0] for r in rows if "+EV" in r] == [n for n in sorted(edges, key=edges.get) if edges[n] < 0]
    assert first.edges == (CATALOG.bet("perfect_pair").price(walk(SHOE)).house_edge, edge) and first.coup == 1
    assert edges["Perfect"] == 1 and edges["Banker"] > 0 > edges["Player"]
    # a card key waits for its suit
    assert shown[1][1] == [] and "this coup: 9?" in shown[1][0] and "9: now its suit" in shown[1][0]
    assert shown[2][1] == ["9h"]
    # a 0 is refused: Perfect Pair reads suits
    assert "card '0' is any ten-value card, with no rank or suit, but Perfect Pair reads suits" in shown[3][0]
    assert shown[3][1] == ["9h"]
    # Player 9h 5s = 4, Banker Kd 8c = 8: a natural; coup 2's card-level prices are the shoe's left
    assert shown[4][2] == 1 and "for coup 2, 20 cards left" in shown[4][0]
    left = SHOE.remove(["9h", "Kd", "5s", "8c"])
    assert percent_text(player_pair_edge(left.ranks), 4) in shown[4][0]
    assert shown[4][3].coup == 2 and shown[4][3].edges[1] == player_pair_edge(left.ranks)
    # undo reopens coup 1: its prices before its first card again
    assert "coup 1 being dealt, bets closed" in shown[5][0] and percent_text(edge, 4) in shown[5][0]
    assert shown[5][1] == ["9h", "Kd", "5s"] and shown[5][3] is first
