"""The ``pokercore`` command: version, help, one delegate per subcommand, quiet endings."""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
import time

import pytest

import pokercore
from pokercore.cli import _EXIT_BROKEN_PIPE, _EXIT_INTERRUPTED, COMMANDS, main
from tests.interruptible import start_interruptible

from .helpers import run_cli

# Delegates written in other modules of the project; their own tests cover them.
_ELSEWHERE: set[str] = set()


def test_version():
    proc = run_cli("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"pokercore {pokercore.__version__}"


@pytest.mark.parametrize("args", [(), ("--help",), ("-h",)])
def test_bare_command_and_help_list_every_subcommand(args):
    proc = run_cli(*args)
    assert proc.returncode == 0, proc.stderr
    for command in COMMANDS:
        line = next(ln for ln in proc.stdout.splitlines() if ln.strip().startswith(" ".join(command.words)))
        assert command.summary in line
    assert "--version" in proc.stdout
    assert "``" not in proc.stdout and ":mod:" not in proc.stdout  # no RST markup


def test_help_does_not_import_the_subcommands():
    code = ("import sys; from pokercore.cli import main; main(['--help']); "
            "print(sorted(m for m in sys.modules if m.startswith(('pokercore.binh', 'pokercore.draw', "
            "'pokercore.sim', 'pokercore.bench'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_group_without_verb_lists_its_verbs():
    proc = run_cli("binh")
    assert proc.returncode == 0 and "binh play" in proc.stdout and "binh solve" in proc.stdout


@pytest.mark.parametrize("args, word", [(("nope",), "'nope'"), (("binh", "nope"), "'nope'")])
def test_unknown_command_is_a_usage_error(args, word):
    proc = run_cli(*args)
    assert proc.returncode == 2 and f"unknown command {word}" in proc.stderr


def test_every_delegate_resolves_to_a_function():
    for command in COMMANDS:
        module, _, name = command.target.partition(":")
        if module in _ELSEWHERE:
            continue
        assert callable(getattr(importlib.import_module(module), name)), command


def test_simulate_is_delegated_to_the_sim_cli():
    assert any(c.words == ("simulate",) and c.target == "pokercore.cli._simulate:main" for c in COMMANDS)


def test_every_own_subcommand_has_help_and_every_option_a_help_line():
    for command in COMMANDS:
        if command.target.partition(":")[0] in _ELSEWHERE:
            continue
        proc = run_cli(*command.words, "--help")
        assert proc.returncode == 0, (command, proc.stderr)
        out = proc.stdout
        assert out.startswith(f"usage: pokercore {' '.join(command.words)}"), out[:80]
        assert "``" not in out and ":class:" not in out and ":func:" not in out  # no RST markup
        options = out.split("options:", 1)[1].splitlines()[1:]
        for i, line in enumerate(options):
            if line.startswith("  -") and "show this help" not in line:
                # argparse puts the help on the same line or the next, indented deeper
                same = len(line.split("  ")) > 2 and line.split("  ")[-1].strip()
                follow = i + 1 < len(options) and options[i + 1].startswith(" " * 8)
                assert same or follow, f"{' '.join(command.words)}: no help for {line.strip()}"


def test_refused_input_exits_2_with_the_message(capsys):
    assert main(["eval", "As Kd"]) == 2
    assert "give 3, 5, 6 or 7 cards" in capsys.readouterr().err


def test_closed_pipe_ends_quietly():
    # the reader goes away before the first line is written: every write fails with EPIPE
    proc = subprocess.Popen([sys.executable, "-m", "pokercore", "binh", "solve",
                             "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == _EXIT_BROKEN_PIPE, err
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell pipe")
def test_head_of_a_pipe_ends_quietly():
    cmd = (f"{sys.executable} -m pokercore binh solve 'As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c' | head -1; "
           f"{sys.executable} -m pokercore --help | head -1")
    proc = subprocess.run(["sh", "-c", cmd], capture_output=True, text=True, timeout=120)
    assert proc.stdout.splitlines()[0].startswith("hand: ")
    assert proc.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("game", ["binh", "draw"])
def test_ctrl_c_in_a_game_ends_quietly(game):
    proc = start_interruptible([sys.executable, "-m", "pokercore", game, "play", "--seed", "1"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # wait for the first prompt, then press Ctrl-C
    seen = b""
    deadline = time.monotonic() + 60
    while b"quit" not in seen and time.monotonic() < deadline:
        seen += os.read(proc.stdout.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == _EXIT_INTERRUPTED
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
