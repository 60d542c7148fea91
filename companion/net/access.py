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
    come from 127.0.0.1. So the host proves itself with a secret, as notebook
    servers do: ``serve`` prints a link carrying the host key (and plain
    ``companion`` opens it in the browser itself); opening it sets a cookie
    (HttpOnly, SameSite=Strict) and redirects to the clean address. A websocket
    that brings that cookie is a host session; any other is a phone, and gets the
    phone screens only, wherever it comes from. The key lives in the data folder
    (``host.key``, readable by this user only), so a host's open tab is still the
    host after a crash and restart; deleting the file and restarting revokes it.
    A read-only data folder gets a key for this run only.

The verdict reaches the session through a context variable: the gate sets it before
handing the websocket to Flet, and Flet starts the session's ``main`` in a task made
inside that call, which inherits it (:func:`host_session`).
"""

from __future__ import annotations

import contextvars
import hmac
import ipaddress
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from companion.core.i18n import _

KEY_FILE = "host.key"
KEY_PARAM = "host"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_host_session: contextvars.ContextVar[bool] = contextvars.ContextVar("companion_host_session", default=False)


def host_session() -> bool:
    """Whether the Flet session being started came through the gate with the host key."""
    return _host_session.get()


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


def cookie_name(port: int) -> str:
    """Cookies are per host name, not per port: two servers on one machine each keep
    their own."""
    return f"companion_host_{port}"


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
    websockets, the host link that sets the host cookie, and the host verdict for
    Flet's session (see the module docstring)."""

    def __init__(self, app: ASGIApp, *, key: str, port: int, names: Iterable[str] = ()) -> None:
        self.app = app
        self.key = key
        self.port = port
        self.cookie = cookie_name(port)
        self.names = {n.lower().rstrip(".") for n in names if n} | machine_names()

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

    def is_host(self, headers: dict[str, str]) -> bool:
        raw = headers.get("cookie")
        if not raw:
            return False
        try:
            jar = SimpleCookie(raw)
        except CookieError:
            return False
        morsel = jar.get(self.cookie)
        return morsel is not None and hmac.compare_digest(morsel.value.encode(), self.key.encode())

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
        if kind == "websocket":
            if not self.own_origin(scope, headers.get("origin"), host_header):
                await _refuse(kind, send, 403, "")
                return
            token = _host_session.set(self.is_host(headers))
            try:
                await self.app(scope, receive, send)
            finally:
                _host_session.reset(token)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        offered = [v for k, v in query if k == KEY_PARAM]
        if offered:
            await self._host_link(scope, send, offered[0], [(k, v) for k, v in query if k != KEY_PARAM])
            return
        await self.app(scope, receive, _unframable(send))

    async def _host_link(self, scope: Scope, send: Send, offered: str, rest: list[tuple[str, str]]) -> None:
        """``/?host=KEY``: the right key sets the host cookie; either way the key leaves
        the address bar at once (303 to the same path without it)."""
        if not hmac.compare_digest(offered.encode(), self.key.encode()):
            await _refuse("http", send, 403, _("This host link is not this server's: open the link "
                                               "companion printed when it started."))
            return
        path = scope.get("root_path", "") + scope.get("path", "/")
        location = path + ("?" + urlencode(rest) if rest else "")
        cookie = (f"{self.cookie}={self.key}; Path=/; HttpOnly; SameSite=Strict; "
                  f"Max-Age={400 * 24 * 3600}")
        await send({"type": "http.response.start", "status": 303,
                    "headers": [(b"location", location.encode("latin-1")),
                                (b"set-cookie", cookie.encode("latin-1")),
                                (b"cache-control", b"no-store"),
                                (b"referrer-policy", b"no-referrer"),
                                (b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})


FRAME_HEADERS = [(b"x-frame-options", b"DENY"),
                 (b"content-security-policy", b"frame-ancestors 'none'")]


def _unframable(send: Send) -> Send:
    """No page may show ours in a frame. A page on another port of this machine is the
    same *site* as ours, so the browser would send the host cookie into such a frame,
    and the page could trick the host into clicking its buttons (clickjacking)."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = dict(message)
            message["headers"] = [*message.get("headers", []), *FRAME_HEADERS]
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
