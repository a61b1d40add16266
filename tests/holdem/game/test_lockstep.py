"""Lockstep differential against pokerkit: the same legal actions and amounts at every step, the same payouts.

A thousand six-max hands of hold'em and 500 of Omaha run here (pokerkit's
showdowns make each hand cost milliseconds), 600 fixed-limit hands with short
stacks where all-ins of half a bet or more reopen the betting (TDA rule 47-B),
1,000 more hands of up to ten players per hold'em variant and 500 of Omaha in
the slow run (what CI's time allows), and
``benchmarks/holdem_lockstep.py --hands 100000`` runs 100,000 per variant
(its result is in docs/holdem_game.md).  Every difference must be one of the documented
rulings (see ``lockstep.py`` and ``docs/holdem_game.md``).
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")

from .lockstep import RULINGS, run

FAST_HANDS = {"nl": 1000, "fl": 1000, "plo": 500}


@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_lockstep_against_pokerkit(variant):
    hands = FAST_HANDS[variant]
    stats = run(variant, hands, first_seed=10_000, max_players=6)
    assert stats.failures == []
    assert set(stats.rulings) <= set(RULINGS)
    assert stats.hands == hands and stats.steps > 5 * hands
    assert stats.showdowns > hands // 2 and stats.side_pots > hands // 5 and stats.all_ins > hands // 3


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["nl", "fl", "plo"])
def test_lockstep_against_pokerkit_longer(variant):
    # With the fast test: 2,000 hands of each hold'em variant and 1,000 of Omaha a CI run (Omaha hands cost
    # pokerkit about three times as much); the 100,000-hand runs per variant are in docs/holdem_game.md
    stats = run(variant, 500 if variant == "plo" else 1_000, first_seed=1_000_000)
    assert stats.failures == [] and set(stats.rulings) <= set(RULINGS)


def test_lockstep_fixed_limit_with_short_stacks_where_half_bet_all_ins_reopen():
    # Most seats hold a few bets: all-ins of half a bet or more (TDA rule 47-B reopens the betting) come often.
    stats = run("fl", 600, first_seed=20_000, short_stacks=True)
    assert stats.failures == [] and set(stats.rulings) <= set(RULINGS)
    assert stats.half_bet_reopens >= 40 and stats.half_bet_agreed >= 10  # pokerkit agrees on a round's first
    assert stats.rulings["limit half-bet reopen"] >= 20                   # and differs on later raises
