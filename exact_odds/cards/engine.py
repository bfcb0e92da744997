"""The card engine: one reading, registered routes, and an explanation of the route taken.

Every card-level bet (one that reads ranks, suits or colours of the coup's cards) is priced here
(docs/methods/suits.md, "The engine"). A pay table is read once (:class:`~exact_odds.cards.reading.Reading`);
the registered routes are then asked in the order of their :meth:`Route.place` for the reading, until
one prices: each says whether it accepts that reading on the shoe (and if not, why), and one that
accepts prices within the memory budget (:mod:`exact_odds.cards.budget`) or declines while it plans
(its plan would pass its limits), with a reason. The routes after the one that prices are not asked. The reference route (:mod:`exact_odds.cards.routes.classes`)
accepts every reading and comes last. Every route gives the same integers: the routes are
optimisations, and tests/cards/ checks each against the reference and a brute force.

:func:`price` returns the counts with an :class:`Explanation`: the route that priced the bet, why each
route before it declined, its plan's size and memory where it estimates them, and the time it took.
"""

from __future__ import annotations

import time
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from typing import Iterator

from exact_odds.blas import small_pages_by_default
from exact_odds.cards import budget as _budget
from exact_odds.cards.budget import OverBudget
from exact_odds.cards.reading import Reading
from exact_odds.cards.route import REGISTRY, Declined, Estimate, Explanation, Route


# The routes' plans make and drop numpy arrays of millions of entries: where numpy is not yet imported, it
# is asked for small pages (huge pages took most of a plan's time in the kernel: exact_odds.blas).
small_pages_by_default()


def routes() -> list[Route]:
    """The registry, loaded: every route module registers itself on import."""
    from exact_odds.cards import routes as _routes  # noqa: F401  (registers the routes)

    return REGISTRY


_excluded: ContextVar[frozenset] = ContextVar("excluded_routes", default=frozenset())


@contextmanager
def excluding(*names: str) -> Iterator[None]:
    """Within the block, the routes ``names`` are not tried (to price by the others: a test of one route
    on a small shoe, which the small shoe's own enumeration would otherwise take; a comparison)."""
    unknown = set(names) - {r.name for r in routes()}
    if unknown:
        raise ValueError(f"no route named {sorted(unknown)[0]!r}; the routes: {', '.join(r.name for r in REGISTRY)}")
    token = _excluded.set(_excluded.get() | frozenset(names))
    try:
        yield
    finally:
        _excluded.reset(token)


def ordered(reading: Reading, shoe) -> list[Route]:
    """Every route in the order it is asked for ``reading`` on ``shoe``: by :meth:`Route.place`, ties in
    the registry's order."""
    order = {r.name: i for i, r in enumerate(routes())}
    return sorted(REGISTRY, key=lambda r: (r.place(reading, shoe), order[r.name]))


def candidates(reading: Reading, shoe) -> tuple[list[Route], list[tuple[str, str]]]:
    """The routes that accept ``reading`` on ``shoe`` in the order they are tried, and (name, reason) of
    those that do not (every route asked: :func:`price` asks only until one prices)."""
    taken, declined = [], []
    for route in ordered(reading, shoe):
        why = _refusal(route, reading, shoe)
        if why is None:
            taken.append(route)
        else:
            declined.append((route.name, why))
    return taken, declined


def _refusal(route: Route, reading: Reading, shoe) -> str | None:
    return "excluded by the caller" if route.name in _excluded.get() else route.accepts(reading, shoe)


def price(reading: Reading, dist, route: str | None = None) -> tuple[list, int, str | None, Explanation]:
    """``(counts, total, assumption, explanation)`` of the bet read by ``reading`` on ``dist``'s shoe and
    tableau (:meth:`Route.price`), by the first route, in :func:`ordered`'s order, that accepts and plans
    within the memory budget (the routes after it are not asked); with ``route``, by that route alone
    (:class:`Declined` where it does not take the reading)."""
    shoe = dist.shoe
    declined: list[tuple[str, str]] = []
    if route is not None:
        way = _named(route)
        why = _refusal(way, reading, shoe)
        if why is not None:
            raise Declined(why)
        asked = [way]
    else:
        asked = ordered(reading, shoe)
    size = _budget.budget()
    needs: list[tuple[int, str]] = []  # (bytes, route) of each plan estimated past the budget
    for way in asked:
        why = None if route is not None else _refusal(way, reading, shoe)
        if why is not None:
            declined.append((way.name, why))
            continue
        est = None
        fits = False
        try:  # sizing may build the shared card walk: held to the budget too, under the same cap
            with _budget.guarded(size) if way.builds_plan else nullcontext():
                est = estimate(way, reading, dist)
                fits = est.memory is None or est.memory <= size * way.estimate_slack
                if fits:
                    start = time.perf_counter()
                    counts, total, assumption = way.price(reading, dist)
        except Declined as reason:
            if route is not None:
                raise
            declined.append((way.name, str(reason)))
            continue
        except MemoryError:
            what = "sizing its plan" if est is None else "its plan"
            declined.append((way.name, f"{what} passed the memory budget of {_budget.describe(size)}"))
            continue
        if not fits:
            needs.append((est.memory, way.name))
            declined.append((way.name, f"its plan would need about {_budget.describe(est.memory)}, past the "
                                       f"memory budget of {_budget.describe(size)}"))
            continue
        seconds = time.perf_counter() - start
        explanation = Explanation(reading.bet_name or reading.conditions[0], way.name, way.summary,
                                  tuple(declined), est, seconds)
        return counts, total, assumption, explanation
    raise refusal(reading.bet_name or reading.conditions[0], size, declined, needs)


def refusal(bet: str, size: int, declined: list[tuple[str, str]], needs: list[tuple[int, str]]) -> OverBudget:
    """The refusal of a bet no route prices within the budget ``size``: the routes the budget stopped, and
    what the cheapest of the plans estimated would need."""
    stopped = "; ".join(f"{r}: {why}" for r, why in declined if "memory budget" in why)
    line = f"{bet}: no route prices it on this shoe within the memory budget of {_budget.describe(size)} ({stopped})"
    if not needs:
        return OverBudget(line)
    least, name = min(needs)
    return OverBudget(line + f"; the least of its plans (the route '{name}') would need about "
                             f"{_budget.describe(least)}", least)


def estimate(way: Route, reading: Reading, dist) -> Estimate:
    """``way``'s estimate of its plan for ``reading`` on ``dist``'s shoe and tableau (the card walk's
    sequences depend on the tableau)."""
    return way.estimate(reading, dist.shoe, dist.tableau)


def _named(name: str) -> Route:
    """The route called ``name``."""
    named = [r for r in routes() if r.name == name]
    if not named:
        raise ValueError(f"no route named {name!r}; the routes: {', '.join(r.name for r in REGISTRY)}")
    return named[0]
