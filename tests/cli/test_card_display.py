"""One way to show cards in every terminal view: rank letters (T for ten), suit symbols, high first."""

from __future__ import annotations

import io
import re

from pokercore.cli import main
from pokercore.cli._binh import main_play as binh_play
from pokercore.cli._binh import main_solve
from pokercore.cli._draw import main_play as draw_play

CARD = re.compile(r"\b(10|[2-9TJQKA])([cdhs♣♦♥♠])(?![a-z])")


def _cards_in(text: str) -> list[tuple[str, str]]:
    return CARD.findall(text)


def _assert_convention(text: str) -> None:
    found = _cards_in(text)
    assert found, text[:200]
    assert all(rank != "10" and suit in "♣♦♥♠" for rank, suit in found), found


def test_eval(capsys):
    assert main(["eval", "10h 9d 8c 7s 6h"]) == 0
    out = capsys.readouterr().out
    _assert_convention(out.split(":")[0])
    assert out.startswith("T♥ 9♦ 8♣ 7♠ 6♥:")


def test_binh_solve():
    out = io.StringIO()
    main_solve(["Th Ah Ad Kc Kd Qs Jh 9c 8c 7d 5s 3h 2c"], stdout=out)
    _assert_convention(out.getvalue())


def test_binh_play():
    out = io.StringIO()
    binh_play(["--seed", "2", "--deals", "1", "--color", "never"], stdin=io.StringIO("\n"), stdout=out)
    text = out.getvalue()
    _assert_convention(text)
    assert "Your cards: A♣ K♠ K♣ Q♠ Q♥ Q♣ J♠ T♥ T♦ 6♥ 3♠ 3♥ 3♦" in text


def test_draw_play_sorted_high_first():
    out = io.StringIO()
    draw_play(["--seed", "5", "--opponents", "2", "--deals", "1", "--color", "never"],
              stdin=io.StringIO("c\np\nc\nc\n" * 5), stdout=out)
    text = out.getvalue()
    _assert_convention(text)
    order = "23456789TJQKA"
    for line in text.splitlines():
        if line.startswith("Your cards: "):
            ranks = [order.index(r) for r, _ in _cards_in(line.split("(")[0])]
            assert ranks == sorted(ranks, reverse=True), line
