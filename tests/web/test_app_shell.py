"""The installable app's server side: the service worker's version and shell, the manifest's route and headers."""

from __future__ import annotations

import re
import shutil

from .helpers import starlette_test_client

TestClient = starlette_test_client()  # skips these tests without the web extra

from pokercore.web import _app as app_module  # noqa: E402
from pokercore.web import create_app  # noqa: E402


def _shell(text: str) -> list[str]:
    found = re.search(r"^const SHELL = \[(.*)\];$", text, flags=re.M)
    assert found, text[:500]
    return re.findall(r'"([^"]*)"', found.group(1))


def test_the_worker_keeps_the_pages_and_static_files_and_never_an_answer():
    with TestClient(create_app()) as c:
        r = c.get("/sw.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
    assert r.headers["cache-control"] == "no-cache"       # browsers check it for an upgrade on every visit
    shell = _shell(r.text)
    assert {"/", "/binh", "/draw", "/holdem", "/equity", "/history", "/manifest.webmanifest"} <= set(shell)
    assert {"/static/common.js", "/static/style.css", "/static/icon-192.png"} <= set(shell)
    assert not [p for p in shell if p.startswith(("/api", "/ws", "/health")) or p == "/sw.js" or "?" in p]


def test_the_workers_version_changes_with_the_package_and_with_any_static_file(tmp_path, monkeypatch):
    import pokercore

    def version() -> str:
        found = re.search(r'^const VERSION = "([0-9A-Za-z.+-]+)";$', app_module.service_worker(), flags=re.M)
        assert found
        return found.group(1)

    first = version()
    assert first.startswith(pokercore.__version__ + "-")
    assert version() == first                              # the same files, the same worker
    monkeypatch.setattr(pokercore, "__version__", "99.0.0")
    assert version().startswith("99.0.0-")
    monkeypatch.undo()
    copy = tmp_path / "static"
    shutil.copytree(app_module.STATIC, copy)
    monkeypatch.setattr(app_module, "STATIC", copy)
    assert version() == first
    (copy / "draw.js").write_text((copy / "draw.js").read_text() + "\n// changed\n")
    assert version() != first                              # an edited page replaces the cache too


def test_the_manifest_and_its_icons_need_no_token():
    from pokercore.web import Access

    with TestClient(create_app(access=Access(token="s3cret-token"))) as c:
        assert c.get("/").status_code == 401
        m = c.get("/manifest.webmanifest")
        assert m.status_code == 200 and m.headers["content-type"].startswith("application/manifest+json")
        for icon in m.json()["icons"]:
            assert c.get(icon["src"]).status_code == 200, icon
        assert c.get("/static/apple-touch-icon.png").status_code == 200
        assert c.get("/static/common.js").status_code == 401      # the rest of the shell still needs it
