"""The games companion knows, found from ``companion/games/*``: no central list to edit.

A game package exposes ``GAME``, a :class:`~companion.core.game.GameSpec`. Adding a
game means adding a folder under ``companion/games/`` whose ``__init__`` defines
``GAME``; the referee command, the app's screens, the phones, the exports and the
printables ask this module for it and for its parts (:func:`part`,
:func:`games_with`). Tests may :func:`register` a game of their own.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Annotated, Any, TypeVar, Union

from pydantic import Field, TypeAdapter, ValidationError

from companion.core.bounds import check_text
from companion.core.errors import RecordError
from companion.core.game import PARTS, GameResult, GameSpec
from companion.core.i18n import _
from companion.core.record import GameRecord, error_from_validation, parse_json

R = TypeVar("R", bound=GameRecord)

_registered: dict[str, GameSpec] = {}


@cache
def _found() -> dict[str, GameSpec]:
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


def games() -> dict[str, GameSpec]:
    """Every game, by name: the packages under companion.games, then any registered."""
    return {**_found(), **_registered}


@contextmanager
def register(spec: GameSpec) -> Iterator[GameSpec]:
    """Make ``spec`` a known game while the ``with`` block runs (a game that lives
    outside ``companion/games``, such as a test's)."""
    if spec.name in games():
        raise ValueError(f"a game named {spec.name!r} is known already")
    _registered[spec.name] = spec
    _any_record.cache_clear()
    try:
        yield spec
    finally:
        del _registered[spec.name]
        _any_record.cache_clear()


def part(name: str, part_name: str) -> Any:
    """The game's part (see :mod:`companion.core.game`), imported on first use; None if
    the game does not declare it."""
    spec = game(name)
    if part_name not in PARTS:
        raise ValueError(f"unknown part {part_name!r} (parts: {', '.join(PARTS)})")
    target = spec.parts.get(part_name)
    if target is None:
        return None
    module_name, _colon, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


def has_part(name: str, part_name: str) -> bool:
    """Whether the game declares ``part_name`` (nothing is imported)."""
    return part_name in game(name).parts


def games_with(part_name: str) -> dict[str, Any]:
    """Every game that declares ``part_name``, with that part, by name."""
    return {name: part(name, part_name) for name, spec in games().items() if part_name in spec.parts}


def game(name: str) -> GameSpec:
    try:
        return games()[name]
    except KeyError:
        known = ", ".join(games())
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise RecordError(_("game: unknown game '{game}' (known: {games})").format(game=shown, games=known)) from None


@cache
def _any_record() -> TypeAdapter[Any]:
    models = tuple(spec.record_model for spec in games().values())
    union = Union[models] if len(models) > 1 else models[0]  # noqa: UP007
    one_of: Any = Annotated[union, Field(discriminator="game")]   # a type built at run time
    return TypeAdapter(one_of)


def parse_record(text: str | bytes) -> GameRecord:
    """A record of any known game from JSON text; a bad one raises a one-line RecordError
    (one past the bounds of :mod:`companion.core.bounds` before it is parsed)."""
    check_text(text)
    try:
        return _any_record().validate_json(text)
    except ValidationError:
        pass
    # The slow path, for a bad record only: say exactly what is wrong, in one line.
    raw = parse_json(text)  # raises the JSON error itself if the text is not JSON
    if not isinstance(raw, dict):
        raise RecordError(_("a record must be a JSON object"))
    name = raw.get("game")
    if name is None:
        raise RecordError(_("game: the record does not say which game it is ('game' is missing)"))
    spec = game(name) if isinstance(name, str) else game(repr(name))
    try:
        return spec.record_model.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, spec.field_rulings) from None


def parse_record_as(model: type[R], text: str | bytes) -> R:
    """A record of one game (``model``, its record model) from JSON text, read like
    :func:`parse_record` reads any record; a record of another game is refused."""
    record = parse_record(text)
    if not isinstance(record, model):
        raise RecordError(_("game: a {model} was expected, not a '{game}' record").format(
            model=model.__name__, game=record.game))
    return record


def referee(record: GameRecord) -> GameResult:
    """The result of a record: the pure replay of its rounds by its game's rules."""
    return game(record.game).referee(record)


def referee_json(text: str | bytes) -> str:
    """JSON record in, JSON result out: the contract of ``companion referee``."""
    return referee(parse_record(text)).model_dump_json()
