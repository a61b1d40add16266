"""The hold'em adapter of the simulation runner: seeded, the same in a pool, PHH histories, clear refusals."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pokercore.holdem import from_phh
from pokercore.sim import AgentRunError, SimulationError, simulate

VARIANTS = ("nl", "fl", "plo")


@pytest.mark.parametrize("variant", VARIANTS)
def test_seeded_and_the_same_in_a_pool(variant):
    agents = ["hard", "normal", "easy", "tag"]
    kw = {"deals": 24, "seed": 5, "chunk_size": 6, "options": {"variant": variant}, "keep_payoffs": True}
    a = simulate("holdem", agents, **kw)
    b = simulate("holdem", agents, **kw)
    c = simulate("holdem", agents, workers=2, **kw)
    assert np.array_equal(a.payoffs, b.payoffs) and np.array_equal(a.payoffs, c.payoffs)
    assert np.allclose(a.payoffs.sum(axis=1), 0) and np.abs(a.payoffs).sum() > 0
    other = simulate("holdem", agents, **{**kw, "seed": 6})
    assert not np.array_equal(a.payoffs, other.payoffs)


def test_duplicate_rotates_seats_over_the_same_cards():
    r = simulate("holdem", ["call", "call"], deals=20, seed=2, duplicate=True, keep_payoffs=True)
    # two identical agents over both seat rotations of each deal: every chip comes back
    assert r.deals == 20 and np.allclose(r.payoffs, 0)
    heads = simulate("holdem", ["hard", "easy"], deals=40, seed=2, duplicate=True, keep_payoffs=True)
    assert np.allclose(heads.payoffs.sum(axis=1), 0)


@pytest.mark.parametrize("variant, code, hole", [("nl", "NT", 2), ("fl", "FT", 2), ("plo", "PO", 4)])
def test_history_writes_every_hand_as_phh_that_replays(tmp_path, variant, code, hole):
    path = tmp_path / "hands.phhs"
    r = simulate("holdem", ["normal", "maniac", "station"], deals=12, seed=3, chunk_size=5,
                 options={"variant": variant, "history": str(path)}, keep_payoffs=True)
    text = path.read_text()
    sections = re.split(r"^\[\d+\]\n", text, flags=re.M)[1:]
    assert re.findall(r"^\[(\d+)\]$", text, flags=re.M) == [str(k) for k in range(1, 13)]
    assert len(sections) == 12
    for k, section in enumerate(sections):
        assert f"variant = '{code}'" in section
        hand = from_phh(section)
        assert hand.is_over and all(len(hand.holes[s]) == hole for s in range(3))
        # the chips each seat won or lost are the simulator's payoffs for that deal
        changes = sorted(a - b for a, b in zip(hand.stacks, hand.starting_stacks))
        assert changes == sorted(r.payoffs[k].tolist())


def test_history_loads_in_pokerkit(tmp_path):
    pokerkit = pytest.importorskip("pokerkit")
    path = tmp_path / "hands.phhs"
    simulate("holdem", ["hard", "tag"], deals=6, seed=1, options={"history": str(path)})
    with open(path, "rb") as f:
        hands = list(pokerkit.HandHistory.load_all(f))
    assert len(hands) == 6
    for hh in hands:
        state = list(hh)[-1]
        assert list(state.stacks) == list(hh.finishing_stacks)


def test_options_and_agents_are_checked():
    with pytest.raises(SimulationError, match="unknown variant 'stud'"):
        simulate("holdem", ["call", "call"], deals=2, options={"variant": "stud"})
    with pytest.raises(SimulationError, match=r"hold'em options: .*colour"):
        simulate("holdem", ["call", "call"], deals=2, options={"colour": "red"})
    with pytest.raises(SimulationError, match="unknown hold'em agent 'grandmaster'"):
        simulate("holdem", ["call", "grandmaster"], deals=2)
    with pytest.raises(SimulationError, match="2-10 agents"):
        simulate("holdem", ["call"] * 11, deals=2)


class Odd:
    """Check/call, but a strange answer at its ``at``-th decision."""

    def __init__(self, answer, at):
        self.answer, self.at, self.calls = answer, at, 0

    def __call__(self, obs):
        self.calls += 1
        if self.calls == self.at:
            return self.answer
        return next(a.action() for a in obs.legal_actions if a.kind in ("check", "call"))


@pytest.mark.parametrize("answer", ["raise", None, ("raise", 10**9), ("bet", 2.5), ("fold", "x"), 3, ("call", -1)])
def test_a_strange_answer_ends_the_match_naming_the_agent(answer):
    with pytest.raises(AgentRunError) as info:
        simulate("holdem", ["call", Odd(answer, 1), "call"], deals=3, seed=1)
    assert info.value.agent == "Odd" and info.value.deal == 1 and "seat" in str(info.value)


def test_an_agent_that_raises_is_reported():
    def boom(obs):
        raise RuntimeError("out of cheese")

    with pytest.raises(AgentRunError, match="out of cheese"):
        simulate("holdem", ["easy", boom], deals=2, seed=0)
