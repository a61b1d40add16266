"""Monte Carlo to a target standard error: stops at the first round that reaches it, decided by the seed alone."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from pokercore.cli import main
from pokercore.equity._holdem_equity import TARGET_FIRST_UNITS, equity
from pokercore.errors import PokercoreValueError

PLAYERS = ["AsKs", "QQ+,AKs,AKo"]
ROUND = TARGET_FIRST_UNITS * 4096


def _figures(r):
    return [(p.win, p.tie, p.equity, p.stderr) for p in r.players]


def test_it_stops_at_the_first_round_under_the_target_and_replays_with_samples():
    r = equity(PLAYERS, seed=3, target_stderr=0.0005)
    assert max(p.stderr for p in r.players) <= 0.0005
    n = int(r.trials)
    assert n % ROUND == 0 and n > ROUND
    assert max(p.stderr for p in equity(PLAYERS, seed=3, samples=n // 2).players) > 0.0005  # one round earlier
    assert _figures(equity(PLAYERS, seed=3, samples=n)) == _figures(r)  # the same samples
    assert r.method == "Monte Carlo (until every standard error is at most 0.0005)"


def test_threads_and_executors_stop_at_the_same_place_with_the_same_figures():
    r = equity(PLAYERS, seed=8, target_stderr=0.001)
    assert _figures(equity(PLAYERS, seed=8, target_stderr=0.001, workers=2)) == _figures(r)
    with ThreadPoolExecutor(2) as pool:
        assert _figures(equity(PLAYERS, seed=8, target_stderr=0.001, executor=pool)) == _figures(r)


def test_samples_caps_a_target_out_of_reach():
    r = equity(PLAYERS, seed=1, target_stderr=1e-6, samples=300_000)
    assert r.trials == 300_000 and max(p.stderr for p in r.players) > 1e-6


@pytest.mark.parametrize("bad", [True, 0, 0.5, float("nan"), float("inf"), -0.01, "0.001", 1e-7])
def test_a_target_that_is_no_standard_error_is_refused(bad):
    with pytest.raises(PokercoreValueError,
                       match=r"stderr \(the target standard error\) must be a number from 1e-6 to 0\.5"):
        equity(PLAYERS, target_stderr=bad)


def test_exact_has_no_error_to_target():
    with pytest.raises(PokercoreValueError, match="exact=True has no error to target"):
        equity(PLAYERS, exact=True, target_stderr=0.001)


def test_the_command_line_option(capsys):
    assert main(["equity", *PLAYERS, "--stderr", "0.001", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "method: Monte Carlo (until every standard error is at most 0.001)" in out
    assert main(["equity", *PLAYERS, "--stderr", "2"]) == 2
    assert "--stderr must be a number from 1e-6 to 0.5" in capsys.readouterr().err
