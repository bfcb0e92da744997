"""A pay line's condition in words, for par sheets: 'banker_wins and banker_cards == 3' reads
'Banker wins and the Banker hand has 3 cards'.

The condition language is the one of :mod:`exact_odds.bets.paytable` (names
compared with whole numbers, joined by and/or/not); each name's phrase is
its entry's in :data:`exact_odds.conditions.vocabulary.NAMES` (:data:`NOUNS` for
numbers, :data:`CLAUSES` and :data:`NEGATIONS` for true/false), each
operator's word is below. Anything this module does not know
how to say is shown as written, so no condition is ever misread.
"""

from __future__ import annotations

import ast

from exact_odds.conditions.vocabulary import CLAUSES, NEGATIONS, NOUNS

_OPS = {ast.Eq: "is", ast.NotEq: "is not", ast.Lt: "is less than", ast.LtE: "is at most",
        ast.Gt: "is more than", ast.GtE: "is at least", ast.In: "is one of", ast.NotIn: "is not one of"}


class _Unsaid(Exception):
    """A construct with no phrase: the condition is shown as written."""


def _value(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return str(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        return f"-{node.operand.value}"
    if isinstance(node, ast.Name) and node.id in NOUNS:
        return NOUNS[node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [_value(e) for e in node.elts]
        return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)
    if isinstance(node, ast.BinOp):
        op = {ast.Add: "plus", ast.Sub: "minus", ast.Mod: "modulo"}.get(type(node.op))
        if op is None:
            raise _Unsaid
        return f"{_value(node.left)} {op} {_value(node.right)}"
    raise _Unsaid


def _clause(node: ast.AST, nested: bool = False) -> str:
    if isinstance(node, ast.Name):
        if node.id in CLAUSES:
            return CLAUSES[node.id]
        raise _Unsaid
    if isinstance(node, ast.BoolOp):
        word = " and " if isinstance(node.op, ast.And) else " or "
        text = word.join(_clause(v, True) for v in node.values)
        return f"({text})" if nested else text
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        if isinstance(node.operand, ast.Name) and node.operand.id in NEGATIONS:
            return NEGATIONS[node.operand.id]
        return f"it is not so that {_clause(node.operand, True)}"
    if isinstance(node, ast.Compare):
        parts = []
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            if (isinstance(left, ast.Name) and left.id in ("player_third", "banker_third")
                    and isinstance(op, (ast.Eq, ast.NotEq)) and _value(right) == "-1"):
                who = "Player" if left.id == "player_third" else "Banker"
                parts.append(f"the {who} {'did not draw' if isinstance(op, ast.Eq) else 'drew a third card'}")
            else:
                word = _OPS.get(type(op))
                if word is None:
                    raise _Unsaid
                parts.append(f"{_value(left)} {word} {_value(right)}")
            left = right
        return " and ".join(parts)
    raise _Unsaid


def condition_words(condition: str) -> str:
    """The condition in words, first letter capitalised; the condition as written if it has no phrase."""
    try:
        text = _clause(ast.parse(condition, mode="eval").body)
    except (_Unsaid, SyntaxError, ValueError, RecursionError):
        return condition
    return text[:1].upper() + text[1:]
