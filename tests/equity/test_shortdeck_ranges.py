"""Short-deck ranges: the hold'em notation on 36 cards, the refusal of ranks 2-5, and the shipped order."""

from __future__ import annotations

import pytest

from pokercore.equity._holdem_ranges import RangeSyntaxError, parse_range
from pokercore.equity._shortdeck_ranges import parse_shortdeck_range, shortdeck_order, shortdeck_top_classes

from .by_game import variant_equity


@pytest.mark.parametrize(("text", "size"), [
    ("AA", 6), ("AKs", 4), ("AKo", 12), ("AK", 16), ("QQ+", 18), ("KTs+", 12), ("66-99", 24),
    ("A9s-A6s", 16), ("JTs-76s", 20), ("AhKh", 1), ("Ah Kh", 1), ("random", 630), ("any", 630),
    ("QQ+, AKs:0.5", 22),
])
def test_every_part(text, size):
    r = parse_shortdeck_range(text)
    assert len(r) == size
    assert all(min(c) >= 16 for c in r.combos())
    if text not in ("random", "any"):
        assert r.combos() == parse_range(text).combos()


@pytest.mark.parametrize("text", ["A5s", "22+", "55-77", "A2s+", "T5o", "5h4h", "QQ+, 32o"])
def test_ranks_below_six_are_refused(text):
    with pytest.raises(RangeSyntaxError, match="short deck starts at 6"):
        parse_shortdeck_range(text)


@pytest.mark.parametrize("text", ["AKx", "0%", "101%", "AA:2", "top%"])
def test_other_refusals(text):
    with pytest.raises(RangeSyntaxError):
        parse_shortdeck_range(text)


def test_percent_ranges_follow_the_order():
    order = shortdeck_order()
    assert len(order) == 81 and order[0][0] == "AA"
    assert [eq for _, eq in order] == sorted((eq for _, eq in order), reverse=True)
    r = parse_shortdeck_range("top 20%")
    assert len(r) >= 0.2 * 630 and len(parse_shortdeck_range("20%")) == len(r)
    assert len(parse_shortdeck_range("100%")) == 630
    classes = shortdeck_top_classes(20.0)
    assert len(r) - {6: 6}.get(0, 0) >= 126 and classes[0] == "AA"


def test_the_order_is_consistent():
    """Against a random hand, the combo-weighted average equity of all classes is exactly one half."""
    order = shortdeck_order()
    sizes = {label: 6 if len(label) == 2 else 4 if label.endswith("s") else 12 for label, _ in order}
    assert sum(sizes[label] * eq for label, eq in order) / 630 == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("label", ["AA", "76s", "J9o"])
def test_the_shipped_figures_agree_with_monte_carlo(label):
    from pokercore.equity._shortdeck_build import representatives

    combo = dict(representatives())[label]
    r = variant_equity("shortdeck", [list(combo), "random"], samples=60_000, seed=5)
    shipped = dict(shortdeck_order())[label]
    assert abs(r.players[0].equity - shipped) < 5 * r.players[0].stderr


@pytest.mark.slow
def test_a_shipped_figure_is_recomputed_exactly_deal_by_deal():
    """76s against every short-deck hand on every board through the per-deal exact kernel (561 deals of
    201,376 boards): a path that shares nothing with the board-by-board build but the evaluator."""

    r = variant_equity("shortdeck", ["7s 6s", "random"], exact=True)
    assert r.deals == 561 and r.boards == 201_376
    assert r.players[0].equity == pytest.approx(dict(shortdeck_order())["76s"], abs=1e-12)


def test_the_build_has_one_representative_combo_per_class():
    from pokercore.equity._shortdeck_build import representatives

    reps = representatives()
    assert len(reps) == 81 and {label for label, _ in reps} == {label for label, _ in shortdeck_order()}
    for label, combo in reps:
        assert combo in parse_shortdeck_range(label).combos() or combo[::-1] in parse_shortdeck_range(label).combos()
