"""Property tests: random tables, random legal and illegal actions; chips, refusals and hidden cards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore.holdem._actions import Action
from pokercore.holdem._agents import RandomAgent
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._errors import IllegalActionError


@st.composite
def tables(draw: st.DrawFn) -> tuple[HoldemState, int]:
    variant = draw(st.sampled_from(["nl", "fl", "plo"]))
    n = draw(st.integers(2, 10))
    bb = draw(st.integers(1, 6))
    sb = draw(st.integers(0, bb))
    ante = draw(st.integers(0, 3))
    mode = draw(st.sampled_from(["each", "big-blind"]))
    straddles = (2 * bb,) if variant != "fl" and n >= 3 and draw(st.booleans()) else ()
    stacks = draw(st.lists(st.sampled_from([0, 1, 2, 3, 5, 8, 13, 40, 100, 500]), min_size=n, max_size=n))
    if sum(1 for s in stacks if s) < 2:
        stacks[0] = stacks[-1] = 50
    button = draw(st.sampled_from([i for i, s in enumerate(stacks) if s]))
    cfg = HoldemConfig(variant, players=n, small_blind=sb, big_blind=bb, ante=ante, ante_mode=mode,
                       straddles=straddles, starting_stacks=stacks)
    return HoldemState(cfg, stacks, button, seed=draw(st.integers(0, 2**32))), sum(stacks)


def bad_actions(s: HoldemState) -> list[object]:
    i = s.actor
    legal = {a.kind: a for a in s.legal_actions()}
    out: list[object] = [("raise", -1), ("bet", 10**9), ("call", 10**9), "fold", Action("shove", 1)]
    if "check" in legal:
        out.append(Action("fold"))
    else:
        out.append(Action("check"))
    agg = legal.get("raise") or legal.get("bet")
    if agg is not None:
        out += [Action(agg.kind, agg.min_amount - 1), Action(agg.kind, agg.max_amount + 1)]
    else:
        out += [Action("raise", s.current_bet + 100), Action("bet", 1)]
    out.append(lambda: s.check(seat=((i or 0) + 1) % s.seats))
    return out


def check_views(s: HoldemState, total: int) -> None:
    assert sum(s.stacks) + s.pot == total
    assert min(s.stacks) >= 0 and min(s.committed) >= 0
    shown = set(s.revealed)
    for seat in range(s.seats):
        obs = s.observe(seat)
        assert obs.hole == s.holes[seat]
        assert obs.config.seed is None
        assert set(obs.revealed) == shown and shown.isdisjoint(obs.mucked)
        for other, cards in obs.revealed.items():
            assert cards == s.holes[other] and s.live[other]
        if not s.is_over and s.actor is not None:
            assert not obs.mucked
        assert all(isinstance(x, (int, str, bool)) for e in obs.events for x in e)  # no cards in events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.lists(st.integers(0, 10**6), min_size=60, max_size=60))
def test_random_legal_play_conserves_chips_and_refusals_change_nothing(table, choices):
    s, total = table
    check_views(s, total)
    k = 0
    while not s.is_over:
        before = s.snapshot()
        for bad in bad_actions(s):
            try:
                bad() if callable(bad) else s.act(bad)  # type: ignore[arg-type]
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"accepted {bad!r} at {s!r}")
            assert s.snapshot() == before
        legal = s.legal_actions()
        c = choices[k % len(choices)]
        k += 1
        a = legal[c % len(legal)]
        s.act(Action(a.kind, a.min_amount + (c // 7) % (a.max_amount - a.min_amount + 1)))
        check_views(s, total)
    assert sum(s.payouts) == sum(s.committed)  # type: ignore[arg-type]
    assert sum(s.stacks) == total and s.legal_actions() == ()
    assert len(s.board) == 5 or sum(s.live) == 1


@settings(max_examples=60, deadline=None)
@given(tables(), st.integers(0, 1000))
def test_same_seed_same_hand(table, agent_seed):
    s, _ = table
    twin = HoldemState(s.config, s.starting_stacks, s.button, seed=None, deck=list(s._deck))
    assert twin.snapshot() == s.snapshot()
    n = s.seats
    s.play([RandomAgent(agent_seed + k) for k in range(n)])
    twin.play([RandomAgent(agent_seed + k) for k in range(n)])
    assert twin.snapshot() == s.snapshot()


def test_a_seed_fixes_the_cards():
    cfg = HoldemConfig("plo", players=6)
    a, b, c = (HoldemState(cfg, seed=s) for s in (5, 5, 6))
    assert a.holes == b.holes and a.holes != c.holes
