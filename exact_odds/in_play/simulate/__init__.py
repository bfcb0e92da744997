"""Simulated shoes and counting, for ``simulate`` and ``eor``: shoes dealt from seeded shuffles and
priced before every coup (simulation.py), dealt in blocks with numpy (deal_batch.py, shoe_blocks.py),
card-level bets in them (card_play.py), the edge's spread (edge_counts.py), the Monte-Carlo estimates
(statistics.py), the effect of removal and linear counts (removal.py), and a count beside perfect
play in the same shoes (counting.py)."""
