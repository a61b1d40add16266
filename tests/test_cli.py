"""The command line: subcommands, exit codes and error messages."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pokercore.__main__ import main


def test_eval_prints_rank_and_name(capsys):
    assert main(["eval", "Kh Kd 7c 7s 2d"]) == 0
    out = capsys.readouterr().out
    assert "Two pair, kings and sevens" in out and "standard" in out


def test_eval_binh_three_cards(capsys):
    assert main(["eval", "Qh", "Qd", "9c"]) == 0
    assert "Pair of queens, 9 kicker" in capsys.readouterr().out


@pytest.mark.parametrize("cards, message", [("1h 2c 3d 4s 5h", "'1' is not a rank"),
                                             ("As Kd", "give 3 or 5 cards"),
                                             ("As As Kd 7h 2c", "duplicate card As")])
def test_eval_bad_cards_exit_2_with_message(capsys, cards, message):
    assert main(["eval", cards]) == 2
    assert message in capsys.readouterr().err


def test_simulate_writes_json(tmp_path, capsys):
    path = tmp_path / "r.json"
    assert main(["simulate", "toy", "--agents", "high,always", "--deals", "60", "--seed", "4",
                 "--json", str(path), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "high" in out and "60 deals" in out
    assert json.loads(path.read_text())["deals"] == 60


def test_simulate_bad_agent_count_exit_2(capsys):
    assert main(["simulate", "toy", "--agents", "high", "--deals", "5"]) == 2
    assert "needs 2-6 agents" in capsys.readouterr().err


def test_module_entry_point_help():
    proc = subprocess.run([sys.executable, "-m", "pokercore", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "simulate" in proc.stdout


def test_usage_error_exit_code():
    proc = subprocess.run([sys.executable, "-m", "pokercore", "simulate", "toy", "--agents", "a", "--deals", "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "positive integer" in proc.stderr
