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


def test_a_round_entered_keeps_the_rows_it_did_not_change_and_draws_each_row_in_its_place() -> None:
    """A round entered changes the standing row and adds a row at the end: the rows
    between are the very rows drawn before (neither built nor compared again, their ids
    kept); a row that lands in another place is drawn anew there, never moved with the
    id of the row it replaces, and every cell says what its row says."""
    from companion.core.grid import GridRow as Row
    from tests.render import Renderer, redrawn, sent

    def screen(rows: list[Row]) -> ft.Column:
        return ft.Column([ScoreGrid(["Anna", "Bernd"], rows, key="grid")])

    def table_rows(root: ft.Column) -> list[ft.DataRow]:
        return root.controls[0]._b.content.controls[0].rows

    def words(root: ft.Column) -> list[list[str]]:
        return [[c.content.value for c in r.cells] for r in table_rows(root)]

    one, two = Row("Round 1", ["+2", "0"]), Row("Round 2", ["0", "+1"])
    before = Renderer().render(screen, [Row("Now", ["$7", "$5"], strong=True), one])
    sent(before)
    after = Renderer().render(screen, [Row("Now", ["$7", "$6"], strong=True), one, two])
    redrawn(before, after, already_sent=True)
    assert table_rows(after)[1] is table_rows(before)[1]                 # round 1: kept as drawn
    assert table_rows(after)[0] is not table_rows(before)[0]             # the standing row: drawn again
    assert words(after) == [["Now", "$7", "$6"], ["Round 1", "+2", "0"], ["Round 2", "0", "+1"]]
    ids = [r._i for r in table_rows(after)]
    assert ids[1] == table_rows(before)[1]._i and len(set(ids)) == 3

    newest_first = Renderer().render(screen, [Row("Now", ["$7", "$6"], strong=True), two, one])
    redrawn(after, newest_first, already_sent=True)
    moved = table_rows(newest_first)
    assert moved[1] is not table_rows(after)[2] and moved[2] is not table_rows(after)[1]
    assert words(newest_first) == [["Now", "$7", "$6"], ["Round 2", "0", "+1"], ["Round 1", "+2", "0"]]
    assert len({r._i for r in moved}) == 3
