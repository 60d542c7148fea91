"""A score grid: players as columns, rounds or games as rows, the standing row first.

A table reads a score sheet this way on paper: one column per player, one line per
round. The row a player looks for most (the money now, the totals) comes first, right
under the names, so it stays in view however many rounds follow. Wider than the
screen (nine players on a phone), the grid scrolls sideways, never the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import flet as ft

from companion.core.grid import GridRow
from companion.core.i18n import _
from companion.ui.widgets.memo import memoized


def grid_rows_valid(players: Sequence[str], rows: Sequence[GridRow]) -> None:
    """Every row has one cell per player (a programming slip otherwise)."""
    for row in rows:
        if len(row.cells) != len(players):
            raise ValueError(f"grid row {row.label!r} has {len(row.cells)} cells for {len(players)} players")


def _text(value: str, strong: bool) -> ft.Text:
    return ft.Text(value, weight=ft.FontWeight.BOLD if strong else None)


RowKey = tuple[str, tuple[str, ...], bool]
Drawn = list[tuple[RowKey, ft.DataRow]]


def _row(r: GridRow) -> ft.DataRow:
    return ft.DataRow(cells=[ft.DataCell(_text(r.label, r.strong))]
                      + [ft.DataCell(_text(c, r.strong)) for c in r.cells])


def _rows(rows: Sequence[GridRow], drawn: Drawn) -> Drawn:
    """The grid's rows by their words, each the very row drawn last time at the same
    place where its words are the same there (``drawn``: the last drawing's), else a
    new one. A round entered adds a row at the end and changes the standing row: the
    others are neither built nor compared again (Flet's diff passes over a control that
    is the same object at the same place), which was most of the grid's redraw. Only
    at the same place: Flet's diff pairs a list's rows by place, and a row met at
    another place would be compared with another row and take its id."""
    out: Drawn = []
    for i, r in enumerate(rows):
        key = (r.label, tuple(r.cells), r.strong)
        same = i < len(drawn) and drawn[i][0] == key
        out.append((key, drawn[i][1] if same else _row(r)))
    return out


@ft.component
def _score_grid(players: Sequence[str], rows: Sequence[GridRow], *, corner: str, name: str,
                key: str | None = None) -> ft.Control:
    grid_rows_valid(players, rows)
    drawn = ft.use_ref(cast(Drawn, []))      # this grid's rows as last drawn
    drawn.current = _rows(rows, drawn.current or [])
    table = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(corner, weight=ft.FontWeight.BOLD))]
        + [ft.DataColumn(label=ft.Text(p, weight=ft.FontWeight.BOLD), numeric=True) for p in players],
        rows=[row for _key, row in drawn.current],
        column_spacing=16, horizontal_margin=8, heading_row_height=40,
        data_row_min_height=36, data_row_max_height=44,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), border_radius=8,
    )
    return ft.Semantics(label=name, container=True, content=ft.Row([table], scroll=ft.ScrollMode.AUTO))


_memo_score_grid = memoized(_score_grid)


def ScoreGrid(players: Sequence[str], rows: Sequence[GridRow], *, corner: str = "",
              name: str | None = None, key: str | None = None) -> ft.Control:
    """The grid; ``corner`` heads the label column ("Round"); ``name`` is what a
    screen reader calls it (and a test finds it by; none given: "score grid").
    Memoized (:mod:`companion.ui.widgets.memo`): a tap that changes no cell (a chip
    picked under it) neither builds nor diffs the grid again. Every word it shows is
    one of its arguments, so a language switch draws it again."""
    drawn: ft.Control = _memo_score_grid(list(players), list(rows), corner=corner,
                                         name=name or _("score grid"), key=key)
    return drawn
