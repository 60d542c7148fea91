"""Burger's rows in a CSV export (found by ``companion.store.exchange`` by module name):
per round and player, the tool card played and what it brought, from the referee's
result. Rat tokens are secret while the game runs (BU-5): export when the table agrees."""

from __future__ import annotations

import json
from typing import Any

from companion.core.names import Roster
from companion.core.registry import parse_record_as
from companion.games.burger.models import BurgerRecord, BurgerResult
from companion.games.burger.rules import is_rat, referee

# The column a game's and a match's totals go in (``companion.store.exchange``).
SCORE_COLUMN = "score"


def csv_rows(number: int, record: dict[str, Any]) -> list[dict[str, Any]]:
    """Game ``number``, per round: one row per deck (index as in the record, from 0) with
    its cards, rat cards and the player who got it, taken (BU-4) or in the wastebasket
    (BU-4); then one row per player (seat order): the first player (BU-2, BU-6), the
    tool card played (BU-3), decks and cards taken, rat tokens and complete hamburgers in
    all (BU-5), the hamburgers finished that round, the tool cards left after any
    take-back (BU-3) and the score so far (BU-8)."""
    rec = parse_record_as(BurgerRecord, json.dumps({**record, "game": "burger"}))
    result = referee(rec)
    players = list(rec["players"])
    roster = Roster(players)
    per_burger, per_rat = rec["scoring"]["hamburger"], rec["scoring"]["rat"]
    rows = []
    before = dict.fromkeys(players, 0)
    for rnd, res in zip(rec["rounds"], result["rounds"], strict=True):
        tools = {roster.find(name): kind for name, kind in rnd["tools"].items()}
        got = {i: p for p, decks in res["taken"].items() for i in decks}
        for i, deck in enumerate(rnd["decks"]):
            rows.append({"row": "deck", "game": number, "round": res["round"], "deck": i,
                         "player": res["wastebasket"] or got.get(i, ""), "cards": "; ".join(deck),
                         "rat_cards": sum(1 for card in deck if is_rat(card)),
                         "to_wastebasket": res["wastebasket"] is not None})
        for p in players:
            taken = res["taken"].get(p, [])
            burgers = res["hamburgers"].get(p, 0)
            rats = res["rats"].get(p, 0)
            rows.append({"row": "round", "game": number, "round": res["round"], "player": p,
                         "first": p == res["first"], "tool": tools.get(p, ""), "decks_taken": len(taken),
                         "cards_taken": sum(len(rnd["decks"][i]) for i in taken),
                         "to_wastebasket": p == res["wastebasket"], "rat_tokens": rats,
                         "hamburgers_finished": burgers - before[p],
                         "hamburgers": burgers, "took_back": p in res["took_back"],
                         "tongs_left": res["tools_left"][p]["tongs"], "tease_left": res["tools_left"][p]["tease"],
                         # the score after this round (BU-8's house rule, of the running totals)
                         "score": per_burger * burgers + per_rat * rats})
            before[p] = burgers
    return rows


def start_player(result: BurgerResult) -> str | None:
    """Who starts the game, for a BG Stats play (``companion.store.bgstats``):
    the first player chosen at setup, who lays out round 1 (BU-1, BU-2)."""
    return result["rounds"][0]["first"] if result["rounds"] else None
