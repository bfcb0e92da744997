"""Shared by every test: the repository root, and tests/ on the import path
so that the oracles (tests/oracles/, written apart from the engine) and
shared helpers import by name from any sub-folder."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def modules_loaded(code: str, names) -> list[str]:
    """Which of the modules ``names`` a fresh interpreter has loaded after running ``code``."""
    import subprocess

    probe = f"{code}\nimport sys\nprint(sorted(m for m in {tuple(names)!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return eval(out.stdout.strip().splitlines()[-1])
