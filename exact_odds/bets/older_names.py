"""The older card names' own pricing: a route of the card engine for bets written in them alone.

Before the condition language, card-level bets were written in names such as ``player_suited``,
``player_card1_rank`` and ``identical_pairs`` (:mod:`exact_odds.conditions.card_names`), priced on the joint
distribution of those names and the coup's values: from the hand paths
(:func:`~exact_odds.cards.routes.card_fast.card_joint`) or else the card walk
(:func:`~exact_odds.cards.routes.every_card.card_counts`). The names now mean what the language says
they mean (:data:`exact_odds.conditions.language.MEANINGS`), and every route prices them; this one is still
the quickest for whole-coup suits on a shoe whose ranks differ in suits where suits are unknown, so the
engine keeps it as its route "older names" (:mod:`exact_odds.cards.routes.in_play`).
"""

from __future__ import annotations

from functools import lru_cache

from exact_odds.conditions.vocabulary import CONSTANTS, COUP_NAMES, DEAL_NAMES, coup_names, deal_names


def older_counts(bet, dist) -> tuple[list, int, str | None]:
    """``(counts, total, assumption)`` of ``bet`` (a :class:`~exact_odds.bets.paytable.PayTable` written in
    the older card names) on ``dist``'s shoe."""
    from exact_odds.cards.routes.card_fast import card_joint

    names = bet.names - CONSTANTS.keys()
    values = tuple(sorted(names & (COUP_NAMES.keys() | DEAL_NAMES.keys())))
    facts = tuple(sorted(names - set(values)))

    def settle(v: tuple, f: tuple) -> int:
        state = {**CONSTANTS, **dict(zip(values, v)), **dict(zip(facts, f))}
        return next((i for i, line in enumerate(bet.lines) if line.holds(state)), len(bet.lines))

    fast = card_joint(dist, values, facts, deal_names, coup_names if set(values) <= COUP_NAMES.keys() else None,
                      settle, tuple(line.condition for line in bet.lines))
    joint, total, assumption = fast or _card_joint(dist.shoe, dist.tableau, values, facts)
    counts: list = [0] * (len(bet.lines) + 1)
    for (v, f), n in joint.items():
        counts[settle(v, f)] += n
    return counts, total, assumption


@lru_cache(maxsize=32)
def _card_joint(shoe, tableau, values: tuple[str, ...], facts: tuple[str, ...]):
    """The card walk's joint counts of ``values`` and ``facts`` (cached: Lucky 8 Player and Banker,
    All Red and All Black read the same names)."""
    from exact_odds.cards.routes.every_card import card_counts

    return card_counts(shoe, values, facts, tableau, lambda deal: tuple(deal_names(deal)[n] for n in values))
