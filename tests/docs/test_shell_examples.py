"""Every ``$ pokercore ...`` example in the README and in docs/ prints what the text says it prints.

A fenced block (not ``python``) may hold shell examples: a line ``$ pokercore
ARGS`` followed by the output the command prints, up to the next ``$`` line or
the end of the block.  Each runs as a fresh ``python -m pokercore ARGS`` and
its output is compared as doctest compares (a line ``...`` stands for any
lines; runs of spaces compare equal).  A Monte Carlo example must give
``--seed`` so that its figures are the same on every run.
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```([^\n`]*)\n(.*?)```", re.S)


def examples(path: Path) -> list[tuple[str, str]]:
    """``(command line, expected output)`` of every ``$ pokercore`` example in ``path``."""
    found = []
    for lang, body in BLOCK.findall(path.read_text(encoding="utf-8")):
        if lang.strip() == "python":
            continue
        command: str | None = None
        lines: list[str] = []
        for line in [*body.splitlines(), "$"]:
            if line.startswith("$"):
                if command is not None:
                    found.append((command, "\n".join(lines) + "\n"))
                command = line[1:].strip() if line.startswith("$ pokercore ") else None
                lines = []
            elif command is not None:
                lines.append(line)
    return found


CASES = [(path, command, expected) for path in FILES if path.exists() for command, expected in examples(path)]


def test_the_docs_hold_shell_examples() -> None:
    # the search works: the hold'em doc's examples are found (a broken pattern would test nothing)
    assert sum(path.name == "holdem.md" for path, _, _ in CASES) >= 5


@pytest.mark.parametrize("path, command, expected", CASES, ids=[f"{p.name}: {c}" for p, c, _ in CASES])
def test_the_shell_example_prints_what_the_text_says(path: Path, command: str, expected: str) -> None:
    args = shlex.split(command)[1:]
    r = run_cli(*args)
    assert r.returncode == 0, r.stderr
    if "Monte Carlo" in r.stdout and "--seed" not in args:
        pytest.fail(f"{path.name}: `{command}` is Monte Carlo without --seed: its figures change on every run")
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(expected, r.stdout, flags), (
        f"{path.name}: `{command}` prints\n{r.stdout}\nwhere the text says\n{expected}")
