"""Who may talk to `companion serve`, and who is the host (companion.net.access).

A page from another site opened in the host's browser must not reach the app's
websocket; a browser is the host only with the host key, never for coming from
127.0.0.1. Raw handshakes against a real server, then the gate's pieces in-process.
"""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import stat
import threading

import msgpack
import pytest

from companion.net.access import STORAGE_KEY, Gate, host_link, host_session, legacy_cookie_name, load_host_key, visitor
from companion.net.serving import serving_lines
from tests.e2e.harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("access") / "data")
    srv.start()
    yield srv
    srv.stop()


def handshake(port: int, *, origin: str | None, host: str | None = None, cookie: str | None = None,
              path: str = "/ws") -> str:
    """A raw websocket handshake; returns the status line the server answers."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
             "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    if cookie is not None:
        lines.append(f"Cookie: {cookie}")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return s.recv(4096).decode("latin-1").split("\r\n", 1)[0]


def http_get(port: int, target: str, host: str | None = None) -> str:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\n"
                  "Connection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return data.decode("latin-1")


# ---------------------------------------------------------------- the websocket's Origin

def test_the_pages_own_origin_opens_the_websocket(server):
    assert " 101 " in handshake(server.port, origin=f"http://127.0.0.1:{server.port}")


@pytest.mark.parametrize("origin", [
    "http://evil.example",                   # another site
    "https://evil.example:443",
    "null",                                  # a sandboxed frame or a file:// page
    "http://127.0.0.1:1",                    # another port on this machine
    "http://localhost:{port}",               # another name for this machine is another origin
    "https://127.0.0.1:{port}",              # another scheme
    "",
])
def test_a_foreign_origin_is_refused_with_an_http_error(server, origin):
    status = handshake(server.port, origin=origin.format(port=server.port))
    assert " 403 " in status, status


def test_a_handshake_without_origin_is_refused(server):
    assert " 403 " in handshake(server.port, origin=None)


def test_dns_rebinding_a_foreign_name_to_this_machine_is_refused(server):
    """evil.example pointed at 127.0.0.1: its page's origin matches its own Host header."""
    name = f"evil.example:{server.port}"
    assert " 101 " not in handshake(server.port, origin=f"http://{name}", host=name)
    assert " 400 " in http_get(server.port, "/", host=name).split("\r\n", 1)[0]


# ---------------------------------------------------------------- the host link

def test_the_host_link_keeps_the_key_in_this_origins_storage_and_drops_it_from_the_address(server):
    """No cookie holds the key: cookies ignore ports, so every other server on
    127.0.0.1 would receive it. The page keeps it in its own origin's localStorage and
    goes on to the clean address at once (replacing the history entry)."""
    answer = http_get(server.port, f"/?host={server.key}")
    head, body = answer.split("\r\n\r\n", 1)
    assert head.startswith("HTTP/1.1 200")
    assert f'localStorage.setItem("{STORAGE_KEY}","{server.key}")' in body
    assert 'location.replace("/")' in body
    lowered = head.lower()
    assert "cache-control: no-store" in lowered and "referrer-policy: no-referrer" in lowered
    cookies = [line for line in head.split("\r\n") if line.lower().startswith("set-cookie:")]
    # the only cookie: the one older versions kept the key in, deleted
    assert cookies == [f"set-cookie: {legacy_cookie_name(server.port)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"]
    assert server.key not in head


def test_every_page_opens_its_websocket_with_the_key_this_origin_keeps(server):
    """Flet's index.html, at any address, carries the script that sends the stored key
    with the websocket; a copy cached without it is never reused."""
    for path in ("/", "/join", "/history", "/match/7"):
        head, body = http_get(server.port, path).split("\r\n\r\n", 1)
        assert head.startswith("HTTP/1.1 200"), path
        assert f'localStorage.getItem("{STORAGE_KEY}")' in body and 'webSocketEndpoint="ws?host="' in body
        assert body.index("webSocketEndpoint=\"ws?host=") < body.index("</head>")
        assert "\r\netag:" not in head.lower() and "\r\nlast-modified:" not in head.lower()
        assert f"content-length: {len(body.encode('latin-1'))}" in head.lower()


def test_a_wrong_host_key_is_refused_and_sets_nothing(server):
    answer = http_get(server.port, "/?host=guessed")
    assert answer.startswith("HTTP/1.1 403")
    assert "set-cookie" not in answer.lower()


def test_pages_may_not_be_framed_by_another_page(server):
    """A page on another port of this machine is the same *site*, so the browser would
    send the host cookie into a frame of the app: framing is refused (clickjacking)."""
    head = http_get(server.port, "/").split("\r\n\r\n", 1)[0].lower()
    assert "x-frame-options: deny" in head
    assert "frame-ancestors 'none'" in head


# ---------------------------------------------------------------- the verdict, in-process

class _Recorder:
    """The inner app: notes what the gate let through and the verdict it saw."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []
        self.peers: list[str | None] = []
        self.queries: list[bytes] = []

    async def __call__(self, scope, receive, send) -> None:
        async def later() -> tuple[bool, str | None]:   # a task started inside, as Flet starts `main`
            who = visitor()
            return host_session(), who.peer if who else None

        host, peer = await asyncio.create_task(later())
        self.calls.append((scope["type"], host))
        self.peers.append(peer)
        self.queries.append(scope.get("query_string", b""))
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})


REGISTER = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])


def _run(gate: Gate, scope: dict, frames: list[bytes] = (REGISTER,)) -> list[dict]:
    sent: list[dict] = []
    incoming = [{"type": "websocket.connect"}, *({"type": "websocket.receive", "bytes": f} for f in frames)]

    async def receive():
        return incoming.pop(0) if incoming else {"type": "websocket.disconnect", "code": 1000}

    async def send(message):
        sent.append(message)

    # A thread of its own: its event loop is fresh whatever another test left running.
    runner = threading.Thread(target=lambda: asyncio.run(gate(scope, receive, send)))
    runner.start()
    runner.join(30)
    return sent


def _ws(headers: dict[str, str], query: str = "", client: tuple[str, int] = ("192.168.1.30", 50000)) -> dict:
    return {"type": "websocket", "scheme": "ws", "path": "/ws", "query_string": query.encode(),
            "client": client, "headers": [(k.encode(), v.encode()) for k, v in headers.items()]}


def test_a_session_is_the_host_only_with_the_host_key_not_for_coming_from_loopback():
    """The gate's verdict as the session's own task sees it (the raw protocol against a
    real server, the session's screens included: tests/net/test_forged_pages.py)."""
    inner = _Recorder()
    gate = Gate(inner, key="k" * 32, port=8550)
    own = {"host": "127.0.0.1:8550", "origin": "http://127.0.0.1:8550"}
    loopback = ("127.0.0.1", 40000)
    _run(gate, _ws(own, client=loopback))                                   # a phone, or a tunnel
    _run(gate, _ws(own, "host=" + "k" * 32, client=loopback))               # the host's browser
    _run(gate, _ws(own, "host=" + "x" * 32, client=loopback))               # a made-up key
    _run(gate, _ws(own | {"cookie": f"{legacy_cookie_name(8550)}={'k' * 32}"}, client=loopback))  # the old cookie
    assert inner.calls == [("websocket", False), ("websocket", True), ("websocket", False),
                           ("websocket", False)]
    assert inner.peers == ["127.0.0.1"] * 4
    assert all(b"host=" not in q for q in inner.queries)     # the key never reaches Flet
    assert host_session() is False and visitor() is None     # the verdict does not leak out


def test_the_lan_address_is_an_own_origin_when_serving_on_the_network():
    inner = _Recorder()
    gate = Gate(inner, key="k" * 32, port=8550, names=["0.0.0.0"])
    lan = {"host": "192.168.1.20:8550", "origin": "http://192.168.1.20:8550"}
    assert _run(gate, _ws(lan)) == [{"type": "websocket.accept"}] and inner.calls == [("websocket", False)]
    assert inner.peers == ["192.168.1.30"]
    refused = _run(gate, _ws({"host": "192.168.1.20:8550", "origin": "http://192.168.1.21:8550"}))
    assert refused == [{"type": "websocket.close", "code": 1008}]
    assert len(inner.calls) == 1


def test_a_crashed_session_shows_one_line_never_the_traceback():
    """Flet sends an unexpected error's traceback to the browser (its paths, its code, the
    data it held); the gate sends one line instead, and the log keeps the rest."""
    traceback = "UnicodeEncodeError: surrogates\nTraceback (most recent call last):\n  File \"/x/db.py\""

    async def crashing(scope, receive, send) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await receive()
        await send({"type": "websocket.send", "bytes": b"\x00" + msgpack.packb([6, {"message": traceback}])})
        await send({"type": "websocket.send", "bytes": b"\x00" + msgpack.packb([2, {"id": 1, "patch": []}])})

    gate = Gate(crashing, key="k" * 32, port=8550)
    sent = _run(gate, _ws({"host": "127.0.0.1:8550", "origin": "http://127.0.0.1:8550"}))
    frames = [msgpack.unpackb(m["bytes"][1:]) for m in sent if m["type"] == "websocket.send"]
    assert frames[0][0] == 6 and "Traceback" not in frames[0][1]["message"]
    assert frames[0][1]["message"].startswith("companion met an error it did not expect")
    assert frames[1] == [2, {"id": 1, "patch": []}]                  # everything else as sent


# ---------------------------------------------------------------- the key and what serve prints

def test_the_host_key_is_kept_private_and_survives_a_restart(tmp_path):
    key, kept = load_host_key(tmp_path)
    assert kept and len(key) >= 32
    assert load_host_key(tmp_path) == (key, True)
    assert stat.S_IMODE((tmp_path / "host.key").stat().st_mode) == 0o600


def test_a_data_folder_that_cannot_be_written_gets_a_key_for_this_run(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")                    # a folder path under a file: never writable, even for root
    key, kept = load_host_key(blocker / "data")
    assert not kept and len(key) >= 32
    lines = serving_lines("127.0.0.1", 8550, host_link("http://127.0.0.1:8550/", key), kept=False)
    assert any("until the server stops" in line for line in lines)


def test_serving_on_the_network_prints_the_join_address_and_says_it_is_reachable():
    lines = serving_lines("0.0.0.0", 8550, "http://127.0.0.1:8550/?host=K", lan=lambda: "192.168.1.20")
    text = "\n".join(lines)
    assert "http://127.0.0.1:8550/?host=K" in text
    assert "reachable from the local network" in text
    assert "phones join at http://192.168.1.20:8550/join" in text


def test_serving_on_loopback_says_only_this_machine_can_reach_it():
    text = "\n".join(serving_lines("127.0.0.1", 8550, "http://127.0.0.1:8550/?host=K"))
    assert "only this machine" in text and "/join" not in text


def test_serve_on_every_address_says_so_at_start(tmp_path):
    """`companion serve --host 0.0.0.0` as a host types it: the host link, that the app
    is now reachable from the network, and where phones join (or why they cannot)."""
    import subprocess
    import sys

    from tests.e2e.harness import ROOT, free_port

    port = free_port()
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path), PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host", "0.0.0.0", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()
    key = (tmp_path / "host.key").read_text().strip()
    assert lines[0] == f"companion: the host screen (keep this link to yourself): http://127.0.0.1:{port}/?host={key}\n"
    assert lines[1].startswith("companion: now reachable from the local network on 0.0.0.0")
    assert f":{port}/join" in lines[2] or "no local network address" in lines[2]
