"""Icon buttons with an accessible name (a tooltip is not one) and a thumb-sized target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.widgets.named import accessible

TAP = 44   # the smallest tap target, in logical pixels


def icon_button(icon: Any, label: str, on_click: Callable[[Any], Any], *,
                disabled: bool = False) -> ft.Control:
    return accessible(label, ft.IconButton(
        icon=icon, on_click=on_click, disabled=disabled, icon_size=24,
        width=TAP, height=TAP, style=ft.ButtonStyle(padding=8)))
