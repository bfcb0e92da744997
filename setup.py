"""The build's one addition to pyproject.toml: the optional compiled kernel (issue 27).

``exact_odds_native`` (exact_odds/punto_banco/_native.c, the CPython C API and the buffer protocol
only) is built where a C compiler is found. It is a top-level module, not one inside the package, so
that it is found in site-packages also when the source tree's ``exact_odds`` is first on sys.path
(``python -m pytest`` in a checkout after ``pip install .``, as CI runs it). ``optional=True``: if it fails to compile, pip
installs the package without it and every shoe is priced by numpy or pure Python, with the same
integers (exact_odds/punto_banco/native.py says which path runs; EXACT_ODDS_PURE=1 forces the
pure path). Everything else about the package is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "exact_odds_native",
            ["exact_odds/punto_banco/_native.c"],
            optional=True,
            # The walks are plain loops the compiler vectorises (eight shoes in lanes); -O3 is
            # gcc's and clang's (another compiler ignores it with a warning). Python's own flags
            # hold -fwrapv (signed overflow wraps), which costs the one-shoe kernel about 17%
            # (8.0 against 6.7 us a shoe); no loop here overflows (every bound is proven in
            # _native.c), so -fno-wrapv, after it, takes it back.
            extra_compile_args=["-O3", "-fno-wrapv"],
        )
    ]
)
