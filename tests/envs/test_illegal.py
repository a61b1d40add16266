"""Bad input: an illegal index is refused with the legal choices named and the game exactly as it was."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh import classify_special
from pokercore.draw import DrawConfig
from pokercore.envs import BinhEnv, BinhGymEnv, DrawEnv, DrawGymEnv, EnvError, IllegalMoveError
from pokercore.envs.binh import SPECIAL, legal_splits, split_arrangement
from pokercore.envs.draw import describe_action

from .helpers import (
    check_gym_raise_mode,
    check_masked_indices_refused,
    check_not_an_index_refused,
    check_penalty_ends_the_episode,
)


def test_draw_every_masked_index_is_refused_and_changes_nothing():
    env = DrawEnv(players=3, config=None)
    pick = lambda rng, mask: rng.choice(np.flatnonzero(mask == 0), 4, replace=False)  # noqa: E731
    assert check_masked_indices_refused(env, range(15), describe_action, pick) > 30


@pytest.mark.parametrize("bad", [2.0, True, "1", None, -1, 37, [1], np.float32(1.0), np.array([1])])
def test_draw_values_that_are_not_an_index_are_refused(bad):
    env = DrawEnv(players=2)
    env.reset(seed=1)
    check_not_an_index_refused(env, bad, "player_1")
    assert env.state_view.street == "draw"


def test_use_before_reset_and_unknown_agents_are_refused():
    env = DrawEnv(players=2)
    with pytest.raises(EnvError, match="reset"):
        env.step(1)
    with pytest.raises(EnvError, match="reset"):
        env.observe("player_0")
    env.reset(seed=0)
    with pytest.raises(EnvError, match="no agent 'player_9'"):
        env.observe("player_9")
    env.step(1)
    env.step(1)
    for _ in range(2):
        env.step(5)
    while not env.terminations[env.agent_selection]:
        env.step(1)
    with pytest.raises(ValueError, match="None"):  # PettingZoo: a terminated agent steps None
        env.step(1)


def test_penalty_mode_ends_the_episode_and_leaves_the_hand_alone():
    env = DrawEnv(players=3, illegal_action="penalty", illegal_penalty=50)
    env.reset(seed=4)
    check_penalty_ends_the_episode(env, 0, 50.0)  # fold with nothing to call


def test_default_penalty_is_the_most_a_seat_can_lose():
    assert set(DrawEnv(players=2).illegal_penalties.values()) == {1 + 4 * (2 + 4)}
    assert set(BinhEnv(players=4).illegal_penalties.values()) == {3 * 12}
    assert DrawGymEnv(config=DrawConfig(players=2, starting_stacks=10)).illegal_penalty == 10


def test_binh_fouls_and_wrong_declarations_are_refused():
    env = BinhEnv(players=2)
    env.reset(seed=3)
    cards = env.observe("player_0")["observation"][:13].astype(int)
    legal = set(legal_splits(cards).tolist())
    foul = next(s for s in range(0, 72072, 97) if s not in legal)
    played = list(env.driver._played)
    with pytest.raises(IllegalMoveError, match=r"is a foul .*allow_fouls=True") as err:
        env.step(foul)
    assert len(err.value.legal) == len(legal)
    with pytest.raises(IllegalMoveError, match="this hand is not special"):
        env.step(SPECIAL)
    with pytest.raises(IllegalMoveError, match="out of range"):
        env.step(SPECIAL + 1)
    assert env.driver._played == played and env.agent_selection == "player_0"


def test_binh_a_special_must_be_declared_and_a_deliberate_foul_scores_as_one():
    dragon = parse_cards("2h 3d 4c 5s 6h 7d 8c 9s Th Jd Qc Ks Ah")
    rest = [c for c in range(52) if c not in dragon]
    env = BinhEnv(players=2)
    env.reset(options={"hands": [dragon, rest[:13]]})
    with pytest.raises(IllegalMoveError, match=f"is declared: play {SPECIAL}"):
        env.step(0)
    rng = np.random.default_rng(0)
    while True:
        deck = rng.permutation(52).tolist()
        hands = [deck[:13], deck[13:26]]
        if not any(classify_special(h) for h in hands):
            break
    fouls = BinhEnv(players=2, allow_fouls=True)
    fouls.reset(options={"hands": hands})
    cards = sorted(hands[0], reverse=True)
    foul = next(s for s in range(72072) if split_arrangement(cards, s).is_foul)
    fouls.step(foul)
    fouls.step(int(legal_splits(hands[1])[0]))
    assert fouls.rewards == {"player_0": -9.0, "player_1": 9.0}
    assert fouls.infos["player_0"]["shown"]["player_0"].endswith("FOUL")


def test_gym_raise_and_penalty_modes():
    check_gym_raise_mode(DrawGymEnv(players=2, illegal_action="raise"), seed=2)

    lenient = BinhGymEnv(players=2, opponents="strongest")
    obs, _ = lenient.reset(seed=2)
    played = list(lenient.driver._played)
    _, reward, done, truncated, info = lenient.step(SPECIAL if not obs["action_mask"][SPECIAL] else 0)
    assert done and not truncated and reward == -lenient.illegal_penalty
    assert "not legal now" in info["illegal_action"] and lenient.driver._played == played
    with pytest.raises(EnvError, match="episode is over"):
        lenient.step(0)
    lenient.reset(seed=3)  # a new episode after either ending


def test_bad_settings_are_refused_with_the_reason():
    cases = [
        (lambda: DrawEnv(players=7), "players must be 2..6"),
        (lambda: DrawEnv(players=3, config=DrawConfig(players=2)), "players=3 but config.players=2"),
        (lambda: DrawEnv(config={"players": 2}), "config must be a pokercore.draw.DrawConfig"),
        (lambda: DrawEnv(render_mode="rgb_array"), "render_mode must be"),
        (lambda: DrawEnv(illegal_action="ignore"), "illegal_action must be"),
        (lambda: DrawEnv(illegal_penalty=-1), "illegal_penalty must be"),
        (lambda: DrawEnv(illegal_penalty=float("nan")), "illegal_penalty must be"),
        (lambda: DrawGymEnv(players=2, seat=2), "seat must be a seat 0..1"),
        (lambda: DrawGymEnv(players=3, opponents=["call"]), "one per other seat"),
        (lambda: DrawGymEnv(players=2, opponents="expert"), "unknown draw agent 'expert'"),
        (lambda: DrawGymEnv(players=2, opponents=[3]), "an opponent is an agent name or a callable"),
        (lambda: BinhEnv(players=5), "2 to 4 players"),
        (lambda: BinhEnv(rules="house"), "rules must be"),
        (lambda: BinhGymEnv(opponents="call"), "unknown binh agent 'call'"),
    ]
    for make, text in cases:
        with pytest.raises(EnvError, match=text):
            make()


def test_an_opponent_that_answers_nonsense_is_named():
    env = DrawGymEnv(players=2, seat=0, opponents=lambda obs: "raise everything")
    with pytest.raises(EnvError, match="the agent of seat 1 returned an illegal action"):
        for seed in range(5):
            env.reset(seed=seed)
    benv = BinhGymEnv(players=2, seat=1, opponents=lambda obs: "As Ks Qs / Js Ts 9s 8s 7s / 6s 5s 4s 3s 2s")
    with pytest.raises(EnvError, match="the agent of seat 0 must return an Arrangement of its own 13 cards"):
        for seed in range(5):  # (a seat dealt a special hand is not asked)
            benv.reset(seed=seed)


def test_reset_options_are_checked():
    env = BinhEnv(players=2)
    with pytest.raises(EnvError, match="2 disjoint hands"):
        env.reset(options={"hands": [list(range(13)), list(range(13))]})
    with pytest.warns(UserWarning, match="not used"):
        env.reset(seed=1, options={"deck": "As"})
    denv = DrawEnv(players=2)
    with pytest.raises(EnvError, match="cannot deal"):
        denv.reset(options={"deck": "As As"})
