"""Icon buttons with an accessible name (a tooltip is not one) and a thumb-sized target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

TAP = 44   # the smallest tap target, in logical pixels


def accessible(label: str, control: ft.Control, *, button: bool = True) -> ft.Control:
    """A control with no visible words gets a name a screen reader (and a test) can find."""
    return ft.Semantics(label=label, button=button, content=control)


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], *,
                disabled: bool = False) -> ft.Control:
    return accessible(label, ft.IconButton(
        icon=icon, on_click=on_click, disabled=disabled, icon_size=24,
        width=TAP, height=TAP, style=ft.ButtonStyle(padding=8)))
