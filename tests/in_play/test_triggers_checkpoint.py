"""The trigger search and the checkpoint (issue 25, items 3 and 5).

The trigger search plays every trigger on one pass over the coups: each of its rows must be the
count played alone at that trigger in the same shoes (a separate run, coup by coup). A run stopped
and resumed from its checkpoint, on another number of processes, must print the same bytes as a run
never stopped; a checkpoint of another run is refused.
"""

import os
import pickle
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.selection import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate.checkpoint import CheckpointError
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.report.emit import emit
from exact_odds.report.simulation import simulation_report

DRAGON7 = builtin_catalog().bet("dragon7")
BANKER = builtin_catalog().bet("banker")
TAGS = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
TRIGGERS = [Fraction(t) for t in (-1, 2, Fraction(7, 2), 6)]


@pytest.fixture(scope="module")
def searched():
    return simulate(30, 8, 5, [BANKER, DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1,
                    triggers=TRIGGERS)


@pytest.mark.parametrize("k", range(len(TRIGGERS)))
def test_each_trigger_of_the_search_is_the_count_played_alone_at_it(searched, k):
    alone = simulate(30, 8, 5, [BANKER, DRAGON7], count=CountStrategy("d7", TAGS, TRIGGERS[k]), count_bet=1)
    row, play = searched.trigger_curve.rows[k], alone.count_result
    assert row.trigger == TRIGGERS[k] and row.bets == play.totals.bets
    assert row.win_per_100_coups.value == pytest.approx(play.win_per_100_coups.value, rel=1e-12)
    assert row.win_per_100_coups.standard_error == pytest.approx(play.win_per_100_coups.standard_error, rel=1e-6)
    if play.score.value is None:
        assert row.score.value is None
    else:
        assert row.score.value == pytest.approx(play.score.value, rel=1e-12)
        assert row.score.standard_error == pytest.approx(play.score.standard_error, rel=1e-6)


def test_the_search_does_not_change_the_count_it_rides_on(searched):
    alone = simulate(30, 8, 5, [BANKER, DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1)
    assert searched.count_result == alone.count_result and searched.perfect == alone.perfect
    best = searched.trigger_curve.best("win_per_100_coups")
    assert best.win_per_100_coups.value == max(r.win_per_100_coups.value for r in searched.trigger_curve.rows)


def _json(result):
    return emit(simulation_report(result), "json")


def _run(path=None, jobs=1, progress=None):
    return simulate(40, 8, 9, [BANKER, DRAGON7], jobs=jobs, progress=progress,
                    count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1, bankroll=100,
                    triggers=TRIGGERS, checkpoint=path)


def test_a_run_stopped_and_resumed_on_two_processes_gives_the_same_bytes(tmp_path):
    whole = _json(_run())
    path = tmp_path / "run.ckpt"
    done = []

    def stop_after_two_blocks(n):
        done.append(n)
        if len(done) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _run(path, progress=stop_after_two_blocks)
    assert path.is_file()
    resumed = []
    assert _json(_run(path, jobs=2, progress=resumed.append)) == whole
    assert 0 < resumed[0] < 40 and sum(resumed) == 40  # the shoes done before were counted at once
    assert _json(_run(path)) == whole  # the finished run's checkpoint: nothing left to deal


def test_a_finished_run_is_reported_again_for_other_coups_an_hour_from_its_checkpoint(tmp_path):
    """The rates are made from the sums at the end; the bankroll is part of the run (its ruin trials
    are played as the shoes come, not kept shoe by shoe), so another bankroll is another run."""
    path = tmp_path / "run.ckpt"
    _run(path)
    options = dict(count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1, bankroll=100, triggers=TRIGGERS,
                   coups_per_hour=45)
    again = simulate(40, 8, 9, [BANKER, DRAGON7], checkpoint=path, **options)
    assert _json(again) == _json(simulate(40, 8, 9, [BANKER, DRAGON7], **options))
    assert again.count_result.coups_per_hour == 45
    with pytest.raises(CheckpointError, match="another run .bankroll 100, not 37"):
        simulate(40, 8, 9, [BANKER, DRAGON7], checkpoint=path, **{**options, "bankroll": 37})


def test_a_checkpoint_of_another_run_is_refused_in_one_line(tmp_path):
    path = tmp_path / "run.ckpt"
    _run(path)
    with pytest.raises(CheckpointError, match="another run .seed 9, not 10"):
        simulate(40, 8, 10, [BANKER, DRAGON7], count=CountStrategy("d7", TAGS, Fraction(4)), count_bet=1,
                 bankroll=100, triggers=TRIGGERS, checkpoint=path)
    r = CliRunner().invoke(main, ["simulate", "--shoes", "40", "--seed", "9", "--bets", "banker,dragon7", "-q",
                                  "--checkpoint", str(path)])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1, r.output
    assert "--checkpoint" in r.stderr and "another run" in r.stderr and "Traceback" not in r.output


class _Boom:
    def __reduce__(self):
        return (os.system, ("touch boom",))


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps({"a": 1}), pickle.dumps(_Boom())])
def test_a_file_that_is_not_a_checkpoint_is_refused_and_never_run(tmp_path, content, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "bad.ckpt"
    path.write_bytes(content)
    r = CliRunner().invoke(main, ["simulate", "--shoes", "3", "--bets", "banker", "-q", "--checkpoint", str(path)])
    assert r.exit_code == 2 and "is not a checkpoint" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "boom").exists()


@pytest.mark.slow
def test_simulate_stopped_by_sigterm_three_times_resumes_from_its_checkpoint_to_the_same_bytes(tmp_path):
    """The console script on 2 processes: SIGTERM while the shoes are dealt writes the checkpoint and exits 143
    (one line); stopped at three moments (the first in its start-up or first block) and resumed each time, it
    then prints, as text and as JSON, what the run never stopped prints, its trigger search over every shoe."""
    import json
    import signal
    import subprocess
    import sys
    import time

    # Enough shoes that three stops come before the end on a quiet machine with the compiled kernel (3,000
    # shoes ended before the second stop there).
    command = [sys.executable, "-m", "exact_odds", "simulate", "--shoes", "12000", "--bets", "dragon7",
               "--count", "dragon7", "--bankroll", "300", "--search-triggers", "2:6", "--jobs", "2", "-q"]
    whole = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    path = tmp_path / "run.ckpt"
    stopped = 0
    for seconds in (3, 5, 7):
        run = subprocess.Popen(command + ["--checkpoint", str(path)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        time.sleep(seconds)
        run.send_signal(signal.SIGTERM)
        out, err = run.communicate(timeout=60)
        if run.returncode == 0:  # finished first (a quiet machine): the remaining stops have nothing to stop
            break
        assert run.returncode == 143 and err.strip().splitlines() == ["exact-odds: terminated (SIGTERM)"], err
        assert out == ""
        stopped += 1
    assert stopped >= 2
    resumed = subprocess.run(command + ["--checkpoint", str(path)], capture_output=True, text=True, check=True)
    assert resumed.stdout == whole
    document = json.loads(subprocess.run(command + ["--checkpoint", str(path), "--format", "json"],
                                         capture_output=True, text=True, check=True).stdout)
    search = document["trigger_search"]
    assert (search["shoes"], search["coups"]) == (document["shoes"], document["coups"]) and search["shoes"] == 12000
    assert document == json.loads(subprocess.run(command + ["--format", "json"], capture_output=True, text=True,
                                                 check=True).stdout)


def test_the_best_trigger_is_one_that_bets():
    from exact_odds.in_play.simulate.statistics import Estimate
    from exact_odds.in_play.simulate.triggers import TriggerCurve, TriggerRow

    def row(t, bets, win):
        return TriggerRow(Fraction(t), bets, Estimate(None, None, 2), Estimate(win, 0.1, 2), Estimate(None, None, 2))

    curve = TriggerCurve((row(0, 10, -3.0), row(1, 4, -1.0), row(2, 0, 0.0)), Fraction(70), 2, 100)
    assert curve.best("win_per_100_coups").trigger == 1  # the least loss among triggers that bet
    assert curve.best("score") is None
