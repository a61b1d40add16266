"""Build the Cython extensions of pokercore.

Every ``.pyx`` under ``src/pokercore/`` becomes an extension module named
by its path (``src/pokercore/binh/_arrange.pyx`` -> ``pokercore.binh._arrange``):
a kernel lives in the package it serves.  The lookup tables are generated
first (``_tablegen.py`` -> ``_tables.h``, ``_tablegen7.py`` -> ``_tables7.h``).

Environment switches:
  POKERCORE_DEBUG=1   Cython bounds/wraparound/initialized checks on, -O0 -g
  POKERCORE_NATIVE=1  add -march=native (a binary for this CPU only)
"""

import os
import runpy
import sys
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).resolve().parent
PKG = HERE / "src" / "pokercore"

runpy.run_path(str(PKG / "_tablegen.py"))["write"](PKG / "_tables.h")
runpy.run_path(str(PKG / "_tablegen7.py"))["write"](PKG / "_tables7.h")

DEBUG = os.environ.get("POKERCORE_DEBUG", "") not in ("", "0")
NATIVE = os.environ.get("POKERCORE_NATIVE", "") not in ("", "0")
# Cython translates and the compiler builds one module per core: the modules are independent.
JOBS = os.cpu_count() or 1

if sys.platform == "win32":
    compile_args = ["/Od"] if DEBUG else ["/O2"]
else:
    compile_args = ["-O0", "-g"] if DEBUG else ["-O3"]
    if NATIVE:
        compile_args.append("-march=native")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

def _module_name(pyx: Path) -> str:
    return ".".join(pyx.relative_to(HERE / "src").with_suffix("").parts)


extensions = [
    Extension(
        _module_name(pyx),
        [str(pyx.relative_to(HERE))],
        # numpy's headers: a module that builds its arrays with the numpy C API (envs/_limit_hand.pyx)
        include_dirs=[str(PKG.relative_to(HERE)), numpy.get_include()],
        extra_compile_args=compile_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for pyx in sorted(PKG.rglob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=[str(HERE / "src")],
        force=DEBUG,
        nthreads=JOBS,
    ),
    options={"build_ext": {"parallel": JOBS}},
)
