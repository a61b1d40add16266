"""Under ``CI=true`` a skipped test fails: a test that CI does not run proves nothing.

A test skips on a developer's machine when an optional part is missing (a
browser, an extra); CI installs all of them, so a skip there means the
installation is broken and must be fixed, not hidden.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def _fail_skip(report: Any) -> None:
    if _CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true (CI must install what this test needs): {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    _fail_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    outcome = yield
    _fail_skip(outcome.get_result())


@pytest.fixture(scope="session", autouse=True)
def _history_db_in_a_temp_folder(tmp_path_factory: pytest.TempPathFactory) -> Generator[None, None, None]:
    """``pokercore serve`` started by a test without --db keeps its history in a temporary file, not the user's."""
    old = os.environ.get("POKERCORE_DB")
    os.environ["POKERCORE_DB"] = str(tmp_path_factory.mktemp("history") / "history.sqlite3")
    yield
    if old is None:
        os.environ.pop("POKERCORE_DB", None)
    else:
        os.environ["POKERCORE_DB"] = old
