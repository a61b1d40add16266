"""Unicode in ranges: look-alike letters are refused by name, any text gets a Range or a RangeSyntaxError.

A case-insensitive Unicode pattern matched the Kelvin sign (U+212A) as K and the long s (U+017F)
as s, and ``"A\\u212a"`` then raised a raw ``KeyError`` (a traceback on the command line).  Every
character outside ASCII that a Unicode-aware case-insensitive match or NFKC normalisation would
turn into a rank, ``s``, ``o`` or a digit is tried here in every position of a range part.
"""

from __future__ import annotations

import re
import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore.cli._equity import main
from pokercore.equity._holdem_equity import equity
from pokercore.equity._holdem_ranges import Range, RangeSyntaxError, parse_range
from pokercore.errors import PokercoreError

NOTATION = "23456789TJQKAsoSOxX+-:., "


def _look_alikes() -> list[str]:
    """Non-ASCII characters that case folding or NFKC maps onto a character of the notation."""
    out = []
    for cp in range(0x80, sys.maxunicode + 1):
        ch = chr(cp)
        if 0xD800 <= cp <= 0xDFFF or ch.isspace():  # Unicode spaces around a part are stripped, as spaces are
            continue
        if (re.fullmatch(r"[2-9tjqkasox]", ch, re.IGNORECASE)
                or any(c in NOTATION for c in (ch.lower(), ch.upper(), ch.casefold()) if len(c) == 1)
                or (len(n := unicodedata.normalize("NFKC", ch)) == 1 and n in NOTATION)):
            out.append(ch)
    return out


LOOK_ALIKES = _look_alikes()


def test_there_are_look_alikes_to_try() -> None:
    assert "\u212a" in LOOK_ALIKES and "\u017f" in LOOK_ALIKES and "\uff21" in LOOK_ALIKES


@pytest.mark.parametrize("template", ["A{}", "{}K", "AK{}", "{}{}", "QQ{}", "22-7{}", "A5s-A2{}", "AKs:0.{}",
                                      "r{}ndom", "Ah{}h"])
def test_every_look_alike_is_refused_by_name(template: str) -> None:
    for ch in LOOK_ALIKES:
        text = template.format(ch, ch)
        with pytest.raises(RangeSyntaxError) as info:
            parse_range(text)
        message = str(info.value)
        assert f"U+{ord(ch):04X}" in message or "not a number" in message or "unknown range part" in message, text


def test_explicit_combos_keep_their_suit_symbols() -> None:
    for text in ["A\u2660K\u2665", "A\u2660 K\u2665", "A\u2664K\u2661", "A\u2660\ufe0fK\u2665\ufe0f"]:
        assert len(parse_range(text)) == 1, text


alphabet = st.one_of(st.sampled_from(list(NOTATION) + ["h", "d", "c", "\u2660", "\u2665"]),
                     st.sampled_from(LOOK_ALIKES), st.characters())


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet, max_size=30))
def test_any_text_is_a_range_or_a_syntax_error(text: str) -> None:
    try:
        r = parse_range(text)
    except RangeSyntaxError as exc:
        assert 0 < len(str(exc)) < 600
        return
    assert isinstance(r, Range)
    for a, b in r.combos():
        assert 0 <= b < a <= 51
    ascii_parts = [p for p in text.split(",") if p.strip()]
    if any(not p.isascii() for p in ascii_parts):
        # A non-ASCII part parsed: it must be an explicit combo written with suit symbols.
        assert all(p.isascii() or len(parse_range(p)) == 1 for p in ascii_parts), text


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet, min_size=1, max_size=20))
def test_equity_and_the_command_line_refuse_by_name(text: str) -> None:
    try:
        equity([text, "QQ"], board="2c 3d 4h", samples=200, seed=1)
    except PokercoreError:
        pass
    try:
        code = main([text, "QQ", "--board", "2c 3d 4h", "--samples", "200", "--seed", "1"])
    except SystemExit as exc:  # argparse's usage error (a text that looks like an option, such as '-:')
        code = exc.code
    assert code in (0, 2)
