"""Fixed limit: an all-in of at least half a bet reopens the betting (TDA rule 47-B), case by case.

The rule (Poker TDA 2022, rule 47 "Re-Opening the Bet", part B): "In limit,
at least 50% of a full bet or raise is required to re-open betting for
players who have already acted."  A player who acted may raise again when
the bet it faces has grown by at least half a bet since its own action
(several all-ins add up); the next raise is a full bet on top of the bet it
faces (Robert's Rules: "raising a $15 all-in bet to $35" in a $20 round).
No-limit and pot-limit keep the full-raise rule (``test_rules.py``).
pokerkit plays the first bet or raise of a round as a full one whatever its
size, so it agrees on the first cases below and differs on a later raise
(``docs/holdem_game.md``, the rulings).
"""

from __future__ import annotations

import pytest

from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._errors import IllegalActionError

from .helpers import kinds, run


def fl(players: int, **kw: object) -> HoldemConfig:
    return HoldemConfig("fl", players=players, **kw)  # type: ignore[arg-type]


def to_the_river(s: HoldemState) -> None:
    run(s, "s2 call; s0 call; s1 check")
    for _ in range(2):
        run(s, "s0 check; s1 check; s2 check")
    assert s.street == "river" and s.bet_unit == 4


# ---------------------------------------------------------------- the rule, on pokercore alone
def test_an_all_in_bet_of_three_quarters_of_a_bet_reopens_for_the_players_who_checked():
    s = HoldemState(fl(3), stacks=[100, 100, 5], button=2, seed=1)
    to_the_river(s)
    run(s, "s0 check; s1 check; s2 bet 3")           # all-in for 3 of the 4-chip bet
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 3)", "raise to 7"]  # a full bet on top of 3
    run(s, "s0 call")
    assert s.actor == 1 and kinds(s) == ["fold", "call (to 3)", "raise to 7"]
    run(s, "s1 raise 7")
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 7)", "raise to 11"]


def test_an_all_in_bet_of_less_than_half_a_bet_does_not_reopen():
    s = HoldemState(fl(3), stacks=[100, 100, 3], button=2, seed=2)
    to_the_river(s)
    run(s, "s0 check; s1 check; s2 bet 1")           # a quarter of the bet
    before = (s.actor, s.stacks, s.bets, s.events)
    with pytest.raises(IllegalActionError, match="grew by 1, less than half a bet of 4; call or fold"):
        s.raise_(5)
    assert (s.actor, s.stacks, s.bets, s.events) == before
    assert kinds(s) == ["fold", "call (to 1)"]


def test_an_all_in_raise_of_exactly_half_a_bet_reopens():
    # Flop (2-chip bets): bet 2, all-in to 3 (half a bet more); the bettor faces 1 when the action returns.
    s = HoldemState(fl(3), stacks=[200, 5, 200], button=2, seed=13)
    run(s, "s2 call; s0 call; s1 check")
    run(s, "s0 bet 2; s1 raise 3")
    assert s.actor == 2 and kinds(s) == ["fold", "call (to 3)", "raise to 5"]
    run(s, "s2 call")
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 3)", "raise to 5"]
    run(s, "s0 raise 5")
    assert kinds(s) == ["fold", "call (to 5)", "raise to 7"]


def test_a_limper_facing_an_all_in_raise_of_half_a_bet_may_raise_in_fixed_limit_only():
    s = HoldemState(fl(4), stacks=[200, 200, 200, 3], button=3, seed=8)
    run(s, "s2 call; s3 raise 3; s0 call; s1 call")   # all-in, one chip over the 2-chip bet
    assert s.actor == 2 and kinds(s) == ["fold", "call (to 3)", "raise to 5"]
    n = HoldemState(HoldemConfig("nl", players=4), stacks=[200, 200, 200, 3], button=3, seed=8)
    run(n, "s2 call; s3 raise 3; s0 call; s1 call")
    assert n.actor == 2 and kinds(n) == ["fold", "call (to 3)"]  # no-limit: a full raise is needed


def test_short_all_ins_add_up_to_half_a_bet():
    # River, 4-chip bets: bet 4, all-ins to 5 and 6 (a quarter each): the bettor faces 2, half a bet.
    s = HoldemState(fl(4), stacks=[100, 7, 8, 100], button=3, seed=3)
    run(s, "s2 call; s3 call; s0 call; s1 check")
    for _ in range(2):
        run(s, "s0 check; s1 check; s2 check; s3 check")
    run(s, "s0 bet 4; s1 raise 5")
    assert s.actor == 2
    run(s, "s2 raise 6; s3 call")
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 6)", "raise to 10"]


def test_one_short_all_in_of_a_quarter_bet_leaves_the_bettor_only_a_call():
    s = HoldemState(fl(4), stacks=[100, 7, 100, 100], button=3, seed=4)
    run(s, "s2 call; s3 call; s0 call; s1 check")
    for _ in range(2):
        run(s, "s0 check; s1 check; s2 check; s3 check")
    run(s, "s0 bet 4; s1 raise 5; s2 call; s3 call")
    assert s.actor == 0 and kinds(s) == ["fold", "call (to 5)"]


@pytest.mark.parametrize(("all_in_to", "reopened"), [(7, False), (8, True)])
def test_half_of_an_odd_bet_is_rounded_up(all_in_to, reopened):
    # 5-chip bets on the flop: a raise of 2 is less than half a bet, 3 is more.
    s = HoldemState(fl(3, small_bet=5), stacks=[200, 2 + all_in_to, 200], button=2, seed=5)
    run(s, "s2 call; s0 call; s1 check")
    run(s, f"s0 bet 5; s1 raise {all_in_to}; s2 call")
    assert s.actor == 0 and s.can_raise() is reopened
    if reopened:
        assert s.legal_actions()[-1].min_amount == all_in_to + 5


def test_a_reopened_round_still_stops_at_the_cap():
    s = HoldemState(fl(3), stacks=[200, 7, 200], button=2, seed=6)
    run(s, "s2 raise 4; s0 raise 6; s1 raise 7")    # the fourth bet, all-in for half a bet more
    assert s.actor == 2 and kinds(s) == ["fold", "call (to 7)"]
    with pytest.raises(IllegalActionError, match="capped at 4 bets"):
        s.raise_(9)


# ---------------------------------------------------------------- beside pokerkit
def test_pokerkit_agrees_on_the_all_in_bet_of_three_quarters_of_a_bet():
    from .test_rulings import both, more  # with pokerkit

    s = HoldemState(fl(3), stacks=[100, 100, 5], button=2, seed=1)
    pk = both(s, [("cc", None)] * 3 + [("cc", None)] * 6 + [("cc", None), ("cc", None), ("cbr", 3)])
    for _ in range(2):  # seat 0, then seat 1 after seat 0's call
        assert s.order[pk.actor_index] == s.actor
        assert s.legal_actions()[-1].min_amount == pk.min_completion_betting_or_raising_to_amount == 7
        assert pk.max_completion_betting_or_raising_to_amount == 7
        pk = more(s, pk, [("cc", None)])


def test_pokerkit_agrees_on_the_limper_facing_half_a_bet_more():
    from .test_rulings import both  # with pokerkit

    s = HoldemState(fl(4), stacks=[200, 200, 200, 3], button=3, seed=8)
    pk = both(s, [("cc", None), ("cbr", 3), ("cc", None), ("cc", None)])
    assert s.actor == 2 == s.order[pk.actor_index]
    assert s.legal_actions()[-1].min_amount == pk.min_completion_betting_or_raising_to_amount == 5
