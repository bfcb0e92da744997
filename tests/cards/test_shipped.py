"""The shipped counts (issue 38: the whole catalog cold in about 2 s): found by what a bet reads, checked
against the other routes, and ignored where the file is damaged."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from card_bets import table
from exact_odds import Shoe, explain
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cards import engine
from exact_odds.cards.routes import shipped
from exact_odds.punto_banco.walk import walk

CARD_BETS = [b for b in builtin_catalog().bets.values() if b.family == "card"]


@pytest.mark.parametrize("decks", range(1, 9))
def test_every_catalog_card_bet_on_fresh_decks_is_shipped(decks):
    shoe = Shoe.decks(decks)
    assert {explain(b, shoe).route for b in CARD_BETS} == {"shipped"}


@pytest.mark.parametrize("key", ["all_red", "monkey6", "lucky_nines_binions", "perfect9_bonus"])
def test_the_shipped_counts_are_the_other_routes_counts(key):
    bet, dist = builtin_catalog().bet(key), walk(Shoe.decks(1))
    shipped_counts, *_ = engine.price(bet.reading, dist)
    with engine.excluding("shipped"):
        counts, _, _, explanation = engine.price(bet.reading, dist)
    assert shipped_counts == counts and explanation.route != "shipped"


@pytest.mark.slow
def test_the_shipped_file_is_what_a_fresh_pricing_writes():
    r = subprocess.run([sys.executable, "-m", "exact_odds.bets.make_shipped", "--check"], capture_output=True,
                       text=True, timeout=1200)
    assert r.returncode == 0 and "identical to a fresh pricing" in r.stdout, r.stdout + r.stderr


def test_a_table_is_found_by_its_lines_not_its_name():
    all_red = builtin_catalog().bet("all_red")
    same = table([line.condition for line in all_red.lines])
    changed = table([all_red.lines[0].condition + " and tie"])
    shoe = Shoe.decks(6)
    assert explain(same, shoe).route == "shipped"
    assert explain(changed, shoe).route != "shipped"
    assert explain(all_red, shoe.remove(["Ah"])).route != "shipped"  # a shoe in play


def test_a_damaged_or_wrong_file_is_ignored_and_the_bet_priced_otherwise(tmp_path, monkeypatch):
    all_red, shoe = builtin_catalog().bet("all_red"), Shoe.decks(1)
    right, *_ = engine.price(all_red.reading, walk(shoe))
    for text in ("{not json", "[1, 2]", json.dumps({shipped.key(all_red.reading.conditions, shoe,
                                                                 walk(shoe).tableau): [1, 2]})):
        path = tmp_path / "shipped.json"
        path.write_text(text)
        monkeypatch.setattr(shipped, "PATH", path)
        shipped.table.cache_clear()
        counts, _, _, explanation = engine.price(all_red.reading, walk(shoe))
        assert explanation.route != "shipped" and counts == right
    shipped.table.cache_clear()
