"""docs/protocol.md lists the messages the server's structs define, written from them: the two never drift."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from .helpers import require

require("msgspec")
require("starlette")

from pokercore.web import _client_messages as client  # noqa: E402  (needs the web extra)
from pokercore.web import _server_messages as server  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "protocol.md"


def _script():
    spec = importlib.util.spec_from_file_location("protocol_doc", ROOT / "scripts" / "protocol_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_message_tables_of_the_doc_are_the_structs():
    text = DOC.read_text(encoding="utf-8")
    assert _script().render(text) == text, "docs/protocol.md is out of date: run python scripts/protocol_doc.py"


def test_a_changed_struct_shows_in_the_doc(monkeypatch):
    """The check can fail: a field added to a message changes its table."""
    script = _script()
    text = DOC.read_text(encoding="utf-8")

    class Ping(client._Client, tag="ping", frozen=True):
        """Answered with ``pong``."""

        echo: str = ""

    monkeypatch.setattr(client, "CLIENT_MESSAGES", (*client.CLIENT_MESSAGES[:-1], Ping))
    changed = script.render(text)
    assert changed != text and "`echo` (optional; string)" in changed


def test_every_message_and_part_is_in_the_doc():
    text = DOC.read_text(encoding="utf-8")
    for cls in client.CLIENT_MESSAGES + server.SERVER_MESSAGES:
        assert f"`{cls.__struct_config__.tag}`" in text
    for parts in server.STATE_PARTS.values():
        for cls in parts:
            assert f"#### {cls.__name__}" in text
    for name in server.STATE_PARTS:
        assert f"<!-- generated: state-{name} -->" in text


def test_a_doc_without_its_markers_is_refused():
    with pytest.raises(SystemExit, match="lacks the markers"):
        _script().render(re.sub(r"<!-- (generated|end): actions -->\n?", "", DOC.read_text(encoding="utf-8")))
