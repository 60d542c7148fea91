"""Sales' rows in a CSV export (found by ``companion.store.exchange`` by module name),
from the referee's result: one row per card played (what it was and what became of
it), then one row per round and player (the cards dealt that round, sales won, cards left,
the score so far)."""

from __future__ import annotations

import json
from typing import Any

from companion.core.names import Roster
from companion.core.registry import parse_record_as
from companion.games.sales.models import Card, SalesRecord, SalesResult
from companion.games.sales.rules import referee, score_of, won_after

# The column a game's and a match's totals go in (``companion.store.exchange``).
SCORE_COLUMN = "score"


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``: per sale, each card in play order with whether it was on suit
    (SA-4), won or discarded (SA-5, SA-6) and the cards its winner discarded from hand
    (SA-6); after each round's sales, per player (seat order) the cards dealt that round
    (``hand_size``: the game's, or the round's own when the stock ran short, SA-16), the
    sales won that round, the cards left in hand and the score of the cards won so far
    (SA-10…SA-12)."""
    rec = parse_record_as(SalesRecord, json.dumps({**record, "game": "sales"}))
    result = referee(rec)
    players = list(rec["players"])
    roster = Roster(players)
    rows: list[dict[str, Any]] = []
    for r, (rnd, res) in enumerate(zip(rec["rounds"], result["rounds"], strict=True), 1):
        for entered, sale in zip(rnd["sales"], res["sales"], strict=True):
            cards = {roster.find(play["player"]): play["card"] for play in entered["plays"]}
            for p in sale["order"]:
                won = p == sale["winner"]
                rows.append({"row": "sale", "game": number, "round": res["round"], "sale": sale["sale"],
                             "player": p, "leader": p == sale["leader"], **_card(cards[p]),
                             "on_suit": p in sale["on_suit"], "outcome": "won" if won else "discarded",
                             "hand_discards": sale["discards"] if won else 0})
        # the score after this round: of the cards won so far (SA-10…SA-12)
        so_far = won_after(result["rounds"][:r], players)
        for p in players:
            rows.append({"row": "round", "game": number, "round": res["round"], "player": p,
                         "hand_size": res["hand_size"], "sales_won": res["won"].get(p, 0), "hand": res["hands"][p],
                         "score": score_of(players, so_far, p)["total"]})
    return rows


def _card(card: Card) -> dict[str, Any]:
    collects = card["set"]
    return {"suit": card["suit"], "value": card["value"], "discard": card["discard"], "icons": " ".join(card["icons"]),
            "set": f"{collects['kind']} {collects['icon']}" if collects else ""}


def start_player(result: SalesResult) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the leader of the first sale, who plays first (SA-3)."""
    return result["rounds"][0]["leader"] if result["rounds"] else None


def team_score(result: SalesResult) -> int | None:
    """A game played together (co-op, solo): the team's score (SA-15), what every
    player scores in a BG Stats play; None in a competitive game."""
    team = result["team"]
    return team["score"] if team is not None else None
