"""The hold'em AIs: legal actions only, public information only, reproducible from a seed."""

from __future__ import annotations

import inspect
import zlib
from types import SimpleNamespace

import numpy as np
import pytest

from pokercore.errors import UnknownAgentError
from pokercore.holdem._config import HoldemConfig
from pokercore.holdem._engine import HoldemState
from pokercore.holdem._game import HoldemGame
from pokercore.holdem._observation import Observation
from pokercore.holdem.ai import AGENTS, LEVELS, STYLES, make_agent

NAMES = list(AGENTS)
VARIANTS = ("nl", "fl", "plo")
PUBLIC = list(Observation._fields) + ["seats", "pot", "pots", "opponents", "all_in", "is_my_turn"]


class PublicObservation(SimpleNamespace):
    """The documented fields of an observation only, with no way back to the engine."""

    def legal(self, kind):
        return next((a for a in self.legal_actions if a.kind == kind), None)


def public_copy(obs):
    return PublicObservation(**{k: getattr(obs, k) for k in PUBLIC})


class Checked:
    """Wraps an agent: hands it a public copy, checks that the answer is one of the legal options."""

    def __init__(self, agent, log):
        self.agent, self.log = agent, log

    def reset(self):
        self.agent.reset()

    def hand_over(self, obs):
        self.agent.hand_over(obs)

    def __call__(self, obs):
        assert obs.is_my_turn
        action = self.agent(public_copy(obs))
        assert type(action).__name__ == "Action"
        assert any(opt.allows(action) for opt in obs.legal_actions), (action, obs.legal_actions)
        if action.kind == "call":
            assert action.amount == obs.legal("call").min_amount
        self.log.append((obs.hand_number, obs.seat, obs.street, tuple(action)))
        return action


def play(names, variant, hands, seed, players=None, stacks=None, log=None):
    log = [] if log is None else log
    n = players or len(names)
    cfg = HoldemConfig(variant, players=n, hands=hands, seed=seed,
                       starting_stacks=stacks if stacks is not None else 200)
    seqs = np.random.SeedSequence(seed).spawn(n)
    agents = [Checked(make_agent(names[i % len(names)], np.random.default_rng(s)), log) for i, s in enumerate(seqs)]
    game = HoldemGame(cfg)
    while not game.is_over:
        for a in agents:
            a.reset()
        hand = game.play_hand(agents)
        assert hand.is_over and sum(hand.stacks) == sum(hand.starting_stacks)
    return log


@pytest.mark.parametrize("variant", VARIANTS)
def test_thousands_of_random_tables_only_legal_actions(variant):
    # tables of 20 hands until 1,000 hands are played: random sizes, random deep and short stacks,
    # every agent mixed with the random one. The seed is stable (crc32, not hash(), which varies per process).
    rng = np.random.default_rng(zlib.crc32(variant.encode()))
    hands = kinds = 0
    seen = set()
    for table in range(200):
        if hands >= 1000:
            break
        players = int(rng.integers(2, 8))
        names = ["random"] + [NAMES[i] for i in rng.integers(0, len(NAMES), players - 1)]
        stacks = [int(x) for x in rng.integers(3, 400, players)]
        log = play(names, variant, 20, seed=1000 + table, players=players, stacks=stacks)
        hands += len({h for h, *_ in log})
        seen |= {a[0] for *_, a in log}
        kinds += len(log)
    assert hands >= 1000
    assert seen == {"fold", "check", "call", "bet", "raise"}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_each_agent_heads_up_and_six_handed(name, variant):
    for players in (2, 6):
        names = [name] + [n for n in NAMES if n != name]
        log = play(names, variant, 15, seed=players, players=players)
        mine = [a for h, seat, street, a in log if seat == 0]
        assert mine  # it was asked and answered


@pytest.mark.parametrize("name", NAMES)
def test_agents_are_reproducible_from_a_seed(name):
    for variant in VARIANTS:
        names = [name, "random", "hard"]
        assert play(names, variant, 10, seed=3) == play(names, variant, 10, seed=3)


def _deck(players, hole, rng, swap):
    deck = rng.permutation(52).tolist()
    if swap:  # other hidden cards for every opponent (seats dealt after seat 1's hand), the same board
        for p in range(players):
            if p == 0:  # the first dealt: seat 1 (button 0) is the AI
                continue
            lo = p * hole
            k = 52 - (p + 1) * hole
            deck[lo:lo + hole], deck[k:k + hole] = deck[k:k + hole], deck[lo:lo + hole]
    return deck


def _play_seat1(name, variant, players, deck, seed):
    """One hand: the agent in seat 1 (dealt first, button 0), callers elsewhere; its decisions and the hand."""
    from pokercore.holdem.ai import CallAgent

    agent = make_agent(name, np.random.default_rng(seed))
    log = []

    def seat1(obs):
        a = agent(public_copy(obs))
        log.append((obs.street, tuple(a)))
        return a

    agents = [CallAgent() for _ in range(players)]
    agents[1] = seat1
    s = HoldemState(HoldemConfig(variant, players=players), button=0, deck=deck)
    s.play(agents)
    return log, s


@pytest.mark.parametrize("name", ["easy", "normal", "hard", "tag"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_decisions_ignore_the_opponents_hidden_cards(name, variant):
    # Same public state, same own cards, other hidden cards for the opponents: the same decisions.
    hole = 4 if variant == "plo" else 2
    acted = 0
    for k in range(8):
        players = 2 + k % 4
        log_a, a = _play_seat1(name, variant, players, _deck(players, hole, np.random.default_rng(k), False), 50 + k)
        log_b, b = _play_seat1(name, variant, players, _deck(players, hole, np.random.default_rng(k), True), 50 + k)
        # the swap really changed the others' cards and nothing else
        assert a.holes[1] == b.holes[1] and a.holes[0] != b.holes[0]
        assert a.board[:len(b.board)] == b.board[:len(a.board)]
        assert log_a == log_b
        acted += len(log_a)
    assert acted >= 8


def test_observation_holds_no_hidden_cards():
    s = HoldemState(HoldemConfig("nl", players=4), button=0, seed=5)
    while not s.is_over:
        obs = s.observe(s.actor)
        assert not hasattr(obs, "__dict__")
        assert obs.revealed == {} and obs.config.seed is None
        others = {c for i in range(4) if i != obs.seat for c in s.holes[i]}
        assert not others & set(obs.hole) and not others & set(obs.board)
        assert str(sorted(others)) not in repr(obs)
        s.act(make_agent("hard", np.random.default_rng(0))(obs))


def test_make_agent_names_and_errors():
    assert LEVELS == ("easy", "normal", "hard") and set(STYLES) <= set(NAMES)
    for n in NAMES:
        agent = make_agent(n, np.random.default_rng(0))
        assert callable(agent) and callable(agent.reset) and callable(agent.hand_over)
        assert callable(make_agent(n))
    names = ", ".join(NAMES)
    for bad in ("expert", "Hard", "", ["hard"], None, "x" * 10_000):
        with pytest.raises(UnknownAgentError, match=f"unknown hold'em agent .*: use one of {names}$") as info:
            make_agent(bad, np.random.default_rng(0))
        assert isinstance(info.value, ValueError) and len(str(info.value)) < 250


def test_same_signature_as_the_other_games():
    from pokercore.draw.ai import make_agent as draw_make_agent

    ours = [(p.name, p.default) for p in inspect.signature(make_agent).parameters.values()]
    theirs = [(p.name, p.default) for p in inspect.signature(draw_make_agent).parameters.values()]
    assert ours == theirs


def test_an_agent_asked_out_of_turn_says_so():
    s = HoldemState(HoldemConfig("nl", players=3), button=0, seed=1)
    waiting = s.observe((s.actor + 1) % 3)
    for n in NAMES:
        with pytest.raises(ValueError, match="no decision to make"):
            make_agent(n, np.random.default_rng(0))(waiting)
