"""The hub as the server process shares it, and what the screens say about reaching it.

No flet here: the Flet screens (``companion.ui.host``, ``companion.ui.phone``) call these.

- :func:`hub_for`: one :class:`~companion.net.hub.Hub` per store file in the process,
  shared by every session (the join limiter counts a phone's wrong codes across tabs).
- :func:`is_local_client`: a session from this machine. It decides nothing about host
  powers (the host key does, :mod:`companion.net.access`); a phone screen on this
  machine is told how to open the host screen.
- :func:`serving_lines`: what ``companion serve`` prints at start.
- :func:`reach`: can phones reach this server, and at which link? Known from the
  address the server was started on (:func:`set_bind_host`, called by
  ``companion serve``): bound to 127.0.0.1 it cannot be reached, and the host screen
  says so and how to serve on the network; bound to 0.0.0.0 phones use this
  machine's LAN address. Nothing is sent anywhere to find out.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from companion.core import i18n
from companion.core.i18n import _
from companion.net.join import join_url, lan_address
from companion.store import Store

if TYPE_CHECKING:
    from companion.net.hub import Hub

JOIN_PATH = "/join"
SERVE_HINT = "companion serve --host 0.0.0.0"

_hubs: dict[Path, Hub] = {}
_hubs_lock = threading.Lock()


def hub_for(store: Store) -> Hub:
    """The process's hub for this store (created on first use, then shared)."""
    from companion.net.hub import Hub  # noqa: PLC0415 - for the sessions: not before serve listens

    key = Path(store.path).resolve()
    with _hubs_lock:
        hub = _hubs.get(key)
        if hub is None or hub.store is not store:
            hub = _hubs[key] = Hub(store)
        return hub


def is_local_client(client_ip: str | None) -> bool:
    """A session on this machine: the desktop app (no IP) or a browser over loopback.
    Anything forwarding connections on this machine comes from loopback too, so this
    is a hint for the screens, never a permission."""
    if not client_ip:
        return True
    try:
        return ipaddress.ip_address(client_ip.split("%")[0]).is_loopback
    except ValueError:
        return client_ip == "localhost"


def port_of(url: str | None, default: int = 8550) -> int:
    """The port of the URL the session was served from (``ws://127.0.0.1:8550``)."""
    if not url:
        return default
    try:
        parts = urlsplit(url)
        return parts.port or {"https": 443, "wss": 443}.get(parts.scheme, 80)
    except ValueError:
        return default


_bind_host: str | None = None


def set_bind_host(host: str) -> None:
    """The address ``companion serve`` listens on (127.0.0.1 unless the host asked)."""
    global _bind_host
    _bind_host = host


def listens_beyond_loopback(host: str | None) -> bool:
    """Whether a server bound to ``host`` can be reached from other devices."""
    if host is None:
        return False
    if host in ("", "0.0.0.0", "::"):
        return True
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a host name: the host chose a network address


@dataclass(frozen=True)
class Reach:
    """How phones reach the table: ``url`` is the link for the QR code (None: they
    cannot); ``local_url`` opens the join screen on this machine; ``note`` says why not."""

    url: str | None
    local_url: str
    note: str | None


def reach(port: int | None, *, web: bool = True,
          lan: Callable[[], str | None] = lan_address,
          bind_host: str | None = None) -> Reach:
    """Where phones can open the join screen of this server on ``port``, bound to
    ``bind_host`` (default: what ``companion serve`` was given)."""
    bind_host = _bind_host if bind_host is None else bind_host
    if not web or port is None:
        return Reach(None, "", _("This app is not serving web pages, so phones cannot join it. "
                                 "Start `{command}` and host the table there.").format(command=SERVE_HINT))
    local = join_url("127.0.0.1", port, JOIN_PATH)
    if not listens_beyond_loopback(bind_host):
        return Reach(None, local, _("This server listens on 127.0.0.1 only: phones cannot reach it. "
                                    "Stop it and start `{command}` (the same port with "
                                    "--port) to host the table on the local network.").format(command=SERVE_HINT))
    named = bind_host not in (None, "", "0.0.0.0", "::")
    address = bind_host if named else lan()
    if address is None:
        return Reach(None, local, _("This machine has no local network address: phones cannot "
                                    "reach it. Connect it to the table's Wi-Fi and serve with "
                                    "`{command}`.").format(command=SERVE_HINT))
    return Reach(join_url(address, port, JOIN_PATH), local, None)


def serving_lines(bind_host: str, port: int, host_url: str, *, kept: bool = True,
                  lan: Callable[[], str | None] = lan_address) -> list[str]:
    """What ``companion serve`` prints at start: where the host opens the app, and who
    else can reach it."""
    lines = [_("the host screen (keep this link to yourself): {url}").format(url=host_url)]
    if not kept:
        lines.append(_("the host key could not be saved in the data folder: this link works "
                       "until the server stops"))
    if not listens_beyond_loopback(bind_host):
        lines.append(_("only this machine can reach it; to host a table on phones serve with "
                       "`{command}`").format(command=SERVE_HINT))
        return lines
    where = reach(port, lan=lan, bind_host=bind_host)
    lines.append(_("now reachable from the local network on {address}: "
                   "phones there can open the join screen, not the host screen").format(
        address=bind_host or _("every address")))
    if where.url:
        lines.append(_("phones join at {url}").format(url=where.url))
    elif where.note:
        lines.append(where.note)
    return lines


_reach_cache: dict[tuple[int | None, str], tuple[float, Reach]] = {}
_reach_lock = threading.Lock()


def reach_cached(port: int | None, *, web: bool = True, ttl: float = 20.0) -> Reach:
    """:func:`reach`, asked at most every ``ttl`` seconds per port (host screens redraw
    on every bid)."""
    now = time.monotonic()
    where = (port if web else None, i18n.language())   # the note is in the language in effect
    with _reach_lock:
        hit = _reach_cache.get(where)
        if hit is not None and now - hit[0] < ttl:
            return hit[1]
    found = reach(port, web=web)
    with _reach_lock:
        _reach_cache[where] = (now, found)
    return found
