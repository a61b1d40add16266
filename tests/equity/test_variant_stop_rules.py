"""Monte Carlo of the hold'em variants: seeded units, threads, a target standard error and a time budget.

What decides an answer is the seed and the sample count: the same with 1 or
2 threads, and a stop rule's run equals ``samples=trials`` with its seed.
The integer tallies must score pots as the kernel does (hi-lo halves,
quartering, splits among up to 10 players).
"""

from __future__ import annotations

import numpy as np
import pytest

from pokercore.equity._range_deals import score
from pokercore.equity._variant_samplers import SHARE
from pokercore.equity._variants import GAME_OMAHA, GAME_OMAHA_HILO, GAME_SHORTDECK, rows_tally
from pokercore.errors import PokercoreError

from .by_game import omaha_equity, shortdeck_equity, variant_equity

CASES = [
    ("plo", ["As Ah Ks Kh", "Qd Qc Jd Jc", "9s 8s 7d 6d"], None),
    ("plo8", ["As 2s 3d Kc", "Ad 2d 4h Jh", "5c 6c 7h 8h"], "4c 5h Th"),
    ("shortdeck", ["As Ks", "Qd Qc", "7h 8h"], None),
    ("plo", ["As Ah Kd Qc", "KKxx ds"], "Jd 7c 2s"),        # a range: the range sampler
    ("plo8", ["A2xx", "As Kd Qh 3c"], None),
    ("shortdeck", ["QQ+, AK", "random"], None),
]


def _numbers(r):
    return [(p.win, p.tie, p.equity, p.high, p.low, p.stderr) for p in r.players]


@pytest.mark.parametrize(("game", "players", "board"), CASES)
def test_the_answer_does_not_depend_on_the_threads(game, players, board):
    one = variant_equity(game, players, board=board, samples=300_000, seed=17)
    two = variant_equity(game, players, board=board, samples=300_000, seed=17, workers=2)
    assert _numbers(one) == _numbers(two) and one.trials == two.trials == 300_000
    other = variant_equity(game, players, board=board, samples=300_000, seed=18, workers=2)
    assert _numbers(other) != _numbers(one)
    assert sum(p.equity for p in one.players) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("game", "players", "board"), CASES[:4])
def test_a_target_stderr_stops_where_the_seed_says(game, players, board):
    r = variant_equity(game, players, board=board, target_stderr=0.003, seed=4)
    assert max(p.stderr for p in r.players) <= 0.003
    assert "until every standard error is at most 0.003" in r.method and not r.exact
    # the first round (262,144 samples) did not reach it for every case, so it doubled at least once
    assert r.trials % 4096 == 0
    again = variant_equity(game, players, board=board, samples=r.trials, seed=4, workers=2)
    assert _numbers(again) == _numbers(r)
    # samples= caps the run
    capped = variant_equity(game, players, board=board, target_stderr=1e-6, samples=50_000, seed=4)
    assert capped.trials == 50_000 and max(p.stderr for p in capped.players) > 1e-6


def test_a_time_budget_is_a_sample_count_that_replays():
    r = omaha_equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], seconds=0.3, seed=9, workers=2)
    assert "time budget 0.3 s" in r.method and f"samples={r.trials} with seed 9" in r.method
    assert r.trials >= 16 * 4096
    again = omaha_equity(["As Ah Ks Kh", "Qd Qc Jd Jc"], samples=r.trials, seed=9)
    assert _numbers(again) == _numbers(r)


def test_the_estimate_agrees_with_exact_within_its_error():
    hands = ["Ah Kh", "9c 9d"]
    exact = shortdeck_equity(hands, board="6h 7h 8c")
    mc = shortdeck_equity(hands, board="6h 7h 8c", target_stderr=0.002, seed=1)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) <= 5 * m.stderr + 1e-12


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"target_stderr": 0.01, "exact": True}, "exact=True has no error to target"),
    ({"seconds": 1, "exact": True}, "exact=True runs to the end"),
    ({"seconds": 1, "target_stderr": 0.01}, "not both"),
    ({"target_stderr": 0.0}, "stderr .* must be a number"),
    ({"target_stderr": True}, "stderr .* must be a number"),
    ({"seconds": float("nan")}, "seconds must be a number"),
    ({"workers": 0}, "workers"),
    ({"workers": 2.5}, "workers"),
])
def test_bad_stop_rules_are_refused(kwargs, message):
    with pytest.raises(PokercoreError, match=message):
        variant_equity("plo", ["As Ah Ks Kh", "Qd Qc Jd Jc"], **kwargs)


def _deals(rng, players, k, deck):
    cards = np.array([rng.permutation(deck)[:players * k + 5] for _ in range(3000)], dtype=np.uint8)
    return [np.ascontiguousarray(cards[:, p * k:(p + 1) * k]) for p in range(players)], \
        np.ascontiguousarray(cards[:, players * k:])


@pytest.mark.parametrize(("game", "code", "k"), [("plo", GAME_OMAHA, 4), ("plo8", GAME_OMAHA_HILO, 4),
                                                 ("plo8", GAME_OMAHA_HILO, 5), ("shortdeck", GAME_SHORTDECK, 2)])
@pytest.mark.parametrize("players", [2, 3, 6, 9])
def test_integer_scoring_equals_the_kernel_deal_by_deal(game, code, k, players):
    """The range sampler's integer pot parts against the explicit-hands kernel's float shares."""
    rng = np.random.default_rng(players * 100 + k)
    deck = np.array([c for c in range(52) if game != "shortdeck" or c // 4 >= 4])
    holes, boards = _deals(rng, players, k, deck)
    ours = score(game, holes, boards, SHARE)
    want = np.zeros((5, players))
    for i in range(len(boards)):
        want += rows_tally(code, np.stack([h[i] for h in holes]), boards[i:i + 1])
    assert np.array_equal(ours[:2], want[:2])
    assert np.allclose(ours[2:4] / SHARE, want[2:4], rtol=0, atol=1e-9)
    assert np.allclose(ours[4] / SHARE**2, want[4], rtol=0, atol=1e-9)
    if game == "plo8":
        assert ours[3].sum() > 0  # some lows were scored, so the halves and quarters were exercised
