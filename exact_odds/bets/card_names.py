"""The condition names that read every card of the coup: ranks, suits and colours (docs/bets.md).

A coup's result depends on card values only; these names look at the cards
themselves: each hand's cards in deal order (card 1, 2 and the third card if
drawn) by rank, suit and colour, whether a hand's cards share a suit or are
all red or all black, and pairs. They mix freely with the coup and deal names
(``banker_wins and banker_pair``, ``player_suited and player_cards == 3 and
player == 8``).

:func:`card_facts` is the one definition of every name. It is written with
``==``, ``&``, ``|`` and ``~`` only, so the same code evaluates one coup
(Python ints and bools) or many suit assignments at once (numpy arrays), as
the card-level walk (:mod:`exact_odds.punto_banco.every_card`) does.

Encodings a condition sees: ranks 1-13 (A = 1, 10 = 10, J = 11, Q = 12,
K = 13; the constants ``ace``, ``jack``, ``queen``, ``king`` name them),
suits 1-4 (``spades``, ``hearts``, ``diamonds``, ``clubs``), 0 for a third
card that was not drawn. Hearts and diamonds are red, spades and clubs black.
"""

from __future__ import annotations

from typing import Any, Sequence

HANDS = ("player", "banker")
ORDINALS = ("1", "2", "3")

#: Constant names a condition may compare card ranks and suits with.
CONSTANTS: dict[str, int] = {
    "ace": 1, "jack": 11, "queen": 12, "king": 13,
    "spades": 1, "hearts": 2, "diamonds": 3, "clubs": 4,
}

#: The original pair names (first four cards), kept with their meaning.
PAIR_NAMES: dict[str, str] = {
    "player_pair": "Player's first two cards have the same rank",
    "banker_pair": "Banker's first two cards have the same rank",
    "player_suited_pair": "Player's first two cards have the same rank and suit (a perfect pair)",
    "banker_suited_pair": "Banker's first two cards have the same rank and suit (a perfect pair)",
    "pairs_same_rank": "both hands pair, in the same rank",
    "identical_pairs": "both hands hold the same two cards, rank and suit",
}


def _hand_names() -> dict[str, str]:
    out: dict[str, str] = {}
    for h in HANDS:
        H = h.capitalize()
        out[f"{h}_suited"] = f"all of {H}'s cards (two or three) have the same suit"
        out[f"{h}_red"] = f"all of {H}'s cards are red (hearts or diamonds)"
        out[f"{h}_black"] = f"all of {H}'s cards are black (spades or clubs)"
        for i, nth in zip(ORDINALS, ("first", "second", "third")):
            card = f"{H}'s {nth} card" + (" (0 if Player did not draw)" if i == "3" and h == "player" else
                                          " (0 if Banker did not draw)" if i == "3" else "")
            out[f"{h}_card{i}_rank"] = f"rank of {card}: 1 = ace ... 10, 11 = jack, 12 = queen, 13 = king"
            out[f"{h}_card{i}_suit"] = f"suit of {card}: 1 = spades, 2 = hearts, 3 = diamonds, 4 = clubs"
            out[f"{h}_card{i}_red"] = f"{H}'s {nth} card is red (false if there is none)"
            out[f"{h}_card{i}_black"] = f"{H}'s {nth} card is black (false if there is none)"
    return out


#: Names over every card of the coup (beyond the first-four pair names).
CARD_NAMES: dict[str, str] = {
    **_hand_names(),
    **{k: f"the constant {v}" for k, v in CONSTANTS.items()},
}

#: Card-level names whose value is a number (the rest are true/false).
CARD_NUMBER_NAMES = frozenset(
    [n for n in CARD_NAMES if n.endswith(("_rank", "_suit"))] + list(CONSTANTS))

#: Names that need the actual rank of a card (not only which cards share a rank).
RANK_VALUE_NAMES = frozenset(n for n in CARD_NAMES if n.endswith("_rank"))

#: Names whose value depends on suits.
SUIT_NAMES = frozenset(
    {"player_suited_pair", "banker_suited_pair", "identical_pairs"}
    | {n for n in CARD_NAMES if n.endswith(("_suit", "_red", "_black", "_suited"))})

#: Every name this module defines (pair names included), constants excluded.
FACT_NAMES = tuple(n for n in list(PAIR_NAMES) + list(CARD_NAMES) if n not in CONSTANTS)


def _red(suit):
    return (suit == 1) | (suit == 2)


def card_facts(names: Sequence[str], player: Sequence[tuple[Any, Any]],
               banker: Sequence[tuple[Any, Any]]) -> tuple:
    """The values of ``names`` for a coup whose hands hold these cards in deal order.

    A card is ``(rank, suit)``: rank index 0-12 (A..K) and suit index 0-3
    (spades, hearts, diamonds, clubs), ints or numpy arrays of the same shape.
    Where only *which* cards share a rank matters (pairs), any labels that are
    equal exactly when the ranks are equal will do. A hand holds 2 or 3 cards.
    Constant names are not facts: they are added by the caller."""
    hands = {"player": list(player), "banker": list(banker)}
    out = []
    for name in names:
        out.append(_fact(name, hands))
    return tuple(out)


def _fact(name: str, hands: dict) -> Any:
    if name in ("pairs_same_rank", "identical_pairs"):
        (p1, ps1), (p2, ps2) = hands["player"][:2]
        (b1, bs1), (b2, bs2) = hands["banker"][:2]
        same = (p1 == p2) & (b1 == b2) & (p1 == b1)
        if name == "pairs_same_rank":
            return same
        # The same two cards: the suits agree as multisets.
        return same & (((ps1 == bs1) & (ps2 == bs2)) | ((ps1 == bs2) & (ps2 == bs1)))
    hand_name, _, what = name.partition("_")
    cards = hands[hand_name]
    if what == "pair":
        return cards[0][0] == cards[1][0]
    if what == "suited_pair":
        return (cards[0][0] == cards[1][0]) & (cards[0][1] == cards[1][1])
    if what == "suited":
        out = cards[0][1] == cards[1][1]
        for _, s in cards[2:]:
            out = out & (s == cards[0][1])
        return out
    if what in ("red", "black"):
        out = None
        for _, s in cards:
            c = _red(s) if what == "red" else ~_red(s) if hasattr(s, "shape") else not _red(s)
            out = c if out is None else out & c
        return out
    if what.startswith("card"):
        i = int(what[4]) - 1
        attr = what[6:]
        if i >= len(cards):
            return 0 if attr in ("rank", "suit") else False
        rank, suit = cards[i]
        if attr == "rank":
            return rank + 1
        if attr == "suit":
            return suit + 1
        if attr == "red":
            return _red(suit)
        return ~_red(suit) if hasattr(suit, "shape") else not _red(suit)
    raise KeyError(name)
