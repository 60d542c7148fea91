"""Pick one number from a few (the tables that exist): one chip per number."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.core.i18n import _
from companion.ui.widgets.chip_style import chip_style
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.named import accessible, silent


@ft.component
def NumberChips(owner: str, noun: str | Callable[[int], str], options: Sequence[int], chosen: int | None,
                on_pick: Callable[[int], None], *, label: str = "") -> ft.Control:
    """A chip is named ``owner: 5 table`` and marked selected when chosen. Every chip
    is the same kind of control, chosen or not, so a tap never lands on one being
    swapped for another. ``noun`` may take the number, for a plural ("1 discard icon")."""
    chips: list[ft.Control] = [ft.Text(label, size=13, width=44)] if label else []
    for n in options:
        on = n == chosen
        chips.append(accessible(
            # Translators: a number chip's spoken name, e.g. "Anna: 5 table"
            _("{owner}: {n} {noun}").format(owner=owner, n=n, noun=noun if isinstance(noun, str) else noun(n)),
            ft.Button(silent(f"{n}"), on_click=lambda e, n=n: on_pick(n), width=56, height=TAP,
                      style=chip_style(on, 4)),
            selected=on))
    return ft.Row(chips, spacing=6, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
