"""The toy game's CSV rows: per round and player, the number named, whether it was
named once, whether it scored and the points after the round."""

from __future__ import annotations

from typing import Any

from tests.toy_game import play

SCORE_COLUMN = "points"


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    results, _ = play.replay({**record, "game": "toy"})
    rows = []
    for res in results:
        named = list(res["picks"].values())
        for p, n in res["picks"].items():
            rows.append({"row": "round", "game": number, "round": res["round"], "player": p, "number": n,
                         "unique": named.count(n) == 1, "scored": p == res["winner"], "points": res["points"][p]})
    return rows


def start_player(result: Any) -> str | None:
    return None
