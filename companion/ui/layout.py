"""How wide the session draws a screen's content in a window of a given width: a
phone's full width; on a wider window, a match screen up to ``TABLE_WIDTH``, any other a
readable column."""

from __future__ import annotations

from companion.ui.contracts import PHONE_WIDTH, READING_WIDTH, TABLE_WIDTH

MARGIN = 8                                  # the page's margin left and right of the content
TABLE_SCREENS = frozenset({"match", "history_match"})   # a match's screens: up to TABLE_WIDTH


def content_width(screen: str, window: float) -> float | None:
    """How wide a screen's content is drawn in a window ``window`` px wide (None: the
    window's whole width, less its margins): a phone's full width; on a wider window a
    match screen up to TABLE_WIDTH, any other a readable column of READING_WIDTH."""
    if window <= PHONE_WIDTH:
        return None
    cap = TABLE_WIDTH if screen in TABLE_SCREENS else READING_WIDTH
    return cap if window - 2 * MARGIN >= cap else None


def layout(window: float) -> tuple[float | None, ...]:
    """What of the window's width the layout depends on: a resize within one layout
    draws nothing again."""
    return (window > PHONE_WIDTH, *(content_width(s, window) for s in ("match", "home")))
