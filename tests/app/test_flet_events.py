"""companion.ui.flet_events: the class of event a tap is handed to its handler as, worked
out once per kind of control and handler, is the one Flet works out at every tap."""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft
import pytest
from flet.controls import base_control

from companion.ui import flet_events
from companion.ui.flet_events import FLET_LOOKUP, FLET_READ, event_type


def handlers() -> list[tuple[type, str]]:
    """Every event handler (an ``on_…`` field) of every control class Flet exports."""
    out = []
    for name in dir(ft):
        cls = getattr(ft, name)
        if isinstance(cls, type) and issubclass(cls, base_control.BaseControl) and dataclasses.is_dataclass(cls):
            out += [(cls, f.name) for f in dataclasses.fields(cls) if f.name.startswith("on_")]
    return out


def answer(lookup: Any, control: Any, field: str) -> Any:
    try:
        return lookup(control, field)
    except RuntimeError as exc:        # Flet's own refusal, the same either way
        return f"refused: {exc}"


@pytest.mark.skipif(ft.__version__ != FLET_READ, reason="read against another Flet: see companion.ui.flet_events")
def test_every_handler_of_every_control_gets_the_event_class_flet_gives_it_asked_twice():
    found = handlers()
    assert len(found) > 100 and (ft.Button, "on_click") in found
    for cls, field in found:
        control = object.__new__(cls)            # the look-up reads the control's class only
        flets = answer(FLET_LOOKUP, control, field)
        assert answer(event_type, control, field) == flets, (cls, field)
        assert answer(event_type, control, field) == flets, (cls, field)    # the kept answer


def tapped_twice(monkeypatch, lookup: Any) -> list[tuple[Any, ...]]:
    """A button clicked twice, dispatched by a session as a browser's clicks are, with
    ``lookup`` as Flet's look-up: what its handler was handed, each time."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from flet.controls.context import _context_page
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from tests.conftest import run_async
    from tests.render import Tab

    monkeypatch.setattr(base_control, "get_event_field_type", lookup)
    seen: list[Any] = []

    async def taps() -> ft.Button:
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(1) as executor:
            session = Session(Tab(loop, PubSubHub(loop=loop, executor=executor)))
            _context_page.set(session.page)
            button = ft.Button("Tap", on_click=seen.append)
            session.page.add(button)
            for _twice in range(2):
                await session.dispatch_event(button._i, "click", None)
            session.close()
            return button

    button = run_async(taps())
    return [(type(e), e.name, e.data, e.control is button) for e in seen]


def test_a_tap_reaches_its_handler_as_the_event_flet_makes(monkeypatch):
    flets = tapped_twice(monkeypatch, FLET_LOOKUP)
    assert flets == [(ft.Event, "click", None, True)] * 2
    assert tapped_twice(monkeypatch, event_type) == flets


def test_the_mend_goes_in_once_and_only_in_the_flet_it_was_read_against(monkeypatch):
    monkeypatch.setattr(base_control, "get_event_field_type", FLET_LOOKUP)
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    assert flet_events.mend() is False
    assert base_control.get_event_field_type is FLET_LOOKUP
    monkeypatch.setattr(ft, "__version__", FLET_READ)
    for _twice in range(2):
        assert flet_events.mend() is True
        assert base_control.get_event_field_type is event_type
