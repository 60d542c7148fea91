"""A text field that keeps every key typed: the app's fields are controlled (the
screen's state holds the text, and each render gives it back as ``value``), and
this is the one place where that round trip cannot undo a key.

Why a plain controlled ``ft.TextField`` loses keys: each key the player types
reaches the server as two messages, the field's new text (applied to the control
at once) and then its change event (which puts the text in the screen's state and
asks for a render). A render that runs between the two — or the render of an
earlier key that runs after a later key's text arrived — draws the field with the
state's older text, and Flet sends that older text to the browser, over what the
player has typed since. Typed quickly, on a busy machine, "bottom bun" ends as
"bottom b".

:func:`TextField` tells the two apart. A ``value`` the field itself reported a
moment ago (an echo of a key, still on its way through the state) leaves the
field as the browser has it; any other ``value`` (a draft reset, players moved
up or down, a field emptied by a button) is drawn, as before.
"""

from __future__ import annotations

import contextlib
import inspect
from typing import Any

import flet as ft

from companion.ui.fonts import make_room_for


class _Echoes:
    """What one field has shown and been told: the control last drawn (the browser
    patches its ``value`` as the player types) and the texts that may still come
    back as ``value`` from the state: the one last drawn and every one reported
    since."""

    def __init__(self) -> None:
        self.control: ft.TextField | None = None
        self.texts: set[str] = set()

    def shown(self, value: str) -> str:
        """The text to draw when the screen's state says ``value``."""
        typed = None if self.control is None else (self.control.value or "")
        if typed is None or value == typed or value not in self.texts:
            self.texts = {value}    # caught up with the player, or changed by the screen: draw it
            return value
        return typed                # an older key's echo: keep what the player sees

    def reported(self, text: str) -> None:
        self.texts.add(text)


@ft.component
def TextField(value: str | None = None, on_change: Any = None, **props: Any) -> ft.Control:
    """``ft.TextField(value=…, on_change=…, **props)`` for a field whose text is held
    in the screen's state: the same arguments, and ``on_change`` gets the same event."""
    echoes = ft.use_ref(_Echoes()).current     # kept from the first render on
    assert echoes is not None

    if inspect.iscoroutinefunction(on_change):
        async def changed_async(e: ft.Event[ft.TextField]) -> None:
            echoes.reported(e.control.value or "")
            _fonts(e)
            await on_change(e)
        handler: Any = changed_async
    else:
        def changed(e: ft.Event[ft.TextField]) -> None:
            echoes.reported(e.control.value or "")
            _fonts(e)
            if on_change is not None:
                on_change(e)
        handler = changed

    field = ft.TextField(value=echoes.shown(value or ""), on_change=handler, **props)
    echoes.control = field
    return field


def _fonts(e: ft.Event[ft.TextField]) -> None:
    """A CJK character typed: the session's CJK fonts registered (companion.ui.fonts)."""
    with contextlib.suppress(Exception):  # no page to draw on (a test's field): nothing to register
        make_room_for(e.control.page, e.control.value)
