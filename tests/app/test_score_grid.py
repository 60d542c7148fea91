"""The score grid every game's table draws: a column per player, the standing row
first, a row's cells in the players' order. Drawn without a browser."""

from __future__ import annotations

import flet as ft
import pytest

from companion.ui.widgets.grid import GridRow, ScoreGrid
from tests.app.test_new_setup import drawn


def test_players_are_columns_and_rows_keep_their_order() -> None:
    rows = [GridRow("Now", ["$5", "$3", "$0"], strong=True), GridRow("Round 1", ["+2", "0", "-1"])]
    grid = drawn(ScoreGrid, ["Anna", "Bernd", "田中"], rows)
    table = grid.content.controls[0]
    assert isinstance(table, ft.DataTable)
    assert [c.label.value for c in table.columns] == ["", "Anna", "Bernd", "田中"]
    cells = [[c.content.value for c in r.cells] for r in table.rows]
    assert cells == [["Now", "$5", "$3", "$0"], ["Round 1", "+2", "0", "-1"]]
    assert table.rows[0].cells[1].content.weight == ft.FontWeight.BOLD
    assert table.rows[1].cells[1].content.weight is None


def test_a_row_missing_a_player_is_a_slip_not_a_shifted_column() -> None:
    with pytest.raises(ValueError, match="2 cells for 3 players"):
        drawn(ScoreGrid, ["Anna", "Bernd", "Chris"], [GridRow("Round 1", ["1", "2"])])


def test_a_redraw_with_the_same_cells_keeps_the_grid_and_a_changed_cell_draws_it_anew() -> None:
    """A tap elsewhere on the screen (a chip picked) redraws the screen with a grid of
    equal rows: the grid is memoized, so its controls are kept, neither built nor
    compared again; a changed cell, or the grid's words in another language, draw it anew."""
    from flet.controls.base_control import BaseControl
    from flet.controls.object_patch import ObjectPatch

    from companion.core import i18n
    from tests.render import Renderer, redrawn

    def screen(cells: list[str]) -> ft.Column:
        return ft.Column([ScoreGrid(["Anna", "Bernd"], [GridRow("Now", list(cells), strong=True)], key="grid")])

    def body(root: ft.Column):
        return root.controls[0]._b

    before = Renderer().render(screen, ["$5", "$3"])
    ObjectPatch.from_diff(None, before, control_cls=BaseControl, frozen=True)
    same = Renderer().render(screen, ["$5", "$3"])          # equal rows, new objects
    redrawn(before, same)
    assert body(same) is body(before)
    changed = Renderer().render(screen, ["$6", "$3"])
    redrawn(same, changed)
    assert body(changed) is not body(same)
    assert changed.controls[0]._b.content.controls[0].rows[0].cells[1].content.value == "$6"
    i18n.set_language("de")
    german = Renderer().render(screen, ["$6", "$3"])
    redrawn(changed, german)
    assert body(german) is not body(changed)
    assert body(german).label != body(changed).label      # "score grid", now in German
