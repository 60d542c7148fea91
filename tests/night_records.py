"""Three finished matches of three games for game-night tests, worked by hand.

- Hot Dog (the example match, three games): Anna $29, Bernd $19, Chris $16 (HD-15).
- Sales (hand size 1): Bernd wins sale 1 (2 points), Chris sales 2 and 3 (4 + 1):
  Chris 5, Bernd 2, Anna 0; Chris wins (SA-13).
- Burger (one round, the draw pile then empty: BU-6): Bernd and Chris complete a
  hamburger each, nobody has a rat: they share the win (BU-8); Anna 0. The record
  spells Anna "anna": the same player.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.burger.burger_helpers import all_play, deal, rnd
from tests.burger.burger_helpers import record as burger_record
from tests.sales.helpers import c
from tests.sales.helpers import record as sales_record

EXAMPLES = Path(__file__).resolve().parent / "examples"
PLAYERS = ["Anna", "Bernd", "Chris"]


def hotdog_match() -> dict[str, Any]:
    return json.loads((EXAMPLES / "hotdog-match.json").read_text(encoding="utf-8"))


def _plays(*plays: tuple[str, dict]) -> list[dict]:
    return [{"plays": [{"player": p, "card": k} for p, k in plays]}]


def sales_game(rounds: int = 3) -> dict[str, Any]:
    all_rounds = [
        _plays(("Anna", c("sun", 3)), ("Bernd", c("sun", 2)), ("Chris", c("sun", 5))),
        _plays(("Bernd", c("rain", 5)), ("Chris", c("rain", 4)), ("Anna", c("rain", 6))),
        _plays(("Chris", c("snow", 1)), ("Anna", c("snow", 6)), ("Bernd", c("snow", 7))),
    ]
    rec = sales_record(PLAYERS, hand_size=1)
    rec["rounds"] = [{"sales": r} for r in all_rounds[:rounds]]
    return rec


def burger_game() -> dict[str, Any]:
    players = ["anna", "Bernd", "Chris"]
    return burger_record(players, [rnd(deal(3), all_play(players), complete={"Bernd": 1, "Chris": 1})],
                         draw_pile=5)


def match_of(record: dict[str, Any]) -> dict[str, Any]:
    """A one-game match record of a game record."""
    games = [{k: v for k, v in record.items() if k != "game"}]
    return {"kind": "match", "game": record["game"], "players": list(record["players"]), "games": games}
