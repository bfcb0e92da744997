"""Published figures of docs/rules.md §3, each its own test, named after its source.

Sources: Wizard of Odds, "Baccarat" and "Baccarat odds for 1 to 12 decks"
(six-card counts and house edges); the infinite-deck edges are the same
pages' infinite-deck column, agreed by independent implementations.
"""

from fractions import Fraction

import pytest

from exact_odds import PayLine, PayTable, Shoe, analyse, walk
from exact_odds.bets.catalog import builtin_catalog


def counts(decks):
    d = walk(Shoe.decks(decks))
    return d.outcome_counts(), d.total


def rounds_to(x: Fraction, published: str) -> bool:
    """``x`` (a fraction) shown as a percentage rounds to the published digits."""
    places = len(published.split(".")[1])
    return f"{float(x * 100):.{places}f}" == published and abs(x * 100 - Fraction(published)) <= Fraction(1, 2 * 10**places)


def test_wizard_of_odds_1_deck_counts():
    """WoO 'Baccarat odds for 1 to 12 decks', 1 deck: B/P/T/total six-card counts."""
    c, total = counts(1)
    assert c == {"banker": 6_737_232_640, "player": 6_548_674_432, "tie": 1_372_227_328}
    assert total == 14_658_134_400


def test_wizard_of_odds_6_deck_counts():
    """WoO 'Baccarat odds for 1 to 12 decks', 6 decks."""
    c, total = counts(6)
    assert c == {"banker": 403_095_751_234_560, "player": 392_220_492_728_832, "tie": 83_552_962_932_288}
    assert total == 878_869_206_895_680


def test_wizard_of_odds_8_deck_counts():
    """WoO 'Baccarat', 8 decks."""
    c, total = counts(8)
    assert c == {"banker": 2_292_252_566_437_888, "player": 2_230_518_282_592_256, "tie": 475_627_426_473_216}
    assert total == 4_998_398_275_503_360


def edges(shoe, bets=None):
    return {r.bet.name: r.house_edge for r in analyse(shoe, bets).results}


def test_wizard_of_odds_8_deck_banker_edge():
    """WoO 'Baccarat': Banker house edge 1.0579% at 8 decks."""
    assert rounds_to(edges(Shoe.decks(8))["Banker"], "1.0579")


def test_wizard_of_odds_8_deck_player_edge():
    """WoO 'Baccarat': Player house edge 1.2351% at 8 decks."""
    assert rounds_to(edges(Shoe.decks(8))["Player"], "1.2351")


def test_wizard_of_odds_8_deck_tie_8_to_1_edge():
    """WoO 'Baccarat': Tie paying 8:1 has house edge 14.3596% at 8 decks."""
    assert rounds_to(edges(Shoe.decks(8))["Tie"], "14.3596")


def test_wizard_of_odds_8_deck_tie_9_to_1_edge():
    """WoO 'Baccarat': Tie paying 9:1 has house edge 4.8440% at 8 decks."""
    tie9 = PayTable("Tie 9:1", (PayLine.make("Tie", "tie", 9),))
    assert rounds_to(edges(Shoe.decks(8), [tie9])["Tie 9:1"], "4.8440")


def test_wizard_of_odds_infinite_deck_banker_edge():
    """WoO infinite-deck column: Banker 1.063999%."""
    assert rounds_to(edges(Shoe.infinite())["Banker"], "1.063999")


def test_wizard_of_odds_infinite_deck_player_edge():
    """WoO infinite-deck column: Player 1.228141%."""
    assert rounds_to(edges(Shoe.infinite())["Player"], "1.228141")


def test_wizard_of_odds_infinite_deck_tie_edge():
    """WoO infinite-deck column: Tie 8:1 14.116987%."""
    assert rounds_to(edges(Shoe.infinite())["Tie"], "14.116987")


def test_commission_is_an_exact_fraction():
    """docs/rules.md §2: the Banker pays 19/20 exactly, never the float 0.95.

    With the exact 19/20 the 8-deck Banker edge is exactly (P - 19/20 B) / total
    from the WoO counts; a float payout would make the edge a float, and no
    float equals a fraction whose denominator is not a power of two."""
    banker = builtin_catalog().bet("banker")
    assert banker.lines[0].pays == Fraction(19, 20)
    b, p, total = 2_292_252_566_437_888, 2_230_518_282_592_256, 4_998_398_275_503_360
    edge = banker.price(walk(Shoe.decks(8))).house_edge
    assert edge == (p - Fraction(19, 20) * b) / total
    assert edge.denominator & (edge.denominator - 1)  # not a power of two: no float equals it


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_counts_share_the_six_card_denominator(decks):
    """docs/rules.md §3: all outcomes share N(N-1)...(N-5)."""
    n = 52 * decks
    d = walk(Shoe.decks(decks))
    assert d.total == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    assert sum(d.deals.values()) == d.total
