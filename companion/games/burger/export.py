"""Burger's rows in a CSV export (found by ``companion.store.exchange`` by module
name): one row per deck, as laid out, with its taker or the wastebasket it went to."""

from __future__ import annotations

from typing import Any

from companion.games.burger import viewmodel as vm


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``'s decks: game, round, deck, cards, taker, rats, wastebasket
    (the view-model's rows; rats are secret while the game runs, BU-5)."""
    return vm.csv_rows(record, number)


def start_player(result: Any) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the first player chosen at setup, who lays out round 1 (BU-1, BU-2)."""
    return result.rounds[0].first if result.rounds else None
