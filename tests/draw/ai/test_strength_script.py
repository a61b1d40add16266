"""``benchmarks/draw_ai_strength.py --help`` lists and explains every mode."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "draw_ai_strength.py"


def test_help_lists_every_mode_with_what_it_does():
    out = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0
    text = "".join(out.stdout.split())      # argparse wraps lines (at hyphens too)
    for mode, what in (("heads-up", "heads-up, 2 rotations a deal"), ("six", "six-handed, seats A B A B A B"),
                       ("mixed", "the agents of --table"), ("styles", "every AI of --ais against every style"),
                       ("times", "decision times at 2, 4 and 6 players")):
        assert f"{mode}:" in text and "".join(what.split()) in text, mode
    bad = subprocess.run([sys.executable, str(SCRIPT), "nine"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "heads-up" in bad.stderr
