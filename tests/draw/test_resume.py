"""DrawGame.resume: a saved session goes on between hands, and values no game could reach are refused."""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawGame, check_call_agent
from pokercore.draw._errors import ConfigError
from pokercore.draw.ai import make_agent


def _played(config: DrawConfig, hands: int) -> DrawGame:
    game = DrawGame(config)
    agents = [make_agent("maniac", np.random.default_rng(i)) for i in range(config.players)]
    for _ in range(hands):
        game.play_hand(agents)
    return game


def test_a_resumed_game_goes_on_where_the_saved_one_stood():
    config = DrawConfig(players=3, hands=12, seed=5)
    first = _played(config, 4)
    last = first.current_hand
    assert last is not None
    game = DrawGame.resume(config, hands_played=first.hands_played, stacks=first.stacks, button=last.button,
                           bought_in=first.bought_in)
    assert game.current_hand is None and not game.is_over
    assert (game.hands_played, game.stacks, game.bought_in) == (4, first.stacks, (0, 0, 0))
    hand = game.start_hand()
    assert hand.hand_number == 5 and hand.starting_stacks == first.stacks
    assert hand.button == first.start_hand().button  # the button moves on as in the saved game
    hand.play([check_call_agent] * 3)
    game.play([check_call_agent] * 3)
    assert game.hands_played == 12 and sum(game.stacks) == 600


def test_rebuys_are_carried_over_and_seats_that_cannot_pay_sit_out():
    config = DrawConfig(players=3, hands=10, seed=1)
    game = DrawGame.resume(config, hands_played=3, stacks=[0, 350, 450], button=0, bought_in=[200, 0, 0])
    assert game.bought_in == (200, 0, 0) and game.playing_seats == (1, 2)
    assert game.start_hand().button == 1
    fresh = DrawGame.resume(config, hands_played=0, stacks=[200, 200, 200], button=None)
    assert fresh.start_hand().button == 0 and fresh.hands_played == 1


def test_a_game_that_played_all_its_hands_resumes_over():
    game = DrawGame.resume(DrawConfig(players=2, hands=3, seed=1), hands_played=3, stacks=[100, 300], button=1)
    assert game.is_over


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"stacks": [300, 200, 200]}, "the stacks sum to 700 chips, but the seats started with 600 and bought 0"),
    ({"stacks": [400, 200, 0], "bought_in": [100, 0, 0]},
     "the stacks sum to 600 chips, but the seats started with 600 and bought 100 more"),
    ({"stacks": [-1, 401, 200]}, "stacks must be whole numbers of chips, 0 or more"),
    ({"stacks": [200.0, 200, 200]}, "stacks must be whole numbers of chips"),
    ({"stacks": [True, 399, 200]}, "stacks must be whole numbers of chips"),
    ({"stacks": [300, 300]}, "stacks must be a sequence of 3 chip counts"),
    ({"stacks": "200"}, "stacks must be a sequence of 3 chip counts"),
    ({"bought_in": [0, -5, 5], "stacks": [200, 200, 200]}, "bought_in must be whole numbers of chips, 0 or more"),
    ({"bought_in": [0, 0]}, "bought_in must be a sequence of 3"),
    ({"hands_played": -1}, r"hands_played must be a number of hands from 0 to 10, got -1"),
    ({"hands_played": 11}, r"hands_played must be a number of hands from 0 to 10, got 11"),
    ({"hands_played": 2.0}, r"hands_played must be a number of hands from 0 to 10, got 2\.0"),
    ({"hands_played": True}, r"hands_played must be a number of hands from 0 to 10, got True"),
    ({"button": 3}, r"button must be a seat number 0\.\.2 \(or None\), got 3"),
    ({"button": -1}, r"button must be a seat number 0\.\.2"),
    ({"button": "1"}, r"button must be a seat number 0\.\.2"),
])
def test_values_no_game_could_reach_are_refused_with_what_was_expected(kwargs, message):
    args = {"hands_played": 2, "stacks": [250, 150, 200], "button": 1, **kwargs}
    with pytest.raises(ConfigError, match=f"^resume: {message}"):
        DrawGame.resume(DrawConfig(players=3, hands=10, seed=1), **args)


def test_a_config_that_is_not_a_draw_config_is_refused():
    with pytest.raises(ConfigError, match="config must be a DrawConfig"):
        DrawGame.resume({"players": 2}, hands_played=0, stacks=[200, 200], button=None)  # type: ignore[arg-type]
