"""Scripted hands with known results, one per rule of issue 6 / spec/draw.md."""

from __future__ import annotations

import pytest

from pokercore.draw import (
    Action,
    ConfigError,
    DrawConfig,
    DrawGame,
    DrawState,
    IllegalActionError,
    Pot,
    check_call_agent,
    play_game,
    raise_agent,
)

from .helpers import deal, run

STAND_ALL = "s1 draw; s2 draw; s0 draw"


def test_check_around_best_hand_takes_the_antes() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2)
    s = deal(cfg, {0: "Ah Kd 9c 5s 2d", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"})
    assert (s.actor, s.street, s.pot) == (1, "bet1", 3)
    run(s, "s1 check; s2 check; s0 check")
    assert s.street == "draw" and s.actor == 1
    run(s, STAND_ALL + "; s1 check; s2 check; s0 check")
    assert s.is_over and s.payouts == (0, 3, 0)
    assert s.stacks == (199, 202, 199)
    # Seat 1 showed first (no bet in round 2: first left of the button) and won;
    # the others could not beat it and mucked.
    assert s.revealed == {1: s.hands[1]}


def test_small_bet_then_big_bet_and_positions_both_rounds() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=3, big_bet=7, starting_stacks=100)
    s = deal(cfg, {0: "Ah Kd 9c 5s 2d", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}, button=1)
    assert s.actor == 2  # left of the button
    assert s.legal_actions()[1] == Action("bet", 3)
    run(s, "s2 bet; s0 call 3; s1 call")
    assert s.actor == 2 and s.street == "draw"
    run(s, "s2 draw; s0 draw; s1 draw")
    assert s.street == "bet2" and s.actor == 2 and s.bet_size == 7
    run(s, "s2 bet 7; s0 raise 14; s1 fold; s2 call")
    assert s.committed == (18, 4, 18)
    assert s.payouts == (40, 0, 0)


def test_raise_cap_reached() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, raise_cap=3)
    s = deal(cfg, {0: "Ah Kd 9c 5s 2d", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"})
    assert s.raises_left == 4
    run(s, "s1 bet; s2 raise 4; s0 raise 6; s1 raise 6")
    assert s.current_bet == 8 and s.raises_left == 0
    assert [a.kind for a in s.legal_actions()] == ["fold", "call"]
    before = s.snapshot()
    with pytest.raises(IllegalActionError, match="cap of 4 bets and raises"):
        s.raise_(seat=2)
    assert s.snapshot() == before
    run(s, "s2 call 4; s0 call 2")
    assert s.street == "draw" and s.committed == (9, 9, 9)
    # The cap is per round: round 2 starts with four bets and raises again.
    run(s, STAND_ALL)
    assert s.raises_left == 4 and s.current_bet == 0


def test_raise_cap_zero_allows_only_the_bet() -> None:
    cfg = DrawConfig(players=2, raise_cap=0)
    s = deal(cfg, {0: "Ah Kd 9c 5s 2d", 1: "Qc Qd 8h 7h 3s"})
    run(s, "s1 bet")
    assert [a.kind for a in s.legal_actions()] == ["fold", "call"]


def test_fold_to_a_bet_wins_without_showdown() -> None:
    cfg = DrawConfig(players=4, ante=2, small_bet=4)
    s = deal(cfg, {0: "2c 3d 4h 5s 7c", 1: "Ac Ad Ah As Kc", 2: "Qc Qd 8h 7h 3s", 3: "Jc Td 8s 6h 4c"})
    run(s, "s1 check; s2 check; s3 bet; s0 fold; s1 fold; s2 fold")
    assert s.is_over and s.payouts == (0, 0, 0, 12)
    assert s.stacks == (198, 198, 198, 206)
    assert s.revealed == {}  # nobody shows: the winner's hand stays hidden too
    for seat in range(4):
        obs = s.observe(seat)
        assert obs.revealed == {} and obs.payouts == (0, 0, 0, 12)


@pytest.mark.parametrize(
    "button, script, lucky",
    [
        (0, "s1 bet; s2 call; s0 fold; s1 draw; s2 draw; s1 check; s2 check", 1),
        (1, "s2 bet; s0 fold; s1 call; s2 draw; s1 draw; s2 check; s1 check", 2),
        (2, "s0 check; s1 bet; s2 call; s0 fold; s1 draw; s2 draw; s1 check; s2 check", 1),
    ],
)
def test_split_pot_odd_chip_goes_left_of_the_button(button: int, script: str, lucky: int) -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2)
    # Seats 1 and 2 hold the same straight; seat 0 folds; pot 3 + 2 + 2 = 7.
    s = deal(cfg, {0: "2c 3d 4h 9s Jc", 1: "9c Td Jh Qs Kc", 2: "9d Th Js Qc Kd"}, button=button)
    run(s, script)
    assert s.is_over and s.pot == 0
    payouts = list(s.payouts)
    assert payouts[lucky] == 4 and payouts[3 - lucky] == 3 and payouts[0] == 0


def test_three_way_split_two_odd_chips_one_each() -> None:
    cfg = DrawConfig(players=5, ante=1, small_bet=2)
    hands = {
        0: "Ac Kc Qc Jd 9d", 1: "Ad Kd Qd Jh 9h", 2: "Ah Kh Qh Js 9s",
        3: "2c 3c 4d 6h 8s", 4: "2d 3d 4h 6s 8c",
    }
    s = deal(cfg, hands, button=4)  # order 0 1 2 3 4
    run(s, "s0 bet; s1 call; s2 call; s3 fold; s4 fold")
    run(s, "s0 draw; s1 draw; s2 draw; s0 check; s1 check; s2 check")
    # pot 5 antes + 3 x 2 = 11 -> 4, 4, 3: the two odd chips go to seats 0 and 1.
    assert s.payouts == (4, 4, 3, 0, 0)
    s = deal(cfg, hands, button=0)  # order 1 2 3 4 0
    run(s, "s1 bet; s2 call; s3 fold; s4 fold; s0 call")
    run(s, "s1 draw; s2 draw; s0 draw; s1 check; s2 check; s0 check")
    assert s.payouts == (3, 4, 4, 0, 0)
    assert set(s.revealed) == {0, 1, 2}


def test_side_pots_with_three_all_ins_of_different_sizes() -> None:
    cfg = DrawConfig(players=4, ante=1, small_bet=2, all_in=True, starting_stacks=[3, 6, 10, 50])
    hands = {
        0: "Ac Ad Ah As Kc",  # quads: best
        1: "Kd Kh Ks Qc Qd",  # full house
        2: "Jc Jd Jh 9c 8d",  # trips
        3: "2c 3d 5h 7s 9h",  # seven high: worst
    }
    s = deal(cfg, hands, button=3)
    run(s, "s0 bet 2")  # all-in for a full bet
    assert s.stacks[0] == 0
    run(s, "s1 raise 4; s2 raise 6; s3 raise 8")
    assert s.raises_left == 0
    assert s.legal_actions() == (Action("fold"), Action("call", 1))  # all-in call for less
    run(s, "s1 call 1; s2 call 2")
    assert s.street == "draw" and s.committed == (3, 6, 9, 9)
    run(s, "s0 draw; s1 draw; s2 draw; s3 draw")
    assert s.actor == 2  # seats 0 and 1 are all-in
    run(s, "s2 check; s3 bet 4; s2 call 1")
    assert s.committed == (3, 6, 10, 13)
    assert s.pots == [Pot(12, (0, 1, 2, 3)), Pot(9, (1, 2, 3)), Pot(8, (2, 3)), Pot(3, (3,))]
    assert s.payouts == (12, 9, 8, 3)
    assert s.stacks == (12, 9, 8, 40)
    assert sum(s.stacks) == 3 + 6 + 10 + 50


def test_side_pot_won_by_the_short_stack_only_takes_what_it_covered() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, all_in=True, starting_stacks=[2, 30, 30])
    s = deal(cfg, {0: "Ac Ad Ah As Kc", 1: "Kd Kh Ks Qc Qd", 2: "2c 3d 5h 7s 9h"}, button=2)
    assert s.stacks[0] == 1
    run(s, "s0 bet 1; s1 raise 3; s2 call 3")  # short bet: 1 < 2 is not a full bet
    run(s, "s0 draw; s1 draw; s2 draw; s1 bet 4; s2 fold")
    # main pot: 2 x 3 = 6 to seat 0; seat 1 takes the rest (uncontested side pot).
    assert s.payouts == (6, 8, 0)


def test_short_all_in_does_not_reopen_the_betting() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, all_in=True, starting_stacks=[50, 4, 50])
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}, button=2)
    run(s, "s0 bet 2; s1 raise 3")  # all-in: raises by 1 only, less than a full raise
    assert s.stacks[1] == 0 and s.current_bet == 3 and s.raises_left == 3
    # Seat 2 has not acted yet: it may still raise.
    assert [a.kind for a in s.legal_actions()] == ["fold", "call", "raise"]
    run(s, "s2 call 3")
    # Seat 0 already acted and only faces the short raise: call or fold.
    assert s.legal_actions() == (Action("fold"), Action("call", 1))
    before = s.snapshot()
    with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
        s.raise_(seat=0)
    assert s.snapshot() == before
    run(s, "s0 call 1")
    assert s.street == "draw"


def test_full_raise_after_a_short_all_in_reopens() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2, all_in=True, starting_stacks=[50, 4, 50])
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s", 2: "Jc Td 8s 6h 4c"}, button=2)
    run(s, "s0 bet 2; s1 raise 3; s2 raise 5")  # to 5: a full raise over 3
    assert [a.kind for a in s.legal_actions()] == ["fold", "call", "raise"]
    assert s.legal_actions()[2] == Action("raise", 5)  # 3 to call + 2


def test_all_in_mode_off_needs_the_full_amount() -> None:
    cfg = DrawConfig(players=2, ante=1, small_bet=2, starting_stacks=[40, 3])
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s"}, button=1)
    run(s, "s0 bet; s1 call")  # seat 1 calls its last two chips
    assert s.stacks[1] == 0 and s.street == "draw"
    run(s, "s0 draw; s1 draw")
    assert s.street == "over"  # nobody left to bet against: straight to showdown
    assert s.payouts == (0, 6)
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s"}, button=1, stacks=[40, 2])
    run(s, "s0 bet")
    assert s.legal_actions() == (Action("fold"),)  # one chip cannot call 2
    with pytest.raises(IllegalActionError, match="cannot call 2 with 1 chips"):
        s.call(seat=1)


def test_ace_to_five_is_the_lowest_straight() -> None:
    cfg = DrawConfig(players=3)
    s = deal(cfg, {0: "Ac 2d 3h 4s 5c", 1: "2c 3d 4h 5s 6c", 2: "Kc Kd Kh 7s 2h"})
    run(s, "s1 check; s2 check; s0 check; " + STAND_ALL + "; s1 check; s2 check; s0 check")
    assert s.payouts == (0, 3, 0)
    s = deal(cfg, {0: "Ac 2d 3h 4s 5c", 2: "Kc Kd 9h 7s 2h", 1: "Qc Jd 9c 8s 7d"})
    run(s, "s1 check; s2 check; s0 check; " + STAND_ALL + "; s1 check; s2 check; s0 check")
    assert s.payouts == (3, 0, 0)  # the wheel still beats a pair


def test_draw_replaces_cards_and_discards_stay_out() -> None:
    cfg = DrawConfig(players=2)
    s = deal(cfg, {0: "Ac Kd 9h 7s 2c", 1: "Qc Qd 8h 7h 3s"}, button=0, draws="Qh Qs 3c 3d 4d")
    run(s, "s1 check; s0 check; s1 draw 8h 7h 3s")
    assert s.format_hand(1) == "Qc Qd Qh Qs 3c" and s.draw_counts == (None, 3)
    run(s, "s0 draw Ac 2c")
    assert s.format_hand(0) == "3d Kd 9h 7s 4d"
    dealt = [c for h in s.hands for c in h]
    discarded = [rec[2] for rec in s.log if rec[1:2] == ("draw",)]
    assert not set(dealt) & {c for d in discarded for c in d}
    assert s.observe(0).draw_counts == (2, 3)


def test_sit_out_and_early_end() -> None:
    cfg = DrawConfig(players=3, ante=2, hands=10, starting_stacks=[1, 50, 50], seed=4)
    game = DrawGame(cfg)
    assert game.playing_seats == (1, 2)
    hand = game.play_hand([check_call_agent] * 3)
    assert hand.dealt_in == (False, True, True) and hand.button == 1
    assert hand.observe(0).hand == () and hand.stacks[0] == 1
    # Two seats, one of them short: the raiser breaks the caller or vice versa.
    cfg = DrawConfig(players=2, ante=1, small_bet=2, hands=1000, starting_stacks=12, seed=9)
    result = play_game(cfg, [raise_agent, check_call_agent])
    assert result.ended_early and result.hands_played < 1000
    assert sorted(result.stacks)[0] < cfg.ante and sum(result.stacks) == 24


def test_all_in_mode_sit_out_only_when_broke() -> None:
    cfg = DrawConfig(players=3, ante=3, all_in=True, starting_stacks=[2, 50, 0])
    s = DrawState(cfg, button=2, seed=1)
    assert s.dealt_in == (True, True, False)
    assert s.committed == (2, 3, 0) and s.stacks[0] == 0
    # seat 0 is all-in from the ante: only seat 1 can bet, so round 1 is skipped.
    assert s.street == "draw"


def test_button_moves_clockwise_skipping_empty_seats() -> None:
    cfg = DrawConfig(players=4, hands=6, starting_stacks=[50, 0, 50, 50], seed=2)
    game = DrawGame(cfg)
    buttons = [game.play_hand([check_call_agent] * 4).button for _ in range(6)]
    assert buttons == [0, 2, 3, 0, 2, 3]
    assert game.is_over and game.hands_played == 6


def test_hand_needs_two_players() -> None:
    with pytest.raises(ConfigError, match="two seats that can play"):
        DrawState(DrawConfig(players=2, ante=5), stacks=[4, 100])


def test_seeded_games_are_reproducible_card_for_card() -> None:
    cfg = DrawConfig(players=4, hands=30, seed=123)
    a = play_game(cfg, [raise_agent, check_call_agent, raise_agent, check_call_agent], keep_hands=True)
    b = play_game(cfg, [raise_agent, check_call_agent, raise_agent, check_call_agent], keep_hands=True)
    assert [h.log for h in a.hands] == [h.log for h in b.hands]
    c = play_game(DrawConfig(players=4, hands=30, seed=124), [check_call_agent] * 4, keep_hands=True)
    assert [h.hands for h in c.hands] != [h.hands for h in a.hands]
