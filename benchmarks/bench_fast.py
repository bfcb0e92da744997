"""Fast exact path against the recursive walk, in the same process.

Prints medians and ratios for:
  * a full analysis of one arbitrary shoe (every value-level bet of the
    catalog priced exactly, BetResult by BetResult): recursive walk +
    PayTable.price  vs  pricer.Pricer;
  * the deal distribution alone: walk.walk vs features.walk_compiled;
  * the batch rate (shoes/s) with 1 and 2 processes;
  * the cold `exact-odds edge --decks 8` (a fresh interpreter);
  * `exact-odds simulate --shoes N --decks 8 --jobs 2`;
  * peak memory (resource.getrusage maxrss).

With ``--kernel``, only the pricing kernel (exact_odds/punto_banco/bilinear.py) against the
features path it replaced (``Pricer.dense_kernel``), the two alternated in the same run:
  * per-shoe microseconds of ``Pricer.value_batch`` for the standard bets (Banker, Player,
    Tie), 8-deck and 1-deck shoes in play, by chunk size (and one call per shoe dealt, as
    ``simulate`` prices a shoe's ~80 coups);
  * the cold pricer-ready time: a fresh interpreter, ``Pricer(standard).prepare()`` loaded
    from the shipped file (exact_odds/punto_banco/prebuilt.py) vs built from the walk.

Usage: PYTHONPATH=. python3 benchmarks/bench_fast.py [--quick] [--kernel]
"""

from __future__ import annotations

import os
import random
import resource
import statistics
import subprocess
import sys
import time

from timing import median_time, rank_counts_in_play  # noqa: E402  (puts the repository on sys.path)

from exact_odds.in_play.workers import parallel  # noqa: E402
from exact_odds.punto_banco.compiled import compiled  # noqa: E402
from exact_odds.punto_banco.features import walk_compiled  # noqa: E402
from exact_odds.punto_banco.pricer import Pricer  # noqa: E402
from exact_odds.punto_banco.walk import walk  # noqa: E402
from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.bets.paytable import PayTable  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402

QUICK = "--quick" in sys.argv



def random_shoes(n: int, seed: int = 1) -> list[Shoe]:
    rng = random.Random(seed)
    return [Shoe.from_counts([rng.randint(0, 32) for _ in range(13)]) for _ in range(n)]


def bets() -> tuple[PayTable, ...]:
    """Every value-level bet of the catalog (pair bets need ranks and suits)."""
    return tuple(b for b in builtin_catalog().bets.values() if b.is_value_level)


def dealt_shoes(n: int, seed: int = 3) -> list[Shoe]:
    """8-deck shoes in play: a shuffled shoe after a random number (0-400) of cards dealt."""
    return [Shoe.from_counts(c) for c in rank_counts_in_play(n, seed)]


_PRICER = {}


def _batch_chunk(shoes):
    return _PRICER["p"].batch_ev_numerators(shoes)


def one_deck_in_play(n: int, seed: int = 4) -> list[tuple[int, ...]]:
    """Value counts of ``n`` 1-deck shoes after a random number (0-40) of cards dealt."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = [min(r, 9) % 10 for r in range(1, 14) for _ in range(4)]
        rng.shuffle(cards)
        left = cards[rng.randint(0, 40):]
        out.append(tuple(left.count(v) for v in range(10)))
    return out


def kernel_main() -> None:
    """The kernel against the features path, and the cold pricer-ready time (module docstring)."""
    std = Pricer(builtin_catalog().variant("standard")).prepare()
    eight = [tuple([sum(c[9:])] + c[:9]) for c in rank_counts_in_play(2048, 3)]
    one = one_deck_in_play(2048)
    rounds = 3 if QUICK else 7
    print("value_batch, standard bets, per shoe (medians of %d alternated rounds; machine shared):" % rounds)
    for label, shoes in (("8 decks", eight), ("1 deck", one)):
        assert std.value_batch(shoes[:300]) == _dense(std, shoes[:300], 64)  # same integers first
        for chunk in (16, 64, 128, 256, 1024):
            old, new, ratio = [], [], []
            for _ in range(rounds):
                a = median_time(lambda: _dense(std, shoes, chunk), 3) / len(shoes)
                b = median_time(lambda: std.value_batch(shoes, chunk=chunk), 3) / len(shoes)
                old.append(a)
                new.append(b)
                ratio.append(a / b)
            print(f"  {label}, chunk {chunk:4d}: features path {statistics.median(old) * 1e6:6.2f} us, "
                  f"bilinear kernel {statistics.median(new) * 1e6:6.2f} us, ratio {statistics.median(ratio):.2f}x")
    # one call per shoe dealt, ~80 coups each (what simulate's blocks look like per shoe)
    blocks = [eight[i: i + 80] for i in range(0, 1600, 80)]
    old, new, ratio = [], [], []
    for _ in range(rounds):
        a = median_time(lambda: [_dense(std, b, 64) for b in blocks], 3) / 1600
        b = median_time(lambda: [std.value_batch(b) for b in blocks], 3) / 1600
        old.append(a)
        new.append(b)
        ratio.append(a / b)
    print(f"  8 decks, one call per 80 coups (default chunk): features path {statistics.median(old) * 1e6:.2f} us, "
          f"bilinear kernel {statistics.median(new) * 1e6:.2f} us, ratio {statistics.median(ratio):.2f}x")

    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."))
    code = ("import time; from exact_odds.bets.catalog import builtin_catalog; "
            "from exact_odds.punto_banco import prebuilt; from exact_odds.punto_banco.features import numpy_or_none; "
            "from exact_odds.punto_banco.pricer import Pricer; np = numpy_or_none(); {patch}"
            "bets = builtin_catalog().variant('standard'); t = time.perf_counter(); Pricer(bets).prepare(); "
            "print(time.perf_counter() - t)")
    built, loaded, ratio = [], [], []
    for _ in range(rounds):
        a = float(subprocess.run([sys.executable, "-c", code.format(patch="prebuilt.load = lambda *a, **k: None; ")],
                                 env=env, check=True, capture_output=True, text=True).stdout)
        b = float(subprocess.run([sys.executable, "-c", code.format(patch="")], env=env, check=True,
                                 capture_output=True, text=True).stdout)
        built.append(a)
        loaded.append(b)
        ratio.append(a / b)
    print(f"cold standard pricer ready (after imports; a fresh interpreter, medians of {rounds}): built from the "
          f"walk {statistics.median(built) * 1e3:.0f} ms, loaded from prebuilt.json {statistics.median(loaded) * 1e3:.0f} ms, "
          f"ratio {statistics.median(ratio):.1f}x")


def _dense(pricer: Pricer, shoes, chunk: int):
    """``value_batch`` by the features path the kernel replaced."""
    pricer.dense_kernel = True
    try:
        return pricer.value_batch(shoes, chunk=chunk)
    finally:
        pricer.dense_kernel = False


def main() -> None:
    if "--kernel" in sys.argv:
        kernel_main()
        return
    all_bets = bets()
    t = time.perf_counter()
    compiled()
    compile_s = time.perf_counter() - t
    t = time.perf_counter()
    pricer = Pricer(all_bets)
    pricer.counts(Shoe.decks(8))
    build_s = time.perf_counter() - t
    print(f"compile the walk: {compile_s * 1e3:.0f} ms once per process; pricer for {len(all_bets)} bets "
          f"({pricer.n_rows} rows): {build_s * 1e3:.0f} ms")

    shoes = dealt_shoes(5 if QUICK else 15)
    # Same results first (the benchmark is meaningless otherwise).
    for s in shoes[:3]:
        dist = walk(s)
        assert pricer.results(s) == tuple(b.price(dist) for b in all_bets)
        assert walk_compiled(s).deals == dist.deals

    def walk_analysis(s):
        dist = walk(s)
        return [b.price(dist).house_edge for b in all_bets]

    def fast_edges(s):
        return pricer.house_edges(s)

    def fast_results(s):
        return [r.house_edge for r in pricer.results(s)]

    for s in shoes[:3]:
        assert fast_edges(s) == walk_analysis(s) == fast_results(s)
    # Interleave the baseline and the fast path shoe by shoe, so that a busy
    # machine slows both alike; the ratio is the median of per-shoe ratios.
    rows = []
    for s in shoes:
        for _ in range(3):
            rows.append((median_time(lambda: walk(s), 3), median_time(lambda: walk_analysis(s), 3),
                         median_time(lambda: pricer.shoe_ev_numerators(s), 50),
                         median_time(lambda: fast_edges(s), 50), median_time(lambda: fast_results(s), 10)))
    walk_only, slow, nums, quick, full = (statistics.median(r[i] for r in rows) for i in range(5))
    ratio = lambda i, j: statistics.median(r[i] / r[j] for r in rows)  # noqa: E731
    print(f"full analysis of one shoe, exact house edge of all {len(all_bets)} value-level bets "
          f"({len(shoes)} 8-deck shoes in play; medians):")
    print(f"  recursive walk + PayTable.price: {slow * 1e3:.2f} ms (the walk alone {walk_only * 1e3:.2f} ms)")
    print(f"  fast Pricer.shoe_ev_numerators (exact integers over scale*total): {nums * 1e6:.0f} us; "
          f"ratio {ratio(1, 2):.0f}x (vs the walk alone {ratio(0, 2):.0f}x)")
    print(f"  fast Pricer.house_edges (Fractions): {quick * 1e6:.0f} us; ratio {ratio(1, 3):.0f}x "
          f"(vs the walk alone {ratio(0, 3):.0f}x)")
    print(f"  fast Pricer.results (every BetResult, line by line): {full * 1e6:.0f} us; ratio {ratio(1, 4):.0f}x")

    slow = statistics.median(median_time(lambda s=s: walk(s), 3) for s in shoes)
    quick = statistics.median(median_time(lambda s=s: walk_compiled(s), 20) for s in shoes)
    print(f"deal distribution: walk {slow * 1e3:.2f} ms, walk_compiled {quick * 1e3:.3f} ms, "
          f"ratio {slow / quick:.0f}x")

    std = Pricer(builtin_catalog().variant("standard"))
    _PRICER["p"] = std
    batch = random_shoes(4000 if QUICK else 20000, seed=2)
    for n_jobs in (1, 2):
        chunks = [batch[i: i + 512] for i in range(0, len(batch), 512)]
        t = time.perf_counter()
        rows = [r for part in parallel.run(_batch_chunk, chunks, n_jobs) for r in part]
        dt = time.perf_counter() - t
        assert len(rows) == len(batch)
        print(f"batch (exact EV of Banker, Player, Tie; random shoes of 0-32 per rank): {len(batch) / dt:,.0f} shoes/s "
              f"with {n_jobs} process{'es' if n_jobs > 1 else ''}")

    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(__file__), ".."))
    cold = []
    for _ in range(3 if QUICK else 7):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "exact_odds", "edge", "--decks", "8"], env=env,
                       check=True, stdout=subprocess.DEVNULL)
        cold.append(time.perf_counter() - t)
    print(f"cold `exact-odds edge --decks 8`: median {statistics.median(cold):.3f} s")

    n = 100 if QUICK else 1000
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "exact_odds", "simulate", "--shoes", str(n), "--decks", "8",
                    "--seed", "1", "--jobs", "2"], env=env, check=True, stdout=subprocess.DEVNULL)
    print(f"`exact-odds simulate --shoes {n} --decks 8 --jobs 2`: {time.perf_counter() - t:.1f} s")

    me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak memory: this process {me:.0f} MB, largest child {kids:.0f} MB")


if __name__ == "__main__":
    main()
