"""The worked examples of ``docs/holdem_game.md`` run as doctests and say what the engine does."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "holdem_game.md"


def test_the_rules_page_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 60 and result.failed == 0


def test_the_rules_page_speaks_of_pokercore_alone():
    text = DOC.read_text(encoding="utf-8").lower()
    assert "brief" not in text and " issue" not in text
