"""One client cannot pile sessions up on `companion serve` (companion.net.sessions).

Flet keeps every session for an hour after its websocket closes (~100 KB each): one
client used to open 3,000 in 37 s (+271 MB). The server here is `companion serve`'s
own app (companion.ui.launch: Flet's web app behind the gate, with the session book)
run in this process, so the test can count the sessions Flet holds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from companion.net import sessions
from companion.net.access import Gate
from companion.net.sessions import SessionBook
from companion.ui.launch import forget_session, release_session, web_app
from tests.e2e.harness import free_port
from tests.net.wire import BROWSER_PAGE, REGISTER, Wire, frame


def flet_sessions() -> int:
    from flet_web.fastapi.flet_app_manager import app_manager

    return len(app_manager._FletAppManager__sessions)       # Flet 1.0.5 keeps no count


@contextmanager
def serving(tmp_path, monkeypatch, book: SessionBook) -> Iterator[tuple[int, SessionBook]]:
    import uvicorn

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    port = free_port()
    gate = Gate(web_app(), key="k" * 32, port=port, book=book)
    server = uvicorn.Server(uvicorn.Config(gate, host="127.0.0.1", port=port, ws="websockets-sansio",
                                           log_level="warning", proxy_headers=False))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    try:
        yield port, book
    finally:
        server.should_exit = True
        thread.join(15)


def open_and_close(port: int) -> None:
    with Wire(port) as w:
        w.register()


def test_many_sessions_opened_and_closed_by_one_client_stay_bounded(tmp_path, monkeypatch):
    book = SessionBook(forget_session, release_session)
    with serving(tmp_path, monkeypatch, book) as (port, book):
        before = flet_sessions()
        for _ in range(10):
            open_and_close(port)
        after_ten = flet_sessions()
        for _ in range(190):
            open_and_close(port)
        time.sleep(0.5)                                 # the last close reaches the book
        held = flet_sessions() - before
        assert held <= sessions.KEPT_PER_PEER            # not 200: the oldest went at once
        assert after_ten - before == 10                  # below the bound every one is kept
        assert len(book.kept("127.0.0.1")) == held
        # and the server still answers a new session at once
        with Wire(port) as w:
            w.register()
            w.wait_for("Join a table")


def test_one_websocket_makes_one_session_however_many_register_frames_it_sends(tmp_path, monkeypatch):
    """Flet makes a session per register frame, and an earlier one of the same websocket
    is never let go: a second register frame ends the connection instead."""
    with serving(tmp_path, monkeypatch, SessionBook(forget_session, release_session)) as (port, _book):
        before = flet_sessions()
        with Wire(port) as w:
            w.register()
            sent = 0
            try:
                for _ in range(50):
                    w.send(REGISTER, {"session_id": None, "page_name": "", "page": dict(BROWSER_PAGE)})
                    sent += 1
            except ConnectionClosed as ended:    # the server ended it before the 50 were out
                assert ended.rcvd is not None and ended.rcvd.code == 1008   # policy violation
                w.closed = True
            else:
                w.pump(2.0)
            assert sent >= 1
            assert w.closed
        assert flet_sessions() - before <= 1


@pytest.mark.parametrize("registered", [True, False], ids=["registered", "silent"])
def test_one_peer_may_hold_a_bounded_number_of_websockets_open(tmp_path, monkeypatch, registered):
    """Silent ones too: a websocket that never sends its register frame counts while it
    waits (the gate gives it FIRST_FRAME_SECONDS)."""
    book = SessionBook(forget_session, release_session, open_per_peer=5)
    with serving(tmp_path, monkeypatch, book) as (port, _book):
        held = [Wire(port) for _ in range(5)]
        try:
            for w in held:
                if registered:
                    w.register()
            with pytest.raises(InvalidStatus) as refused:
                Wire(port)
            assert refused.value.response.status_code == 403
        finally:
            for w in held:
                w.close()
        time.sleep(0.5)
        with Wire(port) as w:                             # closed ones make room again
            w.register()


@pytest.mark.parametrize("first", [
    b"garbage", b"\x00\xc1", b"\x00" + b"\x92\x01\x90", frame(3, {"target": 1, "name": "click", "data": None}),
    frame(1, {"session_id": None}), frame(1, [1, 2, 3]), "a text frame",
], ids=["bytes", "bad-msgpack", "body-not-a-map", "an-event-first", "register-missing-fields",
        "register-body-a-list", "text"])
def test_a_websocket_whose_first_frame_is_no_register_frame_never_reaches_flet(tmp_path, monkeypatch, first):
    with serving(tmp_path, monkeypatch, SessionBook(forget_session, release_session)) as (port, book):
        before = flet_sessions()
        with Wire(port) as w:
            w.send_raw(first)
            w.pump(2.0)
            assert w.closed
        assert flet_sessions() == before
        time.sleep(0.2)
        assert book.open_count("127.0.0.1") == 0
