"""The memory budget of a card-level plan (docs/methods/suits.md, "The engine").

A route of the card engine builds a plan before it weighs a shoe, and some plans grow with what a bet
reads (a suit read by name beside a colour counted over every card, at 8 decks in play, once passed
6 GB). The engine runs each route inside :func:`guarded`, which caps the process's address space at
what it holds now plus the budget (``RLIMIT_AS``, Linux and other POSIX systems), so a plan that would
pass it fails with :class:`MemoryError` at its first allocation past the cap, before the machine
swaps or the kernel kills the process; the engine then tries the next route, or refuses in one line
that names the budget. Where ``resource`` is missing (Windows) the plan runs unguarded.

The budget is :data:`DEFAULT` (2 GiB) unless set with :func:`memory_budget` (the command line's
``--memory-budget``) or the environment variable ``EXACT_ODDS_MEMORY_BUDGET``.
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

#: The default budget of one plan: 2 GiB.
DEFAULT = 2 * 1024 ** 3
_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024, "m": 1024 ** 2, "mb": 1024 ** 2, "mib": 1024 ** 2,
          "g": 1024 ** 3, "gb": 1024 ** 3, "gib": 1024 ** 3}
#: The least budget accepted: a plan of a few rows needs some megabytes of arrays.
LEAST = 64 * 1024 ** 2
_budget: ContextVar[int | None] = ContextVar("memory_budget", default=None)


class BudgetError(ValueError):
    """A memory budget that cannot be read."""


class OverBudget(ValueError):
    """No route prices a bet within the memory budget: ``line`` says so and what the least plan estimated
    would need (``need``, bytes; None where no plan was estimated); the message adds how to give it in the
    library (a command line says its option instead)."""

    def __init__(self, line: str, need: int | None = None) -> None:
        self.line, self.need = line, need
        how = (f"give at least {describe(need)}" if need else "give a larger one") + \
            " with memory_budget(...) or EXACT_ODDS_MEMORY_BUDGET"
        super().__init__(f"{line}; {how}")

    def __reduce__(self):  # a worker's refusal reaches the parent whole (not its message made the line)
        return type(self), (self.line, self.need)

    def suggestion(self, option: str) -> str:
        """How to give a budget that would hold the least plan with ``option`` (``--memory-budget 42GB``)."""
        if self.need:
            return f"give it with {option} {-(-self.need // 1024 ** 3)}GB"
        return f"give a larger one with {option} SIZE (the default is {DEFAULT // 1024 ** 3}GB)"


def parse_budget(text: str) -> int:
    """Bytes from ``text`` such as ``2GB``, ``512M``, ``1.5 GiB`` or ``3000000000`` (units of 1024)."""
    if not isinstance(text, str):
        raise BudgetError(f"a memory budget must be text such as 2GB or 512MB, not {type(text).__name__}")
    m = re.fullmatch(r"\s*([0-9]{1,6}(?:\.[0-9]{1,3})?|[0-9]{1,15})\s*([a-zA-Z]{0,3})\s*", text)
    if not m or m.group(2).lower() not in _UNITS:
        raise BudgetError(f"memory budget {text[:40]!r} is not a size; give one such as 2GB, 512MB or 1.5GiB")
    whole, _, frac = m.group(1).partition(".")
    unit = _UNITS[m.group(2).lower()]
    size = int(whole) * unit + (int(frac) * unit // 10 ** len(frac) if frac else 0)
    if size < LEAST:
        raise BudgetError(f"memory budget {text.strip()} is below {describe(LEAST)}; give at least 64MB")
    return size


def budget() -> int:
    """The budget in force: :func:`memory_budget`'s, else ``EXACT_ODDS_MEMORY_BUDGET``, else :data:`DEFAULT`.
    An unreadable ``EXACT_ODDS_MEMORY_BUDGET`` raises :class:`BudgetError` (one line: the variable, and how
    to fix it) where it would be used."""
    set_here = _budget.get()
    if set_here is not None:
        return set_here
    env = os.environ.get("EXACT_ODDS_MEMORY_BUDGET")
    if env is not None and env.strip():
        try:
            return parse_budget(env)
        except BudgetError as exc:  # said, not ignored: the budget meant would silently be the default
            raise BudgetError(f"the environment variable EXACT_ODDS_MEMORY_BUDGET: {exc} (or unset it for the "
                              f"default of {describe(DEFAULT)})") from None
    return DEFAULT


@contextmanager
def memory_budget(size: int | str | None) -> Iterator[int]:
    """Within the block, card-level plans are held to ``size`` bytes (an int, or text such as ``"4GB"``;
    None keeps the budget in force)."""
    if size is None:
        yield budget()
        return
    if isinstance(size, str):
        size = parse_budget(size)
    if not isinstance(size, int) or isinstance(size, bool) or size < LEAST:
        raise BudgetError(f"a memory budget must be a whole number of bytes of at least {LEAST}, not {size!r:.40}")
    token = _budget.set(size)
    try:
        yield size
    finally:
        _budget.reset(token)


def describe(size: int) -> str:
    """``2 GiB``, ``512 MiB``: a size as people read it."""
    for unit, name in ((1024 ** 3, "GiB"), (1024 ** 2, "MiB"), (1024, "KiB")):
        if size >= unit:
            value = size / unit
            return f"{value:.0f} {name}" if value == int(value) else f"{value:.1f} {name}"
    return f"{size} bytes"


def _address_space() -> int | None:
    """The bytes this process maps now (Linux: /proc/self/statm), else None."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
        return pages * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, AttributeError, IndexError):
        return None


@contextmanager
def guarded(size: int) -> Iterator[None]:
    """Run the block with at most ``size`` more bytes of address space than the process maps now: past
    it an allocation raises :class:`MemoryError`. A lower limit already in force is kept."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    import numpy  # noqa: F401  (loaded before the cap: its BLAS maps its buffers once, at import, and
    # gives up with a message of its own, not an exception, where it cannot)

    now = _address_space()
    if now is None:  # pragma: no cover - no /proc
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = now + size
    if soft != resource.RLIM_INFINITY and soft <= cap or hard != resource.RLIM_INFINITY and hard < cap:
        yield  # a tighter limit is already in force: it answers first
        return
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
