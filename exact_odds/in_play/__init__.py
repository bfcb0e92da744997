"""The shoe in play (docs/rules.md §7), in four folders: the table and its track (track/), many
shoes at once (sweep/), simulated shoes and counting (simulate/), and the worker processes and Dask
cluster that simulate and sweep run on (workers/). What all four share stays here: dealing coups
from a shuffled shoe (dealing.py), a linear count and a count strategy (count.py), and the short
text and HTML of results in a REPL or a notebook (_display.py)."""
