"""``pokercore draw play``: stakes no hand could be played with, Ctrl-C, showdown wording, --level help."""

from __future__ import annotations

import io
import re

import pytest

from pokercore.cli._draw import LEVELS, main_play
from pokercore.draw.ai import AGENTS

from .helpers import run_cli


@pytest.mark.parametrize("args, need", [
    (["--ante", "300", "--stack", "200"], "(300 + 2 = 302 chips)"),
    (["--small-bet", "500", "--stack", "200"], "(1 + 500 = 501 chips)"),
])
def test_stakes_no_hand_could_be_played_with_are_refused_before_the_game(args, need):
    proc = run_cli("draw", "play", "--seed", "1", *args, stdin="c\np\n" * 50)
    assert proc.returncode == 2 and proc.stdout == ""
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("pokercore draw play: error: no hand can be played: --stack 200 cannot pay")
    assert need in last and "--stack" in last and "--ante" in last and "--small-bet" in last


def test_the_smallest_stack_that_can_bet_plays():
    out = io.StringIO()
    assert main_play(["--stack", "3", "--deals", "1", "--seed", "1", "--opponents", "1", "--level", "call",
                      "--color", "never"], stdin=io.StringIO("c\np\nc\n" * 5), stdout=out) == 0
    assert "Final after 1 hand: " in out.getvalue()


_SCRIPT = "c\np\n" * 100


class _CtrlC(io.StringIO):
    """Input that gives ``lines`` of the script and then Ctrl-C (as a terminal does, waiting for a move)."""

    def __init__(self, lines: int) -> None:
        super().__init__(_SCRIPT)
        self.left = lines

    def readline(self, *args):  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline(*args)


@pytest.mark.parametrize("lines", [0, 9])
def test_ctrl_c_prints_the_totals_as_q_does(lines):
    args = ["--opponents", "2", "--seed", "7", "--level", "call", "--color", "never"]
    out = io.StringIO()
    assert main_play(args, stdin=_CtrlC(lines), stdout=out) == 130
    text = out.getvalue()
    assert "Game stopped. The hand in progress does not count." in text
    finals = re.findall(r"^Final after (\d+) hands?: you [+-]\d+, AI 1 [+-]\d+, AI 2 [+-]\d+$", text, re.MULTILINE)
    assert len(finals) == 1 and int(finals[0]) == text.count("  Stacks: ")
    # the same game stopped with q at the same point prints the same totals
    q = io.StringIO()
    script = "".join(_SCRIPT.splitlines(keepends=True)[:lines]) + "q\n"
    assert main_play(args, stdin=io.StringIO(script), stdout=q) == 0
    assert q.getvalue().split("Final stacks")[1] == text.split("Final stacks")[1]


def test_a_showdown_says_who_shows_in_words():
    out = io.StringIO()
    main_play(["--opponents", "3", "--deals", "4", "--seed", "2", "--level", "call", "--color", "never"],
              stdin=io.StringIO("c\np\n" * 100), stdout=out)
    text = out.getvalue()
    assert re.search(r"^  AI \d shows ", text, re.MULTILINE)
    assert not re.search(r"AI \d show |You shows", text)


def test_level_help_explains_every_level():
    assert set(LEVELS) == set(AGENTS)
    text = " ".join(run_cli("draw", "play", "--help").stdout.split())
    for name, how in LEVELS.items():
        assert f"{name}: {how}" in text, name
