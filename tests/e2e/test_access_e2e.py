"""The attack on the host, in chromium: a page from another local port, opened in the
host's own browser while a table is hosted, tries to become the host (its websocket,
a frame of the app), and a browser on this machine without the host key gets only the
phone screens (companion.net.access)."""

from __future__ import annotations

import http.server
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.e2e.harness import PHONE, TIMEOUT, block_off_machine, enable_semantics, fonts_arrived, shot, waits
from tests.e2e.table import Table, stored_match
from tests.e2e.test_net_e2e import code_of

pytestmark = pytest.mark.e2e

ATTACK = """<!doctype html><title>cheap flights</title>
<iframe id="app" src="http://127.0.0.1:{port}/"></iframe>
<script>
window.result = "pending";
const ws = new WebSocket("ws://127.0.0.1:{port}/ws");
ws.binaryType = "arraybuffer";
ws.onopen = () => {{ window.result = "open"; }};
ws.onmessage = () => {{ window.result = "message"; }};
ws.onerror = () => {{ if (window.result === "pending") window.result = "refused"; }};
ws.onclose = () => {{ if (window.result === "pending") window.result = "refused"; }};
</script>"""


@contextmanager
def page_site(page: bytes, seen: list[dict[str, str]] | None = None) -> Iterator[str]:
    """A second local server on another port (another origin, the same site: any app on
    this machine) serving ``page`` at every path; ``seen``: each request's headers and
    path are noted in it."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # the standard library's name
            if seen is not None:
                seen.append({k.lower(): v for k, v in self.headers.items()} | {"path": self.path})
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def attacker_site(target_port: int) -> Iterator[str]:
    """The attacker's page on a second local server."""
    with page_site(ATTACK.format(port=target_port).encode()) as url:
        yield url


def test_a_page_from_another_port_cannot_take_over_a_hosted_table(chromium_browser, app_server):
    host = Table(chromium_browser, stored_match(app_server, ["Anna", "Bernd", "Chris"], "Anna"), PHONE)
    try:
        host.click("Host this table on phones")
        code = code_of(host)

        with attacker_site(app_server.port) as evil:
            # The attack runs in the host's own browser: the host cookie is there.
            attack = host.ctx.new_page()
            frames: list[str] = []
            attack.on("websocket", lambda ws: frames.append(ws.url))
            attack.goto(evil)
            attack.wait_for_function("window.result !== 'pending'", timeout=waits(15000))
            assert attack.evaluate("window.result") == "refused"
            # The app refuses to be framed, so the frame never holds a session either.
            framed = attack.frame_locator("#app").locator("flt-glass-pane, flutter-view")
            attack.wait_for_timeout(1500)
            assert framed.count() == 0
            assert frames == [f"ws://127.0.0.1:{app_server.port}/ws"]   # only the refused one
            attack.close()

        # The table is still hosted, with the same code: nothing was closed or revealed.
        host.see(re.compile("Table code"))
        assert code_of(host) == code
    finally:
        host.close()


def test_a_browser_on_this_machine_without_the_host_key_gets_the_phone_screens(
        chromium_browser, app_server):
    ctx = chromium_browser.new_context(viewport=PHONE)
    ctx.route("**/*", block_off_machine)
    try:
        pg = ctx.new_page()
        pg.goto(app_server.base)                       # 127.0.0.1, but no host link
        enable_semantics(pg)
        pg.get_by_text("Join a table").first.wait_for(timeout=waits(15000))
        pg.get_by_text(re.compile("open the host link companion printed")).first.wait_for()
        assert pg.get_by_role("button", name="Home").count() == 0
        assert pg.get_by_text(re.compile("Hot Dog")).count() == 0      # no game list, no records
        shot(pg, "access-no-host-key")
    finally:
        ctx.close()


@contextmanager
def recording_site() -> Iterator[tuple[str, list[dict[str, str]]]]:
    """Another local server on another port (any app on this machine) that notes the
    headers of every request it gets."""
    seen: list[dict[str, str]] = []
    with page_site(b"<!doctype html><title>another app</title><img src='/pixel.png'>", seen) as url:
        yield url, seen


def test_no_other_server_on_this_machine_receives_the_host_key(chromium_browser, app_server):
    """Cookies ignore ports: the cookie older versions kept the key in was sent to a page
    on any other port of 127.0.0.1. The key now lives in the origin's own storage: the
    host's browser holds no cookie with it (the old one is deleted when the host link
    is opened), another port's server receives it in no header, and the host is still
    the host after a reload."""
    from companion.net.access import legacy_cookie_name

    ctx = chromium_browser.new_context(viewport=PHONE)
    ctx.route("**/*", block_off_machine)
    try:
        # a browser that was the host of an older version: the old cookie is there
        ctx.add_cookies([{"name": legacy_cookie_name(app_server.port), "value": app_server.key,
                          "domain": "127.0.0.1", "path": "/", "httpOnly": True, "sameSite": "Strict"}])
        pg = ctx.new_page()
        pg.goto(app_server.url)                               # the host link
        enable_semantics(pg)
        pg.get_by_role("button", name="Home").first.wait_for(timeout=TIMEOUT)
        assert pg.url == app_server.base                      # the key left the address bar
        assert all(app_server.key not in c["value"] for c in ctx.cookies())
        with recording_site() as (other, seen):
            visit = ctx.new_page()
            visit.goto(other)
            visit.wait_for_load_state("load")
            visit.goto(other + "again")
            visit.close()
        assert len(seen) >= 3
        assert all(app_server.key not in value for request in seen for value in request.values())
        pg.reload()                                           # still the host, from its storage
        enable_semantics(pg)
        pg.get_by_role("button", name="Home").first.wait_for(timeout=TIMEOUT)
        pg.get_by_text(re.compile("Hot Dog")).first.wait_for(timeout=TIMEOUT)   # the games: the whole app
        fonts_arrived(pg)
        pg.wait_for_timeout(1500)                             # the picture lags the tree
        shot(pg, "access-host-after-reload")
    finally:
        ctx.close()
