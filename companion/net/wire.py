"""What the gate knows of the Flet web client's frames (Flet 1.0.5's wire format).

No flet here: msgpack only. Each binary websocket frame is ``0x00`` + msgpack
``[action, body]`` (``flet_web.fastapi.flet_app``); action 1 registers the client:
``{"session_id": …, "page_name": …, "page": {…}}``. The browser's client sends
exactly one register frame, first, on each websocket (a reconnect opens a new
websocket), and every register frame makes or takes over a Flet session.

Why the gate looks at all:

- Flet handles a connection whose first frame is not a register frame it can
  read by waiting, for ever, for a session that was never made: the connection's
  task never ends, and ``companion serve`` then never exits on SIGTERM or Ctrl-C.
  The gate hands Flet a connection only once its first frame is a well-formed
  register frame (:func:`is_register`).
- Flet tells the browser of an error a handler did not expect with the Python
  traceback (``SESSION_CRASHED``): the code's paths and lines, and the data it was
  handling, on any phone's or host's screen. The gate sends one line instead
  (:func:`crashed`, :func:`crash_frame`); the traceback stays in the server's log.
- Flet makes a new session for every register frame, and a session made by an
  earlier register frame of the same websocket is never let go (it stays
  "connected" to a connection that no longer talks to it): one websocket could
  pile up sessions without end. A later register frame ends the connection
  (:func:`registers`).
"""

from __future__ import annotations

from typing import Any

import msgpack

REGISTER = 1
SESSION_CRASHED = 6
_REGISTER_FIELDS = {"session_id", "page_name", "page"}
MAX_REGISTER_BYTES = 64 * 1024     # the browser's is ~700 bytes: its page's size, media and platform


class _ExtRefused(ValueError):
    pass


def _no_ext(code: int, data: bytes) -> Any:
    raise _ExtRefused(code)


def is_register(data: bytes | None) -> bool:
    """``data`` is a register frame as the browser's client sends it, and as Flet reads
    it without failing: no other first frame is handed to Flet."""
    if not isinstance(data, bytes) or not 2 <= len(data) <= MAX_REGISTER_BYTES or data[0] != 0:
        return False
    try:
        # as Flet decodes it (string map keys only); no extension types: the register
        # frame has none, and a bad one fails in Flet's decoder
        message = msgpack.unpackb(data[1:], ext_hook=_no_ext)
    except Exception:
        return False
    if not isinstance(message, list) or len(message) != 2:
        return False
    action, body = message
    if type(action) is not int or action != REGISTER or not isinstance(body, dict):
        return False
    if set(body) != _REGISTER_FIELDS:
        return False
    return ((body["session_id"] is None or isinstance(body["session_id"], str))
            and isinstance(body["page_name"], str) and isinstance(body["page"], dict))


def registers(data: bytes | None) -> bool:
    """``data`` is a frame Flet would read as a register frame (any encoding of action 1:
    Flet's ``MessageAction(1.0)`` and ``MessageAction(True)`` are REGISTER too). Reads
    the frame's first element only, so a big frame costs nothing here."""
    if not isinstance(data, bytes) or len(data) < 2 or data[0] != 0:
        return False
    unpacker = msgpack.Unpacker()
    unpacker.feed(data[1:])
    try:
        if unpacker.read_array_header() < 1:
            return False
        action = unpacker.unpack()
    except Exception:
        return False
    try:
        return bool(action == REGISTER)
    except Exception:
        return False


def session_of(data: bytes | None) -> str | None:
    """The session id in the server's answer to a register frame, or None when ``data``
    is not that answer."""
    if not isinstance(data, bytes) or len(data) < 2 or data[0] != 0:
        return None
    unpacker = msgpack.Unpacker(strict_map_key=False)
    unpacker.feed(data[1:])
    try:
        if unpacker.read_array_header() != 2 or unpacker.unpack() != REGISTER:
            return None
        body = unpacker.unpack()
    except Exception:
        return None
    sid = body.get("session_id") if isinstance(body, dict) else None
    return sid if isinstance(sid, str) else None


def _action(data: bytes | None) -> Any:
    """The action of a frame, read from its first element only (None if it has none)."""
    if not isinstance(data, bytes) or len(data) < 2 or data[0] != 0:
        return None
    unpacker = msgpack.Unpacker()
    unpacker.feed(data[1:2 + 16])       # the array header and the action: a few bytes
    try:
        if unpacker.read_array_header() < 1:
            return None
        return unpacker.unpack()
    except Exception:
        return None


def crashed(data: bytes | None) -> bool:
    """``data`` is the server's frame telling the browser its session crashed."""
    action = _action(data)
    return type(action) is int and action == SESSION_CRASHED


def crash_frame(line: str) -> bytes:
    """The crash frame with ``line`` as its whole message."""
    packed: bytes = msgpack.packb([SESSION_CRASHED, {"message": line}])
    return b"\x00" + packed
