"""The games companion knows, found from ``companion/games/*``: no central list to edit.

A game package exposes ``GAME``, a :class:`~companion.core.game.GameSpec`. Adding a
game means adding a folder under ``companion/games/`` whose ``__init__`` defines
``GAME``; the referee command, the app's screens, the phones, the exports and the
printables ask this module for it and for its parts (:func:`part`,
:func:`games_with`). Tests may :func:`register` a game of their own.

Every game's record is replayed here, once: :func:`replay` reads the record with its
shape and field rulings (a malformed one is a one-line ``RecordError``), replays it
with the game's ``rules`` and remembers the facts (they hold no words, so one replay
serves every language); :func:`over` and :func:`place` ask it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Annotated, Any, TypeVar, Union

from pydantic import Field, TypeAdapter, ValidationError
from pydantic_core import to_json

from companion.core.bounds import MAX_RECORD_BYTES, check_text
from companion.core.edits import Place, round_place
from companion.core.errors import RecordError
from companion.core.game import RULES_PART, GameResult, GameSpec, Part, Played, Rules
from companion.core.i18n import _
from companion.core.record import adapter, parse_json
from companion.core.record import read as record_read
from companion.core.replays import remembered

R = TypeVar("R")
T = TypeVar("T")

_registered: dict[str, GameSpec] = {}


@cache
def _found() -> dict[str, GameSpec]:
    """Every game package under companion.games that defines GAME, by name."""
    import companion.games as pkg  # noqa: PLC0415 - core sits below the games: found when first asked for

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


def _named(name: str) -> GameSpec | None:
    """``games().get(name)`` without making the dict of every game: a referee asks it
    three times a record."""
    spec = _registered.get(name)
    return _found().get(name) if spec is None else spec


@contextmanager
def register(spec: GameSpec) -> Iterator[GameSpec]:
    """Make ``spec`` a known game while the ``with`` block runs (a game that lives
    outside ``companion/games``, such as a test's)."""
    if spec.name in games():
        raise ValueError(f"a game named {spec.name!r} is known already")
    _registered[spec.name] = spec
    _any_record.cache_clear()
    _shapes.clear()
    try:
        yield spec
    finally:
        del _registered[spec.name]
        _any_record.cache_clear()
        _shapes.clear()
        _replays.pop(spec.name, None)


def part(name: str, key: Part[T]) -> T | None:
    """The game's part (see :mod:`companion.core.game`), imported on first use and typed
    by its key's contract; None if the game does not declare it."""
    target = game(name).parts.get(key.name)
    return None if target is None else _load(key, target)


def _load(key: Part[T], target: str) -> T:
    """The part an import string names ("module" or "module:attribute"): what the game's
    ``__init__`` holds to ``key``'s contract."""
    module_name, _colon, attribute = target.partition(":")
    module: Any = importlib.import_module(module_name)    # a name, checked by mypy where the game declares it
    found: T = getattr(module, attribute) if attribute else module
    return found


def has_part(name: str, key: Part[Any]) -> bool:
    """Whether the game declares the part (nothing is imported)."""
    return key.name in game(name).parts


def games_with(key: Part[T]) -> dict[str, T]:
    """Every game that declares the part, with that part, by name."""
    return {name: _load(key, spec.parts[key.name]) for name, spec in games().items() if key.name in spec.parts}


def game(name: str) -> GameSpec:
    spec = _named(name)
    if spec is None:
        known = ", ".join(games())
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise RecordError(_("game: unknown game '{game}' (known: {games})").format(game=shown, games=known))
    return spec


@cache
def _any_record() -> TypeAdapter[Any]:
    shapes = tuple(spec.record_model for spec in games().values())
    union = Union[shapes] if len(shapes) > 1 else shapes[0]  # noqa: UP007
    one_of: Any = Annotated[union, Field(discriminator="game")]   # a type built at run time
    return TypeAdapter(one_of)


# The game a record names first thing, as companion and the contract's examples write
# records ({"game": "sales", ...}): read with that game's shape alone.
_NAMED_FIRST = re.compile(r'\s*\{\s*"game"\s*:\s*"([a-z]{1,32})"')
_NAMED_FIRST_BYTES = re.compile(_NAMED_FIRST.pattern.encode())

# The shape of each game met so far, by the head of its records as companion and
# json.dumps write them ('{"game": "sales"', text or bytes): found by a dict's lookup,
# where the pattern's match and the lookups after it cost some 8 k instructions a record,
# a sixtieth of a short record's referee work (issue 26). Emptied when the known games
# change (``register``).
_HEAD = '{"game": "'         # 10 characters
_shapes: dict[str | bytes, TypeAdapter[Any]] = {}


def _shape_of(text: str | bytes) -> TypeAdapter[Any]:
    """The validator to read ``text`` with: its game's own if the record names a known
    game first, else the union of every game's. Both read a record as fast, but the
    game's own is built in half the time (5 ms against 10, once a run: a tenth of the
    work of 1,000 short records, issue 26), and the refusals' way below reads with it
    too. A record it refuses goes the way every refused record goes (read again, as
    the game it names after all)."""
    # the name's closing quote (a name is at most 32 letters)
    end = text.find(b'"', 10, 43) if isinstance(text, bytes) else text.find('"', 10, 43)
    shape = _shapes.get(text[:end + 1])     # end -1: the empty head, never kept
    if shape is not None:
        return shape
    if isinstance(text, bytes):
        found = _NAMED_FIRST_BYTES.match(text)
        name = found[1].decode() if found else None
    else:
        named = _NAMED_FIRST.match(text)
        name = named[1] if named else None
    spec = _named(name) if name else None
    if spec is None:
        return _any_record()
    shape = adapter(spec.record_model)
    head = f'{_HEAD}{name}"'
    if text[:end + 1] == (head.encode() if isinstance(text, bytes) else head):   # written as companion writes it
        _shapes[text[:end + 1]] = shape
    return shape


def parse_record(text: str | bytes) -> dict[str, Any]:
    """A record of any known game from JSON text, read with its game's shape (plain
    dicts, every default filled in); a bad one raises a one-line RecordError (one past
    the bounds of :mod:`companion.core.bounds` before it is parsed)."""
    if len(text) > MAX_RECORD_BYTES // 4:   # else within the bound, even at 4 bytes a character
        check_text(text)
    try:
        # its pydantic-core validator asked directly: TypeAdapter.validate_json passes
        # it seven keywords from Python: some 2.6 k instructions a record, a hundredth of
        # a short game's referee work (issue 26)
        found: dict[str, Any] = _shape_of(text).validator.validate_json(text)
    except ValidationError:
        pass
    else:
        return found
    # The slow path, for a bad record only: say exactly what is wrong, in one line.
    raw = parse_json(text)  # raises the JSON error itself if the text is not JSON
    if not isinstance(raw, dict):
        raise RecordError(_("a record must be a JSON object"))
    name = raw.get("game")
    if name is None:
        raise RecordError(_("game: the record does not say which game it is ('game' is missing)"))
    spec = game(name) if isinstance(name, str) else game(repr(name))
    return read(spec, raw)


def read(spec: GameSpec, raw: Mapping[str, Any]) -> dict[str, Any]:
    """``raw`` read as a record of ``spec``'s game (its shape, its field rulings): a bad
    one raises the one-line RecordError."""
    return record_read(spec.record_model, raw, spec.field_rulings)


def parse_record_as(shape: type[R], text: str | bytes) -> R:
    """A record of the game whose record shape is ``shape`` from JSON text, read like
    :func:`parse_record` reads any record; a record of another game is refused."""
    record: Any = parse_record(text)
    name = next((spec.name for spec in games().values() if spec.record_model is shape), None)
    if record["game"] != name:
        raise RecordError(_("game: a {model} was expected, not a '{game}' record").format(
            model=shape.__name__, game=record["game"]))
    found: R = record
    return found


def rules(name: str) -> Rules:
    """The game's rules (its ``rules`` part: every game that replays records has one)."""
    found = part(name, RULES_PART)
    if found is None:     # the game's own mistake, not a record's: no player sees it
        raise LookupError(f"game {name!r} declares no rules part to replay its records with")
    return found


def _replay(name: str, raw: Mapping[str, Any]) -> Played[Any, Any]:
    spec = game(name)
    record = read(spec, {"game": name, **raw})
    play = rules(name)
    state = play.start(record)
    states = [state]
    rounds = []
    for rnd in record["rounds"]:
        facts, state = play.play_round(state, rnd)
        rounds.append(facts)
        states.append(state)
    return Played(record, rounds, states, play.result(rounds, state))


_replays: dict[str, Callable[[Mapping[str, Any]], Played[Any, Any]]] = {}


def replay(name: str, record: Mapping[str, Any]) -> Played[Any, Any]:
    """Game ``name``'s record (plain JSON data, with or without its ``"game"``) read and
    replayed: each round's facts, the state before each round and after the last, the
    result. Raises a one-line RecordError (a RuleError with its ruling, round and player)
    if the record is malformed or the rules refuse it. Remembered per record
    (:mod:`companion.core.replays`): a table asks it of one record many times over."""
    found = _replays.get(name)
    if found is None:
        found = _replays.setdefault(name, remembered(lambda raw: _replay(name, raw)))
    return found(record)


def over(name: str, record: Mapping[str, Any]) -> bool:
    """The game of this record is over: no more rounds."""
    return rules(name).over(replay(name, record).state)


def place(name: str, record: Mapping[str, Any]) -> Place:
    """How far the game of this record is, as its table names it ('round 4')."""
    played = replay(name, record)
    spec = game(name)
    if spec.place is not None:
        return spec.place(played)
    return round_place(record, rules(name).over(played.state))


def referee(record: Mapping[str, Any]) -> GameResult:
    """The result of a record read with its game's shape: the replay of its rounds."""
    return game(record["game"]).referee(record)


def result_json(result: GameResult) -> str:
    """A result as the contract's JSON: its fields, without the facts beyond them."""
    # a game's result is a typed dict, a dict: asked first, for isinstance of the Mapping ABC
    # costs some 2.5 k instructions (issue 26)
    spec = _named(result.get("game", "")) if isinstance(result, (dict, Mapping)) else None
    return to_json(result, exclude=spec.beyond_contract or None if spec else None).decode()


def referee_json(text: str | bytes) -> str:
    """JSON record in, JSON result out: the contract of ``companion referee``."""
    return result_json(referee(parse_record(text)))
