"""What a run says it played: every hand of the seat rotations counted, every hand of a history numbered."""

from __future__ import annotations

import re

from pokercore.cli._simulate import main
from pokercore.holdem import from_phh
from pokercore.sim import simulate


def _summary_line(text: str) -> str:
    return next(line for line in text.splitlines() if " in " in line and "seed" in line)


def test_duplicate_counts_the_hands_of_every_rotation(capsys):
    assert main(["draw", "--agents", "call,random,call", "--deals", "20", "--duplicate", "--no-progress"]) == 0
    line = _summary_line(capsys.readouterr().out)
    assert line.startswith("20 hands x 3 seat rotations = 60 hands played in "), line
    assert re.search(r"\(\d+(\.\d+)? hands/s\), seed 0, duplicate$", line), line


def test_a_plain_run_says_what_it_did(capsys):
    assert main(["toy", "--agents", "high,always", "--deals", "20", "--no-progress"]) == 0
    assert _summary_line(capsys.readouterr().out).startswith("20 deals in ")


def test_the_meta_counts_the_rotations():
    r = simulate("toy", ["high", "always", "random"], 30, 1, duplicate=True)
    assert (r.meta["rotations"], r.meta["played"]) == (3, 90)
    r = simulate("toy", ["high", "always", "random"], 30, 1)
    assert (r.meta["rotations"], r.meta["played"]) == (1, 30)


def test_every_hand_of_a_history_has_its_own_number(tmp_path, capsys):
    path = tmp_path / "h.phhs"
    assert main(["holdem", "--agents", "call,random", "--deals", "4", "--duplicate", "--no-progress",
                 "--history", str(path)]) == 0
    text = path.read_text()
    assert re.findall(r"^\[(\d+)\]$", text, flags=re.M) == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert re.findall(r"^hand = (\d+)$", text, flags=re.M) == ["1", "2", "3", "4", "5", "6", "7", "8"]
    sections = [s.split("\n", 1)[1] for s in text.split("\n\n")]  # without the [n] line
    assert [from_phh(s).hand_number for s in sections] == list(range(1, 9))


def test_the_hand_numbers_do_not_change_the_result(tmp_path):
    kw = {"deals": 6, "seed": 3, "keep_payoffs": True}
    plain = simulate("holdem", ["normal", "random"], **kw)
    logged = simulate("holdem", ["normal", "random"], options={"history": str(tmp_path / "h.phhs")}, **kw)
    assert (plain.payoffs == logged.payoffs).all()
