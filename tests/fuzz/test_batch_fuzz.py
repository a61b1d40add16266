"""Hypothesis over dtypes, shapes, strides, aliasing and values of every batch entry point.

The cases live in ``fuzz_batch_cases.py`` and run under pytest in a child
process, so a crash (a signal) fails this test instead of ending the run.
``-m slow`` runs many more examples.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _run(examples: int) -> None:
    env = dict(os.environ, POKERCORE_FUZZ_EXAMPLES=str(examples), PYTHONFAULTHANDLER="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "--no-header",
         "-o", "addopts=", str(HERE / "fuzz_batch_cases.py")],
        cwd=HERE.parents[1], env=env, capture_output=True, text=True, check=False, timeout=1200,
    )
    assert proc.returncode == 0, (
        f"exit code {proc.returncode}"
        f"{' (signal ' + str(-proc.returncode) + ')' if proc.returncode < 0 else ''}\n"
        f"{proc.stdout[-6000:]}\n{proc.stderr[-4000:]}"
    )


def test_batch_entry_points_fuzz() -> None:
    _run(60)


@pytest.mark.slow
def test_batch_entry_points_fuzz_long() -> None:
    _run(1000)
