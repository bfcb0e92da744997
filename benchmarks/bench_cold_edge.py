"""Cold ``exact-odds edge --decks 8`` in this tree against another tree, in the same run.

A restructure must not make the first command a user types slower. Each
sample starts a fresh interpreter (``python -m exact_odds edge --decks 8``)
with ``PYTHONPATH`` naming the tree, so both trees run with the same
interpreter and packages; samples alternate between the trees so that the
noise of a shared machine falls on both alike. Prints the median of each and
their ratio, and a bare ``python -c pass`` for scale.

Usage: python benchmarks/bench_cold_edge.py --baseline PATH [--repeat N]
(PATH: a checkout of the version to compare with, e.g. ``git worktree add
/tmp/before HEAD~1``). The interpreter must not have exact_odds installed in
editable mode, which would shadow ``PYTHONPATH``; the script checks.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ROOT

#: Run from a neutral folder: the current directory comes first on sys.path.
NEUTRAL = tempfile.gettempdir()


def cold(tree: str) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "exact_odds", "edge", "--decks", "8"], env=env, check=True,
                   stdout=subprocess.DEVNULL, cwd=NEUTRAL)
    return time.perf_counter() - t


def imported_from(tree: str) -> str:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", "import exact_odds; print(exact_odds.__file__)"], env=env,
                         check=True, capture_output=True, text=True, cwd=NEUTRAL)
    return out.stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, help="a checkout of the version to compare with")
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()
    trees = {"this tree": str(ROOT), "baseline": os.path.abspath(args.baseline)}
    for name, tree in trees.items():
        where = imported_from(tree)
        if not where.startswith(tree):
            sys.exit(f"{name}: exact_odds imports from {where}, not {tree}; use an interpreter without an "
                     "editable install of exact_odds")
    samples: dict[str, list[float]] = {name: [] for name in trees}
    bare = []
    for _ in range(args.repeat):
        for name, tree in trees.items():
            samples[name].append(cold(tree))
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare.append(time.perf_counter() - t)
    med = {name: statistics.median(s) for name, s in samples.items()}
    print(f"cold 'exact-odds edge --decks 8', median of {args.repeat} alternating runs:")
    for name in trees:
        print(f"  {name:10s} {med[name] * 1e3:8.1f} ms")
    print(f"  python -c pass {statistics.median(bare) * 1e3:6.1f} ms")
    print(f"  ratio this tree / baseline: {med['this tree'] / med['baseline']:.3f}")


if __name__ == "__main__":
    main()
