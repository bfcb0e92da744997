"""The card-level condition language: card sets, aggregates, and what a condition reads (docs/bets.md).

A printed pay table speaks of sets of cards ("two nines among the first four
cards", "the Player's three cards all hearts", "three of a kind"). These
forms say it in one short line:

* **card sets**: :data:`SETS` (``first_four``, ``player_hand``, ...) or a
  list of single cards (``(player_card1, banker_card1)``, :data:`CARDS`);
* **a predicate on one card**, with the per-card names :data:`PER_CARD`
  (``rank == 9``, ``suit == hearts and rank in (jack, queen, king)``);
* **aggregates** (:data:`AGGREGATES`): ``count(first_four, rank == 9)``,
  ``any``, ``all``, ``same_suit``, ``same_rank``, ``same_colour``,
  ``of_a_kind``, ``run`` and ``suited_run``. A card a hand did not draw is
  in no set;
* ``true`` and ``false``.

The older card names (``player_suited``, ``player_card1_rank``,
``identical_pairs``, ...) are defined in these terms (:data:`MEANINGS`, one
entry each in :data:`exact_odds.conditions.vocabulary.NAMES`), so each name has one
definition and every engine evaluates the same thing.

:func:`evaluate` computes a condition over *arrays* of coups at once (numpy):
``env`` gives each card slot's rank, suit and presence and each value name's
value, one entry per coup (or per class of coups). Its cost follows the
condition's size, never its and/or shape. :func:`reads` says what a condition
reads: which card slots, which of their attributes, which value names, and
which tests it applies to ranks and suits, so an engine can price it on the
coarsest classes of cards that settle it (:mod:`exact_odds.cards.routes.card_classes`).

This module is long because the reading of a condition and its one rewriting (:class:`Gather`: a
chain over a named set's cards read as the aggregate) share the tables of cards and sets.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from exact_odds.conditions.vocabulary import CONSTANTS, MEANINGS

#: A card slot: (hand, index) with hand 0 = Player, 1 = Banker and index 0-2 (the third card).
Slot = tuple[int, int]

#: Single cards, by name.
CARDS: dict[str, Slot] = {f"{h}_card{i + 1}": (hi, i) for hi, h in enumerate(("player", "banker")) for i in range(3)}

#: Named sets of cards, with their meaning and slots.
SETS: dict[str, tuple[str, tuple[Slot, ...]]] = {
    "player_hand": ("the Player's cards (two or three)", ((0, 0), (0, 1), (0, 2))),
    "banker_hand": ("the Banker's cards (two or three)", ((1, 0), (1, 1), (1, 2))),
    "all_cards": ("every card the coup used (four to six)", ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))),
    "first_four": ("the first four cards: Player 1, Banker 1, Player 2, Banker 2", ((0, 0), (1, 0), (0, 1), (1, 1))),
    "player_first_two": ("the Player's first two cards", ((0, 0), (0, 1))),
    "banker_first_two": ("the Banker's first two cards", ((1, 0), (1, 1))),
    "first_cards": ("the first card of each hand", ((0, 0), (1, 0))),
    "third_cards": ("the third cards drawn (none, one or two)", ((0, 2), (1, 2))),
}

#: Names a predicate on one card may use: rank 1-13, value 0-9, suit 1-4, and its colour.
PER_CARD: dict[str, str] = {
    "rank": "the card's rank: 1 = ace ... 10, 11 = jack, 12 = queen, 13 = king",
    "value": "the card's baccarat value, 0-9",
    "suit": "the card's suit: 1 = spades, 2 = hearts, 3 = diamonds, 4 = clubs",
    "red": "the card is a heart or a diamond",
    "black": "the card is a spade or a club",
}
PER_CARD_NUMBERS = frozenset({"rank", "value", "suit"})

NUMBER, TRUTH = "a number", "true/false"
#: An aggregate whose predicate may be left out (every card of the set counts).
OPTIONAL = "optional"

#: Aggregates: name -> (what it gives, whether it takes a predicate, meaning).
AGGREGATES: dict[str, tuple[str, bool, str]] = {
    "count": (NUMBER, True, "how many cards of the set satisfy the predicate"),
    "any": (TRUTH, True, "some card of the set satisfies the predicate"),
    "all": (TRUTH, True, "every card of the set satisfies the predicate (true for an empty set)"),
    "same_suit": (TRUTH, False, "every card of the set has the same suit"),
    "same_rank": (TRUTH, False, "every card of the set has the same rank"),
    "same_colour": (TRUTH, False, "every card of the set has the same colour"),
    "of_a_kind": (NUMBER, OPTIONAL, "the largest number of cards of the set (that satisfy the predicate, if "
                                     "one is given) that share a rank"),
    "of_a_suit": (NUMBER, OPTIONAL, "the largest number of cards of the set (that satisfy the predicate, if "
                                     "one is given) that share a suit"),
    "run": (TRUTH, False, "the set's ranks are consecutive, no two equal, ace low or high (A-2-3, Q-K-A; "
                          "not K-A-2); at least two cards"),
    "suited_run": (TRUTH, False, "a run all of one suit"),
}

#: The literals.
LITERALS: dict[str, bool] = {"true": True, "false": False}

#: ``player_card2_suit`` and the like: one attribute of one card (0, or false, when the card was not drawn).
CARD_ATTRIBUTES = {f"{card}_{attr}": (slot, attr) for card, slot in CARDS.items()
                   for attr in ("rank", "suit", "red", "black")}


class LanguageError(ValueError):
    """A card-level form used wrongly; the message says how to write it."""


# --- checking -------------------------------------------------------------

def call_kind(node: ast.Call) -> str:
    """What an aggregate gives (NUMBER or TRUTH); the call must have passed :func:`check_call`."""
    return AGGREGATES[node.func.id][0]


def check_call(node: ast.AST, shown: str) -> tuple[ast.AST, ...]:
    """Check one aggregate call; returns its predicate (empty tuple if none) for the caller to check
    as a condition over :data:`PER_CARD` names. Raises :class:`LanguageError` in words."""
    from exact_odds.names import unknown

    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise LanguageError(f"{shown} calls something that is not an aggregate; "
                            f"the aggregates are {', '.join(AGGREGATES)}")
    name = node.func.id
    if name not in AGGREGATES:
        raise LanguageError(f"{shown}: " + unknown("aggregate", name, AGGREGATES,
                                                   f"the aggregates are {', '.join(AGGREGATES)}"))
    _, takes, _ = AGGREGATES[name]
    example = f"{name}(first_four, rank == 9)" if takes else f"{name}(player_hand)"
    allowed = (1, 2) if takes == OPTIONAL else (2,) if takes else (1,)
    if node.keywords or len(node.args) not in allowed:
        words = ("a set of cards and, if you like, a predicate" if takes == OPTIONAL else
                 "a set of cards and a predicate" if takes else "one set of cards")
        raise LanguageError(f"{shown}: {name} takes {words}, as in '{example}'")
    slots_of(node.args[0], shown)
    return tuple(node.args[1:])


def slots_of(node: ast.AST, shown: str = "") -> tuple[Slot, ...]:
    """The slots of a card set: a name of :data:`SETS` or a list of single cards."""
    from exact_odds.names import unknown

    if isinstance(node, ast.Name):
        if node.id in SETS:
            return SETS[node.id][1]
        if node.id in CARDS:
            return (CARDS[node.id],)
        raise LanguageError(f"{shown}: " + unknown("card set", node.id, list(SETS) + list(CARDS),
                                                   f"the sets are {', '.join(SETS)}"))
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        slots = []
        for elt in node.elts:
            if not (isinstance(elt, ast.Name) and elt.id in CARDS):
                raise LanguageError(f"{shown}: a list of cards holds single cards such as player_card1 or "
                                    f"banker_card3, not {ast.unparse(elt)[:40]!r}")
            if CARDS[elt.id] in slots:
                raise LanguageError(f"{shown}: {elt.id} is listed twice in one set of cards")
            slots.append(CARDS[elt.id])
        return tuple(slots)
    raise LanguageError(f"{shown}: the first argument of an aggregate is a set of cards, such as first_four "
                        f"or (player_card1, banker_card1), not {ast.unparse(node)[:40]!r}")


# --- what a condition reads -------------------------------------------------

@dataclass
class Reads:
    """What a condition reads: card slots and their attributes, value names, and the tests on ranks and suits.

    ``rank_tests`` / ``suit_tests`` are the (operator, constant) tests a condition applies to a card's rank
    (value) or suit; ``None`` means it uses them in some other way (compares two cards, counts kinds), so
    the whole rank or suit is needed."""

    slots: set = field(default_factory=set)
    #: value name -> the (operator, constant) tests applied to it, or None where its value itself is needed
    value_names: dict = field(default_factory=dict)
    rank: bool = False
    suit: bool = False
    rank_tests: set | None = field(default_factory=set)
    suit_tests: set | None = field(default_factory=set)
    value_tests: set = field(default_factory=set)
    #: whether suits are read only through equality between cards (same_suit, suited_run, suit == suit):
    #: then renaming the suits never changes a line
    suit_symmetric: bool = True

    @property
    def first_four_only(self) -> bool:
        """Whether only the first four cards are read (no value name, no third card)."""
        return not self.value_names and all(i < 2 for _, i in self.slots)


_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


@lru_cache(maxsize=4096)
def expanded(text: str) -> ast.Expression:
    """The condition's tree with every older card name replaced by its meaning (:data:`MEANINGS`) and the
    literals made constants: the one form every engine evaluates. ``text`` has passed the checks."""
    tree = ast.parse(text, mode="eval")

    class Expand(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id in MEANINGS:
                return self.visit(ast.parse(MEANINGS[node.id], mode="eval").body)
            if node.id in LITERALS:
                return ast.Constant(LITERALS[node.id])
            return node

    return ast.fix_missing_locations(Gather().visit(Expand().visit(tree)))


#: The slots always dealt (the first four cards); a third card may be missing.
_ALWAYS = frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})
#: What a card not drawn shows to a test of one card (docs/bets.md: 0, or false).
_NOT_DRAWN = {"rank": 0, "suit": 0, "red": False, "black": False}


def _one_card_test(node: ast.AST) -> tuple[Slot, ast.AST] | None:
    """(slot, the test on the per-card name) where ``node`` tests one attribute of one card, by comparisons,
    ``not`` and constants alone (``player_card3_suit == hearts`` gives ((0, 2), ``suit == hearts``))."""
    allowed = (ast.Compare, ast.UnaryOp, ast.Not, ast.USub, ast.Name, ast.Constant, ast.Tuple, ast.List,
               ast.Load, ast.cmpop)
    if not isinstance(node, (ast.Compare, ast.UnaryOp, ast.Name)) or not all(
            isinstance(n, allowed) for n in ast.walk(node)):
        return None
    names = [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]
    read = [CARD_ATTRIBUTES[n] for n in names if n in CARD_ATTRIBUTES]
    if len(read) != 1 or any(n not in CARD_ATTRIBUTES and n not in CONSTANTS for n in names):
        return None
    test = ast.parse(ast.unparse(node), mode="eval").body  # a copy, renamed below
    for n in ast.walk(test):
        if isinstance(n, ast.Name) and n.id in CARD_ATTRIBUTES:
            n.id = read[0][1]
    return read[0][0], test


def _holds_on_a_card_not_drawn(test: ast.AST) -> bool:
    return bool(eval(compile(ast.fix_missing_locations(ast.Expression(test)), "<test>", "eval"),
                     {"__builtins__": {}}, {**CONSTANTS, **_NOT_DRAWN}))


class Gather(ast.NodeTransformer):
    """One test of one card, or-ed (and-ed) over exactly the cards of a named set, becomes ``any`` (``all``)
    over the set, where that means the same: the set's cards are always dealt, or the test is false (for
    ``or``; true for ``and``) on a card not drawn. ``player_card1_suit == hearts or ... or
    banker_card3_suit == hearts`` is then ``any(all_cards, suit == hearts)``: the routes read one
    meaning, whatever the writing (docs/bets.md, "What a writing costs")."""

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        groups: dict[str, list[tuple[int, Slot, ast.AST]]] = {}
        for i, value in enumerate(node.values):
            one = _one_card_test(value)
            if one is not None:
                groups.setdefault(ast.dump(one[1], annotate_fields=False), []).append((i, *one))
        aggregate = "any" if isinstance(node.op, ast.Or) else "all"
        replaced: dict[int, ast.AST | None] = {}
        for members in groups.values():
            slots = [slot for _, slot, _ in members]
            name = next((n for n, (_, set_slots) in SETS.items()
                         if len(slots) == len(set_slots) == len(set(slots)) and set(slots) == set(set_slots)), None)
            if name is None:
                continue
            test = members[0][2]
            if not set(SETS[name][1]) <= _ALWAYS and _holds_on_a_card_not_drawn(test) != (aggregate == "all"):
                continue
            call = ast.Call(ast.Name(aggregate, ast.Load()), [ast.Name(name, ast.Load()), test], [])
            replaced[members[0][0]] = call
            replaced.update({i: None for i, _, _ in members[1:]})
        if not replaced:
            return node
        values = [replaced.get(i, v) for i, v in enumerate(node.values) if replaced.get(i, v) is not None]
        return ast.copy_location(values[0] if len(values) == 1 else ast.BoolOp(node.op, values), node)


def reads(trees, value_names) -> Reads:
    """What the expanded conditions ``trees`` read; ``value_names`` are the coup and deal names."""
    out = Reads()
    for tree in trees:
        _reads(tree.body, out, value_names, None)
    return out


def constant(node: ast.AST) -> Any:
    """A whole number or constant name (``9``, ``hearts``, ``-1``), or a tuple of them; else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name) and node.id in CONSTANTS:
        return CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = constant(node.operand)
        return -inner if isinstance(inner, int) else None
    if isinstance(node, (ast.Tuple, ast.List)):
        items = tuple(constant(e) for e in node.elts)
        return items if all(isinstance(i, int) for i in items) else None
    return None


def _attribute(node: ast.AST, slots) -> tuple[str, tuple] | None:
    """(attribute, slots) if ``node`` reads one attribute of cards: ``rank`` in a predicate over ``slots``,
    or ``player_card1_suit``."""
    if isinstance(node, ast.Name):
        if slots is not None and node.id in PER_CARD:
            return node.id, slots
        if node.id in CARD_ATTRIBUTES:
            slot, attr = CARD_ATTRIBUTES[node.id]
            return attr, (slot,)
    return None


#: The "test" of a suit compared for equality with another card's suit.
_EQUAL_SUITS = ("same",)


def _note_test(out: Reads, attr: str, test) -> None:
    if attr in ("rank", "value"):
        out.rank = True
        if test is None:
            out.rank_tests = None
        elif attr == "value":
            out.value_tests.add(test)
        elif out.rank_tests is not None:
            out.rank_tests.add(test)
    else:  # suit, red, black
        out.suit = True
        if attr in ("red", "black"):
            test = ("in", (2, 3))
        if test != _EQUAL_SUITS:
            out.suit_symmetric = False
        if test is None or test == _EQUAL_SUITS:
            out.suit_tests = None
        elif out.suit_tests is not None:
            out.suit_tests.add(test)


def _reads(node: ast.AST, out: Reads, value_names, slots) -> None:
    """Walk ``node``; ``slots`` are the cards a predicate ranges over (None outside predicates)."""
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, right, op = node.left, node.comparators[0], type(node.ops[0])
        for a, b in ((left, right), (right, left)):
            const = constant(b)
            if isinstance(a, ast.Name) and a.id in value_names and const is not None:
                test = ("in", tuple(sorted(const))) if isinstance(const, tuple) else (_OPS.get(op, "?"), const)
                if op in (ast.In, ast.NotIn) and not isinstance(const, tuple) or test[0] == "?":
                    test = None
                tests = out.value_names.setdefault(a.id, set())
                if test is None or tests is None:
                    out.value_names[a.id] = None
                else:
                    tests.add(test)
                return
            found = _attribute(a, slots)
            if found is not None and const is not None:
                attr, where = found
                out.slots.update(where)
                if op in (ast.In, ast.NotIn):
                    test = ("in", tuple(sorted(const))) if isinstance(const, tuple) else None
                else:
                    test = (_OPS.get(op, "?"), const) if isinstance(const, int) else None
                _note_test(out, attr, test)
                return
        found = [_attribute(x, slots) for x in (left, right)]
        if op in (ast.Eq, ast.NotEq) and all(f is not None and f[0] == "suit" for f in found):
            for attr, where in found:  # one card's suit against another's: equality only
                out.slots.update(where)
                _note_test(out, attr, _EQUAL_SUITS)
            return
    if isinstance(node, ast.Call):
        name = node.func.id
        members = slots_of(node.args[0])
        out.slots.update(members)
        if name in ("same_suit", "same_colour"):
            _note_test(out, "suit", _EQUAL_SUITS if name == "same_suit" else ("in", (2, 3)))
        elif name in ("same_rank", "of_a_kind", "run"):
            _note_test(out, "rank", None)
        elif name == "of_a_suit":
            _note_test(out, "suit", _EQUAL_SUITS)
        elif name == "suited_run":
            _note_test(out, "rank", None)
            _note_test(out, "suit", _EQUAL_SUITS)
        if len(node.args) > 1:
            _reads(node.args[1], out, value_names, members)
        return
    found = _attribute(node, slots)
    if found is not None:  # an attribute outside a simple test: the whole attribute is needed
        attr, where = found
        out.slots.update(where)
        _note_test(out, attr, None)
        return
    if isinstance(node, ast.Name) and node.id in value_names:  # a true/false name, or a number used whole
        out.value_names[node.id] = None
        return
    for child in ast.iter_child_nodes(node):
        _reads(child, out, value_names, slots)


# --- evaluation over arrays -------------------------------------------------

@dataclass
class Cards:
    """Every card slot of many coups at once: ``rank[slot]`` (1-13, 0 when not drawn) and ``suit[slot]``
    (1-4, 0 when not drawn) are integer arrays (or ints) of one shape; ``values`` gives each value name's
    array."""

    rank: dict
    suit: dict
    values: dict

    def present(self, slot: Slot):
        return self.rank[slot] != 0


def evaluate(np, tree: ast.Expression, cards: Cards):
    """The expanded condition ``tree`` on every coup of ``cards``: a bool array (see the module docstring)."""
    return _eval(np, tree.body, cards, None)


def _red(np, suit):
    return (suit == 2) | (suit == 3)


def _per_card(np, name: str, rank, suit):
    if name == "rank":
        return rank
    if name == "suit":
        return suit
    if name == "value":
        return np.where(rank >= 10, 0, rank)
    red = _red(np, suit)
    return red if name == "red" else (suit != 0) & ~red


def _eval(np, node: ast.AST, cards: Cards, card):
    """``card``: (rank, suit) of the one card a predicate is evaluated on, else None."""
    if isinstance(node, ast.BoolOp):
        parts = [_eval(np, v, cards, card) for v in node.values]
        out = parts[0]
        for p in parts[1:]:
            out = (out & p) if isinstance(node.op, ast.And) else (out | p)
        return out
    if isinstance(node, ast.UnaryOp):
        if isinstance(node.op, ast.Not):
            return ~np.asarray(_eval(np, node.operand, cards, card), dtype=bool)
        return -_eval(np, node.operand, cards, card)
    if isinstance(node, ast.Compare):
        out = None
        left = _eval(np, node.left, cards, card)
        for op, comp in zip(node.ops, node.comparators):
            if isinstance(op, (ast.In, ast.NotIn)):
                items = [_eval(np, e, cards, card) for e in comp.elts]
                hit = np.zeros(np.shape(left), dtype=bool)
                for item in items:
                    hit = hit | (left == item)
                part = hit if isinstance(op, ast.In) else ~hit
                right = None
            else:
                right = _eval(np, comp, cards, card)
                part = _COMPARE[type(op)](left, right)
            out = part if out is None else out & part
            left = right
        return out
    if isinstance(node, ast.BinOp):
        a, b = _eval(np, node.left, cards, card), _eval(np, node.right, cards, card)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Sub):
            return a - b
        return a % b
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if card is not None and node.id in PER_CARD:
            return _per_card(np, node.id, *card)
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        if node.id in CARD_ATTRIBUTES:
            slot, attr = CARD_ATTRIBUTES[node.id]
            return _per_card(np, attr, cards.rank[slot], cards.suit[slot])
        return cards.values[node.id]
    if isinstance(node, ast.Call):
        return _aggregate(np, node, cards)
    raise LanguageError(f"cannot evaluate {ast.unparse(node)[:40]!r}")  # pragma: no cover - checked on reading


def _aggregate(np, node: ast.Call, cards: Cards):
    name = node.func.id
    slots = slots_of(node.args[0])
    present = [cards.present(s) for s in slots]
    ranks = [cards.rank[s] for s in slots]
    suits = [cards.suit[s] for s in slots]
    if name in ("count", "any", "all"):
        n = 0
        held = 0
        for p, r, s in zip(present, ranks, suits):
            n = n + (p & np.asarray(_eval(np, node.args[1], cards, (r, s)), dtype=bool))
            held = held + p
        n = np.asarray(n, dtype=np.int64)
        return n if name == "count" else (n > 0) if name == "any" else (n == held)
    if name in ("of_a_kind", "of_a_suit"):
        if len(node.args) > 1:  # only the cards that satisfy the predicate count
            present = [p & np.asarray(_eval(np, node.args[1], cards, (r, s)), dtype=bool)
                       for p, r, s in zip(present, ranks, suits)]
        key = ranks if name == "of_a_kind" else suits
        best = 0
        for p, r in zip(present, key):
            same = 0
            for q, t in zip(present, key):
                same = same + (p & q & (r == t))
            best = np.maximum(best, same)
        return np.asarray(best, dtype=np.int64)
    if name in ("same_suit", "same_rank", "same_colour"):
        key = suits if name == "same_suit" else ranks if name == "same_rank" else [_red(np, s) for s in suits]
        out = True
        for i in range(len(slots)):
            for j in range(i + 1, len(slots)):
                out = out & (~(present[i] & present[j]) | (key[i] == key[j]))
        return np.asarray(out, dtype=bool)
    # run, suited_run: present ranks distinct and consecutive, ace low or high
    held = 0
    distinct = True
    low = high = low_ace_high = high_ace_high = None
    for i, (p, r) in enumerate(zip(present, ranks)):
        held = held + p
        for j in range(i + 1, len(slots)):
            distinct = distinct & ~(p & present[j] & (r == ranks[j]))
        r14 = np.where(r == 1, 14, r)
        big, small = np.where(p, r, 0), np.where(p, r, 99)
        big14, small14 = np.where(p, r14, 0), np.where(p, r14, 99)
        high = big if high is None else np.maximum(high, big)
        low = small if low is None else np.minimum(low, small)
        high_ace_high = big14 if high_ace_high is None else np.maximum(high_ace_high, big14)
        low_ace_high = small14 if low_ace_high is None else np.minimum(low_ace_high, small14)
    out = (held >= 2) & distinct & ((high - low == held - 1) | (high_ace_high - low_ace_high == held - 1))
    if name == "suited_run":
        out = out & _aggregate(np, ast.Call(ast.Name("same_suit"), [node.args[0]], []), cards)
    return np.asarray(out, dtype=bool)


_COMPARE = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
}
