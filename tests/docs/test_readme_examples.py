"""Every ``>>>`` example in the README and in docs/ prints what the text says it prints.

Each fenced ``python`` block that holds ``>>>`` lines runs as one doctest
(names carry over from one block of a file to the next, as a reader would
type them in one session).
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _blocks(path: Path) -> list[str]:
    return [b for b in BLOCK.findall(path.read_text(encoding="utf-8")) if ">>>" in b]


@pytest.mark.parametrize("path", [p for p in FILES if _blocks(p)], ids=lambda p: p.name)
def test_examples_print_what_the_text_says(path: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    globs: dict[str, object] = {}
    for i, block in enumerate(_blocks(path)):
        test = parser.get_doctest(block, globs, f"{path.name}[{i}]", str(path), 0)
        runner.run(test, clear_globs=False)
        globs = test.globs
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} example(s) in {path.name} print something else (see above)"
