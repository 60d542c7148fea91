"""The shell finds game views by module name and assumes no game."""

from __future__ import annotations

from pathlib import Path

from companion.core import registry
from companion.core.registry import games_with
from companion.games.hotdog.view import VIEW
from companion.ui import shell
from companion.ui.contracts import VIEW_PART, GameView
from companion.ui.services import game_views


def test_views_found_by_module_name_and_satisfy_the_protocol():
    """Every registered game with screens has a view, named as the game, titled as its
    spec, with every method the protocol names (a method added to GameView is checked
    for every game at once)."""
    views = game_views()
    assert views["hotdog"] is VIEW and set(views) == set(games_with(VIEW_PART))
    methods = [m for m in vars(GameView) if not m.startswith("_") and callable(getattr(GameView, m))]
    assert {"setup", "table", "match_detail", "rules", "match_line"} <= set(methods)
    for name, view in views.items():
        assert view.name == name and view.title == registry.game(name).title
        for method in methods:
            assert callable(getattr(view, method)), (name, method)


# The shell and the modules it is made of.
SHELL_MODULES = ("shell", "services", "router", "layout", "scenes", "app_bar", "home", "rules", "settings",
                 "started_from_setup")


def test_shell_names_no_game():
    for name in SHELL_MODULES:
        text = (Path(shell.__file__).parent / f"{name}.py").read_text(encoding="utf-8")
        body = text.split('"""', 2)[2]          # past the docstring, which cites the reference view
        assert "hotdog" not in body.lower() and "hot dog" not in body.lower(), name


def test_match_line_works_for_a_game_in_play():
    from companion.games.hotdog import setup_form

    line, over = VIEW.match_line(["Anna", "Bernd"], [setup_form.new_record(["Anna", "Bernd"], "Anna")])
    assert (line, over) == ("game 1 of 3, 0 rounds played", False)
