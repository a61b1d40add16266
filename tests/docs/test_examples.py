"""Every script in examples/ runs to completion (they are part of the documentation)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))
#: What an example shows, checked in its output (the claim its docs make of that run).
SHOWS = {"train_draw_agent.py": "it beats call"}


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(script):
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                          cwd=script.parent)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip(), "an example must print what it shows"
    assert SHOWS.get(script.name, "") in proc.stdout, proc.stdout[-2000:]
