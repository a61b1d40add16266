"""CONTRIBUTING.md and pyproject.toml's comments say true things about the tree.

- Every file that names the built-in games one by one (a table of games, a
  list of pages, a registry) is listed in CONTRIBUTING.md's "Where a game is
  registered", so a new game misses none of them.
- Every path CONTRIBUTING.md names in backticks exists.
- pyproject.toml's comment on the import layers sits above the
  import-linter section and names the drawing where it is (no comment
  names a top-level document that is not there).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "src" / "pokercore"
GAMES = ("binh", "draw", "holdem")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def _names_every_game(text: str) -> bool:
    """True when ``text`` names each game as code does: ``"binh"``, ``/binh``, ``binh:``, ``binh |``."""
    return all(re.search(rf"""["'/]{g}["'/\s,.:]|\b{g}\s*:|\b{g}\s*\|""", text) for g in GAMES)


def places_that_name_the_games() -> list[str]:
    """The files of the package (and the two checks outside it) that name the three games one by one."""
    files = [p for p in PKG.rglob("*") if p.suffix in (".py", ".pyx", ".js", ".html")]
    files += [ROOT / "pyproject.toml", ROOT / "tests" / "test_architecture.py"]
    return sorted(str(p.relative_to(ROOT)) for p in files if _names_every_game(p.read_text(encoding="utf-8")))


def _listed(path: str) -> bool:
    short = path.removeprefix("src/pokercore/")
    return f"`{path}`" in CONTRIBUTING or f"`{short}`" in CONTRIBUTING or re.search(
        rf"`{re.escape(short)}[` ]", CONTRIBUTING) is not None


def test_every_place_that_registers_a_game_is_listed() -> None:
    places = places_that_name_the_games()
    assert "src/pokercore/web/_app.py" in places and "src/pokercore/sim/_registry.py" in places  # the search works
    missing = [p for p in places if not _listed(p)]
    assert not missing, f"CONTRIBUTING.md's 'Where a game is registered' does not list {missing}"


def test_every_path_contributing_names_exists() -> None:
    paths = set(re.findall(r"`([\w./-]+/[\w.-]+\.(?:py|pyx|pxd|pyi|js|html|toml|md|txt))`", CONTRIBUTING))
    assert paths, "no path found: the pattern is broken"
    missing = sorted(p for p in paths if not any((base / p).exists() for base in (ROOT, PKG, ROOT / "src")))
    assert not missing, f"CONTRIBUTING.md names paths that do not exist: {missing}"


def _comment_above(lines: list[str], header: str) -> list[str]:
    above = []
    for line in reversed(lines[:lines.index(header)]):
        if not line.startswith("#"):
            break
        above.append(line)
    return above[::-1]


def test_the_layers_comment_of_pyproject_names_a_real_drawing_above_the_import_contracts() -> None:
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    above = " ".join(_comment_above(lines, "[tool.importlinter]"))
    assert "lint-imports" in above and "layers" in above, "the layers comment is not above [tool.importlinter]"
    named = re.findall(r"[\w./-]*[A-Z]{4,}[\w./-]*", above)  # CONTRIBUTING.md, docs/../ARCHITECTURE
    assert named and all((ROOT / n).exists() for n in named), named
    # and no comment anywhere names a top-level document that is not there
    docs = {m for line in lines if "#" in line for m in re.findall(r"\b[A-Z]{6,}\b", line.split("#", 1)[1])}
    assert all(any(ROOT.glob(f"{d}*")) for d in docs), docs
