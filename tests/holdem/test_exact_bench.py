"""The exact-equity and per-call-floor rows of ``pokercore bench``: their answers are checked, their goals read.

No timing is asserted: only that the rows carry figures, that a native peer
whose equities disagree is refused, and that the goals find their rows.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from pokercore.bench import holdem_exact as bh
from pokercore.bench._floor import floor_call
from pokercore.bench.holdem import HoldemRow, bench_rows
from pokercore.bench.sections import exact_goals
from pokercore.holdem.equity import equity


def _fake_peer(tmp_path: Path, equities: dict[str, list[float]]) -> str:
    """An executable speaking the native-peer protocol that answers the given equities instantly."""
    script = tmp_path / "peer.py"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        f"EQ = {equities!r}\n"
        "for line in sys.stdin:\n"
        "    parts = line.split()\n"
        "    if not parts or parts[0] == 'quit':\n"
        "        break\n"
        "    eq = EQ.get(parts[4], [])\n"
        "    print('0.001 1712304 ' + ' '.join(map(str, eq)) + ' cpu=0.001', flush=True)\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_floor_call_takes_a_list() -> None:
    assert floor_call([1, 2, 3]) == 0
    with pytest.raises(TypeError):
        floor_call((1, 2, 3))  # type: ignore[arg-type]


def test_floor_rows_report_multiples() -> None:
    rows = bh._rows_floor(quick=True, repeats=1)
    assert [r.name for r in rows] == ["per-call floor", "evaluate5 per call vs the floor",
                                      "evaluate7 per call vs the floor"]
    assert all(r.pokercore > 0 for r in rows)
    assert rows[1].ratio is not None and "x the floor" in rows[1].note


def test_exact_row_checks_the_peer(tmp_path: Path, monkeypatch: Any) -> None:
    ours = [p.equity for p in equity(bh.EXACT_HU, exact=True).players]
    monkeypatch.setenv(bh.NATIVE_PEER_ENV, _fake_peer(tmp_path, {";".join(bh.EXACT_HU): ours}))
    peer = bh._native_peer()
    assert peer is not None
    try:
        row = bh._exact_row("exact heads-up preflop, 1 thread", bh.EXACT_HU, 1, peer, 2)
    finally:
        peer.close()
    assert row.peer_figure == pytest.approx(1.0) and row.ratio is not None and row.ratio > 0
    wrong = [ours[0] + 0.01, ours[1] - 0.01]
    monkeypatch.setenv(bh.NATIVE_PEER_ENV, _fake_peer(tmp_path, {";".join(bh.EXACT_HU): wrong}))
    peer = bh._native_peer()
    assert peer is not None
    try:
        with pytest.raises(AssertionError, match="equity"):
            bh._exact_row("exact heads-up preflop, 1 thread", bh.EXACT_HU, 1, peer, 2)
    finally:
        peer.close()


def test_native_peer_must_be_executable(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv(bh.NATIVE_PEER_ENV, str(tmp_path / "missing"))
    with pytest.raises(RuntimeError, match="build_and_run"):
        bh._native_peer()
    monkeypatch.delenv(bh.NATIVE_PEER_ENV)
    assert bh._native_peer() is None


def test_goals_read_the_rows() -> None:
    rows = [
        HoldemRow("exact heads-up preflop, 1 thread", "equity(...)", "ms", 2.0, "OMPEval", 3.0, 1.5),
        HoldemRow("exact heads-up preflop, workers=2", "equity(...)", "ms", 1.0, "OMPEval", 2.5, 2.5),
        HoldemRow("exact 3-way preflop", "equity(...)", "ms", 3.0),
        HoldemRow("exact preflop ranges, 1 thread", "equity(...)", "ms", 900.0),
        HoldemRow("exact preflop ranges, workers=2", "equity(...)", "ms", 450.0),
        HoldemRow("exact preflop matrix", "equity(...)", "ms", 900.0),
        HoldemRow("evaluate5 per call vs the floor", "evaluate5(...)", "M calls/s", 20.0, "empty", 30.0, 2 / 3),
    ]
    targets: list[dict[str, Any]] = []

    def target(name: str, value: float | None, goal: str, ok: bool | None, detail: str = "") -> None:
        targets.append({"target": name, "value": value, "met": ok, "detail": detail})

    exact_goals(bench_rows(rows=rows), target)
    by = {t["target"]: t for t in targets}
    assert by["exact heads-up preflop, 1 thread, vs OMPEval"]["met"] is True
    assert by["exact 3-way preflop vs OMPEval"]["met"] is None
    assert "POKERCORE_NATIVE_PEER" in by["exact 3-way preflop vs OMPEval"]["detail"]
    assert by["exact hand vs range preflop vs OMPEval"]["detail"] == "not measured"
    assert by["exact preflop ranges, workers=2 vs 1"]["value"] == pytest.approx(2.0)
    assert by["exact preflop matrix, one hand vs all 169"]["met"] is True
    assert by["evaluate5 per call, multiple of an empty call"]["value"] == pytest.approx(1.5)
    assert by["evaluate5 per call, multiple of an empty call"]["met"] is True
    assert by["evaluate7 per call, multiple of an empty call"]["met"] is None


def test_matrix_classes_are_the_169() -> None:
    classes = bh._matrix_classes()
    assert len(set(classes)) == 169 and {"AA", "AKs", "AKo", "32o", "22"} <= set(classes)
