"""The size of a match and of its chunks is bounded, and the bound is named (not an overflow or a huge allocation)."""

from __future__ import annotations

import pytest

from pokercore.cli._simulate import main
from pokercore.sim import SimulationError, simulate
from pokercore.sim._runner import MAX_CHUNK_SIZE, MAX_DEALS

TOY = ["toy", "--agents", "high,always", "--no-progress"]


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("pokercore simulate: error: "), err
    return lines[0]


@pytest.mark.parametrize("deals", [MAX_DEALS + 1, 2**63, 2**64 + 5])
def test_too_many_deals_are_refused_naming_the_limit(deals):
    with pytest.raises(SimulationError, match=r"deals must be at most 10\*\*12 \(1,000,000,000,000\), got "):
        simulate("toy", ["high", "always"], deals=deals)


def test_a_chunk_size_above_the_limit_is_refused_before_anything_is_allocated():
    with pytest.raises(SimulationError, match=r"chunk_size must be at most 100,000 deals"):
        simulate("toy", ["high", "always"], deals=10, chunk_size=MAX_CHUNK_SIZE + 1)
    assert simulate("toy", ["high", "always"], deals=3, chunk_size=MAX_CHUNK_SIZE).deals == 3


@pytest.mark.parametrize("args, words", [
    (["--deals", "9223372036854775808"], "--deals 9223372036854775808 is more than 10**12 (1,000,000,000,000)"),
    (["--deals", "1e30"], "--deals 1000000000000000000000000000000 is more than 10**12"),
    (["--deals", "1e10", "--chunk-size", "1e10"], "--chunk-size 10000000000 is more than 100,000 deals"),
    (["--chunk-size", "1e8"], "--chunk-size 100000000 is more than 100,000 deals"),
])
def test_the_command_line_refuses_them_in_one_line(capsys, args, words):
    assert main([*TOY, *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in one_line(err)
