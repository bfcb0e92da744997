"""The condition language of pay lines: its vocabulary, the card names, the grammar and what a condition
reads (docs/bets.md). Below bets/ (pay tables) and cards/ (the card engine), which both read it."""
