"""Burger's rows in a CSV export (found by ``companion.store.exchange`` by module
name): one row per deck, as laid out, with its taker or the wastebasket it went to."""

from __future__ import annotations

import json
from typing import Any

from companion.core.errors import RecordError
from companion.games.burger import viewmodel as vm


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``'s decks: game, round, deck, cards, taker, rats, wastebasket
    (the view-model's rows; rats are secret while the game runs, BU-5).

    A record that cannot be replayed is still exported, as its rounds as entered
    (one row per round, the round as JSON, like a game without its own rows)."""
    try:
        vm.replay(record)
    except (RecordError, ValueError):     # a refused record, or one that is not a burger record
        return [{"game": number, "round": r, "round_json": json.dumps(rnd, ensure_ascii=False)}
                for r, rnd in enumerate(record.get("rounds", []), 1)]
    return vm.csv_rows(record, number)
