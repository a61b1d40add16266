"""Property tests over random legal action sequences (hypothesis, derandomized)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokercore import format_cards
from pokercore.draw import (
    Action,
    DrawConfig,
    DrawState,
    IllegalActionError,
    Observation,
    RandomLegalAgent,
    format_history,
    play_game,
    replay_history,
)

SETTINGS = settings(
    max_examples=120, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def hand_setups(draw: Any) -> tuple[DrawState, list[int]]:
    n = draw(st.integers(2, 6))
    all_in = draw(st.booleans())
    ante = draw(st.integers(0, 3))
    small = draw(st.integers(1, 4))
    big = draw(st.sampled_from([None, small, 3 * small]))
    cap = draw(st.integers(0, 4))
    # any stacks a hand of a game may see (short ones too); the config is the rules
    stacks = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    cfg = DrawConfig(players=n, ante=ante, small_bet=small, big_bet=big, raise_cap=cap, all_in=all_in)
    if sum(cfg.can_play(s) for s in stacks) < 2:
        stacks = [max(s, ante + 1) for s in stacks]
    button = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    choices = draw(st.lists(st.integers(0, 10**6), min_size=40, max_size=40))
    return DrawState(cfg, stacks, button, seed=seed), choices


def _cards_in(obs: Observation) -> set[int]:
    """Every card code an observation carries."""
    seen = set(obs.hand)
    for cards in obs.revealed.values():
        seen.update(cards)
    for a in obs.legal_actions:
        seen.update(a.cards)
    for e in obs.events:  # events carry no cards at all
        assert len(e) == 5 and all(isinstance(x, (int, str)) for x in e)
    return seen


def _check_no_leak(state: DrawState) -> None:
    hands = state.hands
    folded = state.folded
    for seat in range(state.seats):
        obs = state.observe(seat)
        assert obs.hand == hands[seat]
        assert obs.config.seed is None  # the seed would give away the deck
        allowed = set(hands[seat]) | {c for cards in state.revealed.values() for c in cards}
        assert _cards_in(obs) <= allowed
        assert not any(folded[j] for j in obs.revealed)
        text = repr(obs) + repr(obs.events)
        for j in range(state.seats):
            if j != seat and j not in obs.revealed and hands[j]:
                assert not any(name in text for name in format_cards(hands[j]).split())


def _candidates(state: DrawState, legal: Any) -> list[Action]:
    """Actions to try: all kinds with plausible and wrong amounts, legal and illegal draws."""
    amounts = {0, 1, state.bet_size, state.bet_size + 1, 2 * state.bet_size}
    amounts.update(a.amount for a in legal if a.kind != "draw")
    amounts.update(a.amount + 1 for a in legal if a.kind != "draw")
    out = [Action("fold"), Action("check")]
    out += [Action(k, a) for k in ("call", "bet", "raise") for a in sorted(amounts)]
    i = state.actor
    own = state.hands[i] if i is not None else ()
    other = next((h for j, h in enumerate(state.hands) if j != i and h), ())
    out += [Action("draw"), Action("draw", 0, tuple(own[:4])), Action("draw", 0, tuple(other[:1]))]
    if own:
        out += [Action("draw", 0, (own[0], own[0])), Action("draw", 0, tuple(own[1:3])), Action("draw", 1)]
    return out


@SETTINGS
@given(hand_setups())
def test_random_hands_keep_every_invariant(setup: tuple[DrawState, list[int]]) -> None:
    state, choices = setup
    start_total = sum(state.starting_stacks)
    step = 0
    while not state.is_over:
        assert sum(state.stacks) + state.pot == start_total
        _check_no_leak(state)
        legal = state.legal_actions()
        assert legal and state.observe(state.actor).legal_actions == legal
        for other in range(state.seats):
            if other != state.actor:
                assert state.observe(other).legal_actions == ()
        # Every action not offered is refused and changes nothing.
        before = state.snapshot()
        for cand in _candidates(state, legal):
            if cand in legal:
                continue
            try:
                state.act(cand)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"{cand} was accepted but not offered in {legal}")
            assert state.snapshot() == before
        # Every action offered is accepted (a few draws of the 26, all bets).
        offered = list(legal) if len(legal) <= 3 else [legal[k] for k in (0, 5, 14, 25)]
        for cand in offered:
            trial = copy.deepcopy(state)
            trial.act(cand)
            assert trial.snapshot() != before
        state.act(legal[choices[step % len(choices)] % len(legal)])
        step += 1
    # Chips are conserved: the payouts are exactly the pot.
    assert sum(state.payouts) == sum(state.committed)
    assert sum(state.stacks) == start_total
    assert all(s >= 0 for s in state.stacks)
    _check_no_leak(state)
    # The history replays to the same state.
    assert replay_history(format_history(state)).snapshot() == state.snapshot()


@settings(max_examples=25, derandomize=True, deadline=None)
@given(
    st.integers(2, 6), st.booleans(), st.integers(0, 2**32 - 1), st.integers(5, 60),
)
def test_random_games_conserve_chips_every_hand(n: int, all_in: bool, seed: int, stack: int) -> None:
    cfg = DrawConfig(players=n, ante=1, small_bet=2, starting_stacks=stack, hands=40,
                     all_in=all_in, seed=seed)
    result = play_game(cfg, [RandomLegalAgent(seed + k) for k in range(n)], keep_hands=True)
    stacks = cfg.stacks
    for hand in result.hands:
        assert hand.starting_stacks == stacks
        assert sum(hand.payouts) == sum(hand.committed)
        assert sum(hand.stacks) == sum(stacks)
        _check_no_leak(hand)
        stacks = hand.stacks
    assert result.stacks == stacks
    assert result.hands_played == len(result.hands)
