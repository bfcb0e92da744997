"""A condition read in part, for the engines that price card-level bets (docs/methods/suits.md).

* :func:`decided`: a condition with its card reads unknown, read in three values (true, false, or
  open) from the coup's value names alone. Where the values settle a pay table's line whatever the
  cards, an engine need not look at those cards (:mod:`exact_odds.cards.routes.card_pools`).
* :func:`lines_without_suits`: the lines of many coups read with their cards' ranks known and their
  suits unknown: where the ranks and values settle a line whatever the suits, an engine need not
  weigh those coups' suits (:mod:`exact_odds.cards.routes.card_suits`).
* :func:`named`: the parts of a condition that say what an older card name means put back as that
  name (the largest first: ``player_suited_pair`` before the ``player_pair`` inside it), so an engine
  that knows those names as facts prices it (the hand paths, :mod:`exact_odds.cards.routes.card_fast`).

Both read the expanded trees of :func:`exact_odds.conditions.language.expanded`; neither restates what a
name means.
"""

from __future__ import annotations

import ast

from exact_odds.conditions import language
from exact_odds.conditions.vocabulary import CONSTANTS, MEANINGS


def decided(tree: ast.Expression, values: dict):
    """The expanded condition ``tree`` given only ``values`` (value names and their values): True or
    False where those settle it whatever the cards, else None (it depends on the cards)."""
    return _three(tree.body, values)


def line_of(trees, values: dict) -> int | None:
    """The index of the line that settles a coup with these ``values`` (len(trees): none holds) when the
    values alone settle it, else None."""
    for i, tree in enumerate(trees):
        holds = decided(tree, values)
        if holds is None:
            return None
        if holds:
            return i
    return len(trees)


_COMPARE = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
            ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
            ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


def _three(node: ast.AST, values: dict):
    if isinstance(node, ast.BoolOp):
        parts = [_three(v, values) for v in node.values]
        stop = isinstance(node.op, ast.Or)  # the value that settles the whole: True for or, False for and
        if any(p is not None and bool(p) == stop for p in parts):
            return stop
        return None if any(p is None for p in parts) else not stop
    if isinstance(node, ast.UnaryOp):
        inner = _three(node.operand, values)
        if inner is None:
            return None
        return (not inner) if isinstance(node.op, ast.Not) else -inner
    if isinstance(node, ast.Compare):
        operands = [_three(x, values) for x in [node.left, *node.comparators]]
        if any(x is None for x in operands):
            return None
        return all(_COMPARE[type(op)](a, b) for op, a, b in zip(node.ops, operands, operands[1:]))
    if isinstance(node, (ast.Tuple, ast.List)):
        items = tuple(_three(e, values) for e in node.elts)
        return None if any(i is None for i in items) else items
    if isinstance(node, ast.BinOp):
        a, b = _three(node.left, values), _three(node.right, values)
        if a is None or b is None:
            return None
        return a + b if isinstance(node.op, ast.Add) else a - b if isinstance(node.op, ast.Sub) else a % b
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return CONSTANTS.get(node.id, values.get(node.id))  # a card's attribute: unknown
    return None  # an aggregate reads cards


def lines_without_suits(np, trees, cards, n: int, value_names=frozenset()):
    """Each of ``n`` coups (``cards``: a :class:`language.Cards` whose ranks and values are known) read
    with its suits unknown: ``(line, alike)``. ``line`` is the index of the line that settles the coup
    whatever its suits (len(trees): none holds), or -1 where the suits can change it. ``alike`` numbers the
    coups so that two with one number and the same slots holding cards settle every line alike under
    the same suits, or is None where no such numbering is known (a part reading suits also reads ranks
    or ``value_names``, the value names read).

    Only the and/or/not skeleton of a condition is read in three values: a part that reads no suit is
    evaluated by :func:`language.evaluate` itself, so no meaning is restated here, and a part that reads
    a suit is open. ``suited_run(S)`` is read as ``run(S) and same_suit(S)``, which it is."""
    skeletons = [_skeleton(tree.body) for tree in trees]
    leaves: dict = {}
    for sk in skeletons:
        _leaves(sk, leaves)
    blind, open_reads_more = {}, False
    for key, leaf in leaves.items():
        read = language.reads((ast.Expression(leaf),), value_names)
        if read.suit:
            open_reads_more |= read.rank or bool(read.value_names)
        else:
            held = language.evaluate(np, ast.Expression(leaf), cards)
            blind[key] = np.broadcast_to(np.asarray(held, dtype=bool), (n,))
    line = np.full(n, -1, dtype=np.int64)
    looking = np.ones(n, dtype=bool)
    for i, sk in enumerate(skeletons):
        known, value = _three_values(np, sk, blind, n)
        line[looking & known & value] = i
        looking &= known & ~value
    line[looking] = len(trees)
    alike = None
    if not open_reads_more and len(blind) <= 62:  # the suit-blind parts' values as the bits of one int64
        alike = np.zeros(n, dtype=np.int64)
        for held in blind.values():
            alike = alike * 2 + held
    elif not open_reads_more:
        alike = np.unique(np.stack(list(blind.values())), axis=1, return_inverse=True)[1].reshape(-1)
    return line, alike


def interchangeable(trees) -> dict:
    """Each card slot's block: two slots in one block can trade cards without moving any line of the
    expanded conditions ``trees``, whatever the cards. A slot read by itself (``player_card1_suit``) is a
    block of its own; the others are blocked by the aggregates whose sets hold them, every aggregate
    (``count``, ``of_a_kind``, ``run`` ...) reading its set's cards in no order. Value names are not cards
    (a slot's value read as a value name is the caller's to hold fixed)."""
    alone: set = set()
    sets: list = []
    for tree in trees:
        for node in ast.walk(tree.body):
            if isinstance(node, ast.Call):
                sets.append(frozenset(language.slots_of(node.args[0])))
            elif isinstance(node, ast.Name) and node.id in language.CARD_ATTRIBUTES:
                alone.add(language.CARD_ATTRIBUTES[node.id][0])
    keys = {slot: (slot if slot in alone else None, tuple(i for i, s in enumerate(sets) if slot in s))
            for slot in language.CARDS.values()}
    ids: dict = {}
    return {slot: ids.setdefault(key, len(ids)) for slot, key in keys.items()}


def _skeleton(node: ast.AST) -> ast.AST:
    """``node``'s and/or/not skeleton, with ``suited_run(S)`` written as ``run(S) and same_suit(S)``."""
    if isinstance(node, ast.BoolOp):
        return ast.BoolOp(node.op, [_skeleton(v) for v in node.values])
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.UnaryOp(node.op, _skeleton(node.operand))
    if isinstance(node, ast.Call) and node.func.id == "suited_run":
        return ast.BoolOp(ast.And(), [ast.Call(ast.Name(name, ast.Load()), node.args[:1], [])
                                      for name in ("run", "same_suit")])
    return node


def _leaves(node: ast.AST, out: dict) -> None:
    """The parts of a skeleton that are no and/or/not, by their text."""
    if isinstance(node, ast.BoolOp):
        for v in node.values:
            _leaves(v, out)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        _leaves(node.operand, out)
    else:
        out.setdefault(ast.dump(node), node)


def _three_values(np, node: ast.AST, blind: dict, n: int):
    """(known, value) of a skeleton on each coup, from its suit-blind parts' values (Kleene's logic)."""
    if isinstance(node, ast.BoolOp):
        parts = [_three_values(np, v, blind, n) for v in node.values]
        stop = isinstance(node.op, ast.Or)  # the value that settles the whole
        settles = np.zeros(n, dtype=bool)
        every = np.ones(n, dtype=bool)
        for known, value in parts:
            settles |= known & (value == stop)
            every &= known
        return settles | every, settles if stop else ~settles
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        known, value = _three_values(np, node.operand, blind, n)
        return known, ~value
    held = blind.get(ast.dump(node))
    if held is None:  # it reads a suit
        return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    return np.ones(n, dtype=bool), held


def named(tree: ast.Expression, names) -> ast.Expression:
    """``tree`` (expanded) with every part that says what one of ``names`` (older card names) means put back
    as that name, so an engine that knows those names as facts can price the condition: for example
    ``all(player_hand, red) and player == 8`` becomes ``player_red and player == 8``. ``same_colour(S)``
    is first written as ``all(S, red) or all(S, black)``, which it is (both hold when S holds no card)."""
    meanings = {ast.dump(ast.parse(MEANINGS[n], mode="eval").body): n for n in names}

    class Name(ast.NodeTransformer):
        def visit_Call(self, node: ast.Call) -> ast.AST:
            if node.func.id == "same_colour":
                hand = node.args[0]
                node = ast.BoolOp(ast.Or(), [ast.Call(ast.Name("all", ast.Load()), [hand, ast.Name(c, ast.Load())], [])
                                             for c in ("red", "black")])
                return self.visit(node)
            return self.named(node)

        def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
            return self.named(node)

        def named(self, node: ast.AST) -> ast.AST:
            name = meanings.get(ast.dump(node))
            return ast.Name(name, ast.Load()) if name else self.generic_visit(node)

    return ast.fix_missing_locations(Name().visit(ast.parse(ast.unparse(tree), mode="eval")))
