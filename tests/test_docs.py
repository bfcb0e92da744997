"""The Python in the docs runs: README.md and docs/library.md, block by block in one namespace.

Lines marked ``# not run`` (pandas may be missing) are skipped; every other
line must run as written against the installed package.
"""

import re

import pytest

from conftest import ROOT


def python_blocks(path):
    text = (ROOT / path).read_text()
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S)]


@pytest.mark.parametrize("path", ["README.md", "docs/library.md"])
def test_the_python_in_the_docs_runs(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = python_blocks(path)
    assert blocks, f"{path} has no python block"
    namespace: dict = {}
    for block in blocks:
        code = "\n".join(line for line in block.splitlines() if "# not run" not in line)
        exec(compile(code, path, "exec"), namespace)
