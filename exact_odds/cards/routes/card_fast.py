"""Which card-level bets skip the general card walk, and how (docs/methods/suits.md, "Fast paths").

:func:`~exact_odds.cards.routes.card_classes.price_lines` asks :func:`hand_fact_counts`
first for a bet over the whole coup that reads suits on a shoe in play: the
bet's conditions are read back into the facts below (``same_suit(player_hand)``
is ``player_suited``) and priced by :func:`card_joint`, which returns None where
no fast path applies. A bet in the older names may also come to
:func:`card_joint` from :func:`older_counts
<exact_odds.bets.older_names.older_counts>`, and then go to the card
walk (:mod:`exact_odds.cards.routes.every_card`). Every fast path gives the same
prices as the card walk (tests/punto_banco/test_card_paths.py):

* one hand's pair names with coup and deal names (Player / Banker Wins with a
  Pair), any finite shoe: by values, :mod:`exact_odds.cards.routes.hand_pairs`;
* whole hands' suit and colour names with coup and deal names (Lucky 8, All
  Red, All Black), a shoe with 52 counts: :mod:`exact_odds.cards.routes.hand_suits`,
  only for the coups whose values leave the bet's line open (for Lucky 8, a
  three-card 8): elsewhere the line is settled by values, and the value walk's
  counts are used.

Pair names alone never come here: they are priced on the first four cards
(:mod:`exact_odds.cards.routes.first_four`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import lru_cache
from itertools import product
from typing import Callable


@lru_cache(maxsize=128)
def values_of(names_of: Callable, values: tuple[str, ...]) -> Callable:
    """A function of a Deal (or a Coup) giving the values of ``values``, read by ``names_of``
    (:func:`~exact_odds.bets.paytable.deal_names` or ``coup_names``): one function per process, so the
    fast paths can cache their groupings per function."""

    @lru_cache(maxsize=None)
    def of(state) -> tuple:
        names = names_of(state)
        return tuple(names[n] for n in values)

    return of


def card_joint(dist, values: tuple[str, ...], facts: tuple[str, ...], deal_names: Callable,
               coup_names: Callable | None, settle: Callable, conditions: tuple) -> tuple | None:
    """``(joint, total, assumption)`` as :func:`~exact_odds.cards.routes.every_card.card_counts` gives it,
    from a fast path, or None when none applies. ``coup_names`` is given when every value name is a
    coup name; ``settle(values, facts)`` is the index of the line that settles those values and facts,
    and ``conditions`` (the lines' conditions) names the bet in caches. The joint may merge the facts
    of coups whose line the facts cannot change (their price is the same)."""
    from exact_odds.cards.routes import hand_pairs, hand_suits

    shoe = dist.shoe
    by_deal = values_of(deal_names, values)
    by_coup = values_of(coup_names, values) if coup_names is not None else None
    if hand_pairs.hand_of(facts) is not None and not shoe.is_infinite:
        return hand_pairs.hand_pair_counts(dist, facts, by_deal, by_coup)
    if hand_suits.applies(facts, shoe):
        groups, open_keys = _open_keys(dist.tableau, by_deal, facts, settle, conditions)
        read = by_coup or by_deal
        totals: dict = defaultdict(int)
        for state, n in (dist.coups if by_coup is not None else dist.deals).items():
            totals[read(state)] += n
        joint: dict = defaultdict(int)
        settled = (False,) * len(facts)  # any facts: the line does not depend on them
        for key, n in totals.items():
            if key not in open_keys:
                joint[key, settled] += n
        for blocks, keys in groups.items():  # the facts' values that settle alike, and where
            part, _, _ = hand_suits.hand_suit_counts(dist, facts, by_deal, keys, totals, blocks)
            for k, n in part.items():
                joint[k] += n
        return {k: n for k, n in joint.items() if n}, dist.total, None
    return None


def hand_fact_counts(conditions: tuple[str, ...], dist, value_names, deal_names: Callable) -> tuple | None:
    """``(counts, total, assumption)`` of a card-level pay table whose lines hold ``conditions``, from a hand path,
    when every card it reads is read as one of the facts a hand path knows: whole hands' suits and colours
    (``same_suit(player_hand)``, ``all(banker_hand, red)``, ``same_colour(player_hand)``: on a shoe with
    52 counts), or one hand's pair (``same_rank(player_first_two)``, with ``same_suit`` for a suited pair:
    any finite shoe), written so or in the older names that mean them; else None. ``value_names`` are the
    coup and deal names (``deal_names`` gives them). The counts are six-card counts of the coups each line
    settles (the last entry: none); ``assumption`` is the suit model's statement where it assumed suits."""
    from exact_odds.conditions import language
    from exact_odds.cards.routes import hand_pairs, hand_suits

    if dist.shoe.is_infinite:
        return None
    trees, read, facts = _as_facts(conditions, value_names)
    if read.slots or not facts or hand_pairs.hand_of(facts) is None and not hand_suits.applies(facts, dist.shoe):
        return None
    import numpy

    values = tuple(sorted(read.value_names))

    def settle(v: tuple, f: tuple) -> int:
        named = language.Cards({}, {}, dict(zip(values + facts, v + f)))
        return next((i for i, t in enumerate(trees) if language.evaluate(numpy, t, named)), len(trees))

    found = card_joint(dist, values, facts, deal_names, None, settle, conditions)
    if found is None:
        return None
    joint, total, assumption = found
    counts = [0] * (len(trees) + 1)
    for (v, f), n in joint.items():
        counts[settle(v, f)] += n
    return counts, total, assumption


@lru_cache(maxsize=256)
def _as_facts(conditions: tuple[str, ...], value_names) -> tuple:
    """The conditions with the parts that mean a hand path's facts read as those facts (the trees), what
    they read, and the facts they name."""
    from exact_odds.conditions import language, partial
    from exact_odds.conditions.card_names import PAIR_NAMES
    from exact_odds.cards.routes import hand_suits

    known = hand_suits.HAND_SUIT_NAMES | PAIR_NAMES.keys()
    trees = tuple(partial.named(language.expanded(c), known) for c in conditions)
    facts = tuple(sorted({n.id for t in trees for n in ast.walk(t) if isinstance(n, ast.Name)} & known))
    return trees, language.reads(trees, value_names), facts


_OPEN_KEYS: dict = {}


def _open_keys(tableau, by_deal, facts: tuple[str, ...], settle: Callable, conditions: tuple) -> tuple:
    """The values (of every deal the tableau can make) under which the facts can change the line,
    grouped by how the facts' values split into blocks that settle alike, and all of them in one
    set: shoe-independent, so kept per bet (named by its conditions), tableau and value names."""
    from exact_odds.cards.routes.hand_suits import deals

    cache_key = (tableau, by_deal, facts, conditions)
    hit = _OPEN_KEYS.get(cache_key)
    if hit is None:
        groups: dict = defaultdict(set)
        for key in dict.fromkeys(by_deal(d) for d in deals(tableau)):
            by_line: dict = defaultdict(list)
            for f in product((False, True), repeat=len(facts)):
                by_line[settle(key, f)].append(f)
            if len(by_line) > 1:
                groups[tuple(sorted(tuple(block) for block in by_line.values()))].add(key)
        hit = ({blocks: frozenset(keys) for blocks, keys in groups.items()}, frozenset().union(*groups.values()))
        if len(_OPEN_KEYS) > 256:
            _OPEN_KEYS.clear()
        _OPEN_KEYS[cache_key] = hit
    return hit
