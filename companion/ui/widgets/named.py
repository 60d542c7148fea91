"""A button named for a screen reader, one stop: icon buttons, picker chips, and
buttons whose accessible name says more than their visible words."""

from __future__ import annotations

import flet as ft


def accessible(label: str, control: ft.Control, *, selected: bool | None = None,
               expand: int | None = None, identifier: str | None = None, key: str | None = None) -> ft.Control:
    """A button named for a screen reader (and a test): an icon's, or a chip's whose
    visible words say less than its name ("2" on Anna's 5 table row: "Anna: 5 table,
    2 hot dogs"; show them with :func:`silent`). ``selected``: a chip's chosen state,
    read out with its name; ``expand``: its share of a row; ``identifier``: what a test
    finds it by; ``key``: Flet's, to match it from one render to the next.

    One node: the control's own is merged into the named one (Flutter's MergeSemantics),
    so a screen reader stops once, reads the name, and its activation (a click on that
    node, with no pointer events) reaches the control's tap. Without the merge a named
    node with no action lay over an unnamed button: two stops, and the named one did
    nothing when activated (tests/e2e/test_navigation_e2e.py, tests/e2e/test_access_e2e.py)."""
    return ft.MergeSemantics(ft.Semantics(label=label, button=True, selected=selected, identifier=identifier,
                                          content=control), expand=expand, key=key)


def silent(text: str) -> ft.Text:
    """A named button's visible words, left out of its merged name (which says them
    already): without it a screen reader would read "Anna: 5 table, 2 hot dogs 2"."""
    return ft.Text(text, semantics_label="")
