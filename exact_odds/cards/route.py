"""The route protocol of the card engine, and its registry (docs/methods/suits.md, "The engine").

A :class:`Route` is one way to price card-level bets. It states when it applies (:meth:`Route.accepts`,
with a reason where it does not), its place among the routes that accept a reading
(:meth:`Route.place`), the size of its plan where it can tell before building it
(:meth:`Route.estimate`), and prices (:meth:`Route.price`), raising :class:`Declined` where its plan
would pass its limits. Each route module registers its route here (:func:`register`); the engine
(:mod:`exact_odds.cards.engine`) picks among them and explains its choice (:class:`Explanation`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from exact_odds.cards import budget as _budget
from exact_odds.cards.reading import Reading


class Declined(Exception):
    """Raised by :meth:`Route.price` while planning: the route does not take this reading after all."""


@dataclass(frozen=True)
class Estimate:
    """A plan's size before it is built: ``rows`` it settles, ``memory`` (bytes) at its peak, ``seconds``
    on this machine class (None: known only once planned)."""

    rows: int | None = None
    memory: int | None = None
    seconds: float | None = None

    def text(self) -> str:
        parts = []
        if self.rows is not None:
            parts.append(f"{self.rows:,} rows")
        if self.memory is not None:
            parts.append(f"about {_budget.describe(self.memory)}")
        if self.seconds is not None:
            parts.append(f"about {self.seconds:.2g} s")
        return ", ".join(parts) or "sized while it plans"


@dataclass(frozen=True)
class Explanation:
    """Which route priced a bet and why the ones before it declined (:func:`explain`)."""

    bet: str
    route: str
    summary: str
    declined: tuple[tuple[str, str], ...] = ()
    estimate: Estimate = field(default_factory=Estimate)
    seconds: float | None = None

    def record(self) -> dict[str, Any]:
        """The JSON object of ``--explain`` (docs/json.md): ``route``, ``declined`` and the plan."""
        est = self.estimate
        return {"route": self.route, "summary": self.summary,
                "declined": [{"route": r, "reason": why} for r, why in self.declined],
                "plan": {"rows": est.rows, "memory_bytes": est.memory,
                         "estimated_seconds": None if est.seconds is None else float(f"{est.seconds:.3g}")},
                "seconds": None if self.seconds is None else round(self.seconds, 3)}

    def lines(self) -> list[str]:
        """The explanation in words, one line each."""
        took = "" if self.seconds is None else f" in {self.seconds:.3f} s"
        plan = "" if self.seconds is None else f"; plan: {self.estimate.text()}"
        out = [f"{self.bet}: priced by the route '{self.route}'{took} ({self.summary}){plan}"]
        out += [f"  declined: '{r}': {why}" for r, why in self.declined]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Route:
    """A way to price card-level bets. A route states when it applies (:meth:`accepts`), its place among
    the routes that accept a reading (:meth:`place`: lower first), its plan's size where it can tell
    before building it (:meth:`estimate`), and prices (:meth:`price`), raising :class:`Declined` where
    its plan would pass its limits."""

    #: the route's name in ``--explain`` and the JSON
    name: str = ""
    #: what it does, in one line
    summary: str = ""
    #: whether it builds a plan (held to the memory budget while it sizes and prices); a route that only
    #: looks counts up or adds a few numbers runs without the cap
    builds_plan: bool = True
    #: how many times its memory estimate may stand above its plan's real peak: a plan estimated past the
    #: budget by less than that is built under the cap (the backstop), not declined unbuilt
    estimate_slack: float = 1.0

    def accepts(self, reading: Reading, shoe) -> str | None:
        """None where the route takes ``reading`` on ``shoe``, else the reason it does not."""
        raise NotImplementedError

    def place(self, reading: Reading, shoe) -> int:
        """Its order among the routes that accept (lower first; ties keep the registry's order)."""
        return 50

    def estimate(self, reading: Reading, shoe, tableau=None) -> Estimate:
        """The plan's size, before it is built (:class:`Estimate`; unknown parts None). The engine asks it
        before :meth:`price`, and declines the route without building where its memory passes the budget;
        it must bound what :meth:`price` allocates. A route whose plan depends on the tableau (the card
        walk's sequences) takes ``tableau``; one that does not may leave the parameter out."""
        return Estimate()

    def price(self, reading: Reading, dist) -> tuple[list, int, str | None]:
        """``(counts, total, assumption)``: each line's six-card count (the last: none holds), the six-card
        total, and the suit model's statement where it assumed suits (else None)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Route({self.name!r})"


#: Every route, in the order they were registered (:func:`register`).
REGISTRY: list[Route] = []


def register(route: Route) -> Route:
    """Add ``route`` to :data:`REGISTRY` (its order breaks ties of :meth:`Route.place`; the reference route's
    place is the largest, so it is asked last)."""
    if any(r.name == route.name for r in REGISTRY):
        raise ValueError(f"a route named {route.name!r} is registered already")
    REGISTRY.append(route)
    return route
