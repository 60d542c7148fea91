"""The app's text theme (companion.ui.fonts): the shipped fonts as every style's
fallbacks, without losing the theme's text colour. A style given to a Flet theme
replaces Material's own, colour included: styles without a colour drew the dark
theme's text near-black on its dark background (seen in the dark-mode screenshots)."""

from __future__ import annotations

import flet as ft

from companion.ui.fonts import FALLBACK, text_theme


def _styles() -> dict[str, ft.TextStyle]:
    theme = text_theme()
    return {name: getattr(theme, name) for name in dir(theme)
            if not name.startswith("_") and isinstance(getattr(theme, name), ft.TextStyle)}


def test_every_text_style_falls_back_on_the_shipped_fonts():
    styles = _styles()
    assert len(styles) == 15                                   # display … label, large/medium/small
    assert all(s.font_family_fallback == FALLBACK for s in styles.values())


def test_every_text_style_keeps_the_theme_s_text_colour_light_or_dark():
    assert {s.color for s in _styles().values()} == {ft.Colors.ON_SURFACE}
