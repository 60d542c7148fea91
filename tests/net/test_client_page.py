"""What `companion serve` sends a browser besides the app (companion.net.client_page):
Flet's page under companion's name and icon with a policy that keeps every script on
the machine, and Flet's client with its English startup word blanked, same length."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import flet_web

from companion.net.client_page import POLICY, STARTUP_WORD, ClientPage, companion_page

WEB = Path(flet_web.get_package_web_dir())


def _served(body_chunks: list[bytes], path: str, kind: bytes) -> tuple[dict, bytes]:
    """The response ClientPage sends for an inner app answering ``body_chunks``."""
    async def inner(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", kind), (b"content-length", str(sum(map(len, body_chunks))).encode()),
                                (b"etag", b'"x"')]})
        for i, chunk in enumerate(body_chunks):
            await send({"type": "http.response.body", "body": chunk, "more_body": i < len(body_chunks) - 1})

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    # A thread of its own: a browser test before this one may leave an event loop running
    # in this thread (playwright's sync API).
    run = threading.Thread(target=asyncio.run, args=(ClientPage(inner)(
        {"type": "http", "method": "GET", "path": path}, receive, send),))
    run.start()
    run.join()
    return sent[0], b"".join(m.get("body", b"") for m in sent[1:])


def test_flets_page_gets_companions_name_icon_and_a_policy_that_keeps_scripts_on_this_machine():
    html = (WEB / "index.html").read_bytes()
    start, body = _served([html[:500], html[500:]], "/", b"text/html; charset=utf-8")
    headers = dict(start["headers"])
    assert headers[b"content-security-policy"] == POLICY.encode()
    assert "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:" in POLICY
    assert "connect-src 'self'" in POLICY and "https:" not in POLICY and "*" not in POLICY
    assert b"etag" not in headers and int(headers[b"content-length"]) == len(body)
    assert b"<title>companion</title>" in body and b"<title>Flet</title>" not in body
    assert b"loading-animation.png" not in body and b'href="favicon.png"' not in body
    assert b'<img src="data:image/svg+xml;base64,' in body
    assert companion_page(html) == body


def test_the_clients_startup_word_is_blanked_at_the_same_length_even_across_two_chunks():
    word = STARTUP_WORD
    code = b"A" * 100 + b'"' + word + b'"' + b"B" * 50
    for cut in range(95, 115):              # every split of the word between two chunks
        for path in ("/main.dart.wasm", "/main.dart.js"):
            _start, body = _served([code[:cut], code[cut:]], path, b"application/wasm")
            assert len(body) == len(code) and word not in body
            assert body == code.replace(word, b" " * len(word))
    _start, body = _served([code], "/other.js", b"text/javascript")
    assert body == code                     # nothing else is touched


def test_the_shipped_client_holds_the_startup_word_once_in_each_form():
    """If Flet's client changes, this says so before a player sees the English word."""
    for name in ("main.dart.js", "main.dart.wasm"):
        assert (WEB / name).read_bytes().count(STARTUP_WORD) == 1, name


def test_flutters_own_fallback_fonts_are_answered_with_the_shipped_font_for_their_script():
    """Offline, Flutter asks ``assets/fonts/noto…/`` for a character no registered font
    has yet (one drawn before the app's fonts arrive). None is shipped: each is answered
    with the shipped font of its script, never a 404 (flutter/flutter#184449: a failed
    fallback download laid out again and again)."""
    from companion.net.client_page import fallback_font

    assert fallback_font("/assets/fonts/notosansjp/v53/abc.woff2") == "/fonts/DroidSansFallbackFull.ttf"
    assert fallback_font("/assets/fonts/notosanssc/v36/abc.woff2") == "/fonts/DroidSansFallbackFull.ttf"
    assert fallback_font("/assets/fonts/notosanskr/v36/abc.woff2") == "/fonts/NanumSquareR.ttf"
    assert fallback_font("/assets/fonts/notosansthai/v20/abc.woff2") == "/fonts/DejaVuSans.ttf"
    assert fallback_font("/assets/fonts/notosanssymbols2/v24/abc.woff2") == "/fonts/DejaVuSans.ttf"
    assert fallback_font("/assets/fonts/roboto.woff2") is None
    assert fallback_font("/fonts/DejaVuSans.ttf") is None


def test_the_font_manifest_names_no_font_of_a_part_companion_never_shows():
    import json

    from companion.net.client_page import UNUSED_CLIENT

    manifest = (WEB / "assets" / "FontManifest.json").read_bytes()
    start, body = _served([manifest], "/assets/FontManifest.json", b"application/json")
    kept = json.loads(body)
    assets = [font["asset"] for family in kept for font in family["fonts"]]
    assert "MaterialIcons" in [f["family"] for f in kept]
    assert not [a for a in assets if f"assets/{a}".startswith(UNUSED_CLIENT)]
    assert len(json.loads(manifest)) > len(kept)            # Flet's ships the math fonts
    assert int(dict(start["headers"])[b"content-length"]) == len(body)
