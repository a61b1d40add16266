"""The Binh engine: flow, scoring through the engine, observations, history, seeding, the deal state."""

import numpy as np
import pytest

from pokercore import parse_cards
from pokercore.binh._agents import HardAgent, StrongestAgent, make_agent
from pokercore.binh._arrangement import Arrangement
from pokercore.binh._game import (
    AgentError,
    DealState,
    Match,
    Observation,
    deal_hands,
    play_deal,
    replay,
    run_deal,
)
from pokercore.binh._rules import BinhRules
from pokercore.binh._scoring import PairPath, score_deal, score_pair
from pokercore.binh._special_hands import classify_special
from pokercore.errors import PokercoreValueError

A = Arrangement.from_string


@pytest.mark.parametrize("n", [2, 3, 4])
def test_nets_sum_to_zero_and_every_pair_is_scored(n):
    rng = np.random.default_rng(n)
    agents = [make_agent("strongest", rng) for _ in range(n)]
    for _ in range(20):
        rec = run_deal(agents, rng)
        assert sum(rec.nets) == 0
        assert sorted(rec.outcomes) == [(i, j) for i in range(n) for j in range(i + 1, n)]
        for s in range(n):
            assert rec.nets[s] == sum(o.score for (i, j), o in rec.outcomes.items() if i == s) - sum(
                o.score for (i, j), o in rec.outcomes.items() if j == s)


def test_deal_hands_are_disjoint_and_seeded():
    h1 = deal_hands(4, np.random.default_rng(5))
    h2 = deal_hands(4, np.random.default_rng(5))
    assert h1 == h2
    assert len({c for h in h1 for c in h} ) == 52
    with pytest.raises(PokercoreValueError, match="2 to 4 players, got 5 players: give 2, 3 or 4"):
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
    assert rec.outcomes[(0, 1)].score == -9 and rec.outcomes[(0, 2)].score == -9
    assert rec.outcomes[(0, 1)].path == PairPath.FOUL
    assert rec.nets[0] == -18
    rec2 = run_deal([_foul, _foul, StrongestAgent()], hands=hands)
    assert rec2.outcomes[(0, 1)].score == 0 and rec2.outcomes[(0, 1)].path == PairPath.FOUL_VS_FOUL


def test_specials_are_declared_automatically():
    dragon = parse_cards("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert classify_special(dragon).type == "A"
    rest = [c for c in range(52) if c not in dragon]
    hands = [dragon, rest[:13]]
    asked = []

    def agent(o):
        asked.append(o.seat)
        return StrongestAgent()(o)

    rec = run_deal([agent, agent], hands=hands)
    assert 0 not in asked
    assert rec.outcomes[(0, 1)].score == (12 if not classify_special(rest[:13]) else 0)
    assert rec.played[0] == classify_special(dragon)
    rec = run_deal([agent, agent], hands=hands, rules=BinhRules(declare_specials=False))
    assert isinstance(rec.played[0], Arrangement)


def test_score_pair_takes_what_a_seat_played():
    """One pair scorer: an Arrangement, or the SpecialHand the engine declared for a seat."""
    a = A("Ah Ad Kc / As Ac Kd 3c 2d / 7s 7h 7d 4c 4d")   # four aces: special (type B) when declared
    weak = A("2c 3c 5h / 6c 6d 8h 9s Js / Qh Qs Td Jh Jd")
    plain = BinhRules(declare_specials=False)
    assert score_pair(a, weak, plain) == 3 and score_pair(weak, a, plain) == -3
    assert score_pair(a, weak, BinhRules(declare_specials=False, scoop_bonus=2)) == 5
    assert score_pair(a, a, plain) == 0
    assert score_pair(a, weak) == 6    # declared: the quad wins 6
    sp = classify_special("2c 3d 4h 5s 6c 7d 8h 9s Tc Jd Qh Ks Ac")
    assert score_pair(sp, weak) == 12 and score_pair(weak, sp) == -12 and score_pair(sp, sp) == 0
    assert score_pair(sp, a) == 0      # two special hands draw
    with pytest.raises(PokercoreValueError, match="declare_specials=False"):
        score_pair(sp, weak, plain)
    with pytest.raises(PokercoreValueError, match="no special kind"):
        score_pair(classify_special(weak.cards), weak)


def test_history_replays_and_detects_tampering():
    rng = np.random.default_rng(9)
    rec = run_deal([make_agent("easy", rng) for _ in range(4)], rng)
    text = rec.to_text()
    assert replay(text) == rec
    lines = text.splitlines()
    lines[-1] = "nets +99 -99 +0 +0"
    with pytest.raises(PokercoreValueError, match="disagree"):
        replay("\n".join(lines))


# ---------------------------------------------------------------------- the deal state

HANDS2 = [parse_cards("As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"),
          parse_cards("Ac Ks Kh Qh Qd Jc Jd Th 9s 8s 6h 4c 3s")]


def test_deal_state_collects_arrangements_and_scores_once():
    deal = DealState(HANDS2)
    assert deal.to_arrange == (0, 1) and deal.specials == (None, None)
    assert deal.observation(1) == Observation(tuple(sorted(HANDS2[1], reverse=True)), 1, 2, deal.rules)
    with pytest.raises(PokercoreValueError, match="have not arranged yet"):
        deal.result()
    good = A("5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc")
    assert deal.arrange(0, good) is good
    assert deal.to_arrange == (1,) and deal.arranged == (good, None)
    deal.arrange(1, "Ac Ks Kh / Qh Qd Jc Jd Th / 9s 8s 6h 4c 3s")   # a foul is legal play
    rec = deal.result()
    assert rec is deal.result()                       # scored once
    assert rec.nets == (9, -9) and rec.outcomes[(0, 1)].path == PairPath.FOUL
    assert rec == score_deal([good, A("Ac Ks Kh / Qh Qd Jc Jd Th / 9s 8s 6h 4c 3s")])
    assert replay(rec.to_text()) == rec


def test_deal_state_refusals_change_nothing():
    deal = DealState(HANDS2)
    other = A("2c 3c 4c / 5c 6c 7c 8c 9d / Tc Jc Qc Kc Ac")
    for answer, match in [(other, "does not hold exactly the seat's cards: arrange the 13 cards dealt to it"),
                          ("As Ah / Ad", "unreadable"), (42, "must return an Arrangement")]:
        with pytest.raises(AgentError, match=match):
            deal.arrange(0, answer)
        assert deal.to_arrange == (0, 1) and deal.arranged == (None, None)
    for seat in (2, -1, True, "0"):
        with pytest.raises(PokercoreValueError, match="no seat"):
            deal.arrange(seat, other)
    deal.arrange(0, "5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc")
    with pytest.raises(AgentError, match="already arranged"):
        deal.arrange(0, "5s 3h 2c / Qs Jh 9c 8c 7d / As Ah Ad Kd Kc")


def test_deal_state_declares_special_hands_once():
    six_pairs = parse_cards("As Ah Ks Kh Qs Qh Js Jh 9s 9h 7c 7d 2c")
    rest = [c for c in range(52) if c not in six_pairs][:13]
    deal = DealState([six_pairs, rest])
    assert deal.specials[0].best.label == "six pairs" and deal.to_arrange == ((1,) if not deal.specials[1] else ())
    with pytest.raises(AgentError, match=r"special .* nothing to arrange"):
        deal.arrange(0, A("As Ah Ks / Kh Qs Qh Js Jh / 9s 9h 7c 7d 2c"))
    plain = DealState([six_pairs, rest], BinhRules(declare_specials=False))
    assert plain.specials == (None, None) and plain.to_arrange == (0, 1)


@pytest.mark.parametrize("hands, error, match", [
    ([HANDS2[0]], PokercoreValueError, "2 to 4 players, got 1 hands"),
    ([HANDS2[0], HANDS2[0]], PokercoreValueError, "dealt to seats 0 and 1"),
    ([HANDS2[0], HANDS2[1][:12]], PokercoreValueError, "13 cards"),
    ("As Ah", TypeError, "sequence of 2 to 4 hands"),
])
def test_deal_state_checks_the_cards(hands, error, match):
    with pytest.raises(error, match=match):
        DealState(hands)


def test_run_deal_errors_say_what_to_do():
    with pytest.raises(PokercoreValueError, match=r"needs rng .* or hands"):
        run_deal([StrongestAgent(), StrongestAgent()])
    with pytest.raises(PokercoreValueError, match="3 agents but 2 hands: give one hand per agent"):
        run_deal([StrongestAgent()] * 3, hands=HANDS2)
    with pytest.raises(PokercoreValueError, match="2 to 4 players, got 5 agents"):
        Match([StrongestAgent()] * 5)


def test_replay_names_what_is_wrong():
    rec = run_deal([StrongestAgent(), _foul], hands=HANDS2)
    text = rec.to_text()
    assert "p2 shows" in text and "FOUL" in text and replay(text) == rec
    for bad, match in [
        ("", "starts with 'binh deal players=N'"),
        (text.replace("players=2", "players=x"), "starts with"),
        (text + "\np3 shows x", "line 8"),
        (text + "\nhello", "line 8"),
        ("\n".join(ln for ln in text.splitlines() if not ln.startswith("p2 dealt")), "no 'pK dealt' line"),
        ("\n".join(ln for ln in text.splitlines() if not ln.startswith("p2 shows")), "show no arrangement"),
        (text.replace("p1 shows", "p1 special"), "declares special hands for seats \\[1\\]"),
        (text.replace("p1 shows 5s", "p1 shows 4s"), "seat 0: the arrangement .* does not hold exactly"),
    ]:
        with pytest.raises(PokercoreValueError, match=match):
            replay(bad)
    with pytest.raises(TypeError):
        replay(None)  # type: ignore[arg-type]
