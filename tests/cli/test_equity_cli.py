"""``pokercore equity`` command line (``pokercore.cli._equity.main``) and the hold'em bench rows."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from pokercore.bench.holdem import bench_rows, format_rows, run
from pokercore.cli._equity import main
from tests.cli.helpers import run_cli
from tests.interruptible import start_interruptible


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QQ+,AKs", "--board", "Qh 7d 2c"]) == 0
    out = capsys.readouterr().out
    assert "AsKs" in out and "QQ+,AKs" in out and "exact" in out and "board Qh 7d 2c" in out


def test_json_monte_carlo_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["AsKs", "QQ+,AKs", "random", "--samples", "20000", "--seed", "5", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second
    assert first["exact"] is False and first["seed"] == 5 and first["trials"] == 20000
    assert len(first["players"]) == 3 and all(p["stderr"] > 0 for p in first["players"])
    assert abs(sum(p["equity"] for p in first["players"]) - 1) < 1e-9


def test_exact_and_dead(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QdQc", "--board", "Qh 7d 2c 3s", "--dead", "Ah", "--exact", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["exact"] and d["dead"] == "Ah" and d["trials"] == 43


@pytest.mark.parametrize("args, message", [
    (["AsKs", "AsQd"], "As"),
    (["AsKs", "QQ++"], "unknown range part"),
    (["AsKs", "QdQc", "--board", "Qh 7d"], "0, 3, 4 or 5"),
    (["AsKs"] + ["random"] * 10, "at most 10"),
])
def test_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_bad_options() -> None:
    with pytest.raises(SystemExit):
        main(["AsKs", "QdQc", "--samples", "0"])
    with pytest.raises(SystemExit):
        main(["AsKs", "QdQc", "--exact", "--samples", "10"])


def test_bench_rows() -> None:
    rows = run(quick=True, only=["omaha4 batch", "exact heads-up preflop"])
    assert {r.name for r in rows} == {"omaha4 batch", "exact heads-up preflop"}
    assert all(r.pokercore > 0 for r in rows)
    assert "omaha4 batch" in format_rows(rows)
    from pokercore.bench import Row

    converted = bench_rows(rows=rows)
    assert all(isinstance(r, Row) and r.section == "hold'em" for r in converted)
    exact = next(r for r in converted if "exact" in r.form)
    assert exact.rate is None and exact.seconds is not None and exact.seconds > 0


def _strict_json(text: str) -> dict:
    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)  # type: ignore[arg-type]


def test_json_is_strict_even_for_tiny_weights(capsys: pytest.CaptureFixture[str]) -> None:
    """AA:1e-200 vs KK:1e-200 printed NaN, which no JSON reader accepts."""
    assert main(["AA:1e-200", "KK:1e-200", "--board", "2c 3d 4h", "--json"]) == 0
    d = _strict_json(capsys.readouterr().out)
    assert 0.9 < d["players"][0]["equity"] < 0.93


@pytest.mark.parametrize("args, message", [
    (["A\u212a", "QQ"], "U+212A"),                                # the Kelvin sign: a KeyError traceback before
    # no renaming of suits keeps four dead cards of four suits: every deal is enumerated, refused by its cost
    (["random", "random", "--dead", "2c 3d 4h 5s", "--exact"], "exact would evaluate 2.5e12 hands"),
    (["AsKs", "QdQc", "--samples", "1e15"], "argument --samples: expected an integer from 1 to"),
    (["AsKs", "QdQc", "--samples", "1e100000000"], "argument --samples"),
    (["AsKs", "QdQc", "--seed", "1e100000000"], "argument --seed: expected an integer >= 0 up to 10**30"),
    (["AsKs", "QdQc", "--workers", "1e100000000"], "argument --workers"),
    (["AsKs", "QdQc", "--workers", "9" * 100_000], "too long"),
    (["random," * 4000, "QQ"], "at most 20,000 characters"),
])
def test_refusals_exit_2_with_one_line(args: list[str], message: str) -> None:
    proc = run_cli("equity", *args, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr) < 3000


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_exits_130_at_once(workers: str) -> None:
    """A 300-million-sample run (half a minute or more) stops within 2.5 s of Ctrl-C, with exit code 130."""
    proc = start_interruptible([sys.executable, "-u", "-c", "import sys; print('start', flush=True); "
                                "from pokercore.cli import main; sys.exit(main(sys.argv[1:]))",
                                "equity", "AsKs", "random", "random", "random", "--samples", "3e8", "--seed", "1",
                                "--workers", workers], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "start"
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    took = time.monotonic() - sent
    assert proc.returncode == 130, err
    assert "Traceback" not in err and out == ""
    assert took < 2.5, f"workers={workers}: exited {took:.2f} s after Ctrl-C"


def test_plo_range_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["As Ah Kd Qc", "KKxx ds, QQJJ", "--game", "plo", "--board", "Jd 7c 2s", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["exact"] and d["deals"] > 100 and d["boards"] == 820  # the 41 cards left after the flop and two hands
    assert d["players"][1]["label"] == "KKxx ds, QQJJ"
    assert abs(sum(p["equity"] for p in d["players"]) - 1) < 1e-9
    assert main(["As Ah Kd Qc", "AAxx", "--game", "plo", "--samples", "5000", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "AAxx" in out and "Monte Carlo: 5,000 samples, seed 2" in out


def test_shortdeck_percent_range_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["Ah Kh", "top 20%", "--game", "shortdeck", "--samples", "20000", "--seed", "1", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["players"][1]["label"] == "top 20%" and 0.3 < first["players"][0]["equity"] < 0.7


def test_range_errors_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["As Ks", "A5s", "--game", "shortdeck"]) == 2
    assert "short deck starts at 6" in capsys.readouterr().err
    assert main(["As Ah Kd Qc", "AAx", "--game", "plo"]) == 2
    assert "has 3 slots" in capsys.readouterr().err
    assert main(["AAxx", "KKxx", "QQxx", "--game", "plo", "--exact"]) == 2
    assert "samples=N" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["plo", "plo8", "shortdeck"])
def test_samples_above_a_games_limit_name_the_option_and_the_limit(
        game: str, capsys: pytest.CaptureFixture[str]) -> None:
    hand = "As Ah Ks Kh" if game.startswith("plo") else "AhKh"
    assert main([hand, "random", "--game", game, "--samples", "1e11"]) == 2
    err = capsys.readouterr().err
    assert f"--samples 100,000,000,000 is more than --game {game} draws (at most 1e10)" in err
    assert "10**10" not in err
    from pokercore.cli._equity import build_parser

    help_text = " ".join(build_parser().format_help().split())
    assert "up to 1e12 in hold'em, 1e10 in plo, plo8 and shortdeck" in help_text


@pytest.mark.parametrize("args, message", [
    (["--stderr", "0"], "--stderr must be a number from 1e-6 to 0.5 (e.g. 0.001), got 0"),
    (["--stderr", "0.5"], "--stderr must be a number from 1e-6 to 0.5 (e.g. 0.001), got 0.5"),
    (["--seconds", "0"], "--seconds must be a number from 0.01 to 86400 (e.g. 2), got 0"),
])
def test_stop_rule_values_name_the_option(args: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QQ", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "target_stderr" not in err


@pytest.mark.parametrize("args, message", [
    (["--stderr", "nan"], "argument --stderr: expected a finite number, got 'nan'"),
    (["--stderr", "\u0660.\u0660\u0661"], "argument --stderr: expected a number, got"),  # Arabic-Indic 0.01
    (["--seconds", "soon"], "argument --seconds: expected a number, got 'soon'"),
])
def test_stop_rule_values_that_are_no_number_are_refused_when_parsed(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["AsKs", "QQ", *args])
    assert exc.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize("rule", [["--stderr", "0.01"], ["--seconds", "1"]])
def test_stop_rules_with_exact_name_the_options(rule: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QQ", "--exact", *rule]) == 2
    err = capsys.readouterr().err
    assert f"{rule[0]} is for Monte Carlo: --exact enumerates every deal" in err
    assert "target_stderr" not in err and "exact=True" not in err


def test_a_player_that_starts_with_a_dash_says_to_put_double_dash_before_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["AsKs", "-5%"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "'-5%' is not an option" in err
    assert "as in: pokercore equity -- AsKs -5%" in err
    # after --, it is read as a range, and refused as one, naming it
    assert main(["AsKs", "--", "-5%"]) == 2
    assert "'-5%'" in capsys.readouterr().err
    # an unknown real option is still an unknown option
    with pytest.raises(SystemExit):
        main(["AsKs", "QQ", "--frobnicate"])
    assert "unrecognized arguments: --frobnicate" in capsys.readouterr().err
    # with options given, the example keeps a place for them
    with pytest.raises(SystemExit):
        main(["-5%", "--board", "Qh 7d 2c", "AsKs"])
    assert "as in: pokercore equity [options] -- -5% AsKs" in capsys.readouterr().err
