"""Who may talk to ``companion serve``, and who is the host.

No flet here: :class:`Gate` is plain ASGI, wrapped around Flet's web app by
:func:`companion.ui.launch.serve`.

Two questions, answered at the door of every request:

**May this page talk to us at all?** (the websocket's ``Origin``)
    Browsers let any page open a websocket to any address and send its frames, so
    without a check a page from another site, opened in the host's browser while
    ``companion serve`` runs, could drive the app as if it were ours. Browsers do
    put the page's origin in the handshake's ``Origin`` header, and a page cannot
    forge it. The gate accepts a websocket only when ``Origin`` is the page's own
    address — the ``scheme://host:port`` the request was sent to — and refuses
    everything else (another site, another port on this machine, ``null``, no
    ``Origin``) with HTTP 403 before Flet sees it, so no session is ever made. No
    page may show ours in a frame either (``X-Frame-Options``, CSP
    ``frame-ancestors``).
    The ``Host`` header must name this machine (an IP address, ``localhost``, the
    address ``serve`` was given or this machine's own name): a site that points its
    own domain at 127.0.0.1 (DNS rebinding) would otherwise pass the ``Origin`` test
    with its own name.

**Is this the host?** (the host key)
    The host screen holds the whole app: every record, undo, edit, and the hosted
    table's code, seats, "Reveal now" and "Close table". The peer address cannot
    decide who gets it: anything on the host machine that forwards connections (an
    SSH tunnel, a reverse proxy, a phone-sharing tool) makes every phone behind it
    come from 127.0.0.1. Nor can anything the client says once connected: the
    register frame and every later property update may set any field of Flet's
    ``Page`` (``web``, ``route``, ``client_ip``, ``platform``…). So the host proves
    itself with a secret, as notebook servers do, and the gate alone decides:
    ``serve`` prints a link carrying the host key (and plain ``companion`` opens it
    in the browser itself). Opening it keeps the key in the page's own
    ``localStorage`` and goes on to the clean address; every page of ours then
    opens its websocket with the key in the websocket's address
    (:data:`STORE_KEY_SCRIPT`), where the gate checks it and takes it out before
    Flet sees the address. A websocket that brings the key is a host session; any
    other is a phone, and gets the phone screens only, wherever it comes from.

    Why not a cookie: cookies ignore ports, so a cookie set by ``127.0.0.1:8550``
    is sent to every server on ``127.0.0.1`` — another local app on another port
    would receive the host key. ``localStorage`` belongs to one origin (scheme,
    host *and* port): no other server, and no page of another port, can read it.
    The host link also deletes the cookie older versions set.

    The key lives in the data folder (``host.key``, readable by this user only), so
    a host's open tab is still the host after a crash and restart; deleting the
    file and restarting revokes it. A read-only data folder gets a key for this
    run only.

The verdict (:class:`Visitor`: host or not, and the connection's real peer address)
reaches the session through a context variable: the gate sets it before handing the
websocket to Flet, and Flet starts the session's ``main`` (and runs its events) in
tasks made inside that call, which inherit it (:func:`visitor`). The gate also hands
Flet only websockets whose first frame is a register frame, never a second one, and
bounds the sessions each peer holds (:mod:`companion.net.wire`,
:mod:`companion.net.sessions`).
"""

from __future__ import annotations

import asyncio
import contextvars
import hmac
import ipaddress
import json
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from companion.core.i18n import _
from companion.net.sessions import SessionBook
from companion.net.wire import crash_frame, crashed, is_register, registers, session_of

KEY_FILE = "host.key"
KEY_PARAM = "host"
#: Where the host's browser keeps the key: its localStorage, of this origin only.
STORAGE_KEY = "companion-host-key"
#: How long a new websocket may take to send its register frame (the browser's comes at once).
FIRST_FRAME_SECONDS = 30.0

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Visitor:
    """What the gate knows of the websocket a session came on: whether it brought the
    host key, and the connection's own peer address (what the join limiter counts)."""

    host: bool
    peer: str


_visitor: contextvars.ContextVar[Visitor | None] = contextvars.ContextVar("companion_visitor", default=None)


def visitor() -> Visitor | None:
    """The gate's verdict on the websocket whose session is being started (None: the
    session did not come through the gate)."""
    return _visitor.get()


def host_session() -> bool:
    """Whether the Flet session being started came through the gate with the host key."""
    found = _visitor.get()
    return found is not None and found.host


def new_key() -> str:
    return secrets.token_urlsafe(24)


def load_host_key(folder: Path) -> tuple[str, bool]:
    """The host key kept in ``folder`` (made on first use), and whether it is kept:
    ``False`` when the folder cannot be written, and the key lasts for this run only."""
    path = Path(folder) / KEY_FILE
    try:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 16:
            return key, True
    except (OSError, UnicodeDecodeError):
        pass
    key = new_key()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(key + "\n")
        return key, True
    except OSError:
        return key, False


def legacy_cookie_name(port: int) -> str:
    """The cookie older versions kept the host key in (deleted by the host link)."""
    return f"companion_host_{port}"


#: Put in every page of ours: the websocket goes to ``ws?host=KEY`` when this origin's
#: storage holds the key (Flet's web client builds the websocket's address from
#: ``flet.webSocketEndpoint``). A page of another origin cannot read that storage.
STORE_KEY_SCRIPT = (
    f"<script>(function(){{try{{var k=window.localStorage.getItem({json.dumps(STORAGE_KEY)});"
    f"if(k&&window.flet){{window.flet.webSocketEndpoint=\"ws?{KEY_PARAM}=\"+encodeURIComponent(k);}}}}"
    "catch(e){}})();</script>"
).encode("ascii")


def machine_names() -> set[str]:
    """The names this machine answers to on the local network, besides addresses."""
    names = {"localhost"}
    try:
        own = socket.gethostname().lower().rstrip(".")
    except OSError:
        own = ""
    if own:
        names |= {own, own.split(".")[0] + ".local", own + ".local"}
    return names


def _split_host(host_header: str) -> tuple[str, int | None] | None:
    """``"127.0.0.1:8550"`` → ``("127.0.0.1", 8550)``; ``"[::1]:80"`` → ``("::1", 80)``."""
    try:
        parts = urlsplit("//" + host_header)
        return (parts.hostname or "", parts.port)
    except ValueError:
        return None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%")[0])
        return True
    except ValueError:
        return False


def _default_port(scheme: str) -> int:
    return 443 if scheme in ("https", "wss") else 80


class Gate:
    """ASGI middleware: the ``Host`` check on every request, the ``Origin`` check on
    websockets, the host link, the host verdict and peer for Flet's session, and the
    bounds on what one websocket and one peer may make (see the module docstring)."""

    def __init__(self, app: ASGIApp, *, key: str, port: int, names: Iterable[str] = (),
                 book: SessionBook | None = None) -> None:
        self.app = app
        self.key = key
        self.port = port
        self.names = {n.lower().rstrip(".") for n in names if n} | machine_names()
        self.book = book if book is not None else SessionBook()

    # ------------------------------------------------------------ the checks
    def known_host(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        split = _split_host(host_header)
        if split is None:
            return False
        name = split[0].lower().rstrip(".")
        return _is_ip(name) or name in self.names

    def own_origin(self, scope: Scope, origin: str | None, host_header: str | None) -> bool:
        """``Origin`` is exactly the address this request was sent to."""
        if not origin or not host_header:
            return False
        try:
            seen = urlsplit(origin)
            seen_port = seen.port
        except ValueError:
            return False
        if seen.scheme not in ("http", "https") or seen.path not in ("", "/") or seen.query:
            return False
        want_scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        split = _split_host(host_header)
        if split is None:
            return False
        want_host, want_port = split
        return (seen.scheme == want_scheme
                and (seen.hostname or "") == want_host.lower()
                and (seen_port or _default_port(seen.scheme)) == (want_port or _default_port(want_scheme)))

    def is_key(self, offered: str | None) -> bool:
        return offered is not None and hmac.compare_digest(offered.encode("utf-8", "replace"), self.key.encode())

    # ------------------------------------------------------------ ASGI
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)    # lifespan
            return
        headers = _headers(scope)
        host_header = headers.get("host")
        if not self.known_host(host_header):
            await _refuse(kind, send, 400, "companion: unknown Host header; open the address companion printed.")
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        offered = [v for k, v in query if k == KEY_PARAM]
        rest = [(k, v) for k, v in query if k != KEY_PARAM]
        if kind == "websocket":
            peer = peer_of(scope)
            if not self.own_origin(scope, headers.get("origin"), host_header) or not self.book.may_open(peer):
                await _refuse(kind, send, 403, "")
                return
            # The key leaves the address before Flet sees it (page.url holds no secret).
            inner = dict(scope, query_string=urlencode(rest).encode("latin-1"))
            session: list[str] = []          # the session this websocket talks to, once known
            self.book.opened(peer)
            try:
                await self._websocket(inner, receive, send,
                                      Visitor(self.is_key(offered[0] if offered else None), peer), session)
            finally:
                await self.book.closed(peer, session[0] if session else None)
            return
        if offered:
            await self._host_link(scope, send, offered[0], rest)
            return
        await self.app(scope, receive, _pages_of_ours(send, head=scope.get("method") == "HEAD"))

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, who: Visitor,
                         session: list[str]) -> None:
        """Accept the websocket, and hand it to Flet only once its first frame is a
        register frame (:func:`companion.net.wire.is_register`); a later register frame
        ends it. Flet's session inherits ``who`` (:func:`visitor`); its id goes into
        ``session`` once Flet answers the register frame."""
        hello = await receive()
        if hello.get("type") != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        try:
            first = await asyncio.wait_for(receive(), FIRST_FRAME_SECONDS)
        except TimeoutError:
            await send({"type": "websocket.close", "code": 1008})
            return
        if first.get("type") != "websocket.receive":
            return                                  # gone before saying anything
        if not is_register(first.get("bytes")):
            await send({"type": "websocket.close", "code": 1008})
            return
        waiting: list[Message] = [hello, first]
        ended = False

        async def receiving() -> Message:
            nonlocal ended
            if waiting:
                return waiting.pop(0)
            if ended:
                return {"type": "websocket.disconnect", "code": 1008}
            message = await receive()
            if message.get("type") == "websocket.receive" and registers(message.get("bytes")):
                ended = True                        # a second session on one websocket: no
                await send({"type": "websocket.close", "code": 1008})
                return {"type": "websocket.disconnect", "code": 1008}
            return message

        accepted = False

        async def sending(message: Message) -> None:
            nonlocal accepted
            if message.get("type") == "websocket.accept" and not accepted:
                accepted = True                     # accepted above already
                return
            if ended and message.get("type") == "websocket.close":
                return
            if message.get("type") == "websocket.send":
                data = message.get("bytes")
                if not session:
                    found = session_of(data)
                    if found is not None:
                        session.append(found)
                        self.book.attached(found)
                if crashed(data):       # never a traceback on a screen: it stays in the log
                    message = dict(message, bytes=crash_frame(_(
                        "companion met an error it did not expect and stopped this page. Reload "
                        "the page to go on; what was saved is kept.")))
            await send(message)

        token = _visitor.set(who)
        try:
            await self.app(scope, receiving, sending)
        finally:
            _visitor.reset(token)

    async def _host_link(self, scope: Scope, send: Send, offered: str, rest: list[tuple[str, str]]) -> None:
        """``/?host=KEY``: the right key is kept in this origin's storage, and the page
        goes on to the same address without it (the key leaves the address bar and
        the history at once); a wrong key is refused."""
        if not self.is_key(offered):
            await _refuse("http", send, 403, _("This host link is not this server's: open the link "
                                               "companion printed when it started."))
            return
        path = scope.get("root_path", "") + scope.get("path", "/")
        location = path + ("?" + urlencode(rest) if rest else "")
        script = (f"try{{localStorage.setItem({json.dumps(STORAGE_KEY)},{json.dumps(self.key)})}}catch(e){{}}"
                  f"location.replace({json.dumps(location)});")
        body = ("<!doctype html><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">"
                "<title>companion</title><script>" + script.replace("<", "\\u003c") + "</script>").encode("utf-8")
        gone = f"{legacy_cookie_name(self.port)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/html; charset=utf-8"),
                                (b"content-length", str(len(body)).encode()),
                                (b"set-cookie", gone.encode("latin-1")),
                                (b"cache-control", b"no-store"),
                                (b"referrer-policy", b"no-referrer"),
                                *FRAME_HEADERS]})
        await send({"type": "http.response.body", "body": body})


def peer_of(scope: Scope) -> str:
    """The connection's own peer address (the ASGI scope's ``client``): never a header,
    never anything the client says (``companion serve`` runs uvicorn without proxy
    headers)."""
    client = scope.get("client")
    if client and client[0]:
        return str(client[0])
    return "unknown"


FRAME_HEADERS = [(b"x-frame-options", b"DENY"),
                 (b"content-security-policy", b"frame-ancestors 'none'")]


def _pages_of_ours(send: Send, *, head: bool = False) -> Send:
    """Every response: no page may show ours in a frame. A page on another port of this
    machine is the same *site* as ours, so it could show ours in a frame and trick the
    host into clicking its buttons (clickjacking).

    Every HTML page (Flet's ``index.html``, whatever the path): :data:`STORE_KEY_SCRIPT`
    before ``</head>``, so the host's browser opens its websocket with the key."""
    return body_rewritten(send, _with_store_key, head=head, every=FRAME_HEADERS)


def _with_store_key(body: bytes) -> bytes:
    at = body.lower().find(b"</head>")
    return body[:at] + STORE_KEY_SCRIPT + body[at:] if at >= 0 else STORE_KEY_SCRIPT + body


Header = tuple[bytes, bytes]


def body_rewritten(send: Send, change: Callable[[bytes], bytes], *, head: bool = False,
                   every: Iterable[Header] = (), added: Iterable[Header] = (),
                   kinds: tuple[bytes, ...] = (b"text/html",)) -> Send:
    """A ``send`` that adds the headers ``every`` to each response and ``added`` to each
    of the content types ``kinds`` (HTML pages unless told), and gives such a response's
    whole body (status 200, not a HEAD request) to ``change`` before it goes out. Its
    length is set anew and its validators go (``ETag``, ``Last-Modified``): a copy cached
    before the change is never taken as current. Other responses pass as they are."""
    every, added = list(every), list(added)
    holding = False
    held: list[bytes] = []
    start: Message | None = None

    async def sending(message: Message) -> None:
        nonlocal holding, start
        if message["type"] == "http.response.start":
            headers = [*message.get("headers", []), *every]
            kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
            if kind.lower().startswith(kinds):
                headers += added
                if message.get("status") == 200 and not head:
                    holding = True
                    start = dict(message, headers=[(k, v) for k, v in headers
                                                   if k.lower() not in (b"content-length", b"etag", b"last-modified")])
                    return
            await send(dict(message, headers=headers))
            return
        if holding and message["type"] == "http.response.body":
            held.append(message.get("body", b""))
            if message.get("more_body"):
                return
            body = change(b"".join(held))
            assert start is not None
            await send(dict(start, headers=[*start["headers"], (b"content-length", str(len(body)).encode())]))
            await send({"type": "http.response.body", "body": body})
            return
        await send(message)

    return sending


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").lower()
        if key in out:                      # a repeated header is suspect: keep the first
            continue
        out[key] = value.decode("latin-1")
    return out


async def _refuse(kind: str, send: Send, status: int, text: str) -> None:
    """An HTTP error. A websocket refused before it is accepted gets HTTP 403 from the
    server (ASGI: ``websocket.close`` before ``websocket.accept``), never a session."""
    if kind == "websocket":
        await send({"type": "websocket.close", "code": 1008})
        return
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def host_link(base: str, key: str) -> str:
    """The link that makes a browser the host: ``http://127.0.0.1:8550/?host=KEY``."""
    return base.rstrip("/") + "/?" + urlencode({KEY_PARAM: key})
