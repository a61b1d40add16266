"""A table that is gone while its page is open (Chromium at 390x844): every game page says why on its setup.

The server forgets the table (as after a restart) and the page's
connection drops; the page reconnects, its rejoin is refused with
``no_table``, and it goes back to the setup screen, which must carry the
explanation: a setup screen with nothing on it leaves the person guessing.
"""

from __future__ import annotations

import pytest

from .helpers import by_id, click_id, wait

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("page", ["binh", "draw", "holdem"])
def test_a_table_gone_mid_game_is_explained_on_the_setup(phone, live_server, page, shoot):
    base, app = live_server
    phone.get(f"{base}/{page}")
    click_id(phone, "start")
    wait(phone, lambda d: by_id(d, "game") is not None and d.execute_script("return state !== null"),
         "the game")
    app.state.manager.tables.clear()          # what a restarted server knows of the table
    phone.execute_script("client.ws.close()")  # the page reconnects and asks for its seat again
    shown = wait(phone, lambda d: by_id(d, "setup-msg") if by_id(d, "setup") is not None and by_id(d, "setup-msg")
                 else None, "the setup with its explanation")
    assert "no longer on the server" in shown.text and "Deal a new game" in shown.text
    assert by_id(phone, "game") is None
    shoot(f"{page}-table-gone")
    click_id(phone, "start")                  # a new game clears the note
    wait(phone, lambda d: by_id(d, "game") is not None and by_id(d, "setup-msg") is None, "the new game")
