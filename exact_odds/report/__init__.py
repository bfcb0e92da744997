"""The one place that makes titles, notes, rows and JSON documents: the Report model (document.py),
the one emitter (emit.py), numbers as text (numbers.py), one module per family, and tables/ (tables.py)."""
