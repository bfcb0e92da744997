"""Frozen dataclasses that cost nothing to define (issue 27: a cold ``exact-odds edge``).

``@dataclass(frozen=True)`` writes five or six methods as source text and compiles each when the
class statement runs: about half a millisecond a class, 7 ms of the 70 of a cold ``exact-odds edge``
for the fifteen on its way. :func:`frozen` gives a class the same methods without compiling any:

* ``__init__`` is the class's own, written out as the dataclass would make it: every field a
  parameter in order with its default (:data:`FACTORY` where the field has a default factory),
  each set with ``object.__setattr__`` (or into ``self.__dict__``, in field order), then what a
  ``__post_init__`` would do;
* ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` and ``__delattr__`` are the dataclass's
  (the same fields compared, hashed and shown, by ``field(compare=..., repr=..., hash=...)``; a
  method the class defines itself is kept, as the dataclass keeps it);
* the class is still a dataclass (``dataclasses.fields``, ``replace``, ``asdict`` and
  ``__match_args__`` as before), declared ``init=False, repr=False, eq=False`` so that the
  dataclass machinery compiles nothing.

tests/test_records.py checks every class made so against the ``@dataclass(frozen=True)`` of the same
fields: its ``__init__``'s signature, and equality, hashing, repr and the refusal to assign.
"""

from __future__ import annotations

from dataclasses import MISSING, FrozenInstanceError, dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr

TYPE_CHECKING = False  # (typing is not imported for this module)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T", bound=type)


class _Factory:
    """The default of a field made by its default factory (shown as the dataclass shows it)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


#: The default in a hand-written ``__init__`` of a field with a default factory: ``x=FACTORY``,
#: then ``x = factory() if x is FACTORY else x`` (the dataclass's own sentinel is private).
FACTORY: Any = _Factory()


def _values(names: tuple[str, ...]):
    """A function giving the tuple of these attributes of an object (``()`` for none)."""
    if not names:
        return lambda obj: ()
    if len(names) == 1:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return attrgetter(*names)


def frozen(cls: T) -> T:
    """``cls`` with the methods of ``@dataclass(frozen=True)`` but its own ``__init__`` (above)."""
    if "__init__" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__} needs its own __init__ (exact_odds.records)")
    cls = dataclass(init=False, repr=False, eq=False)(cls)
    own = cls.__dict__
    every = fields(cls)
    names = tuple(f.name for f in every)
    shown = tuple(f.name for f in every if f.repr)
    compared = tuple(f.name for f in every if f.compare)
    hashed = tuple(f.name for f in every if (f.compare if f.hash is None else f.hash))

    if "__repr__" not in own:
        shown_values = _values(shown)

        @recursive_repr()
        def __repr__(self) -> str:
            inner = ", ".join(f"{name}={value!r}" for name, value in zip(shown, shown_values(self)))
            return f"{self.__class__.__qualname__}({inner})"

        __repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
        cls.__repr__ = __repr__

    has_eq = "__eq__" in own
    if not has_eq:
        compared_values = _values(compared)

        def __eq__(self, other: object) -> bool:
            if other.__class__ is self.__class__:
                return compared_values(self) == compared_values(other)
            return NotImplemented

        __eq__.__qualname__ = f"{cls.__qualname__}.__eq__"
        cls.__eq__ = __eq__

    # The dataclass adds __hash__ unless the class defines one (an __eq__ in the class body alone
    # sets __hash__ to None, which does not count).
    class_hash = own.get("__hash__", MISSING)
    if class_hash is MISSING or (class_hash is None and has_eq):
        hashed_values = _values(hashed)

        def __hash__(self) -> int:
            return hash(hashed_values(self))

        __hash__.__qualname__ = f"{cls.__qualname__}.__hash__"
        cls.__hash__ = __hash__

    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")

    def __setattr__(self, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    cls.__setattr__ = __setattr__
    cls.__delattr__ = __delattr__
    return cls
