"""The shoe at the table, for ``track``, ``live`` and ``serve``: the log of cards seen split into
coups (log.py), and the table with its running count and the exact edges of the next coup (table.py)."""
