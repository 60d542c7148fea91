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


def start_player(result: Any) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the mustard holder at the start (HD-4): ties at a table are served from that seat."""
    return result.rounds[0].mustard if result.rounds else None
