"""A new match's setup starts afresh: what a setup left half-done kept is not the next
setup's start. Home's "New … match" drops the draft under the game's ``setup_key``, the
key its setup screen keeps it under. Drawn without a browser: the screens' component
functions run once over the fake shell of ``tests/tabs.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest

from companion.core.registry import games
from companion.store import Store
from companion.ui.contracts import Route, setup_key
from companion.ui.home import Home
from companion.ui.services import Shell, game_views
from tests.render import Renderer, controls
from tests.tabs import tab

LEFT = "a draft left half-done"


class Spy:
    """The shell, noting every passing-state key a screen reads."""

    def __init__(self, shell: Shell) -> None:
        self.shell, self.read = shell, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.shell, name)

    def ui(self, key: str, default: Any = None) -> Any:
        self.read.append(key)
        return self.shell.ui(key, default)


def drawn(screen: Callable[..., Any], *args: Any) -> Any:
    """What a component (``screen(*args)``) draws, its function run once."""
    component = Renderer().render(screen, *args)
    return Renderer(component).render(component.fn, *component.args, **component.kwargs)


def tap(shell: Shell, label: str) -> None:
    """Tap the button labelled ``label`` on Home."""
    (button,) = [c for c in controls(drawn(Home, shell)) if isinstance(c, ft.Button) and c.content == label]
    button.on_click(None)


@pytest.fixture
def shell(tmp_path) -> Shell:
    return tab(Store(tmp_path / "companion.sqlite3"))


def test_every_games_setup_keeps_its_draft_under_its_setup_key(shell):
    assert game_views()
    for game, view in game_views().items():
        spy = Spy(shell)
        drawn(view.setup, spy)
        assert setup_key(game) in spy.read, (game, spy.read)


def test_a_new_match_does_not_start_from_an_abandoned_setup(shell):
    for game, view in game_views().items():
        new = f"New {games()[game].title} match"
        tap(shell, new)
        assert shell.state.route == Route("setup", {"game": game})
        spy = Spy(shell)
        drawn(view.setup, spy)                      # the setup screen, as it keeps its drafts
        for key in spy.read:
            shell.set_ui(key, lambda d: LEFT)       # names typed, then the setup is left
        shell.go("home")
        tap(shell, new)
        assert shell.state.route == Route("setup", {"game": game})
        assert {key: shell.ui(key) for key in spy.read if shell.ui(key) == LEFT} == {}, game
