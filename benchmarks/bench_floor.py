"""Close to the floor (issue 27): every row of the issue's table against a C reference kernel, in one run.

The C kernel (benchmarks/kernel/ref_kernel.c, built here with the system ``cc -O3 -march=native``)
walks the 5,005 six-value multisets with the standard bets' precomputed count tables in float64
(exact to 458 cards: the bound is proven in its comment), one shoe per call and 8 shoes per call in
SIMD lanes. Before anything is timed it must agree exactly with ``Pricer.counts`` on 200 random
depleted 8-deck shoes (both call forms), and its stand-alone sweep's rows with ``exact-odds sweep``'s.

Rows, each as medians, this checkout and (``--baseline DIR``, e.g. ``git worktree add /tmp/before27
main``) another checkout timed in the same run, and the same-run ratio to the kernel or to
``python -c pass``:

* one shoe: ``Pricer(standard).counts(shoe)``, warm, per shoe, over the 200 shoes (this row, the batch
  and ``analyse`` are medians of ``--repeat`` passes in one interpreter per checkout, then the median of
  three such interpreters, alternating between the checkouts and the C kernel; all three in CPU time of
  the process, which other people's work on a shared machine changes least);
* batch: ``Pricer.value_batch`` of 12,800 shoes (the 200, 64 times) in one process, per shoe;
* ``sweep FILE --jobs 2 -o OUT`` end to end (a fresh interpreter: read, price, write) of
  ``--shoes`` 8-deck shoes in play, shoes/s; the C floor is the kernel's sweep in one process;
* ``analyse(shoe, method="compiled")`` of one shoe, warm;
* cold ``python -m exact_odds edge --decks 8`` against ``python -c pass``;
* ``simulate --shoes 1000 --decks 8 --seed 1 --jobs 2`` (a fresh interpreter), seconds.

It says which path priced in each checkout (the compiled kernel, exact_odds/punto_banco/_native.c, where
it is built in place: ``pip install -e .`` in the checkout; numpy where not).

Each checkout's Python work runs in its own interpreter with ``PYTHONPATH`` naming the checkout (so
use an interpreter without an editable install of exact_odds, which would shadow it: the script
checks where exact_odds is imported from). Rows alternate between the checkouts, so the noise of a
shared machine falls on both alike: read the ratios of one run, not absolute times across runs.

Usage: python benchmarks/bench_floor.py [--baseline DIR] [--repeat N] [--shoes N]
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ROOT, rank_counts_in_play  # noqa: E402  (puts the repository on sys.path)

KERNEL = ROOT / "benchmarks" / "kernel" / "ref_kernel.c"
NEUTRAL = tempfile.gettempdir()  # cold commands run from here: the current folder is first on sys.path
LANES = 8

#: One checkout's in-process rows (run as a fresh interpreter in that checkout).
MEASURE = r'''
import json, statistics, sys, time
from exact_odds import Shoe, analyse
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.pricer import Pricer
ranks, repeat = json.loads(sys.stdin.read()), int(sys.argv[1])
shoes = [Shoe.from_counts(r) for r in ranks]
pricer = Pricer(tuple(builtin_catalog().variant("standard"))).prepare()
def median(fn, n):
    times = []
    for _ in range(n):
        t = time.process_time(); fn(); times.append(time.process_time() - t)
    return statistics.median(times)
for s in shoes: pricer.counts(s)
one = median(lambda: [pricer.counts(s) for s in shoes], repeat) / len(shoes)
values = [s.value_counts for s in shoes] * 64
pricer.value_batch(values)
batch = median(lambda: pricer.value_batch(values), repeat) / len(values)
analyse(shoes[0], method="compiled")
ana = median(lambda: [analyse(s, method="compiled") for s in shoes[:20]], repeat) / 20
try:
    from exact_odds.punto_banco.native import describe
    path = describe()
except ImportError:
    path = "numpy (no compiled kernel in this checkout)"
print(json.dumps({"one": one, "batch": batch, "analyse": ana, "path": path}))
'''


def build(tmp: str) -> tuple[ctypes.CDLL, str]:
    """The kernel as a shared library and the stand-alone sweep, built with ``cc``."""
    lib, exe = os.path.join(tmp, "ref_kernel.so"), os.path.join(tmp, "ref_sweep")
    flags = ["-O3", "-march=native", "-std=gnu11"]
    subprocess.run(["cc", *flags, "-shared", "-fPIC", "-o", lib, str(KERNEL)], check=True)
    subprocess.run(["cc", *flags, "-DREF_SWEEP_MAIN", "-o", exe, str(KERNEL)], check=True)
    kernel = ctypes.CDLL(lib)
    pointer, count = ctypes.c_void_p, ctypes.c_int
    kernel.ek_init.argtypes = [count, pointer, count, pointer]
    kernel.ek_time.argtypes = [pointer, count, count, pointer]
    kernel.ek_time.restype = ctypes.c_double
    kernel.ek_init_blocked.argtypes = [pointer, pointer, pointer]
    return kernel, exe


def tables(tmp: str):
    """The standard bets' pricer, its basis rows, its output rows (counts; outcomes then EV
    numerators) and payout scales, and a tables file for the stand-alone sweep."""
    import numpy as np

    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.punto_banco.pricer import Pricer

    pricer = Pricer(tuple(builtin_catalog().variant("standard"))).prepare()
    basis = pricer._basis(np)
    rows = np.ascontiguousarray(basis.rows, dtype=np.float64)
    assert rows.min() >= 0 and rows.max() <= 720 and (rows == np.round(rows)).all()
    assert max(basis.e_norm, basis.pe_norm) * 2**53 < 2**63  # the kernel's int64 combinations (its comment)
    counts_e = np.ascontiguousarray(basis.e, dtype=np.int64)
    sweep_e = np.ascontiguousarray(np.concatenate([basis.e[:3], basis.pe]), dtype=np.int64)
    path = os.path.join(tmp, "tables.bin")
    with open(path, "wb") as f:
        f.write(np.array([rows.shape[0], sweep_e.shape[0]], dtype=np.int32).tobytes())
        f.write(rows.tobytes() + sweep_e.tobytes() + np.array(pricer.scales, dtype=np.int64).tobytes())
    return pricer, rows, counts_e, path


def init_kernel(lib, rows, counts_e) -> None:
    """The tables into the kernel: the basis rows, the output rows, and the blocked layout of
    exact_odds/punto_banco/bilinear.py for the one-shoe call (prefix, suffix column per multiset)."""
    import numpy as np

    from exact_odds.punto_banco.bilinear import layout

    lay = layout()
    cell = np.ascontiguousarray(lay.cell, dtype=np.int32)
    prefix = []
    for p, t in enumerate(lay.prefix_triples):
        a, first, end, start, stop = lay.groups[lay.group_of_prefix[p]]
        prefix.append((t, lay.by_value[a][2], start, stop))
    prefix = np.ascontiguousarray(prefix, dtype=np.int32)
    slots = np.ascontiguousarray(lay.triple_slots, dtype=np.int32)
    if (lib.ek_init(rows.shape[0], rows.ctypes.data, counts_e.shape[0], counts_e.ctypes.data)
            or lib.ek_init_blocked(cell.ctypes.data, prefix.ctypes.data, slots.ctypes.data)):
        sys.exit("the C kernel refused the tables")


def values_of(r):
    """Value counts 0..9 (10, J, Q, K as 0) of 13 rank counts A..K."""
    return [r[9] + r[10] + r[11] + r[12]] + list(r[:9])


def check_kernel(lib, pricer, ranks, outs: int) -> None:
    """The kernel agrees exactly with Pricer.counts on every shoe, one per call and 8 per call."""
    import numpy as np

    from exact_odds.rules.shoe import Shoe

    c = np.ascontiguousarray([values_of(r) for r in ranks], dtype=np.int64)
    one, eight = np.zeros((len(c), outs), dtype=np.int64), np.zeros((len(c), outs), dtype=np.int64)
    lib.ek_time(c.ctypes.data, len(c), 1, one.ctypes.data)
    lib.ek_time(c.ctypes.data, len(c), LANES, eight.ctypes.data)
    want = [pricer.counts(Shoe.from_counts(r)) for r in ranks]
    if one.tolist() != want or eight.tolist() != want:
        sys.exit("the C kernel disagrees with Pricer.counts: fix it before timing anything")
    print(f"C kernel = Pricer.counts on all {len(ranks)} depleted 8-deck shoes (1 and {LANES} per call)")


def kernel_times(lib, ranks, outs: int, repeat: int) -> dict[str, float]:
    """Seconds a shoe, median of ``repeat`` passes over the shoes, one and 8 per call."""
    import numpy as np

    c = np.ascontiguousarray([values_of(r) for r in ranks] * 64, dtype=np.int64)
    out = np.zeros((len(c), outs), dtype=np.int64)
    return {lanes: statistics.median(lib.ek_time(c.ctypes.data, len(c), lanes, out.ctypes.data)
                                     for _ in range(repeat)) / len(c) for lanes in (1, LANES)}


def env_for(tree: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=tree)


def imported_from(tree: str) -> str:
    out = subprocess.run([sys.executable, "-c", "import exact_odds; print(exact_odds.__file__)"], env=env_for(tree),
                         check=True, capture_output=True, text=True, cwd=NEUTRAL)
    return out.stdout.strip()


def in_process(tree: str, ranks, repeat: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(repeat)], input=json.dumps(ranks), env=env_for(tree),
                         cwd=NEUTRAL, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


#: CPU seconds (user + system) of the last command :func:`wall` ran, its own and its children's.
LAST_CPU = [0.0]


def wall(cmd, tree: str | None) -> float:
    """Wall seconds of ``cmd`` (its CPU seconds in :data:`LAST_CPU`: on a shared machine, the figure
    that other people's work changes least)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, env=env_for(tree) if tree else None, cwd=NEUTRAL, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    LAST_CPU[0] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", help="another checkout (e.g. main before issue 27), timed in the same run")
    ap.add_argument("--repeat", type=int, default=5, help="samples per median (default 5)")
    ap.add_argument("--shoes", type=int, default=100_000, help="shoes in the sweep's file (default 100,000)")
    args = ap.parse_args()
    trees = {"after": str(ROOT)}
    if args.baseline:
        trees["before"] = os.path.abspath(args.baseline)
    for name, tree in trees.items():
        where = imported_from(tree)
        if not where.startswith(tree):
            sys.exit(f"{name}: exact_odds imports from {where}, not {tree}; use an interpreter without an "
                     "editable install of exact_odds")
    ranks = rank_counts_in_play(200, seed=27)
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        lib, ref_sweep = build(tmp)
        pricer, rows, counts_e, table_file = tables(tmp)
        init_kernel(lib, rows, counts_e)
        check_kernel(lib, pricer, ranks, counts_e.shape[0])
        kernel_rounds = [kernel_times(lib, ranks, counts_e.shape[0], args.repeat)]

        src = os.path.join(tmp, "shoes.txt")
        with open(src, "w") as f:
            f.writelines(",".join(map(str, r)) + "\n" for r in rank_counts_in_play(args.shoes, seed=27))
        outs = {name: os.path.join(tmp, f"{name}.csv") for name in [*trees, "C"]}
        samples: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        samples["C"] = {}
        bare, bare_cpu = [], []
        paths: dict[str, str] = {}
        for _ in range(args.repeat):
            for name, tree in trees.items():
                s = samples[name]
                s.setdefault("sweep", []).append(
                    args.shoes / wall([py, "-m", "exact_odds", "sweep", src, "--jobs", "2", "-o", outs[name]], tree))
                s.setdefault("sweep_cpu", []).append(args.shoes / LAST_CPU[0])
                s.setdefault("edge", []).append(wall([py, "-m", "exact_odds", "edge", "--decks", "8"], tree))
                s.setdefault("edge_cpu", []).append(LAST_CPU[0])
                s.setdefault("simulate", []).append(
                    wall([py, "-m", "exact_odds", "simulate", "--shoes", "1000", "--decks", "8", "--seed", "1",
                          "--jobs", "2"], tree))
                s.setdefault("simulate_cpu", []).append(LAST_CPU[0])
            samples["C"].setdefault("sweep", []).append(args.shoes / wall([ref_sweep, table_file, src, outs["C"]],
                                                                          None))
            samples["C"].setdefault("sweep_cpu", []).append(args.shoes / LAST_CPU[0])
            bare.append(wall([py, "-c", "pass"], None))
            bare_cpu.append(LAST_CPU[0])
        with open(outs["after"]) as a, open(outs["C"]) as c:
            if [line for line in a][1:] != [line for line in c][1:]:
                sys.exit("the C sweep's rows differ from exact-odds sweep's")
        print(f"C sweep rows = exact-odds sweep rows on all {args.shoes:,} shoes")
        for _ in range(3):  # the in-process rows: three rounds alternating between the checkouts and the kernel
            kernel_rounds.append(kernel_times(lib, ranks, counts_e.shape[0], args.repeat))
            for name, tree in trees.items():
                got = in_process(tree, ranks, args.repeat)
                paths[name] = got.pop("path")
                for k, v in got.items():
                    samples[name].setdefault(k, []).append(v)

    med = {name: {k: statistics.median(v) for k, v in s.items()} for name, s in samples.items()}
    kernel = {lanes: statistics.median(r[lanes] for r in kernel_rounds) for lanes in (1, LANES)}
    bare_s = statistics.median(bare)
    names = list(trees)
    print(f"\nmedians of {args.repeat}; C kernel: {KERNEL.relative_to(ROOT)} (cc -O3 -march=native); load average "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")
    for name in trees:
        print(f"  {name}: value-level bets priced by {paths[name]}")
    head = f"{'work':42}" + "".join(f"{n:>14}" for n in names) + f"{'C kernel':>14}" + "".join(
        f"{'ratio ' + n:>14}" for n in names)
    print(head)

    def row(label, key, unit, floor, rate=False, target=""):
        vals = [med[n][key] for n in names]
        shown = [unit(v) for v in vals]
        ratios = [(floor / v if rate else v / floor) for v in vals]
        print(f"{label:42}" + "".join(f"{s:>14}" for s in shown) + f"{unit(floor) if floor else '-':>14}"
              + "".join(f"{r:>13.1f}x" for r in ratios) + f"   target {target}")

    us = lambda s: f"{s * 1e6:.2f} us"  # noqa: E731
    row("one shoe, Pricer.counts", "one", us, kernel[1], target="<= 5x")
    row(f"batch, one process ({LANES}-lane kernel)", "batch", us, kernel[LANES], target="<= 2x")
    print(f"{'  batch, shoes/s':42}" + "".join(f"{1 / med[n]['batch']:>14,.0f}" for n in names)
          + f"{1 / kernel[LANES]:>14,.0f}{'':>28}   target >= 500,000")
    print(f"{'sweep end to end, shoes/s (--jobs 2)':42}" + "".join(f"{med[n]['sweep']:>14,.0f}" for n in names)
          + f"{med['C']['sweep']:>14,.0f}" + "".join(f"{med['C']['sweep'] / med[n]['sweep']:>13.1f}x" for n in names)
          + "   target >= 300,000 (C: one process)")
    print(f"{'  the same per CPU second (all processes)':42}" + "".join(f"{med[n]['sweep_cpu']:>14,.0f}" for n in names)
          + f"{med['C']['sweep_cpu']:>14,.0f}"
          + "".join(f"{med['C']['sweep_cpu'] / med[n]['sweep_cpu']:>13.1f}x" for n in names))
    print(f"{'analyse(method=compiled), one shoe':42}" + "".join(f"{us(med[n]['analyse']):>14}" for n in names)
          + f"{us(kernel[1]):>14}" + "".join(f"{med[n]['analyse'] / kernel[1]:>13.0f}x" for n in names)
          + "   target <= 200 us")
    ms = lambda s: f"{s * 1e3:.0f} ms"  # noqa: E731
    print(f"{'cold edge --decks 8 (vs python -c pass)':42}" + "".join(f"{ms(med[n]['edge']):>14}" for n in names)
          + f"{ms(bare_s):>14}" + "".join(f"{med[n]['edge'] / bare_s:>13.1f}x" for n in names) + "   target <= 6x")
    cpu = statistics.median(bare_cpu)
    print(f"{'  the same in CPU time':42}" + "".join(f"{ms(med[n]['edge_cpu']):>14}" for n in names)
          + f"{ms(cpu):>14}" + "".join(f"{med[n]['edge_cpu'] / cpu:>13.1f}x" for n in names))
    print(f"{'simulate 1,000 8-deck shoes --jobs 2':42}" + "".join(f"{med[n]['simulate']:>12.2f} s" for n in names)
          + f"{'-':>14}{'':>{14 * len(names)}}   target <= 0.5 s")
    print(f"{'  the same in CPU time (all processes)':42}" + "".join(f"{med[n]['simulate_cpu']:>12.2f} s" for n in names))
    if args.baseline:
        print("\nbefore / after (speed-up):")
        for key, better in (("one", "lower"), ("batch", "lower"), ("sweep", "higher"), ("analyse", "lower"),
                            ("edge", "lower"), ("simulate", "lower")):
            b, a = med["before"][key], med["after"][key]
            print(f"  {key:10} {(b / a if better == 'lower' else a / b):6.2f}x")


if __name__ == "__main__":
    main()
