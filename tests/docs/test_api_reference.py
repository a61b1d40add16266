"""The public API is exactly what docs/api.md lists: every ``__all__``, no name public by accident.

A public module is one whose dotted path has no part starting with ``_``.
Its ``__all__`` is its API; docs/api.md (written by scripts/api_doc.py)
lists it; and any other module-level name that pokercore defines, or any
constant, must start with ``_`` (imported helpers such as ``Any`` are the
standard library's, not ours).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import runpy
import warnings
from pathlib import Path

import pytest

import pokercore

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = runpy.run_path(str(ROOT / "scripts" / "api_doc.py"))
PUBLIC = SCRIPT["public_modules"]()


def _module(name: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return importlib.import_module(name)


def test_the_reference_is_what_the_code_exports():
    assert SCRIPT["render"]() == (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), (
        "docs/api.md differs from the code's __all__: run python scripts/api_doc.py")


@pytest.mark.parametrize("name", PUBLIC)
def test_every_listed_name_exists(name):
    module = _module(name)
    missing = [n for n in getattr(module, "__all__", ()) if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ lists names it does not have: {missing}"


def _own_and_exposed(module) -> set[str]:
    """Module-level names ``module`` defines (def, class, assignment), and names it imports from a private
    pokercore module (re-exposing an internal name); for a compiled module, what it defines."""
    path = getattr(module, "__file__", "") or ""
    if not path.endswith(".py"):
        return {a for a, obj in vars(module).items() if getattr(obj, "__module__", None) == module.__name__}
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    names: set[str] = set()
    package = module.__name__ if path.endswith("__init__.py") else module.__name__.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("pokercore")):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            if any(part.startswith("_") for part in source.split(".")[1:]):
                names |= {a.asname or a.name for a in node.names if a.name != "*"}  # a star import: its __all__
    return names


@pytest.mark.parametrize("name", PUBLIC)
def test_no_name_is_public_by_accident(name):
    module = _module(name)
    listed = set(getattr(module, "__all__", ()))
    accidental = sorted(n for n in _own_and_exposed(module)
                        if not n.startswith("_") and n not in listed and not inspect.ismodule(getattr(module, n, None))
                        and n != "annotations")
    assert not accidental, (f"{name} has public names missing from its __all__ (export them, or give them a "
                            f"leading underscore): {accidental}")


def test_the_walk_sees_the_faces_and_skips_private_modules():
    assert {"pokercore", "pokercore.equity", "pokercore.holdem", "pokercore.evaluators"} <= set(PUBLIC)
    assert not any(part.startswith("_") for name in PUBLIC for part in name.split(".")[1:])


def test_the_lazy_imports_cover_every_subpackage():
    packages = {info.name.split(".")[1] for info in pkgutil.iter_modules(pokercore.__path__, "pokercore.")
                if info.ispkg and not info.name.split(".")[1].startswith("_")}
    assert set(pokercore._SUBPACKAGES) == packages | {"ranges"}
