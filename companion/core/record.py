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
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from companion.core.bounds import MAX_PLAYERS, check_text
from companion.core.errors import RecordError, Where
from companion.core.i18n import _
from companion.core.names import key as name_key
from companion.core.names import normal
from companion.core.text import decoded, has_surrogate, text_fault, what
from companion.core.text import label as text_label

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")

# Integers, never booleans; never negative where the contract says so.
Count = Annotated[int, Field(strict=True, ge=0)]
Positive = Annotated[int, Field(strict=True, ge=1)]


# A name (a player's, a burger card's) as entered, kept trimmed and composed
# (core.names.normal): a record typed with decomposed letters ('e' + U+0308) is read
# as the composed one. Names used as keys ("money": {"Zoë": 4}) stay as entered and
# are matched to a player by core.names.key, so they match however they are spelt.
#
# The same few names and cards stand in every round of every record a replay reads, so
# what a short text reads as is remembered (a fact about the string, in no language; a
# refusal is raised, in the reader's language, each time it is met). A long one is read
# each time, never kept.
SHORT = 64
KEPT = 4096     # short texts remembered, the first met; past that each new one is read each time


class Remembered(dict[str, str]):
    """What each short text met reads as (``read``), looked up by the validator itself
    (``AfterValidator(Remembered(read).__getitem__)``): the dict's own lookup, so a
    text met before costs pydantic no Python call (a burger record names a card some
    70 times, a sales record a suit and an icon some 180 times each: a call each was a
    tenth of reading it, issue 26)."""

    def __init__(self, read: Callable[[str], str]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, value: str) -> str:
        found = self.read(value)       # a refusal raises here, and nothing is kept
        if len(value) <= SHORT and len(self) < KEPT:
            self[value] = found
        return found


def _read_card_name(value: str) -> str:
    return text_label(normal(value))


_name = Remembered(normal).__getitem__
_card_name = Remembered(_read_card_name).__getitem__


Name = Annotated[str, AfterValidator(_name)]
# A burger deck's card as entered (an ingredient's name, or "rat"): kept like a name,
# and refused, naming its field, if it holds a character that does not show (the
# text policy of every field a person reads: companion.core.text). Players' names
# are checked by their game's players ruling (HD-1, SA-2, BU-1: core.names).
CardName = Annotated[str, AfterValidator(_card_name)]
Players = Annotated[list[Name], Field(max_length=MAX_PLAYERS)]


# The default factory of a record's lists: a plain function, not ``list``. Pydantic reads
# a factory's signature as it builds a record's validator, and a builtin's is parsed from
# its text: the first one 2–3 ms, once in every run of ``companion referee`` (issue 26).
# (``dict`` has no signature to parse: it is refused at once, and stays.)
def empty_list() -> list[Any]:
    return []


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
    players: Players


__all__ = ["RECORD", "GameRecord", "empty_list", "with_config"]


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
    "too_long": lambda e: _("has more than {n} entries: companion reads at most {n}").format(
        n=e["ctx"]["max_length"]),
    # a constrained string holding half of a UTF-16 pair: pydantic cannot read it at all
    "string_unicode": lambda e: _unreadable(e["input"]),
}


# Refusals that no game's ruling makes: the text policy (core.text) and the bounds
# (core.bounds: the only upper limits the record models set) are companion's own,
# the same for every field and game.
_NOT_A_RULING = frozenset({"text_hidden", "string_unicode", "too_long", "less_than_equal"})


def _unreadable(value: Any) -> str:
    fault = text_fault(value) if isinstance(value, str) else None
    if fault is None:
        raise TypeError(value)
    return fault


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

    where = _place(loc, raw)
    names = [str(p) for p in loc if isinstance(p, str)]
    ruling = None
    for name in reversed(names):
        if name in field_rulings and err["type"] not in _NOT_A_RULING:
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
    """Parse a record's JSON text; anything that is not JSON becomes a one-line RecordError.

    Past :data:`companion.core.bounds.MAX_RECORD_BYTES` it is refused before it is
    parsed; a UTF-8 byte order mark at its start is dropped (``companion referee`` and
    Import read it alike: :func:`companion.core.text.decoded`); half of a UTF-16 pair
    (a ``"\\ud800"`` escape alone) is refused wherever it is, naming its field: it is
    not text, and could be neither saved nor shown."""
    check_text(text)
    try:
        text = decoded(text)
    except UnicodeDecodeError as exc:
        raise RecordError(_("not valid JSON (not UTF-8 text: byte {n})").format(n=exc.start)) from None
    try:
        raw = json.loads(text)
    except RecursionError:
        raise RecordError(_("not valid JSON (nested too deeply)")) from None
    except ValueError as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if "integer string conversion" in reason:
            reason = _("a number has too many digits")
        raise RecordError(_("not valid JSON ({reason})").format(reason=reason[:120])) from None
    if _SURROGATE_ESCAPE.search(text) or has_surrogate(text):
        _refuse_surrogates(raw)
    return raw


# A \uD800–\uDFFF escape: half of a UTF-16 pair, or both halves of one (a valid
# pair decodes to one character, so only a half left alone survives json.loads).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _refuse_surrogates(raw: Any) -> None:
    """Raise the one-line RecordError for the first string (or key) of ``raw`` holding
    half of a UTF-16 pair, naming its field as a record's errors do."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(raw, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            if has_surrogate(node):
                _surrogate_error(path, node, raw)
        elif isinstance(node, dict):
            for k, v in reversed(list(node.items())):
                if isinstance(k, str) and has_surrogate(k):
                    _surrogate_error((*path, k), k, raw, key=True)
                stack.append((v, (*path, k)))
        elif isinstance(node, list):
            stack.extend((v, (*path, i)) for i, v in reversed(list(enumerate(node))))


def _place(loc: Sequence[Any], raw: Any) -> Where:
    """Where in the record ``raw`` the location ``loc`` points: its round and sale, and
    the player of the entry it lies in (any game's list of moves — bids, plays… — names
    its player; a name that is itself no readable text is left out)."""
    where: Where = {}
    for i, part in enumerate(loc[:-1]):
        index = loc[i + 1]
        if isinstance(index, int):
            if part == "rounds":
                where["round"] = index + 1
            elif part == "sales":
                where["sale"] = index + 1
            node = _dig(raw, loc[: i + 2])
            if isinstance(node, dict) and isinstance(node.get("player"), str) and not has_surrogate(node["player"]):
                where["player"] = node["player"].strip()
    return where


def _surrogate_error(path: tuple[Any, ...], text: str, raw: Any, *, key: bool = False) -> None:
    where = _place(path, raw)
    named = [str(p) for p in path if isinstance(p, str)]
    if key:
        label = _("a key of {field}").format(field=named[-2]) if len(named) > 1 else _("a key")
    else:
        label = named[-1] if named else "record"
    bad = next(ch for ch in text if has_surrogate(ch))
    reason = _("holds a character that does not show ({character}): type it again without it").format(
        character=what(bad))
    raise RecordError(f"{label} {reason}", **where)
