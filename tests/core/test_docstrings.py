"""The examples in the compiled modules' docstrings run (pytest collects doctests from .py files only)."""

from __future__ import annotations

import doctest

import pytest

from pokercore import _eval7


@pytest.mark.parametrize("module", [_eval7])
def test_compiled_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
    assert result.attempted > 5
    assert result.failed == 0
