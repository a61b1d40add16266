"""Where pokerkit plays differently from the published rules pokercore follows: each documented ruling, shown.

Every case builds the same hand on both engines (``lockstep.make_pokerkit``)
and shows the difference ``docs/holdem_game.md`` describes, so the documented
rulings stay true.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pokerkit")

from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._phh import to_phh

from .helpers import deal, run
from .lockstep import make_pokerkit, pk_cards, replay_phh_on_pokerkit


def both(state: HoldemState, script: list[tuple[str, int | None]]) -> Any:
    """Play ``script`` (``("f"|"cc"|"cbr", amount)``) on pokercore and on a pokerkit State of the same hand."""
    pk = make_pokerkit(state)
    return more(state, pk, script)


def more(state: HoldemState, pk: Any, script: list[tuple[str, int | None]]) -> Any:
    for kind, amount in script:
        if kind == "f":
            state.fold()
            pk.fold()
        elif kind == "cc":
            state.check() if state.can_check() else state.call()
            pk.check_or_call()
        else:
            state.bet(amount) if state.can_bet() else state.raise_(amount)
            pk.complete_bet_or_raise_to(amount)
        while pk.can_burn_card():
            pk.burn_card("??")
        dealt = len(list(pk.get_board_cards(0)))
        while pk.can_deal_board():
            k = 3 if dealt == 0 else 1
            pk.deal_board(pk_cards(state.board[dealt:dealt + k]))
            dealt += k
    return pk


def test_an_all_in_bet_below_the_minimum_reopens_in_pokerkit_for_a_player_who_checked():
    # Flop: seat 0 checks, seat 1 bets its last chip (less than the minimum bet of 2), seat 2 calls.
    s = HoldemState(HoldemConfig("nl", players=3), stacks=[200, 3, 200], button=2, seed=1)
    pk = both(s, [("cc", None)] * 3)                        # preflop: everyone in for 2
    more(s, pk, [("cc", None), ("cbr", 1), ("cc", None)])
    assert s.actor == 0 == pk.actor_index
    assert not s.can_raise()                                # pokercore: 1 more is not a full bet
    assert pk.can_complete_bet_or_raise_to()                # pokerkit: the first bet of a round reopens


def test_a_limper_facing_a_short_all_in_may_reraise_in_pokerkit():
    s = HoldemState(HoldemConfig("nl", players=4), stacks=[200, 200, 200, 3], button=3, seed=2)
    pk = both(s, [("cc", None), ("cbr", 3), ("cc", None), ("cc", None)])
    assert s.actor == 2 and not s.can_raise()
    assert pk.actor_index == 2 and pk.can_complete_bet_or_raise_to()


def test_fixed_limit_preflop_cap_counts_the_big_blind():
    s = HoldemState(HoldemConfig("fl", players=3), button=2, seed=3)
    pk = both(s, [("cbr", 4), ("cbr", 6), ("cbr", 8)])
    assert not s.can_raise()                               # 2-4-6-8: four bets
    assert pk.can_complete_bet_or_raise_to() and pk.min_completion_betting_or_raising_to_amount == 10


def test_odd_chips_three_ways():
    s = deal(HoldemConfig("nl", players=4, ante=1), {0: "2c 3c", 1: "4d 5d", 2: "6h 7h", 3: "8c 9d"},
             "Ts Js Qs Ks As", button=0)
    run(s, "s3 call; s0 call; s1 fold; s2 check")
    for _ in range(3):
        run(s, "s2 check; s3 check; s0 check")
    assert s.payouts == (3, 0, 4, 4)
    theirs = replay_phh_on_pokerkit(to_phh(s), s)
    assert s.stacks == (200, 198, 201, 201) and theirs == (200, 198, 202, 200)  # pokerkit: both to seat 2


def test_a_short_big_blind_is_called_in_full_but_pokerkit_asks_what_was_posted():
    s = HoldemState(HoldemConfig("nl", players=3), stacks=[100, 100, 1], button=0, seed=4)
    pk = make_pokerkit(s)
    assert s.legal_actions()[1].min_amount == 2            # call to the full big blind
    assert pk.checking_or_calling_amount == 1


def test_heads_up_equal_blinds_the_button_still_acts_first():
    s = HoldemState(HoldemConfig("nl", players=2, small_blind=2, big_blind=2), button=0, seed=5)
    pk = make_pokerkit(s)
    assert s.actor == 0 == s.button
    assert s.order[pk.actor_index] == 1


def test_folding_when_checking_is_free_is_refused():
    s = HoldemState(HoldemConfig("nl", players=2), button=0, seed=6)
    run(s, "s0 call")
    assert not s.can_fold() and s.can_check()


def test_short_all_ins_that_add_up_reopen_in_pokercore_not_in_pokerkit():
    # Raise to 9, a call at 9, then three short all-ins to 15, 20 and 24: the caller faces 15 more,
    # more than the last full raise of 7, so the rules let it raise; pokerkit forgot the first two.
    s = HoldemState(HoldemConfig("nl", players=5), stacks=[200, 15, 20, 300, 24], button=3, seed=1)
    pk = both(s, [("cc", None), ("cc", None), ("cc", None), ("cbr", 9), ("cc", None),
                  ("cbr", 15), ("cbr", 20), ("cc", None), ("cbr", 24)])
    assert s.actor == 0 == s.order[pk.actor_index]
    assert s.legal_actions()[-1].min_amount == 31           # 24 + 7
    assert not pk.can_complete_bet_or_raise_to()


def test_fixed_limit_an_all_in_raise_of_half_a_bet_reopens_in_pokercore_not_in_pokerkit():
    # Flop (2-chip bets): bet 2, all-in raise to 3, call: the bettor faces 1 more, half a bet. TDA rule 47-B
    # reopens the betting for it; pokerkit asks a full raise of every raise after the first of the round.
    s = HoldemState(HoldemConfig("fl", players=3), stacks=[200, 5, 200], button=2, seed=13)
    pk = both(s, [("cc", None)] * 3 + [("cbr", 2), ("cbr", 3), ("cc", None)])
    assert s.actor == 0 == s.order[pk.actor_index]
    assert s.legal_actions()[-1].min_amount == 5            # a full bet on top of 3
    assert not pk.can_complete_bet_or_raise_to()


def test_fixed_limit_an_all_in_bet_below_half_a_bet_reopens_in_pokerkit():
    # River (4-chip bets): checks, an all-in bet of 1, a call: the first player faces a quarter of a bet.
    s = HoldemState(HoldemConfig("fl", players=3), stacks=[100, 100, 3], button=2, seed=2)
    pk = both(s, [("cc", None)] * 11 + [("cbr", 1), ("cc", None)])
    assert s.street == "river" and s.actor == 1 == s.order[pk.actor_index]
    assert not s.can_raise()
    assert pk.can_complete_bet_or_raise_to() and pk.min_completion_betting_or_raising_to_amount == 5


def test_pokerkit_agrees_on_a_straddle_of_the_whole_stack():
    # No ruling here: both engines post the straddle all-in and play the hand alike, and the export replays.
    cfg = HoldemConfig("nl", players=3, straddles=(4,), starting_stacks=[200, 200, 4])
    s = deal(cfg, {0: "Kc Kd", 1: "Qc Qd", 2: "Ah Ad"}, "2s 7h 9c Jd 3h", button=2)
    pk = make_pokerkit(s)
    assert s.forced_bets == (1, 2, 4) and list(pk.bets) == [1, 2, 4] and list(pk.stacks) == [199, 198, 0]
    assert s.order[pk.actor_index] == s.actor == 0
    assert (pk.min_completion_betting_or_raising_to_amount, pk.max_completion_betting_or_raising_to_amount) == (8, 200)
    more(s, pk, [("cbr", 8), ("cc", None)])
    assert s.street == "flop" and s.order[pk.actor_index] == s.actor == 0
    more(s, pk, [("cbr", 10), ("f", None)])
    while pk.status and (pk.can_burn_card() or pk.can_deal_board()):  # pokerkit's run-out, card by card
        if pk.can_burn_card():
            pk.burn_card("??")
        else:
            dealt = len(list(pk.get_board_cards(0)))
            pk.deal_board(pk_cards(s.board[dealt:dealt + 1]))
    assert s.is_over and not pk.status
    assert tuple(pk.stacks[s.order.index(seat)] for seat in range(3)) == s.stacks == (200, 192, 12)
    assert replay_phh_on_pokerkit(to_phh(s), s) == s.stacks
