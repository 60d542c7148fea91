"""A phone seat's pieces every game's phone screens use: the bid form's card and the
heading of the last resolution, each one semantics node a test can find."""

from __future__ import annotations

import flet as ft

from companion.ui.widgets.card import card
from companion.ui.widgets.heading import bold


def seat_card(player: str, controls: list[ft.Control]) -> ft.Control:
    """A seat's bid form, as one card named ``bid-<player>``."""
    column = ft.Column(controls, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return card(column, f"bid-{player}", padding=8)


def resolution_heading(text: str) -> ft.Control:
    return ft.Semantics(identifier="resolution", container=False, content=bold(text, 17))
