"""A control with a key, for what comes and goes in a list.

Flet's diff (1.0) matches the unkeyed controls of a list by their place among the
unkeyed ones. A row a player's tap adds above a button makes every control after it
meet another one: the button is drawn anew under a new id (or its id passes to another
control), and a quick second tap, sent by the phone before the redraw arrived, is lost
or reaches something the player did not touch. What comes and goes in a list (a card,
a fault, a suit, a picked card's rows) is keyed, so its siblings keep their ids;
``tests/render.redrawn`` checks it the way a session diffs a redraw."""

from __future__ import annotations

import flet as ft


def keyed(control: ft.Control, key: str) -> ft.Control:
    """``control`` with the key ``key`` (unique among its siblings)."""
    control.key = key
    return control
