"""Bots told how to back off: the example bot keeps to the rate limit, and when refused waits ``retry_after``
and sends the same message again, so a long session completes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from .helpers import require

require("uvicorn")  # skips these tests without the web extra

from pokercore.web import Limits, create_app  # noqa: E402

from .live import running  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"


def _bot_module():
    spec = importlib.util.spec_from_file_location("bot_client_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_bot_that_sends_too_fast_backs_off_and_still_finishes_its_sessions(capsys):
    bot_client = _bot_module()
    app = create_app(Limits(messages_per_second=10, burst=4))
    with running(app) as port:
        url = f"ws://127.0.0.1:{port}/ws"
        draw = bot_client.play_draw(url, 25, rate=None)       # as fast as it can: refused, waits, resends
        binh = bot_client.play_binh(url, 4, rate=None)
    out = capsys.readouterr().out
    assert "draw session over" in out and out.count("binh deal") == 4
    assert draw.backoffs + binh.backoffs > 0


def test_a_bot_at_the_documented_rate_is_never_refused(capsys):
    bot_client = _bot_module()
    assert bot_client.RATE == Limits().messages_per_second
    with running(create_app(Limits())) as port:
        draw = bot_client.play_draw(f"ws://127.0.0.1:{port}/ws", 30)
    assert draw.backoffs == 0 and "draw session over" in capsys.readouterr().out
