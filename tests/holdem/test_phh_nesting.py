"""A PHH text nested too deeply for the TOML reader is refused as a PhhError, not a RecursionError."""

from __future__ import annotations

import pytest

from pokercore.holdem._errors import PhhError
from pokercore.holdem._phh import from_phh, load_phh


@pytest.mark.parametrize("text", [
    "variant = 'NT'\nactions = " + "[" * 500 + "]" * 500 + "\n",     # about 1 KB
    "x = " + "[" * 5000 + "]" * 5000 + "\n",
    "antes = " + "[" * 1000 + "1" + "]" * 1000 + "\n",
])
def test_deep_nesting_is_refused_as_a_phh_error(text):
    for reader in (load_phh, from_phh):
        with pytest.raises(PhhError, match="nests lists or tables too deeply"):
            reader(text)


def test_deep_inline_tables_are_refused_too():
    text = "variant = 'NT'\nx = " + "{a = " * 400 + "1" + "}" * 400 + "\n"
    with pytest.raises(PhhError):   # tomllib refuses these itself, or runs out of stack: either way a PhhError
        load_phh(text)
