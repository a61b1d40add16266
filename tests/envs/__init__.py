"""Tests of pokercore.envs.  They need the ``rl`` extra (pettingzoo, gymnasium; in the ``test`` extra too).

Without it every module here skips with an install hint, except under
``CI=true``, where a missing package fails the run: CI must test the environments.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

_MISSING = [name for name in ("pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None]
if _MISSING:
    _WHY = f"{' and '.join(_MISSING)} not installed: pip install -e \".[test]\" (or \".[rl]\")"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{_WHY} (CI=true: the environment tests must run)", pytrace=False)
    pytest.skip(_WHY, allow_module_level=True)
