"""The games companion knows, found from ``companion/games/*``: no central list to edit.

A game package exposes ``GAME``, a :class:`GameSpec`. Adding a game means adding
a folder under ``companion/games/`` whose ``__init__`` defines ``GAME``; the
referee command, the app's game picker and the printables find it here.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Union

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from companion.core.errors import RecordError
from companion.core.record import error_from_validation, parse_json


@dataclass(frozen=True)
class GameSpec:
    name: str                                   # 'hotdog': the record's "game"
    title: str                                  # 'Hot Dog': what a player reads
    record_model: type[BaseModel]
    referee: Callable[[Any], BaseModel]         # record → result (raises RuleError)
    field_rulings: Mapping[str, str] = field(default_factory=dict)
    # per-player final score of a finished game's result, for three-game matches
    final_scores: Callable[[Any], dict[str, int]] | None = None
    # how a player reads a final score: Hot Dog's are dollars ("$12")
    score_text: Callable[[int], str] = str
    # the ruling that makes a match of three games (Hot Dog's HD-15), if the rules have one
    match_ruling: str | None = None
    # adds the game's own subcommands to `companion` (e.g. `deck check`)
    commands: Callable[[Any], None] | None = None


@cache
def games() -> dict[str, GameSpec]:
    """Every game package under companion.games that defines GAME, by name."""
    import companion.games as pkg

    found: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found[spec.name] = spec
    return found


def game(name: str) -> GameSpec:
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(games())
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise RecordError(f"game: unknown game '{shown}' (known: {known})") from None


@cache
def _any_record() -> TypeAdapter[Any]:
    models = tuple(spec.record_model for spec in games().values())
    union = Union[models] if len(models) > 1 else models[0]  # noqa: UP007
    return TypeAdapter(Annotated[union, Field(discriminator="game")])


def parse_record(text: str | bytes) -> BaseModel:
    """A record of any known game from JSON text; a bad one raises a one-line RecordError."""
    try:
        return _any_record().validate_json(text)
    except ValidationError:
        pass
    # The slow path, for a bad record only: say exactly what is wrong, in one line.
    raw = parse_json(text)  # raises the JSON error itself if the text is not JSON
    if not isinstance(raw, dict):
        raise RecordError("a record must be a JSON object")
    name = raw.get("game")
    if name is None:
        raise RecordError("game: the record does not say which game it is ('game' is missing)")
    spec = game(name) if isinstance(name, str) else game(repr(name))
    try:
        return spec.record_model.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, spec.field_rulings) from None


def referee(record: BaseModel) -> BaseModel:
    """The result of a record: the pure replay of its rounds by its game's rules."""
    return game(record.game).referee(record)  # type: ignore[attr-defined]


def referee_json(text: str | bytes) -> str:
    """JSON record in, JSON result out: the contract of ``companion referee``."""
    return referee(parse_record(text)).model_dump_json()
