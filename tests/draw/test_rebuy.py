"""Rebuys between draw hands: only for a seat that sits out, only between hands, chips accounted for."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawGame, check_call_agent
from pokercore.draw._errors import DrawError
from pokercore.draw.ai import make_agent


def test_a_seat_that_sits_out_is_topped_up_to_its_starting_stack():
    game = DrawGame(DrawConfig(players=2, hands=200, starting_stacks=[6, 200], seed=2))
    agents = [make_agent("maniac", np.random.default_rng(1)), make_agent("maniac", np.random.default_rng(2))]
    while not game.is_over:
        game.play_hand(agents)
    assert game.hands_played < 200  # a seat went out (deterministic with this seed)
    loser = min(range(2), key=lambda i: game.stacks[i])
    before = game.stacks[loser]
    added = game.rebuy(loser)
    start = game.config.stacks[loser]
    assert added == start - before > 0 and game.stacks[loser] == start
    assert game.bought_in[loser] == added and game.bought_in[1 - loser] == 0
    assert not game.is_over and loser in game.playing_seats
    game.play_hand(agents)
    assert sum(game.stacks) == 206 + sum(game.bought_in)  # chips conserved, the bought ones included


def test_refusals_change_nothing():
    game = DrawGame(DrawConfig(players=2, hands=2, seed=1))
    hand = game.start_hand()
    with pytest.raises(DrawError, match="between hands"):
        game.rebuy(0)
    hand.play([check_call_agent] * 2)
    with pytest.raises(DrawError, match="can still play with"):
        game.rebuy(0)
    for bad in (-1, 2, 1.0, True, "0", None):
        with pytest.raises(DrawError, match=r"seat must be a seat number 0\.\.1"):
            game.rebuy(bad)
    game.play_hand([check_call_agent] * 2)
    assert game.is_over
    stacks = game.stacks
    with pytest.raises(DrawError, match="all its 2 hands"):
        game.rebuy(0)
    assert game.stacks == stacks and game.bought_in == (0, 0)


def test_many_rebuys_keep_the_books():
    rng = np.random.default_rng(5)
    game = DrawGame(DrawConfig(players=4, hands=300, starting_stacks=[20, 30, 200, 25], seed=9))
    agents = [make_agent(n, np.random.default_rng(i)) for i, n in enumerate(["maniac", "station", "normal", "maniac"])]
    rebuys = 0
    while not game.is_over:
        game.play_hand(agents)
        for seat in range(4):
            if seat not in game.playing_seats and game.hands_played < 300 and rng.random() < 0.8:
                game.rebuy(seat)
                rebuys += 1
        assert sum(game.stacks) == sum(game.config.stacks) + sum(game.bought_in)
    assert rebuys >= 3
