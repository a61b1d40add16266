"""Built-in agents, tables and training."""

import time
from itertools import combinations

import numpy as np
import pytest

from pokercore import evaluate3, parse_cards, random_hands
from pokercore.binh import Arrangement, BinhRules, classify_special
from pokercore.binh._agents import (
    AGENT_LEVELS,
    BestResponseAgent,
    HardAgent,
    OpponentSample,
    make_agent,
    sample_opponents,
    suggest_arrangement,
)
from pokercore.binh._game import Observation
from pokercore.binh._scoring import score_pair
from pokercore.binh._search import legal_arrangements
from pokercore.binh._tables import SelfPlayTables, default_tables
from pokercore.binh._training import train


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


def _ranks(legal):
    return np.stack([legal["top_rank"], legal["middle_rank"], legal["bottom_rank"]], axis=1)


@pytest.mark.parametrize("level", AGENT_LEVELS)
def test_decisions_depend_on_the_seed_alone_on_a_busy_machine(level, hands, monkeypatch):
    def decide():
        agent = make_agent(level, np.random.default_rng(7))
        return [agent(Observation(h, 0, 4)).cards for h in hands[:4]]

    idle = decide()
    clock = iter(range(0, 10**9, 1000))     # every clock read jumps 1000 s: a machine under heavy load
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(clock)))
    monkeypatch.setattr(time, "time", lambda: float(next(clock)))
    assert decide() == idle


def test_hard_has_no_wall_clock_cap_by_default(hands, monkeypatch):
    agent = HardAgent(np.random.default_rng(0))
    assert agent.time_budget is None
    clock = iter(range(0, 10**9, 1000))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    ev = agent.evaluate(Observation(hands[2], 0, 4))
    assert ev.samples == agent.samples and agent.capped == 0


def test_hard_time_budget_is_an_opt_in_safety_cap(hands):
    agent = HardAgent(np.random.default_rng(0), samples=20_000, time_budget=0.01)
    ev = agent.evaluate(Observation(hands[2], 0, 4))
    assert 0 < ev.samples < 20_000
    assert not agent(Observation(hands[2], 0, 4)).is_foul


def test_sampled_opponents_never_hold_our_cards():
    # we hold the four aces: no opponent top may hold an ace
    mine = parse_cards("As Ah Ad Ac Ks Kh Kd Qs Qh 9d 7c 5d 3c")
    s = sample_opponents(mine, 600, np.random.default_rng(1))
    assert s.n == 600 and len(s.ranks) + len(s.special_points) == 600
    ace_tops = {evaluate3([48, x, y]) for x, y in combinations(range(48), 2)}
    assert not ace_tops & set(s.ranks[:, 0].tolist())
    free = sample_opponents(parse_cards("2s 2h 2d 2c 3s 3h 3d 4s 4h 5d 6c 7d 8c"), 600, np.random.default_rng(1))
    assert ace_tops & set(free.ranks[:, 0].tolist())


def test_sample_scores_match_the_engine():
    a = Arrangement.from_string("Kh Kd Qc / As Ac Kc 3c 2d / 7s 7h 7d 4c 4d")   # an arranged (not special) hand
    assert not a.special and not a.is_foul
    opps = [Arrangement.from_string("2c 3c 5h / 9c 9d 6h 6s 8s / Qh Qs Qc Jh Jd"),
            Arrangement.from_string("2h 3h 5d / Th 9h 7c 5s 5c / 9s 8d 6c 6d 4s")]   # a scoops this one
    special = classify_special("As Ah Ad Ac Ks Kh Qd Qc Js Jh 9d 9c 2s")
    for rules in (BinhRules(), BinhRules(scoop_bonus=3)):
        s = OpponentSample(np.array([o.ranks for o in opps]), np.array([rules.special_points(special.type)]), 3)
        want = np.mean([score_pair(a, o, rules) for o in opps + [special]])
        assert s.pair_scores(np.array([a.ranks]), rules)[0] == pytest.approx(want)
    v = s.branch_values()   # without the scoop bonus, the branch tables give the same mean
    assert v[0][a.top_rank] + v[1][a.middle_rank] + v[2][a.bottom_rank] - 6 / 3 == pytest.approx(
        np.mean([score_pair(a, o) for o in opps + [special]]))


def test_best_response_maximises_the_sampled_mean_over_all_arrangements(hands):
    h = hands[3]
    br = BestResponseAgent(np.random.default_rng(5), samples=300)(Observation(h, 0, 2))
    s = sample_opponents(h, 300, np.random.default_rng(5))      # the sample br saw
    legal = legal_arrangements(h)
    scores = s.pair_scores(_ranks(legal))
    assert s.pair_scores(np.array([br.ranks]))[0] == pytest.approx(scores.max())


def test_hard_scores_at_least_normals_choice_on_its_own_sample(hands):
    agent = HardAgent(np.random.default_rng(2), shrink=0.0)
    for h in hands[:4]:
        ev = agent.evaluate(Observation(h, 0, 4))
        assert ev.score[ev.best()] >= ev.mc[0]      # row 0 is normal's choice


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


# ---------------------------------------------------------------- the ladder's levels


def test_made_hands_agrees_with_the_exhaustive_search():
    from pokercore import evaluate5
    from pokercore.binh._agents import _made_hands

    full_min = evaluate5([0, 1, 2, 4, 5], "binh")
    straight_min = evaluate5([0, 4, 8, 12, 17], "binh")
    hands = [tuple(int(c) for c in h) for h in random_hands(60, 13, seed=77)]
    hands += [tuple(parse_cards(h)) for h in (
        "Ac 2d 3h 4s 5c 9d 9h Js Qc Kd 7h 7s 8c",     # wheel
        "Ah 2h 3h 4h 5h 9d 9c Js Qc Kd 7c 7s 8c",     # wheel straight flush
        "As Ah Ad Ac Ks 2h 3d 5c 7s 9h Jd 4c 6d",     # quads
        "2c 4c 6c 8c Tc 3d 5h 7s 9d Jh Kd As Qh")]    # a flush
    for h in hands:
        best_bottom = int(legal_arrangements(h)["bottom_rank"].max())
        assert _made_hands(h) == (best_bottom >= full_min, best_bottom >= straight_min), h


def _rule_key(row, rule, med):
    if rule == "attack":
        return (row["bottom_rank"] >= med["full"], row["top_rank"], row["middle_rank"])
    if rule == "middle":
        return (row["middle_rank"], -abs(row["top_rank"] - med[0]))
    return (row["top_rank"], -abs(row["middle_rank"] - med[1]))


def test_easy_plays_its_rules_exactly(hands):
    """Slow reference: the easy choice maximises its rule's key over all legal arrangements."""
    from pokercore import evaluate5
    from pokercore.binh._agents import EasyAgent, _made_hands

    t = default_tables()
    med = {b: int(np.searchsorted(np.cumsum(t.pmf[b]), 0.5)) for b in range(2)}
    med["full"] = evaluate5([0, 1, 2, 4, 5], "binh")
    agent = EasyAgent(np.random.default_rng(3))
    for h in hands[:8]:
        state = agent.rng.bit_generator.state
        a = agent(Observation(h, 0, 4))
        full, straight = _made_hands(h)
        if full:
            rule = "attack"
        elif straight:
            rule = "middle"
        else:
            probe = np.random.default_rng()
            probe.bit_generator.state = state
            rule = "middle" if probe.random() < 0.5 else "top"
        legal = legal_arrangements(h)
        want = max(_rule_key(r, rule, med) for r in legal)
        row = next(r for r in legal if (r["top_rank"], r["middle_rank"], r["bottom_rank"]) == a.ranks)
        assert _rule_key(row, rule, med) == want


def test_normal_is_the_table_search_under_its_judged_values(hands):
    from pokercore.binh._agents import NormalAgent, TableAgent

    exact = NormalAgent(weights=(1, 1, 1), step=0)
    table = TableAgent()
    for h in hands[:4]:
        assert exact(Observation(h, 0, 4)).ranks == table(Observation(h, 0, 4)).ranks
    agent = NormalAgent()
    t = default_tables()
    for h in hands[:4]:
        a = agent(Observation(h, 0, 4))
        legal = legal_arrangements(h)
        judged = np.floor(t.value * np.array([[0.7], [1.0], [1.3]]) / 0.5) * 0.5
        legal_values = judged[0][legal["top_rank"]] + judged[1][legal["middle_rank"]] + judged[2][legal["bottom_rank"]]
        assert agent.objective.value(a) == pytest.approx(legal_values.max())
        assert not a.is_foul
    for bad in ({"weights": (1, 1)}, {"weights": (1, -1, 1)}, {"step": -0.5}):
        with pytest.raises(ValueError, match="NormalAgent"):
            NormalAgent(**bad)


def best_arrangement_of(h, objective):
    from pokercore.binh._search import best_arrangement

    return best_arrangement(np.asarray(h, dtype=np.uint8), objective)


def test_levels_lose_table_value_in_ladder_order():
    """Expected points per opponent against the table-optimal field, seeded and small: the steps hold."""
    t = default_tables()
    hs = [tuple(int(c) for c in h) for h in random_hands(120, 13, seed=2026)]
    loss = {}
    for level in ("easy", "normal", "strongest"):
        agent = make_agent(level, np.random.default_rng(5))
        loss[level] = np.mean([suggest_arrangement(h)[1] - t.branch_tables().value(agent(Observation(h, 0, 4)))
                               for h in hs])
    assert 0.12 < loss["normal"] < loss["easy"] - 0.12 < loss["strongest"]


def test_a_seeded_hard_simulation_does_not_depend_on_the_clock(monkeypatch):
    from pokercore.sim import simulate

    idle = simulate("binh", ["hard"] * 4, deals=8, seed=4242, progress=False, keep_payoffs=True).payoffs
    clock = iter(range(0, 10**9, 1000))     # a machine so busy that every clock read is 1000 s later
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    busy = simulate("binh", ["hard"] * 4, deals=8, seed=4242, progress=False, keep_payoffs=True).payoffs
    assert np.array_equal(idle, busy)
