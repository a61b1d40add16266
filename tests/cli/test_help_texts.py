"""The help texts name every game pokercore plays: Binh, five-card draw, hold'em and Omaha."""

from __future__ import annotations

import pytest

from pokercore.cli import COMMANDS, format_help

GAMES = ("Binh", "draw", "hold'em", "Omaha")


def _summary(*words: str) -> str:
    return next(c.summary for c in COMMANDS if c.words == words)


@pytest.mark.parametrize("text", [
    pytest.param(format_help().split("commands:")[0], id="pokercore --help"),
    pytest.param(_summary("simulate"), id="simulate"),
    pytest.param(_summary("serve"), id="serve"),
])
def test_every_game_is_named(text):
    missing = [g for g in GAMES if g not in text]
    assert not missing, text
