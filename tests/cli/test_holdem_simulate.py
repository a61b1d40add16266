"""``pokercore simulate holdem``: --variant, --history, and the refusals before the run."""

from __future__ import annotations

import json

import pytest

from pokercore.cli._simulate import main
from pokercore.holdem import from_phh


def test_holdem_match_with_variant_json_and_history(tmp_path, capsys):
    js, hist = tmp_path / "r.json", tmp_path / "hands.phhs"
    args = ["holdem", "--variant", "plo", "--agents", "hard,normal,easy", "--deals", "9", "--seed", "2",
            "--duplicate", "--json", str(js), "--history", str(hist), "--no-progress"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "chips/hand" in out and "9 hands x 3 seat rotations = 27 hands played in" in out and f"wrote {hist}" in out
    data = json.loads(js.read_text())
    assert data["game"] == "holdem" and data["duplicate"] is True
    text = hist.read_text()
    # duplicate: every deal once per seat rotation (3 players: 3 rotations)
    assert text.count("variant = 'PO'") == 27 and text.startswith("[1]\n")
    first = text.split("\n[2]\n")[0].removeprefix("[1]\n")
    assert from_phh(first).is_over
    # the same command again: the same numbers, a history written afresh
    assert main(args) == 0
    capsys.readouterr()
    assert json.loads(js.read_text())["agents"] == data["agents"] and hist.read_text() == text


@pytest.mark.parametrize("args, message", [
    (["draw", "--variant", "nl"], "--variant is an option of the holdem game, not of draw"),
    (["binh", "--history", "h.phh"], "--history is an option of the holdem game, not of binh"),
    (["holdem", "--history", "h.phh", "--workers", "2"], "run it with --workers 1"),
    (["holdem", "--history", "-"], "--history needs a file name"),
    (["holdem", "--history", "/no/such/dir/h.phh"], "h.phh"),
])
def test_refused_before_the_run(args, message, capsys):
    assert main([*args, "--agents", "call,call", "--deals", "2", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_unknown_variant_and_agent(capsys):
    assert main(["holdem", "--variant", "stud", "--agents", "call,call"]) == 2
    assert "invalid choice: 'stud'" in capsys.readouterr().err
    assert main(["holdem", "--agents", "call,wizard", "--deals", "2", "--no-progress"]) == 2
    assert "unknown hold'em agent 'wizard'" in capsys.readouterr().err
