"""The draw AIs: legal actions only, public information only, reproducible, timed."""

from __future__ import annotations

import inspect
import time
from types import SimpleNamespace

import numpy as np
import pytest

from pokercore.draw import DrawConfig, DrawState
from pokercore.draw._observation import Observation
from pokercore.draw.ai import AGENTS, CallAgent, HardAgent, make_agent
from pokercore.errors import UnknownAgentError

NAMES = list(AGENTS)
PUBLIC = list(Observation._fields) + ["seats", "pot", "pots", "opponents", "is_my_turn"]


def public_copy(obs):
    """Only the documented fields of an observation, with no way back to the engine."""
    return SimpleNamespace(**{k: getattr(obs, k) for k in PUBLIC})


class Checked:
    """Wraps an agent: hands it a public copy of the observation, checks legality."""

    def __init__(self, agent, log):
        self.agent, self.log = agent, log

    def reset(self):
        self.agent.reset()

    def __call__(self, obs):
        assert obs.is_my_turn
        copy = public_copy(obs)
        action = self.agent(copy)
        assert action in obs.legal_actions, (action, list(obs.legal_actions))
        self.log.append((obs.seat, obs.street, tuple(action)))
        return action


def play(names, deals, seed, log=None, players=None):
    log = [] if log is None else log
    n = players or len(names)
    cfg = DrawConfig(players=n, ante=1, small_bet=2, starting_stacks=200)
    ss = np.random.SeedSequence(seed)
    agents = [Checked(make_agent(names[i % len(names)], np.random.default_rng(s)), log)
              for i, s in enumerate(ss.spawn(n))]
    for d in range(deals):
        for a in agents:
            a.reset()
        s = DrawState(cfg, button=d % n, seed=seed * 1000 + d)
        s.play(agents)
        assert s.is_over and sum(s.payouts) == sum(s.committed)
    return log


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [2, 6])
def test_agent_plays_only_legal_actions(name, players):
    # a table of the agent against every built-in (incl. random, which reaches odd spots)
    names = [name] + [n for n in NAMES if n != name]
    log = play(names, deals=40, seed=players, players=players)
    assert {street for _, street, _ in log} >= {"bet1", "draw"}


def test_all_agents_mixed_tables_many_hands():
    rng = np.random.default_rng(7)
    for k in range(12):
        players = int(rng.integers(2, 7))
        names = [NAMES[i] for i in rng.integers(0, len(NAMES), players)]
        play(names, deals=15, seed=100 + k)


def test_observation_holds_no_hidden_cards():
    cfg = DrawConfig(players=4)
    s = DrawState(cfg, button=0, seed=5)
    seen = []

    def spy(obs):
        own = set(obs.hand)
        for k in PUBLIC:
            v = getattr(obs, k)
            if k == "hand":
                continue
            if k == "revealed":
                assert v == {}  # nothing revealed before the showdown
        seen.append(own)
        return make_agent("hard", np.random.default_rng(0))(public_copy(obs))

    while not s.is_over:
        seat = s.actor
        obs = s.observe(seat)
        assert not hasattr(obs, "__dict__")  # a plain tuple: no back-reference to the state
        assert all(not isinstance(getattr(obs, k), DrawState) for k in Observation._fields)
        s.act(spy(obs))
    # every observation offered to an agent had only its own five cards
    assert all(len(h) == 5 for h in seen)


@pytest.mark.parametrize("name", NAMES)
def test_agents_are_reproducible_from_a_seed(name):
    names = [name, "random", "hard"]
    assert play(names, deals=12, seed=3) == play(names, deals=12, seed=3)


def test_make_agent_names_and_errors():
    for n in NAMES:
        agent = make_agent(n, np.random.default_rng(0))
        assert callable(agent) and hasattr(agent, "reset")
        assert callable(make_agent(n))          # no generator: fresh entropy
    names = ", ".join(NAMES)
    for bad in ("expert", "Hard", "", ["hard"], None, "x" * 10_000):
        with pytest.raises(UnknownAgentError, match=f"unknown draw agent .*: use one of {names}$") as info:
            make_agent(bad, np.random.default_rng(0))
        assert isinstance(info.value, ValueError) and len(str(info.value)) < 250


def test_both_games_build_agents_with_one_signature():
    """draw.ai.make_agent(name, rng=None); binh's is the same plus its rules."""
    from pokercore.binh import make_agent as binh_make_agent

    draw_params = list(inspect.signature(make_agent).parameters.values())
    binh_params = list(inspect.signature(binh_make_agent).parameters.values())
    assert [(p.name, p.default) for p in draw_params] == [("name", inspect.Parameter.empty), ("rng", None)]
    assert [(p.name, p.default) for p in binh_params[:2]] == [(p.name, p.default) for p in draw_params]
    assert [p.name for p in binh_params[2:]] == ["rules"]
    with pytest.raises(UnknownAgentError, match="unknown Binh agent 'expert': use one of easy, normal"):
        binh_make_agent("expert")
    assert callable(binh_make_agent("easy"))


def test_call_agent_never_folds_or_raises():
    log = play(["call", "hard", "normal"], deals=30, seed=9)
    kinds = {a[0] for seat, street, a in log if seat % 3 == 0 and street != "draw"}
    assert kinds <= {"check", "call"}


def test_hard_decision_time_is_reported(capsys):
    cfg = DrawConfig(players=6)
    hard = HardAgent(np.random.default_rng(1))
    times = []

    def timed(obs):
        t = time.perf_counter()
        a = hard(obs)
        times.append(time.perf_counter() - t)
        return a

    others = [CallAgent() for _ in range(5)]
    for d in range(10):
        s = DrawState(cfg, button=d % 6, seed=d)
        s.play([timed] + others)
    with capsys.disabled():
        print(f"\nhard agent: {len(times)} decisions, mean {1000 * np.mean(times):.2f} ms, "
              f"max {1000 * np.max(times):.2f} ms")
    assert times
