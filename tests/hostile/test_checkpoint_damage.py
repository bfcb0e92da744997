"""issue 41, cause 3: a checkpoint with the right header but a damaged state (a field of the wrong type, None, a
list of the wrong length, a dict with other keys) is refused in one line, never a traceback (it crashed with
AttributeError, TypeError or IndexError once the run used it).

Every node of a real state (a run with a count, a bankroll, the trigger search and edge counts still waiting
to be merged) is damaged in turn, in every way below; each damaged file is refused by name before any of it is
used. The command line says so in one line, exit status 2."""

import pickle
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.selection import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate.checkpoint import FORMAT, Checkpoint, CheckpointError, shape_problem
from exact_odds.in_play.simulate.simulation import fresh_state, simulate

BETS = (builtin_catalog().bet("banker"), builtin_catalog().bet("dragon7"))
TAGS = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
TRIGGERS = tuple(Fraction(t) for t in (-1, 2, 6))
BANKROLL = Fraction(100)

#: What each node is replaced by: nothing, text, a number of another kind (a bool is no whole number here),
#: containers of another shape.
DAMAGE = [None, "x", 1.5, 7, True, [1, 2, 3], {"k": 1}]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A finished run's checkpoint: (identity, state, the fresh state of the same run)."""
    path = tmp_path_factory.mktemp("checkpoint") / "run.ckpt"
    simulate(12, 1, 5, list(BETS), count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1, bankroll=BANKROLL,
             triggers=list(TRIGGERS), checkpoint=path)
    fmt, identity, state = pickle.loads(path.read_bytes())
    assert fmt == FORMAT
    return identity, state, fresh_state(BETS, 1, BANKROLL, TRIGGERS)


def nodes(value, where="state", keys=()):
    """(where, keys) for every node below ``value``: fields, items and values (arrays are leaves)."""
    if isinstance(value, (list, tuple)):
        items = list(enumerate(value))
    elif isinstance(value, dict):
        items = list(value.items())
    elif hasattr(value, "__dict__") and not isinstance(value, (type, Fraction)):
        items = list(vars(value).items())
    else:
        return
    for key, item in items:
        at = f"{where}[{key!r}]" if isinstance(value, (list, tuple, dict)) else f"{where}.{key}"
        yield at, keys + (key,)
        yield from nodes(item, at, keys + (key,))


def get(value, key):
    return value[key] if isinstance(value, (list, tuple, dict)) else getattr(value, key)


def put(container, key, new):
    if isinstance(container, (list, dict)):
        container[key] = new
    elif isinstance(container, tuple):
        raise TypeError  # (a tuple is damaged through its own container)
    else:
        object.__setattr__(container, key, new)


def valid(where: str, old, new) -> bool:
    """A replacement that may leave a state of the run: a number of the same kind, or a row of them (only the
    figures would tell), a bet's best or worst coup unknown yet, no edge counts waiting, or the same value."""
    from exact_odds.in_play.simulate.checkpoint import _number_kind

    def same_kind(a, b):
        return _number_kind(a) is not None and _number_kind(a) == _number_kind(b)

    if (type(new) is type(old) and new == old) or same_kind(old, new):
        return True
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new) and all(map(same_kind, old, new)):
        return True  # (a row of whole numbers for whole numbers)
    if where.endswith((".best", ".worst")):
        return new is None
    return where.rstrip("]0123456789[").endswith("edges_waiting") and new == []


def test_the_real_state_has_the_shape_of_the_run(saved):
    identity, state, like = saved
    assert shape_problem(state, like) is None
    assert state.done == 12 and any(state.edges_waiting) and state.search is not None and state.counted.ruin


def test_every_node_damaged_in_every_way_is_refused_by_name(saved, tmp_path):
    """Through the file for one damage of each field (the file is read as the run reads it), and the rest
    through the check the reading makes (:func:`shape_problem`, against the fresh state of the run)."""
    identity, state, like = saved
    path, tried = tmp_path / "damaged.ckpt", 0
    blob = pickle.dumps(state)
    for where, keys in list(nodes(state)):
        for new in DAMAGE:
            damaged = pickle.loads(blob)  # a fresh copy each time
            container = damaged
            for key in keys[:-1]:
                container = get(container, key)
            key = keys[-1]
            old = get(container, key)
            if isinstance(container, tuple) or valid(where, old, new):
                continue
            put(container, key, new)
            if new is None and isinstance(key, str) and not isinstance(container, dict):  # each field, by file
                path.write_bytes(pickle.dumps((FORMAT, identity, damaged)))
                with pytest.raises(CheckpointError, match="is damaged: ") as refused:
                    Checkpoint(path, identity).load(like=like)
                assert "\n" not in str(refused.value) and where.split("[")[0] in str(refused.value), refused.value
            else:
                assert shape_problem(damaged, like), (where, new)
            tried += 1
    assert tried > 1000  # (the state's nodes, times the damages)


@pytest.mark.parametrize("field, value", [("done", -3), ("done", 10 ** 9)])
def test_a_number_of_shoes_out_of_the_run_is_refused(saved, tmp_path, field, value):
    identity, state, like = saved
    damaged = pickle.loads(pickle.dumps(state))
    setattr(damaged, field, value)
    for part in [*damaged.perfect, damaged.counted, damaged.search]:  # (the parts agree: only the count is wrong)
        part.shoes = value
    path = tmp_path / "run.ckpt"
    path.write_bytes(pickle.dumps((FORMAT, identity, damaged)))
    with pytest.raises(CheckpointError, match="damaged"):
        simulate(12, 1, 5, list(BETS), count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1, bankroll=BANKROLL,
                 triggers=list(TRIGGERS), checkpoint=path)


COMMAND = ["simulate", "--shoes", "12", "--decks", "1", "--seed", "5", "--bets", "banker,dragon7", "--count",
           "dragon7", "--bankroll", "100", "--search-triggers", "0:4", "-q", "--checkpoint"]


@pytest.mark.parametrize("damage", [
    lambda s: setattr(s, "tallies", None),
    lambda s: setattr(s.tallies[0], "by_remaining", {52: "x"}),
    lambda s: setattr(s.perfect[1], "pending", None),
    lambda s: setattr(s.counted, "gram", [0.0]),
    lambda s: setattr(s, "edge_counts", s.edge_counts[:1]),
    lambda s: setattr(s.edge_moments[0], "sy", None),
    lambda s: setattr(s.search, "sums", {}),
    lambda s: setattr(s, "depth", [[]]),
], ids=["tallies", "by_remaining", "pending", "gram", "edge_counts", "moments", "search", "depth"])
def test_the_command_line_refuses_a_damaged_state_in_one_line(tmp_path, damage):
    path = tmp_path / "run.ckpt"
    first = CliRunner().invoke(main, COMMAND + [str(path)], prog_name="exact-odds")
    assert first.exit_code == 0, first.output
    fmt, identity, state = pickle.loads(path.read_bytes())
    damage(state)
    path.write_bytes(pickle.dumps((fmt, identity, state)))
    r = CliRunner().invoke(main, COMMAND + [str(path)], prog_name="exact-odds")
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 2 and len(lines) == 1 and "--checkpoint" in lines[0] and "is damaged" in lines[0], r.output
    assert "Traceback" not in r.output
