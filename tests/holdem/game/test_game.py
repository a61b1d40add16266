"""Sessions: the button moves, busted seats leave, seats sit out and come back, seeds fix a whole game."""

from __future__ import annotations

import pytest

from pokercore.holdem._agents import RandomAgent, check_call_agent, check_fold_agent, raise_agent
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._errors import ConfigError, HoldemError
from pokercore.holdem._game import HoldemGame, play_game


def test_the_button_moves_to_the_next_seat_dealt_in():
    game = HoldemGame(HoldemConfig("nl", players=4, hands=8, seed=1))
    buttons = [game.play_hand([check_fold_agent] * 4).button for _ in range(8)]
    assert buttons == [0, 1, 2, 3, 0, 1, 2, 3]


def test_busted_seats_are_skipped_and_the_game_ends_early():
    cfg = HoldemConfig("nl", players=3, hands=1000, starting_stacks=[20, 200, 200], seed=2)
    game = HoldemGame(cfg)
    agents = [raise_agent, check_call_agent, RandomAgent(3)]
    while game.stacks[0] > 0 and not game.is_over:
        game.play_hand(agents)
    assert game.busted[0] == 0 and 0 not in game.playing_seats
    if not game.is_over:
        hand = game.play_hand(agents)
        assert not hand.dealt_in[0] and hand.button != 0
    result = game.play(agents)
    assert result.ended_early and sum(result.stacks) == 420 and len(game.playing_seats) == 1


def test_sitting_out_and_back_in_and_adding_chips():
    game = HoldemGame(HoldemConfig("nl", players=3, hands=10, seed=4))
    game.sit_out(1)
    hand = game.play_hand([check_call_agent] * 3)
    assert hand.dealt_in == (True, False, True) and game.sitting_out == (1,)
    game.sit_in(1)
    game.add_chips(1, 50)
    assert game.stacks[1] == 250
    assert game.play_hand([check_call_agent] * 3).dealt_in == (True, True, True)
    with pytest.raises(HoldemError, match="no seat 5"):
        game.sit_out(5)
    with pytest.raises(HoldemError, match="chips to add must be a whole number > 0"):
        game.add_chips(0, -5)
    hand = game.start_hand()
    with pytest.raises(HoldemError, match="between hands only"):
        game.add_chips(0, 5)
    with pytest.raises(HoldemError, match="the current hand is not over yet"):
        game.start_hand()
    hand.play([check_call_agent] * 3)


def test_a_seed_fixes_the_whole_game():
    cfg = HoldemConfig("plo", players=4, hands=30, starting_stacks=100, seed=11)
    runs = [play_game(cfg, [RandomAgent(k) for k in range(4)], keep_hands=True) for _ in range(2)]
    assert runs[0].stacks == runs[1].stacks
    assert [h.snapshot() for h in runs[0].hands] == [h.snapshot() for h in runs[1].hands]
    other = play_game(HoldemConfig("plo", players=4, hands=30, starting_stacks=100, seed=12),
                      [RandomAgent(k) for k in range(4)], keep_hands=True)
    assert [h.holes for h in other.hands] != [h.holes for h in runs[0].hands]


def test_hand_over_hook_sees_every_finished_hand():
    seen = []

    class Watcher:
        def __call__(self, obs):
            return check_call_agent(obs)

        def hand_over(self, obs):
            seen.append((obs.hand_number, obs.payouts is not None))

    play_game(HoldemConfig("fl", players=2, hands=5, seed=5), [Watcher(), check_call_agent])
    assert seen == [(k, True) for k in range(1, 6)]


def test_game_refusals():
    with pytest.raises(ConfigError, match="config must be a HoldemConfig"):
        HoldemGame("nl")  # type: ignore[arg-type]
    game = HoldemGame(HoldemConfig("nl", players=2, hands=1, seed=6))
    with pytest.raises(HoldemError, match="1 agents for 2 seats"):
        game.play_hand([check_call_agent])
    assert game.hands_played == 0  # refused before dealing
    game.play([check_call_agent] * 2)
    with pytest.raises(HoldemError, match="the game is over after 1 hands"):
        game.start_hand()


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_baseline_agents_only_answer_legal_actions(variant):
    cfg = HoldemConfig(variant, players=6, hands=40, starting_stacks=60, ante=1, seed=7)
    agents = [RandomAgent(1), check_call_agent, raise_agent, check_fold_agent, RandomAgent(2), raise_agent]
    result = play_game(cfg, agents)
    assert sum(result.stacks) == 360
