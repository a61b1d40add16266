"""``pokercore simulate``'s outputs: standard output as a file, per-deal CSV, plot formats, progress in a log."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokercore.cli._simulate import main
from pokercore.sim import simulate

ROOT = Path(__file__).resolve().parents[2]
TOY = ["toy", "--agents", "high,always", "--no-progress"]


def run_cli(args, *, setup: str = "", cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess:
    """``pokercore ARGS`` through the entry point, in a fresh interpreter."""
    code = f"{setup}\nimport sys\nfrom pokercore.cli import main\nsys.exit(main({list(args)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, cwd=cwd)


def one_line(err: str, prefix: str = "pokercore simulate: error: ") -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(prefix), err
    return lines[0]


def test_json_dash_is_standard_output_and_the_table_goes_to_stderr(tmp_path):
    proc = run_cli(["simulate", *TOY, "--deals", "40", "--seed", "2", "--json", "-"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)  # nothing but the JSON
    assert data["deals"] == 40 and data["seed"] == 2
    assert "high" in proc.stderr and "40 deals in" in proc.stderr
    assert list(tmp_path.iterdir()) == []  # no file named '-'


def test_per_deal_writes_every_deal_as_csv(tmp_path):
    path = tmp_path / "deals.csv"
    assert main([*TOY, "--deals", "75", "--seed", "5", "--duplicate", "--per-deal", str(path)]) == 0
    rows = np.loadtxt(path, delimiter=",", skiprows=1)
    kept = simulate("toy", ["high", "always"], deals=75, seed=5, duplicate=True, keep_payoffs=True)
    np.testing.assert_array_equal(rows[:, 1:], kept.payoffs)
    assert path.read_text().splitlines()[0] == "deal,high,always"


def test_per_deal_dash_is_standard_output(tmp_path, capsys):
    assert main([*TOY, "--deals", "5", "--per-deal", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "deal,high,always" and len(out.splitlines()) == 6
    assert "high" in err


@pytest.mark.parametrize("args, words", [
    (["--json", "-", "--per-deal", "-"], "only one of --json and --per-deal can be -"),
    (["--plot", "-"], "--plot needs a file name"),
    (["--json", ""], "--json needs a file name"),
    (["--per-deal", " "], "--per-deal needs a file name"),
    (["--json", "{tmp}/a.csv", "--per-deal", "{tmp}/a.csv"], "--json and --per-deal name the same file"),
])
def test_conflicting_outputs_are_refused_before_the_run(tmp_path, capsys, args, words):
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert main([*TOY, "--deals", "5", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in one_line(err)


@pytest.mark.parametrize("name", ["out.txt", "out.json", "out.PNG2"])
def test_a_plot_format_matplotlib_cannot_write_is_refused_before_the_first_deal(tmp_path, name):
    pytest.importorskip("matplotlib")
    # 10 million deals: playing them first would take far longer than the test's timeout.
    proc = run_cli(["simulate", *TOY, "--deals", "1e7", "--plot", str(tmp_path / name)], timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line(proc.stderr)
    assert f"cannot plot to {tmp_path / name}" in line and ".png" in line and ".svg" in line
    assert list(tmp_path.iterdir()) == []


def test_a_plot_without_suffix_is_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "plot"
    assert main([*TOY, "--deals", "30", "--plot", str(path)]) == 0
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plot"]


def test_a_long_run_shows_progress_lines_when_stderr_is_not_a_terminal(capsys, monkeypatch):
    import pokercore.cli._simulate as cli

    monkeypatch.setattr(cli, "PROGRESS_EVERY_S", 0.0)  # every chunk counts as "a while"
    assert main(["draw", "--agents", "call,random", "--deals", "120", "--chunk-size", "50"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("pokercore simulate: 50 of 120 hands (42%) in ")
    assert err[-1].startswith("pokercore simulate: 120 of 120 hands (100%) in ")
    assert main(["draw", "--agents", "call,random", "--deals", "120", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_a_short_run_prints_no_progress_line(capsys):
    assert main(["toy", "--agents", "high,always", "--deals", "50"]) == 0
    assert capsys.readouterr().err == ""


def test_a_bug_shows_its_traceback_and_exits_1():
    # A fault inside pokercore (not the user's input) must not pass for a usage error.
    setup = ("import pokercore.sim._stats as s\n"
             "def broken(self, block):\n    raise ValueError('internal fault')\n"
             "s.RunningStats.add = broken")
    proc = run_cli(["simulate", *TOY, "--deals", "10"], setup=setup)
    assert proc.returncode == 1
    assert "Traceback (most recent call last)" in proc.stderr and "ValueError: internal fault" in proc.stderr


def test_an_agent_s_own_value_error_is_still_the_agent_s_failure():
    proc = run_cli(["simulate", "toy", "--agents", "always,tests.sim.hostile:value_error", "--deals", "10"])
    assert proc.returncode == 2
    assert "agent 'tests.sim.hostile:value_error' in seat 1 raised ValueError: boom" in one_line(proc.stderr)
