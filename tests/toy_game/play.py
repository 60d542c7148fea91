"""The toy game's record operations, as its table screen and its seat make them: a new
record, the next round from everyone's numbers, undo and edit-and-replay (through
``companion.core.edits``), its one line, and its words of the rules' facts (the toy
game is English only). No flet here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import edits, registry
from companion.core.edits import Change, say_where
from companion.core.errors import RecordError
from tests.toy_game import rules
from tests.toy_game.models import RoundResult, ToyResult


def new_record(players: list[str]) -> dict[str, Any]:
    return {"game": "toy", "players": list(players), "rounds": []}


def replay(record: Mapping[str, Any]) -> tuple[list[RoundResult], rules.State]:
    """The record's one replay (the registry's): each round's facts and the state after them."""
    played = registry.replay("toy", record)
    return played.rounds, played.state


def round_text(r: RoundResult) -> str:
    if r["winner"] is None:
        return "No number was named by one player only: nobody scores (TOY-4)."
    return f"{r['winner']}'s {r['picks'][r['winner']]} is the highest number named once: a point (TOY-4)."


def game_text(result: ToyResult) -> str:
    if result["game_over"]:
        best = max(result["points"].values())
        return f"Game over: {', '.join(result['winners'])} with {best} point(s) (TOY-5)."
    return f"Game in progress after {result['rounds_played']} of {rules.ROUNDS} rounds."


def round_of(players: list[str], numbers: Mapping[str, int]) -> dict[str, Any]:
    return {"picks": [{"player": p, "number": numbers[p]} for p in players if p in numbers]}


def _checked(record: Mapping[str, Any], changed: dict[str, Any]) -> Change:
    try:
        replay(changed)
    except RecordError as err:
        return Change(dict(record), say_where(err))
    return Change(changed)


def submit(record: Mapping[str, Any], numbers: Mapping[str, int]) -> Change:
    rnd = round_of(list(record["players"]), numbers)
    return _checked(record, {**record, "rounds": [*record["rounds"], rnd]})


def undo(record: Mapping[str, Any]) -> Change:
    return edits.drop_last_round(record)


def edit(record: Mapping[str, Any], index: int, numbers: Mapping[str, int]) -> Change:
    rounds = list(record["rounds"])
    if not 0 <= index < len(rounds):
        return Change(dict(record), f"There is no round {index + 1} to change.")
    rounds[index] = round_of(list(record["players"]), numbers)
    return _checked(record, {**record, "rounds": rounds})


def match_line(players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
    if not records:
        return "no game started", False
    _, state = replay(records[-1])
    score = ", ".join(f"{p} {state.points[p]}" for p in state.players)
    return f"{state.rounds_played} of {rules.ROUNDS} rounds played: {score}", state.over
