"""Hold'em bad input: an illegal index is refused with the reason and the legal choices, the hand exactly as it was."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.envs import EnvError, HoldemEnv, HoldemGymEnv, IllegalMoveError
from pokercore.envs.holdem import describe_action
from pokercore.holdem import HoldemConfig

from .helpers import (
    check_gym_raise_mode,
    check_masked_indices_refused,
    check_not_an_index_refused,
    check_penalty_ends_the_episode,
)


@pytest.mark.parametrize("cfg", [HoldemConfig("nl", players=3), HoldemConfig("fl", players=4),
                                 HoldemConfig("plo", players=2, starting_stacks=[40, 300])],
                         ids=["nl-3", "fl-4", "plo-2"])
def test_every_masked_index_is_refused_and_changes_nothing(cfg):
    env = HoldemEnv(config=cfg)
    limit = cfg.variant == "fl"
    refused = check_masked_indices_refused(env, range(15), lambda i: describe_action(i, limit),
                                           lambda rng, mask: np.flatnonzero(mask == 0), no_cards=True)
    assert refused > 30


def test_the_reasons_name_the_rule():
    env = HoldemEnv("nl", 2)
    env.reset(options={"button": 0, "deck": "Kc Kd  As Ah  2c 7d 9h Jd Ts"})
    env.step(1)  # the button completes the small blind
    with pytest.raises(IllegalMoveError, match=r"action 0 \(fold\) is not legal now: there is nothing to call: check"):
        env.step(0)
    with pytest.raises(IllegalMoveError, match=r"1/3 pot is raise to 3, below the smallest: play 2 \(min-raise\)"):
        env.step(3)
    env.step(9)  # all-in
    with pytest.raises(IllegalMoveError, match="no bet or raise is allowed now"):
        env.step(2)
    fl = HoldemEnv("fl", 3)
    fl.reset(seed=1)
    for _ in range(3):
        fl.step(2)  # raise to 4, 6, 8: capped
    with pytest.raises(IllegalMoveError, match=r"action 2 \(bet/raise\) is not legal now: no bet or raise"):
        fl.step(2)


@pytest.mark.parametrize("bad", [2.0, True, "1", None, -1, 10, [1], np.float32(1.0), np.array([1])])
def test_values_that_are_not_an_index_are_refused(bad):
    env = HoldemEnv("nl", 2)
    env.reset(seed=1)
    check_not_an_index_refused(env, bad, "player_0")
    assert env.state_view.street == "flop"
    with pytest.raises(IllegalMoveError, match=r"out of range: the action space is 0\.\.2"):
        fl = HoldemEnv("fl", 2)
        fl.reset(seed=1)
        fl.step(3)


def test_penalty_mode_ends_the_episode_and_leaves_the_hand_alone():
    env = HoldemEnv("plo", 3, illegal_action="penalty", illegal_penalty=50)
    env.reset(seed=4)
    env.step(1)
    env.step(1)
    assert "nothing to call" in check_penalty_ends_the_episode(env, 0, 50.0)  # the big blind folds


def test_default_penalty_is_the_most_a_seat_can_lose():
    assert HoldemEnv("nl", 2).illegal_penalties == {"player_0": 200, "player_1": 200}
    assert HoldemEnv(config=HoldemConfig("nl", players=3, starting_stacks=[10, 500, 70])).illegal_penalties == \
        {"player_0": 10, "player_1": 70, "player_2": 70}  # its stack, or the largest stack it faces
    assert set(HoldemEnv("fl", 2).illegal_penalties.values()) == {4 * (2 * 2 + 2 * 4)}  # every bet of the streets
    assert set(HoldemEnv(config=HoldemConfig("fl", players=2, starting_stacks=30)).illegal_penalties.values()) == {30}
    assert HoldemGymEnv(config=HoldemConfig("fl", players=2, heads_up_uncapped=True)).illegal_penalty == 200


def test_gym_raise_and_penalty_modes():
    check_gym_raise_mode(HoldemGymEnv("nl", 2, illegal_action="raise"), seed=2)

    lenient = HoldemGymEnv("fl", 2, opponents="call")
    for seed in range(20):
        obs, _ = lenient.reset(seed=seed)
        if not obs["action_mask"][0]:
            break  # the big blind after a call: nothing to call, so no fold
    assert not obs["action_mask"][0]
    state = lenient.state_view.snapshot()
    _, reward, done, truncated, info = lenient.step(0)
    assert done and not truncated and reward == -lenient.illegal_penalty
    assert "not legal now" in info["illegal_action"] and lenient.state_view.snapshot() == state
    with pytest.raises(EnvError, match="episode is over"):
        lenient.step(1)
    lenient.reset(seed=3)  # a new episode after either ending


def test_bad_settings_are_refused_with_the_reason():
    cases = [
        (lambda: HoldemEnv("nl", 11), "players must be 2..10"),
        (lambda: HoldemEnv("stud", 2), "unknown variant 'stud'"),
        (lambda: HoldemEnv("nl", 3, config=HoldemConfig("nl", players=2)), "players=3 but config.players=2"),
        (lambda: HoldemEnv("fl", config=HoldemConfig("nl", players=2)), "variant='fl' but config.variant='nl'"),
        (lambda: HoldemEnv(config={"players": 2}), "config must be a pokercore.holdem.HoldemConfig"),
        (lambda: HoldemEnv(render_mode="rgb_array"), "render_mode must be"),
        (lambda: HoldemEnv(illegal_action="ignore"), "illegal_action must be"),
        (lambda: HoldemEnv(illegal_penalty=-1), "illegal_penalty must be"),
        (lambda: HoldemEnv(history_slots=2.5), "history_slots must be an int >= 1"),
        (lambda: HoldemGymEnv("nl", 2, seat=2), "seat must be a seat 0..1"),
        (lambda: HoldemGymEnv("nl", 3, opponents=["call"]), "one per other seat"),
        (lambda: HoldemGymEnv("nl", 2, opponents="expert"), "unknown holdem agent 'expert'"),
        (lambda: HoldemGymEnv("nl", 2, opponents=[3]), "an opponent is an agent name or a callable"),
    ]
    for make, text in cases:
        with pytest.raises(EnvError, match=text):
            make()


def test_an_opponent_that_answers_nonsense_is_named():
    env = HoldemGymEnv("nl", 2, seat=0, opponents=lambda obs: "raise everything")
    with pytest.raises(EnvError, match="the agent of seat 1 returned an illegal action"):
        for seed in range(5):
            env.reset(seed=seed)


def test_reset_options_are_checked():
    env = HoldemEnv("nl", 2)
    with pytest.raises(EnvError, match="cannot deal: deck: card As appears twice"):
        env.reset(options={"deck": "As As"})
    with pytest.raises(EnvError, match=r"cannot deal: button must be a seat 0\.\.1"):
        env.reset(options={"button": 5})
    with pytest.warns(UserWarning, match="stacks are not used"):
        env.reset(seed=1, options={"stacks": [5, 5]})
    with pytest.raises(EnvError, match="reset"):
        HoldemEnv("nl", 2).step(1)
    with pytest.raises(EnvError, match="reset"):
        HoldemGymEnv("nl", 2).legal_moves()
