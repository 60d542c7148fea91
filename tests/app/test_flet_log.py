"""companion.ui.flet_log: a message sent to a browser is worded for Flet's transport log
only while that log is written. Flet's web transport (flet_web.fastapi.flet_app) makes
its debug line with an f-string before it knows: every control of a redraw worded with
every field, for nothing, half of "Next round"'s server time on the Hot Dog table."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction
from flet_web.fastapi.flet_app import FletApp

from companion.ui import flet_log


@pytest.fixture
def log_level():
    """Sets Flet's transport log's level for a test (put back after it)."""
    before = flet_log.TRANSPORT_LOG.level
    yield flet_log.TRANSPORT_LOG.setLevel
    flet_log.TRANSPORT_LOG.setLevel(before)


@pytest.fixture
def worded(monkeypatch) -> list:
    """The texts worded (``repr``) while a test runs."""
    seen: list = []
    monkeypatch.setattr(ft.Text, "__repr__", lambda self: seen.append(self) or "Text(…)")
    return seen


def send(message: Message) -> list[bytes]:
    """``message`` through Flet's own send_message (what it queues for the websocket)."""
    sent: list[bytes] = []
    FletApp.send_message(SimpleNamespace(_FletApp__send_queue=SimpleNamespace(put_nowait=sent.append)),  # type: ignore[arg-type]
                         message)
    return sent


def test_a_message_is_worded_only_while_the_transport_log_is_written(worded, log_level):
    flet_log.mend()
    message = Message(MessageAction.PATCH_CONTROL, {"patch": [ft.Text("Round 1: result")]})
    log_level(logging.WARNING)
    assert send(message) and worded == []           # sent, and nothing worded for the log that is off
    log_level(logging.DEBUG)
    assert send(message) and len(worded) == 1       # the log is on: Flet's own line, the whole message


def test_without_the_mend_flet_words_every_message(worded, log_level, monkeypatch):
    """What the mend is for (and what makes the test above able to fail)."""
    monkeypatch.setattr(Message, "__repr__", flet_log.FLET_REPR)
    log_level(logging.WARNING)
    send(Message(MessageAction.PATCH_CONTROL, {"patch": [ft.Text("Round 1: result")]}))
    assert len(worded) == 1
