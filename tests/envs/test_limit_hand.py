"""The compiled fixed-limit hand plays exactly the engine's hands.

:class:`~pokercore.envs.HoldemEnv` plays fixed-limit tables with the compiled
:class:`~pokercore.envs._limit_hand.LimitHand`; the engine
(:class:`~pokercore.holdem._engine.HoldemState`, itself played in lockstep with
pokerkit in ``tests/holdem``) defines the rules.  Here random tables (2-10
seats, antes of both kinds, a zero small blind, short and empty stacks, every
cap, heads-up uncapped, history rings of one slot) are played with random
legal moves through both drivers side by side from the same seeds, and every
seat's vector and mask, the seat to act, the rewards, the end-of-hand facts
and the refusal of every illegal index must be the same.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.envs import HoldemEnv, IllegalMoveError
from pokercore.envs._aec import CardGameAEC
from pokercore.envs._errors import EnvError
from pokercore.envs._holdem_driver import HoldemDriver
from pokercore.envs._limit_hand import LimitHand
from pokercore.envs._limit_hand_driver import LimitHandDriver, compiled_limit
from pokercore.holdem import HoldemConfig, HoldemState


def random_config(rng: np.random.Generator) -> tuple[HoldemConfig, int | None]:
    n = int(rng.integers(2, 11))
    bb = int(rng.integers(1, 6))
    sb = int(rng.integers(0, bb + 1))
    small = int(rng.integers(1, 8))
    deep = int(rng.integers(1, 4)) == 1
    stacks = [int(rng.integers(0, 4 * small)) if not deep and rng.random() < 0.6 else int(rng.integers(1, 400))
              for _ in range(n)]
    for k in rng.choice(n, size=2, replace=False):  # two seats can play
        stacks[k] = max(stacks[k], 1)
    ante = int(rng.integers(0, 4)) if rng.random() < 0.5 else 0
    cfg = HoldemConfig("fl", players=n, small_blind=sb, big_blind=bb, ante=ante,
                       ante_mode="big-blind" if rng.random() < 0.4 else "each", small_bet=small,
                       big_bet=int(rng.integers(small, 3 * small + 1)), raise_cap=int(rng.integers(0, 5)),
                       heads_up_uncapped=bool(rng.random() < 0.4), starting_stacks=stacks)
    slots = None if rng.random() < 0.5 else int(rng.integers(1, 4))
    return cfg, slots


def _same_arrays(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    for key in ("observation", "action_mask"):
        assert a[key].dtype == b[key].dtype and a[key].shape == b[key].shape
        assert a[key].flags.writeable and a[key].flags.c_contiguous
        np.testing.assert_array_equal(a[key], b[key])


def play_side_by_side(cfg: HoldemConfig, slots: int | None, seed: int, hands: int) -> int:
    """Play ``hands`` hands through both drivers; return the decisions compared.

    A table none of whose hands can hold a decision is refused by both alike.
    """
    if HoldemDriver(cfg, slots).never_decides() is not None:
        with pytest.raises(EnvError, match="no hand of this table has a decision") as got:
            HoldemEnv(config=cfg, history_slots=slots)
        with pytest.raises(EnvError) as want:
            CardGameAEC(HoldemDriver(cfg, slots))
        assert str(got.value) == str(want.value)
        return 0
    fast = HoldemEnv(config=cfg, history_slots=slots)
    assert isinstance(fast.driver, LimitHandDriver)
    ref = CardGameAEC(HoldemDriver(cfg, slots))
    rng = np.random.default_rng(seed)
    decisions = 0
    n = cfg.players
    for hand in range(hands):
        fast.reset(seed=seed * 1000 + hand)
        ref.reset(seed=seed * 1000 + hand)
        for agent in fast.agent_iter():
            assert agent == ref.agent_selection
            for seat in range(n):
                _same_arrays(fast.observe(f"player_{seat}"), ref.observe(f"player_{seat}"))
            obs, reward, terminated, truncated, info = fast.last()
            assert (reward, terminated, truncated, info) == ref.last()[1:]
            if terminated:
                final = info
                assert fast.driver.returns() == ref.driver.returns()
                assert fast.driver.moves(int(agent[7:])) == {}
                fast.step(None)
                ref.step(None)
                continue
            seat = int(agent[7:])
            assert fast.driver.moves(seat) == ref.driver.moves(seat)
            mask = obs["action_mask"]
            for index in np.flatnonzero(mask == 0):  # refused with the engine's words, nothing changed
                with pytest.raises(IllegalMoveError) as got:
                    fast.step(int(index))
                with pytest.raises(IllegalMoveError) as want:
                    ref.step(int(index))
                assert str(got.value) == str(want.value)
            index = int(rng.choice(np.flatnonzero(mask)))
            fast.step(index)
            ref.step(index)
            decisions += 1
        fs, rs = fast.driver.state, ref.driver.state
        assert (fs.payouts, fs.revealed, fs.mucked, fs.board, fs.stacks) == \
            (rs.payouts, rs.revealed, rs.mucked, rs.board, rs.stacks)
        assert list(final["revealed"]) == [f"player_{i}" for i in rs.revealed]  # in the order shown
        assert sum(fast.driver.returns()) == 0
    return decisions


@pytest.mark.parametrize("table", range(60))
def test_random_tables_play_the_engines_hands(table):
    cfg, slots = random_config(np.random.default_rng(table))
    play_side_by_side(cfg, slots, table, hands=12)


def test_the_random_tables_are_played_not_only_dealt():
    played = [play_side_by_side(*random_config(np.random.default_rng(t)), t, hands=3) for t in range(8)]
    assert sum(played) > 50 and sum(1 for d in played if d) >= 6


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_hypothesis_tables_play_the_engines_hands(seed):
    cfg, slots = random_config(np.random.default_rng(seed))
    play_side_by_side(cfg, slots, seed % 10_000, hands=4)


def test_hands_with_chosen_button_and_deck_and_the_state_view_in_step():
    cfg = HoldemConfig("fl", players=3, ante=1, starting_stacks=[30, 0, 12])
    env = HoldemEnv(config=cfg)
    env.reset(seed=3, options={"button": 2, "deck": "As Ad Kc Kd"})
    st = env.state_view  # the engine's state of the hand, asked for first: moved on with every step
    assert st.button == 2 and env.driver._hand.hole(0) == st.holes[0] == tuple(st.deck[:2])
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, terminated, _, info = env.last()
        if terminated:
            env.step(None)
            continue
        assert st.actor == int(agent[7:])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert st.is_over and info["payouts"] == list(st.payouts)
    with pytest.raises(Exception, match="button"):
        env.reset(options={"button": 1})  # seat 1 has no chips: the engine says so


def test_the_same_seed_plays_the_same_hands_through_either_driver():
    cfg = HoldemConfig("fl", players=4)
    fast, ref = HoldemEnv(config=cfg), CardGameAEC(HoldemDriver(cfg))
    for seed in range(20):
        fast.reset(seed=seed)
        ref.reset(seed=seed)
        assert fast.state_view.deck == ref.driver.state.deck
        assert fast.state_view.button == ref.driver.state.button


def test_other_variants_keep_the_engine_driver():
    assert compiled_limit(HoldemConfig("fl"))
    assert not compiled_limit(HoldemConfig("nl")) and not compiled_limit(HoldemConfig("plo"))
    assert not compiled_limit(HoldemConfig("fl", starting_stacks=2**60))
    assert type(HoldemEnv("nl").driver) is HoldemDriver


def test_native_agents_play_through_the_compiled_hand():
    from pokercore.holdem import RandomAgent

    cfg = HoldemConfig("fl", players=3, starting_stacks=[9, 50, 50])
    env = HoldemEnv(config=cfg)
    for seed in range(30):
        env.reset(seed=seed)
        agents = [RandomAgent(seed + k) for k in range(3)]
        while env.driver.actor is not None:
            seat = env.driver.actor
            env.driver.play_native(seat, agents[seat])
        st = env.driver.state
        assert env.driver.returns() == tuple(float(a - b) for a, b in zip(st.stacks, st.starting_stacks))
        assert env.driver._hand.payouts == st.payouts


def test_bad_arguments_of_the_compiled_hand_are_refused():
    cfg = HoldemConfig("fl", players=2)
    driver = HoldemEnv(config=cfg).driver
    offsets = (*(driver.layout._at[f] for f in LimitHand.FIELDS), driver.layout.size)
    LimitHand(2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), offsets, driver.layout.slots)  # the driver's own: fine
    bad = [
        (1, 1, 2, 0, True, 2, 4, 4, False, (10,), offsets, 4),  # one player
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), offsets[:-1], 4),  # an offset missing
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), (*offsets[:-1], offsets[-1] - 1), driver.layout.slots),
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), offsets, driver.layout.slots + 1),  # history past the end
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), (-1, *offsets[1:]), 4),
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 0), offsets, 4),  # one seat with chips
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, -5), offsets, 4),
        (2, 1, 2, 0, True, 2, 4, 4, False, (2**52, 2**52), offsets, 4),  # 2**53 chips in all
        (2, -1, 2, 0, True, 2, 4, 4, False, (10, 10), offsets, 4),
        (2, 1, 2, 0, True, 2, 4, 4, False, (10, 10), offsets, 0),
    ]
    for args in bad:
        with pytest.raises((ValueError, OverflowError)):
            LimitHand(*args)
    hand = driver._hand
    with pytest.raises(ValueError):
        hand.deal(0, list(range(51)))
    with pytest.raises(ValueError):
        hand.deal(0, [99] * 52)
    with pytest.raises(ValueError):
        hand.deal(0, [0] * 52)  # a card twice
    with pytest.raises(ValueError):
        hand.deal(5, list(range(52)))
    with pytest.raises(ValueError):
        hand.observation(7)
    hand.deal(0, list(range(52)))
    state = HoldemState(cfg, button=0, deck=list(range(52)))
    assert hand.actor == state.actor == 0
    assert hand.apply(-1) is False and hand.apply(3) is False and hand.actor == 0  # nothing changed
    assert hand.apply(0) is True and hand.over and hand.actor is None
    assert hand.apply(1) is False  # the hand is over
    deck, decisions = hand.deck, list(hand.decisions)
    for button, cards in ((5, list(range(52))), (0, [3] * 52), (1, [51] + list(range(51)) + [7])):
        with pytest.raises(ValueError):
            hand.deal(button, cards)
        assert hand.deck == deck and hand.decisions == decisions and hand.over  # a refused deal changes nothing
    state.fold()
    assert hand.payouts == state.payouts and hand.returns == (-1.0, 1.0)


@pytest.mark.parametrize("env_class", ["holdem", "draw"])
def test_a_copied_or_pickled_env_plays_on_like_the_original(env_class):
    """Tree searches clone environments mid-hand: copies and pickles carry the compiled hand's deal and decisions."""
    import copy
    import pickle

    from pokercore.envs import DrawEnv

    env = HoldemEnv("fl", players=3) if env_class == "holdem" else DrawEnv(players=3)
    fresh = copy.deepcopy(env)  # before any hand: still to be reset
    fresh.reset(seed=11)
    env.reset(seed=11)
    rng = np.random.default_rng(2)
    for _ in range(3):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    clones = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    for clone in clones:
        assert clone.driver._hand.decisions == env.driver._hand.decisions
    lines = []
    for e in (env, *clones):
        moves = np.random.default_rng(5)
        for agent in e.agent_iter():
            obs, reward, terminated, _, info = e.last()
            lines.append((agent, obs["observation"].tobytes(), reward, str(info)))
            e.step(None if terminated else int(moves.choice(np.flatnonzero(obs["action_mask"]))))
    third = len(lines) // 3
    assert lines[:third] == lines[third:2 * third] == lines[2 * third:] and third >= 3


def test_chips_and_histories_the_compiled_hand_cannot_hold_are_played_by_the_engine():
    for cfg, slots in ((HoldemConfig("fl", players=2, small_bet=2**63 - 1, big_bet=1), None),
                       (HoldemConfig("fl", players=2, starting_stacks=2**52), None),
                       (HoldemConfig("fl", players=2, heads_up_uncapped=True, raise_cap=2**40), None),
                       (HoldemConfig("fl", players=2), 2**20 + 1)):
        assert not compiled_limit(cfg, slots)
    cfg = HoldemConfig("fl", players=2, small_bet=2**63 - 1, big_bet=1)
    env, ref = HoldemEnv(config=cfg), CardGameAEC(HoldemDriver(cfg))
    assert type(env.driver) is HoldemDriver
    for e in (env, ref):
        e.reset(seed=0)
    seat = env.driver.actor
    assert env.driver.moves(seat) == ref.driver.moves(seat) and str(env.driver.moves(seat)[2]) == "raise to 200"


def test_a_compiled_limit_hand_is_initialised_once():
    driver = HoldemEnv("fl", players=2).driver
    hand = driver._hand
    args = hand.__reduce__()[1][1]
    hand.deal(0, bytes(range(52)))
    hand.apply(2)
    with pytest.raises(TypeError):
        hand.__init__(*args)
    assert hand.observation(0)["observation"][driver.layout["street_actions"]].sum() == 1  # the same hand
    with pytest.raises(ValueError):
        LimitHand(*args[:3], 2**53, *args[4:])  # an ante of 2**53


def _engine_legal(state: HoldemState) -> tuple[tuple[int, str, int], ...]:
    index = {"fold": 0, "check": 1, "call": 1, "bet": 2, "raise": 2}
    return tuple((index[a.kind], a.kind, a.min_amount) for a in state.legal_actions())


def test_an_all_in_of_half_a_bet_reopens_the_betting_in_the_compiled_hand():
    # River, 4-chip bets: two checks, an all-in bet of 3 (three quarters of a bet): both players who
    # checked may raise, to a full bet on top of 3 (TDA rule 47-B, as the engine plays it).
    cfg = HoldemConfig("fl", players=3, starting_stacks=[100, 100, 5])
    hand = HoldemEnv(config=cfg).driver._hand
    hand.deal(2, bytes(range(52)))
    state = HoldemState(cfg, button=2, deck=list(range(52)))
    for _ in range(11):
        assert hand.apply(1)
        state.check() if state.can_check() else state.call()
    assert state.street == "river" and hand.apply(2)
    state.bet(3)
    for _ in range(2):
        assert hand.legal() == _engine_legal(state) == ((0, "fold", 0), (1, "call", 3), (2, "raise", 7))
        assert hand.apply(1)
        state.call()
    assert hand.over and state.is_over and hand.payouts == state.payouts


def test_random_short_stacked_hands_reopen_on_half_a_bet_like_the_engine():
    rng = np.random.default_rng(47)
    reopened = decisions = 0
    for _ in range(120):
        n = int(rng.integers(2, 7))
        small = int(rng.integers(1, 6))
        stacks = [2 + small + int(rng.integers(1, 5 * small)) if rng.random() < 0.8 else 200 for _ in range(n)]
        cfg = HoldemConfig("fl", players=n, small_blind=1, big_blind=2, small_bet=small, big_bet=2 * small,
                           starting_stacks=stacks)
        hand = HoldemEnv(config=cfg).driver._hand
        for _ in range(8):
            button, deck = int(rng.integers(n)), [int(c) for c in rng.permutation(52)]
            hand.deal(button, bytes(deck))
            state = HoldemState(cfg, button=button, deck=deck)
            while state.actor is not None:
                i = state.actor
                legal = hand.legal()
                assert hand.actor == i and legal == _engine_legal(state)
                faced = state.current_bet - state._level_at[i]
                if state.can_raise() and state._acted[i] and 0 < faced < state.bet_unit:
                    reopened += 1  # reopened by all-ins of half a bet or more, short of a full bet
                weights = np.array([0.1 if kind == "fold" else 1.0 for _, kind, _ in legal])
                index, kind, to = legal[int(rng.choice(len(legal), p=weights / weights.sum()))]
                assert hand.apply(index)
                state.act((kind, to))
                decisions += 1
            assert hand.over and hand.payouts == state.payouts and hand.revealed == tuple(state.revealed)
    assert decisions > 5000 and reopened >= 40
