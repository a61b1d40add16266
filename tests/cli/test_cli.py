"""The command line: subcommands, exit codes and error messages."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pokercore.cli import main


def test_eval_prints_rank_and_name(capsys):
    assert main(["eval", "Kh Kd 7c 7s 2d"]) == 0
    out = capsys.readouterr().out
    assert "Two pair, kings and sevens" in out and "standard" in out


def test_eval_binh_three_cards(capsys):
    assert main(["eval", "Qh", "Qd", "9c"]) == 0
    assert "Pair of queens, 9 kicker" in capsys.readouterr().out


@pytest.mark.parametrize("cards, name", [("Ah Kh 7c 7s 2d 7d Kc", "Full house, sevens full of kings"),
                                         ("Ah Kh Qh Jh 2d Th", "Straight flush, ace high")])
def test_eval_six_and_seven_cards_name_the_best_five(capsys, cards, name):
    assert main(["eval", cards]) == 0
    out = capsys.readouterr().out
    assert name in out and "(standard)" in out


def test_eval_seven_cards_refuse_binh_rules(capsys):
    assert main(["eval", "Ah Kh 7c 7s 2d 7d Kc", "--rules", "binh"]) == 2
    assert "standard rules only" in capsys.readouterr().err


@pytest.mark.parametrize("cards, message", [("1h 2c 3d 4s 5h", "'1' is not a rank"),
                                             ("As Kd", "give 3, 5, 6 or 7 cards"),
                                             ("As As Kd 7h 2c", "duplicate card As")])
def test_eval_bad_cards_exit_2_with_message(capsys, cards, message):
    assert main(["eval", cards]) == 2
    assert message in capsys.readouterr().err


def test_module_entry_point_help():
    proc = subprocess.run([sys.executable, "-m", "pokercore", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "simulate" in proc.stdout and "binh solve" in proc.stdout


def test_usage_error_exit_code():
    proc = subprocess.run([sys.executable, "-m", "pokercore", "draw", "play", "--deals", "x"],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "argument --deals: expected an integer >= 0, got 'x'" in proc.stderr


@pytest.mark.parametrize("argv, message", [
    (["draw", "play", "--deals", "-1"], "argument --deals: expected an integer >= 0, got '-1'"),
    (["draw", "play", "--stack", "0"], "argument --stack: expected a positive integer, got '0'"),
    (["draw", "play", "--seed", "-1"], "argument --seed: expected an integer >= 0, got '-1'"),
    (["binh", "play", "--deals", "-2"], "argument --deals: expected an integer >= 0, got '-2'"),
    (["binh", "play", "--seed", "-1"], "argument --seed: expected an integer >= 0, got '-1'"),
    (["serve", "--port", "70000"], "argument --port: expected an integer from 0 to 65535, got '70000'"),
    (["serve", "--max-tables", "0"], "argument --max-tables: expected a positive integer, got '0'"),
    (["serve", "--ai-delay", "-1"], "argument --ai-delay: expected a number of seconds >= 0, got '-1'"),
    (["serve", "--messages-per-second", "nan"], "argument --messages-per-second: expected a positive number"),
    (["simulate", "binh", "--agents", "easy", "easy", "--seed", "-1"], "argument --seed: expected an integer >= 0"),
    (["equity", "AsKs", "QdQc", "--seed", "-1"], "argument --seed: expected an integer >= 0, got '-1'"),
    (["bench", "--seed", "-4"], "argument --seed: expected an integer >= 0, got '-4'"),
])
def test_numbers_are_checked_before_anything_runs(argv, message):
    """A negative deal count, a zero stack or port 70000 stop the command at once with usage and a reason
    (they used to play zero or one deal, play with empty stacks, or start a server that failed)."""
    proc = subprocess.run([sys.executable, "-m", "pokercore", *argv], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def _run(args, stdin=""):
    return subprocess.run([sys.executable, "-m", "pokercore", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_binh_solve_command():
    proc = _run(["binh", "solve", "As Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"])
    assert proc.returncode == 0, proc.stderr
    assert "legal arrangements: 20195 of 72072" in proc.stdout


def test_binh_solve_bad_hand_is_refused():
    proc = _run(["binh", "solve", "As Ah"])
    assert proc.returncode != 0 and "13" in (proc.stdout + proc.stderr)


def test_draw_play_scripted_with_bad_input_then_quit():
    # bad word, bad draw (before the draw it is not understood), a legal call, then quit
    proc = _run(["draw", "play", "--opponents", "2", "--hands", "2", "--seed", "5", "--level", "call"],
                stdin="zz\nd 1 2\nc\nq\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "'zz' not understood" in out and "Game stopped." in out and "Final stacks" in out


def test_draw_play_full_hands_from_stdin_end_of_input():
    # Check/call through every decision; end of input stops the game cleanly.
    proc = _run(["draw", "play", "--opponents", "1", "--hands", "2", "--seed", "3", "--level", "call"],
                stdin="c\nk\np\nk\nc\nk\nc\nk\np\nk\nc\nk\n")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("== Hand") >= 1 and "Stacks:" in proc.stdout


def test_draw_play_refuses_illegal_draws():
    import io

    from pokercore.cli._draw import HumanAgent
    from pokercore.draw import DrawConfig, DrawState

    state = DrawState(DrawConfig(players=2, seed=1), button=0, seed=1)
    while state.street != "draw":
        state.act(state.legal_actions()[0] if state.legal_actions()[0].kind != "fold" else state.legal_actions()[1])
    obs = state.observe(state.actor)
    out = io.StringIO()
    from pokercore.cli._terminal import sort_hand
    held = sort_hand(obs.hand)   # positions count in the order shown, high card first
    script = "d 1 2 3 4\nd 9\nd Ah Ah\nd 1 2\n"
    agent = HumanAgent(io.StringIO(script), out)
    action = agent(obs)
    assert action.kind == "draw" and action.cards == (held[0], held[1])
    text = out.getvalue()
    assert "at most 3 cards" in text and "positions are 1-5" in text
