"""Flet's look-up of the event class a tap is delivered as, made once per kind of control
and handler (a mend of ``flet.controls.base_control.get_event_field_type``).

Each event a browser sends (every tap) has Flet 1.0.5 work out which class of event to
hand the handler: it gathers the annotations of every class in the control's MRO,
wording each one (``str(annotation)``, a typing construct's recursive repr) to leave
out ``InitVar`` fields, then resolves the handler's own annotation. About sixty
annotations are worded for a button, at every tap: 0.18 CPU-ms (a button's click, the
least of seven timings), nearly half of the 0.4 CPU-ms a bare Flet tap costs the
server in-process (``bench/session_taps.py``); kept, 0.2 µs. The answer
depends only on the control's class and the handler's name, so :func:`event_type`
keeps it by those two: the same class of event, worked out once per process.

Read in Flet 1.0.5 only (:data:`FLET_READ`): with another Flet, :func:`mend` changes
nothing (a test says so, so the next upgrade looks again), and a test compares the
answers with Flet's own for every handler of every control Flet exports.
"""

from __future__ import annotations

from typing import Any

import flet as ft
from flet.controls import base_control
from flet.controls.control_event import get_event_field_type

FLET_READ = "1.0.5"
"""The Flet whose ``get_event_field_type`` this module was written against."""

FLET_LOOKUP = get_event_field_type
"""Flet's own look-up (what ``base_control`` calls it by, until mended)."""

_found: dict[tuple[type, str], Any] = {}


def event_type(control: Any, field_name: str) -> Any:
    """Flet's answer for ``control``'s handler ``field_name`` (``on_click``), worked out
    the first time its class is asked about that handler. Flet resolves a name in the
    annotation from the control's own module (the caller's frame is asked too: this
    module's names, none of which a control's annotation uses)."""
    key = (type(control), field_name)
    found = _found.get(key, _found)
    if found is _found:
        found = _found[key] = FLET_LOOKUP(control, field_name)
    return found


def mend() -> bool:
    """Put :func:`event_type` in Flet's event dispatch, once per process (each session
    calls it). False: this is not the Flet it was read against, and nothing was changed."""
    if ft.__version__ != FLET_READ:
        return False
    if base_control.get_event_field_type is not event_type:   # type: ignore[attr-defined]
        base_control.get_event_field_type = event_type        # type: ignore[attr-defined]
    return True
