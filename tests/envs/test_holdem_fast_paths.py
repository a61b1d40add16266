"""The hold'em environments' fast paths give exactly what the reference functions give.

The environments build observation vectors incrementally, copy cached masks
and play a masked-legal index without the engine's checks.  Here every seat's
arrays, at every decision of many random hands of every variant (history
overflow, all-ins, antes, straddles, seats sitting out, the Gym env's
built-in opponents), are compared with :func:`encode_observation` of the
engine's own observation, and the hands with a replay through the engine's
checked ``act``.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import format_cards
from pokercore.envs import HoldemEnv, HoldemGymEnv, IllegalMoveError
from pokercore.envs._holdem_spaces import encode_observation
from pokercore.holdem import HoldemConfig, HoldemState

CONFIGS = {
    "fl-2": (HoldemConfig("fl", players=2), None),
    "fl-4": (HoldemConfig("fl", players=4), None),
    "fl-uncapped-short": (HoldemConfig("fl", players=2, heads_up_uncapped=True, starting_stacks=40), None),
    "nl-2": (HoldemConfig("nl", players=2, starting_stacks=30), None),
    "nl-6-one-slot": (HoldemConfig("nl", players=6, starting_stacks=[20, 40, 60, 200, 9, 80]), 1),
    "nl-3-two-slots": (HoldemConfig("nl", players=3), 2),
    "plo-3": (HoldemConfig("plo", players=3, starting_stacks=50), None),
    "nl-ante-straddle": (HoldemConfig("nl", players=5, ante=1, straddles=(4,), starting_stacks=[3, 30, 200, 9, 60]),
                         None),
    "nl-bb-ante-sitting-out": (HoldemConfig("nl", players=4, ante=2, ante_mode="big-blind",
                                            starting_stacks=[0, 50, 120, 7]), 3),
}


def _same(got: dict[str, np.ndarray], want: dict[str, np.ndarray]) -> None:
    for key in ("observation", "action_mask"):
        assert got[key].dtype == want[key].dtype
        assert got[key].flags.writeable
        np.testing.assert_array_equal(got[key], want[key])


@pytest.mark.parametrize("name", list(CONFIGS))
def test_every_seat_every_decision_matches_the_reference_encoding(name):
    cfg, slots = CONFIGS[name]
    env = HoldemEnv(config=cfg, history_slots=slots)
    rng = np.random.default_rng(5)
    checked = 0
    for hand in range(40):
        env.reset(seed=hand)
        st = env.state_view
        replay = HoldemState(cfg, button=st.button, deck=list(st._deck))  # the same deal, played with the checks
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            seats = list(range(cfg.players))
            rng.shuffle(seats)  # any order of seats, several times per state
            for seat in seats + seats[:2]:
                _same(env.observe(f"player_{seat}"), encode_observation(st.observe(seat), slots))
                checked += 1
            if terminated:
                info = env.infos[agent]
                assert info["board"] == format_cards(st.board)
                assert info["revealed"] == {f"player_{i}": format_cards(c) for i, c in st.revealed.items()}
                env.step(None)
                continue
            index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            replay.act(env.legal_moves()[index])
            env.step(index)
        assert replay.is_over and replay.stacks == st.stacks and replay.events == st.events
    assert checked > 500


@pytest.mark.parametrize("name", ["fl-2", "nl-6-one-slot", "plo-3"])
def test_gym_env_with_built_in_opponents_matches_the_reference_encoding(name):
    cfg, slots = CONFIGS[name]
    env = HoldemGymEnv(config=cfg, history_slots=slots, opponents="random")
    rng = np.random.default_rng(2)
    for hand in range(30):
        obs, _ = env.reset(seed=hand)
        done = False
        while True:
            want = encode_observation(env.state_view.observe(env.seat), slots)
            if done:  # the final observation offers every index (none is played any more)
                assert obs["action_mask"].all() and not want["action_mask"].any()
                want["action_mask"] = np.ones_like(want["action_mask"])
            _same(obs, want)
            if done:
                break
            obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_a_masked_index_is_still_refused_with_the_reason_and_changes_nothing():
    env = HoldemEnv("fl", 2)
    env.reset(seed=1)
    for agent in env.agent_iter():  # play to a moment with no bet to face: fold is masked
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        if not obs["action_mask"][0]:
            before = env.state_view.events, obs["observation"].copy()
            with pytest.raises(IllegalMoveError, match="there is nothing to call: check instead"):
                env.step(0)
            assert env.state_view.events == before[0] and env.agent_selection == agent
            np.testing.assert_array_equal(env.last()[0]["observation"], before[1])
            return
        env.step(1)
    pytest.fail("no decision without a bet to face")  # pragma: no cover
