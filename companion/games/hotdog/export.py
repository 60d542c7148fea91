"""Hot Dog's rows in a CSV export (found by ``companion.store.exchange`` by module name):
per round and player, the bid and what became of it, from the referee's result."""

from __future__ import annotations

import json
from typing import Any

from companion.core.names import Roster
from companion.core.registry import parse_record_as
from companion.games.hotdog.models import HotDogRecord, HotDogResult
from companion.games.hotdog.rules import referee

# The column a game's and a match's totals go in (``companion.store.exchange``).
SCORE_COLUMN = "money"


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``, one row per round and player (seat order): the mustard holder,
    the bid as entered (HD-6, HD-12, HD-13), its price, place in the serving order
    (HD-7), outcome and why, the dollars paid to the player at full tables that round (HD-10),
    whether the player placed the last hot dogs (HD-13) and the money after the round."""
    rec = parse_record_as(HotDogRecord, json.dumps({**record, "game": "hotdog"}))
    result = referee(rec)
    players = list(rec["players"])
    roster = Roster(players)
    rows = []
    for rnd, res in zip(rec["rounds"], result["rounds"], strict=True):
        bids = {roster.find(b["player"]): b for b in rnd["bids"]}
        served = {s["player"]: (i, s) for i, s in enumerate(res["steps"], 1)}
        for p in players:
            row: dict[str, Any] = {"row": "round", "game": number, "round": res["round"], "player": p,
                                   "mustard": p == res["mustard"]}
            bid, (place, step) = bids.get(p), served.get(p, (None, None))
            if bid is not None and step is not None:
                # announced (HD-12) is said of a last hot dog only: empty on any other bid
                row.update(table=step["table"], hotdogs=step["hotdogs"], dollars=step["dollars"], last=bid["last"],
                           announced=bid["announced"] if bid["last"] else "", price=step["price"], served=place,
                           outcome=step["outcome"], reason=step["reason"] or "")
            else:  # no bid from this player this round: the columns stay empty
                row.update(dict.fromkeys(("table", "hotdogs", "dollars", "last", "announced", "price",
                                          "served", "outcome", "reason"), ""))
            row.update(payout=sum(pay["dollars"] for pay in res["payouts"] if pay["player"] == p),
                       finished=p in res["finished"], money=res["money"][p])
            rows.append(row)
    return rows


def start_player(result: HotDogResult) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the mustard holder at the start (HD-4): ties at a table are served from that seat."""
    return result["rounds"][0]["mustard"] if result["rounds"] else None
