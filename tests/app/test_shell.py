"""The shell finds game views by module name and assumes no game."""

from __future__ import annotations

from pathlib import Path

from companion.games.hotdog.view import VIEW
from companion.ui import shell
from companion.ui.shell import GameView, game_views


def test_views_found_by_module_name_and_satisfy_the_protocol():
    views = game_views()
    assert views["hotdog"] is VIEW
    for name, view in views.items():
        assert view.name == name
        for method in ("setup", "table", "match_detail", "rules", "match_line"):
            assert callable(getattr(view, method)), method
    assert set(GameView.__annotations__) == {"name", "title"}


def test_shell_names_no_game():
    text = Path(shell.__file__).read_text(encoding="utf-8")
    body = text.split('"""', 2)[2]          # past the docstring, which cites the reference view
    assert "hotdog" not in body.lower() and "hot dog" not in body.lower()


def test_match_line_works_for_a_game_in_play():
    from companion.games.hotdog import forms

    line, over = VIEW.match_line(["Anna", "Bernd"], [forms.new_record(["Anna", "Bernd"], "Anna")])
    assert (line, over) == ("game 1 of 3, 0 rounds played", False)
