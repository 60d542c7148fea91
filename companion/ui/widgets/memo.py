"""A component drawn again only when its values change (Flet's ``ft.memo``, typed).

A tap redraws its whole screen, and Flet builds and then diffs every control of it.
A memoized component whose arguments are equal (``is`` or ``==``) to the last render's
keeps its controls: they are neither built again nor compared, and the phone gets
nothing for them. For that, every argument must be a value that is equal from one
render to the next: a callback made anew each render (a lambda, a closure) is never
equal, so it is passed as an object with its own equality; and the language the
component words itself in is one of its arguments (translated text is output: a
memoized card kept from before a language switch would speak the old language)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import flet as ft

F = TypeVar("F", bound=Callable[..., Any])


def memoized(component: F) -> F:
    """``component`` (an ``@ft.component``), drawn again only when an argument changes."""
    return cast(F, ft.memo(component))   # type: ignore[no-untyped-call]  # Flet's memo has no types
