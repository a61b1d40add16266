"""Racing writers: every nogil kernel stays memory-safe while another thread changes its input.

Each case runs in a child process (``_racing_child``), so a crash shows as a
signal and fails the test instead of killing the test run.  The answers of a
call whose input changed meanwhile may be wrong (the docs say "do not"); a
crash or a value read from outside the tables may not.

The hold'em equity kernels (exact and Monte Carlo) read only arrays that ``pokercore.equity`` builds
after its checks; the race a user can start there is on the arrays of cards
they pass to ``equity`` (the ``equity_*`` cases, see ``_racing_child._equity``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ._racing_child import KERNELS

ROOT = Path(__file__).resolve().parents[2]


def _run(kernel: str, seconds: float, seed: int) -> None:
    env = dict(os.environ, PYTHONFAULTHANDLER="1")
    proc = subprocess.run(
        [sys.executable, "-m", "tests.fuzz._racing_child", kernel, str(seconds), str(seed)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=120 + 4 * seconds,
    )
    assert proc.returncode == 0, (
        f"{kernel} with a racing writer: exit code {proc.returncode} "
        f"({'signal ' + str(-proc.returncode) if proc.returncode < 0 else 'error'})\n"
        f"{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}"
    )
    assert "survived" in proc.stdout


@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_racing_writer_never_crashes(kernel: str) -> None:
    _run(kernel, 0.5, 1)


@pytest.mark.slow
@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_racing_writer_never_crashes_long(kernel: str) -> None:
    # Another 0.5 s a kernel, another seed, in the full suite (CI, 30 kernels); POKERCORE_RACE_SECONDS=60 for a soak
    _run(kernel, float(os.environ.get("POKERCORE_RACE_SECONDS", "0.5")), 7)
