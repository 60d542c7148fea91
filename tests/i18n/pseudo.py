"""The pseudo-language check: a text a player reads is fine when, once the test's own
data (names, numbers, lone letters such as seats' A B C, ``$``, punctuation) is taken
out, nothing is left outside ``⟦…⟧`` (every translated string comes back so wrapped in
:data:`companion.core.i18n.PSEUDO`)."""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

import flet as ft

from companion.core.i18n import LANGUAGES, PSEUDO_CLOSE, PSEUDO_OPEN
from tests.render import Component, Renderer

_WRAPPED = re.compile(re.escape(PSEUDO_OPEN) + "[^" + PSEUDO_OPEN + PSEUDO_CLOSE + "]*" + re.escape(PSEUDO_CLOSE))
#: Words that are never translated: the app's name and the languages' own names.
NEVER_TRANSLATED = ("companion", *LANGUAGES.values())
#: A ruling's id (HD-6, SA-13, BU-5): the same in every language.
RULING = re.compile(r"(?<!\w)[A-Z]{2}-\d+(?!\w)")

#: The attributes of a control whose strings a player reads (a Text's ``value`` too;
#: a field's ``value`` is what the player typed).
READ = {"content", "label", "hint_text", "helper", "helper_text", "error_text", "counter_text", "tooltip",
        "message", "text", "title", "subtitle", "semantics_label", "prefix_text", "suffix_text"}


def areas(name: str) -> Any:
    """``tests/i18n/areas/<name>.py`` (None: the area is not switched on anywhere)."""
    try:
        return importlib.import_module(f"tests.i18n.areas.{name}")
    except ModuleNotFoundError:
        return None


def screens_on(name: str) -> set[str]:
    module = areas(name)
    return set(getattr(module, "SCREENS", set())) if module is not None else set()


def printables_on(name: str) -> bool:
    module = areas(name)
    return bool(getattr(module, "PRINTABLES", False)) if module is not None else False


def uncovered(text: str, data: Iterable[str] = ()) -> str | None:
    """What of ``text`` is outside the catalogs (None: nothing)."""
    rest, before = text, None
    while rest != before:                      # a translated string within a translated one
        before, rest = rest, _WRAPPED.sub(" ", rest)
    for word in sorted({*data, *NEVER_TRANSLATED}, key=len, reverse=True):
        if word:
            rest = re.sub(r"(?<!\w)" + re.escape(word) + r"(?!\w)", " ", rest)
    rest = RULING.sub(" ", rest)                # a ruling's id stays as it is in every language
    rest = re.sub(r"\d+", " ", rest)
    rest = re.sub(r"(?<!\w)[^\W\d_](?!\w)", " ", rest)     # a lone letter: a seat's (A, B...) or a card's
    left = "".join(ch for ch in rest if ch.isalpha())
    return rest.strip() if left else None


def _children(control: Any) -> Iterator[tuple[str, Any]]:
    if dataclasses.is_dataclass(control):
        for f in dataclasses.fields(control):
            if not f.name.startswith("_"):
                yield f.name, getattr(control, f.name, None)


def drawn(control: Any) -> Iterator[Any]:
    """Every control drawn under ``control``, components drawn (their function run once)."""
    while isinstance(control, Component):   # a component may draw another one (the phone's screens)
        control = Renderer(control).render(control.fn, *control.args, **control.kwargs)
        if control is None:
            return
    if getattr(control, "visible", True) is False:   # not drawn
        return
    yield control
    for _name, value in _children(control):
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, (ft.BaseControl, Component)):
                yield from drawn(item)
            elif dataclasses.is_dataclass(item) and not isinstance(item, type):
                yield from _texts_holder(item)


def _texts_holder(value: Any) -> Iterator[Any]:
    """A value that is not a control but holds text (a tooltip, a dropdown option)."""
    yield value
    for _name, child in _children(value):
        if isinstance(child, (ft.BaseControl, Component)):
            yield from drawn(child)


def texts(root: Any) -> list[str]:
    """Every text a player reads on ``root``."""
    out: list[str] = []
    for control in drawn(root):
        for name, value in _children(control):
            if isinstance(value, str) and value and (name in READ or (name == "value" and isinstance(
                    control, (ft.Text, ft.Markdown)))):
                out.append(value)
        if isinstance(control, ft.Text) and control.spans:
            out += [s.text for s in control.spans if getattr(s, "text", None)]
    return out


def offending(root: Any, data: Iterable[str] = ()) -> list[str]:
    data = list(data)
    return [text for text in texts(root) if uncovered(text, data) is not None]
