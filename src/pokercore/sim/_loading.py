"""Objects named by text: ``"package.module:name"`` or ``"path/to/file.py:name"``.

Agents and game adapters can be given by name on the command line and to
:func:`~pokercore.sim.simulate`.  Two forms are understood:

* ``package.module:name`` is imported like any module; a module that is not
  installed is also looked for in the current folder (as ``python -m``
  would find it), so ``myagent:agent`` finds ``./myagent.py``;
* ``path/to/file.py:name`` (any name ending in ``.py``) loads that file.
  Its folder is added at the end of ``sys.path``, so the file can import
  modules beside it but never hides an installed one.

Worker processes of a pool load the same text again, so they find the same
object; :func:`absolute_spec` turns a relative file path into an absolute
one before the work is handed out.  A worker of a cluster on another
machine, where the path does not exist, imports the copy of the file that
the client shipped to it (:mod:`~pokercore.sim._cluster`).

Examples
--------
>>> load_object("json:dumps").__name__
'dumps'
>>> load_object("json:nothing")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokercore.sim._errors.SimulationError: cannot import 'json:nothing': module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from ._errors import SimulationError
from ._seated_agents import short

__all__ = ["absolute_spec", "is_file_spec", "load_object"]

_FORMS = "'package.module:name' or 'path/to/file.py:name'"


def _split(spec: str) -> tuple[str, str]:
    where, sep, attr = spec.rpartition(":")
    if not sep or not where or not attr:
        raise SimulationError(f"expected {_FORMS}, got {spec!r}")
    return where, attr


def is_file_spec(spec: str) -> bool:
    """Whether ``spec`` names a file (``path/to/file.py:name``) rather than a module.

    >>> is_file_spec("./myagent.py:agent"), is_file_spec("mypkg.agents:agent")
    (True, False)
    """
    return ":" in spec and spec.rpartition(":")[0].endswith(".py")


def absolute_spec(spec: str) -> str:
    """``spec`` with a relative file path made absolute (other specs unchanged).

    >>> absolute_spec("json:dumps")
    'json:dumps'
    """
    if not is_file_spec(spec):
        return spec
    where, attr = _split(spec)
    return f"{Path(where).expanduser().resolve()}:{attr}"


def load_object(spec: str) -> Any:
    """The object that ``spec`` names; a :class:`SimulationError` that says how to name it otherwise."""
    where, attr = _split(spec)
    module = _load_file(where, spec) if where.endswith(".py") else _import_module(where, spec)
    try:
        return getattr(module, attr)
    except AttributeError as exc:
        raise SimulationError(f"cannot import {spec!r}: {exc}") from None


def _import_module(name: str, spec: str) -> Any:
    if "/" in name or os.sep in name:
        raise SimulationError(f"cannot import {spec!r}: a file must end in .py (expected {_FORMS})")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        top = name.split(".")[0]
        if exc.name != top:  # the module was found but something it imports was not
            raise SimulationError(f"cannot import {spec!r}: {short(exc)}") from None
        here = Path.cwd()
        if (here / f"{top}.py").is_file() or (here / top / "__init__.py").is_file():
            if str(here) not in sys.path:
                sys.path.append(str(here))
            return _import_again(name, spec)
        raise SimulationError(
            f"cannot import {spec!r}: no module named {top!r} is installed and there is no {top}.py in the "
            f"current folder {here}; give the file instead, e.g. path/to/{top}.py:{spec.rpartition(':')[2]}"
        ) from None
    except Exception as exc:  # the module itself fails to load (SyntaxError, an error at import time)
        raise SimulationError(f"cannot import {spec!r}: {short(exc)}") from None


def _import_again(name: str, spec: str) -> Any:
    importlib.invalidate_caches()
    try:
        return importlib.import_module(name)
    except Exception as exc:
        raise SimulationError(f"cannot import {spec!r}: {short(exc)}") from None


def _shipped_module(path: Path) -> Any:
    """On a cluster's worker: the copy of ``path`` that the client uploaded (a module of the same name), or None."""
    stem = path.stem
    if not stem.isidentifier():
        return None
    found = importlib.util.find_spec(stem) if stem not in sys.modules else None
    module = sys.modules.get(stem)
    if module is None and found is not None and found.origin and Path(found.origin).name == path.name:
        module = importlib.import_module(stem)
    if module is not None and Path(getattr(module, "__file__", "") or "").name == path.name:
        return module
    return None


def _load_file(where: str, spec: str) -> Any:
    path = Path(where).expanduser().resolve()
    if not path.is_file():
        shipped = _shipped_module(path)
        if shipped is not None:
            return shipped
        raise SimulationError(f"cannot import {spec!r}: there is no file {path}")
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == str(path):
            return module
    stem = path.stem
    name = stem if stem.isidentifier() and stem not in sys.modules else \
        f"_pokercore_file_{hashlib.sha1(str(path).encode()).hexdigest()[:10]}"
    loader_spec = importlib.util.spec_from_file_location(name, path)
    if loader_spec is None or loader_spec.loader is None:  # pragma: no cover - a .py path always has a loader
        raise SimulationError(f"cannot import {spec!r}: {path} is not a Python file")
    module = importlib.util.module_from_spec(loader_spec)
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.append(folder)
    sys.modules[name] = module
    try:
        loader_spec.loader.exec_module(module)
    except BaseException as exc:
        del sys.modules[name]
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise SimulationError(f"cannot import {spec!r}: {short(exc)}") from None
    return module
