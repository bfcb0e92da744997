"""Hostile input to the compiled kernel's entry points (exact_odds/punto_banco/_native.c): a clear
TypeError or ValueError, never a crash or a wrong number; and EXACT_ODDS_PURE's values."""

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco import native
from exact_odds.punto_banco.pricer import Pricer

needs_kernel = pytest.mark.skipif(native.module() is None, reason=f"pricing by {native.describe()}")


@pytest.fixture(scope="module")
def ready():
    pricer = Pricer(tuple(builtin_catalog().variant("standard")))
    kernel, tables = native.module(), pricer._native_tables_of(np)
    return kernel, tables, pricer._basis(np)


@needs_kernel
@pytest.mark.parametrize("tables", [b"", b"x" * 100, bytearray(16), "tables", None])
def test_tables_not_from_prepare_are_refused(ready, tables):
    kernel, _, basis = ready
    with pytest.raises((TypeError, ValueError)):
        kernel.counts(tables, [(32,) * 10], basis.e, basis.e_norm)


@needs_kernel
@pytest.mark.parametrize("matrix", [np.zeros((3, 3)), np.zeros((3, 4), dtype=np.int64), np.zeros(3, dtype=np.int32),
                                    "abc", [[1, 2, 3]], np.zeros((3, 6), dtype=np.int64)[:, ::2]])
def test_a_matrix_not_int64_of_r_plus_1_columns_is_refused(ready, matrix):
    kernel, tables, _ = ready
    with pytest.raises((TypeError, ValueError, BufferError)):
        kernel.counts(tables, [(32,) * 10], matrix, 3)


@needs_kernel
@pytest.mark.parametrize("shoes", [np.zeros((2, 10), dtype=np.int32), np.zeros((2, 9), dtype=np.int64), 5, None])
def test_shoes_neither_int64_rows_of_ten_nor_a_sequence_are_refused(ready, shoes):
    kernel, tables, basis = ready
    with pytest.raises((TypeError, ValueError)):
        kernel.counts(tables, shoes, basis.e, basis.e_norm)


@needs_kernel
@pytest.mark.parametrize("norm", [-1, 2**63, "3", 1.5])
def test_a_norm_outside_0_to_2_63_is_refused(ready, norm):
    kernel, tables, basis = ready
    with pytest.raises((TypeError, ValueError, OverflowError)):
        kernel.counts(tables, [(32,) * 10], basis.e, norm)


@needs_kernel
def test_an_empty_batch_and_a_string_of_shoes(ready):
    kernel, tables, basis = ready
    assert kernel.counts(tables, [], basis.e, basis.e_norm) == ([], [])
    assert kernel.counts(tables, "0123456789", basis.e, basis.e_norm) == ([None] * 10, [None] * 10)


@pytest.mark.parametrize("value, off", [("1", True), ("yes", True), ("0", False), ("", False)])
def test_exact_odds_pure_values(value, off):
    env = dict(os.environ, EXACT_ODDS_PURE=value)
    out = subprocess.run([sys.executable, "-c", "from exact_odds.punto_banco import native; print(native.describe())"],
                         env=env, capture_output=True, text=True, check=True).stdout
    assert ("EXACT_ODDS_PURE is set" in out) == off
    if not off:  # the kernel where it was built (whatever this process was told)
        built = importlib.util.find_spec("exact_odds_native") is not None
        assert out.strip() == ("compiled kernel" if built else "numpy or pure Python (the compiled kernel was not built)")
