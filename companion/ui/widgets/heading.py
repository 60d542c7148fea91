"""Headings a screen reader announces as such, and bold lines."""

from __future__ import annotations

import flet as ft


def heading(text: str, size: int = 22) -> ft.Control:
    return ft.Semantics(header=True, content=ft.Text(text, size=size, weight=ft.FontWeight.BOLD))


def bold(text: str, size: int | None = None) -> ft.Text:
    return ft.Text(text, weight=ft.FontWeight.BOLD, size=size)
