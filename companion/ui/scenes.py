"""What a session shows, as far as a new screen is concerned (:class:`Scene`): a new
scene opens at the top of the page and settles before it takes a tap on its entry
(:meth:`companion.ui.services.Shell.drawn`); a redraw keeps its place."""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from companion.ui.contracts import SessionState


@dataclass(frozen=True)
class Scene:
    """What a session shows, as far as a new screen is concerned: the route, and per
    screen's passing state (by key) the game of a match it is for and its step
    (``mode``), with the step it begins in (its ``mode`` field's default)."""

    route: tuple[str, str]
    steps: tuple[tuple[str, Any, str, Any], ...]   # (key, game number, mode, mode it begins in)

    def after(self, before: Scene | None) -> bool:
        """Whether this is a new screen after ``before`` rather than a redraw of it: the
        route changed, a screen's step changed (a table going from entry to its reveal,
        or to a past round), a table went on to its match's next game, or a screen's
        state began or ended in a step other than the one it begins in. A first tap
        on a table, which begins its passing state in its first step, is no new screen."""
        if before is None or before.route != self.route:
            return True
        then = {key: (number, mode, first) for key, number, mode, first in before.steps}
        now = {key: (number, mode, first) for key, number, mode, first in self.steps}
        for key in then.keys() | now.keys():
            if key in then and key in now:
                changed = then[key][:2] != now[key][:2]
            else:
                _number, mode, first = then.get(key) or now[key]
                changed = mode != first
            if changed:
                return True
        return False


def _first_mode(ui: Any) -> Any:
    if is_dataclass(ui):
        for f in fields(ui):
            if f.name == "mode":
                return f.default
    return None


def scene_of(state: SessionState) -> Scene:
    """The scene ``state`` shows (:class:`Scene`): a new scene opens at the top of the
    page; a redraw keeps its place."""
    steps = []
    for key, held in sorted(state.ui.items()):
        ui = getattr(held, "ui", held)
        mode = getattr(ui, "mode", None)
        if isinstance(mode, str):
            steps.append((key, getattr(held, "number", None), mode, _first_mode(ui)))
    return Scene((state.route.screen, repr(sorted(state.route.args.items()))), tuple(steps))
