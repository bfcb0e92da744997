"""Punto banco: the exact walk of the coup (walk.py), its distribution (coup.py), the first four
cards by rank and suit (first_four.py), the compiled fast path (compiled.py, features.py,
pricer.py), the analysis of a shoe (analysis.py) and the distribution's tables (distribution.py)."""
