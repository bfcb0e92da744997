"""`exact-odds simulate`: 1,000 eight-deck shoes, the exact EV of the standard bets before every coup.

Alternates, R times:
  * `exact-odds simulate --shoes N --decks 8 --seed 1 --jobs 2` as a fresh
    interpreter (what a user waits for; the target is <= 1 s for N = 1,000),
    its bytecode cached as an installed package's is (PYTHONPYCACHEPREFIX in a
    temporary folder, warmed once);
  * with --baseline PATH (another checkout, e.g. /work/main), that checkout's
    simulate on the same arguments, right after;
  * the floor of the command: a fresh interpreter that only imports what
    simulate imports (click, numpy, the package) and one that also builds
    the pricer (the compiled walk and its matrices).
Then, in this process, the parts of one job's work on the N shoes (CPU seconds,
one BLAS thread): shuffling, dealing, pricing every coup (Pricer.value_batch),
and the rest of play_block (tallies).

Prints medians and the median of the per-round ratios. The machine may be shared:
read the ratios, which compare runs made seconds apart.

Usage: python benchmarks/bench_simulate.py [--shoes N] [--rounds R] [--baseline PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ROOT  # noqa: E402  (puts the repository on sys.path)

IMPORTS = "import click, numpy, exact_odds.cli, exact_odds.in_play.simulate.simulation"
PREPARE = (IMPORTS + "; from exact_odds.bets.catalog import builtin_catalog; "
           "from exact_odds.in_play.simulate.shoe_blocks import prepare; "
           "prepare(tuple(builtin_catalog().variant('standard')), 8, 'none')")


def timed(cmd: list[str], env: dict[str, str], cwd: str) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def parts(shoes: int) -> dict[str, float]:
    """CPU seconds of each part of one process's work on ``shoes`` shoes (warm)."""
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.in_play.simulate import shoe_blocks
    from exact_odds.blas import one_blas_thread
    from exact_odds.in_play.dealing import shoe_seeds

    shoe_blocks.prepare(tuple(builtin_catalog().variant("standard")), 8, "none")
    pricer = shoe_blocks._WORK["pricer"]
    spent = {"shuffle": 0.0, "deal": 0.0, "pricing": 0.0}
    originals = {}

    def clocked(name, owner, attr):
        fn = getattr(owner, attr)
        originals[(owner, attr)] = fn

        def wrapper(*a, **k):
            t = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.process_time() - t
        setattr(owner, attr, wrapper)

    clocked("shuffle", shoe_blocks, "shuffled_block")
    clocked("deal", shoe_blocks, "deal_block")
    clocked("pricing", pricer, "value_batch")
    seeds = shoe_seeds(1, shoes)
    blocks = shoe_blocks.seed_blocks(seeds, shoe_blocks.block_sizes(shoes, 8, 2))
    try:
        with one_blas_thread():
            shoe_blocks.play_block(seeds[:2])  # warm
            spent.update(shuffle=0.0, deal=0.0, pricing=0.0)
            t = time.process_time()
            coups = sum(shoe_blocks.play_block(block).coups for block in blocks)
            total = time.process_time() - t
    finally:
        for (owner, attr), fn in originals.items():
            if owner is shoe_blocks:
                setattr(owner, attr, fn)
            else:  # the pricer's own method again
                delattr(owner, attr)
    spent["rest"] = total - sum(spent.values())
    spent["total"] = total
    spent["coups"] = coups
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--baseline", help="another checkout whose simulate to time in the same rounds")
    args = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="bench_simulate_pyc_")
    base_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base_env.update(PYTHONPYCACHEPREFIX=cache)
    env = dict(base_env, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "exact_odds", "simulate", "--shoes", str(args.shoes), "--decks", "8",
               "--seed", "1", "--jobs", "2"]
    trees = [(str(ROOT), env)]
    if args.baseline:
        trees.append((args.baseline, dict(base_env, PYTHONPATH=args.baseline)))
    for tree, e in trees:  # bytecode compiled once, as pip does on install
        timed(command[:4] + ["--shoes", "1"], e, tree)
    rows = []
    for _ in range(args.rounds):
        row = [timed(command, e, tree) for tree, e in trees]
        row.append(timed([sys.executable, "-c", IMPORTS], env, str(ROOT)))
        row.append(timed([sys.executable, "-c", PREPARE], env, str(ROOT)))
        rows.append(row)
    med = [statistics.median(r[i] for r in rows) for i in range(len(rows[0]))]
    print(f"simulate, {args.rounds} rounds, {os.cpu_count()} cores, machine possibly shared (medians):")
    print(f"  exact-odds simulate --shoes {args.shoes} --decks 8 --jobs 2, end to end: {med[0]:.2f} s "
          f"(target <= 1 s for 1,000)")
    if args.baseline:
        print(f"  baseline {args.baseline}: {med[1]:.2f} s; baseline / this tree (same rounds): "
              f"{statistics.median(r[1] / r[0] for r in rows):.2f}x")
    print(f"  a fresh interpreter importing click, numpy and the package: {med[-2]:.2f} s; "
          f"and building the pricer: {med[-1]:.2f} s (the floor before any shoe)")
    p = parts(args.shoes)
    print(f"  one process's CPU on the {args.shoes} shoes ({p['coups']:,} coups): {p['total']:.2f} s = "
          f"pricing {p['pricing']:.2f} s ({p['pricing'] / p['coups'] * 1e6:.1f} us/coup), "
          f"shuffle {p['shuffle']:.2f} s, deal {p['deal']:.2f} s, tallies {p['rest']:.2f} s")


if __name__ == "__main__":
    main()
