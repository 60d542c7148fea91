"""Small builders for burger records in tests (no test reads ../shared)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.core.errors import RecordError
from companion.core.registry import referee_json

INGREDIENTS = ["lettuce", "cheese", "onion", "patty", "mushroom", "tomato", "bottom bun", "top bun"]
NEED = {2: 4, 3: 5, 4: 7, 5: 8}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def deal(n: int, rats: int = 0, extra: int = 0) -> list[list[str]]:
    """n decks holding NEED[n] + extra ingredients (one each, the rest on deck 0) and
    ``rats`` rats on deck 0."""
    cards = [INGREDIENTS[i % len(INGREDIENTS)] for i in range(NEED[n] + extra)]
    decks = [[c] for c in cards[:n]]
    decks[0].extend(cards[n:])
    decks[0].extend(["rat"] * rats)
    return decks


def rnd(decks: list[list[str]], tools: dict[str, str], picks=None, complete=None) -> dict:
    out: dict[str, Any] = {"decks": decks, "tools": tools}
    if picks is not None:
        out["picks"] = picks
    if complete is not None:
        out["complete"] = complete
    return out


def record(players: list[str], rounds: list[dict], **setup: Any) -> dict:
    return {"game": "burger", "players": players, **setup, "rounds": rounds}


def all_play(players: list[str], kind: str = "tongs", **others: str) -> dict[str, str]:
    return {p: others.get(p, kind) for p in players}


def run(rec: dict) -> dict:
    return json.loads(referee_json(json.dumps(rec)))


def error(rec: dict) -> str:
    with pytest.raises(RecordError) as info:
        referee_json(json.dumps(rec))
    return str(info.value)
