"""Differential tests against pokerkit (fixed-limit single draw with antes, same cards).

pokerkit is built as fixed-limit five-card draw (see ``pokerkit_ref.py``);
each hand is played on pokercore by seeded random agents, then replayed on
pokerkit with the same hole cards, actions, discards and replacement cards.

Intentional difference: the odd chips of a split pot.  pokercore gives them
one at a time to the winners in seat order from the left of the button
(ruling 4 and issue 6); pokerkit gives the whole remainder to the first
winner.  They agree whenever a pot splits two ways (one odd chip at most)
and differ on a three-way split with two odd chips, shown below.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pokerkit")

from pokercore.draw import DrawConfig, DrawState, RandomLegalAgent, check_call_agent, raise_agent

from .helpers import deal, run
from .pokerkit_ref import replay_on_pokerkit


class _Mixed:
    """A random agent that prefers passive actions, so more hands reach showdown."""

    def __init__(self, seed: int) -> None:
        self._random = RandomLegalAgent(seed)
        self._n = seed

    def __call__(self, obs):  # type: ignore[no-untyped-def]
        self._n = (self._n * 1103515245 + 12345) % 2**31
        if obs.street != "draw" and self._n % 3 == 0:
            return check_call_agent(obs)
        return self._random(obs)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_hands_final_stacks_agree(players: int) -> None:
    agreed = showdowns = 0
    for seed in range(60):
        cfg = DrawConfig(
            players=players, ante=1 + seed % 3, small_bet=2 + seed % 2, raise_cap=seed % 5,
            starting_stacks=500,
        )
        state = DrawState(cfg, button=seed % players, seed=1000 * players + seed)
        state.play([_Mixed(seed * 7 + k) for k in range(players)])
        assert min(state.stacks) > 0  # no all-ins in these hands
        assert replay_on_pokerkit(state) == state.stacks, (seed, state.log)
        agreed += 1
        showdowns += bool(state.revealed)
    assert agreed == 60 and showdowns > 10


def test_policies_agree_over_many_seeds() -> None:
    for seed in range(40):
        cfg = DrawConfig(players=2 + seed % 5, starting_stacks=400)
        agents = [raise_agent if k % 2 else check_call_agent for k in range(cfg.players)]
        state = DrawState(cfg, button=seed % cfg.players, seed=seed)
        state.play(agents)
        assert replay_on_pokerkit(state) == state.stacks


def test_two_way_split_odd_chip_agrees() -> None:
    cfg = DrawConfig(players=3, ante=1, small_bet=2)
    s = deal(cfg, {0: "2c 3d 4h 9s Jc", 1: "9c Td Jh Qs Kc", 2: "9d Th Js Qc Kd"}, button=0)
    run(s, "s1 bet; s2 call; s0 fold; s1 draw; s2 draw; s1 check; s2 check")
    assert s.payouts == (0, 4, 3)
    assert replay_on_pokerkit(s) == s.stacks


def test_three_way_split_odd_chips_differ_intentionally() -> None:
    cfg = DrawConfig(players=5, ante=1, small_bet=2)
    s = deal(cfg, {
        0: "Ac Kc Qc Jd 9d", 1: "Ad Kd Qd Jh 9h", 2: "Ah Kh Qh Js 9s",
        3: "2c 3c 4d 6h 8s", 4: "2d 3d 4h 6s 8c",
    }, button=4)
    run(s, "s0 bet; s1 call; s2 call; s3 fold; s4 fold")
    run(s, "s0 draw; s1 draw; s2 draw; s0 check; s1 check; s2 check")
    start = s.starting_stacks
    ours = [s.stacks[i] - start[i] for i in range(5)]
    theirs = [b - a for a, b in zip(start, replay_on_pokerkit(s))]
    assert ours == [1, 1, 0, -1, -1]  # 11 chips: 4, 4, 3 (one odd chip each to seats 0 and 1)
    assert theirs == [2, 0, 0, -1, -1]  # pokerkit: 5, 3, 3 (both odd chips to seat 0)
