"""Shared by every test: the repository root, and tests/ on the import path
so that the oracles (tests/oracles/, written apart from the engine) and
shared helpers import by name from any sub-folder."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
