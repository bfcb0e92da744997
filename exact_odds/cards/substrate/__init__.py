"""The card walk's substrate: the six-rank sequences, their weights and exact sums."""
