"""The link phones open to join a table, and its QR code.

``companion serve --host 0.0.0.0`` listens on every interface; phones need the host's
address on the local network. It is found without sending anything: a UDP socket
``connect`` only asks the kernel which local address would route to a private
address (no packet leaves), with the host name's addresses as a fallback.

The link does not carry the table code: scanning the QR code reaches the server, and
the player types the code shown on the host's screen, so a photo of the QR code alone
seats nobody.
"""

from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Callable, Iterable

# Where a UDP socket is "connected" to learn the outgoing interface: a private
# address, port 9 (discard). connect() on a UDP socket sends no packet.
PROBE_ADDRESS = ("10.255.255.255", 9)

ALL_INTERFACES = {"0.0.0.0", "::", ""}


def _routed_address() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(PROBE_ADDRESS)
        except OSError:
            return None
        address: str = s.getsockname()[0]
        return address


def _named_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def pick_lan_address(candidates: Iterable[str | None]) -> str | None:
    """The first candidate a phone on the local network can reach: IPv4, not loopback,
    link-local, unspecified or multicast; private addresses preferred."""
    usable = []
    for raw in candidates:
        if not raw:
            continue
        try:
            ip = ipaddress.ip_address(raw)
        except ValueError:
            continue
        if ip.version != 4 or ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        usable.append(ip)
    private = [ip for ip in usable if ip.is_private]
    chosen = private or usable
    return str(chosen[0]) if chosen else None


def lan_address(
    routed: Callable[[], str | None] = _routed_address,
    named: Callable[[], list[str]] = _named_addresses,
) -> str | None:
    """This machine's address on the local network, or None if it has none."""
    return pick_lan_address([routed(), *named()])


def join_host(bind_host: str, lan: Callable[[], str | None] = lan_address) -> str | None:
    """The address phones use for a server bound to ``bind_host``: the LAN address when it
    listens on every interface, the bound address itself otherwise. None when phones
    cannot reach it (bound to loopback, or no LAN address): the host screen says so."""
    if bind_host in ALL_INTERFACES:
        return lan()
    try:
        if ipaddress.ip_address(bind_host).is_loopback:
            return None
    except ValueError:
        if bind_host == "localhost":
            return None
    return bind_host


def join_url(address: str, port: int, path: str = "/") -> str:
    """The link phones open: ``http://192.168.1.20:8550/``."""
    try:
        if ipaddress.ip_address(address).version == 6:
            address = f"[{address}]"
    except ValueError:
        pass
    return f"http://{address}:{port}/{path.lstrip('/')}"


def qr_svg(url: str, *, scale: int = 8, dark: str = "#000", light: str = "#fff") -> str:
    """The link as a QR code in SVG (an ``ft.Image(src=...)`` draws it)."""
    import segno  # noqa: PLC0415 - the QR code's library, loaded when a code is drawn

    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="svg", scale=scale, border=4,
                                                 dark=dark, light=light, xmldecl=False)
    return out.getvalue().decode("utf-8")


def qr_png(url: str, *, scale: int = 8) -> bytes:
    """The link as a QR code in PNG (base64 it for ``ft.Image(src_base64=...)``)."""
    import segno  # noqa: PLC0415 - the QR code's library, loaded when a code is drawn

    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code's modules (True: dark), quiet zone left out: for tests and custom drawing."""
    import segno  # noqa: PLC0415 - the QR code's library, loaded when a code is drawn

    return [[bool(m) for m in row] for row in segno.make(url, error="m", micro=False).matrix]
