"""`companion serve`'s page in chromium (companion.net.client_page): companion's name
and icon, not Flet's; no request leaves the machine, the CDN script the client asks
for included (the browser's policy refuses it before any request is made); and the
app starts as before."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import flet_web
import pytest

from companion.core.paths import ASSETS
from companion.net.client_page import POLICY, STARTUP_WORD
from tests.e2e.harness import PHONE, requests, shot
from tests.e2e.table import Table

pytestmark = pytest.mark.e2e

WEB = Path(flet_web.get_package_web_dir())


def test_a_served_page_and_client_are_companions(app_server):
    with urllib.request.urlopen(app_server.base) as r:
        assert POLICY in r.headers.get_all("Content-Security-Policy")
        assert b"<title>companion</title>" in r.read()
    with urllib.request.urlopen(app_server.base + "main.dart.wasm") as r:
        wasm = r.read()
    assert STARTUP_WORD not in wasm and len(wasm) == (WEB / "main.dart.wasm").stat().st_size
    with urllib.request.urlopen(app_server.base + "assets/FontManifest.json") as r:
        assert b"KaTeX" not in r.read()
    with urllib.request.urlopen(app_server.base + "assets/fonts/notosansjp/v53/x.woff2") as r:
        assert r.read() == (ASSETS / "fonts" / "DroidSansFallbackFull.ttf").read_bytes()


def test_the_page_asks_nothing_off_this_machine_and_shows_companions_name(chromium_browser, app_server):
    refused: list[str] = []
    with Table(chromium_browser, app_server.url, PHONE) as t:
        t.pg.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
        t.see("New Hot Dog match")
        assert t.pg.title() == "companion"
        asked = requests(t.ctx)
        shot(t.pg, "client-page-home")
    assert asked and all(u.startswith((app_server.base, "blob:", "data:", "ws://127.0.0.1")) for u in asked), \
        [u for u in asked if not u.startswith(app_server.base)]
    # The console lines arrive after the page has asked for the script: none of them
    # names a script of this server (the policy refuses only what is off the machine).
    assert not [line for line in refused if app_server.base in line], refused
