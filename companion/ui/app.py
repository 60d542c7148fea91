"""The app's entry point for Flet: one session per browser tab or window."""

from __future__ import annotations

import flet as ft

from companion.core.registry import games


def main(page: ft.Page) -> None:
    page.title = "companion"
    page.add(
        ft.Text("companion", size=28, weight=ft.FontWeight.BOLD),
        ft.Text("A referee beside your card games. Games it referees:"),
        *[ft.Text(f"• {spec.title}") for spec in games().values()],
        ft.Text("Referee a recorded game with: companion referee FILE"),
    )
