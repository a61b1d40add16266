"""The examples in the compiled modules' docstrings run (pytest collects doctests from .py files only).

Every ``.pyx`` of the package whose source holds an example (``>>>``) is
found here, so a new compiled module with examples is tested without a change
to this file.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "src" / "pokercore"
WITH_EXAMPLES = sorted(
    ".".join(p.relative_to(PKG.parent).with_suffix("").parts)
    for p in PKG.rglob("*.pyx")
    if ">>>" in p.read_text(encoding="utf-8")
)


def test_the_compiled_modules_with_examples_are_found() -> None:
    assert {"pokercore._eval", "pokercore._eval7", "pokercore.validation"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_compiled_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    source = (PKG.parent / Path(*name.split("."))).with_suffix(".pyx").read_text(encoding="utf-8")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    # every example of the source ran (Cython hands doctest the docstrings of its def functions)
    assert result.attempted >= source.count(">>>"), (result, source.count(">>>"))
    assert result.failed == 0
