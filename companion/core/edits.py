"""What every game's screens share about changing a record: the outcome of a
record operation (submit, undo, edit: the record is replaced and replayed) and
the words a player reads when a ruling refuses it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RecordError, RuleError
from companion.core.names import name_fault, normal


@dataclass(frozen=True)
class Change:
    """The outcome of a record operation: the new record, or the refusal (record unchanged)."""

    record: dict[str, Any]
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def say(err: RecordError) -> str:
    """A refusal as a player reads it next to the field: 'HD-6: dollars (4) exceed …'."""
    if err.ruling:
        return f"{err.ruling}: {err.message}"
    return err.message


def say_where(err: RecordError) -> str:
    """A refusal with its place: 'round 2: Bernd: HD-6: dollars (4) exceed …'."""
    where = err.where
    return f"{where}: {say(err)}" if where not in ("setup", "record") else say(err)


def clean(names: Sequence[str]) -> list[str]:
    """Names as the rules read them: trimmed and composed (``core.names.normal``)."""
    return [normal(n) for n in names]


def name_errors(names: Sequence[str], ruling: str) -> list[str | None]:
    """For each name field, why ``ruling`` refuses it (or None), as the player types.

    Each name is checked by the core's name policy against the accepted names
    before it: an empty name, a hidden character, a name too long, a name that
    looks the same as an earlier one."""
    accepted: list[str] = []
    out: list[str | None] = []
    for name in clean(names):
        fault = name_fault(name, accepted)
        out.append(None if fault is None else say(RuleError(ruling, fault)))
        if fault is None:
            accepted.append(name)
    return out


def drop_last_round(record: Mapping[str, Any]) -> Change:
    """Undo: the record without its last round (the state is its replay)."""
    if not record["rounds"]:
        return Change(dict(record), "There is no round to undo.")
    return Change({**record, "rounds": list(record["rounds"][:-1])})
