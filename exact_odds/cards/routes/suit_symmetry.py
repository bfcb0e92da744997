"""The suit counts' plan (:mod:`~exact_odds.cards.routes.card_counts`) over one variant an orbit of the
renamings of the suits that move no line of the bet, each weighed on the shoe so renamed
(docs/methods/suits.md, "Card classes", 4.).

The plan's variants (:func:`suit_events.lattice`) name some cards' suits: a pair ``player_card1_suit ==
banker_card1_suit`` is five variants a row (apart, and alike in each suit), two pairs twenty-five, and the
plan's groups, and the time to build it, grow with them. Let G be the renamings g of the suits (a
permutation of 1-4) that keep every set of suits the bet tests against (``Reads.suit_sets``: all 24 where
it names no suit nor colour; the 6 that keep hearts where it names hearts; the 4 that keep red where it
reads colours) and every event's set of suits. A renaming maps a variant v to g.v (its named suits, and
the sets of its restricted cards, renamed), and what g.v counts on a shoe S is what v counts on S renamed
by g (each pool's cards of suit s weighed as its cards of suit g(s)): the deals are each other's images,
the events of each the same (G keeps every event), and each line f(H, T) the same at T and at T renamed
(the bet reads suits only through those sets and equality between cards). So the sum over an orbit of
variants is the sum, over a *transversal* of v's orbit (one g for each image g.v), of v weighed on S
renamed by g; every term the full plan takes is taken once, and the bound of its partial sums
(:func:`suit_events.bound`, int64 while F N**6 < 2**63) holds as it is.

The plan is then one variant an orbit (two pairs: 5 of 25, weighed 1, 4 and 12 times; a pair beside
hearts: 6 of 10), in *parts* by transversal (the variants of one part weighed on the same renamed shoes),
each part a plan of :mod:`~exact_odds.cards.routes.card_counts` over its variants: about a fifth of the
groups for two pairs, and the same work a shoe as the full plan (each variant of the full plan weighed
once, as its orbit's representative on a renamed shoe).

What the proof takes is checked as the plan is built, not assumed: every image of a variant is a variant
of the lattice with the same terms, and every line settled (:func:`card_counts.settled`) is the same at T
and at each renaming of T. Where a check fails, or no orbit holds two variants, there is no such plan
(None) and the full one prices the bet (:func:`card_counts.count_counts`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from exact_odds.cards.routes import card_counts, card_pools
from exact_odds.cards.routes.suit_events import lattice, present
from exact_odds.cards.routes.suit_products import RESTRICTED, compositions, weighed, work
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe

#: Every renaming of the suits, the identity first: g[s - 1] is the suit that s becomes.
RENAMINGS = tuple(permutations(range(1, 5)))


def suit_group(suit_sets, events: tuple) -> tuple:
    """The renamings (:data:`RENAMINGS`, in order) that keep every set of ``suit_sets`` (``Reads.suit_sets``)
    and every "in" event's set of suits; the identity alone where ``suit_sets`` is None (suits read some
    other way)."""
    if suit_sets is None:
        return RENAMINGS[:1]
    kept = set(suit_sets) | {frozenset(suits) for kind, _, *rest in events if kind == "in" for suits in rest}
    return tuple(g for g in RENAMINGS if all(frozenset(g[s - 1] for s in x) == x for x in kept))


def renamed_code(g: tuple, code: int) -> int:
    """A variant's code of a card (:func:`suit_events.lattice`: 0 counted, 1-4 named, 5 + i restricted to
    ``RESTRICTED[i]``) under the renaming ``g``."""
    if 1 <= code <= 4:
        return g[code - 1]
    if code >= 5:
        return 5 + RESTRICTED.index(frozenset(g[s - 1] for s in RESTRICTED[code - 5]))
    return code


def orbits(events: tuple, group: tuple) -> list | None:
    """Per pattern (who drew), one variant an orbit of ``group``: (the variant, its transversal: the first
    renaming, in ``group``'s order, of each of its images). None where an image of a variant is no variant
    of the lattice with the same terms (then the group does not act on the variants)."""
    out = []
    for p in range(4):
        _, _, variants = lattice(events, p)
        by_codes = {at: (named, dict(terms)) for at, named, terms in variants}
        reps = []
        for at, named, terms in variants:
            images = {}
            for g in group:
                image = tuple(renamed_code(g, c) for c in at)
                found = by_codes.get(image)
                if found is None or found[1] != dict(terms) or \
                        found[0] != tuple(named[g.index(s)] for s in range(1, 5)):
                    return None
                images.setdefault(image, g)
            if at == min(images):  # (the least codes of the orbit: one representative each)
                reps.append(((at, named, terms), tuple(images.values())))
        out.append(reps)
    return out


def lines_kept(lines: dict, group: tuple) -> bool:
    """Whether every line settled (:func:`card_counts.settled`: per (pattern, H), each class's line at each T
    of the dealt cards' suit counts) is the same at T and at T renamed by each g of ``group``."""
    for (p, _), found in lines.items():
        comps = compositions(len(present(p)))
        index = {t: i for i, t in enumerate(comps)}
        for g in group:
            moved = [index[tuple(t[g.index(s)] for s in range(1, 5))] for t in comps]
            if not (found[:, moved] == found[:, :len(comps)]).all():
                return False
    return True


def symmetric_counts(trees: tuple, of_card: tuple, value_names: tuple, slots: tuple, shoe: Shoe, tableau,
                     deal_names, suit_sets) -> list | None:
    """:func:`card_counts.count_counts` by one variant an orbit of the renamings that keep ``suit_sets``
    (``Reads.suit_sets``), each part weighed on the shoe renamed by its transversal; None where there is no
    such plan (no orbit of two variants, a check failed: :func:`plan`) or past the limits, where the full
    plan is the one to take."""
    events = card_counts.fitting_events(trees) if shoe.suited is not None else None
    if events is None:
        return None
    parts = plan(trees, of_card, value_names, events, tableau, deal_names, suit_group(suit_sets, events),
                 min(card_pools.LIMIT, card_counts.MOST_ROWS), card_counts.MOST_ENTRIES, card_counts.MOST_WORK)
    return None if parts is None else weighed_parts(parts, shoe)


def weighed_parts(parts: tuple, shoe: Shoe) -> list:
    """Each line's six-card count on ``shoe`` from a plan's parts (:func:`plan`): each part weighed on the
    shoe renamed by each renaming of its transversal, summed; the last line the six-card total less the
    others."""
    counts = None
    for transversal, folded in parts:
        for g in transversal:
            got = weighed(folded, shoe, g)[:-1]
            counts = got if counts is None else [a + b for a, b in zip(counts, got)]
    return counts + [falling(shoe.size, 6) - sum(counts)]


@lru_cache(maxsize=8)
def plan(trees: tuple, of_card: tuple, value_names: tuple, events: tuple, tableau, deal_names, group: tuple,
         limit: int, entries: int, most_work: int) -> tuple | None:
    """Shoe-independent: the parts ((transversal, :class:`suit_products.Folded`) each) of the suit counts'
    plan over one variant an orbit of ``group`` (:func:`orbits`), the variants of one transversal in one
    part. None where no orbit holds two variants, where ``group`` does not act on the variants or moves a
    line (:func:`lines_kept`), or past :func:`card_counts._count_plan`'s limits (``most_work``: a shoe's
    work over every part and renaming)."""
    np = card_counts._numpy()
    reps = orbits(events, group)
    lattices = [lattice(events, p) for p in range(4)]
    if reps is None or sum(map(len, reps)) == sum(len(v) for _, _, v in lattices):
        return None
    by_transversal: dict = {}
    for p, these in enumerate(reps):
        for variant, transversal in these:
            by_transversal.setdefault(transversal, []).append((p, variant))
    flat = [pv for subset in by_transversal.values() for pv in subset]
    prepared = card_counts.prepared_rows(np, trees, of_card, value_names, events, tableau, deal_names, limit,
                                         lattices, flat)
    if prepared is None:
        return None
    lines = card_counts.settled(np, trees, lattices, prepared)
    if not lines_kept(lines, group):
        return None
    built = card_counts.planned(np, trees, events, prepared, lines, list(by_transversal.values()), entries)
    if built is None or sum(len(t) * work(b) for t, b in zip(by_transversal, built)) > most_work:
        return None
    return tuple(zip(by_transversal, built))
