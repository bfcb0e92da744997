"""The standard pricer shipped ready (exact_odds/punto_banco/prebuilt.json): reproducible, and
never used unless it passes every check (else the pricer is built from the compiled walk)."""

import json

import numpy as np
import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets import make_prebuilt
from exact_odds.punto_banco import prebuilt
from exact_odds.punto_banco import pricer as pricing
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

SHOES = [(32,) * 10, (128,) + (32,) * 9, (3, 0, 7, 1, 2, 9, 0, 4, 4, 5), (1, 1, 1, 1, 1, 1, 0, 0, 0, 0)]


def standard_bets():
    return tuple(builtin_catalog().variant("standard"))


def test_the_shipped_file_is_a_fresh_build_byte_for_byte():
    """Regenerating gives identical bytes (python -m exact_odds.bets.make_prebuilt --check)."""
    assert prebuilt.PATH.read_text() == make_prebuilt.fresh_text()


def test_the_loaded_basis_is_the_built_one():
    bets = standard_bets()
    pricer = pricing.Pricer(bets)
    loaded = prebuilt.load(np, bets, PUNTO_BANCO, pricer.n_rows)
    built = pricer.built_basis(np)
    assert loaded is not None
    assert np.array_equal(loaded.rows, built.rows) and np.array_equal(loaded.e, built.e)
    assert np.array_equal(loaded.pe, built.pe) and (loaded.e_norm, loaded.pe_norm) == (built.e_norm, built.pe_norm)


def test_a_loaded_pricer_never_walks_the_coup(monkeypatch):
    """The point of shipping it: the standard pricer is ready without the compiled walk."""
    def refuse(*args, **kwargs):
        raise AssertionError("the compiled walk was built")
    monkeypatch.setattr(pricing, "compiled", refuse)
    pricer = pricing.Pricer(standard_bets()).prepare()
    nums, totals = pricer.value_batch(SHOES, outcomes=True)
    assert nums[1][:3] == list(prebuilt.EIGHT_DECKS)


def stored():
    return json.loads(prebuilt.PATH.read_text())


def rewritten(data, tmp_path, fix_digest=True):
    """A copy of the file with ``data`` as its entry (and its checksum recomputed unless told not to)."""
    doc = stored()
    doc["pricers"][0]["data"] = data
    if fix_digest:
        doc["pricers"][0]["sha256"] = prebuilt._digest(data)
    path = tmp_path / "prebuilt.json"
    path.write_text(json.dumps(doc))
    return path


def damage_a_cell(data):
    data["rows"][0][4000] += 1
    return data


def damage_e(data):
    data["e"][3] = [0, 1, 0]  # the Banker bet's win line read as Player's
    return data


def damage_shape(data):
    data["rows"][1] = data["rows"][1][:-1]
    return data


def damage_type(data):
    data["e"][0][0] = 1.0
    return data


@pytest.mark.parametrize("damage, fix_digest", [
    (damage_a_cell, False),  # the checksum refuses it
    (damage_a_cell, True),  # the 8-deck counts refuse it
    (damage_e, True),
    (damage_shape, True),
    (damage_type, True),
], ids=["checksum", "cell", "combination", "shape", "type"])
def test_a_damaged_file_is_refused(tmp_path, damage, fix_digest):
    bets = standard_bets()
    path = rewritten(damage(stored()["pricers"][0]["data"]), tmp_path, fix_digest)
    assert prebuilt.load(np, bets, PUNTO_BANCO, pricing.Pricer(bets).n_rows, path) is None


def test_the_pricer_is_built_instead_of_a_refused_file(tmp_path, monkeypatch):
    bets = standard_bets()
    good = pricing.cached_pricer(bets).value_batch(SHOES, outcomes=True)
    monkeypatch.setattr(prebuilt, "PATH", rewritten(damage_a_cell(stored()["pricers"][0]["data"]), tmp_path))
    pricer = pricing.Pricer(bets)
    assert pricer.value_batch(SHOES, outcomes=True) == good
    assert np.array_equal(pricer._basis(np).rows, pricer.built_basis(np).rows)
    assert good[0][1][:3] == list(prebuilt.EIGHT_DECKS)


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 999, "pricers": []}', '{"format": 1, "pricers": [7]}'])
def test_a_missing_or_unreadable_file_is_refused(tmp_path, text):
    path = tmp_path / "prebuilt.json"
    if text:
        path.write_text(text)
    assert prebuilt.load(np, standard_bets(), PUNTO_BANCO, 11, path) is None


def test_other_bets_or_rules_do_not_match_the_key():
    cat = builtin_catalog()
    bets = standard_bets()
    assert prebuilt.load(np, bets[:2], PUNTO_BANCO, 8) is None
    assert prebuilt.load(np, (cat.bets["player"], cat.bets["banker"], cat.bets["tie"]), PUNTO_BANCO, 11) is None
    stand_on_5 = Tableau("other", PUNTO_BANCO.player_draw[:5] + (False,) + PUNTO_BANCO.player_draw[6:],
                         PUNTO_BANCO.banker_draw)
    assert prebuilt.key(bets, stand_on_5) != prebuilt.key(bets, PUNTO_BANCO)
    assert prebuilt.load(np, bets, stand_on_5, 11) is None
