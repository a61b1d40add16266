"""The tree reads as the layers: core -> analysis (equity, then solver) -> games -> sim / web / bench / envs -> cli.

import-linter (``lint-imports`` in CI, contracts in pyproject.toml) sees only
``.py`` files.  This test reads the ``.pyx``/``.pxd`` files too, and resolves
``from . import _kernel`` to the extension module it names (not to the
package), so it can say: no import circle, the layers point down, the games
do not import each other, only public core modules are reached from above,
the games and everything above them reach the core and the analysis layer
through their public modules only, no module over 600 lines, and the top
folder stays small.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PKG = SRC / "pokercore"
SOURCE_SUFFIXES = (".py", ".pyx", ".pxd")

#: Layers from the bottom; a module may import its own layer's package and those below.
GAMES = ("binh", "draw", "holdem")
ON_TOP_OF_GAMES = ("sim", "web", "bench", "envs")
#: The analysis layer, from the bottom: equity knows the core; the solver knows the core and equity.
ANALYSIS = ("equity", "solver")
#: Deprecated short paths kept for one release; they read the analysis layer's public faces only.
ALIASES = ("ranges",)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    return sorted(p for p in PKG.rglob("*") if p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts)


MODULES = {module_name(p): p for p in source_files() if p.suffix != ".pxd"}
PXDS = {module_name(p): p for p in source_files() if p.suffix == ".pxd"}
KNOWN = set(MODULES) | set(PXDS)

_CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+(\S+)\s+c?import\s+(.+)|c?import\s+(\S+))", re.MULTILINE)


def _resolve(base: str, level: int, module: str | None, names: list[str], current: str, is_pkg: bool) -> set[str]:
    if level:
        anchor = current.split(".") if is_pkg else current.split(".")[:-1]
        anchor = anchor[: len(anchor) - (level - 1)]
        base = ".".join(anchor + ([module] if module else []))
    else:
        base = module or base
    found = set()
    for name in names:
        full = f"{base}.{name}"
        if full in KNOWN:  # `from pkg import submodule` names the submodule
            found.add(full)
        elif base in KNOWN:
            found.add(base)
    if not names and base in KNOWN:
        found.add(base)
    return found


def imports_of(name: str) -> set[str]:
    """The pokercore modules ``name`` imports (anywhere in the file, function bodies included)."""
    path = MODULES.get(name) or PXDS[name]
    is_pkg = path.stem == "__init__"
    found: set[str] = set()
    if path.suffix == ".py":
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    for k in range(len(parts), 0, -1):
                        if ".".join(parts[:k]) in KNOWN:
                            found.add(".".join(parts[:k]))
                            break
            elif isinstance(node, ast.ImportFrom):
                found |= _resolve("", node.level, node.module, [a.name for a in node.names], name, is_pkg)
    else:
        for m in _CYTHON_IMPORT.finditer(path.read_text(encoding="utf-8")):
            module, names, plain = m.groups()
            if plain:
                found |= {plain} & KNOWN
            else:
                listed = [n.strip().split(" as ")[0] for n in names.strip("( \\").split(",") if n.strip()]
                level = len(module) - len(module.lstrip("."))
                found |= _resolve("", level, module.lstrip(".") or None, listed, name, is_pkg)
    found.discard(name)
    return found


GRAPH = {name: imports_of(name) for name in KNOWN}


def floor(name: str) -> str:
    """``core``, ``equity``, ``solver``, ``alias``, ``game:<name>``, ``top:<name>``, ``cli`` or ``entry``."""
    parts = name.split(".")
    if len(parts) == 1:
        return "core"
    head = parts[1]
    if head in GAMES:
        return f"game:{head}"
    if head in ALIASES:
        return "alias"
    if head in ANALYSIS:
        return head
    if head in ON_TOP_OF_GAMES:
        return f"top:{head}"
    if head == "cli":
        return "cli"
    if head == "__main__":
        return "entry"
    return "core"


HEIGHT = {"core": 0, "equity": 1, "solver": 2, "alias": 2, "game": 3, "top": 4, "cli": 5, "entry": 6}


def test_no_import_circle():
    # A package's __init__ importing its own modules is how packages work; a circle is anything else.
    edges = {a: {b for b in bs if not a.startswith(b + ".")} for a, bs in GRAPH.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    assert circles == []


def test_imports_point_down_the_layers():
    wrong = []
    for a, bs in GRAPH.items():
        fa = floor(a)
        for b in bs:
            fb = floor(b)
            ha, hb = HEIGHT[fa.split(":")[0]], HEIGHT[fb.split(":")[0]]
            if hb > ha or (hb == ha and ":" in fa and fa != fb):
                wrong.append(f"{a} ({fa}) imports {b} ({fb})")
    assert wrong == []


def test_games_and_above_use_the_public_modules_of_core_and_analysis_only():
    # Kernels inside a game reach the core through its public .pxd (ceval, ceval7) and modules; the analysis
    # layer through its packages' faces (pokercore.equity, pokercore.solver).  The analysis layer itself is
    # the core's close neighbour: it may share the core's private helpers (the variant evaluators' kernels).
    private = []
    for a, bs in GRAPH.items():
        if floor(a) in ("core", *ANALYSIS):
            continue
        for b in bs:
            fb = floor(b)
            if fb in ("core", *ANALYSIS) and any(part.startswith("_") for part in b.split(".")[1:]):
                private.append(f"{a} -> {b}")
    assert private == []


def test_the_layers_above_the_games_use_their_faces_only():
    # sim, web, bench, envs and cli drive a game through its package (and its ai subpackage), never a
    # private module of it: a game's internals may change without them.
    private = []
    for a, bs in GRAPH.items():
        if not floor(a).startswith(("top:", "cli")):
            continue
        for b in bs:
            if floor(b).startswith("game:") and any(part.startswith("_") for part in b.split(".")[2:]):
                private.append(f"{a} -> {b}")
    assert private == []


@pytest.mark.parametrize("path", [p for p in source_files() if p.suffix in (".py", ".pyx")],
                         ids=lambda p: str(p.relative_to(PKG)))
def test_modules_stay_under_600_lines(path: Path):
    generated = path.name.startswith("_tablegen")
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert generated or lines <= 600, f"{path.relative_to(SRC)} has {lines} lines: split it by job"


def test_the_top_folder_holds_the_core_only():
    # ranges.py is a deprecated path that warns and leaves in the next release: not counted.
    top = sorted(p.name for p in PKG.iterdir()
                 if p.suffix in (".py", ".pyx") and p.name != "ranges.py")
    assert len(top) <= 16, top
    packages = sorted(p.name for p in PKG.iterdir() if (p / "__init__.py").exists())
    allowed = {"binh", "draw", "holdem", "equity", "solver", "sim", "web", "bench", "envs", "cli"}
    assert set(packages) <= allowed, packages
