"""Small builders for burger records in tests (no test reads ../shared)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic_core import to_json

from companion.core import registry
from companion.core.errors import RecordError
from companion.core.message import for_the_record
from companion.core.registry import referee_json
from companion.games.burger import explain

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
    """The record's result: every fact, as JSON data (the contract's fields and the rest)."""
    return json.loads(to_json(registry.replay("burger", rec).result))


def told(rec: dict) -> dict:
    """The result with what a player reads of it beside the facts (the present layer's
    words): the game's explanation, notes and scoring; each round's explanation (who
    takes the decks), notes, private lines and the end."""
    result = registry.replay("burger", rec).result
    out = json.loads(to_json(result))
    out["explanation"] = explain.game_text(result, rec["players"])
    out["notes"] = explain.game_notes(result)
    out["scoring"]["explanation"] = explain.scoring_text(result)
    for r, facts in zip(out["rounds"], result["rounds"], strict=True):
        r["explanation"] = explain.takes_text(facts)
        r["notes"] = explain.round_notes(facts)
        r["private"] = explain.private(facts)
        r["end_text"] = explain.end_text(facts["end"], sum(facts["hamburgers"].values()), facts["draw_pile"],
                                         facts["decks"]) if facts["end"] else None
    return out


def error(rec: dict) -> str:
    """The refusal as ``companion referee`` says it (decks by the record's index, from 0)."""
    with pytest.raises(RecordError) as info:
        referee_json(json.dumps(rec))
    with for_the_record():
        return str(info.value)
