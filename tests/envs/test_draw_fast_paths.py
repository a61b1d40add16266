"""The draw environments' fast paths give exactly what the reference functions give.

The environments build observation vectors incrementally and play a
masked-legal index without the engine's checks.  Here every seat's arrays,
at every decision of many random hands (all-in mode, short stacks, seats
sitting out, the Gym env's built-in opponents), are compared with
:func:`encode_observation` of the engine's own observation, and each hand
with a replay through the engine's checked ``act``.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawState
from pokercore.envs import DrawEnv, DrawGymEnv, IllegalMoveError
from pokercore.envs._draw_spaces import DISCARD, action_from_index, encode_observation

CONFIGS = {
    "2": DrawConfig(players=2),
    "6": DrawConfig(players=6),
    "all-in-short": DrawConfig(players=4, all_in=True, starting_stacks=[5, 40, 3, 200]),
    "sitting-out": DrawConfig(players=3, starting_stacks=[0, 30, 60]),
}


def _same(got: dict[str, np.ndarray], want: dict[str, np.ndarray]) -> None:
    for key in ("observation", "action_mask"):
        assert got[key].dtype == want[key].dtype
        assert got[key].flags.writeable
        np.testing.assert_array_equal(got[key], want[key])


@pytest.mark.parametrize("name", list(CONFIGS))
def test_every_seat_every_decision_matches_the_reference_encoding(name):
    cfg = CONFIGS[name]
    env = DrawEnv(config=cfg)
    rng = np.random.default_rng(5)
    checked = 0
    for hand in range(40):
        env.reset(seed=hand)
        st = env.state_view
        replay = DrawState(cfg, button=st.button, deck=list(st._deck))  # the same deal, played with the checks
        for _ in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            seats = list(range(cfg.players))
            rng.shuffle(seats)  # any order of seats, several times per state
            for seat in seats + seats[:2]:
                _same(env.observe(f"player_{seat}"), encode_observation(st.observe(seat)))
                checked += 1
            if terminated:
                env.step(None)
                continue
            index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            replay.act(action_from_index(replay.observe(replay.actor), index))
            env.step(index)
        assert replay.is_over and replay.stacks == st.stacks and replay.events == st.events
        assert replay.hands == st.hands
    assert checked > 500


@pytest.mark.parametrize("name", ["2", "all-in-short"])
def test_gym_env_with_built_in_opponents_matches_the_reference_encoding(name):
    env = DrawGymEnv(config=CONFIGS[name], opponents="random")
    rng = np.random.default_rng(2)
    for hand in range(30):
        obs, _ = env.reset(seed=hand)
        done = False
        while True:
            want = encode_observation(env.state_view.observe(env.seat))
            if done:  # the final observation offers every index (none is played any more)
                assert obs["action_mask"].all() and not want["action_mask"].any()
                want["action_mask"] = np.ones_like(want["action_mask"])
            _same(obs, want)
            if done:
                break
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_a_masked_index_is_still_refused_with_the_reason_and_changes_nothing():
    env = DrawEnv(players=2)
    env.reset(seed=1)
    obs = env.last()[0]
    before = env.state_view.events, obs["observation"].copy(), env.agent_selection
    for index, why in ((2, "there is no bet to call"), (DISCARD, "it is a betting round, not the draw")):
        with pytest.raises(IllegalMoveError, match=why):
            env.step(index)
    assert (env.state_view.events, env.agent_selection) == (before[0], before[2])
    np.testing.assert_array_equal(env.last()[0]["observation"], before[1])
