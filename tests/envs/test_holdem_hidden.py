"""No hold'em environment ever shows a seat another seat's hidden cards.

As for draw and Binh (``test_hidden.py``), over many seeded episodes of every variant and several table sizes:

- the card fields of every seat's observation, at every step, hold exactly
  that seat's own hole cards and the board dealt so far;
- counterfactual: deal the other seats different hole cards, keep the seat's
  own cards, the board and the actions: the seat's observations are
  identical, bit for bit, until the hand is over;
- every info dict and error message names no card but the seat's own, the
  board and, once the hand is over, the hands shown at the showdown (never a
  folded or mucked hand).
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.envs import HoldemEnv, HoldemGymEnv
from pokercore.holdem import HoldemConfig

from .helpers import (
    cards_in,
    check_gym_learner_views,
    check_views_hold_only_own_cards,
    random_actions,
    replay_seeing_the_same,
)

CONFIGS = [
    HoldemConfig("nl", players=2), HoldemConfig("nl", players=6), HoldemConfig("fl", players=3),
    HoldemConfig("fl", players=10), HoldemConfig("plo", players=4), HoldemConfig("plo", players=5, hole_cards=6),
    HoldemConfig("nl", players=5, starting_stacks=[4, 30, 200, 9, 60]),
]
SEEDS = range(25)


def _ids(cfg):
    return f"{cfg.variant}{cfg.hole_cards if cfg.variant == 'plo' else ''}-{cfg.players}-{min(cfg.stacks)}"


def _own_fields(vec, lay, hole, board):
    assert sorted(int(c) for c in vec[lay["hole"]] if c >= 0) == sorted(hole)
    assert set(np.flatnonzero(vec[lay["hole_cards"]]).tolist()) == set(hole)
    assert [int(c) for c in vec[lay["board"]] if c >= 0] == list(board)
    assert set(np.flatnonzero(vec[lay["board_cards"]]).tolist()) == set(board)
    for name in ("hole_cards", "board_cards"):
        assert set(np.unique(vec[lay[name]]).tolist()) <= {0.0, 1.0}


def _holdem_fields(lay):
    """The check of a seat's hold'em arrays: its own hole cards and the board, nothing else."""
    return lambda vec, state, seat: _own_fields(vec, lay, state.holes[seat], state.board)


def _hole_and_board(state, seat: int) -> set[int]:
    return set(state.holes[seat]) | set(state.board)


@pytest.mark.parametrize("cfg", CONFIGS, ids=_ids)
def test_every_view_holds_only_the_seats_own_cards_and_the_board(cfg):
    env = HoldemEnv(config=cfg)
    check_views_hold_only_own_cards(env, SEEDS, _holdem_fields(env.layout), _hole_and_board)


def _deck(state):
    """The dealt cards in dealing order, and the deck positions of each seat's hole cards."""
    deck, where = [], {}
    for rec in state.log:
        if rec[0] == "deal":
            where[rec[1]] = range(len(deck), len(deck) + len(rec[2]))
            deck.extend(rec[2])
        elif rec[0] == "board":
            deck.extend(rec[2])
    return deck, where


@pytest.mark.parametrize("cfg", CONFIGS, ids=_ids)
def test_views_do_not_change_when_the_others_hold_other_cards(cfg):
    a_env, b_env = HoldemEnv(config=cfg), HoldemEnv(config=cfg)
    changed = compared = 0
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        actions = random_actions(a_env, seed, rng)
        state = a_env.state_view
        deck, where = _deck(state)
        seat = int(rng.choice(sorted(where)))
        others = [p for s, r in where.items() if s != seat for p in r]
        fresh = [c for c in range(52) if c not in deck]
        pool = [deck[p] for p in others] + fresh
        rng.shuffle(pool)
        new_deck = list(deck)
        for p, c in zip(others, pool):
            new_deck[p] = c
        compared += replay_seeing_the_same(a_env, b_env, seed, actions, f"player_{seat}", new_deck, state.button)
        assert b_env.state_view.holes[seat] == state.holes[seat]
        assert a_env.state_view.board == b_env.state_view.board
        changed += any(a_env.state_view.holes[i] != b_env.state_view.holes[i] for i in where if i != seat)
    assert changed >= len(SEEDS) // 2 and compared > len(SEEDS)  # the counterfactual deals really differed


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_gym_learner_sees_only_its_cards_the_board_and_the_showdown(variant):
    for seed in SEEDS:
        env = HoldemGymEnv(variant, 4, seat=1, opponents=["random", "call", "raise"])
        check_gym_learner_views(env, seed, 1, _holdem_fields(env.layout), _hole_and_board)


def test_penalty_messages_name_no_card():
    env = HoldemEnv("plo", 3, illegal_action="penalty")
    for seed in range(10):
        env.reset(seed=seed)
        bad = np.flatnonzero(env.last()[0]["action_mask"] == 0)
        env.step(int(bad[0]))
        for info in env.infos.values():
            assert cards_in(info) == set()
