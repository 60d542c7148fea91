"""Undo that asks first: "Undo last round" (or sale), and once tapped, in its place,
the question ("Undo round 3? Its bids come back for entry.") with Undo and Keep. A
match screen puts it under its rounds list, away from the entry's buttons."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.i18n import _
from companion.ui.widgets.card import card
from companion.ui.widgets.heading import bold

GAP = 6


def undo_asking_first(label: str, question: str, asked: bool, *, on_ask: Any, on_undo: Any,
                      on_keep: Any) -> ft.Control:
    """The ``label`` button (tapped: ``on_ask``), or, ``asked``, the question with its two
    answers (``on_undo``, ``on_keep``) in a card a test finds as "undo-question"."""
    if not asked:
        return ft.Button(label, icon=ft.Icons.UNDO, on_click=on_ask)
    return card(ft.Column([
        bold(question),
        ft.Row([
            ft.FilledButton(_("Undo"), icon=ft.Icons.UNDO, on_click=on_undo),
            ft.Button(_("Keep"), icon=ft.Icons.CLOSE, on_click=on_keep),
        ], wrap=True),
    ], spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH), "undo-question")
