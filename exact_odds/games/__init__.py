"""The games of choice: chemin de fer (chemin/) and baccarat banque (banque/) (docs/rules.md §5-6)."""
