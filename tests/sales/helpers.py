"""Builders for Sales records in tests: cards, plays, sales, records, and refereeing them."""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import to_json

from companion.core.errors import RecordError
from companion.core.registry import parse_record, referee
from companion.games.sales import explain


def c(suit: str, value: int, discard: int = 0, icons: tuple[str, ...] = (),
      collects: tuple[str, str] | None = None) -> dict:
    """A card in the contract's attribute form; ``collects`` = (kind, icon)."""
    card: dict[str, Any] = {"suit": suit, "value": value, "discard": discard}
    if icons:
        card["icons"] = list(icons)
    if collects:
        card["set"] = {"kind": collects[0], "icon": collects[1]}
    return card


def sale(*plays: tuple[str, dict]) -> dict:
    return {"plays": [{"player": p, "card": card} for p, card in plays]}


def record(players: list[str], *rounds: list[dict], **setup: Any) -> dict:
    return {"game": "sales", **setup, "players": players, "rounds": [{"sales": list(r)} for r in rounds]}


def ref(rec: dict) -> dict:
    """The result of a record: every fact as JSON data, with what a player reads of it
    beside the facts (the present layer's words): the game's explanation and notes,
    each score's breakdown, the team's explanation, each sale's explanation and each
    round's notes."""
    result = referee(parse_record(json.dumps(rec)))
    out = json.loads(to_json(result))
    out["explanation"] = explain.game_text(result)
    out["notes"] = explain.game_notes(result)
    for p, s in out["scores"].items():
        s["breakdown"] = explain.breakdown(result, p)
    if out["team"] is not None:
        out["team"]["explanation"] = explain.team_text(result)
    for r, facts in zip(out["rounds"], result["rounds"], strict=True):
        r["notes"] = explain.round_notes(facts)
        for s, sale in zip(r["sales"], facts["sales"], strict=True):
            s["explanation"] = explain.sale_text(sale, result["mode"], facts["round"])
    return out


def error(rec: dict) -> str:
    """The one-line error a bad record gives."""
    try:
        ref(rec)
    except RecordError as exc:
        return str(exc)
    raise AssertionError("the record was accepted")


def contract_sale(s: dict) -> dict:
    """Only the contract's fields of a sale result."""
    return {k: s[k] for k in ("leader", "on_suit", "winner", "discards", "next_leader")}
