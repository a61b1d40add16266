"""Small seeded duplicate matches against the playing styles: the large effects hold.

The full tables (hundreds of deals, CIs) are in docs/draw_ai.md; these
runs are small and seeded, and assert only effects several times larger
than their noise at this size.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.sim import simulate


def _net(ai: str, style: str, deals: int = 30, seed: int = 11) -> np.ndarray:
    r = simulate("draw", [ai, style], deals=deals, seed=seed, duplicate=True, progress=False)
    return r.payoffs[:, 0]


def test_hard_beats_the_maniac():
    assert _net("hard", "maniac").mean() > 1.0


@pytest.mark.parametrize("style", ["rock", "tag"])
def test_reading_levels_beat_easy_against_tight_styles(style):
    easy, normal, hard = (_net(ai, style) for ai in ("easy", "normal", "hard"))
    assert easy.mean() < 0 < hard.mean()           # easy pays the tight player off; hard does not
    assert (normal - easy).mean() > 0.4 and (hard - easy).mean() > 0.4


def test_everyone_beats_the_station():
    for ai in ("easy", "normal", "hard"):
        assert _net(ai, "station").mean() > 0.3
