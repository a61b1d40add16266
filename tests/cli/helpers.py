"""Running ``python -m pokercore`` as a person would: a fresh process, text in, text out."""

from __future__ import annotations

import subprocess
import sys


def run_cli(*args: str, stdin: str = "", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m pokercore ARGS`` with ``stdin``; never a terminal, so no colour."""
    return subprocess.run([sys.executable, "-m", "pokercore", *args], input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=_env())


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env.pop("FORCE_COLOR", None)
    env["PYTHONIOENCODING"] = "utf-8"
    return env
