"""A chip to pick one of a few (a method, a suit, a recipe, a game to count)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.widgets.chip_style import chip_style
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.named import accessible, silent


def choice(text: str, on: bool, on_click: Callable[..., Any], *, name: str | None = None,
           disabled: bool = False, width: int | None = None, key: str | None = None,
           padding: tuple[int, int, int, int] = (10, 4, 10, 4)) -> ft.Control:
    """``text`` on a chip, filled when chosen and marked selected for a screen reader
    (``name``: what it says, default ``text``). Every chip is the same kind of control,
    chosen or not, so a tap never lands on one being swapped for another. ``padding``:
    (left, top, right, bottom) around the words (the deck editor's rows are tighter)."""
    return accessible(
        name or text, ft.Button(silent(text), key=key, on_click=on_click, disabled=disabled, height=TAP,
                                width=width, style=chip_style(on, padding)),
        selected=on)
