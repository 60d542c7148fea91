"""Hot Dog's rows in a CSV export (found by ``companion.store.exchange`` by module
name): one row per bid, as entered."""

from __future__ import annotations

from typing import Any


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``'s bids: game, round, then the bid's fields (player, table, …)."""
    rows = []
    for r, rnd in enumerate(record.get("rounds", []), 1):
        for bid in rnd.get("bids", []):
            rows.append({"game": number, "round": r, **bid})
    return rows
