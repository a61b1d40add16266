"""The Binh and draw adapters of the simulation runner."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.sim import SimulationError, simulate


@pytest.mark.parametrize("game, agents", [
    ("binh", ["strongest", "easy", "normal"]),
    ("draw", ["call", "random", "easy"]),
])
def test_zero_sum_and_identical_across_workers(game, agents):
    one = simulate(game, agents, deals=24, seed=9, chunk_size=6, keep_payoffs=True)
    two = simulate(game, agents, deals=24, seed=9, chunk_size=6, workers=2, keep_payoffs=True)
    np.testing.assert_allclose(one.payoffs.sum(axis=1), 0.0, atol=1e-9)
    np.testing.assert_array_equal(one.payoffs, two.payoffs)
    assert np.abs(one.payoffs).sum() > 0


@pytest.mark.parametrize("game, agents", [("binh", ["normal", "normal"]), ("draw", ["call", "call"])])
def test_duplicate_mode_equal_deterministic_agents_tie(game, agents):
    r = simulate(game, agents, deals=10, seed=3, duplicate=True, keep_payoffs=True)
    np.testing.assert_allclose(r.payoffs, 0.0, atol=1e-9)


def test_draw_options_reach_the_config():
    small = simulate("draw", ["call", "call", "call"], deals=30, seed=1, options={"ante": 1, "small_bet": 2},
                     keep_payoffs=True)
    big = simulate("draw", ["call", "call", "call"], deals=30, seed=1, options={"ante": 5, "small_bet": 10},
                   keep_payoffs=True)
    assert np.abs(big.payoffs).sum() > np.abs(small.payoffs).sum()


@pytest.mark.parametrize("game, agents, match", [
    ("binh", ["normal"] * 5, "needs 2-4 agents"),
    ("draw", ["call"] * 7, "needs 2-6 agents"),
    ("binh", ["normal", "grandmaster"], "grandmaster"),
    ("draw", ["call", "grandmaster"], "grandmaster"),
])
def test_bad_agents(game, agents, match):
    with pytest.raises(SimulationError, match=match):
        simulate(game, agents, deals=2)
