"""The equity endpoints behind the equity page: the same numbers as the library, refusals that say what is
wrong, no work for other sites' pages, and a bounded waiting line.
"""

from __future__ import annotations

import json

import pytest

from pokercore.equity import equity, parse_range, range_grid

from .helpers import require, starlette_test_client

require("starlette")
from pokercore.web import Access, create_app  # noqa: E402
from pokercore.web._equity_page import MAX_BODY, SEED, EquityService, grid_json  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with starlette_test_client()(create_app()) as c:
        yield c


@pytest.mark.parametrize("players, board", [
    (["AsKs", "QdQc"], ""),                        # exact preflop: 1,712,304 boards
    (["AA", "KK,QQ", "AKs"], "2c 7d 9h"),          # ranges on a flop
    (["AhKh", "15%", "22+"], "Th 9h 2c 3d"),       # a percent range on the turn
    (["7c7d", "random", "AKo", "JTs"], ""),        # Monte Carlo: exact would take too long
])
def test_the_answer_is_the_librarys(client, players, board):
    r = client.post("/api/equity", json={"players": players, "board": board})
    assert r.status_code == 200, r.text
    got = r.json()
    want = equity(players, board=board or None, seed=SEED)
    assert got["exact"] == want.exact and got["method"] == want.method
    for g, w in zip(got["players"], want.players, strict=True):
        assert g["label"] == w.label and g["combos"] == w.combos
        assert g["equity"] == pytest.approx(w.equity, abs=1e-12) and g["win"] == pytest.approx(w.win, abs=1e-12)
        assert g["tie_equity"] == pytest.approx(w.tie_equity, abs=1e-12)
    assert sum(p["equity"] for p in got["players"]) == pytest.approx(1.0)
    again = client.post("/api/equity", json={"players": players, "board": board}).json()
    assert again == got  # the same question, the same answer (a fixed seed when sampled)


def test_the_range_endpoint_is_the_grid(client):
    text = "QQ+, AKs, A5s-A2s:0.5, KhQh"
    r = client.post("/api/range", json={"range": text})
    assert r.status_code == 200
    got = r.json()
    grid = range_grid(parse_range(text))
    assert got["combos"] == grid.combos and got["share"] == pytest.approx(grid.share)
    for row in grid.cells:
        for c in row:
            assert (c.label in got["cells"]) == (c.combos > 0)
    assert got["cells"]["A3s"]["weight"] == 0.5 and got["cells"]["KQs"]["hands"] == [["KhQh", 1.0]]
    assert got == grid_json(text)


@pytest.mark.parametrize("path, body, status, says", [
    ("/api/equity", "not json", 400, "not JSON"),
    ("/api/equity", "[1, 2]", 400, "JSON object"),
    ("/api/equity", {"players": ["AA"]}, 400, "2 to 6 hands or ranges, got 1"),
    ("/api/equity", {"players": ["AA"] * 7}, 400, "2 to 6 hands or ranges, got 7"),
    ("/api/equity", {"players": "AA KK"}, 400, "players: a list"),
    ("/api/equity", {"players": ["AA", 5]}, 400, "players[1]"),
    ("/api/equity", {"players": ["AA", ""]}, 400, "players[1]"),
    ("/api/equity", {"players": ["AA", "KK"], "seed": 3}, 400, "unknown field(s) 'seed'"),
    ("/api/equity", {"players": ["AA", "KK"], "board": 5}, 400, "board: 0, 3, 4 or 5 cards"),
    ("/api/equity", {"players": ["AA", "ZZ"]}, 400, "ZZ"),                      # the library's own message
    ("/api/equity", {"players": ["AsKs", "AsQs"]}, 400, "As"),                  # a card twice
    ("/api/equity", {"players": ["AA", "KK"], "board": "2c 3d"}, 400, "board"),  # two board cards
    ("/api/equity", {"players": ["AA", "x" * 301]}, 400, "at most 300 characters"),
    ("/api/range", {"range": "AhAh"}, 400, "repeats a card"),
    ("/api/range", {}, 400, "range: missing"),
    ("/api/range", {"range": ["AA"]}, 400, "as a string"),
])
def test_refusals_name_the_problem(client, path, body, status, says):
    data = body if isinstance(body, str) else json.dumps(body)
    r = client.post(path, content=data, headers={"content-type": "application/json"})
    assert r.status_code == status, r.text
    assert says in r.json()["error"]


def test_a_body_over_the_limit_is_refused_unread(client):
    r = client.post("/api/equity", content=b'{"players": ["' + b"A" * MAX_BODY + b'"]}')
    assert r.status_code == 413 and str(MAX_BODY) in r.json()["error"]
    r = client.post("/api/equity", content=b"[" * 3000 + b"]" * 3000)  # deep nesting within no limit of ours
    assert r.status_code == 413


def test_deep_nesting_under_the_size_limit_is_a_clean_refusal(client):
    r = client.post("/api/range", content=b"[" * 2000 + b"]" * 2000)
    assert r.status_code == 400 and "JSON" in r.json()["error"]


def test_other_sites_pages_get_no_work_done():
    with starlette_test_client()(create_app()) as c:
        r = c.post("/api/equity", json={"players": ["AA", "KK"]}, headers={"origin": "https://evil.example"})
        assert r.status_code == 403
        assert r.headers["content-type"].startswith("text/plain")          # and it says why, to whoever reads it
        assert "pages of another site" in r.text and "'https://evil.example'" in r.text
        assert "--allow-origin" in r.text
        r = c.post("/api/equity", json={"players": ["AA", "KK"]}, headers={"origin": "http://testserver"})
        assert r.status_code == 200
        page = c.get("/equity")
        assert page.status_code == 200 and "equity.js" in page.text
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


def test_a_token_server_asks_for_its_token():
    with starlette_test_client()(create_app(access=Access(token="s3cret-token"))) as c:
        assert c.post("/api/equity", json={"players": ["AA", "KK"]}).status_code == 401
        ok = c.post("/api/equity?token=s3cret-token", json={"players": ["AA", "KK"]}, follow_redirects=False)
        assert ok.status_code in (200, 303)


def test_a_flood_waits_in_a_bounded_line():
    import asyncio

    from starlette.requests import Request

    service = EquityService(max_waiting=1)
    body = json.dumps({"players": ["AsKs", "QdQc"]}).encode()

    def request() -> Request:
        sent = False

        async def receive():
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        return Request({"type": "http", "method": "POST", "headers": [], "path": "/api/equity"}, receive)

    async def flood():
        return await asyncio.gather(*(service.equity(request()) for _ in range(6)))

    answers = asyncio.run(flood())
    codes = sorted(a.status_code for a in answers)
    assert codes.count(200) >= 2 and codes.count(429) >= 1, codes
    assert all(json.loads(a.body)["retry_after"] == 1.0 for a in answers if a.status_code == 429)
