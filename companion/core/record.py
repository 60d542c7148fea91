"""The base of every game record, and how a broken one is said in one line.

A game is its setup plus the list of rounds as entered: plain JSON data. Each game
describes its record's shape as typed dicts (``TypedDict``: field names, types,
non-negative integers, defaults); :func:`read` checks a record against it with
pydantic and gives it back as plain dicts with every default filled in, as the rules
read it. What the rulings say about the values is checked by each game's rules, which
raise ``RuleError`` with the ruling id, the round and the player. Players' names follow
one policy for every game: :mod:`companion.core.names`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from companion.core.errors import RecordError, Where
from companion.core.i18n import _
from companion.core.names import key as name_key
from companion.core.names import normal

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

# Integers, never booleans; never negative where the contract says so.
Count = Annotated[int, Field(strict=True, ge=0)]
Positive = Annotated[int, Field(strict=True, ge=1)]
# A name (a player's, a burger card's) as entered, kept trimmed and composed
# (core.names.normal): a record typed with decomposed letters ('e' + U+0308) is read
# as the composed one. Names used as keys ("money": {"Zoë": 4}) stay as entered and
# are matched to a player by core.names.key, so they match however they are spelt.
Name = Annotated[str, AfterValidator(normal)]


class Model(BaseModel):
    """Strict, frozen record pieces: unknown fields are errors (the contract says so)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


#: The configuration of every piece of a record's shape: strict, and unknown fields are
#: errors (the contract says so). ``@with_config(RECORD)`` on each typed dict.
RECORD = ConfigDict(extra="forbid", strict=True)


@with_config(RECORD)
class GameRecord(TypedDict):
    """What every game record has: its game and its players in seating order."""

    game: str
    players: list[Name]


__all__ = ["RECORD", "GameRecord", "with_config"]


_adapters: dict[Any, TypeAdapter[Any]] = {}


def adapter(shape: Any) -> TypeAdapter[Any]:
    """The pydantic validator of a record's shape (or any part of one), built once."""
    found = _adapters.get(shape)
    if found is None:
        found = _adapters.setdefault(shape, TypeAdapter(shape))
    return found


def read(shape: type[T], raw: Mapping[str, Any], field_rulings: Mapping[str, str]) -> T:
    """``raw`` read as ``shape`` (a typed dict): plain dicts with every default filled in,
    names trimmed and composed. A bad one raises the one-line :class:`RecordError`
    (:func:`error_from_validation`)."""
    try:
        found: T = adapter(shape).validate_python(raw if isinstance(raw, dict) else dict(raw))
    except ValidationError as exc:
        raise error_from_validation(exc, dict(raw), field_rulings) from None
    return found


# ---------------------------------------------------------------- pydantic errors

_MESSAGES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "int_type": lambda e: _("must be a whole number"),
    "int_parsing": lambda e: _("must be a whole number"),
    "int_from_float": lambda e: _("must be a whole number"),
    "bool_type": lambda e: _("must be true or false"),
    "string_type": lambda e: _("must be text"),
    "list_type": lambda e: _("must be a list"),
    "dict_type": lambda e: _("must be an object"),
    "model_type": lambda e: _("must be an object"),
    "missing": lambda e: _("is missing"),
    "extra_forbidden": lambda e: _("is not a field here"),
    "greater_than_equal": lambda e: _("must be at least {n}").format(n=e["ctx"]["ge"]),
    "less_than_equal": lambda e: _("must be at most {n}").format(n=e["ctx"]["le"]),
    "literal_error": lambda e: _("must be {values}").format(values=e["ctx"]["expected"]),
    "enum": lambda e: _("must be {values}").format(values=e["ctx"]["expected"]),
    "too_short": lambda e: _("needs at least {n} entries").format(n=e["ctx"]["min_length"]),
    "too_long": lambda e: _("has more than {n} entries").format(n=e["ctx"]["max_length"]),
}


def describe_error(err: Mapping[str, Any]) -> str:
    make = _MESSAGES.get(err["type"])
    if make is not None:
        try:
            return make(err)
        except (KeyError, TypeError):
            pass
    msg = str(err.get("msg", "is not valid"))
    return msg[:1].lower() + msg[1:]


def _dig(raw: Any, path: Sequence[Any]) -> Any:
    node = raw
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _player_keys(raw: Any) -> set[str]:
    players = raw.get("players") if isinstance(raw, dict) else None
    if not isinstance(players, list):
        return set()
    return {name_key(p) for p in players if isinstance(p, str)}


def error_from_validation(
    exc: ValidationError,
    raw: Any,
    field_rulings: Mapping[str, str],
) -> RecordError:
    """Turn pydantic's first complaint into one line naming round, sale, player and ruling.

    ``field_rulings`` maps a field name (the last named part of the path) to the
    ruling that governs its values, e.g. ``{"dollars": "HD-6"}``.
    """
    err = exc.errors(include_url=False)[0]
    loc = list(err["loc"])
    if err["type"] == "json_invalid":
        return RecordError(_("not valid JSON ({reason})").format(reason=err["ctx"].get("error", err["msg"])))
    if err["type"] == "model_attributes_type" or (not loc and err["type"] in ("model_type", "dict_type")):
        return RecordError(_("a record must be a JSON object"))

    where: Where = {}
    names = [str(p) for p in loc if isinstance(p, str)]
    for i, part in enumerate(loc):
        index = loc[i + 1] if i + 1 < len(loc) else None
        if isinstance(index, int):
            if part == "rounds":
                where["round"] = index + 1
            elif part == "sales":
                where["sale"] = index + 1
            # any game's list of moves (bids, plays…): an entry naming its player names it
            node = _dig(raw, loc[: i + 2])
            if isinstance(node, dict) and isinstance(node.get("player"), str):
                where["player"] = node["player"].strip()
    ruling = None
    for name in reversed(names):
        if name in field_rulings:
            ruling = field_rulings[name]
            break
    path = ".".join(str(p) for p in loc if not (isinstance(p, int)))
    label = path.split(".")[-1] if path else "record"
    if "player" not in where and label not in {"player", "game"} and len(loc) >= 2:
        # a dict keyed by player name ("money": {"Anna": -1}) names the player
        last = loc[-1]
        named = [str(p) for p in loc[:-1] if not isinstance(p, int)]
        parent = ".".join(named[-2:]) if len(named) > 1 and named[-1].strip().isdigit() else named[-1]
        if isinstance(last, str) and name_key(last) in _player_keys(raw):
            where["player"] = last.strip()
            label = parent
        elif isinstance(last, str) and loc[-2] in ("money", "complete", "tools"):
            label = f"{parent}.{last}"  # a setting, not a player (burger's "tools": {"tongs": -1})
    quoted = f"'{label}'" if err["type"] == "extra_forbidden" else label
    message = f"{quoted} {describe_error(err)}"
    return RecordError(message, ruling=ruling, **where)


def validated(model: type[M], raw: Mapping[str, Any], field_rulings: Mapping[str, str]) -> M:
    """``raw`` as ``model`` (a pydantic model); a bad one raises the one-line
    :class:`RecordError` (:func:`error_from_validation`)."""
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        raise error_from_validation(exc, dict(raw), field_rulings) from None


def parse_json(text: str | bytes) -> Any:
    """Parse JSON text; anything that is not JSON becomes a one-line RecordError."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(_("not valid JSON (not UTF-8 text: byte {n})").format(n=exc.start)) from None
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(_("not valid JSON (nested too deeply)")) from None
    except ValueError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if "integer string conversion" in reason:
            reason = _("a number has too many digits")
        raise RecordError(_("not valid JSON ({reason})").format(reason=reason[:120])) from None
