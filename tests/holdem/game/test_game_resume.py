"""HoldemGame.resume: a saved session goes on where it stood, and values no session could reach are refused."""

from __future__ import annotations

import pytest

from pokercore.holdem import HoldemConfig, HoldemGame
from pokercore.holdem._errors import ConfigError


def _played(cfg: HoldemConfig, hands: int) -> HoldemGame:
    game = HoldemGame(cfg)
    for _ in range(hands):
        hand = game.start_hand()
        while not hand.is_over:
            if hand.can_check():
                hand.check()
            else:
                hand.call()
    return game


def test_a_resumed_game_goes_on_where_the_saved_one_stood():
    cfg = HoldemConfig("nl", players=3, hands=6, seed=4)
    saved = _played(cfg, 3)
    back = HoldemGame.resume(cfg, hands_played=saved.hands_played, stacks=saved.stacks, button=saved.button)
    assert (back.hands_played, back.stacks, back.button) == (3, saved.stacks, saved.button)
    hand = back.start_hand()
    assert hand.starting_stacks == saved.stacks
    assert hand.button == (saved.button + 1) % 3
    assert hand.hand_number == 4


@pytest.mark.parametrize("kw, words", [
    ({"hands_played": 7}, "hands_played must be 0 to 6"),
    ({"hands_played": True}, "hands_played must be 0 to 6"),
    ({"stacks": [100, 100]}, "stacks must be 3 whole numbers"),
    ({"stacks": [400, 0, -100]}, "stacks must be 3 whole numbers"),
    ({"stacks": [100, 100, 99]}, "the stacks sum to 299 chips"),
    ({"button": 3}, "the button must be a seat 0..2"),
    ({"button": False}, "the button must be a seat 0..2"),
])
def test_values_no_session_could_reach_are_refused(kw, words):
    cfg = HoldemConfig("nl", players=3, hands=6)
    args = {"hands_played": 2, "stacks": list(cfg.stacks), "button": 0, **kw}
    with pytest.raises(ConfigError, match=words):
        HoldemGame.resume(cfg, **args)
