"""Sales' rows in a CSV export (found by ``companion.store.exchange`` by module
name): one row per card played, as entered, with whether it was won or discarded."""

from __future__ import annotations

from typing import Any

from companion.games.sales import viewmodel as vm


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``'s plays: game, round, sale, player, the card's attributes, outcome."""
    return [{"game": number, **row} for row in vm.csv_rows(record)]
