"""The progress line of a long equity run: units done, the share, and the time left."""

from __future__ import annotations

import pytest

from pokercore.equity._tasks import _Printer, progress_reporter


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("done, total, elapsed, left", [
    (8, 238_419, 2.0, "about 16 h 33 min left"),
    (1, 100, 1.0, "about 1 min 39 s left"),
    (50, 100, 10.0, "about 10 s left"),
    (1, 10_000, 100.0, "about 11 d 13 h left"),
    (99, 100, 99.0, "about 1 s left"),
])
def test_the_line_says_the_time_left(done: int, total: int, elapsed: float, left: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    clock = _Clock()
    printer = _Printer(clock=clock)
    clock.now += elapsed
    printer(done, total)
    err = capsys.readouterr().err
    assert err.startswith(f"\requity: {done:,}/{total:,} units (")
    assert err.rstrip().endswith(left), err


def test_a_small_share_is_not_shown_as_zero_and_the_end_says_how_long(capsys: pytest.CaptureFixture[str]) -> None:
    clock = _Clock()
    printer = _Printer(clock=clock)
    clock.now += 2
    printer(8, 238_419)
    assert "(0.003%)" in capsys.readouterr().err
    clock.now += 60
    printer(238_419, 238_419)
    err = capsys.readouterr().err
    assert "(100%) in 1 min 2 s " in err and err.endswith("\n") and "left" not in err


def test_a_shorter_line_clears_the_longer_one_before_it(capsys: pytest.CaptureFixture[str]) -> None:
    clock = _Clock()
    printer = _Printer(clock=clock)
    clock.now += 1
    printer(1, 10_000)  # days left: a long line
    first = capsys.readouterr().err
    clock.now += 10**6
    printer(9_999, 10_000)
    second = capsys.readouterr().err
    assert len(second) >= len(first)


def test_true_gives_the_printer() -> None:
    assert isinstance(progress_reporter(True), _Printer)
