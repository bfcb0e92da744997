"""Bets as data: a pay table over the coup state.

A :class:`PayTable` is an ordered list of :class:`PayLine` s. Each line has a
condition on the finished coup, written as a small boolean expression
(``"banker_wins and banker_cards == 3 and banker == 7"``), and what it pays
per unit staked, as an exact fraction: ``19/20`` pays 19 to 20, ``0`` is a
push, ``-1/2`` loses half the stake. The first line whose condition holds
settles the bet; if none holds the bet pays ``otherwise`` (default -1, a
loss).

The names a condition may use are listed in :data:`COUP_NAMES` (the finished
coup), :data:`DEAL_NAMES` (two-card totals and third-card values),
:data:`PAIR_NAMES` (pairs in the first four cards) and :data:`CARD_NAMES`
(every card's rank, suit and colour), each defined once in
:data:`exact_odds.conditions.vocabulary.NAMES`.
Conditions are parsed once and checked against that vocabulary, so a typo is
an error with the name, never a silent loss.

Coup and deal names are priced on the one walk of the game (:func:`~exact_odds.punto_banco.walk.walk`);
pair names only on the first four cards' distribution (:mod:`exact_odds.cards.routes.first_four`); any other
use of card names by the card engine (:mod:`exact_odds.cards.engine`), so only card-level bets pay for it.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import field
from functools import lru_cache, partial
from fractions import Fraction
from types import CodeType
from typing import TYPE_CHECKING, Callable, Sequence

from exact_odds.bets.result import BetResult, LineResult
from exact_odds.conditions.condition import condition_problem, structure_problem
from exact_odds.conditions.language import LITERALS
from exact_odds.conditions.vocabulary import (ALL_NAMES, CARD_NAMES, CARD_NUMBER_NAMES, CONSTANTS,  # noqa: F401
                                              COUP_NAMES, DEAL_NAMES, NUMBER_NAMES, PAIR_NAMES, SUIT_NAMES,
                                              coup_names, deal_names, pair_names)
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.punto_banco.notebook import html_table, short
from exact_odds.records import FACTORY, frozen
from exact_odds.rules.coup import Coup, Deal
from exact_odds.text import NumberError, exact_fraction

if TYPE_CHECKING:
    from exact_odds.cards.routes.first_four import FirstFour


class PayTableError(ValueError):
    """A pay table that cannot be used; the message says what is wrong."""


class PayTableTypeError(PayTableError, TypeError):
    """A value of the wrong type where a pay table wants a string or a number (also a TypeError)."""


def names_used(code) -> frozenset[str]:
    """The vocabulary names a compiled condition reads."""
    return frozenset(code.co_names)


def compile_condition(text: str, names=ALL_NAMES, where: str = "condition"):
    """Parse a condition and check it uses only ``names``; returns a code object."""
    try:
        return _compile_condition(text, names, where)
    except (RecursionError, MemoryError):  # 'not not ... tie' thousands deep: Python's parser gives up
        raise PayTableError(
            f"{where}: the condition is nested too deeply for Python to parse ({len(text)} characters); "
            "write it more simply"
        ) from None


def _compile_condition(text: str, names, where: str):
    if not isinstance(text, str):
        raise PayTableTypeError(f"{where}: expected a condition in a string, such as \"banker_wins\", not {text!r}")
    shown = _shown(text)
    try:
        with warnings.catch_warnings():  # "invalid escape sequence" and the like: the error below says enough
            warnings.simplefilter("ignore")
            tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError) as exc:  # ValueError: a NUL character, or a number too long to read
        reason = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        raise PayTableError(f"{where}: cannot parse {shown} ({' '.join(str(reason).split())})") from None
    problem = structure_problem(tree, names, shown, CONSTANTS)
    if problem is not None:
        raise PayTableError(f"{where}: {problem}")
    problem = condition_problem(tree, NUMBER_NAMES)
    if problem is not None:
        raise PayTableError(f"{where}: {shown}: {problem}")
    tree = _Constants().visit(tree)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return compile(tree, f"<{where}>", "eval")


class _Constants(ast.NodeTransformer):
    """``true``, ``false`` and the constant names (``ace``, ``hearts``) as Python's constants, so that every
    engine's ``eval`` reads them whatever other names the condition uses."""

    def visit_Name(self, node: ast.Name) -> ast.AST:
        value = LITERALS.get(node.id, CONSTANTS.get(node.id))
        return node if value is None else ast.copy_location(ast.Constant(value), node)


def _shown(text: str, limit: int = 80) -> str:
    """A condition quoted for a message, cut to ``limit`` characters (a file may hold a very long one)."""
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


#: Largest numerator or denominator of a payout, commission or ``otherwise`` (digits): far past any bet,
#: and small enough that every report prints it (Python refuses to print an int of 4,300 digits).
MAX_PAYS_DIGITS = 130


def parse_pays(value, where: str = "pays",
               expected: str = "a number such as 8, \"19/20\", \"0.54\" or \"5%\"") -> Fraction:
    """A payout per unit from an integer or a string such as '19/20', '0.54', '1e-3' or '5%'.

    Text is read by :func:`exact_odds.text.exact_fraction` (bounded digits and
    exponent); a TOML float is refused so the value stays exact. Errors are
    :class:`PayTableError`, one line that says what is allowed."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction, str, float)):
        raise PayTableTypeError(f"{where}: expected {expected}, not {repr(value):.80}")
    if isinstance(value, float):
        raise PayTableError(
            f"{where}: {value!r} is a float; write it as a string (\"{value}\" or a fraction) so it is exact"
        )
    if isinstance(value, str):
        try:
            value = exact_fraction(value)
        except NumberError as exc:
            if exc.too_large:
                raise PayTableError(f"{where}: {exc}") from None
            raise PayTableError(f"{where}: expected {expected}, not {_shown(value)}") from None
    x = Fraction(value)
    if max(abs(x.numerator), x.denominator) >= 10 ** MAX_PAYS_DIGITS:
        raise PayTableError(f"{where}: a number with more than {MAX_PAYS_DIGITS} digits above or below the "
                            f"fraction bar is too large for a payout; expected {expected}")
    return x


@frozen
class PayLine:
    """One line of a pay table: when ``condition`` holds the bet pays ``pays`` to 1."""

    label: str
    condition: str
    pays: Fraction
    _code: CodeType | None = field(default=None, compare=False, repr=False)

    def __init__(self, label: str, condition: str, pays: Fraction, _code: CodeType | None = None) -> None:
        self.__dict__.update(label=label, condition=condition, pays=pays, _code=_code)  # (frozen: records.frozen)
        if not isinstance(self.label, str):
            raise PayTableTypeError(f"a pay line's label must be a string, not {_shown(repr(self.label))}")
        if not isinstance(self.condition, str):
            raise PayTableTypeError(f"{self.label}: the condition must be a string such as \"banker_wins\", "
                                    f"not {_shown(repr(self.condition))}")
        if not isinstance(self._code, (CodeType, type(None))):
            raise PayTableTypeError(f"{self.label}: _code is the compiled condition; leave it out")
        if self._code is None:
            object.__setattr__(self, "_code", compile_condition(self.condition, where=f"{self.label}: when"))
        object.__setattr__(self, "pays", parse_pays(self.pays, f"{self.label}: pays"))

    @classmethod
    def make(cls, label: str, condition: str, pays, where: str = "line") -> "PayLine":
        """A line from user text; ``pays`` is what a unit stake wins ("x to 1").

        0 is a push and -1 loses the stake; a value between -1 and 0 loses
        part of it (-1/2 loses half). Below -1 would lose more than the stake
        and is refused."""
        if not isinstance(label, str):
            raise PayTableTypeError(f"{where}: a pay line's label must be a string, not {_shown(repr(label))}")
        if not isinstance(where, str):
            raise PayTableTypeError(f"where must be a string naming the line for messages, not {_shown(repr(where))}")
        pays = parse_pays(pays, f"{where}: pays")
        if pays < -1:
            raise PayTableError(
                f"{where}: pays {pays} loses more than the stake; expected a number >= -1 "
                "(-1 loses the stake, 0 pushes, 8 pays 8 to 1)"
            )
        return cls(label, condition, pays, compile_condition(condition, where=f"{where}: when"))

    def __reduce__(self):
        # Pickled without the compiled condition (code objects do not pickle), which is
        # compiled again on loading: bets can be sent to other processes (--scheduler).
        return (type(self), (self.label, self.condition, self.pays))

    @property
    def names(self) -> frozenset[str]:
        """The vocabulary names this line's condition reads."""
        return names_used(self._code)

    def holds(self, names: dict[str, int | bool]) -> bool:
        """Whether the condition holds for these values of the vocabulary names."""
        return bool(eval(self._code, {"__builtins__": {}}, names))


@frozen
class PayTable:
    """A bet: its name, what it pays on which coups, and a short description.

    Its :attr:`family` says which distribution prices it: ``"coup"`` (final
    totals and cards), ``"deal"`` (also two-card totals and third cards), both
    from the one walk, or ``"pair"`` (ranks and suits of the first four cards).
    """

    name: str
    lines: tuple[PayLine, ...]
    otherwise: Fraction = Fraction(-1)
    description: str = ""
    otherwise_label: str = "otherwise (loses)"
    #: The catalog key ('banker', 'dragon7'); by default made from the name.
    key: str = ""
    #: the line index that settles each state already seen (a cache)
    _by_state: dict[Coup | Deal | FirstFour, int] = field(default_factory=dict, compare=False, repr=False)
    #: :attr:`family`, found once (every price() asks for it)
    _family: str = field(default="", compare=False, repr=False)

    def __init__(self, name: str, lines: tuple[PayLine, ...], otherwise: Fraction = Fraction(-1), description: str = "",
                 otherwise_label: str = "otherwise (loses)", key: str = "", _by_state: dict = FACTORY, _family: str = ""):
        self.__dict__.update(name=name, lines=lines, otherwise=otherwise, description=description,
                             otherwise_label=otherwise_label, key=key,
                             _by_state={} if _by_state is FACTORY else _by_state, _family=_family)
        if not isinstance(self.name, str) or not self.name.strip():
            raise PayTableTypeError(f"a pay table needs a name (a non-empty string), not {_shown(repr(self.name))}")
        lines = tuple(self.lines) if isinstance(self.lines, (list, tuple)) else None
        if not lines or not all(isinstance(line, PayLine) for line in lines):
            raise PayTableTypeError(f"{self.name}: lines must be a non-empty list or tuple of PayLine, "
                                    f"not {_shown(repr(self.lines))}")
        for what in ("description", "otherwise_label"):
            if not isinstance(getattr(self, what), str):
                raise PayTableTypeError(f"{self.name}: {what} must be a string, not {_shown(repr(getattr(self, what)))}")
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "otherwise", parse_pays(self.otherwise, f"{self.name}: otherwise"))
        for what, pays in [(line.label, line.pays) for line in lines] + [(self.otherwise_label, self.otherwise)]:
            if pays < -1:
                raise PayTableError(
                    f"{self.name}: {what} pays {pays}, which loses more than the stake; expected a number >= -1 "
                    "(-1 loses the stake, 0 pushes, 8 pays 8 to 1)"
                )
        if not isinstance(self.key, str):
            raise PayTableTypeError(f"{self.name}: key must be a string, not {_shown(repr(self.key))}")
        if not self.key:
            object.__setattr__(self, "key", re.sub(r"[^a-z0-9]+", "_", self.name.lower()).strip("_"))
        object.__setattr__(self, "_family", self._find_family())

    def __repr__(self) -> str:
        lines = f"{len(self.lines)} line" + ("s" if len(self.lines) != 1 else "")
        return f"PayTable({self.key!r}: {short(self.name, 40)!r}, {lines}: {short(self.pays_text, 120)})"

    def _repr_html_(self) -> str:
        rows = [(l.label, l.condition, l.pays) for l in self.lines]
        rows.append((self.otherwise_label, "(no line above)", self.otherwise))
        caption = f"{self.name} ({self.key})" + (f": {self.description}" if self.description else "")
        return html_table(("Line", "When", "Pays (to 1)"), rows, caption)

    @property
    def is_value_level(self) -> bool:
        """Whether card values settle the bet (coup or deal names): the compiled fast path can price it."""
        return self.family in ("coup", "deal")

    @property
    def names(self) -> frozenset[str]:
        """Every vocabulary name the table's conditions read."""
        return frozenset().union(*(l.names for l in self.lines))

    @property
    def family(self) -> str:
        """'pair', 'card', 'deal' or 'coup': the distribution this bet is priced on (:meth:`_find_family`)."""
        return self._family or self._find_family()

    def _find_family(self) -> str:
        """'pair', 'card', 'deal' or 'coup': the distribution this bet is priced on.

        'pair': the first four cards' pair names only (:mod:`~exact_odds.cards.routes.first_four`);
        'card': any other use of card names, alone or with coup and deal names (the card engine,
        :mod:`~exact_odds.cards.engine`); 'deal' and 'coup': card values only."""
        names = self.names - CONSTANTS.keys()
        card = names - COUP_NAMES.keys() - DEAL_NAMES.keys()
        if card:
            return "pair" if card == names and card <= PAIR_NAMES.keys() else "card"
        return "deal" if names & DEAL_NAMES.keys() else "coup"

    @property
    def uses_suits(self) -> bool:
        """Whether the bet's outcome depends on suits (perfect pairs)."""
        return bool(self.names & SUIT_NAMES)

    def _settle(self, state, names_of) -> int:
        hit = self._by_state.get(state)
        if hit is None:
            hit = self._by_state[state] = self.first_line(names_of(state))
        return hit

    def first_line(self, names: dict[str, int | bool]) -> int:
        """Index of the first line whose condition holds for these values of the names (len(lines): none
        holds, ``otherwise`` settles)."""
        return next((i for i, line in enumerate(self.lines) if line.holds(names)), len(self.lines))

    def settle(self, coup: Coup) -> int:
        """Index of the line that settles ``coup`` (len(lines) for ``otherwise``).

        Only for coup-level tables; deal- and pair-level ones need more than a coup."""
        if self.family != "coup":
            raise PayTableError(f"{self.name}: needs the {self.family}, not only the finished coup")
        return self._settle(coup, coup_names)

    def payout(self, coup: Coup) -> Fraction:
        """What the bet pays per unit on ``coup`` (-1 is a lost stake)."""
        i = self.settle(coup)
        return self.lines[i].pays if i < len(self.lines) else self.otherwise

    def value_settler(self) -> Callable[[Deal], int]:
        """A function deal -> index of the line that settles this value-level bet (len(lines) for
        ``otherwise``): the lookup :meth:`price` makes, coup-level tables reading the finished coup,
        deal-level tables the deal. The compiled fast path (:mod:`exact_odds.punto_banco.pricer`) asks
        for it; a bet that reads ranks or suits has none (:class:`PayTableError`)."""
        family = self.family
        if family == "coup":
            return self._settle_by_coup
        if family == "deal":
            return self._settle_by_deal
        raise PayTableError(f"bet {self.name!r} looks at ranks or suits; the fast path prices value-level bets only")

    def _settle_by_coup(self, deal: Deal) -> int:
        return self._settle(deal.coup, coup_names)

    def _settle_by_deal(self, deal: Deal) -> int:
        return self._settle(deal, deal_names)

    @property
    def pays_text(self) -> str:
        """The pay table in one line: 'Banker wins 19/20 to 1; Tie push'."""
        def word(x: Fraction) -> str:
            if x == 0:
                return "push"
            if x < 0:
                return f"loses {-x}"
            return f"{x} to 1"

        return "; ".join(f"{l.label} {word(l.pays)}" for l in self.lines)

    def price(self, dist: CoupDistribution) -> BetResult:
        """Price this bet on a distribution: how often each line settles it.

        Coup- and deal-level bets read ``dist``; pair and card bets are priced by the card engine (pair
        bets by its route 'first four', on the first-four distribution of the same shoe, cached per
        shoe), so no bet walks the game again."""
        if not isinstance(dist, CoupDistribution):
            raise TypeError(f"price needs a CoupDistribution (such as walk(shoe)), not {type(dist).__name__}")
        family = self.family
        if family in ("card", "pair"):
            return self._price_cards(dist)
        if family == "deal":
            states, names_of = dist.deals, deal_names
        else:
            states, names_of = dist.coups, coup_names
        counts = [0] * (len(self.lines) + 1)
        for state, n in states.items():
            counts[self._settle(state, names_of)] += n
        return self.result(counts, dist.total)

    def result(self, counts: Sequence[int], total: int, assumptions: tuple[str, ...] = (),
               explanation=None) -> BetResult:
        """The priced bet from each line's count (the last: ``otherwise``) out of ``total``."""
        rows = [LineResult(l.label, l.pays, n, Fraction(n) / total) for l, n in zip(self.lines, counts)]
        rows.append(LineResult(self.otherwise_label, self.otherwise, counts[-1], Fraction(counts[-1]) / total))
        return BetResult(self, tuple(rows), total, assumptions, explanation)

    def _price_cards(self, dist: CoupDistribution) -> BetResult:
        """A card-level bet priced by the card engine (:mod:`exact_odds.cards.engine`), which takes the first
        registered route that accepts what the bet reads (:attr:`reading`) on this shoe and says which."""
        from exact_odds.cards import engine

        counts, total, assumption, explanation = engine.price(self.reading, dist)
        return self.result(counts, total, (assumption,) if assumption else (), explanation)

    reading = property(lambda self: _reading_of(self), doc="What the lines read (cards.reading.Reading), once.")

@lru_cache(maxsize=256)
def _reading_of(bet: PayTable):
    from exact_odds.cards.reading import Reading

    from exact_odds.bets.older_names import older_counts

    older = partial(older_counts, bet) if bet.names <= ALL_NAMES.keys() else None
    return Reading(tuple(line.condition for line in bet.lines), deal_names, bet.name, older, bet.first_line)


#: A decimal whose exponent alone puts it far above 1 ('1e999', '2.5E+100'): refused as out of range.
_HUGE = r"\s*\+?0*[1-9][0-9]{0,59}(?:\.[0-9]{0,60})?[eE]\+?0*(?:[6-9][0-9]|[1-9][0-9]{2,})\s*%?\s*"


def commission_banker(commission, name: str | None = None) -> PayTable:
    """The Banker bet with any exact commission c: a Banker win pays 1 - c, a tie pushes.

    ``commission`` is a fraction such as ``Fraction(1, 25)``, ``"1/25"`` or ``"4%"``."""
    if name is not None and not isinstance(name, str):
        raise PayTableTypeError(f"name must be a string (or None for the default), not {_shown(repr(name))}")
    if isinstance(commission, float):
        raise PayTableTypeError(f"commission {commission!r} is a float; give it exactly, as a Fraction or "
                                f"a string such as \"1/20\" or \"5%\"")
    if isinstance(commission, str) and re.fullmatch(_HUGE, commission):  # '1e999': far above 1 (compiled when first used)
        raise PayTableError(f"commission {commission.strip()} is not between 0 and 1; "
                            "give a fraction such as 1/20 or 5%")
    c = parse_pays(commission, "commission", "a fraction between 0 and 1 such as 1/20, 0.05 or 5%")
    if not 0 <= c <= 1:
        typed = commission.strip() if isinstance(commission, str) else c  # as typed (at most ~125 characters)
        raise PayTableError(f"commission {typed} is not between 0 and 1; give a fraction such as 1/20 or 5%")
    label = f"{c.numerator}/{c.denominator}" if c.denominator != 1 else str(c.numerator)
    return PayTable(
        name=name or f"Banker (commission {label})",
        lines=(PayLine("Banker wins", "banker_wins", 1 - c), PayLine("Tie", "tie", Fraction(0))),
        description=f"Banker wins pays 1:1 less commission {label} (pays {1 - c}); a tie pushes",
    )
