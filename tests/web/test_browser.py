"""issue 26: the page in a real browser (Debian's headless Chromium driven by Playwright): click cards, type
cards, undo, redo, reload, restart the server, two tabs, a phone's width, and the figures shown.

The figures shown are checked against the walk of the shoe left (``analyse(..., method="walk")``), printed
with the project's one percent formatter.
"""

import time

from exact_odds.bets.analysis import analyse
from exact_odds.report.numbers import percent_text
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information
from exact_odds.rules.shoe import Shoe

from served import Served, browser, chromium_or_skip, make_setup  # noqa: F401 (browser: a fixture)

chromium_or_skip()  # no Chromium: this module is skipped, with the reason (or fails where it is required)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


def current(page):
    return page.locator("#current").inner_text()


def settled(page, version):
    """Wait until the page shows the session at ``version`` (every change answered and drawn)."""
    page.wait_for_function("v => window.state && window.state.version === v", arg=version)


def shown(page):
    """{bet name: (EV, house edge, P(win), highlighted)} as the page shows them."""
    out = {}
    for row in page.locator("#bets tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        name = cells[0].replace("+EV", "").strip()
        out[name] = (cells[1], cells[2], cells[3], "plus" in (row.get_attribute("class") or ""))
    return out


def expected(setup, dealt):
    results = analyse(setup.shoe.remove(dealt), setup.bets, method="walk").results
    return {r.bet.name: ("+" * (r.expected_value > 0) + percent_text(r.expected_value, 4),
                         percent_text(r.house_edge, 4), percent_text(r.win, 4), r.expected_value > 0)
            for r in results}


def test_click_type_undo_redo_reload_and_restart(browser, tmp_path):
    """On a phone-sized page: four taps deal coup 1 (Player 9h Kc = 9, a natural); typing K, T and 9h deals
    them; undo takes back the 9h and redo deals it again; a reload and a restart of the server show the same
    session. The figures shown are the walk's for the cards dealt, the count's too, and the page is no wider
    than the phone."""
    setup = make_setup(count="dragon7")
    served = Served(tmp_path, setup)
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(served.url + "/")
        settled(page, 0)
        assert shown(page) == expected(setup, [])
        for n, card in enumerate(["9h", "2s", "Kc", "3d"], 1):
            page.click(f'#grid button[data-card="{card}"]')
            settled(page, n)
        assert shown(page) == expected(setup, ["9h", "2s", "Kc", "3d"])
        assert page.locator(".bead").all_inner_texts() == ["P"]
        assert "coup 1: Player 9h Kc = 9, Banker 2s 3d = 5, player wins" in page.locator("#last").inner_text()
        page.fill("#card", "K")
        page.press("#card", "Enter")
        settled(page, 5)
        page.fill("#card", "T 9h")
        page.press("#card", "Enter")
        settled(page, 7)
        assert current(page) == "this coup: K T 9h"
        # at most: K and T came without a suit
        assert page.locator('#grid button[data-card="9h"] small').inner_text() == "\u22646"
        page.click("#undo")
        settled(page, 8)
        assert current(page) == "this coup: K T"
        assert page.locator('#grid button[data-card="9h"] small').inner_text() == "\u22647"
        page.click("#redo")
        settled(page, 9)
        assert current(page) == "this coup: K T 9h"
        assert page.is_disabled("#redo")
        tags = dict(zip("A 2 3 4 5 6 7 8 9 10 J Q K".split(), setup.count.tags))
        running = sum(tags[c] for c in ["9", "2", "K", "3", "K", "10", "9"])
        assert f"running count {running:+d}" in page.locator("#count").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        page.reload()
        page.wait_for_function("window.state !== null")
        assert current(page) == "this coup: K T 9h" and page.locator(".bead").count() == 1

        served.stop()
        served = Served(tmp_path, setup)  # a restart: the file is all that is left
        page.goto(served.url + "/?session=default")
        settled(page, 0)
        assert current(page) == "this coup: K T 9h"
        assert shown(page) == expected(setup, ["9h", "2s", "Kc", "3d"])  # bets closed: as coup 2 began
        page.fill("#card", "9h")  # a third 9h is no trouble; an impossible card is
        page.press("#card", "Enter")
        settled(page, 1)
    finally:
        page.close()
        served.stop()


def test_positive_ev_two_tabs_and_errors(browser, tmp_path):
    """A shoe with no 2-8 makes the Tie +EV: its row is highlighted with the +EV badge, no other is. A click
    in a tab that has not seen the other tab's card is refused with the message, and the tab then shows
    the session as it is; a card the shoe cannot hold is refused in words; Reset, once confirmed, starts
    the shoe again, and the other tab shows it by itself; an address naming no session opens the first,
    saying so."""
    shoe = Shoe.decks(1).remove([r + s for r in "2345678" for s in "shdc"])
    setup = make_setup(keys=("banker", "player", "tie"), shoe=shoe)
    served = Served(tmp_path, setup)
    one, two = browser.new_page(viewport=DESKTOP), browser.new_page(viewport=PHONE)
    try:
        for page in (one, two):  # both tabs on Playwright's clock: two's is paused below, one's moved on 5 s
            page.clock.install()  # when the test needs its next look (the page's poll), not waited for
        for page in (one, two):
            page.goto(served.url + "/")
            settled(page, 0)
        two.clock.pause_at(time.time() * 1000 + 60_000)
        rows = shown(one)
        assert rows == expected(setup, []) and [n for n, r in rows.items() if r[3]] == ["Tie"]
        assert one.locator("tr.plus .badge").inner_text() == "+EV"
        one.click('#grid button[data-card="Ah"]')
        settled(one, 1)
        two.click('#grid button[data-card="Kd"]')
        two.wait_for_function("document.getElementById('message').textContent.includes('another tab')")
        settled(two, 1)
        assert current(two) == "this coup: Ah"
        assert served.sessions.get("default").version == 1
        two.fill("#card", "5s")
        two.press("#card", "Enter")
        two.wait_for_function("document.getElementById('message').textContent.includes('impossible')")
        assert two.locator("#message").inner_text() == "card '5s' is impossible: the shoe has no 5 left"
        assert two.input_value("#card") == "5s"  # kept, to be corrected
        two.once("dialog", lambda dialog: dialog.accept())  # Reset asks first
        two.click("#reset")
        settled(two, 2)
        assert current(two) == "" and two.locator(".bead").count() == 0
        assert served.sessions.get("default").cards == []
        one.clock.fast_forward(5000)  # its next look, 5 s on, as a tab left open
        settled(one, 2)  # tab one saw the reset by itself, without a reload
        assert current(one) == ""
        one.goto(served.url + "/?session=defualt")  # a mistyped address: the first session, and why
        one.wait_for_function("window.state !== null && "
                              "document.getElementById('message').textContent.includes(\"did you mean 'default'\")")
        assert one.evaluate("window.state.session") == "default"
        # wide: the 13 ranks side by side; narrow: one rank a row
        assert len({round(b["y"]) for b in one.eval_on_selector_all(
            "#grid button.rank", "els => els.map(e => e.getBoundingClientRect())")}) == 1
        assert len({round(b["x"]) for b in two.eval_on_selector_all(
            "#grid button.rank", "els => els.map(e => e.getBoundingClientRect())")}) == 1
    finally:
        one.close()
        two.close()
        served.stop()


#: 14 coups of an 8-deck shoe (random.Random(3)): B P B P B B T P T B B B B B.
FOURTEEN_COUPS = ("4h 6c Js Ts 8d 9h 4c 9c 7h 4h 9c Qs Js 3s 5s 5c Tc Qc 7c 3d 2s 3c 4d Jc Kd 7c Td 9c Th 6s 5h Qd 9s "
                  "Qh Jd 5s 2c Jc 2d Ks 7h Ad 7c 2s Ts 7d 9d 9h Ad As 2s 4c 5d 3s 6d 6h 7c 8c Js Td 7h 5c 5d 9d Ac")


def test_the_bead_plate_is_six_rows_filled_column_by_column_with_ties_marked(browser, tmp_path):
    """The bead plate as casinos draw it (issue 41): the coups in the order dealt, down a column of six and then
    the next column to the right, each in its own cell, ties too (a green T); the empty cells of the board
    drawn, the next coup's among them. Checked on the page's layout (where each bead is drawn), at a phone's
    width and a desk's."""
    setup = make_setup(keys=("banker", "player", "tie"))
    served = Served(tmp_path, setup)
    session = served.sessions.get("default")
    for card in FOURTEEN_COUPS.split():
        session.deal(card, session.version)
    winners = "BPBPBBTPTBBBBB"
    assert "".join(c.coup.winner[0].upper() for c in session.table.coups) == winners
    try:
        for viewport in (PHONE, DESKTOP):
            page = browser.new_page(viewport=viewport)
            page.goto(served.url + "/")
            settled(page, session.version)
            beads = page.eval_on_selector_all(".bead", "els => els.map(e => { const r = e.getBoundingClientRect(); "
                                                       "return [e.textContent, r.x, r.y, getComputedStyle(e)"
                                                       ".backgroundColor]; })")
            assert "".join(b[0] for b in beads) == winners
            xs = sorted({round(b[1]) for b in beads})
            ys = sorted({round(b[2]) for b in beads})
            assert len(ys) == 6 and len(xs) == 3  # six rows; 14 coups fill two columns and two cells of a third
            for i, (_, x, y, _) in enumerate(beads):
                assert (xs.index(round(x)), ys.index(round(y))) == (i // 6, i % 6), (i, x, y)
            colours = {b[0]: {c for t, _, _, c in beads if t == b[0]} for b in beads}
            assert all(len(c) == 1 for c in colours.values()) and len(set().union(*colours.values())) == 3
            assert colours["T"] == {"rgb(46, 125, 50)"}  # the ties: green, in cells of their own (coups 7 and 9)
            cells = page.eval_on_selector_all("#beads .cell", "els => els.map(e => [e.childElementCount, "
                                                              "e.getBoundingClientRect().x, e.getBoundingClientRect().y])")
            assert len(cells) % 6 == 0 and len(cells) >= 6 * 12 and sum(c[0] for c in cells) == 14
            next_cell = cells[14]  # the next coup's: empty, under the 14th
            assert next_cell[0] == 0 and round(next_cell[1]) == round(cells[13][1]) and next_cell[2] > cells[13][2]
            page.close()
    finally:
        served.stop()


def test_the_page_marks_the_next_card_high_then_low(browser, tmp_path):
    """Information play at the table (issue 39): High shows the EVs given the next card High; Low after it, given High then Low; a card dealt clears it."""
    setup = make_setup(("banker", "player", "tie"))
    served = Served(tmp_path, setup)
    page = browser.new_page()
    try:
        page.goto(served.url + "/")
        page.wait_for_function("() => window.state && window.state.version === 0")
        page.click("#seen-high")
        page.wait_for_function("() => document.querySelectorAll('#seen-bets tbody tr').length === 3")
        play = information_play(setup.shoe, Information(group=(1,), high={6, 7, 8, 9}), setup.bets)
        rows = [r.locator("td").all_inner_texts() for r in page.locator("#seen-bets tbody tr").all()]
        assert rows == [[b.name, ("+" if ev > 0 else "") + percent_text(ev, 4)]
                        for b, ev in zip(setup.bets, play.state("H").evs)]
        assert "bet Player" in page.locator("#seen-text").inner_text()
        page.click("#seen-low")
        page.wait_for_function("() => document.querySelector('#seen-text').textContent.includes('H L')")
        page.click('#grid button[data-card="9h"]')
        page.wait_for_function("() => window.state && window.state.version === 1")
        assert page.locator("#seen-bets tbody tr").count() == 0
    finally:
        page.close()
        served.stop()
