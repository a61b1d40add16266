"""The compiled five-card draw hand plays exactly the engine's hands.

:class:`~pokercore.envs.DrawEnv` plays its hands with the compiled
:class:`~pokercore.envs._draw_hand.DrawHand`; the engine
(:class:`~pokercore.draw.DrawState`, itself played in lockstep with pokerkit
in ``tests/draw``) defines the rules.  Random tables (2-6 seats, antes, seats
sitting out, short stacks in all-in mode, every cap) are played with random
legal moves through both drivers side by side from the same seeds, and every
seat's vector and mask, the seat to act, the rewards, the end-of-hand facts
and the refusal of every illegal index must be the same.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.draw import ConfigError, DrawConfig, DrawState
from pokercore.envs import DrawEnv, IllegalMoveError
from pokercore.envs._aec import CardGameAEC
from pokercore.envs._draw_driver import DrawDriver
from pokercore.envs._draw_hand import DrawHand
from pokercore.envs._draw_hand_driver import DrawHandDriver
from pokercore.envs._draw_spaces import draw_layout


def random_config(rng: np.random.Generator) -> DrawConfig:
    while True:
        n = int(rng.integers(2, 7))
        small = int(rng.integers(1, 6))
        all_in = bool(rng.random() < 0.6)
        ante = int(rng.integers(0, 4))
        stacks = [int(rng.integers(0, 6 * small)) if rng.random() < 0.6 else int(rng.integers(1, 300))
                  for _ in range(n)]
        try:
            return DrawConfig(players=n, ante=ante, small_bet=small, big_bet=int(rng.integers(small, 3 * small + 1)),
                              raise_cap=int(rng.integers(0, 5)), all_in=all_in, starting_stacks=stacks)
        except ConfigError:
            continue


def _same_arrays(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> None:
    for key in ("observation", "action_mask"):
        assert a[key].dtype == b[key].dtype and a[key].shape == b[key].shape
        assert a[key].flags.writeable and a[key].flags.c_contiguous
        np.testing.assert_array_equal(a[key], b[key])


def play_side_by_side(cfg: DrawConfig, seed: int, hands: int) -> int:
    """Play ``hands`` hands through both drivers; return the decisions compared."""
    fast = DrawEnv(config=cfg)
    assert isinstance(fast.driver, DrawHandDriver)
    ref = CardGameAEC(DrawDriver(cfg))
    rng = np.random.default_rng(seed)
    decisions = 0
    for hand in range(hands):
        fast.reset(seed=seed * 1000 + hand)
        ref.reset(seed=seed * 1000 + hand)
        final = None
        for agent in fast.agent_iter():
            assert agent == ref.agent_selection
            for seat in range(cfg.players):
                _same_arrays(fast.observe(f"player_{seat}"), ref.observe(f"player_{seat}"))
            obs, reward, terminated, truncated, info = fast.last()
            assert (reward, terminated, truncated, info) == ref.last()[1:]
            if terminated:
                final = info
                assert fast.driver.returns() == ref.driver.returns()
                fast.step(None)
                ref.step(None)
                continue
            mask = obs["action_mask"]
            illegal = np.flatnonzero(mask == 0)
            for index in rng.choice(illegal, size=min(4, len(illegal)), replace=False):
                with pytest.raises(IllegalMoveError) as got:  # refused in the engine's words, nothing changed
                    fast.step(int(index))
                with pytest.raises(IllegalMoveError) as want:
                    ref.step(int(index))
                assert str(got.value) == str(want.value)
            index = int(rng.choice(np.flatnonzero(mask)))
            fast.step(index)
            ref.step(index)
            decisions += 1
        fs, rs = fast.driver.state, ref.driver.state
        assert (fs.payouts, fs.revealed, fs.hands, fs.stacks, fs.draw_counts) == \
            (rs.payouts, rs.revealed, rs.hands, rs.stacks, rs.draw_counts)
        assert final is not None and list(final["revealed"]) == [f"player_{i}" for i in rs.revealed]
        assert sum(fast.driver.returns()) == 0
    return decisions


@pytest.mark.parametrize("table", range(50))
def test_random_tables_play_the_engines_hands(table):
    play_side_by_side(random_config(np.random.default_rng(table)), table, hands=10)


def test_the_random_tables_are_played_not_only_dealt():
    played = [play_side_by_side(random_config(np.random.default_rng(t)), t, hands=3) for t in range(8)]
    assert sum(played) > 50 and sum(1 for d in played if d) >= 6


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_hypothesis_tables_play_the_engines_hands(seed):
    play_side_by_side(random_config(np.random.default_rng(seed)), seed % 10_000, hands=3)


def test_hands_with_chosen_button_and_deck_and_the_state_view_in_step():
    cfg = DrawConfig(players=3, ante=1, starting_stacks=[30, 0, 12])
    env = DrawEnv(config=cfg)
    env.reset(seed=3, options={"button": 2, "deck": "As Ad Ac Ah Kd"})
    state = env.state_view  # the engine's state, asked for first: moved on with every step
    assert state.button == 2 and env.driver._hand.hand(0) == state.hands[0] == tuple(state.deck[:5])
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, terminated, _, info = env.last()
        if terminated:
            env.step(None)
            continue
        assert state.actor == int(agent[7:])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert state.is_over and info["payouts"] == list(state.payouts)


def test_the_same_seed_deals_the_same_hands_through_either_driver():
    cfg = DrawConfig(players=4)
    fast, ref = DrawEnv(config=cfg), CardGameAEC(DrawDriver(cfg))
    for seed in range(20):
        fast.reset(seed=seed)
        ref.reset(seed=seed)
        assert fast.state_view.deck == ref.driver.state.deck and fast.state_view.button == ref.driver.state.button


def test_native_agents_play_through_the_compiled_hand():
    cfg = DrawConfig(players=3, all_in=True, starting_stacks=[5, 50, 50])
    env = DrawEnv(config=cfg)
    for seed in range(30):
        env.reset(seed=seed)
        agents = [env.driver.make_agent(name, np.random.default_rng(seed)) for name in ("random", "easy", "normal")]
        while env.driver.actor is not None:
            seat = env.driver.actor
            env.driver.play_native(seat, agents[seat])
        state = env.driver.state
        assert env.driver.returns() == tuple(float(a - b) for a, b in zip(state.stacks, state.starting_stacks))
        assert env.driver._hand.payouts == state.payouts


def test_bad_arguments_of_the_compiled_hand_are_refused():
    cfg = DrawConfig(players=2)
    lay = draw_layout(cfg)
    offsets = (*(lay._at[f] for f in DrawHand.FIELDS), lay.size)
    DrawHand(2, 1, 2, 4, 4, False, (10, 10), offsets, lay.slots)  # the driver's own: fine
    bad = [
        (1, 1, 2, 4, 4, False, (10,), offsets, lay.slots),
        (7, 1, 2, 4, 4, False, (10,) * 7, offsets, lay.slots),
        (2, 1, 2, 4, 4, False, (10, 10), offsets[:-1], lay.slots),
        (2, 1, 2, 4, 4, False, (10, 10), (*offsets[:-1], offsets[-1] - 1), lay.slots),
        (2, 1, 2, 4, 4, False, (10, 10), offsets, lay.slots + 1),
        (2, 1, 2, 4, 4, False, (10, 10), (-3, *offsets[1:]), lay.slots),
        (2, 5, 2, 4, 4, False, (10, 4), offsets, lay.slots),  # one seat can pay the ante
        (2, 1, 2, 4, 4, False, (2**52, 2**52), offsets, lay.slots),
        (2, -1, 2, 4, 4, False, (10, 10), offsets, lay.slots),
    ]
    for args in bad:
        with pytest.raises((ValueError, OverflowError)):
            DrawHand(*args)
    hand = DrawHand(2, 1, 2, 4, 4, False, (10, 10), offsets, lay.slots)
    for button, deck in ((2, list(range(52))), (0, list(range(51))), (0, [9] * 52), (0, [52] + list(range(51)))):
        with pytest.raises(ValueError):
            hand.deal(button, deck)
    hand.deal(0, list(range(52)))
    state = DrawState(cfg, button=0, deck=list(range(52)))
    assert hand.actor == state.actor == 1
    deck, decisions = hand.deck, list(hand.decisions)
    with pytest.raises(ValueError):
        hand.deal(5, list(range(52)))
    assert hand.deck == deck and hand.decisions == decisions and hand.actor == 1  # a refused deal changes nothing
    assert not hand.apply(-1) and not hand.apply(37) and not hand.apply(0) and not hand.apply(5)  # fold: no bet
    assert hand.actor == 1 and hand.apply(3) and hand.actor == 0  # a bet
    with pytest.raises(ValueError):
        hand.observation(2)


def test_native_discards_are_replaced_in_the_agents_order_like_the_engine():
    """The engine replaces an agent's discards in the order it names them; so does the compiled hand."""
    import copy

    from pokercore.draw import Action

    def agent(obs):  # the first two cards as held: not the highest first
        return Action("draw", 0, obs.hand[:2]) if obs.street == "draw" else Action("check", 0)

    cfg = DrawConfig(players=2)
    infos = []
    for env in (DrawEnv(config=cfg), CardGameAEC(DrawDriver(cfg))):
        env.reset(seed=0, options={"button": 0, "deck": "2c 3c 4d 5h 7s  As Ks Qs Js 9h  8c 8d 8h 8s"})
        while env.driver.actor is not None:
            env.driver.play_native(env.driver.actor, agent)
        infos.append(env.driver.info(1))
        if isinstance(env.driver, DrawHandDriver):
            copied = copy.deepcopy(env.driver._hand)  # the copy replays the draws in the same order
            assert copied.hand(1) == env.driver._hand.hand(1) == env.driver.state.hands[1]
    assert infos[0] == infos[1] and infos[0]["revealed"]["player_1"] == "8c 8d 4d 5h 7s"


def test_draw_cards_refuses_what_is_not_a_draw_of_the_hand_and_changes_nothing():
    cfg = DrawConfig(players=2)
    lay = draw_layout(cfg)
    hand = DrawHand(2, 1, 2, 4, 4, False, (10, 10), (*(lay._at[f] for f in DrawHand.FIELDS), lay.size), lay.slots)
    hand.deal(0, bytes(range(52)))
    assert hand.draw_cards(()) is False  # a betting round, not the draw
    assert hand.apply(1) and hand.apply(1) and hand.drawing  # both check: the draw
    seat = hand.actor
    cards = hand.hand(seat)
    for bad in ((cards[0], cards[0]), (51,), cards[:4], [cards[0]], (cards[0], 99)):
        assert hand.draw_cards(bad) is False and hand.hand(seat) == cards and hand.actor == seat
    assert hand.draw_cards((cards[2], cards[0])) and hand.actor != seat


def test_chips_the_compiled_hand_cannot_hold_are_played_by_the_engine():
    big = DrawConfig(players=2, starting_stacks=2**52)  # 2**53 chips in all
    assert type(DrawEnv(config=big).driver) is DrawDriver
    huge_bet = DrawConfig(players=3, ante=0, small_bet=2**63 - 1, big_bet=1, all_in=True,
                          starting_stacks=[100, 200, 300])
    env, ref = DrawEnv(config=huge_bet), CardGameAEC(DrawDriver(huge_bet))
    assert type(env.driver) is DrawDriver
    for e in (env, ref):
        e.reset(seed=0, options={"button": 2})
        e.step(3)
    assert env.driver.state.legal_actions() == ref.driver.state.legal_actions()
    lay = draw_layout(DrawConfig(players=2))
    offsets = (*(lay._at[f] for f in DrawHand.FIELDS), lay.size)
    with pytest.raises(ValueError):
        DrawHand(2, 0, 2**53, 4, 4, False, (10, 10), offsets, lay.slots)


def test_a_compiled_hand_is_initialised_once_and_reads_decks_strictly():
    lay = draw_layout(DrawConfig(players=2))
    args = (2, 1, 2, 4, 4, False, (10, 10), (*(lay._at[f] for f in DrawHand.FIELDS), lay.size), lay.slots)
    hand = DrawHand(*args)
    hand.deal(0, np.arange(52))  # numpy integers are integers
    hand.apply(3)
    with pytest.raises(TypeError):
        hand.__init__(*args)  # would leave the history behind the counts
    obs = hand.observation(0)["observation"]  # still the same hand
    assert obs[lay["history"]].sum() > 0
    with pytest.raises(TypeError):
        hand.deal(0, [c + 0.5 for c in range(52)])  # a float is not a card code, never truncated
    assert hand.decisions == [(3, ())]
