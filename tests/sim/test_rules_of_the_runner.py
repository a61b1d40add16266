"""The runner's documented rules, tested directly: chunk seeding, duplicate statistics, streaming, failures."""

from __future__ import annotations

import math
from concurrent.futures import Executor, Future, ThreadPoolExecutor

import numpy as np
import pytest

from pokercore.sim import AgentRunError, SimulationError, simulate
from pokercore.sim._games import ToyAdapter
from pokercore.sim._runner import effective_workers
from pokercore.sim._stats import Z95

# ------------------------------------------------------------------ chunk seeding

def test_the_first_deals_of_a_longer_match_are_the_shorter_match():
    # Chunk k is seeded by SeedSequence(seed).spawn(n_chunks)[k]: 100 deals = the 50-deal match + 50 new deals.
    long = simulate("toy", ["high", "random"], deals=100, seed=8, chunk_size=50, keep_payoffs=True).payoffs
    short = simulate("toy", ["high", "random"], deals=50, seed=8, chunk_size=50, keep_payoffs=True).payoffs
    np.testing.assert_array_equal(long[:50], short)
    assert not np.array_equal(long[50:], long[:50])  # chunk 1 plays other deals than chunk 0


def test_chunk_seeds_follow_the_documented_spawn_rule():
    # Rebuild the first deal of every chunk from SeedSequence(seed).spawn(n_chunks)[k] by hand.
    seed, size, deals = 21, 7, 30
    r = simulate("toy", ["always", "high"], deals=deals, seed=seed, chunk_size=size, keep_payoffs=True)
    toy = ToyAdapter()
    agents = [toy.builtin_agent("always", None), toy.builtin_agent("high", None)]
    n_chunks = math.ceil(deals / size)
    for k, chunk_seed in enumerate(np.random.SeedSequence(seed).spawn(n_chunks)):
        card_seed, _ = chunk_seed.spawn(2)
        m = min(size, deals - k * size)
        for d, deal_seed in enumerate(card_seed.spawn(m)):
            pay = toy.play_deal(agents, np.random.default_rng(deal_seed), {})
            np.testing.assert_array_equal(r.payoffs[k * size + d], pay)


# ------------------------------------------------------------------ duplicate-mode statistics

def _duplicate_by_hand(seed, deals, size):
    """Per-deal means over the seat rotations, computed from the documented rules without the runner."""
    toy = ToyAdapter()
    agents = [toy.builtin_agent(name, None) for name in ("high", "always", "always")]
    n = len(agents)
    rows = []
    for k, chunk_seed in enumerate(np.random.SeedSequence(seed).spawn(math.ceil(deals / size))):
        card_seed, _ = chunk_seed.spawn(2)
        for deal_seed in card_seed.spawn(min(size, deals - k * size)):
            row = np.zeros(n)
            for r in range(n):
                order = [(s + r) % n for s in range(n)]
                pay = toy.play_deal([agents[i] for i in order], np.random.default_rng(deal_seed), {})
                for s, i in enumerate(order):
                    row[i] += pay[s]
            rows.append(row / n)
    return np.array(rows)


def test_duplicate_stderr_and_ci_come_from_per_deal_means():
    # Rotations of one deal share its cards: they are not independent samples.
    r = simulate("toy", ["high", "always", "always"], deals=120, seed=6, chunk_size=25, duplicate=True,
                 keep_payoffs=True)
    per_deal = _duplicate_by_hand(6, 120, 25)
    np.testing.assert_allclose(r.payoffs, per_deal, atol=1e-12)
    for i, s in enumerate(r.summary()):
        col = per_deal[:, i]
        se = col.std(ddof=1) / math.sqrt(120)
        assert s.deals == 120
        assert s.mean == pytest.approx(col.mean(), abs=1e-12)
        assert s.stderr == pytest.approx(se, rel=1e-9)
        lo, hi = s.ci95
        assert (lo, hi) == (pytest.approx(col.mean() - Z95 * se), pytest.approx(col.mean() + Z95 * se))
        as_dict = s.as_dict()
        assert as_dict["deals"] == 120 and as_dict["stderr"] == pytest.approx(se)


# ------------------------------------------------------------------ streaming and workers

class CountingExecutor(Executor):
    """Runs each task when submitted; records how many were submitted but not yet collected."""

    def __init__(self):
        self.in_flight = self.most = self.submitted = 0
        self._max_workers = 2

    def submit(self, fn, *args, **kwargs):
        fut: Future = Future()
        fut.set_result(fn(*args, **kwargs))
        self.submitted += 1
        self.in_flight += 1
        self.most = max(self.most, self.in_flight)
        fut.add_done_callback(lambda f: None)
        original = fut.result

        def collected(*a, **k):
            self.in_flight -= 1
            fut.result = original  # count once
            return original(*a, **k)

        fut.result = collected
        return fut


def test_chunks_are_streamed_with_bounded_work_in_flight():
    ex = CountingExecutor()
    r = simulate("toy", ["high", "always"], deals=400, seed=3, chunk_size=4, executor=ex, max_in_flight=3,
                 keep_payoffs=True)
    assert ex.submitted == 100 and ex.most <= 3
    np.testing.assert_array_equal(r.payoffs, simulate("toy", ["high", "always"], deals=400, seed=3,
                                                      chunk_size=4, keep_payoffs=True).payoffs)


def test_effective_workers(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert effective_workers(64, 1) == 1
    assert effective_workers(64, 100) == 2
    assert effective_workers(1, 100) == 1
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert effective_workers(8, 100) == 1


# ------------------------------------------------------------------ failures through the API

def test_agent_errors_carry_agent_seat_deal_and_replay():
    with pytest.raises(AgentRunError) as info:
        simulate("toy", ["always", "tests.sim.hostile:fails_with_the_ace_of_spades"], deals=300, seed=2,
                 chunk_size=7)
    err = info.value
    assert err.agent == "tests.sim.hostile:fails_with_the_ace_of_spades" and err.seat == 1
    assert err.replay == {"seed": 2, "chunk_size": 7, "deals": err.deal}
    ok = simulate("toy", ["always", "tests.sim.hostile:fails_with_the_ace_of_spades"], deals=err.deal - 1,
                  seed=2, chunk_size=7)
    assert ok.deals == err.deal - 1


def test_in_duplicate_mode_the_seat_is_the_one_of_the_failing_rotation():
    with pytest.raises(AgentRunError, match="seat rotation") as info:
        simulate("toy", ["tests.sim.hostile:fails_with_the_ace_of_spades", "always"], deals=300, seed=2,
                 duplicate=True)
    assert info.value.agent == "tests.sim.hostile:fails_with_the_ace_of_spades"


def test_a_thread_pool_decision_timeout_stops_a_spinning_agent():
    with ThreadPoolExecutor(2) as ex, pytest.raises(AgentRunError, match=r"took more than 0\.3 s"):
        simulate("toy", ["always", "tests.sim.hostile:spins"], deals=10, executor=ex, decision_timeout=0.3)


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), "1", True])
def test_bad_decision_timeouts_are_refused(bad):
    with pytest.raises(SimulationError, match="decision_timeout"):
        simulate("toy", ["always", "high"], deals=1, decision_timeout=bad)


def test_an_object_that_is_not_an_adapter_is_refused():
    with pytest.raises(SimulationError, match="is not a game adapter: it lacks play_deal"):
        simulate(object(), ["a", "b"], deals=1)  # type: ignore[arg-type]


# ------------------------------------------------------------------ seeded runs depend on the seed alone

def test_binh_built_in_agents_run_without_a_wall_clock_cap():
    from pokercore.sim._games import BinhAdapter

    for name in ("easy", "normal", "hard", "strongest"):
        agent = BinhAdapter().builtin_agent(name, np.random.default_rng(0))
        assert getattr(agent, "time_budget", None) in (None, math.inf)  # None and inf: no cap


def test_a_slow_clock_never_cuts_a_simulated_hard_binh_decision_short(monkeypatch):
    # Every clock reading 1 s after the last: a wall-clock cap would cut each decision short.
    import time

    from pokercore.binh import Observation
    from pokercore.cards import parse_cards
    from pokercore.sim._games import BinhAdapter

    agent = BinhAdapter().builtin_agent("hard", np.random.default_rng(1))
    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    agent(Observation(tuple(parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c")), 0, 4))
    assert agent.decisions == 1 and agent.capped == 0


def test_the_decision_timeout_gives_back_the_caller_s_timer():
    import signal
    import time

    fired = []
    old = signal.signal(signal.SIGALRM, lambda *a: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        simulate("toy", ["always", "high"], deals=20, decision_timeout=5)
        assert signal.getsignal(signal.SIGALRM) is not None and fired == []
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 0 < left <= 30
        signal.setitimer(signal.ITIMER_REAL, 0.01)
        time.sleep(0.2)
        assert fired == [1]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
