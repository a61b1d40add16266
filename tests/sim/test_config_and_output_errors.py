"""A game's options and its output files fail as what they are, before or outside any agent's turn.

Options are checked before the first deal (a sequence of stacks or
straddles is a sequence, whatever its type); a hand history that cannot be
written is an output error, not an agent's failure.
"""

from __future__ import annotations

import os
import stat

import numpy as np
import pytest

from pokercore.cli._simulate import main
from pokercore.sim import AgentRunError, SimulationError, simulate
from pokercore.sim._files import OutputError


def _full_device(tmp_path) -> str:
    """A character device like /dev/full (made in tmp_path when allowed; writing to it harms nothing)."""
    path = tmp_path / "full"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except (PermissionError, OSError):
        return "/dev/full"
    return str(path)


@pytest.mark.parametrize("stacks", [[200, 100], (200, 100), np.array([200, 100])])
def test_holdem_stacks_in_any_sequence(stacks):
    r = simulate("holdem", ["call", "call"], 2, 1, options={"starting_stacks": stacks}, keep_payoffs=True)
    assert r.deals == 2 and r.payoffs.sum() == 0
    same = simulate("holdem", ["call", "call"], 2, 1, options={"starting_stacks": (200, 100)}, keep_payoffs=True)
    np.testing.assert_array_equal(r.payoffs, same.payoffs)


def test_holdem_straddles_and_draw_stacks_in_a_list():
    r = simulate("holdem", ["call", "call", "call"], 3, 1, options={"straddles": [4]})
    assert r.deals == 3
    r = simulate("draw", ["call", "call"], 3, 1, options={"starting_stacks": [50, 80]})
    assert r.deals == 3


@pytest.mark.parametrize("game, options, words", [
    ("holdem", {"big_blind": -2}, "hold'em options"),
    ("holdem", {"starting_stacks": [200, 100, 50]}, "starting_stacks has 3 entries for 2 players"),
    ("holdem", {"colour": "red"}, "hold'em options"),
    ("draw", {"starting_stacks": [200]}, "draw options"),
    ("draw", {"colour": "red"}, "draw options"),
    ("binh", {"colour": "red"}, "binh options"),
])
def test_bad_options_are_a_configuration_error_before_the_first_deal(game, options, words):
    with pytest.raises(SimulationError, match=words) as info:
        simulate(game, ["tests.sim.hostile:value_error", "tests.sim.hostile:value_error"], 3, options=options)
    assert not isinstance(info.value, AgentRunError)  # no agent played: it was refused before the first deal
    assert "agent" not in str(info.value) and "deal 1" not in str(info.value)


def test_a_full_disk_while_writing_the_history_is_an_output_error(tmp_path):
    full = _full_device(tmp_path)
    with pytest.raises(OutputError, match="No space left on device") as info:
        simulate("holdem", ["call", "call"], 3, 1, options={"history": full})
    assert "agent" not in str(info.value)


def test_the_command_line_says_the_history_could_not_be_written(tmp_path, capsys):
    full = _full_device(tmp_path)
    assert main(["holdem", "--agents", "call,call", "--deals", "3", "--no-progress", "--history", full]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"pokercore simulate: error: cannot write {full}: No space left on device"]
