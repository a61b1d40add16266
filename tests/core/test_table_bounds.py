"""The 6-, 7-card and Omaha kernels index their tables without clamps: the tables keep them in bounds.

``pc_eval7``/``pc_eval6`` (and so the batch loops, whose input a racing
writer may change after validation) look up ``NF[k + OFF[k >> SHIFT]]`` with
``k`` the low word of a sum of seven (six) ``PC7_CARD`` entries, for any
bytes; ``pc_eval_omaha`` finds its board's row the same way from five.
That is in bounds iff every row such a sum can reach has an offset and each of those rows'
columns lands inside the value table.  These tests
read the header the extension was built from and check both facts for the
worst sum of any bytes (the generator asserts the same when it writes it).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pokercore

HEADER = Path(pokercore.get_include()) / "_tables7.h"


def _define(text: str, name: str) -> int:
    m = re.search(rf"^#define {name} (\d+)$", text, re.MULTILINE)
    assert m, name
    return int(m.group(1))


def _array(text: str, name: str) -> list[int]:
    m = re.search(rf"static const \w+ {name}\[(\d+)\] = {{(.*?)}};", text, re.DOTALL)
    assert m, name
    values = [int(v) for v in m.group(2).replace("\n", "").split(",") if v.strip()]
    assert len(values) == int(m.group(1))
    return values


@pytest.fixture(scope="module")
def header() -> str:
    if not HEADER.exists():
        pytest.skip("the generated _tables7.h is not next to the package")
    return HEADER.read_text()


@pytest.mark.parametrize(("n", "off", "size", "shift_name"), [
    (7, "PC7_OFF7", "PC7_NF7_SIZE", "PC7_SHIFT7"),
    (6, "PC7_OFF6", "PC7_NF6_SIZE", "PC7_SHIFT7"),
    (5, "PC7_OFF5", "PC7_B5_SIZE", "PC7_SHIFT5"),  # the Omaha board's key sum
])
def test_every_sum_of_any_bytes_lands_inside_the_value_table(
    header: str, n: int, off: str, size: str, shift_name: str
) -> None:
    shift = _define(header, shift_name)
    table_size = _define(header, size)
    offsets = _array(header, off)
    card = _array(header, "PC7_CARD")
    assert len(card) == 256  # indexed by a byte
    low = [c & 0xFFFFFFFF for c in card]
    worst = n * max(low)  # the largest low word n keys of any bytes can sum to (no carry out: < 2**32)
    assert worst < 2**32
    assert (worst >> shift) < len(offsets), "a reachable row has no offset"
    width = 1 << shift
    for row, o in enumerate(offsets):
        first = (row << shift) + o
        assert 0 <= first and first + width <= table_size, f"row {row} reads outside the table"
