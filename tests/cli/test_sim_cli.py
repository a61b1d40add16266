"""``pokercore simulate`` (pokercore.cli._simulate.main): checks before the run, safe files, clear failures."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pokercore.cli._simulate import build_parser, main
from tests.interruptible import start_interruptible

ROOT = Path(__file__).resolve().parents[2]
TOY = ["toy", "--agents", "high,always", "--no-progress"]


def run_cli(args, *, setup: str = "", timeout: float = 120) -> subprocess.CompletedProcess:
    """``main(args)`` in a fresh interpreter (exit codes, signals, missing packages, limits)."""
    code = f"{setup}\nfrom pokercore.cli._simulate import main\nraise SystemExit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                          cwd=ROOT)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("pokercore simulate: error: "), err
    return lines[0]


# ------------------------------------------------------------------ the same behaviour as before

def test_runs_and_writes_json(tmp_path, capsys):
    path = tmp_path / "r.json"
    assert main([*TOY, "--deals", "60", "--seed", "4", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "high" in out and "60 deals" in out and f"wrote {path}" in out
    data = json.loads(path.read_text())
    assert data["deals"] == 60 and data["seed"] == 4


def test_usage_errors_exit_2(capsys):
    assert main(["toy", "--agents", "high", "--deals", "5"]) == 2
    assert "needs 2-6 agents" in capsys.readouterr().err
    assert main(["toy", "--agents", "a", "--deals", "x"]) == 2
    assert "positive integer" in capsys.readouterr().err
    assert main([]) == 2


def test_help_names_every_option_the_agents_and_the_worker_rule(capsys):
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: pokercore simulate")
    for action in build_parser()._actions:
        assert action.help, action.option_strings
    assert "min(W, number of chunks, CPU count)" in " ".join(text.split())
    for names in ("binh  easy, normal, hard, strongest", "draw  easy, normal, hard, random, call",
                  "toy   always, high, random"):
        assert names.split()[0] in text and names.split()[-1] in text
    assert 'pip install "pokercore[plot]"' in " ".join(text.split())


def test_deals_accepts_scientific_notation():
    parser = build_parser()
    assert parser.parse_args(["toy", "--agents", "a", "--deals", "1e3"]).deals == 1000
    assert parser.parse_args(["toy", "--agents", "a", "--deals", "1_000"]).deals == 1000
    with pytest.raises(SystemExit):
        parser.parse_args(["toy", "--agents", "a", "--deals", "1.5"])


# ------------------------------------------------------------------ output files: checked first, never truncated

@pytest.mark.parametrize("where, message", [
    ("missing/r.json", "does not exist"),
    ("adir", "is a directory"),
    ("/proc/r.json", "cannot create a file in /proc"),
    ("afile/r.json", "is not a folder"),
])
@pytest.mark.parametrize("option", ["--json", "--plot"])
def test_bad_output_paths_are_refused_before_the_run(tmp_path, capsys, where, message, option):
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")
    path = where if where.startswith("/") else str(tmp_path / where)
    assert main([*TOY, "--deals", "10", option, path]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # nothing was played
    assert message in one_line(err)


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    # A file-size limit makes the JSON write fail half-way (as a full disk would).
    path = tmp_path / "r.json"
    path.write_text("old results\n")
    setup = ("import resource, signal\nsignal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
             "resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))")
    proc = run_cli([*TOY, "--deals", "30", "--json", str(path)], setup=setup)
    assert proc.returncode == 2, proc.stderr
    assert "cannot write" in one_line(proc.stderr) and str(path) in proc.stderr
    assert path.read_text() == "old results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]
    assert "high" in proc.stdout  # the results were printed before the write failed


def test_json_replaces_an_existing_file_and_keeps_its_mode(tmp_path):
    path = tmp_path / "r.json"
    path.write_text("old")
    os.chmod(path, 0o640)
    assert main([*TOY, "--deals", "10", "--json", str(path)]) == 0
    assert json.loads(path.read_text())["deals"] == 10
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_one_deal_writes_null_not_nan(tmp_path):
    path = tmp_path / "r.json"
    assert main([*TOY, "--deals", "1", "--json", str(path)]) == 0

    def no_constants(name):
        raise AssertionError(f"{name} is not JSON")

    data = json.loads(path.read_text(), parse_constant=no_constants)
    agent = data["agents"][0]
    assert agent["stderr"] is None and agent["ci95"] == [None, None]
    assert isinstance(agent["mean"], float)


# ------------------------------------------------------------------ optional packages checked first

def test_plot_without_matplotlib_fails_before_the_run():
    start = time.perf_counter()
    proc = run_cli([*TOY, "--deals", "20", "--plot", "/tmp/never.png"],
                   setup="import sys; sys.modules['matplotlib'] = None")
    assert proc.returncode == 2
    assert 'needs matplotlib: pip install "pokercore[plot]"' in one_line(proc.stderr)
    assert proc.stdout == ""
    assert not Path("/tmp/never.png").exists()
    assert time.perf_counter() - start < 60


def test_progress_without_tqdm_fails_before_the_run():
    proc = run_cli(["toy", "--agents", "high,always", "--deals", "20", "--progress"],
                   setup="import sys; sys.modules['tqdm'] = None")
    assert proc.returncode == 2 and proc.stdout == ""
    assert 'needs tqdm: pip install "pokercore[sim]"' in one_line(proc.stderr)


# ------------------------------------------------------------------ workers

def test_workers_are_capped_by_chunks_and_cpus(tmp_path):
    path = tmp_path / "r.json"
    assert main([*TOY, "--deals", "1", "--workers", "64", "--json", str(path)]) == 0
    assert json.loads(path.read_text())["meta"]["workers"] == 1
    assert main([*TOY, "--deals", "500", "--chunk-size", "10", "--workers", "1000", "--json", str(path)]) == 0
    assert json.loads(path.read_text())["meta"]["workers"] == min(50, os.cpu_count() or 1)


# ------------------------------------------------------------------ failures of agents and games

@pytest.mark.parametrize("agent, code, words", [
    ("tests.sim.hostile:value_error", 2, ["raised ValueError: boom"]),
    ("tests.sim.hostile:runtime_error", 2, ["raised RuntimeError: kaput"]),
    ("tests.sim.hostile:exits", 2, ["raised SystemExit: 3"]),
    ("tests.sim.hostile:ctrl_c", 130, ["interrupted", "was deciding"]),
    ("tests.sim.hostile:CannotBuild", 2, ["could not be built: RuntimeError: no table"]),
])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_agent_failures_name_agent_seat_deal_and_replay(agent, code, words, workers):
    proc = run_cli(["toy", "--agents", f"always,{agent}", "--deals", "30", "--seed", "9", "--workers", workers])
    assert proc.returncode == code, proc.stderr
    line = one_line(proc.stderr)
    for w in [f"'{agent}'", *words]:
        assert w in line, line
    if "CannotBuild" not in agent:
        assert "in seat 1" in line and "deal " in line and "replay with seed 9, chunk size 50, deals" in line


def test_the_reported_deal_replays_the_failure():
    args = ["toy", "--agents", "always,tests.sim.hostile:fails_with_the_ace_of_spades", "--chunk-size", "3",
            "--seed", "5", "--no-progress"]
    line = one_line(run_cli([*args, "--deals", "200"]).stderr)
    deal = int(re.search(r"deal (\d+);", line).group(1))
    assert deal > 3  # past the first chunk
    assert f"replay with seed 5, chunk size 3, deals {deal}" in line
    # The earliest failing deal is reported, whatever runs the chunks.
    assert one_line(run_cli([*args, "--deals", "200", "--workers", "2"]).stderr) == line
    assert run_cli([*args, "--deals", str(deal - 1)]).returncode == 0
    assert one_line(run_cli([*args, "--deals", str(deal)]).stderr) == line


def test_an_illegal_draw_answer_names_the_agent(capsys):
    assert main(["draw", "--agents", "call,tests.sim.hostile:draw_eq_all", "--deals", "5", "--no-progress"]) == 2
    line = one_line(capsys.readouterr().err)
    assert "agent 'tests.sim.hostile:draw_eq_all' in seat" in line and "cannot draw now" in line


@pytest.mark.parametrize("game, message", [
    ("tests.sim.hostile:NOT_AN_ADAPTER", "is not a game adapter"),
    ("json:dumps", "is not a game adapter"),
    ("tests.sim.hostile:nothing", "cannot import"),
    ("chess", "unknown game 'chess'"),
])
def test_a_game_that_is_not_an_adapter_is_refused(capsys, game, message):
    assert main([game, "--agents", "a,b", "--deals", "3"]) == 2
    assert message in one_line(capsys.readouterr().err)


@pytest.mark.parametrize("agent", ["tests.sim.hostile:sleeps", "tests.sim.hostile:spins"])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_hung_agent_ends_the_run_with_the_decision_timeout(agent, workers):
    start = time.perf_counter()
    proc = run_cli(["toy", "--agents", f"always,{agent}", "--deals", "20", "--workers", workers,
                    "--decision-timeout", "0.5"], timeout=60)
    assert proc.returncode == 2
    line = one_line(proc.stderr)
    assert f"'{agent}' in seat 1 took more than 0.5 s for one decision" in line and "deal " in line
    assert time.perf_counter() - start < 50


def test_the_decision_timeout_does_not_change_results(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["draw", "--agents", "easy,random,call", "--deals", "60", "--seed", "2", "--no-progress",
                 "--json", str(a)]) == 0
    assert main(["draw", "--agents", "easy,random,call", "--deals", "60", "--seed", "2", "--no-progress",
                 "--json", str(b), "--decision-timeout", "30"]) == 0
    def strip(d):
        return {k: v for k, v in d.items() if k != "meta"}
    assert strip(json.loads(a.read_text())) == strip(json.loads(b.read_text()))


def test_a_billion_deals_start_without_allocating_per_chunk():
    # 20 million chunks: allocating anything per chunk before the first deal would take GBs.
    setup = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))"
    for workers in ("1", "2"):
        proc = run_cli(["toy", "--agents", "always,tests.sim.hostile:FailsOnDeal", "--deals", "1e9",
                        "--workers", workers, "--no-progress"], setup=setup, timeout=120)
        assert proc.returncode == 2, proc.stderr
        # Fresh agents per chunk fail at their third decision; the earliest failure is reported: deal 3.
        assert "raised ValueError: decision 3 (deal 3; replay with seed 0, chunk size 50, deals 3)" in one_line(
            proc.stderr)


# ------------------------------------------------------------------ plots

def test_plot_has_ci_band_stakes_and_hand_unit(tmp_path, monkeypatch):
    matplotlib = pytest.importorskip("matplotlib") if not os.environ.get("CI") else __import__("matplotlib")
    from matplotlib.collections import PolyCollection
    from matplotlib.figure import Figure

    seen = {}
    real = Figure.savefig

    def spy(self, *args, **kw):
        ax = self.axes[0]
        seen.update(title=ax.get_title(), xlabel=ax.get_xlabel(), ylabel=ax.get_ylabel(),
                    legend=[t.get_text() for t in ax.get_legend().get_texts()],
                    bands=sum(isinstance(c, PolyCollection) for c in ax.collections))
        return real(self, *args, **kw)

    monkeypatch.setattr(Figure, "savefig", spy)
    path = tmp_path / "r.png"
    assert main(["draw", "--agents", "call,random", "--deals", "40", "--seed", "1", "--no-progress",
                 "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG" and matplotlib
    assert seen["xlabel"] == "hand" and "per hand" in seen["ylabel"]
    assert "ante 1, bets 2/4" in seen["title"] and "40 hands" in seen["title"]
    assert seen["bands"] == 2 and all("\u00b1" in t for t in seen["legend"])
    assert main(["binh", "--agents", "easy,strongest", "--deals", "4", "--no-progress", "--plot", str(path)]) == 0
    assert seen["xlabel"] == "deal" and "foul 9" in seen["title"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_ends_quietly_with_130_and_says_where(workers):
    import signal

    code = ("from pokercore.cli._simulate import main\nraise SystemExit(main(['toy', '--agents', "
            f"'always,tests.sim.hostile:spins', '--deals', '10', '--workers', '{workers}', '--no-progress']))")
    proc = start_interruptible([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, cwd=ROOT)
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()  # never leave a spinning child behind (it would load the machine for every later test)
        proc.communicate()
        raise
    assert proc.returncode == 130, err
    line = one_line(err)
    assert "interrupted" in line
    if workers == "1":
        assert "agent 'tests.sim.hostile:spins' in seat 1 was deciding; deal 1;" in line
