"""A rounded panel; with an identifier, one semantics node a test can find."""

from __future__ import annotations

import flet as ft


def card(content: ft.Control, identifier: str | None = None, padding: int = 10) -> ft.Control:
    box = ft.Container(content=content, padding=padding, border_radius=12,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return ft.Semantics(identifier=identifier, container=True, content=box) if identifier else box
