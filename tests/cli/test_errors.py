"""How every command ends: refused input in one line ``pokercore <command>: error: ...`` (exit 2), a bug with
its traceback (exit 1)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pokercore.cli import main

from .helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
HAND = "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"


# Every command with one input it refuses, and a word of the reason.
REFUSED = [
    (["eval", "As Kd"], "pokercore eval", "give 3, 5, 6 or 7 cards"),
    (["eval", "Ax Kd 7h 7c 2s"], "pokercore eval", "'Ax'"),
    (["eval", "--rules", "omaha", "As Kd 7h 7c 2s"], "pokercore eval", "invalid choice: 'omaha'"),
    (["equity", "AsKs", "AsQd"], "pokercore equity", "As"),
    (["simulate", "toy", "--agents", "high", "--deals", "5"], "pokercore simulate", "needs 2-6 agents"),
    (["simulate", "chess", "--agents", "a,b"], "pokercore simulate", "unknown game 'chess'"),
    (["binh", "solve", "As Ah"], "pokercore binh solve", "a Binh hand has 13 cards, got 2"),
    (["binh", "solve", "As Ah Zz"], "pokercore binh solve", "'Zz'"),
    (["binh", "play", "--level", "genius"], "pokercore binh play", "invalid choice: 'genius'"),
    (["binh", "train", "--out", "/nonexistent-folder/t.npz"], "pokercore binh train", "does not exist"),
    (["binh", "train", "--out", "t.npz", "--tol", "nan"], "pokercore binh train", "expected a share >= 0"),
    (["draw", "play", "--opponents", "9"], "pokercore draw play", "opponents"),
    (["serve", "--port", "x"], "pokercore serve", "expected an integer from 0 to 65535"),
    (["bench", "--json", "/nonexistent-folder/b.json"], "pokercore bench", "does not exist"),
]


@pytest.mark.parametrize("argv, prog, words", REFUSED, ids=[" ".join(a[:2]) for a, _, _ in REFUSED])
def test_refused_input_is_one_line_with_the_command_s_prefix_and_exit_2(argv, prog, words, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pokercore", *argv], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if not ln.startswith(("usage:", " "))]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"{prog}: error: ") and words in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("rules", ["BINH", "Binh", "binh"])
def test_rules_are_case_insensitive_like_the_python_api(capsys, rules):
    assert main(["eval", "Ah 2d 3c 4s 5h", "--rules", rules]) == 0
    assert "(binh)" in capsys.readouterr().out


def test_the_dispatcher_names_the_command_in_its_error_line(capsys):
    assert main(["eval", "As Kd"]) == 2
    assert capsys.readouterr().err.strip() == "pokercore eval: error: give 3, 5, 6 or 7 cards, got 2"


def test_binh_solve_called_directly_uses_the_same_prefix(capsys):
    from pokercore.cli._binh import main_solve

    assert main_solve(["As Kd"]) == 2
    assert capsys.readouterr().err.strip() == "pokercore binh solve: error: a Binh hand has 13 cards, got 2"


@pytest.mark.parametrize("target, argv", [
    ("pokercore.cli._evaluate.evaluate5", ["eval", "As Kd 7h 7c 2s"]),
    ("pokercore.cli._binh.solve", ["binh", "solve", HAND]),
    ("pokercore.cli._bench.run", ["bench", "--quick"]),
])
@pytest.mark.parametrize("error", ["ValueError", "TypeError", "ImportError"])
def test_a_bug_is_not_passed_off_as_a_usage_error(target, argv, error):
    module, _, name = target.rpartition(".")
    setup = (f"import {module} as m\n"
             f"def broken(*a, **k):\n    raise {error}('a fault inside pokercore')\n"
             f"m.{name} = broken\n")
    code = f"{setup}import sys\nfrom pokercore.cli import main\nsys.exit(main({argv!r}))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback (most recent call last)" in proc.stderr
    assert f"{error}: a fault inside pokercore" in proc.stderr


def test_a_missing_optional_package_names_the_extra():
    proc = run_cli("simulate", "toy", "--agents", "high,always", "--progress")  # tqdm installed: the bar works
    assert proc.returncode == 0, proc.stderr
    code = ("import sys; sys.modules['tqdm'] = None\nfrom pokercore.cli import main\n"
            "sys.exit(main(['simulate', 'toy', '--agents', 'high,always', '--progress']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 2
    assert proc.stderr.strip() == 'pokercore simulate: error: --progress needs tqdm: pip install "pokercore[sim]"'


def test_error_line_keeps_the_first_line_only():
    from pokercore.cli import error_line

    assert error_line("pokercore x", ValueError("first\nsecond")) == "pokercore x: error: first"
    assert error_line("pokercore x", KeyError()) == "pokercore x: error: KeyError"
