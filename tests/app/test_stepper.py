"""The stepper says its number in English: the noun's own singular and plural, given
by the caller, never a plural made by adding "s" to the last word."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.burger import setup_screen as burger_setup_screen
from companion.ui.widgets.stepper import counted, stepper_row


def labels(control: Any) -> list[str]:
    out = []
    for name in ("semantics_label", "label", "tooltip"):
        value = getattr(control, name, None)
        if isinstance(value, str):
            out.append(value)
    for name in ("controls", "content"):
        child = getattr(control, name, None)
        for c in child if isinstance(child, list) else [child] if isinstance(child, ft.Control) else []:
            out += labels(c)
    return out


def test_the_number_takes_the_singular_only_for_one():
    noun = ("point per rat token", "points per rat token")
    assert counted(0, noun) == "0 points per rat token"
    assert counted(1, noun) == "1 point per rat token"
    assert counted(2, noun) == "2 points per rat token"
    assert counted(3, ("tongs card", "tongs cards")) == "3 tongs cards"


def test_a_noun_whose_plural_is_not_its_last_word_plus_s():
    said = labels(stepper_row("Setup", ("point per rat token", "points per rat token"), 0, lambda by: None))
    assert "Setup: 0 points per rat token" in said
    assert "Setup: one point per rat token fewer" in said and "Setup: one point per rat token more" in said
    assert not any("rat tokens" in s for s in said)


def test_every_callers_words_are_kept():
    # what the players' screens said before: "Anna: 2 hot dogs", "Anna: one hot dog more"
    said = labels(stepper_row("Anna", ("hot dog", "hot dogs"), 2, lambda by: None))
    assert "Anna: 2 hot dogs" in said and "Anna: one hot dog more" in said and "Anna: one hot dog fewer" in said
    assert "Anna: 1 dollar" in labels(stepper_row("Anna", ("dollar", "dollars"), 1, lambda by: None))
    # burger's scoring steppers: the plural on the points, the thing counted in the singular
    said = labels(burger_setup_screen.points_stepper("rat token", 0, lambda by: None))
    assert "Scoring: 0 points per rat token" in said and "Scoring: one point per rat token more" in said
