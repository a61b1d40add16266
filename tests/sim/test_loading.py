"""Agents and games named by text: a module in the current folder, a file path, and what a failure says."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pokercore.sim import SimulationError, simulate

AGENT_FILE = textwrap.dedent('''
    """A user's toy agent in a file of their own."""

    from helper_beside import decide


    def agent(cards):
        return decide(cards)


    class Picky:
        def __init__(self, rng):
            self.rng = rng

        def __call__(self, cards):
            return bool(self.rng.random() < 0.3)
''')

#: The ``pokercore`` console script does not put the current folder on sys.path (``python -m`` does).
CONSOLE_SCRIPT = "import sys; del sys.path[0]; from pokercore.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    """A folder with ``pc_user_agent.py`` (which imports a module beside it); the test runs in it."""
    (tmp_path / "pc_user_agent.py").write_text(AGENT_FILE)
    (tmp_path / "helper_beside.py").write_text("def decide(cards):\n    return len({c >> 2 for c in cards}) < 5\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "pc_other_agent.py").write_text("def agent(cards):\n    return True\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
    for name in ("pc_user_agent", "helper_beside", "pc_other_agent"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def test_a_module_in_the_current_folder_is_found(user_folder):
    r = simulate("toy", ["pc_user_agent:agent", "high"], deals=30, seed=1, keep_payoffs=True)
    same = simulate("toy", ["high", "high"], deals=30, seed=1, keep_payoffs=True)
    assert r.agents == ["pc_user_agent:agent", "high"]
    assert (r.payoffs == same.payoffs).all()  # the file's agent is the 'high' rule


@pytest.mark.parametrize("spec", ["./pc_user_agent.py:Picky", "sub/pc_other_agent.py:agent"])
@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_path_is_an_agent_on_any_number_of_workers(user_folder, spec, workers):
    r = simulate("toy", [spec, "always"], deals=60, seed=3, chunk_size=10, workers=workers, keep_payoffs=True)
    assert r.agents[0] == spec
    again = simulate("toy", [spec, "always"], deals=60, seed=3, chunk_size=10, keep_payoffs=True)
    assert (r.payoffs == again.payoffs).all()


def test_a_file_path_is_made_absolute_for_the_workers(user_folder):
    from pokercore.sim._loading import absolute_spec, is_file_spec

    assert absolute_spec("./pc_user_agent.py:agent") == f"{user_folder / 'pc_user_agent.py'}:agent"
    assert absolute_spec("pkg.mod:agent") == "pkg.mod:agent"
    assert is_file_spec("a/b.py:x") and not is_file_spec("a.b:x")


@pytest.mark.parametrize("spec, words", [
    ("pc_nowhere:agent", ["no module named 'pc_nowhere' is installed", "no pc_nowhere.py in the current folder",
                          "path/to/pc_nowhere.py:agent"]),
    ("./missing.py:agent", ["there is no file", "missing.py"]),
    ("./pc_user_agent.py:nothing", ["has no attribute 'nothing'"]),
    ("dir/agent:agent", ["a file must end in .py"]),
    ("pc_user_agent:", ["expected 'package.module:name' or 'path/to/file.py:name'"]),
])
def test_what_cannot_be_loaded_says_how_to_name_it(user_folder, spec, words):
    with pytest.raises(SimulationError) as info:
        simulate("toy", [spec, "always"], deals=1)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_a_file_that_fails_to_load_is_named(user_folder):
    (user_folder / "broken.py").write_text("raise RuntimeError('half written')\n")
    with pytest.raises(SimulationError, match=r"cannot import './broken.py:x': RuntimeError: half written"):
        simulate("toy", ["./broken.py:x", "always"], deals=1)
    assert "broken" not in sys.modules


def test_a_game_adapter_can_be_a_file_too(user_folder):
    game = Path(__file__).with_name("tiny_game.py")
    r = simulate(f"{game}:CoinFlip", ["any", "any"], deals=10, seed=1)
    assert r.game == "coinflip" and r.deals == 10


@pytest.mark.parametrize("spec", ["pc_user_agent:agent", "./pc_user_agent.py:agent"])
def test_the_console_script_finds_the_user_s_agent(user_folder, spec):
    proc = subprocess.run([sys.executable, "-c", CONSOLE_SCRIPT, "simulate", "toy", "--agents", f"{spec},always",
                           "--deals", "20", "--no-progress"], capture_output=True, text=True, timeout=120,
                          cwd=user_folder)
    assert proc.returncode == 0, proc.stderr
    assert spec in proc.stdout


def test_the_console_script_says_how_when_an_agent_is_not_found(user_folder):
    proc = subprocess.run([sys.executable, "-c", CONSOLE_SCRIPT, "simulate", "toy", "--agents",
                           "pc_nowhere:agent,always", "--deals", "20"], capture_output=True, text=True, timeout=120,
                          cwd=user_folder)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pokercore simulate: error: cannot import 'pc_nowhere:agent'")
    assert "path/to/pc_nowhere.py:agent" in lines[0]
