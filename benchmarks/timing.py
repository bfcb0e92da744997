"""What every benchmark script shares: the repository on sys.path and medians.

Scripts here are run as ``python benchmarks/NAME.py``, so this module is
importable as ``timing`` and puts the repository first on ``sys.path``.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def median_time(fn, repeat: int) -> float:
    """Median wall time of ``repeat`` calls of ``fn``, in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run_quietly(cmd, **kwargs) -> None:
    """Run a command from the repository root, output discarded; fail loudly."""
    subprocess.run(cmd, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, **kwargs)


def rank_counts_in_play(n: int, seed: int = 3) -> list[list[int]]:
    """The 13 rank counts of ``n`` 8-deck shoes in play: a shuffled shoe after a random number (0-400) of
    cards dealt (the same shoes for every benchmark with the same seed)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = [r for r in range(13) for _ in range(32)]
        rng.shuffle(cards)
        left = cards[rng.randint(0, 400):]
        out.append([left.count(r) for r in range(13)])
    return out
