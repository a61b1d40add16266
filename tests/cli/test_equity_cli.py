"""``pokercore equity`` command line (``pokercore.cli.equity.main``) and the hold'em bench rows."""

from __future__ import annotations

import json

import pytest

from pokercore.bench.holdem import bench_rows, format_rows, run
from pokercore.cli.equity import main


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QQ+,AKs", "--board", "Qh 7d 2c"]) == 0
    out = capsys.readouterr().out
    assert "AsKs" in out and "QQ+,AKs" in out and "exact" in out and "board Qh 7d 2c" in out


def test_json_monte_carlo_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["AsKs", "QQ+,AKs", "random", "--samples", "20000", "--seed", "5", "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args + ["--workers", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert first == second
    assert first["exact"] is False and first["seed"] == 5 and first["trials"] == 20000
    assert len(first["players"]) == 3 and all(p["stderr"] > 0 for p in first["players"])
    assert abs(sum(p["equity"] for p in first["players"]) - 1) < 1e-9


def test_exact_and_dead(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["AsKs", "QdQc", "--board", "Qh 7d 2c 3s", "--dead", "Ah", "--exact", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["exact"] and d["dead"] == "Ah" and d["trials"] == 43


@pytest.mark.parametrize("args, message", [
    (["AsKs", "AsQd"], "As"),
    (["AsKs", "QQ++"], "unknown range part"),
    (["AsKs", "QdQc", "--board", "Qh 7d"], "0, 3, 4 or 5"),
    (["AsKs"] + ["random"] * 10, "at most 10"),
])
def test_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_bad_options() -> None:
    with pytest.raises(SystemExit):
        main(["AsKs", "QdQc", "--samples", "0"])
    with pytest.raises(SystemExit):
        main(["AsKs", "QdQc", "--exact", "--samples", "10"])


def test_bench_rows() -> None:
    rows = run(quick=True, only=["omaha4 batch", "exact heads-up preflop"])
    assert {r.name for r in rows} == {"omaha4 batch", "exact heads-up preflop"}
    assert all(r.pokercore > 0 for r in rows)
    assert "omaha4 batch" in format_rows(rows)
    from pokercore.bench import Row

    converted = bench_rows(rows=rows)
    assert all(isinstance(r, Row) and r.section == "hold'em" for r in converted)
    exact = next(r for r in converted if "exact" in r.form)
    assert exact.rate is None and exact.seconds is not None and exact.seconds > 0
