"""The one entry point: every game through ``equity(..., game=)``, one result type, one range parser,
one Monte Carlo driver (threads and executors alike), and the old names that warn."""

from __future__ import annotations

import importlib
import warnings
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import pokercore.equity as pe
from pokercore.equity import GAMES, LIMITS, EquityResult, OmahaRange, PlayerEquity, Range, equity, parse_range
from pokercore.errors import HandSizeError, PokercoreValueError

HANDS = {
    "holdem": (["As Ks", "Qd Qc"], "2s 7h 9d"),
    "shortdeck": (["As Ks", "Qd Qc"], "6s 7h 9d"),
    "plo": (["As Ah Ks Kh", "Qd Qc Jd Jc"], "2s 7h 9d"),
    "plo5": (["As Ah Ks Kh 2c", "Qd Qc Jd Jc 3c"], "2s 7h 9d"),
    "plo6": (["As Ah Ks Kh 2c 4d", "Qd Qc Jd Jc 3c 5d"], "2s 7h 9d"),
    "plo8": (["As 2s 3d Kc", "Ad Kd Qh Jh"], "4c 5h Th"),
}


@pytest.mark.parametrize("game", sorted(HANDS))
def test_every_game_answers_with_the_one_result_type(game):
    hands, board = HANDS[game]
    r = equity(hands, board=board, game=game)
    assert isinstance(r, EquityResult) and all(isinstance(p, PlayerEquity) for p in r.players)
    assert r.game == game and r.exact and r.deals == 1 and r.boards > 0
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-12)
    for p in r.players:
        assert p.combos == 1
        assert p.equity == pytest.approx(p.win + p.tie_equity, abs=1e-12)
        assert p.equity == pytest.approx(p.high + p.low, abs=1e-12)
        assert p.low == 0.0 or game == "plo8"
    assert any(p.low > 0 for p in r.players) == (game == "plo8")
    assert r.table().splitlines()[0].split()[:2] == ["player", "combos"]


def test_the_game_names_agree_with_the_engines():
    # shortdeck here is the short-deck engine's answer, not hold'em's on the same cards
    sd = equity(["As Ks", "Qd Qc"], board="6s 7h 9d", game="6+")
    he = equity(["As Ks", "Qd Qc"], board="6s 7h 9d")
    assert sd.game == "shortdeck" and sd.boards == 406 and he.boards == 990
    assert sd.players[0].equity != he.players[0].equity
    assert equity(*HANDS["plo"], game="Omaha").game == "plo"
    assert {GAMES[k] for k in GAMES} == {"holdem", "shortdeck", "plo", "plo5", "plo6", "plo8"}


def test_plo5_and_plo6_hold_the_hole_card_count():
    with pytest.raises(HandSizeError, match="5-card Omaha deals 5"):
        equity(HANDS["plo"][0], game="plo5")
    with pytest.raises(HandSizeError, match="6-card Omaha deals 6"):
        equity(HANDS["plo5"][0], game="plo6")
    # "plo" takes any of the three counts, every player the same
    assert equity(*HANDS["plo6"], game="plo").boards == equity(*HANDS["plo6"], game="plo6").boards


def test_an_unknown_game_names_the_choices():
    with pytest.raises(PokercoreValueError, match="unknown game 'stud': choose one of holdem, shortdeck, plo"):
        equity(HANDS["plo"][0], game="stud")


def test_ranges_in_every_notation_count_their_combos():
    r = equity(["As Ah Kd Qc", "KKxx ds"], board="Jd 7c 2s 5h", game="plo")
    assert r.players[1].combos == 300 // 1 and r.deals == 300  # card removal leaves 300 combos, one deal each
    r = equity(["As Ks", "TT+"], board="6s 7h 9d", game="shortdeck")
    assert r.players[1].combos == 24  # TT, JJ, QQ (6 each), KK and AA less the A and K taken (3 each)
    assert equity(["As Ks", "TT+"], board="6s 7h 9d").players[1].combos == 24  # hold'em counts alike


@pytest.mark.parametrize("game", ["plo", "plo8", "shortdeck"])
def test_the_variants_run_on_an_executor_to_the_bit(game):
    hands, board = HANDS[game]
    local = equity(hands, board=board, game=game, samples=40_000, seed=11)
    two = equity(hands, board=board, game=game, samples=40_000, seed=11, workers=2)
    with ThreadPoolExecutor(2) as pool:
        remote = equity(hands, board=board, game=game, samples=40_000, seed=11, executor=pool)
    assert [p.equity for p in local.players] == [p.equity for p in two.players] == [p.equity for p in remote.players]


def test_a_process_pool_rebuilds_a_range_sampler_to_the_bit():
    args = (["As Ah Kd Qc", "KKxx ds"], "Jd 7c 2s")
    local = equity(*args, game="plo", samples=20_000, seed=5)
    with ProcessPoolExecutor(2) as pool:
        remote = equity(*args, game="plo", samples=20_000, seed=5, executor=pool)
    assert [p.equity for p in local.players] == [p.equity for p in remote.players]


def test_progress_counts_the_units_of_every_game():
    seen = []
    equity(*HANDS["plo"], game="plo", samples=300_000, seed=1, progress=lambda done, total: seen.append(done))
    assert seen and seen[-1] >= 1


def test_stderr_is_the_stop_rule_and_target_stderr_its_old_name():
    r = equity(*HANDS["plo"], game="plo", stderr=0.01, seed=3)
    with pytest.warns(DeprecationWarning, match="stderr"):
        old = equity(*HANDS["plo"], game="plo", target_stderr=0.01, seed=3)
    assert r.trials == old.trials and [p.equity for p in r.players] == [p.equity for p in old.players]
    assert max(p.stderr for p in r.players) <= 0.01
    with pytest.raises(PokercoreValueError, match="not both"):
        equity(*HANDS["plo"], game="plo", stderr=0.01, target_stderr=0.01)


def test_parse_range_reads_the_notation_of_its_game():
    assert isinstance(parse_range("QQ+"), Range) and len(parse_range("QQ+")) == 18
    assert len(parse_range("AA", game="shortdeck")) == 6
    with pytest.raises(PokercoreValueError):
        parse_range("22", game="shortdeck")  # no deuces in the short deck
    omaha = parse_range("AAxx", game="plo")
    assert isinstance(omaha, OmahaRange) and omaha.cards == 4
    assert parse_range("AAxxx", game="plo5").cards == 5 and parse_range("AAxxxx", game="plo6").cards == 6
    with pytest.raises(PokercoreValueError, match="this range's hands have 5 cards"):
        parse_range("AAxx", game="plo5")
    with pytest.raises(PokercoreValueError, match="cards= is for the Omaha games"):
        parse_range("QQ+", cards=4)


def test_limits_are_what_the_arguments_refuse_past():
    with pytest.raises(PokercoreValueError):
        equity(*HANDS["plo"], game="plo", samples=LIMITS.variant_samples + 1)
    with pytest.raises(PokercoreValueError):
        equity(*HANDS["holdem"], samples=LIMITS.samples + 1)
    with pytest.raises(PokercoreValueError):
        equity(*HANDS["holdem"], workers=LIMITS.workers + 1)


OLD = [
    ("pokercore.holdem", "equity", "pokercore.equity.equity"),
    ("pokercore.holdem", "parse_range", "pokercore.equity.parse_range"),
    ("pokercore.holdem", "variant_equity", "game="),
    ("pokercore.holdem", "omaha_equity", 'game="plo"'),
    ("pokercore.holdem", "shortdeck_equity", 'game="shortdeck"'),
    ("pokercore.holdem", "VariantEquityResult", "pokercore.equity.EquityResult"),
    ("pokercore.holdem.equity", "equity", "pokercore.equity.equity"),
    ("pokercore.holdem.variant_equity", "variant_equity", "game="),
    ("pokercore.holdem.ranges", "Range", "pokercore.equity.Range"),
    ("pokercore.ranges", "parse_range", "pokercore.equity.parse_range"),
]


@pytest.mark.parametrize(("module", "name", "instead"), OLD)
def test_old_names_work_and_warn_naming_the_new_one(module, name, instead):
    vars(importlib.import_module(module)).pop(name, None)  # a submodule import may have bound the name
    with pytest.warns(DeprecationWarning, match=f"{name} has moved: use .*{instead.replace('(', '[(]')}"):
        obj = getattr(importlib.import_module(module), name)
    assert obj is not None


def test_the_old_functions_give_the_new_answers():
    holdem = importlib.import_module("pokercore.holdem")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        omaha_equity, shortdeck_equity = holdem.omaha_equity, holdem.shortdeck_equity
        variant_equity, old_equity = holdem.variant_equity, holdem.equity
    assert omaha_equity(*HANDS["plo8"], hilo=True) == equity(*HANDS["plo8"], game="plo8")
    assert shortdeck_equity(*HANDS["shortdeck"]) == equity(*HANDS["shortdeck"], game="shortdeck")
    assert variant_equity("plo", *HANDS["plo"]) == equity(*HANDS["plo"], game="plo")
    assert old_equity(*HANDS["holdem"]) == equity(*HANDS["holdem"])
    with pytest.raises(PokercoreValueError, match="hilo must be True or False"):
        omaha_equity(*HANDS["plo"], hilo="yes")


def test_the_old_module_path_still_calls_like_the_function():
    import pokercore.holdem.equity  # noqa: F401  the submodule import makes the attribute the module

    holdem = importlib.import_module("pokercore.holdem")
    with pytest.warns(DeprecationWarning):
        r = holdem.equity(*HANDS["holdem"])
    assert r == equity(*HANDS["holdem"])


def test_the_package_face_lists_what_it_exports():
    assert sorted(pe.__all__) == sorted(n for n in pe.__all__ if hasattr(pe, n))
    assert "equity" in pe.__all__ and "variant_equity" not in pe.__all__


@pytest.mark.parametrize(("game", "hand", "rng", "board"), [
    ("plo", "As Ah Kd Qc", "KKxx ds", "Jd 7c 2s 5h"),
    ("plo8", "As 2s 3d Kc", "A2xx", "4c 5h Th 9s"),
    ("shortdeck", "As Ks", "TT+, AQs", "6s 7h 9d"),
])
def test_combo_by_combo_averages_to_the_range_equity_in_every_game(game, hand, rng, board):
    from pokercore.equity import equity_by_combo

    by = equity_by_combo(hand, rng, board=board, game=game)
    whole = equity([hand, rng], board=board, game=game)
    assert len(by.combos) == whole.players[1].combos and all(c.exact for c in by.combos)
    assert by.equity == pytest.approx(whole.players[0].equity, abs=1e-9)
    one = by.combos[len(by.combos) // 2]
    alone = equity([hand, one.combo], board=board, game=game)
    assert one.hand_equity == pytest.approx(alone.players[0].equity, abs=1e-12)
