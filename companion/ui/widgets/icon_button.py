"""Icon buttons with an accessible name (a tooltip is not one) and a thumb-sized target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

TAP = 44   # the smallest tap target, in logical pixels


def accessible(label: str, control: ft.Control) -> ft.Control:
    """A button with no visible words gets a name a screen reader (and a test) can find.

    One node: the control's own is merged into the named one (Flutter's MergeSemantics),
    so a screen reader stops once, reads the name, and its activation (a click on that
    node, with no pointer events) reaches the control's tap. Without the merge a named
    node with no action lay over an unnamed button: two stops, and the named one did
    nothing when activated (tests/e2e/test_navigation_e2e.py)."""
    return ft.MergeSemantics(ft.Semantics(label=label, button=True, content=control))


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], *,
                disabled: bool = False) -> ft.Control:
    return accessible(label, ft.IconButton(
        icon=icon, on_click=on_click, disabled=disabled, icon_size=24,
        width=TAP, height=TAP, style=ft.ButtonStyle(padding=8)))
