"""``pokercore equity``: --game plo|plo8|shortdeck, --by-combo, --json with the combos, --plot FILE.png."""

from __future__ import annotations

import json

import pytest

from pokercore.cli._equity import main
from pokercore.equity import equity_by_combo

from .by_game import variant_equity


@pytest.mark.parametrize(("game", "players", "board"), [
    ("plo", ["As Ah Ks Kh", "Qd Qc Jd Jc"], "2s 7h 9d"),
    ("plo", ["As Ah Ks Kh 2c 3c", "Qd Qc Jd Jc 4d 5d"], "2s 7h 9d"),
    ("plo8", ["As 2s 3d Kc", "Ad Kd Qh Jh"], "4c 5h Th"),
    ("shortdeck", ["As Ks", "Qd Qc"], "6h 7h 8c"),
])
def test_games_json_equals_the_api(game, players, board, capsys):
    assert main([*players, "--game", game, "--board", board, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    want = variant_equity(game, players, board=board).as_dict()
    assert got == json.loads(json.dumps(want)) and got["game"] == game and got["exact"] is True


def test_game_table_and_monte_carlo_seed(capsys):
    assert main(["As 2s 3d Kc", "Ad Kd Qh Jh", "--game", "plo8", "--samples", "5000", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "scoop" in out and "low" in out and "Monte Carlo: 5,000 samples, seed 3" in out
    assert "method: Monte Carlo (samples given)" in out


@pytest.mark.parametrize(("args", "message"), [
    (["As Ah Ks Kh", "Qd Qc Jd Jc", "--game", "plo", "--stderr", "0.01", "--exact"],
     "--stderr is for Monte Carlo: --exact enumerates every deal and board"),
    (["As Ah Ks Kh", "Qd Qc Jd Jc", "--game", "plo", "--stderr", "0.01", "--seconds", "1"],
     "give --stderr or --seconds, not both"),
    (["AsKs", "QQ", "JJ", "--by-combo"], "need two players"),
    (["As Ks", "5d 5c", "--game", "shortdeck"], "5d in player 2's hand is not in the short deck"),
    (["As Ah Ks", "Qd Qc Jd", "--game", "plo"], "Omaha deals 4, 5 or 6"),
    (["AA", "KK", "--by-combo"], "must be one hand"),
])
def test_refusals(args, message, capsys):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_by_combo_in_the_other_games(capsys):
    assert main(["As Ah Kd Qc", "KKxx ds", "--game", "plo", "--board", "Jd 7c 2s 5h", "--by-combo", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = out["by_combo"]["combos"]
    assert len(rows) == out["players"][1]["combos"] == 300 and out["game"] == "plo"
    mean = sum(r["hand_equity"] * r["weight"] for r in rows) / sum(r["weight"] for r in rows)
    assert abs(mean - out["players"][0]["equity"]) < 1e-9
    assert main(["As Ks", "TT+", "--game", "shortdeck", "--board", "6s 7h 9d", "--by-combo"]) == 0
    assert "ahead" in capsys.readouterr().out


def test_a_stop_rule_out_of_range_names_the_option(capsys):
    assert main(["As Ah Ks Kh", "Qd Qc Jd Jc", "--game", "plo", "--stderr", "0.9"]) == 2
    err = capsys.readouterr().err
    assert "--stderr must be a number from 1e-6 to 0.5 (e.g. 0.001), got 0.9" in err
    assert "target_stderr" not in err


def test_by_combo_text_and_json(capsys):
    assert main(["AsKs", "QQ+,AKs", "--board", "Qh 7d 2c", "--by-combo"]) == 0
    out = capsys.readouterr().out
    assert "combo  weight  hand eq combo eq  status" in out and "12 of 12 combos ahead" in out
    assert main(["AsKs", "QQ+,AKs", "--board", "Qh 7d 2c", "--by-combo", "--json", "--bins", "4"]) == 0
    d = json.loads(capsys.readouterr().out)
    want = equity_by_combo("AsKs", "QQ+,AKs", board="Qh 7d 2c")
    assert d["players"][0]["equity"] == pytest.approx(d["by_combo"]["equity"], abs=1e-12)
    assert [c["combo"] for c in d["by_combo"]["combos"]] == [c.combo for c in want.combos]
    assert d["by_combo"]["distribution"]["weights"] == [0.75, 0.25, 0.0, 0.0]
    assert d["by_combo"]["ahead"] == 12


def test_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    from matplotlib.image import imread

    path = tmp_path / "combos.png"
    assert main(["AhAd", "KK,QQ:0.5,AKs,76s", "--board", "Kc 7d 2s", "--plot", str(path), "--bins", "20"]) == 0
    out = capsys.readouterr().out
    assert f"plot: {path}" in out and "combos ahead" in out  # --plot implies the per-combo table
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    img = imread(path)
    assert img.shape[:2] == (400, 700) and img[..., :3].std() > 0.05  # not a blank image
    assert main(["AhAd", "KK", "--plot", str(tmp_path / "x.nope")]) == 2
    assert "matplotlib writes" in capsys.readouterr().err


def test_stop_rules_and_workers_for_the_variants(capsys):
    hands = ["As Ah Ks Kh", "Qd Qc Jd Jc"]
    assert main([*hands, "--game", "plo", "--stderr", "0.004", "--seed", "5", "--workers", "2", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    want = variant_equity("plo", hands, target_stderr=0.004, seed=5)
    assert got == json.loads(json.dumps(want.as_dict()))
    assert "until every standard error is at most 0.004" in got["method"]
    assert all(p["stderr"] <= 0.004 for p in got["players"])
    assert main([*hands, "--game", "plo8", "--seconds", "0.2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "time budget 0.2 s" in out and "gives the same result" in out
