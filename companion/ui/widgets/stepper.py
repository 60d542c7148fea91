"""A number set with − and + buttons: big targets, the value and its unit between them.

The noun is given in both its forms, singular and plural — ``("hot dog", "hot dogs")``,
``("point per rat token", "points per rat token")`` — so that what a screen reader says
is English whatever the noun: a plural made by adding "s" to the last word gave
"0 point per rat tokens". A number is said with the singular only when it is 1.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core import words
from companion.core.i18n import _
from companion.ui.widgets.icon_button import icon_button

#: A noun's two forms: (singular, plural).
Noun = tuple[str, str]


def counted(value: int, noun: Noun) -> str:
    """'1 hot dog', '0 hot dogs', '2 points per rat token'."""
    return words.count(value, *noun)


def stepper_row(owner: str, noun: Noun, value: int, on_step: Callable[[int], None], *,
                shown: str | None = None, unit: str = "") -> ft.Row:
    """The stepper's controls (what :func:`Stepper` draws), for a screen that builds its
    controls without a component."""
    one = noun[0]
    return ft.Row([
        icon_button(ft.Icons.REMOVE, _("{owner}: one {thing} fewer").format(owner=owner, thing=one),
                    lambda e: on_step(-1)),
        ft.Column([
            ft.Text(shown if shown is not None else str(value), size=18, weight=ft.FontWeight.BOLD,
                    text_align=ft.TextAlign.CENTER, semantics_label=f"{owner}: {counted(value, noun)}"),
            ft.Text(unit, size=11, text_align=ft.TextAlign.CENTER),
        ], spacing=0, width=58, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        icon_button(ft.Icons.ADD, _("{owner}: one {thing} more").format(owner=owner, thing=one), lambda e: on_step(1)),
    ], spacing=0, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def Stepper(owner: str, noun: Noun, value: int, on_step: Callable[[int], None], *,
            shown: str | None = None, unit: str = "") -> ft.Control:
    """``owner: 2 hot dogs`` is what a screen reader says; − and + are
    ``owner: one hot dog fewer`` / ``… more``. ``noun`` is (singular, plural);
    ``on_step`` gets −1 or +1."""
    return stepper_row(owner, noun, value, on_step, shown=shown, unit=unit)
