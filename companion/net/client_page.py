"""The page and client `companion serve` sends a browser, made companion's own.

Flet's web client, as its wheel ships it, opens on Flet's name and logo, asks a CDN
for an optional animation library (Rive) as it starts, and says "Working..." in
English under its spinner while it waits for the first screen. A table serving
companion on its own Wi-Fi, in German, should see none of that. This ASGI layer,
between :class:`companion.net.access.Gate` and Flet's app, changes what goes out:

- every HTML page (Flet's ``index.html``) gets companion's name and icon in place of
  Flet's, and a content security policy under which the browser loads scripts, workers
  and connections from this server only: the CDN request is never made, as on a table
  without internet (the client goes on without the library; companion draws no
  animation);
- the client's code (``main.dart.js``, ``main.dart.wasm``) has its English startup
  word blanked, byte for byte the same length (a WebAssembly module's data cannot
  change size), so the spinner shows without a word in any language. The phone build
  patches the same client when it is built (:mod:`companion.web.build`);
- its font manifest leaves out the fonts of parts companion never shows
  (:data:`UNUSED_CLIENT`: math, iOS icons): a page loads every font its manifest names
  as it starts, 20 files and 0.7 MB it never drew with;
- a fallback font Flutter asks for itself (a character drawn before the app's fonts
  have arrived, or one none of them has) is answered with the shipped font for it, as
  the phone build's service worker does: Flutter's own ``assets/fonts/noto…`` are not
  shipped, and a fallback font whose download fails is, in some Flutter versions, laid
  out again and again (flutter/flutter#184449).

Nothing here decides who may see what: that is the gate's.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from typing import Any

from companion.core.font_files import FONTS
from companion.core.identity import NAME
from companion.net.access import ASGIApp, Message, Receive, Scope, Send, body_rewritten

#: Parts of the web client companion never shows: math (KaTeX fonts), iOS-style icons and
#: the video player's streaming script (the phone build leaves their files out too).
UNUSED_CLIENT = ("assets/packages/flutter_math_fork/", "assets/packages/cupertino_icons/",
                 "assets/packages/media_kit/")
FONT_MANIFEST = "/assets/FontManifest.json"
#: Flutter's own fallback fonts (``fontFallbackBaseUrl`` is ``assets/fonts/`` offline) →
#: the shipped font that draws their script: Korean, the other CJK fonts, the rest
_NOTO = re.compile(r"^/assets/fonts/noto(sans|serif)?(?P<family>[a-z0-9]*)/")
_CJK_FONT, _KOREAN_FONT = "/" + FONTS["Droid Sans Fallback"], "/" + FONTS["NanumSquare"]
_CJK_NOTO = {"sc": _CJK_FONT, "tc": _CJK_FONT, "hk": _CJK_FONT, "jp": _CJK_FONT, "kr": _KOREAN_FONT}
_OTHER_NOTO = "/" + FONTS["DejaVu Sans"]


def fallback_font(path: str) -> str | None:
    """The shipped font that answers Flutter's request for its fallback font at ``path``;
    None for any other path."""
    found = _NOTO.match(path)
    if found is None:
        return None
    return _CJK_NOTO.get(found.group("family"), _OTHER_NOTO)


def lean_font_manifest(families: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flutter's font manifest without the fonts of :data:`UNUSED_CLIENT`."""
    return [f for f in families if not any(f"assets/{font['asset']}".startswith(UNUSED_CLIENT) for font in f["fonts"])]


def _lean_manifest_body(body: bytes) -> bytes:
    return json.dumps(lean_font_manifest(json.loads(body))).encode("utf-8")


#: Flet's client's startup word, in its code as ``"Working..."`` (JS) and as UTF-8
#: bytes (wasm data); replaced by as many spaces.
STARTUP_WORD = b"Working..."
CLIENT_CODE = ("/main.dart.js", "/main.dart.wasm")
#: Scripts, workers, wasm and connections from this server only ('self'); Flutter's
#: bootstrap is inline ('unsafe-inline'), its engine compiles wasm ('wasm-unsafe-eval')
#: and starts workers from blobs; images and fonts may be data: URLs.
POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:; "
          "worker-src 'self' blob:; connect-src 'self'; img-src 'self' data: blob:; "
          "font-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'")


@functools.cache
def _icon_url() -> str:
    from companion.core.icons import svg_icon  # noqa: PLC0415 - drawn once, on the first page

    return "data:image/svg+xml;base64," + base64.b64encode(svg_icon().encode("utf-8")).decode("ascii")


def companion_page(html: bytes) -> bytes:
    """Flet's ``index.html`` with companion's name and icon (its loading picture, the
    tab's icon, the home-screen icon)."""
    icon = _icon_url().encode("ascii")
    html = re.sub(rb"<title>[^<]*</title>", b"<title>" + NAME.encode() + b"</title>", html, count=1)
    html = re.sub(rb'(<meta name="apple-mobile-web-app-title" content=")[^"]*(")',
                  rb"\g<1>" + NAME.encode() + rb"\g<2>", html, count=1)
    html = html.replace(b'src="icons/loading-animation.png"', b'src="' + icon + b'"')
    html = html.replace(b'href="favicon.png"', b'href="' + icon + b'"')
    return html.replace(b'href="icons/apple-touch-icon-192.png"', b'href="' + icon + b'"')


class ClientPage:
    """ASGI middleware: :func:`companion_page` and :data:`POLICY` on HTML pages, the
    startup word blanked in the client's code; everything else passes untouched."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        head = scope.get("method") == "HEAD"
        font = fallback_font(path)
        if font is not None:
            scope = dict(scope, path=font, raw_path=font.encode("ascii"))
        out = body_rewritten(send, companion_page, head=head,
                             added=[(b"content-security-policy", POLICY.encode("ascii"))])
        if path == FONT_MANIFEST:
            out = body_rewritten(out, _lean_manifest_body, head=head, kinds=(b"application/json",))
        elif path in CLIENT_CODE:
            out = _blanked(out)
        await self.app(scope, receive, out)


def blank_startup_word(code: bytes) -> bytes:
    """The client's code with :data:`STARTUP_WORD` as spaces: same length in, same length
    out (a Content-Length stays true, a wasm module stays whole). The phone build's
    client is blanked by it too."""
    return code.replace(STARTUP_WORD, b" " * len(STARTUP_WORD))


def _blanked(send: Send) -> Send:
    """:func:`blank_startup_word` on a response sent in chunks."""
    tail = b""                       # the last bytes sent on, in case the word straddles two chunks

    async def sending(message: Message) -> None:
        nonlocal tail
        if message["type"] != "http.response.body":
            await send(message)
            return
        data = blank_startup_word(tail + message.get("body", b""))
        cut = max(len(data) - (len(STARTUP_WORD) - 1), 0) if message.get("more_body") else len(data)
        tail = data[cut:]
        await send(dict(message, body=data[:cut]))

    return sending
