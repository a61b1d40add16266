"""Hostile agents: whatever an agent returns, the engine applies only its own actions.

An answer that equals everything, a mock, a wrong kind, a draw during the
betting, foreign cards, floats, strings, endless iterators...: each is either
read into plain values and found legal, or refused with an
IllegalActionError naming the seat, and a refused answer leaves the state as
it was.  No answer makes the engine hang or raise anything else.
"""

from __future__ import annotations

import itertools
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore.draw import Action, DrawConfig, DrawState, IllegalActionError, check_call_agent
from pokercore.draw._actions import KINDS, read_action

MAX_DECISIONS = 300  # far more than any hand needs: a stuck engine fails instead of hanging


class EqAll(tuple):
    """A tuple that says it equals everything (a buggy agent, a mock)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = tuple.__hash__


class SneakyInt(int):
    """An int that equals every other int and converts to another number."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__

    def __int__(self) -> int:
        return 7


class BadIter(tuple):
    """A tuple whose own iteration never ends."""

    def __iter__(self):  # type: ignore[override]
        return itertools.count()

    def __len__(self) -> int:
        return 3


def _hostile_run(answer: Any, at: int, *, seed: int = 3, players: int = 3) -> tuple[DrawState, dict[str, Any]]:
    """Play a hand where decision number ``at`` gets ``answer``; the others check or call."""
    s = DrawState(DrawConfig(players=players, ante=1, small_bet=2, starting_stacks=20), button=0, seed=seed)
    seen: dict[str, Any] = {"calls": 0}

    def agent(obs):
        seen["calls"] += 1
        if seen["calls"] > MAX_DECISIONS:
            raise AssertionError("the hand never ends: the engine is stuck")
        if seen["calls"] == at:
            seen.update(before=s.snapshot(), deck=list(s._deck), seat=obs.seat, street=obs.street,
                        legal=list(obs.legal_actions), events=len(s.events))
            return answer
        return check_call_agent(obs)

    seen["error"] = None
    try:
        s.play([agent] * players)
    except IllegalActionError as exc:
        seen["error"] = exc
    return s, seen


def _check(s: DrawState, seen: dict[str, Any], answer: Any) -> None:
    """The answer was refused with the state unchanged, or it was legal and the engine's own action ran."""
    if "before" not in seen:  # the hand ended before decision ``at``
        return
    err = seen["error"]
    if err is not None:
        assert err.seat == seen["seat"]
        assert f"seat {seen['seat']}" in str(err)
        assert s.snapshot() == seen["before"], "a refused answer changed the state"
        assert s._deck == seen["deck"]
        return
    # Accepted: its plain values must be one of the legal actions, and the event the engine logged is that one.
    kind, _, cards = read_action(answer, "test")
    legal = seen["legal"]
    assert kind in {a.kind for a in legal}
    ev = s.events[seen["events"]]
    assert ev.seat == seen["seat"] and ev.kind == kind and ev.street == seen["street"]
    if kind == "draw":
        assert any(set(a.cards) == set(cards) and len(a.cards) == len(cards) for a in legal) or cards == ""
    else:
        own = next(a for a in legal if a.kind == kind)
        assert type(ev.amount) is int and ev.amount == own.amount
    assert s.is_over
    assert all(type(x) is int for x in s.stacks) and sum(s.stacks) == 60
    for e in s.events:
        assert (e.kind == "draw") == (e.street == "draw"), e


# ---------------------------------------------------------------------------- the reported cases

@pytest.mark.parametrize("answer, message", [
    (EqAll(("draw", 0, ())), "cannot draw now: it is the first betting round"),       # stood pat forever
    (EqAll(("draw", 0, (0,))), "cannot draw now"),                                    # swapped cards mid-betting
    (EqAll(("draw", 0, (99,))), "cannot draw now"),                                   # raw ValueError before
    (EqAll(("bogus", 0, ())), "unknown action kind 'bogus'"),                         # raw StopIteration before
    (EqAll(("check", 0, ())), None),                                                  # legal: taken as a check
], ids=["eq-all stand pat", "eq-all discard", "eq-all foreign card", "eq-all bogus kind", "eq-all check"])
def test_an_answer_that_equals_everything_is_read_for_what_it_is(answer, message):
    s, seen = _hostile_run(answer, at=1)
    if message is None:
        assert seen["error"] is None and s.events[seen["events"]].kind == "check"
    else:
        assert seen["error"] is not None and message in str(seen["error"])
        assert "the agent of seat 1 returned" in str(seen["error"])
    _check(s, seen, answer)


@pytest.mark.parametrize("answer, message", [
    (("draw", 0, (99,)), "cannot discard 99: not a card it holds"),
    (("draw", 0, (SneakyInt(99),)), "cannot discard 99"),
    (EqAll(("draw", 0, (99,))), "cannot discard 99"),
    (("draw", 0, (1.0,)), "a card is an int code"),
    (("draw", 0, iter(range(10**6))), "cards to draw are a tuple of card codes"),
    (("draw", 0, "Zz"), "cannot draw 'Zz'"),
    (("draw", 0, "x" * 10_000), "too long"),
    (("draw", 0, np.zeros((2, 2), np.int64)), "flat list"),
    (("draw", 2, ()), "a draw moves no chips"),
    (("check", 0, ()), "cannot check now: it is the draw"),
], ids=["foreign code", "int subclass", "eq-all foreign", "float card", "endless cards", "bad text",
        "huge text", "2-d array", "draw with chips", "check in the draw"])
def test_bad_draws_are_refused_in_the_draw(answer, message):
    # Decision 4 of a 3-seat hand where everyone checks is the first draw.
    s, seen = _hostile_run(answer, at=4)
    assert seen["street"] == "draw"
    assert seen["error"] is not None and message in str(seen["error"]), seen["error"]
    _check(s, seen, answer)


@pytest.mark.parametrize("answer", [
    mock.MagicMock(), mock.Mock(spec=Action), mock.NonCallableMock(spec=tuple), None, "check", b"check", 0, 2.0,
    {"kind": "check"}, ["check"], ("check", 0), ("check", 0, (), 0),
    Action(mock.MagicMock(), 0, ()), Action("bet", mock.MagicMock(), ()), Action("bet", 2.5, ()),
    Action("bet", float("nan"), ()), Action("bet", True, ()), Action("call", 2, ()), ("raise", 4, ()),
    iter([("check", 0, ())]), type("Odd", (), {"__iter__": lambda self: iter(("check", 0, ()))})(),
])
def test_strange_answers_in_the_first_betting_round(answer):
    s, seen = _hostile_run(answer, at=1)
    assert seen["error"] is not None, "no bet is open: only a check or a bet of 2 is legal"
    _check(s, seen, answer)


def test_legal_answers_in_other_shapes_are_taken_as_the_engine_s_own():
    for answer in (["check", 0, []], ("bet", np.int64(2), ()), Action("bet", 2.0), ("check", None, ""),
                   ("bet", None, np.array([], np.int64)), BadIter(("check", 0, ()))):
        s, seen = _hostile_run(answer, at=1)
        assert seen["error"] is None, (answer, seen["error"])
        _check(s, seen, answer)


def test_act_reads_only_plain_values():
    s = DrawState(DrawConfig(players=2), button=0, seed=4)
    before = s.snapshot()
    for bad in (EqAll(("draw", 0, ())), mock.Mock(spec=Action), Action("check", SneakyInt(5), ()),
                ("bogus", 0, ())):
        with pytest.raises(IllegalActionError, match="seat 1") as info:
            s.act(bad)
        assert info.value.seat == 1
        assert s.snapshot() == before


def test_a_draw_outside_the_draw_is_illegal_in_every_betting_round():
    s = DrawState(DrawConfig(players=2), button=0, seed=4)
    for street in ("bet1", "bet2"):
        while s.street != street:
            s.act(check_call_agent(s.observe(s.actor)))
        before = s.snapshot()
        for answer in (("draw", 0, ()), Action("draw"), EqAll(("draw", 0, ()))):
            with pytest.raises(IllegalActionError, match="cannot draw now"):
                s.act(answer)
            assert s.snapshot() == before


def test_the_illegal_action_error_pickles_with_its_seat():
    import pickle

    err = pickle.loads(pickle.dumps(IllegalActionError("seat 2 cannot check", seat=2)))
    assert err.seat == 2 and str(err) == "seat 2 cannot check"


# ---------------------------------------------------------------------------- generated answers

_numbers = st.one_of(
    st.integers(-3, 60), st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.integers(-3, 60).map(np.int64), st.integers(0, 60).map(np.uint8), st.just(np.True_),
    st.integers(-3, 60).map(SneakyInt), st.integers(0, 8).map(float),
)
_cards = st.one_of(
    st.lists(_numbers, max_size=5).map(tuple), st.lists(_numbers, max_size=5), st.text(max_size=12),
    st.lists(st.integers(0, 51), max_size=4).map(lambda c: np.array(c, dtype=np.int64)),
    st.just(()), st.none(), st.integers(), st.just(iter(range(10**6))),
)
_kinds = st.one_of(st.sampled_from(KINDS + ("bogus", "", "Draw", "check ")), st.text(max_size=6), st.none(),
                   st.integers())
_parts = st.tuples(_kinds, _numbers, _cards)


def _wrap(parts, how):
    return {"tuple": lambda p: tuple(p), "list": list, "action": lambda p: Action(*p), "eqall": EqAll,
            "mock": lambda p: mock.MagicMock(), "text": lambda p: str(p[0]),
            "dict": lambda p: {"kind": p[0]}}[how](parts)


_answers = st.builds(_wrap, _parts, st.sampled_from(["tuple", "list", "action", "eqall", "mock", "text", "dict"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=_answers, at=st.integers(1, 12), seed=st.integers(0, 50))
def test_generated_answers_never_hang_crash_or_half_apply(answer, at, seed):
    s, seen = _hostile_run(answer, at=at, seed=seed)
    _check(s, seen, answer)


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(KINDS), pick=st.integers(0, 4), at=st.integers(1, 12), seed=st.integers(0, 50))
def test_generated_near_legal_answers(kind, pick, at, seed):
    # Plausible answers (right kinds, amounts near the real ones, own cards): legal ones run, others are refused.
    answer = (kind, [0, 2, 4, 2.0, 3][pick], tuple(range(pick)))
    s, seen = _hostile_run(answer, at=at, seed=seed)
    _check(s, seen, answer)
