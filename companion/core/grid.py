"""A score grid's rows as plain data: each game's presentation builds them (players as
columns, the standing row first), the shared ``ScoreGrid`` widget draws them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class GridRow(NamedTuple):
    """One line of the grid: its label ("Round 3", "Game 1", "Now") and one cell per
    player, in the grid's column order. ``strong`` rows (the standing, the totals) are
    bold."""

    label: str
    cells: Sequence[str]
    strong: bool = False


def points_added(n: int) -> str:
    """Points a round added, as a grid cell: '+3', '0', '-2'."""
    return f"+{n}" if n > 0 else str(n)
