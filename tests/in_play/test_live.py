"""The live screen (issue 14), driven headlessly with textual's pilot: keys in, the table and the screen out."""

import asyncio
from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.track.table import Table, count_of_bet
from exact_odds.live.screen import LiveScreen
from exact_odds.punto_banco import walk as engine
from exact_odds.report.numbers import percent_text
from exact_odds.rules.shoe import Shoe

CATALOG = builtin_catalog()
KEYS = ("banker", "player", "tie", "dragon7")
BETS = [CATALOG.bet(k) for k in KEYS]


def screen_text(app) -> str:
    """Everything the screen shows now, as plain text."""
    from rich.console import Console
    from textual.widgets import Static

    console = Console(width=200, record=True, file=open("/dev/null", "w"))
    for w in app.query(Static):
        if all(node.display for node in w.ancestors_with_self if hasattr(node, "display")):
            console.print(w.content)
    text = console.export_text()
    console.file.close()
    return text


def run_screen(shoe, steps, size=(100, 32)):
    """Run the screen headlessly on ``shoe``; each step is keys to press, or 'small' to shrink the terminal
    to 40x10. Returns the app and the text shown after each step."""
    table = Table(shoe, BETS, count_of_bet(Shoe.decks(1), CATALOG.bet("dragon7"), "dragon7"))
    app = LiveScreen(table, KEYS, "test")
    shown = []

    async def main():
        async with app.run_test(size=size) as pilot:
            for step in steps:
                if step == "small":
                    await pilot.resize_terminal(40, 10)
                else:
                    await pilot.press(*step)
                await pilot.pause()
                shown.append(screen_text(app))
                shown.append(dict(seen=table.in_play.seen, coups=len(table.coups),
                                  current=[c.text for c in table.current], running=app.is_running))

    asyncio.run(main())
    return app, shown[0::2], shown[1::2]


def test_the_screen_follows_the_table_key_by_key():
    """One session on a deck with a single 10: an undo at the start, a coup (9 0 0 3: Player 9 0 = 9, a
    natural; Banker 0 3), two undos, a second 10, a terminal too small, then q."""
    shoe = Shoe.from_counts([4] * 9 + [1, 4, 4, 4])
    app, text, state = run_screen(shoe, [["u"], ["9", "0", "0", "3"], ["u", "backspace"],
                                         ["t", "t"], ["5"], "small", ["q"]])
    # an error is shown and the screen goes on
    assert "nothing to undo: no card has been seen yet" in text[0] and state[0]["seen"] == 0
    # the coup is echoed and coup 2's edges are shown at once: the walk's for the shoe left
    assert "last coup 1: Player 9 0 = 9, Banker 0 3 = 3, player wins" in text[1]
    assert "for coup 2, 45 cards left" in text[1] and "nothing to undo" not in text[1]
    dist = engine.walk(shoe.remove(["9", "3", "K", "K"]))
    for bet in BETS:
        assert percent_text(bet.price(dist).house_edge, 4) in text[1]
    # cards left by value: 11 ten-value cards, three 3s and three 9s; the 9 counts +2 for Dragon 7
    assert "11      4  4  3  4  4  4  4  4  3" in text[1]
    assert "running count +2" in text[1] and "true count +2.31" in text[1]  # 2 * 52 / 45
    # undo (u, Backspace): the 3 and the second 0 go back; coup 1 is open again
    assert state[2] == dict(seen=2, coups=0, current=["9", "0"], running=True)
    assert "this coup: 9 0" in text[2] and "coup 1 being dealt, bets closed" in text[2]
    # the shoe holds one 10: the second is refused, the screen goes on, the next good key clears the message
    assert "card '10' is impossible: the shoe has no 10 left" in text[3] and state[3]["seen"] == 3
    assert state[4]["seen"] == 4 and "impossible" not in text[4]
    # too small: one clear line instead of the panels
    assert text[5].strip() == ("terminal too small (40x10); the live screen needs at least 60x18: "
                               "enlarge it, or use 'exact-odds track'")
    assert state[6]["running"] is False and app.return_code == 0  # q quits


def test_bets_are_sorted_by_edge_and_positive_expectation_is_flagged_and_ctrl_c_quits():
    """A deck of 9s and ten-value cards, where naturals are likely: the best bet comes first, the +EV ones
    marked. Then suit keys, and Ctrl-C."""
    app, text, state = run_screen(Shoe.decks(1).remove(["A", "2", "3", "4", "5", "6", "7", "8"] * 4),
                                  [[], ["9", "h", "k", "d", "h"], ["ctrl+c"]])
    edges = dict(zip(KEYS, app.table.prices.edges))
    names = {k: b.name for k, b in zip(KEYS, BETS)}
    positions = [text[0].index(names[k] + " ") for k in sorted(KEYS, key=lambda k: edges[k])]
    assert positions == sorted(positions)
    assert any(e < 0 for e in edges.values()) and text[0].count("+EV") == sum(e < 0 for e in edges.values())
    # a suit key gives the last card its suit; a second suit is refused on the screen
    assert state[1]["current"] == ["9h", "Kd"] and "Kd has a suit already; undo it to change it" in text[1]
    assert state[2]["running"] is False and app.return_code == 130  # the command then says "interrupted"
