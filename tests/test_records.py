"""Every class made by :func:`exact_odds.records.frozen` behaves as ``@dataclass(frozen=True)`` would.

For each, the reference is the real ``@dataclass(frozen=True)`` of the same fields (the same
``field(...)`` specs, defaults and ``__post_init__``, and the class's own methods): the hand-written
``__init__`` must have the reference's signature and set the same fields (defaults and factories
included), and equality, hashing, repr, ``dataclasses.replace`` and the refusal to assign or delete
must agree, on instances from the classes' own tests' kind of arguments.
"""

import dataclasses
import inspect
import pickle
from fractions import Fraction

import pytest

from exact_odds.records import FACTORY, frozen

#: (module, class name) of every class made by records.frozen.
FROZEN = [
    ("exact_odds.bets.result", "LineResult"),
    ("exact_odds.bets.result", "BetResult"),
    ("exact_odds.rules.tableau", "Tableau"),
    ("exact_odds.rules.tableau", "PunterRule"),
    ("exact_odds.rules.shoe", "Shoe"),
    ("exact_odds.punto_banco.coup", "CoupDistribution"),
    ("exact_odds.bets.paytable", "PayLine"),
    ("exact_odds.bets.paytable", "PayTable"),
    ("exact_odds.report.document", "Table"),
    ("exact_odds.report.document", "Section"),
    ("exact_odds.report.document", "Report"),
    ("exact_odds.bets.catalog", "Catalog"),
    ("exact_odds.bets.analysis", "Analysis"),
    ("exact_odds.bets.selection", "ValueLevelSelection"),
    ("exact_odds.report.punto_banco", "DistributionTable"),
]


#: Classes whose __init__ checks and normalises its fields after setting them (the dataclass's __post_init__).
CHECKS_IN_INIT = {"PayLine", "PayTable"}


def reference(cls):
    """The ``@dataclass(frozen=True)`` of ``cls``'s fields and its other methods."""
    body = {k: v for k, v in cls.__dict__.items()
            if k not in ("__init__", "__setattr__", "__delattr__", "__dict__", "__weakref__", "__dataclass_fields__",
                         "__dataclass_params__", "__match_args__")
            and not (k in ("__eq__", "__hash__", "__repr__") and getattr(v, "__module__", None) == "exact_odds.records")}
    for f in dataclasses.fields(cls):
        spec = {"default": f.default, "default_factory": f.default_factory, "repr": f.repr, "hash": f.hash,
                "compare": f.compare, "init": f.init, "metadata": f.metadata, "kw_only": f.kw_only}
        body[f.name] = dataclasses.field(**spec)
    if cls.__name__ in CHECKS_IN_INIT:  # its checks run after the fields are set, as a __post_init__ would
        body["__post_init__"] = lambda self: cls.__init__(self, *(getattr(self, f.name) for f in dataclasses.fields(cls)))
    ref = type(cls.__name__, cls.__bases__, body)
    ref.__qualname__ = cls.__qualname__
    return dataclasses.dataclass(frozen=True)(ref)


def classes():
    import importlib

    return [getattr(importlib.import_module(m), name) for m, name in FROZEN]


def params(sig):
    return [(p.name, p.kind, repr(p.default)) for p in sig.parameters.values()]


@pytest.mark.parametrize("module, name", FROZEN)
def test_signature_is_the_dataclass_one(module, name):
    cls = dict(zip(FROZEN, classes()))[module, name]
    ref = reference(cls)
    assert params(inspect.signature(cls.__init__)) == params(inspect.signature(ref.__init__))
    assert cls.__match_args__ == ref.__match_args__
    assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(ref)]
    for method in ("__eq__", "__hash__", "__repr__"):  # kept where the class wrote its own, as the dataclass keeps it
        assert (method in cls.__dict__) and (cls.__dict__[method] is None) == (ref.__dict__[method] is None)


def test_toy_class_against_the_dataclass():
    """All the cases on one class: a default, a default factory, compare=False, repr=False, hash=False."""

    class Toy:
        """A toy."""

        a: int
        b: tuple = ()
        c: dict = dataclasses.field(default_factory=dict, compare=False)
        d: str = dataclasses.field(default="x", repr=False)
        e: int = dataclasses.field(default=0, hash=False)

        def __init__(self, a, b=(), c=FACTORY, d="x", e=0):
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)
            object.__setattr__(self, "c", {} if c is FACTORY else c)
            object.__setattr__(self, "d", d)
            object.__setattr__(self, "e", e)

    toy = frozen(Toy)
    ref = reference(toy)
    assert params(inspect.signature(toy.__init__)) == params(inspect.signature(ref.__init__))
    for args in [(1,), (1, (2,)), (1, (), {"k": 1}), (1, (), {}, "y", 5), ([1], (), {}, "y", 5)]:
        mine, theirs = toy(*args), ref(*args)
        assert repr(mine) == repr(theirs)
        assert dataclasses.asdict(mine) == dataclasses.asdict(theirs)
        assert dataclasses.replace(mine, b=(9,)).b == (9,)
        for other_args in [(1,), (1, (), {"z": 0}), (1, (), {}, "q"), (1, (), {}, "x", 7), (2,)]:
            assert (mine == toy(*other_args)) == (theirs == ref(*other_args))
        _hashed_alike(mine, theirs)
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'a'"):
            mine.a = 2
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'zz'"):
            mine.zz = 2
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'a'"):
            del mine.a
        assert mine != theirs  # other classes: NotImplemented both ways
    assert toy(1).c is not toy(1).c  # a fresh dict each time


def test_a_recursive_repr_is_cut():
    class Box:
        """A box."""

        item: object

        def __init__(self, item):
            object.__setattr__(self, "item", item)

    box = frozen(Box)([])
    box.item.append(box)
    assert repr(box) == "test_a_recursive_repr_is_cut.<locals>.Box(item=[...])"


def test_own_methods_are_kept_and_init_is_required():
    class Own:
        """Own methods."""

        a: int

        def __init__(self, a):
            object.__setattr__(self, "a", a)

        def __repr__(self):
            return "own"

        def __eq__(self, other):
            return True

    own = frozen(Own)
    assert repr(own(1)) == "own" and own(1) == own(2)
    # An __eq__ of its own but no __hash__: the dataclass still adds its __hash__ (of the fields).
    assert hash(own(1)) == hash(reference(own)(1)) == hash((1,))

    class NoInit:
        """No __init__."""

        a: int

    with pytest.raises(TypeError, match="needs its own __init__"):
        frozen(NoInit)


@pytest.mark.parametrize("module, name", FROZEN)
def test_instances_behave_as_the_dataclass(module, name):
    """A plain instance of each class made with the same arguments both ways."""
    cls = dict(zip(FROZEN, classes()))[module, name]
    ref = reference(cls)
    for args in SAMPLES[name]():
        mine, theirs = cls(*args), ref(*args)
        assert {f.name: getattr(mine, f.name) for f in dataclasses.fields(cls)} == \
               {f.name: getattr(theirs, f.name) for f in dataclasses.fields(ref)}
        if "__repr__" not in cls.__dict__ or cls.__dict__["__repr__"].__module__ == "exact_odds.records":
            assert repr(mine) == repr(theirs)
        assert mine == cls(*args)
        _hashed_alike(mine, theirs)
        first = dataclasses.fields(cls)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(mine, first, None)
        assert pickle.loads(pickle.dumps(mine)) == mine


def _results():
    from exact_odds.bets.result import LineResult

    line = LineResult("Banker wins", Fraction(19, 20), 10, Fraction(1, 2))
    return line, [("Banker wins", Fraction(19, 20), 10, Fraction(1, 2)), ("Tie", Fraction(0), Fraction(5, 2), Fraction(0))]


def _bet_results():
    from exact_odds.bets.catalog import builtin_catalog

    line, _ = _results()
    bet = builtin_catalog().bets["banker"]
    return [(bet, (line,), 100), (bet, (line, line), 100, ("suits spread evenly",))]


def _shoes():
    return [((4,) * 13,), ((4,) * 13, None, "one deck"), ((1,) * 13, (1, 0, 0, 0) * 13), (None,),
            ((2,) * 13, None, "", (1, 1, 0, 0) * 13)]


def _distributions():
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.coup import Coup, Deal
    from exact_odds.rules.shoe import Shoe
    from exact_odds.rules.tableau import PUNTO_BANCO

    d = walk(Shoe.decks(1))
    return [(Shoe.decks(1), PUNTO_BANCO, {Deal(1, 2, None, None): 5}, 10),
            (Shoe.decks(1), PUNTO_BANCO, {Deal(1, 2, None, None): 5}, 10, {Coup(1, 2, 2, 2): 5}),
            (d.shoe, d.tableau, d.deals, d.total)]


def _lines():
    return [("Banker wins", "banker_wins", Fraction(19, 20)), ("Tie", "tie", 8)]


def _tables():
    from exact_odds.bets.paytable import PayLine

    line = PayLine("Banker wins", "banker_wins", Fraction(19, 20))
    return [("Banker", (line,)), ("Banker", [line], 0, "a description", "otherwise pushes", "bk"),
            ("Banker", (line,), Fraction(-1), "", "otherwise (loses)", "", {}, "coup")]


def _sections():
    from exact_odds.report.document import Table

    return [(), (("x",), Table(("a",), (("1",),)), ("y",), "(none)", "Heading", 1, "<svg/>", "figure")]


def _reports():
    from exact_odds.report.document import Section, Table

    return [((Section(),), {"a": 1}), ((Section(),), [1, 2], (Table(("a",), ()),), ("s",), "Title")]


def _catalogs():
    from exact_odds.bets.catalog import builtin_catalog

    bet = builtin_catalog().bets["banker"]
    return [({}, {}, {}), ({"banker": bet}, {"standard": ("banker",)}, {"standard": "the usual"}, ("banker",))]


def _analyses():
    from exact_odds.bets.analysis import analyse
    from exact_odds.rules.shoe import Shoe

    a = analyse(Shoe.decks(1))
    return [(a.shoe, a.distribution, a.results), (a.shoe, a.distribution, ())]


def _selections():
    from exact_odds.bets.catalog import builtin_catalog

    bet = builtin_catalog().bets["banker"]
    return [((bet,), ("banker",), ()), ((), (), (bet,))]


def _distribution_tables():
    from exact_odds.report.document import Table

    return [("key", "Title", Table(("a",), (("1",),)), [{"a": 1}])]


SAMPLES = {
    "LineResult": lambda: _results()[1],
    "BetResult": _bet_results,
    "Tableau": lambda: [("t", (True,) * 8, ((True,) * 11,) * 8), ("u", (False,) * 8, ((False,) * 11,) * 8)],
    "PunterRule": lambda: [(frozenset({0, 1}), frozenset({6, 7})), (frozenset(), frozenset())],
    "Shoe": _shoes,
    "CoupDistribution": _distributions,
    "PayLine": _lines,
    "PayTable": _tables,
    "Table": lambda: [(("a", "b"), (("1", "2"),)), ((), ())],
    "Section": _sections,
    "Report": _reports,
    "Catalog": _catalogs,
    "Analysis": _analyses,
    "ValueLevelSelection": _selections,
    "DistributionTable": _distribution_tables,
}


def _hashed_alike(mine, theirs):
    """``mine`` hashes as ``theirs`` does, or refuses as it does."""
    try:
        expected = hash(theirs)
    except TypeError:
        with pytest.raises(TypeError):
            hash(mine)
    else:
        assert hash(mine) == expected
