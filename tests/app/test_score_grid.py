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
