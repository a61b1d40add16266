"""``benchmarks/binh_strength.py --help`` lists its modes, and each mode has its own ``--help``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "binh_strength.py"
MODES = ("ladder", "speed", "times", "exploit")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_help_lists_the_modes():
    out = _run("--help")
    assert out.returncode == 0
    listed = [line.split()[0] for line in out.stdout.splitlines() if line.startswith("    ") and line.split()
              and line.split()[0] in MODES]
    assert listed == list(MODES)


def test_each_mode_has_its_options_and_a_missing_mode_is_named():
    for mode, option in zip(MODES, ("--pairs", "--rounds", "--n", "--br-samples")):
        out = _run(mode, "--help")
        assert out.returncode == 0 and option in out.stdout, mode
    out = _run()
    assert out.returncode == 2 and "MODE" in out.stderr
