"""Where ``simulate`` and ``sweep`` run: work shared out over N local processes or a Dask cluster, in
input order (parallel.py), and the executors themselves (executors.py)."""
