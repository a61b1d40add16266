"""Built-in agents, tables and training."""

import time

import numpy as np
import pytest

from pokercore import random_hands
from pokercore.binh.agents import AGENT_LEVELS, HardAgent, suggest_arrangement, make_agent
from pokercore.binh.game import Observation
from pokercore.binh.search import legal_arrangements
from pokercore.binh.tables import SelfPlayTables, default_tables
from pokercore.binh.training import train


@pytest.fixture(scope="module")
def hands():
    return [tuple(int(c) for c in h) for h in random_hands(15, 13, seed=123)]


@pytest.mark.parametrize("level", AGENT_LEVELS)
def test_every_agent_returns_a_legal_arrangement_of_its_cards(level, hands):
    agent = make_agent(level, np.random.default_rng(1))
    for h in hands:
        a = agent(Observation(h, 0, 4))
        assert sorted(a.cards) == sorted(h)
        assert not a.is_foul


def test_normal_maximises_the_table_value(hands):
    t = default_tables()
    for h in hands[:5]:
        legal = legal_arrangements(h)
        a, v = suggest_arrangement(h)
        ranks = np.stack([legal["top_rank"], legal["middle_rank"], legal["bottom_rank"]], axis=1)
        assert v == pytest.approx(t.expected(ranks).max())
        assert t.expected(np.array(a.ranks)) == pytest.approx(v)


def test_hard_respects_its_time_budget(hands):
    agent = HardAgent(np.random.default_rng(0))
    agent(Observation(hands[0], 0, 4))   # warm up
    start = time.perf_counter()
    for h in hands[:5]:
        agent(Observation(h, 0, 4))
    assert (time.perf_counter() - start) / 5 < 0.1   # default budget 50 ms, slack for a busy machine


def test_hard_candidates_start_with_normals_choice(hands):
    agent = HardAgent(np.random.default_rng(0))
    ev = agent.evaluate(Observation(hands[1], 0, 3))
    k = agent.candidates
    assert ev.table[0] == pytest.approx(suggest_arrangement(hands[1])[1])
    assert np.all(np.diff(ev.table[:k]) <= 1e-12) and np.all(np.abs(ev.mc) <= 3)
    assert ev.samples == agent.samples and len(ev.legal) >= k


def test_unknown_level():
    with pytest.raises(ValueError, match="unknown Binh agent"):
        make_agent("grandmaster", np.random.default_rng(0))


def test_shipped_tables_are_distributions_with_monotone_values():
    t = default_tables()
    assert np.allclose(t.pmf.sum(axis=1), 1)
    assert np.all(np.diff(t.value, axis=1) >= -1e-12)
    assert np.allclose(t.win + t.tie + t.lose, 1)
    assert "command" in t.meta and t.meta["rounds"] >= 20


def test_training_is_reproducible_and_round_trips(tmp_path):
    t1, log1 = train(rounds=2, deals=150, seed=5, eval_hands=40)
    t2, log2 = train(rounds=2, deals=150, seed=5, eval_hands=40)
    assert np.array_equal(t1.pmf, t2.pmf)
    assert [r["changed"] for r in log1] == [r["changed"] for r in log2]
    t1.meta["seed"] = 5
    t1.save(tmp_path / "t.npz")
    back = SelfPlayTables.load(tmp_path / "t.npz")
    assert np.allclose(back.value, t1.value, atol=1e-6) and back.meta["seed"] == 5
