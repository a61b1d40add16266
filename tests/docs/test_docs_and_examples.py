"""User-facing text in pokercore's own terms, docs that match the engine, examples that teach the API."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pokercore.pots import build_pots, split_pot

ROOT = Path(__file__).resolve().parents[2]
# Text this part of the project writes for users: the command line, the terminal games, the docs
# of the rules, the examples and the benchmark guide.
OWN_TEXT = [
    *(f"src/pokercore/cli/{p.name}" for p in (ROOT / "src/pokercore/cli").glob("*.py")),
    *(f"src/pokercore/bench/{p.name}" for p in (ROOT / "src/pokercore/bench").glob("*.py")),
    "src/pokercore/binh/_solve.py", "src/pokercore/draw/_view.py",
    "docs/binh.md", "docs/draw.md", "benchmarks/README.md",
    *(f"examples/{p.name}" for p in (ROOT / "examples").glob("*.py")),
]
OUTSIDE = re.compile(r"\bbrief\b|\bissue\b|spec/|\brulings?\b \d", re.IGNORECASE)


@pytest.mark.parametrize("path", OWN_TEXT)
def test_text_speaks_of_pokercore_alone(path):
    hits = [ln.strip() for ln in (ROOT / path).read_text(encoding="utf-8").splitlines() if OUTSIDE.search(ln)]
    assert hits == []


def test_draw_doc_states_the_per_pot_odd_chip_rule_truly():
    text = " ".join((ROOT / "docs/draw.md").read_text(encoding="utf-8").split())
    assert "The results are the same whenever a pot splits two ways" not in text
    assert "and no winner ever gets two odd chips while another gets none" not in text
    assert "12 and 10" in text and "11 and 11" in text


def test_the_documented_two_pot_split_is_what_the_engine_pays():
    # 5 players: seat 0 all-in for 3, seats 3 and 4 fold after putting in 5 and 4; seats 1 and 2 tie
    committed, folded = [3, 5, 5, 5, 4], [False, False, False, True, True]
    pots = build_pots(committed, folded)
    assert [(p.amount, p.eligible) for p in pots] == [(15, (0, 1, 2)), (7, (1, 2))]
    paid = {1: 0, 2: 0}
    for pot in pots:
        for seat, chips in split_pot(pot.amount, [1, 2], button=0, seats=5).items():
            paid[seat] += chips
    assert paid == {1: 12, 2: 10}


def _source(name: str) -> str:
    return (ROOT / "examples" / name).read_text(encoding="utf-8")


def test_the_dask_example_plays_a_real_game():
    tree = ast.parse(_source("simulation_on_dask.py"))
    games = [n.value.elts[0].value for n in ast.walk(tree) if isinstance(n, ast.Assign)
             and isinstance(n.value, ast.Tuple) and isinstance(n.value.elts[0], ast.Constant)]
    assert games and games[0] in ("binh", "draw")


def test_the_draw_example_uses_card_rank_and_suit():
    src = _source("custom_draw_agent.py")
    assert ">> 2" not in src and "& 3" not in src
    assert "card_rank" in src and "card_suit" in src


def test_the_binh_example_passes_the_callable_its_docstring_describes():
    tree = ast.parse(_source("custom_binh_agent.py"))
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "simulate")
    first = call.args[1].elts[0]
    assert isinstance(first, ast.Name) and first.id in functions and first.id not in classes
    assert "any callable" in ast.get_docstring(tree)


def test_the_docs_show_what_the_terminal_games_print():
    from pokercore.cli._binh import HELP as BINH_HELP
    from pokercore.cli._binh import LEGEND
    from pokercore.cli._draw import HELP as DRAW_HELP

    draw = " ".join((ROOT / "docs/draw.md").read_text(encoding="utf-8").split())
    binh = " ".join((ROOT / "docs/binh.md").read_text(encoding="utf-8").split())
    assert "`f fold, c call 6 (put in 2), r raise to 8 (put in 4)`" in draw   # the prompt test's line
    assert "c  call: put in what it takes to match the bet (with nothing to call, c checks)" in DRAW_HELP
    assert "x Q♥ 7♣" in binh and "x Q♥ 7♣" in BINH_HELP
    assert "W you won the branch, L you lost it, T tie" in binh and "W you won it, L you lost it, T tie" in LEGEND
    assert "`play this:`" in binh
