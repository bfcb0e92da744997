"""A run stopped by SIGTERM at several moments and resumed from its checkpoint each time (issue 25).

The 1,000,000-shoe study was stopped four times; every figure then covered its 1,000,000 shoes but
the trigger search's, which had lost 900. The signal is the console script's
(:func:`exact_odds.interrupts.install`: a KeyboardInterrupt wherever the main thread is), so it may
land while a finished block is being added to the run's state, where the existing tests (which stop
a run from its progress callback, between blocks) never stopped it. Here the signal is sent at the
moments that matter: while the very first block is added, while a later one is, and right after a
save; each resumed run must end with the bytes of the run never stopped, and every part of the
state must cover the same shoes.
"""

import os
import signal
from fractions import Fraction

import pytest

from exact_odds.bets.selection import builtin_catalog
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate import checkpoint as checkpoint_module
from exact_odds.in_play.simulate import triggers as triggers_module
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.report.emit import emit
from exact_odds.report.simulation import simulation_report

DRAGON7 = builtin_catalog().bet("dragon7")
TAGS = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
SHOES = 80


def _run(path=None):
    return simulate(SHOES, 8, 3, [DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), bankroll=50,
                    triggers=[Fraction(t) for t in (1, 3, 5)], checkpoint=path)


def _bytes(result):
    report = simulation_report(result)
    return emit(report, "plain"), emit(report, "json")


@pytest.fixture
def sigterm_raises():
    """SIGTERM handled as the console script handles it: a KeyboardInterrupt in the main thread."""
    def on_signal(signum, frame):
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, on_signal)
    yield
    signal.signal(signal.SIGTERM, old)


def _stop_inside(monkeypatch, owner, name, calls):
    """SIGTERM to this process from inside ``owner.name`` at its ``calls``-th call (1: the first)."""
    original = getattr(owner, name)
    seen = []

    def wrapped(*args, **kwargs):
        seen.append(1)
        if len(seen) == calls:
            os.kill(os.getpid(), signal.SIGTERM)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapped)


def _covered(path):
    """The shoes each part of the saved state covers."""
    import pickle

    with open(path, "rb") as fh:
        state = pickle.load(fh)[2]
    return {state.done, state.perfect[0].shoes, state.counted.shoes, state.search.shoes}, \
        {state.coups, state.perfect[0].coups, state.counted.coups, state.search.coups}


@pytest.fixture
def another_thread():
    """A thread besides the main one, as a process pool's: the system may give it a signal sent to
    the process (blocking the signal in the main thread alone would not hold it back)."""
    import threading

    done = threading.Event()
    thread = threading.Thread(target=done.wait, daemon=True)
    thread.start()
    yield
    done.set()
    thread.join()


def test_stops_during_the_first_block_a_later_block_and_after_a_save_resume_to_the_same_bytes(
        tmp_path, monkeypatch, sigterm_raises, another_thread):
    whole = _bytes(_run())
    path = tmp_path / "run.ckpt"
    stops = [
        (triggers_module.TriggerAccumulator, "add_block", 1),  # while the very first block is added
        (triggers_module.TriggerAccumulator, "add_block", 2),  # while a later block is added
        (checkpoint_module.Checkpoint, "save", 1),  # right after a save (one after every block here)
    ]
    monkeypatch.setattr(checkpoint_module, "EVERY_SECONDS", 0.0)
    for owner, name, calls in stops:
        with monkeypatch.context() as m:
            if name == "save":
                original = owner.save

                def save_then_stop(self, state, original=original):
                    original(self, state)
                    os.kill(os.getpid(), signal.SIGTERM)

                m.setattr(owner, "save", save_then_stop)
            else:
                _stop_inside(m, owner, name, calls)
            with pytest.raises(KeyboardInterrupt):
                _run(path)
        shoes, coups = _covered(path)
        assert len(shoes) == 1 and len(coups) == 1, (name, calls, shoes, coups)
        assert 0 < shoes.pop() < SHOES
    resumed = _run(path)
    assert resumed.trigger_curve.shoes == resumed.shoes == SHOES
    assert resumed.trigger_curve.coups == resumed.coups == resumed.count_result.totals.coups
    assert _bytes(resumed) == whole


def test_a_checkpoint_whose_parts_cover_different_shoes_is_refused(tmp_path):
    """What a stop in the middle of a block used to save: the count and the tallies past the trigger
    search. Resuming from it would give figures over different shoes; it is refused in one line."""
    import pickle

    from exact_odds.in_play.simulate.checkpoint import CheckpointError

    path = tmp_path / "run.ckpt"
    simulate(4, 8, 3, [DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), triggers=[Fraction(2)],
             checkpoint=path)
    fmt, identity, state = pickle.loads(path.read_bytes())
    state.search.shoes -= 1
    path.write_bytes(pickle.dumps((fmt, identity, state)))
    with pytest.raises(CheckpointError, match="cover different shoes"):
        simulate(4, 8, 3, [DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), triggers=[Fraction(2)],
                 checkpoint=path)


def test_a_checkpoint_of_the_older_format_is_refused_in_one_line(tmp_path):
    """The first format kept seven floats a shoe per strategy; its files cannot be resumed by this one."""
    import pickle

    from click.testing import CliRunner

    from exact_odds.cli import main

    path = tmp_path / "old.ckpt"
    path.write_bytes(pickle.dumps(("exact_odds simulate checkpoint 1", "shoes 3", [])))
    r = CliRunner().invoke(main, ["simulate", "--shoes", "3", "--bets", "banker", "-q", "--checkpoint", str(path)])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert "older version" in r.stderr and "Traceback" not in r.output
