"""A simulation's running state, and the checkpoint file that lets a stopped run resume.

The state after some shoes (:class:`SimulationState`) is every sum a run keeps,
over a whole prefix of the run's shoes (``done`` of them, in the order of the
seeds). A resumed run deals the shoes from ``done`` on and adds them to it
exactly as an unstopped run would have: the exact sums are Fractions and
integers, and every float sum adds shoe after shoe in order whatever the
blocks (:mod:`exact_odds.in_play.simulate.shoe_blocks`), so the figures are the
same to the last bit however often the run was stopped, and on however many
processes or which cluster it ran. A stop (Ctrl-C, SIGTERM) waits while a block
is added (simulate holds the signals back meanwhile), so every part of a saved
state covers the same shoes (:meth:`SimulationState.whole`; a file whose parts
disagree is refused).

The state's size is set by the study's shape, not by its shoes: the standard
errors come from sums of products over the shoes
(:class:`~exact_odds.in_play.simulate.statistics.StrategyAccumulator`,
:class:`~exact_odds.in_play.simulate.statistics.RatioMoments`, the trigger
search's cross sums), the simulated ruin trials are played as the shoes come,
the tallies are by cards left. Only the distribution of the edge
(:class:`~exact_odds.in_play.simulate.edge_counts.EdgeCounts`: the coups by
cards left and edge rounded to 1/100,000) grows with the distinct edges seen.

The file is a pickle of ``(FORMAT, identity, state)``, written atomically
(:mod:`exact_odds.files`) every :data:`EVERY_SECONDS`, when the run is stopped,
and at its end. The identity names the run (shoes, seed, decks, burn, cut card,
bets, count, sizing, triggers, bankroll; not the coups an hour, which only the
figures made at the end read): a file of another run is refused
(:class:`CheckpointError`), as is one of another format. It is read with only
the classes a state holds allowed (:class:`_StateUnpickler`): a file that is not
a checkpoint is refused, never run. A file with the right header whose state is
damaged (a field of the wrong type, None, a list of the wrong length) is refused
too, before any of it is used: every field is checked against the fresh state of
the same run (:func:`shape_problem`).
"""

from __future__ import annotations

import hashlib
import io
import numbers
import os
import pickle
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from exact_odds.files import write_bytes

#: The checkpoint format: a file of another format is refused.
FORMAT = "exact_odds simulate checkpoint 2"

#: Rows of edge counts that wait before they are merged, at least (:meth:`SimulationState.add`).
WAITING_ROWS = 1 << 18

#: Seconds between checkpoints while a run goes on (at least; and at least 20 times what the last
#: write took, so that a large state costs under 5% of the run: the edge counts of a million shoes
#: are some 120 MB).
EVERY_SECONDS = 30.0


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used for this run; the message says why."""


@dataclass
class SimulationState:
    """Every sum of a run over its first ``done`` shoes."""

    done: int
    coups: int
    tallies: list[Any]
    perfect: list[Any]
    counted: Any
    edge_moments: list[Any]
    depth: list[list[Any]]
    edge_counts: list[Any]
    search: Any = None
    #: per bet, the blocks' edge counts not merged into ``edge_counts`` yet (:meth:`add`)
    edges_waiting: list[list[Any]] = field(default_factory=list)

    def merge_edges(self) -> list[Any]:
        """Each bet's edge counts, every block merged."""
        from exact_odds.in_play.simulate.edge_counts import merge_edge_counts

        for b, waiting in enumerate(self.edges_waiting):
            if waiting:
                self.edge_counts[b] = merge_edge_counts([self.edge_counts[b], *waiting])
                waiting.clear()
        return self.edge_counts

    def whole(self) -> bool:
        """Whether every part covers the ``done`` shoes and their coups (a state saved in the middle
        of :meth:`add`, as a stop could before issue 25, does not). The count's part is empty in a
        run without a count."""
        parts = [*self.perfect] + ([self.counted] if self.counted.shoes else []) + (
            [] if self.search is None else [self.search])
        return (all((p.shoes, p.coups) == (self.done, self.coups) for p in parts)
                and all(t.coups == self.coups for t in self.tallies))

    def add(self, play: Any) -> None:
        """The next block of shoes (a :class:`~exact_odds.in_play.simulate.shoe_blocks.BlockPlay`)."""
        from exact_odds.in_play.simulate.edge_counts import merge_edge_counts
        from exact_odds.in_play.simulate.statistics import RatioMoments

        self.done += play.shoes
        self.coups += play.coups
        for b, block in enumerate(play.bets):
            self.tallies[b].merge(block.tally)
            self.perfect[b].merge(block.perfect)
            self.edge_moments[b].add_many(block.shoe_ev, block.band_coups.sum(axis=1))
            # every band at once; a shoe with no coup in a band adds zeros there, which change nothing
            RatioMoments.add_columns([em for em, _ in self.depth[b]], block.band_ev, block.band_coups)
            RatioMoments.add_columns([pm for _, pm in self.depth[b]], block.band_positive, block.band_coups)
            # Merging every block into the run's counts sorted them all each time (4 s a block, 1 GB, at
            # 12 million rows): blocks wait until they hold a quarter as many rows as the counts.
            if len(self.edges_waiting) < len(self.edge_counts):
                self.edges_waiting = [[] for _ in self.edge_counts]
            waiting = self.edges_waiting[b]
            waiting.append(block.edges)
            if sum(map(len, waiting)) > max(WAITING_ROWS, len(self.edge_counts[b]) // 4):
                self.edge_counts[b] = merge_edge_counts([self.edge_counts[b], *waiting])
                waiting.clear()
        if play.count is not None:
            self.counted.merge(play.count)
        if self.search is not None and play.search is not None:
            self.search.add_block(play.bets[0].band_coups.sum(axis=1).tolist(), play.search)


def run_identity(shoes: int, seed: int, bets: Any, decks: int, burn: str, cut_card: int, count: Any,
                 count_bet: int, sizing: Any, ramp: Any, triggers: Any, bankroll: Any = None) -> str:
    """What makes two runs the same run, as one line of text (bets by their pay tables). The bankroll
    is in it (the simulated ruin trials are played from it as the shoes come, rather than keeping
    every shoe); the coups an hour are not: the figures that read them are made from the sums at the end."""
    def bet(b: Any) -> str:
        lines = ";".join(f"{line.condition}:{line.pays}" for line in b.lines)
        return f"{b.key}[{lines};otherwise:{b.otherwise}]"

    digest = hashlib.sha256("|".join(bet(b) for b in bets).encode()).hexdigest()[:16]
    parts = [f"shoes {shoes}", f"seed {seed}", f"decks {decks}", f"burn {burn}", f"cut card {cut_card}",
             f"bets {','.join(b.key for b in bets)} ({digest})",
             "count none" if count is None else f"count {count.tags_text()} from {count.trigger} on bet {count_bet}",
             f"perfect play's bets {'one unit' if sizing is None else sizing.text()}",
             f"count's bets {'one unit' if ramp is None else ramp.text()}",
             f"triggers {','.join(map(str, triggers)) or 'none'}",
             f"bankroll {'none' if bankroll is None else bankroll}"]
    return "; ".join(parts)


#: The only globals a checkpoint may name: the classes of a state and what they hold.
_ALLOWED = {
    ("fractions", "Fraction"), ("array", "array"), ("array", "_array_reconstructor"),
    ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "dict"), ("builtins", "list"),
    ("builtins", "tuple"), ("builtins", "int"), ("builtins", "float"), ("builtins", "bytearray"),
    ("copyreg", "_reconstructor"), ("builtins", "object"),
    ("numpy", "ndarray"), ("numpy", "dtype"), ("numpy.core.multiarray", "_reconstruct"),
    ("numpy._core.multiarray", "_reconstruct"), ("numpy.core.multiarray", "scalar"),
    ("numpy._core.multiarray", "scalar"), ("numpy._core.numeric", "_frombuffer"),
    ("numpy.core.numeric", "_frombuffer"),
    ("exact_odds.in_play.simulate.checkpoint", "SimulationState"),
    ("exact_odds.in_play.simulate.shoe_blocks", "BetTally"),
    ("exact_odds.in_play.simulate.statistics", "StrategyAccumulator"),
    ("exact_odds.in_play.simulate.statistics", "RatioMoments"),
    ("exact_odds.in_play.simulate.edge_counts", "EdgeCounts"),
    ("exact_odds.in_play.simulate.triggers", "TriggerAccumulator"),
    ("exact_odds.in_play.simulate.bankroll", "RuinPlay"),
}


#: Fields a fresh state leaves empty and a run fills: (class, field) -> what they hold once filled.
#: ``by_remaining``: cards left -> [coups, sum of EV numerators, positive coups] (whole numbers);
#: ``best``/``worst``: None or a Fraction; ``edges_waiting``: per bet, a list of EdgeCounts.
_FILLED = {("BetTally", "by_remaining"), ("BetTally", "best"), ("BetTally", "worst"),
           ("SimulationState", "edges_waiting")}


def _number_kind(x: Any) -> str | None:
    """'int', 'float' or 'Fraction' for a number of that kind (numpy's scalars too, never a bool), else None."""
    kind = _KINDS.get(type(x))
    if kind is not None or type(x) is bool:
        return kind
    if isinstance(x, numbers.Integral):
        return "int"
    if isinstance(x, numbers.Real) and not isinstance(x, numbers.Rational):
        return "float"
    return None


_KINDS = {int: "int", float: "float", Fraction: "Fraction"}


def shape_problem(value: Any, like: Any, where: str = "state") -> str | None:
    """Where ``value`` (a loaded state, or a part of it) differs in type or shape from ``like`` (the fresh
    state of the same run, or its part), in words; None if it has the shape of a state of that run.

    Objects: the same class and fields; lists and tuples: the same length, element by element; dicts: the
    same keys; numbers: the same kind (int, float, Fraction); arrays: the same type code, or kind of number
    and number of dimensions. The fields a run fills from empty (:data:`_FILLED`) are checked for what they hold."""
    import array

    def name(x: Any) -> str:
        return "None" if x is None else type(x).__name__

    kind = _number_kind(like)
    if kind is not None:
        return None if _number_kind(value) == kind else f"{where} is {name(value)}, not a number ({kind})"
    if like is None or isinstance(like, (str, bytes)):
        return None if value == like or type(value) is type(like) else f"{where} is {name(value)}, not {name(like)}"
    if type(value) is not type(like):
        return f"{where} is {name(value)}, not {name(like)}"
    if isinstance(like, array.array):
        return None if value.typecode == like.typecode else f"{where} holds {value.typecode!r} items, not {like.typecode!r}"
    if hasattr(like, "dtype") and hasattr(like, "ndim"):  # (whole numbers of any width: blocks' differ)
        kinds = {"i": "whole numbers", "u": "whole numbers", "f": "floats", "b": "truths"}
        if kinds.get(value.dtype.kind, value.dtype.kind) != kinds.get(like.dtype.kind) or value.ndim != like.ndim:
            return f"{where} is an array of {value.dtype} in {value.ndim} dimensions, not of " \
                   f"{kinds.get(like.dtype.kind)} in {like.ndim}"
        return None
    if isinstance(like, (list, tuple)):
        if len(value) != len(like):
            return f"{where} has {len(value)} items, not {len(like)}"
        for i, (v, l) in enumerate(zip(value, like)):
            problem = shape_problem(v, l, f"{where}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(like, dict):
        if set(value) != set(like):
            return f"{where} has the keys {sorted(map(str, value))[:8]}, not {sorted(map(str, like))[:8]}"
        for k in like:
            problem = shape_problem(value[k], like[k], f"{where}[{k!r}]")
            if problem:
                return problem
        return None
    fields, expected = getattr(value, "__dict__", None), getattr(like, "__dict__", None)
    if not isinstance(fields, dict) or expected is None or set(fields) != set(expected):
        return f"{where} ({name(value)}) does not hold the fields of one"
    for field_name, l in expected.items():
        v, at = fields[field_name], f"{where}.{field_name}"
        problem = (_filled_problem(v, like, type(like).__name__, field_name, at)
                   if (type(like).__name__, field_name) in _FILLED else shape_problem(v, l, at))
        if problem:
            return problem
    if type(like).__name__ == "EdgeCounts" and not len(value.left) == len(value.edge) == len(value.coups):
        return f"{where}'s columns differ in length"
    return None


def _filled_problem(value: Any, owner: Any, cls: str, field_name: str, where: str) -> str | None:
    """:func:`shape_problem` for a field a run fills from empty (:data:`_FILLED`)."""
    if field_name in ("best", "worst"):
        return None if value is None or _number_kind(value) == "Fraction" else \
            f"{where} is {type(value).__name__}, not None or a Fraction"
    if field_name == "by_remaining":
        if not isinstance(value, dict):
            return f"{where} is {type(value).__name__}, not a dict"
        for k, row in value.items():
            if _number_kind(k) != "int" or not isinstance(row, list) or len(row) != 3 or \
                    any(_number_kind(x) != "int" for x in row):
                return f"{where}[{k!r}] is not three whole numbers for a whole number of cards left"
        return None
    # edges_waiting: none yet, or per bet a list of EdgeCounts shaped as the bet's edge counts
    counts = owner.edge_counts
    if not isinstance(value, list) or len(value) not in (0, len(counts)):
        return f"{where} is not a list of one list per bet"
    for b, waiting in enumerate(value):
        if not isinstance(waiting, list):
            return f"{where}[{b}] is {type(waiting).__name__}, not a list"
        for i, block in enumerate(waiting):
            problem = shape_problem(block, counts[b], f"{where}[{b}][{i}]")
            if problem:
                return problem
    return None


class _StateUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED:
            raise CheckpointError(f"it holds {module}.{name}, which no checkpoint holds")
        return super().find_class(module, name)


class Checkpoint:
    """The checkpoint file of one run (module docstring)."""

    def __init__(self, path: str | os.PathLike[str], identity: str):
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"checkpoint is the path of a file, not {type(path).__name__}")
        self.path = os.fspath(path)
        self.identity = identity
        self.saved_at = time.monotonic()
        self.took = 0.0

    def load(self, like: SimulationState | None = None) -> SimulationState | None:
        """The state saved by this run, or None if there is no file yet; CheckpointError for a file
        that is not a checkpoint or is another run's, or (given ``like``, the fresh state of this run)
        whose state is not shaped as this run's (:func:`shape_problem`)."""
        if not os.path.exists(self.path):
            return None
        if not os.path.isfile(self.path):
            raise CheckpointError(f"{self.path!r} is not a regular file")
        try:
            with open(self.path, "rb") as fh:
                data = _StateUnpickler(io.BufferedReader(fh)).load()
        except CheckpointError as exc:
            raise CheckpointError(f"{self.path!r} is not a checkpoint of exact-odds simulate: {exc}") from None
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, IndexError,
                KeyError, MemoryError, RecursionError, UnicodeDecodeError) as exc:
            raise CheckpointError(f"{self.path!r} is not a checkpoint of exact-odds simulate "
                                  f"({type(exc).__name__})") from None
        if isinstance(data, tuple) and len(data) == 3 and isinstance(data[0], str) and data[0] != FORMAT \
                and data[0].startswith(FORMAT.rsplit(" ", 1)[0]):
            raise CheckpointError(f"{self.path!r} is a checkpoint of an older version of exact-odds simulate "
                                  "(it kept every shoe); start the run again with another file")
        if not (isinstance(data, tuple) and len(data) == 3 and data[0] == FORMAT
                and isinstance(data[2], SimulationState)):
            raise CheckpointError(f"{self.path!r} is not a checkpoint of exact-odds simulate")
        if data[1] != self.identity:
            mine = dict(p.split(" ", 1) if " " in p else (p, "") for p in self.identity.split("; "))
            theirs = dict(p.split(" ", 1) if " " in p else (p, "") for p in str(data[1]).split("; "))
            diff = [k for k in {**mine, **theirs} if mine.get(k) != theirs.get(k)]
            what = diff[0] if diff else "run"
            raise CheckpointError(f"{self.path!r} is the checkpoint of another run ({what} "
                                  f"{theirs.get(what, 'not given')}, not {mine.get(what, 'not given')}); "
                                  "give another file, or the options of that run")
        if like is not None:  # every field, before any is used (whole() below reads them); another run's differ
            problem = shape_problem(data[2], like)
            if problem is None and not 0 <= data[2].done:
                problem = f"state.done is {data[2].done}, not a number of shoes"
            if problem is not None:
                raise CheckpointError(f"{self.path!r} is damaged: {' '.join(problem.split())[:200]}; start the run "
                                      "again with another file")
        if not data[2].whole():
            raise CheckpointError(f"{self.path!r} holds a state whose parts cover different shoes (saved by a "
                                  "version that a stop could cut in the middle of a block); start the run again "
                                  "with another file")
        return data[2]

    def save(self, state: SimulationState) -> None:
        """Write ``state`` atomically (OutputError where it cannot be written)."""
        began = time.monotonic()
        write_bytes(self.path, pickle.dumps((FORMAT, self.identity, state), protocol=pickle.HIGHEST_PROTOCOL))
        self.saved_at = time.monotonic()
        self.took = self.saved_at - began

    def save_now_and_then(self, state: SimulationState) -> None:
        """:meth:`save` if :data:`EVERY_SECONDS`, and 20 times what the last write took, have passed."""
        if time.monotonic() - self.saved_at >= max(EVERY_SECONDS, 20 * self.took):
            self.save(state)

