"""The betting and showdown rules, case by case (positions, minimums, all-ins, pots, showing)."""

from __future__ import annotations

import pytest

from pokercore import describe_rank
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState

from .helpers import deal, kinds, run


def nl(players: int, **kw: object) -> HoldemConfig:
    return HoldemConfig("nl", players=players, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- positions
def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    s = HoldemState(nl(2, starting_stacks=100), button=0, seed=1)
    assert (s.small_blind_seat, s.big_blind_seat, s.actor) == (0, 1, 0)
    assert s.bets == (1, 2)
    run(s, "s0 call; s1 check")
    assert s.street == "flop" and s.actor == 1
    run(s, "s1 check")
    assert s.actor == 0


def test_blinds_left_of_the_button_and_the_big_blind_option():
    s = HoldemState(nl(6), button=0, seed=2)
    assert (s.small_blind_seat, s.big_blind_seat, s.actor) == (1, 2, 3)
    run(s, "s3 call; s4 call; s5 call; s0 call; s1 call")
    assert s.actor == 2 and kinds(s) == ["check", "raise to 4..200"]
    run(s, "s2 check")
    assert s.street == "flop" and s.actor == 1


def test_empty_and_sitting_out_seats_are_skipped():
    s = HoldemState(nl(5), stacks=[200, 0, 200, 200, 200], button=0, sitting_out=[3], seed=3)
    assert s.order == (2, 4, 0) and s.dealt_in == (True, False, True, False, True)
    assert (s.small_blind_seat, s.big_blind_seat, s.actor) == (2, 4, 0)


# ---------------------------------------------------------------- no-limit minimums
def test_minimum_bet_and_raise_is_the_last_full_raise():
    s = HoldemState(nl(3), button=0, seed=4)
    assert kinds(s) == ["fold", "call (to 2)", "raise to 4..200"]
    run(s, "s0 raise 6")                               # a raise of 4
    assert s.legal_actions()[2].min_amount == 10       # 6 + 4
    with pytest.raises(ValueError, match="the minimum is raise to 10"):
        s.raise_(9)
    run(s, "s1 raise 25; s2 fold")                     # a raise of 19
    assert s.legal_actions()[2].min_amount == 44
    run(s, "s0 call")
    assert s.street == "flop" and kinds(s) == ["check", "bet to 2..175"]


def test_all_in_for_less_than_the_minimum_is_allowed():
    s = HoldemState(nl(2), stacks=[200, 5], button=0, seed=5)
    run(s, "s0 raise 4")
    assert kinds(s) == ["fold", "call (to 4)", "raise to 5"]  # min raise would be 6: all-in for 5
    run(s, "s1 raise 5")
    assert kinds(s) == ["fold", "call (to 5)"]               # nobody left to raise against


def test_short_all_in_does_not_reopen_for_the_raiser():
    # Bet 100, raise to 200, all-in for 250: the first bettor may raise, the raiser may only call.
    s = HoldemState(nl(3), stacks=[1000, 1000, 252], button=2, seed=6)
    run(s, "s2 call; s0 call; s1 check")
    run(s, "s0 bet 100; s1 raise 200; s2 raise 250")
    assert s.can_raise(350) and not s.can_raise(349)
    run(s, "s0 call")
    assert s.actor == 1 and kinds(s) == ["fold", "call (to 250)"]
    with pytest.raises(ValueError, match="not reopened: since it acted the bet grew by 50, less than a full"):
        s.raise_(500)


def test_short_all_ins_add_up_to_a_full_raise():
    s = HoldemState(nl(4), stacks=[1000, 152, 222, 1000], button=3, seed=7)
    run(s, "s2 call; s3 call; s0 call; s1 check")
    run(s, "s0 bet 100; s1 raise 150; s2 raise 220; s3 call")
    assert s.actor == 0 and s.legal_actions()[2].min_amount == 320  # faces 120 more: reopened


def test_a_limper_facing_a_short_all_in_may_only_call():
    s = HoldemState(nl(4), stacks=[200, 200, 200, 3], button=3, seed=8)
    run(s, "s2 call; s3 raise 3")                      # all-in, a raise of 1 (less than the big blind)
    assert s.legal_actions()[2].min_amount == 5        # the next raise adds a full big blind
    run(s, "s0 call; s1 call")
    assert s.actor == 2 and kinds(s) == ["fold", "call (to 3)"]


def test_no_raise_when_nobody_could_call_it():
    s = HoldemState(nl(2), stacks=[200, 50], button=0, seed=9)
    run(s, "s0 raise 50")
    assert kinds(s) == ["fold", "call (to 50)"]


# ---------------------------------------------------------------- fixed limit
def test_limit_bets_and_the_cap_with_the_blind_as_first_bet():
    s = HoldemState(HoldemConfig("fl", players=3), button=2, seed=10)
    assert kinds(s) == ["fold", "call (to 2)", "raise to 4"]
    run(s, "s2 raise 4; s0 raise 6; s1 raise 8")       # blind + 3 raises = 4 bets: capped
    assert kinds(s) == ["fold", "call (to 8)"]
    run(s, "s2 call; s0 call")
    assert s.street == "flop" and kinds(s) == ["check", "bet to 2"]
    run(s, "s0 bet; s1 raise; s2 raise; s0 raise")
    assert s.bets == (8, 4, 6) and kinds(s) == ["fold", "call (to 8)"]
    run(s, "s1 call; s2 call")
    assert s.street == "turn" and kinds(s) == ["check", "bet to 4"]


def test_limit_heads_up_uncapped_option():
    capped = HoldemState(HoldemConfig("fl", players=2), button=0, seed=11)
    run(capped, "s0 raise 4; s1 raise 6; s0 raise 8")
    assert kinds(capped) == ["fold", "call (to 8)"]
    free = HoldemState(HoldemConfig("fl", players=2, heads_up_uncapped=True), button=0, seed=11)
    run(free, "s0 raise 4; s1 raise 6; s0 raise 8; s1 raise 10; s0 raise 12")
    assert kinds(free) == ["fold", "call (to 12)", "raise to 14"]


def test_limit_round_capped_three_handed_stays_capped():
    s = HoldemState(HoldemConfig("fl", players=3, heads_up_uncapped=True), button=2, seed=12)
    run(s, "s2 raise 4; s0 raise 6; s1 raise 8")
    run(s, "s2 fold")                                  # heads-up now, but the round was capped
    assert kinds(s) == ["fold", "call (to 8)"]


def test_limit_short_all_in_raise_counts_and_the_next_raise_adds_a_full_bet():
    s = HoldemState(HoldemConfig("fl", players=3), stacks=[200, 5, 200], button=2, seed=13)
    run(s, "s2 call; s0 call; s1 check")
    run(s, "s0 bet 2; s1 raise 3")                     # all-in, one chip more
    assert s.actor == 2 and kinds(s) == ["fold", "call (to 3)", "raise to 5"]
    run(s, "s2 call")
    assert kinds(s) == ["fold", "call (to 3)", "raise to 5"]  # the bettor faces 1 more, half a bet: reopened


# ---------------------------------------------------------------- pot limit
def test_pot_limit_maximum_is_the_pot_after_calling():
    s = HoldemState(HoldemConfig("plo", players=3), button=2, seed=14)
    assert kinds(s) == ["fold", "call (to 2)", "raise to 4..7"]     # pot 3, call 2: 2 + 5
    run(s, "s2 raise 7")
    assert kinds(s) == ["fold", "call (to 7)", "raise to 12..23"]   # pot 10, call 6: 7 + 16
    run(s, "s0 call; s1 call")
    assert s.pot == 21 and kinds(s) == ["check", "bet to 2..21"]


# ---------------------------------------------------------------- pots, chips, showdown
def test_side_pots_with_several_all_ins():
    cfg = nl(4)
    s = deal(cfg, {0: "Ah Ad", 1: "Kh Kd", 2: "Qh Qd", 3: "Jh Jd"}, "2c 7d 9h 3s 4c",
             button=3, stacks=[50, 100, 200, 300])
    run(s, "s2 raise 200")
    assert kinds(s) == ["fold", "call (to 200)"]   # nobody left could call a raise
    run(s, "s3 call; s0 call; s1 call")
    assert s.is_over and [(p.amount, p.eligible) for p in s.pots] == [
        (200, (0, 1, 2, 3)), (150, (1, 2, 3)), (200, (2, 3))]
    assert s.payouts == (200, 150, 200, 0) and s.stacks == (200, 150, 200, 100)


def test_uncalled_bet_goes_back_before_the_pot_is_paid():
    s = HoldemState(nl(3), button=0, seed=17)
    run(s, "s0 raise 50; s1 fold; s2 fold")
    ret = [e for e in s.events if e.kind == "return"]
    assert [(e.seat, e.chips) for e in ret] == [(0, 48)]
    assert s.payouts == (5, 0, 0) and s.stacks == (203, 199, 198)


def test_odd_chips_go_one_at_a_time_from_the_left_of_the_button():
    cfg = nl(4, ante=1)
    s = deal(cfg, {0: "2c 3c", 1: "4d 5d", 2: "6h 7h", 3: "8c 9d"}, "Ts Js Qs Ks As", button=0)
    run(s, "s3 call; s0 call; s1 fold; s2 check")
    for _ in range(3):
        run(s, "s2 check; s3 check; s0 check")
    assert s.payouts == (3, 0, 4, 4)                   # 11 chips, three ways: seats 2 and 3 get the odd chips


def test_everyone_all_in_runs_the_board_out_and_shows_first():
    s = deal(nl(2, starting_stacks=50), {0: "As Ks", 1: "7h 7d"}, "2c 8d Jh Qc 3s", button=0)
    run(s, "s0 raise 50; s1 call")
    assert s.is_over and len(s.board) == 5 and set(s.revealed) == {0, 1}
    heads = [r[0] for r in s.log]
    assert heads.index("show") < heads.index("board")
    assert s.payouts == (0, 100)


def test_showdown_order_and_mucking():
    cfg = nl(3)
    s = deal(cfg, {0: "2c 3d", 1: "Ah Ad", 2: "Kc Kd"}, "7s 8s 9h Jc 4d", button=0)
    run(s, "s0 call; s1 call; s2 check")
    run(s, "s1 check; s2 check; s0 check")  # flop
    run(s, "s1 check; s2 check; s0 check")  # turn
    run(s, "s1 check; s2 bet 10; s0 call; s1 call")  # river: seat 2 bet last
    assert list(s.revealed) == [2, 1] and s.mucked == (0,)
    obs = s.observe(2)
    assert 0 not in obs.revealed and obs.mucked == (0,) and obs.revealed[1] == s.holes[1]
    assert s.payouts == (0, 36, 0)


def test_checked_down_showdown_starts_left_of_the_button():
    s = deal(nl(3), {0: "Ah Ad", 1: "2c 3d", 2: "Kc Kd"}, "7s 8s 9h Jc 4d", button=0)
    run(s, "s0 call; s1 call; s2 check")
    for _ in range(3):
        run(s, "s1 check; s2 check; s0 check")
    assert list(s.revealed) == [1, 2, 0] and s.mucked == ()   # each beats or ties the best shown so far


def test_a_short_big_blind_still_has_to_be_called_in_full():
    s = deal(nl(3), {0: "Ah Ad", 1: "Kc Kd", 2: "2c 3d"}, "7s 8s 9h Jc 4d", button=0,
             stacks=[100, 100, 1])
    assert s.bets == (0, 1, 1) and s.current_bet == 2
    assert kinds(s) == ["fold", "call (to 2)", "raise to 4..100"]
    run(s, "s0 call; s1 call")
    assert s.street == "flop" and [(p.amount, p.eligible) for p in s.pots] == [(3, (0, 1, 2)), (2, (0, 1))]


def test_big_blind_ante_is_posted_after_the_blind_and_is_dead_money():
    cfg = nl(3, ante=2, ante_mode="big-blind")
    s = deal(cfg, {0: "Ah Ad", 1: "Kc Kd", 2: "2c 3d"}, "7s 8s 9h Jc 4d", button=0, stacks=[100, 100, 3])
    assert s.bets == (0, 1, 2) and s.committed == (0, 1, 3) and s.dead_money == 1
    run(s, "s0 raise 10; s1 fold")                   # 8 of the raise come back; seat 2 is all-in
    assert s.is_over and s.payouts == (6, 0, 0)       # 2 + 1 + the blind 2 + the dead ante 1
    assert s.stacks == (104, 99, 0)


def test_each_player_ante_short_of_the_ante_wins_only_what_it_matched():
    cfg = nl(3, ante=5)
    s = deal(cfg, {0: "2c 3d", 1: "Kc Kd", 2: "Ah Ad"}, "7s 8s 9h Jc 4d", button=0, stacks=[100, 100, 3])
    assert s.committed == (5, 6, 3) and s.stacks[2] == 0
    run(s, "s0 raise 95; s1 call")
    assert s.is_over and s.payouts == (0, 194, 9)     # seat 2 wins 3 x 3; the rest goes to seat 1


def test_straddle_is_a_blind_raise_that_sets_the_minimum():
    cfg = nl(4, straddles=(4,))
    s = HoldemState(cfg, button=0, seed=15)
    assert s.forced_bets == (1, 2, 4) and s.actor == 0 and s.current_bet == 4
    assert kinds(s) == ["fold", "call (to 4)", "raise to 8..200"]
    run(s, "s0 call; s1 call; s2 call")
    assert s.actor == 3 and kinds(s) == ["check", "raise to 8..200"]
    run(s, "s3 check")
    assert kinds(s) == ["check", "bet to 4..196"]    # the straddle is the hand's minimum bet
    short = HoldemState(cfg, stacks=[200, 200, 200, 3], button=0, seed=15)
    assert short.forced_bets == (1, 2) and short.actor == 3


def test_a_straddle_of_the_whole_stack_is_posted_all_in():
    # The straddle is posted in full or not at all: a stack of exactly the straddle posts it and is all-in.
    cfg = nl(3, straddles=(4,), starting_stacks=[200, 200, 4])
    s = deal(cfg, {0: "Kc Kd", 1: "Qc Qd", 2: "Ah Ad"}, "2s 7h 9c Jd 3h", button=2)
    assert s.forced_bets == (1, 2, 4) and s.bets == (1, 2, 4) and s.stacks == (199, 198, 0)
    assert [e.all_in for e in s.events] == [False, False, True] and s.current_bet == 4 == s.min_bet
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 4)", "raise to 8..200"]
    run(s, "s0 raise 8; s1 call")                    # the all-in straddler has no option to act
    assert s.street == "flop" and s.actor == 0 and kinds(s) == ["check", "bet to 4..192"]
    run(s, "s0 bet 10; s1 fold")
    assert s.is_over and s.board == s.deck[6:11]       # seat 0 against the all-in straddle: the board runs out
    assert s.payouts == (8, 0, 12) and s.stacks == (200, 192, 12)  # the side pot of 8 to seat 0, 12 to the aces


def test_omaha_uses_exactly_two_hole_cards():
    cfg = HoldemConfig("plo", players=2, starting_stacks=6)
    s = deal(cfg, {1: "Ah 9d 8c 2s", 0: "3d 3s 5c 6c"}, "Kh Qh Jh Th 3c", button=0)
    run(s, "s0 raise 6; s1 call")
    assert describe_rank(s.ranks[1]) == "Straight, queen high"   # no flush with one heart
    assert describe_rank(s.ranks[0]) == "Three of a kind, threes"
    assert s.payouts == (0, 12)


@pytest.mark.parametrize("holes", [5, 6])
def test_big_omaha_deals_more_hole_cards(holes):
    s = HoldemState(HoldemConfig("plo", players=4, hole_cards=holes), seed=16)
    assert all(len(s.holes[i]) == holes for i in range(4))
    from pokercore.holdem._agents import RandomAgent
    s.play([RandomAgent(k) for k in range(4)])
    assert s.is_over and sum(s.stacks) == 800
