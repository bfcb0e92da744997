"""What a whole-coup bet that counts suits over every card reads of single cards' suits, as *events*, and
the signed rows that price those events by inclusion-exclusion (docs/methods/suits.md, "Card classes").

:mod:`~exact_odds.cards.routes.card_counts` settles a row (a sequence of values and each card's rank pool)
at each suit-count vector T of its cards. Where the bet also reads some cards' suits one by one, it reads
them here only through events, each true or false on a coup:

* ``("in", slots, suits)``: every one of the cards has a suit among ``suits`` (1 = spades, 2 = hearts,
  3 = diamonds, 4 = clubs; for one card written without 4, as its complement otherwise):
  ``player_card1_suit == hearts``, ``banker_card2_red``, ``count(player_hand, suit == hearts)`` (one
  event a card), ``all(player_hand, red)``, ``same_colour(banker_hand)`` (all red, all black); a card's
  suit read any other way is known by three such events, spades, hearts and diamonds;
* ``("alike", slots)``: the cards are all of one suit: ``player_card1_suit == banker_card3_suit``,
  ``same_suit(player_hand)``; ``of_a_suit(player_hand)`` reads each two of the hand's cards so.

On a sequence (which cards the coup deals) the *live* events are those over the dealt cards of their
sets (some, or two for ``alike``); a line is then a function of the row, T and
the set H of live events that hold: f(H, T). Let g(S) count the deals where every event of S holds (the
cards of S's events *named*: dealt in each assignment of suits that makes S hold, one row each, the
other cards counted). By inclusion-exclusion over the events that hold exactly,

    sum over deals of [line] = sum over S of g(S) * sum over H within S of (-1)**|S - H| * f(H, T)

(for each deal whose events holding are K, the S within K contribute sum over H within K of f(H, T) *
sum over S between H and K of (-1)**|S - H|, which is f(K, T)). So a row is taken once per (S, assignment):
a *variant*, weighed by the shoe like any group, with signed lines; f(H, T) is settled on the row with
every card counted, laid out at T so that exactly H holds. Where no layout of T makes exactly H hold, no
deal has it and f(H, T) may be anything: the last line (never counted).

For one pair of cards this is five variants a row (the pair apart, and alike in each suit) where naming
both cards would take sixteen; a card against a constant suit, two (it and the row); a hand's three
suits under ``of_a_suit``, seventeen against sixty-four.

Where naming would pass :data:`MOST_VARIANTS`, a card of S's "in" events that no "alike" event binds is
*restricted*, not named: it stays counted, its suits only among those S allows
(:data:`suit_products.RESTRICTED`; its pool's polynomial then counts only those suits), one variant where
naming took one a suit. ``same_colour(banker_hand) and all(player_hand, red)`` is six variants so, against
153 named.

Bounds: a deal whose events holding are K is counted once in each term (S, H) with H within S within K,
positively (3**k + 1) / 2 times and negatively (3**k - 1) / 2 times (k = |K|), so a line's partial sums
lie within [-(3**e - 1) / 2 N**6, (3**e + 1) / 2 N**6] for e live events: :func:`bound`.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from itertools import combinations, product

from exact_odds.conditions import language
from exact_odds.cards.routes.card_suits import ALL_SLOTS, TESTS
from exact_odds.cards.routes.suit_products import RESTRICTED, compositions

RED = (2, 3)
_SUIT_NAMES = frozenset({"suit", "red", "black"})
#: The aggregates that read a set's suits (with a predicate on the suit alone) only by how many of its cards
#: hold each (``suited_run(S)`` is ``run(S) and same_suit(S)``).
_COUNTING = frozenset({"count", "any", "all", "of_a_suit", "same_suit", "same_colour", "suited_run"})
_EVERY_CARD = frozenset(ALL_SLOTS)
_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.In: "in",
        ast.NotIn: "in"}
#: Most distinct events a bet may read (the variants grow as 3**e at worst).
MOST_EVENTS = 8
#: Most variants of a row (two pairs, two sets read as alike: 25); the shoe's work is bounded by card_counts.
MOST_VARIANTS = 25
#: A card's code in a variant by the suits it may hold: one suit, named; two or three, restricted.
_CODE = {**{frozenset((s,)): s for s in range(1, 5)}, **{r: 5 + i for i, r in enumerate(RESTRICTED)}}
#: The cards a coup deals, in deal order, by who drew (Player, Banker): P1 B1 P2 B2, then P3, then B3.
_FIRST = ((0, 0), (1, 0), (0, 1), (1, 1))


def present(pattern: int) -> tuple:
    """The slots dealt by a coup whose Player drew (``pattern & 2``) and Banker drew (``pattern & 1``), in
    deal order."""
    return _FIRST + (((0, 2),) if pattern & 2 else ()) + (((1, 2),) if pattern & 1 else ())


def _suits_where(op: ast.cmpop, const):
    """The suits that pass a test of a suit against a constant (``suit == hearts``: (2,)); None when it is
    not a test of a suit (``suit < (2, 3)``)."""
    if type(op) not in _OPS or isinstance(const, tuple) != isinstance(op, (ast.In, ast.NotIn)):
        return None
    return tuple(s for s in range(1, 5) if TESTS[_OPS[type(op)]](s, const) != isinstance(op, ast.NotIn))


def _each(slots, suits) -> set:
    """One event a card: its suit among ``suits`` (written without 4); none where every suit, or none, is."""
    if len(suits) in (0, 4):
        return set()
    suits = suits if 4 not in suits else tuple(s for s in range(1, 4) if s not in suits)
    return {("in", (slot,), suits) for slot in slots}


def _test_of(pred, members):
    """The suits a predicate that is one test of the suit passes (``suit == hearts``, ``red``), else None."""
    if isinstance(pred, ast.Name) and pred.id in ("red", "black"):
        return RED if pred.id == "red" else (1, 4)
    if isinstance(pred, ast.Compare) and len(pred.ops) == 1:
        for x, c in ((pred.left, pred.comparators[0]), (pred.comparators[0], pred.left)):
            if isinstance(x, ast.Name) and x.id == "suit" and language.constant(c) is not None:
                return _suits_where(pred.ops[0], language.constant(c))
    return None


def suit_events(trees, alone: bool = False) -> tuple | None:
    """The events (sorted) the expanded conditions ``trees`` read of single cards' suits, when they also
    count suits over every card of the coup: an aggregate over ``all_cards`` whose predicate, if any, reads
    the suit or colour alone (``of_a_suit(all_cards)``, ``count(all_cards, suit == hearts)``), which depends
    on the suits only by how many cards hold each; with ``alone``, also when the bet reads suits through
    events alone (``suited_run(player_hand)``: its lines then do not move with T), an aggregate over every
    card whose predicate reads ranks with the suits read card by card (``of_a_kind(all_cards, red)``: one
    event a card). None when no such count (nor, ``alone``, event) is read, when (but ``alone``) a predicate
    over every card also reads ranks or values, or past :data:`MOST_EVENTS`."""
    events: set = set()
    whole: set = set()  # cards whose suit is read some other way: known by three events each
    found = {"counted": False, "declined": False}

    def suit_of(node, members):
        """The slots whose suit ``node`` is: ``player_card1_suit``, or ``suit`` in a predicate over them."""
        if isinstance(node, ast.Name):
            if members is not None and node.id == "suit":
                return members
            if node.id in language.CARD_ATTRIBUTES and language.CARD_ATTRIBUTES[node.id][1] == "suit":
                return (language.CARD_ATTRIBUTES[node.id][0],)
        return None

    def compare(node, members) -> bool:
        op, left, right = node.ops[0], node.left, node.comparators[0]
        a, b = suit_of(left, members), suit_of(right, members)
        if a and b and members is None and isinstance(op, (ast.Eq, ast.NotEq)):
            if a != b:
                events.add(("alike", tuple(s for s in ALL_SLOTS if s in a + b)))
            return True
        for x, c in ((left, right), (right, left)):
            target, const = suit_of(x, members), language.constant(c)
            if target is not None and const is not None:
                suits = _suits_where(op, const)
                if suits is None:
                    whole.update(target)
                else:
                    events.update(_each(target, suits))
                return True
        return False

    def aggregate(node) -> None:
        name, members = node.func.id, tuple(language.slots_of(node.args[0]))
        pred = node.args[1] if len(node.args) > 1 else None
        names = {n.id for n in ast.walk(pred) if isinstance(n, ast.Name)} if pred is not None else set()
        if not (name in ("same_suit", "same_colour", "of_a_suit", "suited_run") or names & _SUIT_NAMES):
            return  # ranks or values only (the rank pools see them)
        if set(members) == _EVERY_CARD:
            if name in _COUNTING and not names & {"rank", "value"}:
                found["counted"] = True
                return
            if not alone:
                found["declined"] = True
                return
            # (read through events alone, card by card, as over any other set: of_a_kind(all_cards, red))
        test = _test_of(pred, members) if name in ("all", "any") else None
        if test is not None:  # every card of the set passes the test (any: not every card fails it)
            passed = test if name == "all" else tuple(s for s in range(1, 5) if s not in test)
            each = _each(members, passed)  # or one event a card: the fewer variants (all red: 9 against 27)
            whole_set = len(members) > 1 and 0 < len(passed) < 4 and \
                1 + len(passed) ** len(members) < (1 + min(len(passed), 4 - len(passed))) ** len(members)
            events.update({("in", members, passed)} if whole_set else each)
            return
        if name in ("same_suit", "suited_run") and len(members) > 1:
            events.add(("alike", members))
        elif name == "same_colour":
            events.update({("in", members, RED), ("in", members, (1, 4))} if len(members) > 1 else ())
        elif name == "of_a_suit":
            events.update(("alike", pair) for pair in combinations(members, 2))
        if pred is not None:
            walk(pred, members)

    def walk(node, members) -> None:
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and compare(node, members):
            return
        if isinstance(node, ast.Call):
            aggregate(node)
            return
        if isinstance(node, ast.Name):
            if members is not None and node.id in ("red", "black"):
                events.update(_each(members, RED))
            elif suit_of(node, members):
                whole.update(suit_of(node, members))
            elif node.id in language.CARD_ATTRIBUTES and language.CARD_ATTRIBUTES[node.id][1] in ("red", "black"):
                events.update(_each((language.CARD_ATTRIBUTES[node.id][0],), RED))
            return
        for child in ast.iter_child_nodes(node):
            walk(child, members)

    for tree in trees:
        walk(tree.body, None)
    if found["declined"] or not (found["counted"] or alone and events | whole):
        return None
    events = {e for e in events if e[0] != "in" or len(e[1]) > 1 or e[1][0] not in whole}
    events.update(("in", (slot,), (s,)) for slot in whole for s in (1, 2, 3))
    return tuple(sorted(events)) if len(events) <= MOST_EVENTS else None


@lru_cache(maxsize=64)
def lattice(events: tuple, pattern: int) -> tuple:
    """The events live on a coup whose draws are ``pattern`` (:func:`present`), with:

    * ``layouts``: for each set H of them (a bit mask over the live events) that some suits make hold
      exactly, for each suit-count vector T of the dealt cards (its index among the compositions) where
      one does, the first such suits (one a dealt card, in deal order);
    * ``variants``: for each set S of them and each assignment of suits to the cards of S's events that
      makes every event of S hold (:func:`_variants_of`; cards restricted rather than named past
      :data:`MOST_VARIANTS`): the code of each of the six positions (0: counted, or not dealt; 1-4: named
      of that suit; 5 + i: restricted to ``RESTRICTED[i]``), the suit counts of the named cards, and the
      signed terms ((H, +1 or -1) for each H within S that some suits make hold exactly)."""
    slots = present(pattern)
    live = []
    for kind, members, *suits in events:
        event = (kind, tuple(s for s in members if s in slots), *suits)
        if len(event[1]) >= (2 if kind == "alike" else 1) and event not in live:
            live.append(event)
    position = {s: i for i, s in enumerate(slots)}

    def holds(event, suit_at) -> bool:
        if event[0] == "in":
            return all(suit_at[s] in event[2] for s in event[1])
        return len({suit_at[s] for s in event[1]}) == 1

    index = {t: i for i, t in enumerate(compositions(len(slots)))}
    layouts: dict = {}
    for suits in product(range(1, 5), repeat=len(slots)):
        suit_at = dict(zip(slots, suits))
        mask = sum(1 << j for j, event in enumerate(live) if holds(event, suit_at))
        layouts.setdefault(mask, {}).setdefault(index[tuple(suits.count(s) for s in range(1, 5))], suits)
    for named in (True, False):  # every card named (numbers to the weighing), or restricted where too many
        variants: dict = {}  # by the codes of the positions (variants alike in them are one group: terms summed)
        for chosen in range(1 << len(live)):
            for at in _variants_of(live, chosen, position, named):
                terms = variants.setdefault(at, {})
                for h in range(chosen + 1):
                    if h & chosen == h and h in layouts:
                        terms[h] = terms.get(h, 0) + (-1) ** bin(chosen ^ h).count("1")
        if len(variants) <= MOST_VARIANTS:
            break
    variants = tuple((at, tuple(at.count(s) for s in range(1, 5)), tuple((h, c) for h, c in terms.items() if c))
                     for at, terms in variants.items())
    return tuple(live), layouts, tuple(variants)


def _variants_of(live: list, chosen: int, position: dict, named: bool):
    """The variants of the set S of live events ``chosen`` (a bit mask): each a code per position (0: its
    suit counted freely, 1-4: named, 5 + i: counted among ``suit_products.RESTRICTED[i]`` only; 0 for a
    card not dealt). The cards of S's "alike" events are named, in each suit their "in" events allow; every
    other card of S's "in" events is named in each suit they all allow (``named``), or else restricted to
    those suits (one variant, not one a suit: its suits are weighed as counted ones). Each deal where S
    holds is in exactly one of them."""
    allowed, parts = _bound(live, chosen, position)
    base = [0] * 6
    for s, suits in allowed.items():
        if not suits:
            return
        if len(suits) < 4 and not any(s in p for p in parts):
            if named:
                parts.append({s})
            else:
                base[position[s]] = _CODE[suits]
    for suits in product(*[sorted(frozenset.intersection(*(allowed[s] for s in p))) for p in parts]):
        at = list(base)
        for p, suit in zip(parts, suits):
            for s in p:
                at[position[s]] = suit
        yield tuple(at)


def _bound(live: list, chosen: int, position: dict) -> tuple:
    """What the set S of live events ``chosen`` (a bit mask) asks of the dealt cards (``position``'s): the
    suits each card may hold, and the *parts*, the sets of cards that one "alike" event or more bind to one
    suit (sorted by their first position)."""
    these = [event for j, event in enumerate(live) if chosen >> j & 1]
    allowed = {s: frozenset(range(1, 5)) for s in position}
    for kind, members, *suits in these:
        for s in members:
            allowed[s] = allowed[s] & frozenset(suits[0]) if kind == "in" else allowed[s]
    parts: list = []
    for kind, members, *_ in these:
        if kind == "alike":
            joined = [p for p in parts if p & set(members)]
            parts = [p for p in parts if not p & set(members)] + [set(members).union(*joined)]
    return allowed, sorted(parts, key=lambda p: min(position[s] for s in p))


#: A card's code in a variant whose parts stay unnamed (:func:`parted`): 0, counted freely; 1-4, named of that
#: suit; PART + 15 * j + mask - 1, a card of the j-th part (its cards all of one suit, among those of
#: ``mask``: a bit a suit, two suits or more); RESTRICTED_AT + i, restricted to ``RESTRICTED[i]``. Within a
#: pool, sorting by code puts the named cards and the parts' before the restricted ones, the smaller sets first.
PART = 5
RESTRICTED_AT = PART + 3 * 15
PARTED_CODES = RESTRICTED_AT + len(RESTRICTED)


@lru_cache(maxsize=64)
def parted(events: tuple, pattern: int) -> tuple:
    """The variants of :func:`lattice` for a bet whose lines do not move with the suit counts (suits read
    through events alone), with each part's cards left of one suit unnamed, and every other card of an "in"
    event restricted (one variant a set S, not one a suit of each part): the live events; each set H that
    some suits make hold exactly, with the first such suits (one a dealt card, in deal order); and the
    variants, each the code of the six positions (:data:`PART`; 0 past the dealt cards) and its signed
    terms, as in :func:`lattice`. Where S would restrict cards to two sets that overlap, neither within the
    other, its restricted cards are named instead, one variant a suit of each (the ways of
    :mod:`~exact_odds.cards.routes.suit_alone` take nested or disjoint sets)."""
    live, layouts, _ = lattice(events, pattern)
    position = {s: i for i, s in enumerate(present(pattern))}
    variants: dict = {}
    for chosen in range(1 << len(live)):
        for at in _parted_variants(live, chosen, position):
            terms = variants.setdefault(at, {})
            for h in range(chosen + 1):
                if h & chosen == h and h in layouts:
                    terms[h] = terms.get(h, 0) + (-1) ** bin(chosen ^ h).count("1")
    firsts = tuple((h, next(iter(by_t.values()))) for h, by_t in layouts.items())
    return live, firsts, tuple((at, tuple((h, c) for h, c in terms.items() if c)) for at, terms in variants.items())


def _parted_variants(live: list, chosen: int, position: dict):
    """The variants of :func:`parted` for the set S of live events ``chosen`` (a bit mask): one, or one a
    suit of each restricted card where S restricts to sets neither nested nor disjoint; none where no suits
    make S hold."""
    allowed, parts = _bound(live, chosen, position)
    at = [0] * 6
    for j, p in enumerate(parts):
        suits = frozenset.intersection(*(allowed[s] for s in p))
        if not suits:
            return
        for s in p:
            at[position[s]] = _CODE[suits] if len(suits) == 1 else PART + 15 * j + sum(1 << (t - 1) for t in suits) - 1
    single = [s for s, suits in allowed.items() if len(suits) < 4 and not any(s in p for p in parts)]
    if any(not allowed[s] for s in single):
        return
    sets = {allowed[s] for s in single if len(allowed[s]) > 1}
    if any(a & b and not (a <= b or b <= a) for a in sets for b in sets):
        for suits in product(*[sorted(allowed[s]) for s in single]):
            for s, suit in zip(single, suits):
                at[position[s]] = suit
            yield tuple(at)
        return
    for s in single:
        at[position[s]] = _CODE[allowed[s]] if len(allowed[s]) == 1 else RESTRICTED_AT + RESTRICTED.index(allowed[s])
    yield tuple(at)


def bound(events: tuple) -> int:
    """F such that every partial sum of a line's count lies within [-F N**6, F N**6] (the module's
    docstring): (3**e + 1) / 2 for the most events live on one coup, and at least 2."""
    live = max(len(lattice(events, pattern)[0]) for pattern in range(4))
    return (3 ** max(live, 1) + 1) // 2
