"""Hand histories (write, replay, reject bad ones) and configuration checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.draw import (
    ConfigError,
    DrawConfig,
    DrawError,
    DrawState,
    HistoryError,
    RandomLegalAgent,
    check_call_agent,
    format_history,
    play_game,
    raise_agent,
    replay_history,
)

from .helpers import deal, run


def _example() -> DrawState:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, all_in=True, starting_stacks=[40, 5, 40])
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}, button=2,
             draws="Ah As Qh Js 5d 2h")
    run(s, "s0 bet; s1 raise; s2 call; s0 call")
    run(s, "s0 draw 9h 7s 2c; s1 draw 8h 7h; s2 draw")
    run(s, "s0 bet; s2 call")
    return s


def test_history_text_is_readable_and_complete() -> None:
    s = _example()
    text = format_history(s)
    lines = text.splitlines()
    assert lines[:9] == [
        "# pokercore five-card draw (fixed limit)", "hand: 1", "seats: 3", "button: 2", "ante: 1",
        "bets: 2 4", "raise_cap: 3", "all_in: on", "stacks: 40 5 40",
    ]
    assert "deal s0: Ac Kd 9h 7s 2c" in lines
    assert "s1: raise 4" in lines and "s0: call 2" in lines
    assert "s0: draw 9h 7s 2c -> Ah As Qh" in lines and "s2: draw -" in lines
    assert lines[-1] == "final: " + " ".join(map(str, s.stacks))
    assert any(line.startswith("show s0:") for line in lines)


def test_replay_gives_the_same_state() -> None:
    s = _example()
    again = replay_history(format_history(s))
    assert again.snapshot() == s.snapshot()
    assert format_history(again) == format_history(s)


def test_replay_of_an_unfinished_hand() -> None:
    s = _example()
    cfg = s.config
    part = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}, button=2,
                draws="Ah As Qh Js 5d 2h")
    run(part, "s0 bet; s1 raise; s2 call; s0 call; s0 draw 9h 7s 2c")
    again = replay_history(format_history(part))
    assert again.snapshot() == part.snapshot() and again.actor == 1


def test_replay_when_the_last_draw_goes_straight_to_showdown() -> None:
    cfg = DrawConfig(players=2, ante=1, small_bet=2, all_in=True, starting_stacks=[3, 40])
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s"}, button=0, draws="As Ah 2d")
    run(s, "s1 bet; s0 call; s1 draw 8h; s0 draw 9h 7s")
    assert s.is_over and s.log[-1][0] == "win"
    assert replay_history(format_history(s)).snapshot() == s.snapshot()


def test_every_hand_of_a_game_replays() -> None:
    cfg = DrawConfig(players=5, hands=60, starting_stacks=30, all_in=True, seed=77)
    result = play_game(cfg, [RandomLegalAgent(k) for k in range(5)], keep_hands=True)
    for hand in result.hands:
        assert replay_history(format_history(hand)).snapshot() == hand.snapshot()


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("final: ", "final: 1 ", "final stacks"),
        ("s2: call 4\n", "s2: call 5\n", "wrong amount"),
        ("s1: raise 4\n", "s1: check\n", "cannot check"),
        ("seats: 3", "seats: three", "header"),
        ("deal s0: Ac", "deal s9: Ac", "not a seat"),
        ("win s0:", "win s2:", "showdown replays"),
        ("s0: draw 9h 7s 2c", "s0: draw 9h 7s 2x", "line"),
        ("s0: draw 9h 7s 2c ->", "s0: draw 9h 7s ->", "the draw replays as Ah As"),
        ("deal s0:", "deal s1:", "not how this hand was dealt"),
    ],
)
def test_bad_histories_are_rejected(old: str, new: str, message: str) -> None:
    text = format_history(_example())
    assert old in text
    with pytest.raises(HistoryError, match=message):
        replay_history(text.replace(old, new, 1))


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 1}, "players must be 2..6, got 1"),
        ({"players": 7}, "56 cards and the deck has 52"),
        ({"players": 2.0}, "players must be an int"),
        ({"ante": -1}, "ante must be >= 0"),
        ({"small_bet": 0}, "small_bet must be >= 1"),
        ({"big_bet": 0}, "big_bet must be >= 1"),
        ({"raise_cap": -1}, "raise_cap must be >= 0"),
        ({"hands": -2}, "hands must be >= 0"),
        ({"all_in": "yes"}, "all_in must be True or False"),
        ({"starting_stacks": [10, 10]}, "2 entries for 6 players"),
        ({"starting_stacks": -5}, "must be >= 0"),
        ({"starting_stacks": "100"}, "starting_stacks must be an int"),
        ({"ante": True}, "ante must be an int"),
        ({"seed": -1}, "seed must be >= 0"),
    ],
)
def test_invalid_configs_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as info:
        DrawConfig(**kwargs)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        # the ante alone is more than any stack: no seat is ever dealt in
        ({"players": 2, "ante": 300, "starting_stacks": 200},
         r"needs the ante and one bet \(300 \+ 2 = 302 chips\) .* none of the 2 seats .* at least 302 chips"),
        # dealt in, but nobody can bet or call
        ({"players": 2, "small_bet": 500, "starting_stacks": 200}, r"\(1 \+ 500 = 501 chips\)"),
        ({"players": 3, "starting_stacks": [200, 2, 2]}, r"only 1 of the 3 seats starts with that many"),
        ({"players": 4, "starting_stacks": [50, 0, 0, 0]}, "only 1 of the 4 seats"),
        ({"players": 3, "ante": 2, "big_bet": 1, "starting_stacks": 2}, r"\(2 \+ 1 = 3 chips\)"),
        ({"players": 2, "all_in": True, "starting_stacks": [0, 9]}, "a hand needs two seats with chips"),
    ],
)
def test_configs_that_cannot_play_a_hand_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ConfigError, match="^no hand can be played: .*" + message) as info:
        DrawConfig(**kwargs)
    assert "give two or more seats" in str(info.value)


def test_short_stacks_that_can_still_bet_are_accepted() -> None:
    assert DrawConfig(players=2, starting_stacks=[200, 3]).stacks == (200, 3)        # 3 = ante + one bet
    assert DrawConfig(players=3, starting_stacks=[200, 3, 0]).stacks == (200, 3, 0)
    # all-in mode: any chips play (all-in for the ante, for less than a bet)
    cfg = DrawConfig(players=3, ante=300, all_in=True, starting_stacks=200, hands=5, seed=1)
    result = play_game(cfg, [raise_agent] * 3)
    assert result.hands_played >= 1 and sum(result.stacks) == 600


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.integers(2, 6), st.integers(0, 4), st.integers(1, 5), st.integers(0, 3), st.data())
def test_a_config_is_refused_exactly_when_no_bet_could_be_called(n, ante, small, extra, data) -> None:
    """With all-in mode off and every seat betting or raising when it can, a bet gets called or
    raised in the first hand exactly when DrawConfig accepts the stacks."""
    stacks = data.draw(st.lists(st.integers(0, ante + small + 2), min_size=n, max_size=n))
    big = small + extra
    try:
        DrawConfig(players=n, ante=ante, small_bet=small, big_bet=big, starting_stacks=stacks)
        accepted = True
    except ConfigError:
        accepted = False
    rules = DrawConfig(players=n, ante=ante, small_bet=small, big_bet=big)
    if sum(rules.can_play(s) for s in stacks) < 2:
        assert not accepted          # not even a deal
        return
    s = DrawState(rules, stacks, button=0, seed=1)
    s.play([raise_agent] * n)
    contested = any(e.kind in ("call", "raise") for e in s.events)
    assert accepted == contested


def test_replays_a_hand_whose_stacks_a_game_could_not_start_with() -> None:
    # later in a game: seats 0 and 1 can pay the ante but not a bet
    cfg = DrawConfig(players=3, ante=1, small_bet=2)
    s = DrawState(cfg, [2, 2, 50], button=2, seed=8)
    s.play([raise_agent] * 3)
    again = replay_history(format_history(s))
    assert again.snapshot() == s.snapshot() and again.starting_stacks == (2, 2, 50)


def test_config_defaults() -> None:
    cfg = DrawConfig()
    assert (cfg.players, cfg.ante, cfg.small_bet, cfg.big_bet, cfg.raise_cap, cfg.max_bets) == (6, 1, 2, 4, 3, 4)
    assert cfg.all_in is False and cfg.stacks == (200,) * 6


def test_bad_hand_setups() -> None:
    cfg = DrawConfig(players=2)
    with pytest.raises(ConfigError, match="button must be a seat"):
        DrawState(cfg, button=2)
    with pytest.raises(ConfigError, match="3 stacks given for 2 seats"):
        DrawState(cfg, [1, 2, 3])
    with pytest.raises(ConfigError, match="appears twice"):
        DrawState(cfg, deck="As As")


def test_game_errors() -> None:
    from pokercore.draw import DrawGame

    game = DrawGame(DrawConfig(players=2, hands=1, seed=1))
    game.start_hand()
    with pytest.raises(DrawError, match="not over yet"):
        game.start_hand()
    game.current_hand.play([check_call_agent] * 2)  # type: ignore[union-attr]
    assert game.is_over
    with pytest.raises(DrawError, match="game is over after 1 hands"):
        game.start_hand()
    with pytest.raises(ValueError, match="3 agents for 2 seats"):
        play_game(DrawConfig(players=2), [raise_agent] * 3)


def test_hand_over_hook_sees_the_showdown() -> None:
    seen = []

    class Watcher:
        def __call__(self, obs):  # type: ignore[no-untyped-def]
            return check_call_agent(obs)

        def hand_over(self, obs):  # type: ignore[no-untyped-def]
            assert obs.config.seed is None and obs.config.players == 2  # rules yes, seed no
            seen.append((obs.seat, obs.street, dict(obs.revealed), obs.payouts))

    play_game(DrawConfig(players=2, hands=3, seed=5), [Watcher(), check_call_agent])
    assert len(seen) == 3 and all(street == "over" and pay for _, street, _, pay in seen)
    assert all(rev for _, _, rev, _ in seen)  # check/call hands always reach showdown


def test_float_amounts_from_an_agent_never_reach_the_stacks():
    # 2.0 == 2, so the action is legal; the engine must still move its own int amount.
    from pokercore.draw import DrawConfig, DrawState, format_history, replay_history

    def floaty(obs):
        for a in obs.legal_actions:
            if a.kind in ("bet", "call", "raise"):
                return (a.kind, float(a.amount), ())
        return obs.legal_actions[0]

    s = DrawState(DrawConfig(players=2, starting_stacks=20), button=0, seed=1)
    s.play([floaty, floaty])
    assert all(type(x) is int for x in s.stacks)
    assert replay_history(format_history(s)).snapshot() == s.snapshot()


def test_wrong_agent_count_is_refused_before_dealing():
    from pokercore.draw import DrawConfig, DrawError, DrawGame, check_call_agent

    g = DrawGame(DrawConfig(players=3, hands=5, seed=2))
    with pytest.raises(DrawError, match="1 agents for 3 seats"):
        g.play_hand([check_call_agent])
    assert g.hands_played == 0
    assert g.play_hand([check_call_agent] * 3).is_over


def test_random_agent_from_a_generator_or_a_seed_is_reproducible():
    import numpy as np

    from pokercore.draw import DrawConfig, DrawState, RandomLegalAgent

    s = DrawState(DrawConfig(players=2), button=0, seed=3)
    obs = s.observe(s.actor)
    picks = [RandomLegalAgent(np.random.default_rng(9))(obs) for _ in range(2)] + [RandomLegalAgent(9)(obs)]
    assert picks[0] == picks[1] == picks[2]
