"""The app driven in-process, tap by tap, the way a table drives it: the real shell
over a real store (``tests/tabs.py``), the screen the shell's route names drawn whole
(every component run, as Flet runs them), and each tap, choice and typed text handed
to the handler of the control a player would touch, found by what the player reads
on it. Nothing here calls the games' operations directly: a control that is not
drawn, hidden or disabled cannot be tapped.

Drawn without a browser: no layout, so no scrolling; what is tested is that every
step of a whole game is on the screen and does what it says. The browser tests
(tests/e2e) drive the same screens through Chromium's accessibility tree.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.store import Store
from companion.ui.router import Screen
from tests.conftest import run_async
from tests.render import Component, Renderer
from tests.tabs import tab

BUTTONS = (ft.Button, ft.TextButton, ft.OutlinedButton, ft.IconButton, ft.Chip)


@dataclass
class Event:
    """What a Flet handler reads of an event: the control, with the value it now has."""

    control: Any
    data: Any = None


class Value:
    def __init__(self, value: Any) -> None:
        self.value = value


def _run(component: Component) -> Any:
    return Renderer(component).render(component.fn, *component.args, **component.kwargs)


def _walk(control: Any, visible: bool = True, disabled: bool = False,
          labels: tuple[str, ...] = ()) -> Iterator[tuple[Any, bool, bool, tuple[str, ...]]]:
    """Every control drawn, with whether it shows, whether it can be used, and the
    accessible labels around it (innermost last); components are run as they are met."""
    while isinstance(control, Component):
        control = _run(control)
    if control is None:
        return
    visible = visible and getattr(control, "visible", True) is not False
    disabled = disabled or bool(getattr(control, "disabled", False))
    if isinstance(control, ft.Semantics) and control.label:
        labels = (*labels, str(control.label))
    yield control, visible, disabled, labels
    children: list[Any] = []
    for name in ("content", "title", "leading", "trailing", "subtitle"):
        child = getattr(control, name, None)
        if isinstance(child, (ft.Control, Component)):
            children.append(child)
    for name in ("controls", "actions", "tabs"):
        children += [c for c in (getattr(control, name, None) or []) if isinstance(c, (ft.Control, Component))]
    for child in children:
        yield from _walk(child, visible, disabled, labels)


def _name(control: Any) -> str | None:
    """What a button says: its text, or the text of its content."""
    content = getattr(control, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, ft.Text):
        return content.value
    text = getattr(control, "text", None)
    return text if isinstance(text, str) else None


class App:
    """One tab of the app on ``store``, opened at home."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.shell = tab(store)
        self.taps = 0
        self.keys = 0
        self._drawn: list[tuple[Any, bool, bool, tuple[str, ...]]] | None = None

    # ------------------------------------------------------------ what is on screen
    def drawn(self) -> list[tuple[Any, bool, bool, tuple[str, ...]]]:
        """The screen as drawn now: drawn again after every tap (and only then: what is
        on screen changes with what a player does)."""
        if self._drawn is None:
            self._drawn = list(_walk(Renderer().render(Screen, self.shell, self.shell.state.route)))
        return self._drawn

    def texts(self) -> list[str]:
        """Every text shown, and every accessible label (a card's merged text)."""
        out: list[str] = []
        for control, visible, _disabled, _labels in self.drawn():
            if not visible:
                continue
            if isinstance(control, ft.Text) and isinstance(control.value, str) and control.value:
                out.append(control.value)
            if isinstance(control, ft.Text) and getattr(control, "semantics_label", None):
                out.append(str(control.semantics_label))
            if isinstance(control, ft.Semantics) and control.label:
                out.append(str(control.label))
        return out

    def sees(self, text: str) -> bool:
        return any(text in t for t in self.texts())

    def see(self, text: str) -> None:
        assert self.sees(text), f"not on screen: {text!r}\n" + "\n".join(self.texts())

    def flash(self) -> str | None:
        return self.shell.state.flash

    # ------------------------------------------------------------ taps
    def buttons(self, name: str) -> list[tuple[Any, bool]]:
        """The buttons a player could mean by ``name``: those saying it, or inside an
        accessible label saying it; with whether each can be tapped."""
        found = []
        for control, visible, disabled, labels in self.drawn():
            if not isinstance(control, BUTTONS) or not visible or control.on_click is None:
                continue
            if _name(control) == name or (labels and labels[-1] == name):
                found.append((control, not disabled))
        return found

    def names(self, prefix: str) -> list[str]:
        """The names of the buttons that can be tapped starting with ``prefix`` (their
        accessible label, else their text), in screen order."""
        out = []
        for control, visible, disabled, labels in self.drawn():
            if isinstance(control, BUTTONS) and visible and not disabled and control.on_click is not None:
                name = labels[-1] if labels else _name(control)
                if name and name.startswith(prefix):
                    out.append(name)
        return out

    def can_tap(self, name: str) -> bool:
        return any(ok for _c, ok in self.buttons(name))

    def tap(self, name: str) -> None:
        """Tap the button a player reads as ``name`` (one, enabled, on screen)."""
        usable = [c for c, ok in self.buttons(name) if ok]
        assert usable, f"no button {name!r} to tap\n" + "\n".join(self.texts())
        self.taps += 1
        self._call(usable[0].on_click, Event(usable[0]))

    def type(self, label: str, text: str) -> None:
        """Type ``text`` into the field labelled ``label`` (replacing what it holds)."""
        fields = [c for c, visible, disabled, _l in self.drawn()
                  if isinstance(c, ft.TextField) and c.label == label and visible and not disabled]
        assert fields, f"no field {label!r}"
        self.keys += len(text)
        self._call(fields[0].on_change, Event(Value(text)))

    def choose(self, label: str) -> None:
        """Pick the radio button labelled ``label`` in its group."""
        drawn = self.drawn()
        for _i, (control, visible, disabled, _l) in enumerate(drawn):
            if isinstance(control, ft.RadioGroup) and visible and not disabled:
                radios = [c for c, *_rest in _walk(control.content) if isinstance(c, ft.Radio)]
                hit = [r for r in radios if r.label == label]
                if hit:
                    self.taps += 1
                    self._call(control.on_change, Event(Value(hit[0].value)))
                    return
        raise AssertionError(f"no radio button {label!r}")

    def check(self, name: str, on: bool = True) -> None:
        """Tick (or clear) the checkbox a player reads as ``name``."""
        boxes = [c for c, visible, disabled, _l in self.drawn()
                 if isinstance(c, ft.Checkbox) and visible and not disabled
                 and name in (c.label, getattr(c, "semantics_label", None))]
        assert boxes, f"no checkbox {name!r}"
        self.taps += 1
        self._call(boxes[0].on_change, Event(Value(on)))

    def checked(self, name: str) -> bool:
        return any(isinstance(c, ft.Checkbox) and visible and bool(c.value)
                   and name in (c.label, getattr(c, "semantics_label", None))
                   for c, visible, _d, _l in self.drawn())

    def enter_players(self, names: list[str]) -> None:
        """A setup's players typed in seating order, a field added where one is missing."""
        for i, name in enumerate(names, 1):
            if not self.has_field(f"Player {i}"):
                self.tap("Add player")
            self.type(f"Player {i}", name)

    def has_field(self, label: str) -> bool:
        return any(isinstance(c, ft.TextField) and c.label == label and visible
                   for c, visible, _d, _l in self.drawn())

    def field(self, label: str) -> str:
        fields = [c for c, visible, _d, _l in self.drawn() if isinstance(c, ft.TextField) and c.label == label]
        assert fields, f"no field {label!r}"
        return fields[0].value or ""

    def _call(self, handler: Any, event: Event) -> None:
        assert handler is not None
        try:
            done = handler(event)
            if inspect.iscoroutine(done):
                run_async(done)
        finally:
            self._drawn = None

    # ------------------------------------------------------------ where it is
    @property
    def screen(self) -> str:
        return self.shell.state.route.screen

    @property
    def match_id(self) -> int:
        return int(self.shell.state.route.args["match"])
