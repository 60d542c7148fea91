"""The chip every screen picks one of a few with (companion.ui.widgets.choice) and the
handlers that hand a screen's callbacks what the player did, not Flet's event
(companion.ui.widgets.handlers)."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.ui.widgets.choice import choice
from companion.ui.widgets.handlers import tap, typed


def test_a_chip_is_the_same_control_chosen_or_not_and_says_which_it_is():
    tapped: list[str] = []
    on, off = (choice("Sun", chosen, lambda e: tapped.append("sun"), name="Suit Sun", key="sun")
               for chosen in (True, False))
    assert isinstance(on, ft.Semantics) and isinstance(off, ft.Semantics)
    assert type(on.content) is type(off.content)                 # a tap never lands on one being swapped
    assert (on.selected, off.selected) == (True, False) and on.label == off.label == "Suit Sun"
    assert on.content.content == "Sun" and on.content.key == "sun"
    assert on.content.style.bgcolor != off.content.style.bgcolor
    assert choice("Sun", False, lambda e: None).label == "Sun"   # named by its text unless told
    off.content.on_click(None)
    assert tapped == ["sun"]


def test_the_handlers_give_the_callback_what_the_player_did():
    got: list[object] = []
    tap(lambda: got.append("tapped"))(SimpleNamespace(control=None))
    typed(got.append)(SimpleNamespace(control=SimpleNamespace(value="Anna")))
    typed(got.append)(SimpleNamespace(control=SimpleNamespace(value=None)))     # a field emptied
    assert got == ["tapped", "Anna", ""]
