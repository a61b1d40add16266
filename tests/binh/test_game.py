"""The Binh engine: flow, scoring through the engine, observations, history, seeding."""

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh.agents import HardAgent, StrongestAgent, make_agent
from pokercore.binh.arrangement import Arrangement
from pokercore.binh.game import AgentError, Match, Observation, deal_hands, pair_score, play_deal, replay, run_deal
from pokercore.binh.rules import BinhRules
from pokercore.binh.special import classify_special

A = Arrangement.from_string


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nets_sum_to_zero_and_every_pair_is_scored(n):
    rng = np.random.default_rng(n)
    agents = [make_agent("strongest", rng) for _ in range(n)]
    for _ in range(20):
        rec = run_deal(agents, rng)
        assert sum(rec.nets) == 0
        assert len(rec.pairs) == n * (n - 1) // 2
        for s in range(n):
            assert rec.nets[s] == sum(v for (i, j), v in rec.pairs.items() if i == s) - sum(
                v for (i, j), v in rec.pairs.items() if j == s)


def test_deal_hands_are_disjoint_and_seeded():
    h1 = deal_hands(4, np.random.default_rng(5))
    h2 = deal_hands(4, np.random.default_rng(5))
    assert h1 == h2
    assert len({c for h in h1 for c in h} ) == 52
    with pytest.raises(ValueError, match="2 to 4"):
        deal_hands(5, np.random.default_rng(0))


def test_agents_see_only_their_own_cards():
    seen = []

    class Spy:
        def __call__(self, obs):
            seen.append(obs)
            return StrongestAgent()(obs)

    rec = run_deal([Spy(), Spy(), Spy()], np.random.default_rng(11), BinhRules(declare_specials=False))
    assert len(seen) == 3
    for obs in seen:
        assert type(obs) is Observation
        assert set(vars(obs)) == {"cards", "seat", "num_players", "rules"}
        assert obs.cards == rec.hands[obs.seat]
        others = {c for s, h in enumerate(rec.hands) if s != obs.seat for c in h}
        assert not others & set(obs.cards)


def test_seeded_matches_reproduce():
    def run(seed):
        rng = np.random.default_rng(seed)
        hard = HardAgent(rng, samples=60, time_budget=float("inf"))   # no wall-clock cut-off
        m = Match([make_agent("easy", rng), make_agent("normal", rng), hard, make_agent("strongest", rng)],
                  seed=seed)
        m.play(5)
        return [r.to_text() for r in m.history], m.totals

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_play_deal_is_the_adapter_hook():
    rng = np.random.default_rng(2)
    nets = play_deal([make_agent("normal", rng) for _ in range(4)], rng, BinhRules())
    assert len(nets) == 4 and sum(nets) == 0 and all(isinstance(v, float) for v in nets)


def test_bad_agent_answers_are_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(AgentError, match="must return an Arrangement"):
        run_deal([lambda o: 42, StrongestAgent()], rng)
    other = A("2c 3c 4c / 5c 6c 7c 8c 9d / Tc Jc Qc Kc Ac")
    with pytest.raises(AgentError, match="exactly the seat's cards"):
        run_deal([lambda o: other, StrongestAgent()], np.random.default_rng(0),
                 BinhRules(declare_specials=False))
    with pytest.raises(AgentError, match="unreadable"):
        run_deal([lambda o: "nonsense", StrongestAgent()], np.random.default_rng(0),
                 BinhRules(declare_specials=False))


def _foul(obs):
    c = sorted(obs.cards, reverse=True)     # strongest cards on top: a foul for these hands
    return Arrangement(c[:3], c[3:8], c[8:])


def test_foul_pays_nine_to_each_normal_opponent():
    hands = [parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"),
             parse_cards("Ac Ks Kh Qh Qd Jc Jd Th 9s 8s 6h 4c 3s"),
             parse_cards("Qc Js Ts Tc 9h 9d 8h 7s 6s 5h 4h 3d 2d")]
    rec = run_deal([_foul, StrongestAgent(), StrongestAgent()], hands=hands)
    assert rec.played[0].is_foul
    assert rec.pairs[(0, 1)] == -9 and rec.pairs[(0, 2)] == -9
    assert rec.nets[0] == -18
    rec2 = run_deal([_foul, _foul, StrongestAgent()], hands=hands)
    assert rec2.pairs[(0, 1)] == 0


def test_specials_are_declared_automatically():
    dragon = parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert classify_special(dragon).type == "A"
    rest = [c for c in range(52) if c not in dragon]
    hands = [dragon, rest[:13]]
    asked = []
    agent = lambda o: asked.append(o.seat) or StrongestAgent()(o)
    rec = run_deal([agent, agent], hands=hands)
    assert 0 not in asked
    assert rec.pairs[(0, 1)] == (12 if not classify_special(rest[:13]) else 0)
    rec = run_deal([agent, agent], hands=hands, rules=BinhRules(declare_specials=False))
    assert isinstance(rec.played[0], Arrangement)


def test_pair_score_rules():
    a = A("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 4c 4d")
    weak = A("2c 3c 5h / 6c 6d 8h 9s Js / Qh Qs Td Jh Jd")
    assert pair_score(a, weak) == 3 and pair_score(weak, a) == -3
    assert pair_score(a, weak, BinhRules(scoop_bonus=2)) == 5
    assert pair_score(a, a) == 0
    sp = classify_special("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert pair_score(sp, a) == 12 and pair_score(a, sp) == -12 and pair_score(sp, sp) == 0


def test_history_replays_and_detects_tampering():
    rng = np.random.default_rng(9)
    rec = run_deal([make_agent("easy", rng) for _ in range(4)], rng)
    text = rec.to_text()
    assert replay(text) == rec
    lines = text.splitlines()
    lines[-1] = "nets +99 -99 +0 +0"
    with pytest.raises(ValueError, match="disagree"):
        replay("\n".join(lines))
