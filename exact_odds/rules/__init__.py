"""The rules of the game, each in one place (docs/rules.md): cards, the shoe, the deal and
naturals (deal.py), the finished coup and dealing card by card (coup.py), the tableau and the
punter's rule (tableau.py). Every walk of every game uses these."""
