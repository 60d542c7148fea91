"""Every name companion accepts can be drawn: a character none of the shipped fonts
has would show as an empty box on a screen or a sheet, so such a name is refused
(house rule), and the coverage the check reads is the fonts' own."""

from __future__ import annotations

import json

import pytest

from companion.core import glyphs
from companion.core.names import name_fault
from companion.core.paths import ASSETS


def test_the_kept_coverage_is_the_shipped_fonts_character_maps():
    kept = json.loads((ASSETS / glyphs.COVERAGE).read_text(encoding="utf-8"))
    assert kept == glyphs.build(), "fonts changed: run python -m companion.core.glyphs"


@pytest.mark.parametrize("name", ["Łukasz", "Zoë", "Σοφία", "Жора", "田中", "さくら", "カタカナ", "김민준", "Ani Հայ",
                                  "ნინო", "דוד"])
def test_names_in_the_scripts_the_fonts_hold_are_accepted(name):
    assert name_fault(name) is None


@pytest.mark.parametrize("name, char", [("Ann 🎉", "U+1F389"), ("สมชาย", "U+0E2A"), ("देव", "U+0926")])
def test_a_name_no_font_can_draw_is_refused_as_a_house_rule(name, char):
    fault = name_fault(name)
    assert fault is not None and char in fault and "house rule" in fault and "empty boxes" in fault
