"""The type check of a pay-line condition: every part has a kind, and the whole is true/false.

A condition (``"banker_wins and banker == 7"``) is parsed by Python and
evaluated on every state of a distribution. Python would evaluate
``tie in 5`` or ``player < (1, 2)`` only to fail with a TypeError when the
bet is priced; this module refuses such conditions when the file is read.

Each node of the condition's syntax tree gets one kind:

* ``number``: a whole number (``7``, ``-1``), a number name (``player``), or
  ``+``, ``-``, ``%`` of numbers;
* ``true/false``: a true/false name (``tie``), a comparison, and/or/not of
  true/false parts;
* ``tuple``/``list`` of numbers: ``(8, 9)``, ``[8, 9]``;
* an aggregate over a set of cards (:mod:`exact_odds.conditions.language`) gives a
  number (``count``, ``of_a_kind``) or true/false (the others); its predicate
  is itself a true/false condition over one card's ``rank``, ``value``,
  ``suit``, ``red`` and ``black``.

``<``, ``<=``, ``>``, ``>=`` compare numbers; ``==`` and ``!=`` compare two
numbers or two true/false parts (never a list); ``in`` and ``not in`` test a
number against a tuple or list of numbers; ``and``, ``or``, ``not`` and the condition itself need
true/false. Every condition that passes therefore evaluates to a bool on
every coup, without error.

:func:`structure_problem` checks the nodes and names first (only the allowed
operators, known names, whole numbers, aggregates of the right shape, and
no rank name beside a suit nor suit name beside a rank: :func:`check_constants`);
:func:`condition_problem` then checks the kinds. Each returns what is wrong,
in words, or None.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from exact_odds.conditions import language
from exact_odds.conditions.vocabulary import CONSTANTS

NUMBER, TRUTH, TUPLE, LIST = "a number", "true/false", "a tuple of numbers", "a list of numbers"

_ORDER = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_EQUAL = {ast.Eq: "==", ast.NotEq: "!="}
_MEMBER = {ast.In: "in", ast.NotIn: "not in"}
_ARITH = {ast.Add: "+", ast.Sub: "-", ast.Mod: "%"}


class _Problem(Exception):
    pass


def source(node: ast.AST, limit: int = 60) -> str:
    """The condition text of ``node``, quoted, cut to ``limit`` characters."""
    text = ast.unparse(node)
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def is_negative_literal(node: ast.AST) -> bool:
    """Whether ``node`` is a minus sign on a whole-number literal (``-1``), the one place a minus may stand alone."""
    return (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int)


_ALLOWED_NODES = (
    ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.Compare,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn,
    ast.Name, ast.Load, ast.Constant, ast.Tuple, ast.List, ast.BinOp, ast.Add, ast.Sub, ast.Mod, ast.USub,
)

#: Names a predicate on one card may use.
PREDICATE_NAMES = frozenset(language.PER_CARD) | frozenset(language.LITERALS)


def structure_problem(tree: ast.Expression, names: Collection[str], shown: str, constants: Collection[str]) -> str | None:
    """What in ``tree`` is not allowed, in words (``shown`` is the condition as quoted in messages), or None.

    ``names`` may stand anywhere outside a predicate; a predicate (the second argument of ``count``,
    ``any``, ``all``) may use :data:`PREDICATE_NAMES` and ``constants``."""
    try:
        _check(tree, names, shown, None, constants)
        check_constants(tree, shown)  # (no rank name beside a suit, nor a suit name beside a rank)
    except (_Problem, language.LanguageError) as exc:
        return str(exc)
    return None


def _check(node: ast.AST, names, shown: str, predicate: frozenset | None, constants) -> None:
    from exact_odds.names import unknown

    if isinstance(node, ast.Call):
        if predicate is not None:
            raise _Problem(f"{shown} puts an aggregate inside a predicate on one card; "
                           "a predicate reads one card's rank, value, suit, red and black")
        for inner in language.check_call(node, shown):
            _check(inner, names, shown, PREDICATE_NAMES | frozenset(constants), constants)
        return
    if not isinstance(node, _ALLOWED_NODES):
        raise _Problem(f"{shown} uses {type(node).__name__}; conditions may only "
                       "compare names and whole numbers with and/or/not")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and not is_negative_literal(node):
        raise _Problem(f"{shown} puts a minus sign before {source(node.operand)}; a minus sign may only "
                       "stand before a whole number, as in 'player_third == -1'")
    if isinstance(node, ast.Name):
        known = predicate if predicate is not None else names
        if node.id not in known:
            if predicate is None and node.id in language.PER_CARD:
                raise _Problem(f"{shown} uses {node.id!r} outside a predicate; it names one card's {node.id} "
                               f"inside count, any or all, as in 'count(first_four, {node.id} == 9) >= 2'")
            if predicate is None and (node.id in language.SETS or node.id in language.CARDS):
                raise _Problem(f"{shown} uses the set of cards {node.id!r} alone; a set stands inside an "
                               f"aggregate, as in 'same_suit({node.id})' or 'count({node.id}, rank == 9)'")
            if predicate is not None:
                raise _Problem(f"{shown}: a predicate on one card may use only rank, value, suit, red, black and "
                               f"constants; " + unknown("name", node.id, known))
            raise _Problem(unknown("name", node.id, known, "see 'exact-odds variants --names'", shown))
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        raise _Problem(f"{shown} uses {node.value}; write {str(node.value).lower()} (lower case) for a line that "
                       f"{'always' if node.value else 'never'} holds")
    if isinstance(node, ast.Constant) and not isinstance(node.value, int):
        raise _Problem(f"{shown} uses {source(node)}; only whole numbers are allowed")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and not (
            isinstance(node.right, ast.Constant) and type(node.right.value) is int and node.right.value > 0):
        raise _Problem(f"{shown} takes a remainder (%) by something other than a whole number >= 1; "
                       "write it as 'name % 10'")
    for child in ast.iter_child_nodes(node):
        _check(child, names, shown, predicate, constants)


def condition_problem(tree: ast.Expression, number_names: Collection[str]) -> str | None:
    """What keeps ``tree`` from being a true/false condition, or None if it is one.

    ``tree`` has passed the node and name checks of the caller (only the
    allowed operators, known names and whole numbers); ``number_names`` are
    the names whose value is a number (the others are true/false)."""
    try:
        _need_truth(tree.body, number_names)
    except _Problem as exc:
        return str(exc)
    return None


def _need_truth(node: ast.AST, number_names: Collection[str]) -> None:
    k = _kind(node, number_names)
    if k == NUMBER:
        raise _Problem(f"uses {source(node)} where a true/false condition is needed; compare it, "
                       "as in 'player == 9', or use a true/false name such as player_wins")
    if k != TRUTH:
        raise _Problem(f"uses {source(node)} where a true/false condition is needed (it is {k}); "
                       "test a number against it, as in 'player in (8, 9)'")


def _need_number(node: ast.AST, number_names: Collection[str], what: str) -> None:
    k = _kind(node, number_names)
    if k != NUMBER:
        raise _Problem(f"{what} needs numbers, but {source(node)} is {k}")


def _kind(node: ast.AST, number_names: Collection[str]) -> str:
    if isinstance(node, ast.Constant):
        if type(node.value) is int:
            return NUMBER
        raise _Problem(f"uses {node.value!r}; only whole numbers are allowed")
    if isinstance(node, ast.Name):
        return NUMBER if node.id in number_names else TRUTH
    if isinstance(node, ast.Call):
        for predicate in node.args[1:]:
            _need_truth(predicate, language.PER_CARD_NUMBERS | set(number_names))
        return language.call_kind(node)
    if isinstance(node, ast.UnaryOp):
        if is_negative_literal(node):
            return NUMBER
        if isinstance(node.op, ast.Not):
            _need_truth(node.operand, number_names)
            return TRUTH
        raise _Problem(f"uses {source(node)}; a minus sign may only stand before a whole number, as in -1")
    if isinstance(node, ast.BoolOp):
        for value in node.values:
            _need_truth(value, number_names)
        return TRUTH
    if isinstance(node, (ast.Tuple, ast.List)):
        for elt in node.elts:
            if _kind(elt, number_names) != NUMBER:
                raise _Problem(f"{source(node)} may hold only numbers, not {source(elt)}")
        return TUPLE if isinstance(node, ast.Tuple) else LIST
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITH:
        what = _ARITH[type(node.op)]
        _need_number(node.left, number_names, what)
        _need_number(node.right, number_names, what)
        return NUMBER
    if isinstance(node, ast.Compare):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            _check_comparison(left, type(op), right, number_names)
            left = right
        return TRUTH
    raise _Problem(f"uses {type(node).__name__}; conditions may only compare names and whole numbers with and/or/not")


def _check_comparison(left: ast.AST, op: type, right: ast.AST, number_names: Collection[str]) -> None:
    if op in _ORDER:
        _need_number(left, number_names, _ORDER[op])
        _need_number(right, number_names, _ORDER[op])
    elif op in _EQUAL:
        kl, kr = _kind(left, number_names), _kind(right, number_names)
        if kl in (TUPLE, LIST) or kr in (TUPLE, LIST):  # the card engine evaluates a list only after 'in'
            raise _Problem(f"{_EQUAL[op]} compares {source(left)} ({kl}) with {source(right)} ({kr}); a list "
                           "stands only on the right of 'in' or 'not in', as in 'player in (8, 9)'")
        if kl != kr:
            raise _Problem(f"{_EQUAL[op]} compares {source(left)} ({kl}) with {source(right)} ({kr}); "
                           "compare a number with a number, or true/false with true/false")
    elif op in _MEMBER:
        what = _MEMBER[op]
        if _kind(left, number_names) != NUMBER:
            raise _Problem(f"'{what}' tests a number, but {source(left)} is {_kind(left, number_names)}")
        if _kind(right, number_names) not in (TUPLE, LIST):
            raise _Problem(f"'{what}' needs a list of numbers on its right, as in 'player {what} (8, 9)', "
                           f"but {source(right)} is {_kind(right, number_names)}")
    else:
        raise _Problem(f"uses {op.__name__}; conditions may only compare names and whole numbers with and/or/not")


#: The constant names that name a suit; the other constants (ace, jack, queen, king) name ranks.
SUIT_CONSTANTS = frozenset({"spades", "hearts", "diamonds", "clubs"})


def _kind_of_constant(name: str) -> str:
    return "suit" if name in SUIT_CONSTANTS else "rank"


def _side(node: ast.AST, read: set, named: list) -> None:
    """What one side of a comparison reads (``rank``/``suit`` of cards) and the constants it names, in order;
    an aggregate's predicate is a comparison of its own, checked on its own."""
    if isinstance(node, ast.Name):
        found = language._attribute(node, ())
        if found is not None and found[0] in ("rank", "value", "suit"):
            read.add("suit" if found[0] == "suit" else "rank")  # (a value is read from the rank)
        elif node.id in CONSTANTS:
            named.append(node.id)
        return
    if isinstance(node, ast.Call):
        return
    for child in ast.iter_child_nodes(node):
        _side(child, read, named)


def check_constants(tree: ast.AST, shown: str) -> None:
    """Refuse a comparison that reads a card's rank (or value) beside a suit name, or a card's suit beside a
    rank name: constants are plain numbers, so ``rank == hearts`` read as ``rank == 2``. Every rank-reading
    name (``rank``, ``value``, ``player_card1_rank``...) and suit-reading name (``suit``,
    ``banker_card3_suit``...) is covered; numbers stay numbers (``rank == 2``), and a comparison that reads
    no card (``player == ace``) is as before. :class:`LanguageError` saying why."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        read: set = set()
        named: list = []
        for side in (node.left, *node.comparators):
            _side(side, read, named)
        for name in named:
            kind = _kind_of_constant(name)
            other = "suit" if kind == "rank" else "rank"
            if other not in read:
                continue
            example = "suit == hearts" if kind == "suit" else "rank in (jack, queen, king)"
            raise language.LanguageError(
                f"{shown} compares a card's {other} with the {kind} name {name!r} (in {ast.unparse(node)[:60]!r}); a "
                f"{kind} name stands only beside a card's {kind}, as in {example!r}; for the number "
                f"{CONSTANTS[name]}, write {CONSTANTS[name]}")
