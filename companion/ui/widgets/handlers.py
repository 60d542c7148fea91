"""A control's event handler from a plain function: the screens' callbacks take what
the player did (nothing for a tap, the text for a change), never Flet's event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def tap(fn: Callable[[], object]) -> Callable[[Any], None]:
    """A click handler: ``fn`` called, the event ignored."""
    def on(e: Any) -> None:
        fn()
    return on


def typed(fn: Callable[[str], object]) -> Callable[[Any], None]:
    """A change handler: the control's new value (text, or '') given to ``fn``."""
    def on(e: Any) -> None:
        fn(e.control.value or "")
    return on
