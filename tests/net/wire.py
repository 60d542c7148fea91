"""A raw Flet web client: the frames the browser's Flet client sends, sent by hand.

What a hostile client on the table's Wi-Fi can do without a browser: open ``/ws``
with the page's own ``Origin`` (the gate's first test passes), then say whatever it
likes in the register frame and afterwards (any ``Page`` property, any event on any
control id). The wire format is Flet 1.0's (``flet_web.fastapi.flet_app``): each
binary frame is ``0x00`` + msgpack ``[action, body]``; 1 registers, 2 is the
server's patch of the control tree, 3 a control event, 4 a property update, 5 a
method call (the client answers it), 6 a crashed session.

The client keeps every control it has been sent (by id: ``_i``) and every string
in every frame, which is all a test needs to say what the session showed.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

REGISTER, PATCH, EVENT, PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6

# What chromium's Flet client sends in its register frame (captured from a real one).
BROWSER_PAGE: dict[str, Any] = {
    "route": "/join", "pwa": False, "web": True, "debug": False, "wasm": True, "test": False,
    "multi_view": False, "pyodide": False, "platform_brightness": "light", "width": 360.0,
    "height": 740.0, "platform": "linux", "window": {},
    "media": {"padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
              "view_padding": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
              "view_insets": {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0},
              "device_pixel_ratio": 1.0, "orientation": "portrait", "always_use_24_hour_format": False},
}


def frame(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            if isinstance(k, str):
                yield k
            yield from _strings(v)
    elif isinstance(node, (list, tuple)):
        for v in node:
            yield from _strings(v)


def _controls(node: Any, found: dict[int, dict[str, Any]]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("_i"), int) and "_c" in node:
            found.setdefault(node["_i"], {}).update(node)
        for v in node.values():
            _controls(v, found)
    elif isinstance(node, (list, tuple)):
        for v in node:
            _controls(v, found)


class Wire:
    """One websocket to ``companion serve``, spoken by hand."""

    def __init__(self, port: int, *, query: str = "", origin: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.port = port
        url = f"ws://127.0.0.1:{port}/ws" + (f"?{query}" if query else "")
        self.ws = connect(url, origin=origin or f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
                          additional_headers=headers or {}, open_timeout=15, max_size=None,
                          compression=None).__enter__()
        self.frames: list[Any] = []
        self.texts: list[str] = []
        self.controls: dict[int, dict[str, Any]] = {}
        self.session_id: str | None = None
        self.crashed: list[str] = []
        self.closed = False

    # ------------------------------------------------------------ sending
    def send(self, action: int, body: Any) -> None:
        self.ws.send(frame(action, body))

    def send_raw(self, data: bytes | str) -> None:
        self.ws.send(data)

    def register(self, *, session_id: str | None = None, route: str = "/join", **page: Any) -> None:
        """The register frame, as the browser sends it, with ``page`` fields changed."""
        body = dict(BROWSER_PAGE, route=route, **page)
        self.send(REGISTER, {"session_id": session_id, "page_name": "", "page": body})
        self.until(lambda: self.session_id is not None, what="the register answer")

    def props(self, control: int, **props: Any) -> None:
        self.send(PROPS, {"id": control, "props": props})

    def event(self, control: int, name: str, data: Any = None) -> None:
        self.send(EVENT, {"target": control, "name": name, "data": data})

    def click(self, control: int) -> None:
        self.event(control, "click")

    # ------------------------------------------------------------ receiving
    def pump(self, seconds: float = 0.5) -> None:
        """Read what the server sends for ``seconds`` (answering its method calls)."""
        end = time.monotonic() + seconds
        while not self.closed:
            left = end - time.monotonic()
            if left <= 0:
                return
            self._read(left)

    def until(self, check: Callable[[], bool], *, timeout: float = 20, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not check():
            left = end - time.monotonic()
            if left <= 0 or self.closed:
                raise AssertionError(f"not seen within {timeout}s: {what}; last texts: {self.texts[-30:]}")
            self._read(min(left, 0.5))

    def shows(self, text: str) -> bool:
        return any(text in t for t in self.texts)

    def wait_for(self, text: str, timeout: float = 20) -> None:
        self.until(lambda: self.shows(text), timeout=timeout, what=repr(text))

    def find(self, text: str, kind: str | None = None) -> int:
        """The id of the newest control sent whose own properties hold ``text``."""
        for cid in sorted(self.controls, reverse=True):
            props = self.controls[cid]
            if kind is not None and props.get("_c") != kind:
                continue
            own = [v for k, v in props.items() if isinstance(v, str) and k != "_c"]
            if any(text in v for v in own):
                return cid
        raise AssertionError(f"no control holds {text!r}")

    def _read(self, timeout: float) -> None:
        try:
            data = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return
        except ConnectionClosed:
            self.closed = True
            return
        if not isinstance(data, bytes) or data[:1] != b"\x00":
            return
        action, body = msgpack.unpackb(data[1:], strict_map_key=False)
        self.frames.append((action, body))
        self.texts.extend(_strings(body))
        _controls(body, self.controls)
        if action == REGISTER:
            self.session_id = body.get("session_id")
        elif action == INVOKE:
            self.send(INVOKE, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                               "result": None, "error": None})
        elif action == CRASHED:
            self.crashed.append(str(body))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
        self.closed = True

    def __enter__(self) -> Wire:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
