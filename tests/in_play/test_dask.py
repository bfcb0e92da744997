"""simulate and sweep on a Dask cluster (issue 14): the same results as --jobs 1, whatever the workers.

The cluster is a ``LocalCluster`` in this process (threads, no network):
quick enough for every run of the suite; ``slow`` adds one of two worker
processes reached over TCP, as a real cluster is.
"""

import time

import pytest
from click.testing import CliRunner

from exact_odds.bets.selection import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.workers import parallel
from exact_odds.in_play.workers.executors import Dask
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.in_play.sweep.sweep import price_shoes
from exact_odds.punto_banco import walk as engine
from exact_odds.punto_banco.features import numpy_or_none
from exact_odds.rules.shoe import Shoe

# numpy before distributed imports it, with BLAS single-threaded as exact_odds chooses: else the
# processes later tests fork share the cores with BLAS threads (several times slower)
numpy_or_none()

BETS = [builtin_catalog().bet(k) for k in ("banker", "player", "tie", "dragon7")]


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as c:
        yield Dask(c.scheduler_address)


def test_results_come_back_in_input_order_from_the_cluster(cluster):
    items = list(range(-30, 0))
    calls = []
    assert list(parallel.run(abs, items, cluster, chunk=4, progress=calls.append)) == list(range(30, 0, -1))
    assert calls == [1] * 30


def test_a_simulation_on_the_cluster_equals_one_process(cluster):
    one = simulate(3, 1, 11, BETS, jobs=1)
    on_cluster = simulate(3, 1, 11, BETS, jobs=cluster)
    assert on_cluster.to_records() == one.to_records()
    assert on_cluster.coups == one.coups and on_cluster.tallies == one.tallies


def test_a_sweep_on_the_cluster_equals_one_process_and_the_walk(cluster):
    shoes = [Shoe.decks(1), Shoe.decks(8).remove(["5", "5", "K", "9"]), Shoe.from_counts([1] * 6 + [0] * 7)] * 3
    one = price_shoes(shoes, BETS)
    assert price_shoes(shoes, BETS, jobs=cluster) == one
    for shoe, price in zip(shoes[:3], one):
        dist = engine.walk(shoe)
        assert price.house_edges == tuple(b.price(dist).house_edge for b in BETS)


def test_the_command_line_sweep_on_the_cluster_prints_the_same_file(cluster):
    lines = "".join(",".join(str(4 + (i * r) % 3) for r in range(13)) + "\n" for i in range(40))
    here = CliRunner().invoke(main, ["sweep", "-"], input=lines)
    there = CliRunner().invoke(main, ["sweep", "-", "--scheduler", cluster.address], input=lines)
    assert here.exit_code == there.exit_code == 0, there.stderr
    assert there.stdout == here.stdout and there.stdout.count("\n") == 41


def test_a_worker_error_reaches_the_caller(cluster):
    def fail_on_3(x):
        if x == 3:
            raise ArithmeticError("three")
        return x

    with pytest.raises(ArithmeticError, match="three"):
        list(parallel.run(fail_on_3, list(range(10)), cluster))


def test_setup_runs_once_per_process_before_its_first_item():
    """What a Dask worker in another process does with ``setup``: the function once, then the items."""
    calls = []
    token = ("a-run", (calls.append, ("ready",)))
    assert parallel._apply(abs, [-1, -2], token) == [1, 2]
    assert parallel._apply(abs, [-3], token) == [3]
    assert calls == ["ready"]
    parallel._apply(abs, [1], ("another-run", (calls.append, ("again",))))
    assert calls == ["ready", "again"]


@pytest.mark.slow
def test_two_worker_processes_over_tcp_give_the_same_results():
    """As on a real cluster: worker processes that inherit nothing (setup runs there), over TCP."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      protocol="tcp") as c:
        target = Dask(c.scheduler_address)
        t = time.perf_counter()
        assert simulate(6, 1, 5, BETS, jobs=target).to_records() == simulate(6, 1, 5, BETS).to_records()
        shoes = [Shoe.decks(d) for d in (1, 2, 3, 8)] * 200
        assert price_shoes(shoes, BETS, jobs=target) == price_shoes(shoes, BETS)
        assert time.perf_counter() - t < 60


def _blas_threads(_):
    from exact_odds.blas import _openblas

    return int(_openblas()[0]())


def test_a_dask_workers_batch_runs_with_one_blas_thread():
    """A Dask worker's numpy starts a BLAS thread a core (distributed imports it before our code
    can choose), and worker processes already share the cores: each batch runs with one, and the
    worker's own setting comes back after it."""
    from exact_odds.blas import _openblas

    numpy_or_none()
    get, set_ = _openblas()  # numpy's wheels ship OpenBLAS: found on every machine we test on
    before = int(get())
    set_(2)
    try:
        assert parallel._apply(_blas_threads, [0, 1], None) == [1, 1]
        assert int(get()) == 2
    finally:
        set_(before)


def test_connecting_silences_every_log_that_would_reach_the_terminal(cluster):
    """A Ctrl-C while a result is on its way printed tornado.application's ERROR traceback: distributed
    sets that logger's level itself, so quieting its parent "tornado" did not reach it."""
    import logging

    from exact_odds.in_play.workers import executors

    logging.getLogger("tornado.application").setLevel(logging.ERROR)  # as distributed leaves it
    executors.disconnect(executors.connect(cluster), early=False)
    for name in ("tornado.application", "tornado", "distributed.client", "distributed.comm"):
        assert logging.getLogger(name).getEffectiveLevel() >= logging.CRITICAL, name


def test_simulate_stopped_locally_and_resumed_on_the_cluster_is_the_run_never_stopped(cluster, tmp_path):
    """Issue 25, item 5: the same figures whichever way the run went (a count, a ramp, a bankroll and a
    trigger search included)."""
    from fractions import Fraction

    from exact_odds.in_play.count import CountStrategy
    from exact_odds.in_play.simulate.bankroll import parse_ramp
    from exact_odds.report.emit import emit
    from exact_odds.report.simulation import simulation_report

    options = dict(count=CountStrategy("d7", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0), Fraction(3)),
                   count_bet=3, ramp=parse_ramp("1@3,2@5"), bankroll=200, triggers=[Fraction(t) for t in range(7)])
    whole = emit(simulation_report(simulate(24, 8, 4, BETS, **options)), "json")
    path = tmp_path / "run.ckpt"
    seen = []

    def stop(n):
        seen.append(n)
        if len(seen) == 1:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(24, 8, 4, BETS, progress=stop, checkpoint=path, **options)
    resumed = simulate(24, 8, 4, BETS, jobs=cluster, checkpoint=path, **options)
    assert emit(simulation_report(resumed), "json") == whole
