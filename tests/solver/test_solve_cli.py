"""``pokercore solve``, run through ``pokercore.cli._solve.main``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokercore.cli._solve import main
from pokercore.errors import PokercoreError


def test_pushfold_prints_both_grids(capsys: pytest.CaptureFixture[str]):
    assert main(["pushfold", "--stack", "10"]) == 0
    out = capsys.readouterr().out
    assert "Small blind pushes 58.28% of hands:" in out
    assert "Big blind calls 37.38% of hands:" in out
    assert out.count("AA   AKs  AQs") == 2  # two 13x13 grids
    assert "* 43s 4/4 at 0.711" in out  # the mixed push, with its weight
    assert "exploitability below 1e-12" in out


def test_pushfold_json_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    target = tmp_path / "r.json"
    assert main(["pushfold", "--stack", "10", "--ante", "0.125", "--json", str(target)]) == 0
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["ante"] == 0.125 and data["stack"] == 10
    assert 0.6 < data["sb_push_fraction"] < 0.7 and 0.3 < data["bb_call_fraction"] < 0.5
    assert data["sb_push"]["AA"] == 1.0 and data["bb_call"]["AA"] == 1.0
    assert "AA" in data["sb_range"] and "AA" in data["bb_range"]
    assert "Small blind pushes" in capsys.readouterr().out


def test_json_dash_prints_json_only(capsys: pytest.CaptureFixture[str]):
    assert main(["pushfold", "--stack", "20", "--json", "-"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sb_push_fraction"] == pytest.approx(0.402, abs=0.001)


def test_icm(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    target = tmp_path / "icm.json"
    assert main(["icm", "--stacks", "5000", "3000", "2000", "--payouts", "50", "30", "20",
                 "--json", str(target)]) == 0
    out = capsys.readouterr().out
    assert "38.39" in out and "32.75" in out and "28.86" in out
    assert json.loads(target.read_text(encoding="utf-8"))["equities"][0] == pytest.approx(38.392857, abs=1e-6)


@pytest.mark.parametrize("argv", [
    ["pushfold"], ["pushfold", "--stack", "-3"], ["pushfold", "--stack", "nan"], ["pushfold", "--stack", "x"],
    ["pushfold", "--stack", "10", "--ante", "-1"], ["icm", "--stacks", "1", "0", "--payouts", "1"], [],
])
def test_bad_arguments_stop_with_usage(argv: list[str], capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert "error" in capsys.readouterr().err


def test_refusals_from_the_library_are_pokercore_errors(tmp_path: Path):
    with pytest.raises(PokercoreError, match="payouts"):
        main(["icm", "--stacks", "1", "2", "--payouts", "20", "30"])
    with pytest.raises(PokercoreError, match="stack"):
        main(["pushfold", "--stack", "1.05", "--ante", "0.1"])
    with pytest.raises(PokercoreError, match="does not exist"):
        main(["pushfold", "--stack", "10", "--json", str(tmp_path / "no" / "r.json")])


def test_icm_with_blinds_solves_three_handed_push_fold(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    target = tmp_path / "t.json"
    assert main(["icm", "--stacks", "5000", "3000", "2000", "--payouts", "50", "30", "20",
                 "--blinds", "150", "300", "--json", str(target)]) == 0
    out = capsys.readouterr().out
    assert "Three-handed push/fold at blinds 150/300, valued by ICM" in out
    assert sum(line.startswith("AA ") for line in out.splitlines()) == 6  # a grid per decision
    assert "epsilon" in out
    data = json.loads(target.read_text(encoding="utf-8"))
    assert set(data["fractions"]) == {"btn_push", "sb_push", "sb_call", "bb_call_sb", "bb_call_btn",
                                      "bb_call_both"}
    assert data["epsilon"] <= 0.001 and data["converged"]


def test_icm_with_blinds_needs_three_stacks():
    with pytest.raises(PokercoreError, match="3 numbers"):
        main(["icm", "--stacks", "5000", "3000", "--payouts", "70", "30", "--blinds", "150", "300"])
