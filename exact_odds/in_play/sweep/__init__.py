"""Many shoes at once, for ``sweep``: a sweep file's lines checked and read (sweep_file.py), and every
bet priced for each shoe (sweep.py)."""
