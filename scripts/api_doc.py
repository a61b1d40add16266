"""Write docs/api.md, the API reference, from the public faces of pokercore's packages.

A public module is one whose dotted path has no part starting with ``_``
(the package faces, and the core's documented modules); its API is its
``__all__``.  Each name is listed with the first line of its docstring.
Deprecated paths (they warn, and leave in the next release) are listed at
the end without their names.

``python scripts/api_doc.py`` writes the file; ``--check`` exits 1 when it
differs from what the code gives (tests/docs/test_api_reference.py runs
the check).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import pkgutil
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "api.md"
#: Old paths kept for one release: importing them is fine, reading a name warns.
DEPRECATED = ("pokercore.ranges", "pokercore.holdem.equity", "pokercore.holdem.ranges",
              "pokercore.holdem.variant_equity")
#: Modules that only run something (``python -m``) and have no API.
ENTRY_POINTS = ("pokercore.__main__",)

HEAD = """# API reference

Every public name of pokercore, by the module that is its home: each
package's `__init__` is its public face, and its `__all__` is exactly the
list below (`tests/docs/test_api_reference.py` holds the two together).
Modules whose name starts with `_` are private: their names may change in
any release.  Written by `python scripts/api_doc.py` from the code.
"""


def public_modules() -> list[str]:
    """Every importable pokercore module with no private part in its path, sorted."""
    import pokercore

    names = ["pokercore"]
    for info in pkgutil.walk_packages(pokercore.__path__, "pokercore."):
        parts = info.name.split(".")[1:]
        if any(p.startswith("_") for p in parts) or info.name in ENTRY_POINTS or info.name in DEPRECATED:
            continue
        names.append(info.name)
    return sorted(names)


def summary(obj: object) -> str:
    """The first line of ``obj``'s own docstring (a constant: its kind and value, short)."""
    if inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isroutine(obj):
        lines = [line.strip() for line in (inspect.getdoc(obj) or "").splitlines() if line.strip()]
        name = getattr(obj, "__name__", "")
        if lines and name and lines[0].startswith(f"{name}("):  # a compiled function's signature line
            lines = lines[1:]
        return lines[0] if lines else ""
    text = repr(obj)
    return f"`{text if len(text) <= 60 else text[:57] + '...'}`"


def render() -> str:
    out = [HEAD]
    for name in public_modules():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            module = importlib.import_module(name)
        exported = list(getattr(module, "__all__", ()))
        out.append(f"\n## `{name}`\n")
        first = summary(module)
        if first:
            out.append(f"{first}\n")
        if not exported:
            out.append("No names of its own (run as a command, or read through its package).\n")
            continue
        out.append("| name | what it is |\n|---|---|")
        for n in sorted(exported):
            text = summary(getattr(module, n)).replace("|", "\\|")
            out.append(f"| `{n}` | {text} |")
        out.append("")
    out.append("\n## Deprecated paths\n")
    out.append("Importing these still works for one release; reading a name warns and names its new home.\n")
    out.extend(f"- `{d}`" for d in DEPRECATED)
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 when docs/api.md differs from the code")
    args = p.parse_args(argv)
    text = render()
    if args.check:
        if DOC.read_text(encoding="utf-8") != text:
            print("docs/api.md differs from the code: run python scripts/api_doc.py", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
