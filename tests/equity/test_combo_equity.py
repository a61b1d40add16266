"""A hand against a range combo by combo: per-combo equity, the ahead count, the weighted distribution, the plot."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokercore import evaluate7
from pokercore.cards import format_cards, to_codes
from pokercore.equity import (
    EmptyRangeError,
    equity,
    equity_by_combo,
    equity_distribution,
    parse_range,
    plot_combo_equity,
)
from pokercore.errors import DuplicateCardError, PokercoreTypeError, PokercoreValueError


def brute_hand_equity(hand, combo, board, dead=()):
    """The hand's pot share against one combo over every completion of the board (seven-card evaluator)."""
    used = set(hand) | set(combo) | set(board) | set(dead)
    live = [c for c in range(52) if c not in used]
    total, n = 0.0, 0
    for rest in combinations(live, 5 - len(board)):
        full = list(board) + list(rest)
        a, b = evaluate7(list(hand) + full), evaluate7(list(combo) + full)
        total += 1.0 if a > b else 0.5 if a == b else 0.0
        n += 1
    return total / n


@settings(max_examples=15, deadline=None)
@given(st.permutations(range(52)), st.sampled_from([4, 5]), st.integers(0, 2**32 - 1))
def test_each_combo_matches_the_brute_force(deck, board_size, pick):
    hand, board = list(deck[:2]), list(deck[2:2 + board_size])
    rng = random.Random(pick)
    pool = [c for c in combinations(range(52), 2) if not set(c) & (set(hand) | set(board))]
    chosen = rng.sample(pool, 12)
    text = ",".join(format_cards(c, sep="") for c in chosen)
    r = equity_by_combo(hand, text, board=board)
    assert r.exact and len(r.combos) == 12
    for c in r.combos:
        combo = to_codes(c.combo)
        assert c.hand_equity == pytest.approx(brute_hand_equity(hand, combo, board), abs=1e-12)
        assert c.combo_equity == pytest.approx(1 - c.hand_equity) and c.ahead == (c.combo_equity > 0.5)
    assert [c.hand_equity for c in r.combos] == sorted(c.hand_equity for c in r.combos)


@pytest.mark.parametrize(("hand", "rng", "board"), [
    ("AsKs", "QQ+,AKs,JTs:0.5", "Qh 7d 2c"),
    ("7h7d", "22+:0.25,A2s+,KQo", "Ah 8c 3d 9s"),
    ("AhAd", "KK,QQ:0.5,AKs", None),     # preflop: each combo exact
])
def test_the_weighted_mean_is_the_equity_against_the_range(hand, rng, board):
    r = equity_by_combo(hand, rng, board=board)
    whole = equity([hand, rng], board=board, exact=True)
    assert r.exact and r.equity == pytest.approx(whole.players[0].equity, abs=1e-12)
    assert len(r.combos) == whole.players[1].combos
    d = r.distribution(bins=7)
    assert d.weights.sum() == pytest.approx(1.0) and d.counts.sum() == len(r.combos)
    assert d.mean == r.equity and len(d.edges) == 8


def test_weights_are_respected():
    r = equity_by_combo("AsAd", "KK:0.5,AKs", board="2c 7d 9h Jd")
    weights = {c.combo: c.weight for c in r.combos}
    assert weights["KsKh"] == 0.5 and weights["AhKh"] == 1.0 and len(weights) == 8  # AsKs, AdKd removed
    d = r.distribution(bins=2)
    # AA beats AK always (1.0, last bin) and KK 95.45% of the time (last bin too).
    assert d.counts.tolist() == [0, 8] and d.weights.tolist() == [0.0, 1.0]
    d = equity_by_combo("KsKd", "AA:0.5,QQ", board="2c 7d 9h Jd").distribution(bins=2)
    # 6 AA at weight 0.5 (the hand behind, first bin) and 6 QQ at weight 1 (ahead, last bin).
    assert d.counts.tolist() == [6, 6] and d.weights.tolist() == pytest.approx([1 / 3, 2 / 3])
    r = equity_by_combo("KsKd", "AA:0.5,QQ", board="2c 7d 9h Jd")
    assert r.ahead == 6 and r.ahead_weight == pytest.approx(1 / 3)


def test_suit_classes_give_the_answers_of_direct_calls():
    r = equity_by_combo("AsKs", "random", board="Qs 7s 2c")
    assert len(r.combos) == 1081
    rng = random.Random(1)
    for c in rng.sample(r.combos, 25):
        direct = equity(["AsKs", c.combo], board="Qs 7s 2c").players[0]
        assert c.hand_equity == direct.equity and c.win == direct.win and c.tie == direct.tie


def test_monte_carlo_is_seeded_and_independent_of_the_range_order():
    a = equity_by_combo("AsKs", "QQ,JTs", samples=5000, seed=4)
    b = equity_by_combo("AsKs", "JTs,QQ", samples=5000, seed=4)
    assert not a.exact and a.seed == 4 and a.combos == b.combos
    assert all(c.stderr > 0 for c in a.combos)
    c = equity_by_combo("AsKs", "QQ,JTs", samples=5000, seed=5)
    assert c.combos != a.combos
    exact = {x.combo: x.hand_equity for x in equity_by_combo("AsKs", "QQ,JTs").combos}
    assert exact.keys() == {m.combo for m in a.combos}
    for m in a.combos:
        assert abs(m.hand_equity - exact[m.combo]) < 5 * m.stderr


def test_dead_cards_and_json_shape():
    r = equity_by_combo("AsKs", "QQ+", board="Qh 7d 2c", dead="Ah Kh")
    assert {c.combo for c in r.combos}.isdisjoint({"AhAd", "KhKd"}) and len(r.combos) == 3 + 1 + 1  # QQ, KdKc, AdAc
    d = r.as_dict(bins=5)
    assert d["hand"] == "AsKs" and d["dead"] == "Ah Kh" and len(d["combos"]) == 5
    assert len(d["distribution"]["edges"]) == 6 and sum(d["distribution"]["counts"]) == 5
    assert r.table().splitlines()[-1].startswith("AsKs vs QQ+: equity ")


def test_bad_input():
    with pytest.raises(PokercoreValueError, match="must be one hand"):
        equity_by_combo("AA", "KK")
    with pytest.raises(EmptyRangeError, match="no combo"):
        equity_by_combo("AsKs", "AsQs,AsJs", board="2c 3c 4c")
    with pytest.raises(DuplicateCardError):
        equity_by_combo("AsKs", "QQ", board="As 3c 4c")
    with pytest.raises(PokercoreTypeError):
        equity_distribution("AsKs", "QQ", bins=2.5)  # type: ignore[arg-type]
    with pytest.raises(PokercoreValueError):
        equity_by_combo("AsKs", "QQ").distribution(bins=0)


def test_the_plot_is_a_png_of_the_distribution(tmp_path):
    pytest.importorskip("matplotlib")
    from matplotlib.image import imread

    r = equity_by_combo("AsKs", "QQ+,AKs,JTs:0.5", board="Qh 7d 2c")
    path = plot_combo_equity(r, tmp_path / "dist.png", bins=10)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000
    img = imread(path)
    assert img.shape[:2] == (400, 700)
    rgb = img[..., :3]
    red = ((rgb[..., 0] > 0.6) & (rgb[..., 1] < 0.35) & (rgb[..., 2] < 0.3)).sum()
    green = ((rgb[..., 1] > 0.55) & (rgb[..., 0] < 0.3)).sum()
    assert red > 500 and green > 100  # bars on both sides of one half: behind (red) and ahead (green)
    assert (rgb < 0.5).all(axis=2).sum() > 1000  # text, axes and the mean line
    with pytest.raises(PokercoreValueError, match=r"not \.txt"):
        plot_combo_equity(r, tmp_path / "dist.txt")


def test_percent_and_grid_ranges_work_too():
    r = equity_by_combo("AsKs", "10%", board="Qh 7d 2c")
    assert len(r.combos) == len(parse_range("10%").remove(to_codes("As Ks Qh 7d 2c")))
    assert np.isclose(r.equity, equity(["AsKs", "10%"], board="Qh 7d 2c", exact=True).players[0].equity)


@pytest.mark.parametrize("hand, rng, board, dead", [
    ("AhAd", "KK", None, "2h 3h 4h 5h 6h 8h"),   # the dead hearts tell KhKx from KsKc, KdKc...
    ("AhAd", "KK", None, "2s 3s 4s 5s 6s 8s"),   # ... and spades KsKx
    ("AsKs", "QQ+,AKs", "Qh 7d 2c", "3h 4h"),
    ("AhAd", "KK,QQ", "Jc 7d 2s", "9h Th 3h"),
])
def test_dead_cards_that_break_the_suit_symmetry_keep_each_combos_own_answer(hand, rng, board, dead):
    """Each combo's row is what one uncached call of :func:`equity` on that combo gives."""
    r = equity_by_combo(hand, rng, board=board, dead=dead, exact=True)
    assert r.combos
    for c in r.combos:
        direct = equity([hand, c.combo], board=board, dead=dead, exact=True).players[0]
        assert (c.hand_equity, c.win, c.tie) == (direct.equity, direct.win, direct.tie), c.combo


def test_the_dead_hearts_case_keeps_the_combos_apart():
    # AhAd and five dead hearts: only clubs and spades are alike, so KK falls in four classes, not one
    r = equity_by_combo("AhAd", "KK", dead="2h 3h 4h 5h 6h 8h", exact=True)
    by_combo = {c.combo: c.hand_equity for c in r.combos}
    assert len(set(by_combo.values())) == 4
    assert by_combo["KdKc"] == by_combo["KsKd"] and by_combo["KhKc"] == by_combo["KsKh"]
    # Kh meets the dead hearts: fewer heart flushes for it than for the diamond of KdKc
    assert by_combo["KhKc"] > by_combo["KdKc"]
