"""At the table: what one seen state of the next coup is worth, for the shoe in play (``track``, ``serve``).

An edge sorter at the table sees, before he bets, the group (or value) of the next coup's cards: the state is
known, and he wants every chosen bet's EV given it, for the cards left in the shoe, at once. That is one state
of :func:`~exact_odds.information.play.information_play`, computed on the sequences consistent with it alone:
the sequences whose seen used positions show the seen labels are chosen once per pattern (cached), weighed on
each new shoe by the substrate's own :func:`~exact_odds.cards.substrate.sequences.sequence_weights`, and an
unused seen position split as play.py splits it. The state's count by deal is one exact grouped sum.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from exact_odds.cards.substrate.sequences import SixRankSequences, exact_sums, six_rank_sequences
from exact_odds.information.play import (MUST_BET, SIT_OUT, InformationState, _rows, checked_bets, checked_shoe,
                                         line_index, scaled_pays)
from exact_odds.information.seen import POSITION_SHORT, Information, InformationError
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


def label_indexes(information: Information, seen) -> tuple[int, ...]:
    """The label index of each seen label ('H', 'L', a value '0'-'9' or a rank), in deal order."""
    readings = [r for r in information.readings() if r is not None]
    if isinstance(seen, str) or not hasattr(seen, "__iter__"):
        raise InformationError(f"seen must be a label per seen position, such as ('H',), not {seen!r:.60}")
    seen = tuple(str(x).strip().upper() if isinstance(x, str) else str(x) for x in seen)
    if len(seen) != len(readings):
        raise InformationError(f"{len(seen)} labels seen for {len(readings)} seen positions; give one for each of "
                               + (", ".join(POSITION_SHORT[p] for p in information.positions) or "none"))
    out = []
    for p, label, (_, names) in zip(information.positions, seen, readings):
        upper = [n.upper() for n in names]
        if label not in upper:
            raise InformationError(f"position {p} shows {label!r}, which it cannot: one of {', '.join(names)}")
        out.append(upper.index(label))
    return tuple(out)


@lru_cache(maxsize=32)
def _consistent(tableau: Tableau, readings: tuple, labels: tuple[int, ...]) -> SixRankSequences:
    """The sequences whose seen *used* positions show ``labels`` (an unused seen position may show any)."""
    import numpy as np

    seqs = six_rank_sequences(tableau)
    keep = np.ones(len(seqs.deal), dtype=bool)
    n = 0
    for i, reading in enumerate(readings):
        if reading is None:
            continue
        lab = np.array(list(reading[0]) + [-1])  # UNUSED // 6 == 13: no card, any label
        ranks = seqs.codes[i] // 6
        keep &= (lab[ranks] == labels[n]) | (ranks == 13)
        n += 1
    return SixRankSequences(tuple(c[keep] for c in seqs.codes), seqs.deal[keep], seqs.deals, seqs.pattern[keep],
                            seqs.patterns, seqs.used[keep])


def _by_deal(np, shoe: Shoe, readings: tuple, labels: tuple[int, ...], tableau: Tableau) -> list[int]:
    """The six-card count of the state ``labels`` by deal (the substrate's deals, in order), exact."""
    sub = _consistent(tableau, readings, labels)
    weights, code, deal, radix, _ = _rows(np, sub, shoe, readings)
    wanted = 0
    for r, a in zip(radix, labels):
        wanted = wanted * r + a
    keep = code == wanted
    return exact_sums(np, weights[keep], deal[keep], len(sub.deals))


def _complement(shoe: Shoe, information: Information, labels: tuple[int, ...]) -> bool:
    """Whether the state is one group seen, the larger of the two in the shoe: then it is quicker as every
    coup less the smaller group (about a third of the sequences to weigh, not two thirds)."""
    if len(information.positions) != 1 or not information.group:
        return False
    reading = information.reading(information.positions[0])[0]
    counts = (1,) * 13 if shoe.is_infinite else shoe.ranks
    mine = sum(c for c, lab in zip(counts, reading) if lab == labels[0])
    return 2 * mine > sum(counts)


def next_coup(shoe: Shoe, information: Information, seen, bets=None, must_bet: bool = False,
              tableau: Tableau = PUNTO_BANCO) -> InformationState:
    """The state of the next coup in which ``seen`` is seen (a label per seen position, in deal order):
    its probability, every bet's EV given it and the bet to make.

    >>> from exact_odds import Shoe
    >>> s = next_coup(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9}), ("H",))
    >>> s.probability, round(float(s.evs[1]), 5)
    (Fraction(4, 13), 0.11736)
    """
    import numpy as np

    shoe = checked_shoe(shoe, information)
    if not isinstance(must_bet, bool):
        raise InformationError(f"must_bet must be True or False, not {must_bet!r:.60}")
    bets = checked_bets(bets)
    if not all(b.is_value_level for b in bets):
        raise InformationError("the next coup at the table is priced for bets on the coup's values (Banker, "
                               "Player, Tie ...); leave out the pair bets")
    labels = label_indexes(information, seen)
    readings = information.readings()
    seqs = six_rank_sequences(tableau)
    if _complement(shoe, information, labels):
        # One group seen, and its larger group: every coup's counts by deal (the walk) less the other group's.
        from exact_odds.punto_banco.walk import walk

        every = walk(shoe, tableau).deals
        other = _by_deal(np, shoe, readings, (1 - labels[0],), tableau)
        by_deal = [every.get(d, 0) - c for d, c in zip(seqs.deals, other)]
    else:
        by_deal = _by_deal(np, shoe, readings, labels, tableau)
    count = sum(by_deal)
    total = 13 ** 6 if shoe.is_infinite else falling(shoe.size, 6)
    names = [r[1][a] for r, a in zip((r for r in readings if r is not None), labels)]
    if not count:
        return InformationState(tuple(names), 0, Fraction(0), tuple(Fraction(0) for _ in bets), None)
    nonzero = [d for d, c in enumerate(by_deal) if c]
    evs = []
    for bet, (d, scaled) in zip(bets, scaled_pays(bets)):
        lines = line_index(np, bet, seqs, np.arange(len(seqs.deals)), None)  # one row per deal
        evs.append(Fraction(sum(by_deal[x] * scaled[lines[x]] for x in nonzero), d * count))
    best = max(range(len(evs)), key=lambda b: (evs[b], -b))
    if not must_bet and evs[best] <= 0:
        best = None
    return InformationState(tuple(names), count, Fraction(count, total), tuple(evs), best)


#: The sort an edge sorter at the table reads by default (Jacobson's; the Borgata's): High = 6, 7, 8, 9.
TABLE_HIGH = frozenset({6, 7, 8, 9})


def next_cards_seen(shoe: Shoe, seen: str, bets=None, high=TABLE_HIGH, must_bet: bool = False,
                    tableau: Tableau = PUNTO_BANCO) -> tuple[Information, InformationState]:
    """What the next coup is worth when the groups of its first cards are seen: ``seen`` is 'H' or 'L' for
    each of the next 1-6 cards, in deal order ('HL': the Player's first card High, the Banker's Low).

    >>> info, s = next_cards_seen(Shoe.decks(8), "H")
    >>> info.group, s.probability
    ((1,), Fraction(4, 13))
    """
    if not isinstance(seen, str) or not 1 <= len(seen.strip()) <= 6 or set(seen.strip().upper()) - {"H", "L"}:
        raise InformationError(f"seen must be 'H' or 'L' for each of the next 1-6 cards, such as 'H' or 'HLLH', "
                               f"not {seen!r:.60}")
    labels = tuple(seen.strip().upper())
    info = Information(group=tuple(range(1, len(labels) + 1)), high=high)
    return info, next_coup(shoe, info, labels, bets, must_bet, tableau)


__all__ = ["next_coup", "next_cards_seen", "label_indexes", "TABLE_HIGH", "MUST_BET", "SIT_OUT"]
