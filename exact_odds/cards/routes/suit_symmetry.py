"""The plans of the suit counts (:mod:`~exact_odds.cards.routes.card_counts`) and of the events alone
(:mod:`~exact_odds.cards.routes.suit_alone`) over one variant an orbit of the renamings of the suits that
move no line of the bet, each weighed on the shoe so renamed (docs/methods/suits.md, "Card classes", 4.).

A plan takes each row once per *variant* (:func:`suit_events.lattice`, :func:`suit_events.parted`): some
cards named of a suit, restricted to some suits, or bound alike, so that a set S of events holds, with
signed terms on the lines f(H, T) (f(H) for the events alone). A pair ``player_card1_suit ==
banker_card1_suit`` beside a count is five variants a row, two pairs twenty-five, and the plan's groups,
and the time to build it, grow with them.

A *renaming* g of the suits (a permutation of 1-4) that maps the bet's events onto its events (each
event's suits renamed are another event's; an event that names no suit stays itself) maps a variant v to
g.v (its named suits, its parts' and restricted cards' sets of suits renamed; its terms' sets H of events
mapped) and what g.v counts on a shoe is what v counts on the shoe renamed by g (each pool's cards of suit
s weighed as its cards of suit g(s)), provided every line settled is the same at (H, T) and at (g.H, g.T)
(the bet reads the suits the same way after the renaming). The renamings for which that holds are a group
G (a renaming and another that keep every line, composed, keep it), and the sum over an orbit of variants
is the sum, over a *transversal* of v's orbit (one g for each image g.v), of v weighed on the shoe
renamed by g: every term of the full plan is taken once, the same integers, so the bound of the partial
sums (:func:`suit_events.bound`) holds as it is.

So the plan is one variant an orbit (two pairs: 5 of 25, weighed 1, 4, 4, 4 and 12 times; a pair beside
hearts: 6 of 10; runs, pairs of a suit and colours, where the colours trade places: 56 of 84), in *parts*
by transversal (the variants of one part weighed on the same renamed shoes), each part a plan of the
route over its variants: far fewer groups to build (two pairs: 195,000 against 980,000). Each variant of
the full plan is still weighed once a shoe, as its orbit's representative on a renamed shoe, but the parts
share no nodes: a shoe's work is a little more (two pairs: 17.9 million units against 13.1), and its
limit is checked over every part and renaming.

Nothing of it is assumed: G is the renamings that map the events onto themselves and keep every line
settled (:func:`kept`: the lines are worked out before the groups, and each renaming checked on them);
every image of a variant must be a variant with its terms mapped (:func:`orbits`). Where no orbit holds
two variants, or a check fails, there is no such plan (None) and the route's full plan prices the bet.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from exact_odds.cards.routes import card_counts, card_pools, suit_alone
from exact_odds.cards.routes.suit_events import PART, RESTRICTED_AT, lattice, parted, present
from exact_odds.cards.routes.suit_products import RESTRICTED, compositions, weighed, work
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Every renaming of the suits, the identity first: g[s - 1] is the suit that s becomes.
RENAMINGS = tuple(permutations(range(1, 5)))


def _renamed_set(g: tuple, suits) -> frozenset:
    return frozenset(g[s - 1] for s in suits)


def renamed_event(g: tuple, event: tuple) -> tuple:
    """An event (:func:`suit_events.suit_events`) under the renaming ``g``: an "in" event's suits renamed
    (sorted, as the events write them); an "alike" event is itself."""
    kind, members, *rest = event
    return event if kind == "alike" else (kind, members, tuple(sorted(_renamed_set(g, rest[0]))))


def renamed_code(g: tuple, code: int, alone: bool = False) -> int:
    """A card's code in a variant under the renaming ``g``: 0 counted, 1-4 named; of the counts
    (:func:`suit_events.lattice`), 5 + i restricted to ``RESTRICTED[i]``; of the events alone (``alone``:
    :func:`suit_events.parted`), a part's code (its suits a mask) or a restricted one (from
    ``RESTRICTED_AT``)."""
    if 1 <= code <= 4:
        return g[code - 1]
    if code and alone and code < RESTRICTED_AT:
        j, mask = divmod(code - PART, 15)  # (the mask less 1: a bit a suit, spades the lowest)
        suits = [t for t in range(1, 5) if (mask + 1) >> (t - 1) & 1]
        return PART + 15 * j + sum(1 << (s - 1) for s in _renamed_set(g, suits)) - 1
    if code:
        start = RESTRICTED_AT if alone else 5
        return start + RESTRICTED.index(_renamed_set(g, RESTRICTED[code - start]))
    return code


def event_renamings(events: tuple) -> tuple:
    """The renamings (:data:`RENAMINGS`, in order) that map ``events`` onto themselves: a group."""
    every = set(events)
    return tuple(g for g in RENAMINGS if all(renamed_event(g, e) in every for e in events))


def _mapped(live: tuple, g: tuple) -> list | None:
    """Where the renaming ``g`` takes each live event (an index into ``live``); None where one leaves them."""
    at = {e: j for j, e in enumerate(live)}
    out = [at.get(renamed_event(g, e)) for e in live]
    return None if None in out else out


def _mask(h: int, to: list) -> int:
    """A set of live events (a bit mask) with event j taken to ``to[j]``."""
    return sum(1 << to[j] for j in range(len(to)) if h >> j & 1)


def orbits(lattices: list, group: tuple, alone: bool = False) -> list | None:
    """Per pattern (who drew), one variant an orbit of ``group`` (the least codes of the orbit), with its
    transversal (the first renaming, in ``group``'s order, of each image): ``lattices`` are
    :func:`suit_events.lattice`'s (each variant (codes, named counts, terms)) or, ``alone``,
    :func:`suit_events.parted`'s ((codes, terms)). None where an image of a variant is no variant with
    its terms' sets of events mapped (and, for the counts, its named counts renamed)."""
    out = []
    for live, _, variants in lattices:
        by_codes = {v[0]: v for v in variants}
        to = [_mapped(live, g) for g in group]
        if None in to:
            return None
        reps = []
        for v in variants:
            images = {}
            for g, t in zip(group, to):
                image = by_codes.get(tuple(renamed_code(g, c, alone) for c in v[0]))
                if image is None or dict(image[-1]) != {_mask(h, t): c for h, c in v[-1]} or \
                        not alone and image[1] != tuple(v[1][g.index(s)] for s in range(1, 5)):
                    return None
                images.setdefault(image[0], g)
            if v[0] == min(images):
                reps.append((v, tuple(images.values())))
        out.append(reps)
    return out


def _keeps(lines: dict, lattices: list, g: tuple) -> bool:
    """Whether each line settled (per (pattern, H): each class's line, at each T of the dealt cards' suit
    counts for the counts, else one) is the same at (g.H, g.T) as at (H, T)."""
    for (p, h), found in lines.items():
        to = _mapped(lattices[p][0], g)
        image = None if to is None else lines.get((p, _mask(h, to)))
        if image is None:
            return False
        if found.ndim == 1:
            if not (image == found).all():
                return False
            continue
        comps = compositions(len(present(p)))
        index = {t: i for i, t in enumerate(comps)}
        moved = [index[tuple(t[g.index(s)] for s in range(1, 5))] for t in comps]
        if not (image[:, moved] == found[:, :len(comps)]).all():
            return False
    return True


def _composed(g: tuple, h: tuple) -> tuple:
    return tuple(g[h[s] - 1] for s in range(4))


def _generators(group: tuple) -> list:
    """A few renamings of ``group`` that generate it (each not in the group the earlier ones generate)."""
    gens, made = [], {RENAMINGS[0]}
    for g in group:
        if g not in made:
            gens.append(g)
            grown = set(made)
            while True:
                new = {_composed(a, b) for a in grown for b in gens} - grown
                if not new:
                    break
                grown |= new
            made = grown
    return gens


def kept(lines: dict, lattices: list, group: tuple) -> tuple:
    """The renamings of ``group`` (a group) that keep every line settled (:func:`_keeps`), in order: the
    group itself where its generators do (then so do their products), else those that do one by one (a
    group too: two that keep every line, composed, keep it)."""
    if all(_keeps(lines, lattices, g) for g in _generators(group)):
        return group
    return tuple(g for g in group if _keeps(lines, lattices, g))


def _parts(reps: list) -> dict:
    """The representatives by transversal: {transversal: [(pattern, variant), ...]}."""
    out: dict = {}
    for p, these in enumerate(reps):
        for variant, transversal in these:
            out.setdefault(transversal, []).append((p, variant))
    return out


def _reduced(events: tuple, lattices: list, alone: bool, lines=None, group=None):
    """(the group, its parts: :func:`_parts`) of the renamings of ``group`` (else every one) that map the
    ``events`` onto themselves (and, given ``lines``, keep every line: :func:`kept`), or None where no orbit
    holds two variants or a check fails."""
    group = event_renamings(events) if group is None else group
    if lines is not None:
        group = kept(lines, lattices, group)
    reps = orbits(lattices, group, alone) if len(group) > 1 else None
    if reps is None or sum(map(len, reps)) == sum(len(v) for _, _, v in lattices):
        return None
    return group, _parts(reps)


def _flat(parts: dict) -> list:
    """Every representative of :func:`_parts`' parts, (pattern, variant) each, the parts in order."""
    return [pv for subset in parts.values() for pv in subset]


# --- the suit counts ---------------------------------------------------------------------

def symmetric_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                     deal_names) -> list | None:
    """:func:`card_counts.count_counts` by one variant an orbit (:func:`counts_plan`), each part weighed on
    the shoe renamed by its transversal; None where there is no such plan or past the limits (the full plan
    is the one to take)."""
    events = card_counts.fitting_events(trees) if shoe.suited is not None else None
    if events is None:
        return None
    parts = counts_plan(trees, of_card, value_names, events, tableau, deal_names,
                        min(card_pools.LIMIT, card_counts.MOST_ROWS), card_counts.MOST_ENTRIES,
                        card_counts.MOST_WORK)
    return None if parts is None else weighed_parts(parts, shoe, weighed)


def weighed_parts(parts: tuple, shoe: Shoe, weigh) -> list:
    """Each line's six-card count on ``shoe`` from a plan's parts ((transversal, plan) each): each part
    weighed (``weigh(plan, shoe, renaming)``) on the shoe renamed by each renaming of its transversal,
    summed; the last line the six-card total less the others."""
    counts = None
    for transversal, part in parts:
        for g in transversal:
            got = weigh(part, shoe, g)[:-1]
            counts = got if counts is None else [a + b for a, b in zip(counts, got)]
    return counts + [falling(shoe.size, 6) - sum(counts)]


@lru_cache(maxsize=8)
def counts_plan(trees: tuple, of_card: tuple, value_names: tuple, events: tuple, tableau, deal_names, limit: int,
                entries: int, most_work: int) -> tuple | None:
    """Shoe-independent: the parts ((transversal, :class:`suit_products.Folded`) each) of the suit counts'
    plan over one variant an orbit (:func:`_reduced`). None where there is none, or past
    :func:`card_counts._count_plan`'s limits (``most_work``: a shoe's work over every part and renaming)."""
    np = card_counts._numpy()
    lattices = [lattice(events, p) for p in range(4)]
    first = _reduced(events, lattices, False)
    if first is None:
        return None
    flat = _flat(first[1])
    prepared = card_counts.prepared_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit,
                                         lattices, flat)
    if prepared is None:
        return None
    lines = card_counts.settled(np, trees, lattices, prepared)
    found = _reduced(events, lattices, False, lines, first[0])
    if found is None:
        return None
    parts = found[1]
    if not card_counts.within_variant_rows(np, prepared.pattern[prepared.rows],
                                           _flat(parts)):
        return None
    built = card_counts.planned(np, trees, events, prepared, lines, list(parts.values()), entries)
    if built is None or sum(len(t) * work(b) for t, b in zip(parts, built)) > most_work:
        return None
    return tuple(zip(parts, built))


# --- the events alone ----------------------------------------------------------------------

def symmetric_alone(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                    deal_names) -> list | None:
    """:func:`suit_alone.alone_counts` by one variant an orbit (:func:`alone_plan`); None where there is no
    such plan or past the limits."""
    events = suit_alone.fitting_events(trees) if shoe.suited is not None else None
    if events is None:
        return None
    parts = alone_plan(trees, of_card, value_names, events, tableau, deal_names, suit_alone.MOST_WORK)
    return None if parts is None else weighed_parts(parts, shoe, suit_alone.weighed)


@lru_cache(maxsize=8)
def alone_plan(trees: tuple, of_card: tuple, value_names: tuple, events: tuple, tableau, deal_names,
               most_work: int) -> tuple | None:
    """Shoe-independent: the parts ((transversal, :class:`suit_alone.Plan`) each) of the events alone's plan
    over one variant an orbit (:func:`_reduced`); None where there is none, or past
    :func:`suit_alone._plan`'s limits (``most_work``: over every part and renaming)."""
    np = suit_alone._numpy()
    lattices = [parted(events, p) for p in range(4)]
    first = _reduced(events, lattices, True)
    if first is None:
        return None
    flat = _flat(first[1])
    prepared = suit_alone.prepared(np, trees, of_card, value_names, events, tableau, deal_names, lattices, flat)
    if prepared is None:
        return None
    found = _reduced(events, lattices, True, prepared.lines, first[0])
    if found is None:
        return None
    parts = found[1]
    if not card_counts.within_variant_rows(np, prepared.pattern[prepared.rows],
                                           _flat(parts),
                                           suit_alone.MOST_VARIANT_ROWS):
        return None
    built = suit_alone.planned(np, trees, events, prepared, list(parts.values()))
    if built is None or sum(len(t) * suit_alone.work(b) for t, b in zip(parts, built)) > most_work:
        return None
    return tuple(zip(parts, built))
