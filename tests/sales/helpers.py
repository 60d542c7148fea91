"""Builders for Sales records in tests: cards, plays, sales, records, and refereeing them."""

from __future__ import annotations

import json
from typing import Any

from companion.core.errors import RecordError
from companion.core.registry import parse_record, referee


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
    """The result of a record, as the JSON the referee command prints."""
    return json.loads(referee(parse_record(json.dumps(rec))).model_dump_json())


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
