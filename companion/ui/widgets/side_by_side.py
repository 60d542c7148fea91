"""The entry and the standings of a match screen: one column on a phone (the entry
first), side by side on a wide screen (the entry 7 columns of 12, the standings 5)."""

from __future__ import annotations

import flet as ft

ENTRY: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "md": 7}
STANDINGS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "md": 5}


def side_by_side(entry: ft.Control, standings: ft.Control) -> ft.Control:
    return ft.ResponsiveRow([ft.Container(entry, col=ENTRY), ft.Container(standings, col=STANDINGS)],
                            spacing=16, run_spacing=16, vertical_alignment=ft.CrossAxisAlignment.START)
