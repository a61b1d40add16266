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

from pokercore.bench import _holdem_exact as bh
from pokercore.bench import _native_peer as npeer
from pokercore.bench._floor import floor_call
from pokercore.bench._sections import exact_goals
from pokercore.bench.holdem import HoldemRow, bench_rows
from pokercore.equity import equity


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
    monkeypatch.setenv(npeer.NATIVE_PEER_ENV, _fake_peer(tmp_path, {";".join(bh.EXACT_HU): ours}))
    peer = npeer.native_peer()
    assert peer is not None
    try:
        row = bh._exact_row("exact heads-up preflop, 1 thread", bh.EXACT_HU, 1, peer, 2)
    finally:
        peer.close()
    assert row.peer_figure == pytest.approx(1.0) and row.ratio is not None and row.ratio > 0
    wrong = [ours[0] + 0.01, ours[1] - 0.01]
    monkeypatch.setenv(npeer.NATIVE_PEER_ENV, _fake_peer(tmp_path, {";".join(bh.EXACT_HU): wrong}))
    peer = npeer.native_peer()
    assert peer is not None
    try:
        with pytest.raises(AssertionError, match="equity"):
            bh._exact_row("exact heads-up preflop, 1 thread", bh.EXACT_HU, 1, peer, 2)
    finally:
        peer.close()


def test_native_peer_must_be_executable(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv(npeer.NATIVE_PEER_ENV, str(tmp_path / "missing"))
    with pytest.raises(RuntimeError, match="build_and_run"):
        npeer.native_peer()
    monkeypatch.delenv(npeer.NATIVE_PEER_ENV)
    assert npeer.native_peer() is None


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


def _fake_native(tmp_path: Path, *, reverse: bool = False, shift: float = 0.0) -> npeer.NativePeer:
    """A peer that answers every command of the protocol from pokercore itself (order reversed or equities off)."""
    script = tmp_path / "native.py"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys, numpy as np\n"
        "from pokercore import evaluate7_batch\n"
        "from pokercore.equity._holdem_equity import equity\n"
        "hands = None\n"
        "for line in sys.stdin:\n"
        "    p = line.split()\n"
        "    if not p or p[0] == 'quit':\n"
        "        break\n"
        "    if p[0] == 'hands':\n"
        "        hands = np.fromfile(p[1], dtype=np.uint8).reshape(int(p[2]), 7); print('ok', flush=True)\n"
        "    elif p[0] == 'ranks7':\n"
        f"        r = evaluate7_batch(hands).astype(np.int64); r = {-1 if reverse else 1} * r\n"
        "        (r - r.min()).astype(np.uint16).tofile(p[1]); print('ok', flush=True)\n"
        "    elif p[0] == 'eval7':\n"
        "        print('0.5', int(evaluate7_batch(hands).sum()), flush=True)\n"
        "    elif p[0] == 'equity':\n"
        "        r = equity(p[4].split(';'), samples=int(p[3]), seed=1, workers=int(p[2]))\n"
        f"        eq = [x.equity + {shift} * (-1) ** i for i, x in enumerate(r.players)]\n"
        "        print('0.25', p[3], *eq, flush=True)\n"
        "    else:\n"
        "        print('error unknown', flush=True)\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return npeer.NativePeer(str(script))


def test_native_rows_check_the_peer_and_report_ratios(tmp_path: Path) -> None:
    peer = _fake_native(tmp_path)
    try:
        batch = npeer._batch_row(peer, 20_000, 2)
        mc = npeer._mc_row(peer, 2, 200_000, 1)
    finally:
        peer.close()
    assert batch.peer_figure == pytest.approx(20_000 / 0.5 / 1e6) and batch.ratio is not None and batch.ratio > 0
    assert "orders the first 20,000 hands alike" in batch.note
    assert mc.peer_figure == pytest.approx(200_000 / 0.25 / 1e6) and mc.name.endswith("2 threads")


def test_native_rows_refuse_a_peer_that_disagrees(tmp_path: Path) -> None:
    peer = _fake_native(tmp_path, reverse=True)
    try:
        with pytest.raises(AssertionError, match="order the hands differently"):
            npeer._batch_row(peer, 5_000, 1)
    finally:
        peer.close()
    peer = _fake_native(tmp_path, shift=0.05)
    try:
        with pytest.raises(AssertionError, match="Monte Carlo: player 1 equity"):
            npeer._mc_row(peer, 1, 100_000, 1)
    finally:
        peer.close()


def test_native_goals_read_their_rows() -> None:
    rows = [HoldemRow("7-card batch vs the native peer", "evaluate7_batch(...)", "M hands/s", 500.0, "OMPEval",
                      480.0, 500 / 480),
            HoldemRow("Monte Carlo vs the native peer, 1 thread", "equity(...)", "M samples/s", 60.0, "OMPEval",
                      70.0, 60 / 70)]
    targets: dict[str, Any] = {}
    exact_goals(bench_rows(rows=rows), lambda name, value, goal, ok, detail="": targets.update({name: (value, ok)}))
    assert targets["7-card batch vs OMPEval summing its ranks"] == (pytest.approx(500 / 480), True)
    assert targets["Monte Carlo, 1 thread, vs OMPEval"] == (pytest.approx(60 / 70), False)
    assert targets["Monte Carlo, 2 threads, vs OMPEval"] == (None, None)
