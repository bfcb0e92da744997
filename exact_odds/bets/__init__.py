"""Bets as data: pay tables and their condition language (paytable.py), results (result.py), the
TOML catalog (catalog.py, data/bets.toml), choosing bets (selection.py) and break-even (breakeven.py)."""
