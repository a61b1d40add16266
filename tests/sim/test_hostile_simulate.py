"""simulate with agents that return strange things or fail: a clear AgentRunError, never a hang or a raw error."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore.sim import AgentRunError, simulate
from tests.draw.test_hostile_agents import _answers


class Answers:
    """A draw agent that plays check/call but gives ``answer`` at its ``at``-th decision."""

    def __init__(self, answer, at):
        self.answer, self.at, self.calls = answer, at, 0

    def __call__(self, obs):
        self.calls += 1
        if self.calls == self.at:
            return self.answer
        legal = obs.legal_actions
        return next((a for a in legal if a.kind in ("check", "call")), legal[0])

    def __deepcopy__(self, memo):  # mocks and iterators do not copy; a fresh counter is enough
        return Answers(self.answer, self.at)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=_answers, at=st.integers(1, 8), seed=st.integers(0, 20))
def test_strange_answers_end_a_draw_match_with_an_agent_error(answer, at, seed):
    try:
        r = simulate("draw", ["call", Answers(answer, at), "random"], deals=4, seed=seed, chunk_size=2,
                     keep_payoffs=True)
    except AgentRunError as exc:
        assert exc.deal is not None and 1 <= exc.deal <= 4
        if exc.agent is not None and exc.seat is not None:
            assert exc.agent == "Answers" and f"seat {exc.seat}" in str(exc)
        assert exc.replay == {"seed": seed, "chunk_size": 2, "deals": exc.deal}
    else:
        assert r.payoffs.shape == (4, 3) and abs(r.payoffs.sum()) < 1e-9


@settings(max_examples=40, deadline=None)
@given(kind=st.sampled_from(["value", "runtime", "exit", "type", "recursion", "generator", "base"]),
       seed=st.integers(0, 20))
def test_agent_exceptions_of_every_kind_are_reported(kind, seed):
    class Odd(BaseException):
        pass

    errors = {"value": ValueError("v"), "runtime": RuntimeError("r"), "exit": SystemExit(4),
              "type": TypeError("t"), "recursion": RecursionError("deep"), "generator": GeneratorExit(),
              "base": Odd("odd")}

    def fails(cards):
        raise errors[kind]

    try:
        simulate("toy", ["always", fails], deals=3, seed=seed)
    except AgentRunError as exc:
        assert exc.agent == "fails" and exc.seat == 1 and exc.deal == 1
        assert type(errors[kind]).__name__ in str(exc)
    else:
        raise AssertionError("the failing agent was not reported")
