"""Modules made private keep their old public path for one release; ``import pokercore`` stays light."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest


def test_an_old_public_path_gives_the_private_module_with_a_warning():
    sys.modules.pop("pokercore.holdem.dealer", None)
    with pytest.warns(DeprecationWarning, match=r"pokercore\.holdem\.dealer is private now .*import its names from "
                                                r"pokercore\.holdem"):
        old = importlib.import_module("pokercore.holdem.dealer")
    assert old is importlib.import_module("pokercore.holdem._dealer")
    assert old.__name__ == "pokercore.holdem._dealer"  # the module keeps its own name


def test_a_path_with_no_private_twin_is_still_missing():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pokercore.holdem.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("pokercore.holdem._dealer_twin")


def test_import_pokercore_loads_no_numpy():
    code = "import sys, pokercore; pokercore.evaluate5('As Ks Qs Js Ts'); print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    code = ("import sys, pokercore.evaluators as e; e.evaluate_shortdeck('Ah Kh 7h 6h 9h'); "
            "print('numpy' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "True"  # the variants load on first use
