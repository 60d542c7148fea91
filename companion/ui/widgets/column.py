"""A screen's pieces one under another, each as wide as the column: the layout every
screen and card is built from."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft


def column(controls: Sequence[ft.Control], spacing: int = 10) -> ft.Column:
    return ft.Column(list(controls), spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
