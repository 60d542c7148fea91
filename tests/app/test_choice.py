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
    # one screen-reader stop: the button's node merged into the named one, its own words left
    # out of the name (which says them); tests/e2e/test_access_e2e.py activates such a node
    assert isinstance(on, ft.MergeSemantics) and isinstance(off, ft.MergeSemantics)
    named_on, named_off = on.content, off.content
    assert isinstance(named_on, ft.Semantics) and isinstance(named_off, ft.Semantics)
    assert type(named_on.content) is type(named_off.content)     # a tap never lands on one being swapped
    assert (named_on.selected, named_off.selected) == (True, False)
    assert named_on.label == named_off.label == "Suit Sun" and named_on.button
    button = named_on.content
    assert button.content.value == "Sun" and button.content.semantics_label == "" and button.key == "sun"
    assert button.style.bgcolor != named_off.content.style.bgcolor
    assert choice("Sun", False, lambda e: None).content.label == "Sun"   # named by its text unless told
    named_off.content.on_click(None)
    assert tapped == ["sun"]


def test_the_handlers_give_the_callback_what_the_player_did():
    got: list[object] = []
    tap(lambda: got.append("tapped"))(SimpleNamespace(control=None))
    typed(got.append)(SimpleNamespace(control=SimpleNamespace(value="Anna")))
    typed(got.append)(SimpleNamespace(control=SimpleNamespace(value=None)))     # a field emptied
    assert got == ["tapped", "Anna", ""]
