"""A game's rulings as a Rules screen lists them: the id in bold (with "house rule"
where the rule texts are silent), then the ruling in plain words."""

from __future__ import annotations

from collections.abc import Iterable

import flet as ft

from companion.core.i18n import _


def ruling_lines(rules: Iterable[tuple[str, str, bool]]) -> list[ft.Control]:
    """One text per ``(id, text, house_rule)``."""
    return [
        ft.Text(spans=[
            ft.TextSpan((_("{ruling} (house rule)").format(ruling=rid) if house else rid) + "  ",
                        style=ft.TextStyle(weight=ft.FontWeight.BOLD)),
            ft.TextSpan(text),
        ])
        for rid, text, house in rules
    ]
