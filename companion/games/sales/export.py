"""Sales' rows in a CSV export (found by ``companion.store.exchange`` by module
name): one row per card played, as entered, with whether it was won or discarded."""

from __future__ import annotations

from typing import Any

from companion.games.sales import viewmodel as vm


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``'s plays: game, round, sale, player, the card's attributes, outcome."""
    return [{"game": number, **row} for row in vm.csv_rows(record)]


def start_player(result: Any) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the leader of the first sale, who plays first (SA-3)."""
    return result.rounds[0].leader if result.rounds else None
