"""Every cell of the punto banco tableau (docs/rules.md §2), checked against the
table of the Italian casino rules quoted there, transcribed literally here.

Banker total -> the Player third-card values on which Banker draws; 'stood'
is the case where Player did not draw (Banker then draws on 0-5).
"""

import pytest

from exact_odds.rules.tableau import PUNTO_BANCO

# docs/rules.md §2, the Italian rules, "Banco": Chiede carta se la terza carta del giocatore è ...
ITALIAN_BANKER_DRAWS_ON = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}
# docs/rules.md §2: when Player stands, Banker draws on 0-5 and stands on 6-7.
BANKER_DRAWS_WHEN_PLAYER_STOOD = {b: b <= 5 for b in range(8)}


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_banker_cell_against_player_third_card(banker, third):
    expected = third in ITALIAN_BANKER_DRAWS_ON[banker]
    assert PUNTO_BANCO.banker_draws(banker, third) is expected


@pytest.mark.parametrize("banker", range(8))
def test_banker_cell_when_player_stood(banker):
    assert PUNTO_BANCO.banker_draws(banker, None) is BANKER_DRAWS_WHEN_PLAYER_STOOD[banker]


@pytest.mark.parametrize("player", range(8))
def test_player_rule(player):
    """docs/rules.md §2, the Italian rules, 'Giocatore': 0-5 draws, 6-7 stands."""
    assert PUNTO_BANCO.player_draws(player) is (player <= 5)


# --- the same cells as the walk plays them -----------------------------------
# The tests above check the tableau object; these check that the engine's walk
# applies each cell: among the deals of a single deck (every cell occurs),
# Banker has a third card exactly when the Italian table says he draws.

@pytest.fixture(scope="module")
def one_deck_deals():
    from exact_odds import Shoe, walk

    return {deal: n for deal, n in walk(Shoe.decks(1)).deals.items() if n}


@pytest.mark.parametrize("banker", range(8))
@pytest.mark.parametrize("third", range(10))
def test_walk_plays_the_cell_against_player_third_card(one_deck_deals, banker, third):
    cell = [(d, n) for d, n in one_deck_deals.items()
            if d.banker_initial == banker and d.player_third == third]
    assert cell, "the cell never occurs"
    expected = third in ITALIAN_BANKER_DRAWS_ON[banker]
    assert {d.banker_third is not None for d, _ in cell} == {expected}


@pytest.mark.parametrize("banker", range(8))
def test_walk_plays_the_cell_when_player_stood(one_deck_deals, banker):
    cell = [d for d in one_deck_deals if d.banker_initial == banker and d.player_third is None
            and d.player_initial in (6, 7)]
    assert cell, "the cell never occurs"
    assert {d.banker_third is not None for d in cell} == {BANKER_DRAWS_WHEN_PLAYER_STOOD[banker]}


@pytest.mark.parametrize("player", range(10))
def test_walk_plays_the_player_rule_and_naturals(one_deck_deals, player):
    """docs/rules.md §2: Player draws on 0-5 unless either hand has a natural (8 or 9)."""
    for banker in range(10):
        deals = [d for d in one_deck_deals if d.player_initial == player and d.banker_initial == banker]
        assert deals
        natural = player >= 8 or banker >= 8
        assert {d.player_third is not None for d in deals} == {player <= 5 and not natural}
        if natural:
            assert {d.banker_third for d in deals} == {None}
