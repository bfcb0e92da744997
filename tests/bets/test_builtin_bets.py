"""The built-in catalog read lazily (exact_odds.bets.catalog.BuiltinBets) is the catalog parse_catalog makes
of the whole file: the same bets in the same order, the same variants, the same messages."""

from __future__ import annotations

import os

import pytest

import exact_odds.bets.catalog as catalog_module
from exact_odds.bets.catalog import _builtin, builtin_catalog, parse_catalog
from exact_odds.bets.paytable import PayTableError


def builtin_text() -> str:
    with open(os.path.join(os.path.dirname(catalog_module.__file__), "data", "bets.toml"), encoding="utf-8") as f:
        return f.read()


def test_every_bet_and_variant_is_the_whole_files():
    eager = parse_catalog(builtin_text(), "bets.toml")
    lazy = builtin_catalog()
    assert list(lazy.bets) == list(eager.bets) and len(lazy.bets) == len(eager.bets)
    for key, bet in eager.bets.items():
        assert lazy.bets[key] == bet and lazy.bets[key].family == bet.family
    assert lazy.variants == eager.variants
    assert lazy.variant_descriptions == eager.variant_descriptions
    assert lazy.own == eager.own
    assert repr(lazy) == repr(eager)


def test_a_bet_is_read_when_asked_for_and_once():
    catalog = _builtin(builtin_text(), "bets.toml")
    standard = catalog.variant("standard")
    assert [b.key for b in standard] == ["banker", "player", "tie"]
    assert repr(catalog.bets) == f"BuiltinBets({len(catalog.bets)} bets, 3 read)"
    assert catalog.bets["banker"] is standard[0]
    assert "dragon7" in catalog.bets and "no_such_bet" not in catalog.bets
    with pytest.raises(KeyError):
        catalog.bets["no_such_bet"]
    assert catalog.bets.get("no_such_bet") is None


BROKEN = """# a catalog whose second bet is wrong
[bets.a]
name = "A"
[[bets.a.lines]]
when = "tie"
pays = 8

[bets.b]
name = "B"
[[bets.b.lines]]
label = "Tie"
when = "tie and banker_cardz == 3"
pays = 8

[variants.v]
description = "both"
bets = ["a", "b"]
"""


def test_a_broken_bet_is_told_as_the_whole_file_tells_it():
    with pytest.raises(PayTableError) as eager:
        parse_catalog(BROKEN, "bets.toml")
    lazy = _builtin(BROKEN, "bets.toml")
    assert lazy.bets["a"].name == "A"
    with pytest.raises(PayTableError) as late:
        lazy.bets["b"]
    assert str(late.value) == str(eager.value) and "line 12" in str(late.value)


def test_a_variant_naming_no_bet_is_refused_at_once():
    text = BROKEN.replace('bets = ["a", "b"]', 'bets = ["a", "c"]')
    with pytest.raises(PayTableError) as eager:
        parse_catalog(text.replace("banker_cardz", "banker_cards"), "bets.toml")
    with pytest.raises(PayTableError) as lazy:
        _builtin(text, "bets.toml")
    assert str(lazy.value) == str(eager.value) and "line 17" in str(lazy.value)
