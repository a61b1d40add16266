"""No environment ever shows a seat another seat's hidden cards (like the engines' no-hidden-card tests).

Three checks, over many seeded episodes of every table size:

- the card fields of every seat's observation, at every step, hold exactly
  that seat's own cards (compared with the engine's dealt cards);
- counterfactual: deal the other seats different cards, keep the seat's own
  cards and the public actions: the seat's observations are identical, bit
  for bit, until the hand is over, so nothing in them depends on cards it
  may not see;
- every info dict and error message names no card but the seat's own and,
  once the hand is over, the hands shown at showdown (draw; in Binh every
  hand is shown at the end).
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.binh import BinhRules
from pokercore.draw import DrawConfig
from pokercore.envs import BinhEnv, BinhGymEnv, DrawEnv, DrawGymEnv, IllegalMoveError
from pokercore.envs.binh import binh_layout
from pokercore.envs.draw import draw_layout

from .helpers import (
    cards_in,
    check_gym_learner_views,
    check_views_hold_only_own_cards,
    masked_choice,
    random_actions,
    replay_seeing_the_same,
)

DRAW_CONFIGS = [DrawConfig(players=n) for n in range(2, 7)] + [
    DrawConfig(players=5, all_in=True, starting_stacks=[2, 5, 30, 200, 9]),
]
SEEDS = range(25)


def _own_fields(vec: np.ndarray, lay, own: tuple[int, ...], hand_field: str, onehot_field: str) -> None:
    hand = vec[lay[hand_field]]
    assert sorted(int(c) for c in hand if c >= 0) == sorted(own)
    onehot = vec[lay[onehot_field]]
    assert set(np.flatnonzero(onehot).tolist()) == set(own)
    assert set(np.unique(onehot).tolist()) <= {0.0, 1.0}


def _draw_fields(lay):
    """The check of a seat's draw arrays: its own five cards, nothing else."""
    return lambda vec, state, seat: _own_fields(vec, lay, state.hands[seat], "hand", "cards")


def _own_hand(state, seat: int) -> set[int]:
    return set(state.hands[seat])


@pytest.mark.parametrize("cfg", DRAW_CONFIGS, ids=lambda c: f"{c.players}p{'-allin' if c.all_in else ''}")
def test_draw_every_view_holds_only_the_seats_own_cards(cfg):
    check_views_hold_only_own_cards(DrawEnv(config=cfg), SEEDS, _draw_fields(draw_layout(cfg)), _own_hand)


def _deck_prefix(state) -> tuple[list[int], dict[int, list[int]]]:
    """The dealt cards in dealing order, and the deck positions each seat received."""
    deck: list[int] = []
    where: dict[int, list[int]] = {}
    for rec in state.log:
        if rec[0] == "deal":
            where.setdefault(rec[1], []).extend(range(len(deck), len(deck) + 5))
            deck.extend(rec[2])
        elif len(rec) == 4 and rec[1] == "draw":
            where.setdefault(rec[0], []).extend(range(len(deck), len(deck) + len(rec[3])))
            deck.extend(rec[3])
    return deck, where


@pytest.mark.parametrize("cfg", DRAW_CONFIGS, ids=lambda c: f"{c.players}p{'-allin' if c.all_in else ''}")
def test_draw_views_do_not_change_when_the_others_hold_other_cards(cfg):
    a_env, b_env = DrawEnv(config=cfg), DrawEnv(config=cfg)
    changed = 0
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        actions = random_actions(a_env, seed, rng)
        state = a_env.state_view
        deck, where = _deck_prefix(state)
        seat = int(rng.integers(cfg.players))
        if seat not in where:
            continue  # sat out
        keep = set(where[seat])
        others = [c for c in range(52) if c not in {deck[p] for p in keep}]
        rng.shuffle(others)
        fill = iter(others)
        new_deck = [deck[p] if p in keep else next(fill) for p in range(len(deck))]
        # replay both from the start, step by step, comparing the seat's view while the hand runs
        replay_seeing_the_same(a_env, b_env, seed, actions, f"player_{seat}", new_deck, state.button)
        changed += any(a_env.state_view.hands[i] != b_env.state_view.hands[i] for i in where if i != seat)
    assert changed >= len(SEEDS) // 2  # the counterfactual deals really differed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_binh_views_hold_only_the_own_cards_and_do_not_depend_on_the_others(players):
    lay = binh_layout(players)
    for seed in SEEDS:
        env = BinhEnv(players=players)
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        hands = list(env.driver._hands)
        seat = int(rng.integers(players))
        me = f"player_{seat}"
        # a second deal: the same cards for `seat`, the other 39 cards dealt anew
        rest = [c for c in range(52) if c not in hands[seat]]
        rng.shuffle(rest)
        alt_hands, k = [], 0
        for i in range(players):
            if i == seat:
                alt_hands.append(hands[seat])
            else:
                alt_hands.append(tuple(rest[13 * k:13 * k + 13]))
                k += 1
        other = BinhEnv(players=players)
        other.reset(seed=seed, options={"hands": alt_hands})
        for agent in env.agent_iter():
            if env.terminations[agent]:
                break
            for a in env.agents:
                s = int(a.split("_")[1])
                _own_fields(env.observe(a)["observation"], lay, hands[s], "cards", "onehot")
                assert env.infos[a] == {}
            va, vb = env.observe(me), other.observe(me)
            assert np.array_equal(va["observation"], vb["observation"])
            assert np.array_equal(va["action_mask"], vb["action_mask"])
            obs = env.last()[0]
            if agent == me:
                action = masked_choice(rng, obs["action_mask"])
                env.step(action)
                other.step(action)
            else:
                env.step(masked_choice(rng, obs["action_mask"]))
                other.step(masked_choice(rng, other.last()[0]["action_mask"]))


def test_gym_learner_sees_only_its_cards_and_the_showdown():
    for seed in SEEDS:
        env = DrawGymEnv(players=4, seat=1, opponents=["easy", "maniac", "station"])
        check_gym_learner_views(env, seed, 1, _draw_fields(draw_layout(env.driver.config)), _own_hand)
    for seed in SEEDS:
        benv = BinhGymEnv(players=3, opponents="strongest")
        obs, info = benv.reset(seed=seed)
        _own_fields(obs["observation"], binh_layout(3), benv.driver._hands[0], "cards", "onehot")
        assert info == {}


def test_error_messages_never_name_a_card():
    # penalty mode hands the message to every agent's info: it must not carry the offender's cards
    for env in (DrawEnv(players=3), BinhEnv(players=3, rules=BinhRules())):
        for seed in range(10):
            env.reset(seed=seed)
            mask = env.last()[0]["action_mask"]
            for bad in np.flatnonzero(mask == 0)[:40]:
                with pytest.raises(IllegalMoveError) as err:
                    env.step(int(bad))
                assert cards_in(str(err.value)) == set()
