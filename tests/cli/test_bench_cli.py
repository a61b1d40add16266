"""``pokercore bench``: the --json path is checked before the run, --check turns a missed goal into exit 1,
and the speed-up column says what pokercore's own rows are compared with."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

import pokercore.cli._bench as cli
from pokercore.bench import Report, Row, format_table


@pytest.mark.parametrize("where, words", [("/nonexistent-folder/x.json", "cannot write /nonexistent-folder/x.json: "),
                                          ("{tmp}", "cannot write {tmp}: it is a directory"),
                                          ("", "--json needs a file name")])
def test_a_bad_json_path_is_refused_before_the_benchmark_runs(tmp_path, where, words):
    path = where.replace("{tmp}", str(tmp_path))
    start = time.monotonic()
    # The full benchmark takes minutes: refusing first is the only way to finish within the timeout.
    proc = subprocess.run([sys.executable, "-m", "pokercore", "bench", "--json", path], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().startswith("pokercore bench: error: " + words.replace("{tmp}", str(tmp_path)))
    assert "\n" not in proc.stderr.strip()
    assert time.monotonic() - start < 60


def _report(*met: bool | None) -> Report:
    targets = [{"target": f"goal {i}", "value": 1.0, "goal": ">= 2x", "met": m, "detail": ""}
               for i, m in enumerate(met)]
    targets.append({"target": "  (info) vs a private function", "value": 1.0, "goal": ">= 2x", "met": False,
                    "detail": ""})
    meta = {"versions": {"pokercore": "0"}, "date": "today", "cpu": "cpu", "cpus": 2, "platform": "p",
            "python": "3", "command": "pokercore bench"}
    return Report(meta, [Row("per call", "pokercore", "evaluate5(list of 5 codes)", "C ext", 1e7, 1e-4, 1000, 1.0,
                             "reference row")], targets)


@pytest.mark.parametrize("met, check, code", [
    ((True, None), True, 0),      # met, and one not measured: not a miss
    ((True, False), True, 1),     # one missed
    ((True, False), False, 0),    # missed, but --check not asked
])
def test_check_exits_1_when_a_goal_is_missed(monkeypatch, capsys, tmp_path, met, check, code):
    monkeypatch.setattr(cli, "run", lambda settings, argv, do_import: _report(*met))
    path = tmp_path / "b.json"
    argv = ["--quick", "--json", str(path)] + (["--check"] if check else [])
    assert cli.main(argv) == code
    out, err = capsys.readouterr()
    assert "pokercore's speed goals:" in out and json.loads(path.read_text())["targets"][0]["target"] == "goal 0"
    assert ("1 speed goal missed: goal 1" in err) == (code == 1)
    assert "(info)" not in err


def test_check_is_in_the_help():
    proc = subprocess.run([sys.executable, "-m", "pokercore", "bench", "--help"], capture_output=True, text=True,
                          timeout=60)
    text = " ".join(proc.stdout.split())
    assert "--check" in text and "exit with status 1 when a speed goal is missed" in text


@pytest.mark.parametrize("row, cell", [
    (Row("per call", "eval7", "evaluate(list)", ratio=6.41), "6.41x"),
    (Row("per call", "pokercore", "evaluate5(list of 5 codes)", ratio=1.0, note="reference row"), "reference"),
    (Row("per call", "pokercore", 'evaluate5("As Kd 7h 7c 2s")', ratio=64.55), "own, 64.55x slower"),
    (Row("per call", "pokercore", "evaluate5(tuple of 5 codes)", ratio=0.8), "own, 1.25x faster"),
    (Row("batch", "pokercore", "per-call loop: evaluate5(tuple)", ratio=8.02), "own, 8.02x slower"),
    (Row("hold'em", "pokercore", "7-card per call: evaluate7(list)", ratio=5.46), "5.46x"),
    (Row("import", "pokercore", "import pokercore"), ""),
])
def test_the_speed_up_column_reads_clearly_for_pokercore_s_own_rows(row, cell):
    from pokercore.bench._report import speedup_cell

    assert speedup_cell(row) == cell


def test_the_table_explains_the_own_rows():
    text = format_table(_report(True))
    assert "reference" in text and "'own, Nx slower/faster' compares pokercore's other call forms" in text
