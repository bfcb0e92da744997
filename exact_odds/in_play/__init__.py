"""The shoe in play (docs/rules.md §7): dealing coups (dealing.py), effect of removal and counts
(removal.py), many shoes at once (sweep.py), simulation (simulation.py), worker processes (parallel.py)."""
