"""A refusal, said next to the field it is about."""

from __future__ import annotations

import flet as ft


def error_text(text: str | None) -> ft.Text:
    """Always the same control (hidden when there is nothing to say), so the layout
    around it keeps its identity while a player types."""
    return ft.Text(text or "", color=ft.Colors.ERROR, weight=ft.FontWeight.W_500,
                   visible=bool(text))
