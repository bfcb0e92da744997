"""Card-level bets in simulated shoes: every card dealt with its suit, each bet priced on the cards left.

A simulated shoe's cards carry suits from the same shuffle
(:func:`~exact_odds.in_play.simulate.deal_batch.shuffled_ids`), so before every coup the
bettor knows the 52 rank-suit counts of the cards not yet seen (the burned
cards, dealt face down, are among them). A bet that reads ranks, suits or
colours (a pair, Lucky 8, All Red) is priced on that exact suited shoe by the
library, ``bet.price(walk(shoe))`` through
:func:`~exact_odds.bets.analysis.analyse`, one shoe at a time: no suit
model is assumed. What a coup paid is read from its cards: the pay table's
first line whose condition holds for the coup's cards and values, read as
every engine reads it (:func:`~exact_odds.conditions.language.evaluate`), else
``otherwise``, as every price counts it.

Each coup prices the bet on its own shoe: about a millisecond for a bet on the
first four cards or on ranks and totals, about 10 ms for Lucky 8 (docs/benchmarks.md),
and far longer for a whole-coup bet that compares suits in the newer forms
(docs/methods/suits.md, "Card classes"), so a simulation takes that per coup.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from exact_odds.conditions.language import Cards, evaluate, expanded
from exact_odds.bets.paytable import PayTable, deal_names
from exact_odds.bets.analysis import analyse
from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe


def hands(cards: Sequence[tuple[int, int]], deal: Deal) -> tuple[list, list]:
    """The Player's and the Banker's cards (rank, suit) of a coup dealt in ``cards`` order:
    Player, Banker, Player, Banker, then the third cards ``deal`` says were drawn (docs/rules.md §2)."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    rest = list(cards[4:])
    if deal.player_third is not None:
        player.append(rest.pop(0))
    if deal.banker_third is not None:
        banker.append(rest.pop(0))
    return player, banker


def card_payout(bet: PayTable, deal: Deal, cards: Sequence[tuple[int, int]]) -> Fraction:
    """What ``bet`` paid per unit on a coup whose cards, in deal order, were ``cards``
    ((rank 0-12, suit 0-3) each): its first line that holds, else ``otherwise``. The conditions are
    read as every engine reads them (:func:`~exact_odds.conditions.language.evaluate`, on this one coup)."""
    import numpy

    player, banker = hands(cards, deal)
    rank, suit = {}, {}
    for h, hand in enumerate((player, banker)):
        for i in range(3):
            rank[h, i], suit[h, i] = (hand[i][0] + 1, hand[i][1] + 1) if i < len(hand) else (0, 0)
    coup = Cards(rank, suit, deal_names(deal))
    for line in bet.lines:
        if bool(evaluate(numpy, expanded(line.condition), coup)):
            return line.pays
    return bet.otherwise


def price_cards(known: tuple[int, ...], bets: Sequence[PayTable],
                scales: Sequence[int]) -> list[tuple[int, int, list[int]]]:
    """Each bet priced on the suited shoe of ``known`` (52 rank-suit counts, A♠ A♥ A♦ A♣ 2♠ ...):
    (EV numerator over ``scale * total``, ``total``, line counts), ``total`` the six-card
    count N(N-1)...(N-5) and the payouts scaled by ``scale`` to integers."""
    shoe = Shoe.from_counts(known)
    total = falling(shoe.size, 6)
    out = []
    for result, scale in zip(analyse(shoe, bets, method="compiled").results, scales):
        if result.total != total:  # suits fully known: the card walk counts six-card sequences
            raise ArithmeticError(f"{result.bet.name}: the card walk counted {result.total} sequences, "
                                  f"not N(N-1)...(N-5) = {total}")
        counts = [int(line.count) for line in result.lines]
        pays = [int(line.pays * scale) for line in result.lines]
        out.append((sum(p * c for p, c in zip(pays, counts)), total, counts))
    return out


def suited_known(ranks: Sequence[int], suits: Sequence[int], decks: int, starts: Sequence[int],
                 first_seen: int | None) -> list[tuple[int, ...]]:
    """The 52 rank-suit counts not yet seen before each coup of one shoe: its cards' ``ranks`` and
    ``suits`` in shoe order, the coups' first positions ``starts`` in order, and the position of
    the burn card turned up (None: no burn)."""
    left = [decks] * 52

    def seen(i: int) -> None:
        left[4 * ranks[i] + suits[i]] -= 1

    if first_seen is not None:
        seen(first_seen)
    out: list[tuple[int, ...]] = []
    previous: int | None = None
    for start in starts:
        if previous is not None:
            for i in range(previous, start):
                seen(i)
        out.append(tuple(left))
        previous = start
    return out
