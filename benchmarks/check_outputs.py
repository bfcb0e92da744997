"""Byte-identical outputs (issue 27): this checkout's commands against another checkout's, on the same input.

A speed-up must not change a byte a user sees. Each command runs once per checkout, a fresh interpreter
with ``PYTHONPATH`` naming the checkout, and its standard output (or its ``-o`` file) is compared byte for
byte: ``sweep`` of 20,000 8-deck shoes in play (CSV, one process and ``--jobs 2``, and JSON lines),
a seeded ``simulate`` (text and JSON, ``--jobs 1`` and ``--jobs 2``), and ``edge --decks 8`` in the
default format, ``--format grid`` and ``--format json``, on 8 decks and on a shoe in play.
Prints one line per command and exits 1 on the first difference (the first line that differs shown).

Usage: python benchmarks/check_outputs.py --baseline DIR (e.g. ``git worktree add /tmp/before27 main``).
Use an interpreter without an editable install of exact_odds (it would shadow ``PYTHONPATH``; checked).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

from timing import ROOT, rank_counts_in_play  # noqa: E402  (puts the repository on sys.path)

NEUTRAL = tempfile.gettempdir()


def run(tree: str, args: list[str], out: str | None) -> bytes:
    """Standard output of ``exact-odds ARGS`` in ``tree``, or the bytes of its ``-o OUT`` file."""
    done = subprocess.run([sys.executable, "-m", "exact_odds", *args], env=dict(os.environ, PYTHONPATH=tree),
                          cwd=NEUTRAL, capture_output=True, check=True)
    if out is None:
        return done.stdout
    with open(out, "rb") as f:
        return f.read()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, help="the checkout whose outputs this one's must equal")
    ap.add_argument("--shoes", type=int, default=20_000, help="shoes in the sweep's file (default 20,000)")
    args = ap.parse_args()
    trees = (str(ROOT), os.path.abspath(args.baseline))
    for tree in trees:
        where = subprocess.run([sys.executable, "-c", "import exact_odds; print(exact_odds.__file__)"],
                               env=dict(os.environ, PYTHONPATH=tree), cwd=NEUTRAL, capture_output=True, text=True,
                               check=True).stdout.strip()
        if not where.startswith(tree):
            sys.exit(f"exact_odds imports from {where}, not {tree}: use an interpreter without an editable install")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "shoes.txt")
        with open(src, "w") as f:
            f.writelines(",".join(map(str, r)) + "\n" for r in rank_counts_in_play(args.shoes, seed=27))
        out = os.path.join(tmp, "out")
        in_play = ",".join(map(str, rank_counts_in_play(1, seed=5)[0]))
        cases = [
            (["sweep", src, "-o", out], out),
            (["sweep", src, "--jobs", "2", "-o", out], out),
            (["sweep", src, "--jobs", "2", "--variant", "naturals", "--format", "jsonl", "-o", out], out),
            (["simulate", "--shoes", "200", "--decks", "8", "--seed", "1"], None),
            (["simulate", "--shoes", "200", "--decks", "8", "--seed", "1", "--jobs", "2"], None),
            (["simulate", "--shoes", "200", "--decks", "8", "--seed", "1", "--jobs", "2", "--format", "json"], None),
            (["edge", "--decks", "8"], None),
            (["edge", "--decks", "8", "--format", "grid"], None),
            (["edge", "--decks", "8", "--variant", "naturals", "--format", "json"], None),
            (["edge", "--shoe", in_play, "--exact"], None),
        ]
        for cmd, target in cases:
            after, before = (run(tree, cmd, target) for tree in trees)
            name = "exact-odds " + " ".join({src: "SHOES", out: "OUT"}.get(a, a) for a in cmd)
            if after != before:
                a, b = after.splitlines(), before.splitlines()
                first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                print(f"DIFFERS  {name}: line {first + 1}\n  after:  {a[first:first + 1]}\n  before: {b[first:first + 1]}")
                sys.exit(1)
            print(f"same     {name} ({len(after):,} bytes)")


if __name__ == "__main__":
    main()
