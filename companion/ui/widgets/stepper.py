"""A number set with − and + buttons: big targets, the value and its unit between them."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.widgets.icon_button import icon_button


@ft.component
def Stepper(owner: str, noun: str, value: int, on_step: Callable[[int], None], *,
            shown: str | None = None, unit: str = "") -> ft.Control:
    """``owner: 2 hot dogs`` is what a screen reader says; − and + are
    ``owner: one hot dog fewer`` / ``… more``. ``on_step`` gets −1 or +1."""
    plural = f"{value} {noun}" + ("" if value == 1 else "s")
    return ft.Row([
        icon_button(ft.Icons.REMOVE, f"{owner}: one {noun} fewer", lambda e: on_step(-1)),
        ft.Column([
            ft.Text(shown if shown is not None else str(value), size=18, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER, semantics_label=f"{owner}: {plural}"),
            ft.Text(unit, size=11, text_align=ft.TextAlign.CENTER),
        ], spacing=0, width=58, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        icon_button(ft.Icons.ADD, f"{owner}: one {noun} more", lambda e: on_step(1)),
    ], spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
