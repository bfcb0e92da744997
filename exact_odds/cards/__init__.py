"""The card engine: every card-level bet priced by one reading and registered routes (docs/methods/suits.md,
"The engine"). It reads conditions/ and the rules, and imports nothing from bets/."""
