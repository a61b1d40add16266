"""The action numbering: every legal move has exactly one index, and the index does what the docs say."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh import NUM_SPLITS, Arrangement, BinhRules, classify_special, count_legal, legal_arrangements
from pokercore.draw import DrawConfig, DrawState
from pokercore.envs import BinhEnv, DrawEnv
from pokercore.envs.binh import SPECIAL, legal_splits, split_arrangement, split_masks, split_of
from pokercore.envs.draw import (
    DISCARD,
    LEGAL_DISCARDS,
    NUM_ACTIONS,
    action_from_index,
    action_mask,
    describe_action,
    draw_layout,
    index_of_action,
)

from .helpers import masked_choice


def test_draw_numbering_constants():
    assert NUM_ACTIONS == 37 and DISCARD == 5
    assert len(LEGAL_DISCARDS) == 26 == 1 + 5 + 10 + 10
    assert [describe_action(i) for i in range(5)] == ["0 (fold)", "1 (check)", "2 (call)", "3 (bet)", "4 (raise)"]


def _key(action):
    """An action with its discards as a set (the order of discards does not matter to the engine)."""
    return action.kind, action.amount, frozenset(action.cards)


@pytest.mark.parametrize("cfg", [DrawConfig(players=2), DrawConfig(players=6),
                                 DrawConfig(players=3, all_in=True, starting_stacks=[4, 11, 60])])
def test_draw_mask_is_exactly_the_engines_legal_actions(cfg):
    for seed in range(40):
        rng = np.random.default_rng(seed)
        s = DrawState(cfg, button=seed % cfg.players, seed=seed)
        while not s.is_over:
            obs = s.observe(s.actor)
            mask = action_mask(obs)
            offered = [action_from_index(obs, int(i)) for i in np.flatnonzero(mask)]
            assert len(offered) == len(obs.legal_actions)
            assert {_key(a) for a in offered} == {_key(a) for a in obs.legal_actions}  # no move missing, none twice
            for a in obs.legal_actions:
                assert _key(action_from_index(obs, index_of_action(obs, a))) == _key(a)
            for other in range(cfg.players):
                if other != s.actor:
                    assert not action_mask(s.observe(other)).any()
            s.act(offered[int(rng.integers(len(offered)))])


def test_discard_bits_name_positions_of_the_sorted_hand():
    env = DrawEnv(players=2)
    lay = draw_layout(env.driver.config)
    for seed in range(30):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while env.state_view.street != "draw":
            env.step(1 if env.last()[0]["action_mask"][1] else 2)  # check or call to the draw
        seat = env.state_view.actor
        hand = env.observe(f"player_{seat}")["observation"][lay["hand"]].astype(int).tolist()
        assert hand == sorted(hand, reverse=True)
        m = int(rng.choice(LEGAL_DISCARDS))
        env.step(DISCARD + m)
        rec = next(r for r in env.state_view.log if len(r) == 4 and r[0] == seat and r[1] == "draw")
        assert sorted(rec[2]) == sorted(hand[k] for k in range(5) if m >> k & 1)


def test_discard_masks_over_three_cards_are_never_legal():
    env = DrawEnv(players=2)
    env.reset(seed=3)
    env.step(1)
    env.step(1)
    mask = env.last()[0]["action_mask"]
    assert mask[:DISCARD].sum() == 0
    assert sorted(np.flatnonzero(mask[DISCARD:]).tolist()) == list(LEGAL_DISCARDS)
    assert all(bin(m).count("1") >= 4 for m in range(32) if not mask[DISCARD + m])


# ---------------------------------------------------------------- Binh splits
def test_split_ids_number_every_partition_once():
    masks = np.array([split_masks(s) for s in range(0, NUM_SPLITS, 7)])
    assert all(bin(t).count("1") == 3 and bin(m).count("1") == 5 and bin(b).count("1") == 5 for t, m, b in masks)
    assert ((masks[:, 0] | masks[:, 1] | masks[:, 2]) == 8191).all()
    assert ((masks[:, 0] & masks[:, 1]) == 0).all() and ((masks[:, 1] & masks[:, 2]) == 0).all()
    from pokercore.envs._binh_env import _split_table

    table = _split_table()[0]
    assert len({tuple(r) for r in table.tolist()}) == NUM_SPLITS == 1287 * 56


def test_split_id_formula_of_the_docs():
    bottoms = list(combinations(range(13), 5))
    for s in (0, 1, 55, 56, 4242, 50000, NUM_SPLITS - 1):
        b, m = divmod(s, 56)
        rest = [p for p in range(13) if p not in bottoms[b]]
        middle = [rest[i] for i in list(combinations(range(8), 5))[m]]
        _, m_mask, b_mask = split_masks(s)
        assert b_mask == sum(1 << p for p in bottoms[b]) and m_mask == sum(1 << p for p in middle)


def test_split_round_trips_and_legal_splits_are_the_non_fouls():
    rng = np.random.default_rng(0)
    for _ in range(6):
        hand = rng.permutation(52)[:13].tolist()
        ids = legal_splits(hand)
        assert len(ids) == count_legal(hand)
        assert len(ids) == len(legal_arrangements(hand))
        for s in rng.choice(NUM_SPLITS, 200):
            a = split_arrangement(hand, int(s))
            assert split_of(hand, a) == s
            assert a.is_foul == (not np.isin(s, ids))  # a split is legal exactly when it is not a foul


def test_binh_special_hand_has_only_the_declaration_and_others_never_have_it():
    dragon = parse_cards("2h 3d 4c 5s 6h 7d 8c 9s Th Jd Qc Ks Ah")
    rest = [c for c in range(52) if c not in dragon]
    env = BinhEnv(players=2)
    env.reset(options={"hands": [dragon, rest[:13]]})
    assert classify_special(dragon)
    mask = env.last()[0]["action_mask"]
    assert np.flatnonzero(mask).tolist() == [SPECIAL]
    env.step(SPECIAL)
    mask = env.last()[0]["action_mask"]
    assert mask[SPECIAL] == 0 and mask.sum() == count_legal(rest[:13])
    # with specials off, the dragon arranges like any hand and nobody may declare
    off = BinhEnv(players=2, rules=BinhRules(declare_specials=False))
    off.reset(options={"hands": [dragon, rest[:13]]})
    mask = off.last()[0]["action_mask"]
    assert mask[SPECIAL] == 0 and mask.sum() == count_legal(dragon)


def test_binh_step_plays_the_split_it_names():
    env = BinhEnv(players=2)
    for seed in range(10):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        chosen = {}
        for agent in env.agent_iter():
            obs, _, terminated, _, info = env.last()
            action = None if terminated else masked_choice(rng, obs["action_mask"])
            if action is not None:
                chosen[agent] = (obs["observation"][:13].astype(int).tolist(), action)
            env.step(action)
        for agent, (cards, action) in chosen.items():
            if action != SPECIAL:
                a = split_arrangement(cards, action)
                assert info["shown"][agent] == a.format()
                assert not Arrangement.from_string(a.format()).is_foul
