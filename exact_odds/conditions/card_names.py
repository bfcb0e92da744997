"""The condition names that read every card of the coup: ranks, suits and colours (docs/bets.md).

A coup's result depends on card values only; these names look at the cards
themselves: each hand's cards in deal order (card 1, 2 and the third card if
drawn) by rank, suit and colour, whether a hand's cards share a suit or are
all red or all black, and pairs. They mix freely with the coup and deal names
(``banker_wins and banker_pair``, ``player_suited and player_cards == 3 and
player == 8``).

Each name's one definition is in the condition language
(:data:`exact_odds.conditions.language.MEANINGS`, and each card's attributes);
the card-level walk (:mod:`exact_odds.cards.routes.every_card`) evaluates them
there.

Encodings a condition sees: ranks 1-13 (A = 1, 10 = 10, J = 11, Q = 12,
K = 13; the constants ``ace``, ``jack``, ``queen``, ``king`` name them),
suits 1-4 (``spades``, ``hearts``, ``diamonds``, ``clubs``), 0 for a third
card that was not drawn. Hearts and diamonds are red, spades and clubs black.
"""

from __future__ import annotations


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
