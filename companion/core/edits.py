"""What every game's screens share about changing a record: the outcome of a
record operation (submit, undo, edit: the record is replaced and replayed), the
words a player reads when a ruling refuses it, and the words when another screen
changed the record first (the store refuses a change made from an old record)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RecordError, RuleError
from companion.core.i18n import N_, _
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


def say_where(err: RecordError, *, start: bool = False) -> str:
    """A refusal with its place: 'round 2: Bernd: HD-6: dollars (4) exceed …'; ``start``:
    a line of its own, which starts with a capital ('Round 2: Bernd: …'). The place
    always begins with the word for it (round, sale), never with a name, so only that
    word is capitalised."""
    if err.round is None and err.sale is None and err.player is None:   # only "setup" or "record"
        return say(err)
    where = err.where
    if start:
        where = where[:1].upper() + where[1:]
    return f"{where}: {say(err)}"


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


# A setup's name fields say a refusal only once a field was typed in or left, or Start
# was tapped: a fresh empty field is no mistake yet. ``touched``: the fields (by seat)
# typed in or left; ``tried``: Start was tapped.


def said_name_errors(errors: Sequence[str | None], touched: AbstractSet[int], tried: bool) -> list[str | None]:
    """Each name field's refusal (``errors``, from :func:`name_errors`) as its setup says
    it: only for a field typed in or left, or every field once Start was tapped."""
    return [err if tried or i in touched else None for i, err in enumerate(errors)]


def keeps_quiet(errors: Sequence[str | None], touched: AbstractSet[int], tried: bool) -> bool:
    """Whether a fresh field still keeps its refusal to itself (not typed in or left,
    Start not tapped): the setup's line on why it cannot start waits as well."""
    return not tried and any(err is not None and i not in touched for i, err in enumerate(errors))


def touched_swapped(touched: AbstractSet[int], i: int, j: int) -> frozenset[int]:
    """The fields touched after seats ``i`` and ``j`` swapped their names."""
    swap = {i: j, j: i}
    return frozenset(swap.get(k, k) for k in touched)


def touched_removed(touched: AbstractSet[int], i: int) -> frozenset[int]:
    """The fields touched after seat ``i`` was removed (the seats after it move up)."""
    return frozenset(k - (k > i) for k in touched if k != i)


Replay = Callable[[Mapping[str, Any]], Any]
"""A game's replay of a whole record: raises RuleError (ruling, round, player) if refused."""


def append_round(replay: Replay, record: Mapping[str, Any], rnd: Mapping[str, Any]) -> Change:
    """Submit: the record with ``rnd`` as its next round, if the rules take it (the
    record is replayed with it); else why not, the record unchanged."""
    changed = {**record, "rounds": [*record["rounds"], dict(rnd)]}
    try:
        replay(changed)
    except RecordError as err:
        return Change(dict(record), say_where(err, start=True))
    return Change(changed)


def replace_round(replay: Replay, record: Mapping[str, Any], index: int, rnd: Mapping[str, Any], *,
                  what: str = "round") -> Change:
    """Edit: round ``index`` (0-based) replaced by ``rnd`` and the game replayed from
    there. Refused, with the record unchanged, if the new round breaks a rule or a later
    round no longer holds after the change (e.g. a bid now exceeds the money)."""
    rounds = list(record["rounds"])
    if not 0 <= index < len(rounds):
        return Change(dict(record), _("There is no {what} {n} to change.").format(what=what, n=index + 1))
    rounds[index] = dict(rnd)
    changed = {**record, "rounds": rounds}
    try:
        replay(changed)
    except RecordError as err:
        if err.round is not None and err.round > index + 1:
            return Change(dict(record), _("{what} {n} cannot be changed so: {error}").format(
                what=what.capitalize(), n=index + 1, error=say_where(err)))
        return Change(dict(record), say_where(err, start=True))
    return Change(changed)


def drop_last_round(record: Mapping[str, Any]) -> Change:
    """Undo: the record without its last round (the state is its replay)."""
    if not record["rounds"]:
        return Change(dict(record), _("There is no round to undo."))
    return Change({**record, "rounds": list(record["rounds"][:-1])})


# ---------------------------------------------------------------- another screen was first


ENTERED = N_("entered")


@dataclass(frozen=True)
class Place:
    """How far a game's record is, as its table names it.

    ``at`` orders two records of one game (further on: more was entered); ``text``
    names what the table shows next ("round 4", "round 2, sale 3", "the end of the
    game"); ``done`` is what another screen did to get past it ("entered", "started")."""

    at: tuple[int, ...]
    text: str
    done: str = ENTERED


def round_place(record: Mapping[str, Any], over: bool) -> Place:
    """The place of a game whose record is a list of whole rounds (Hot Dog, burger)."""
    n = len(record["rounds"])
    return Place((n,), _("the end of the game") if over else _("round {n}").format(n=n + 1))


def entered_against(stamped: Mapping[str, Any] | None, drawn: Mapping[str, Any]) -> Mapping[str, Any]:
    """The record an entry was made against: the one its draft was begun on (stamped at
    the draft's first change), else the record the screen showed when it was sent.

    A screen that redraws under a draft (another screen entered the round) shows the
    new record, but the draft was still entered for the old one: saving it against the
    stamped record lets the store refuse it instead of storing it as the next round."""
    return stamped if stamped is not None else drawn


def followed(stamped: Mapping[str, Any] | None, old: Mapping[str, Any],
             new: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A draft's stamped record after this screen saved ``new`` in place of ``old``: a
    draft begun on ``old`` goes on from ``new`` (this screen's own change does not make
    it stale); one begun on an older record stays as it was."""
    return new if stamped is not None and stamped == old else stamped


def moved_line(place: Callable[[Mapping[str, Any]], Place], base: Mapping[str, Any], now: Mapping[str, Any], *,
               base_game: int = 1, now_game: int = 1, not_done: str | None = None) -> str:
    """The one line a player reads when the store refused a change made from ``base``
    because the record is ``now``: what happened elsewhere, that this change was not
    saved, and what the table shows now. E.g. 'Round 3 was already entered on another
    screen; your entry was not saved. The table now shows round 4.'"""
    if not_done is None:
        not_done = _("your entry was not saved")
    shown = place(now)
    if now_game != base_game:
        return _("Game {n} was started on another screen; {not_done}. "
                 "The table now shows game {n}, {place}.").format(n=now_game, not_done=not_done, place=shown.text)
    was = place(base)
    if shown.at > was.at:
        done = _(was.done) if was.done == ENTERED else was.done
        happened = _("{place} was already {done}").format(place=_first_up(was.text), done=done)
    elif shown.at < was.at:
        happened = _("{place} was undone").format(place=_first_up(shown.text))
    else:
        happened = _("The game was changed")
    return _("{happened} on another screen; {not_done}. The table now shows {place}.").format(
        happened=happened, not_done=not_done, place=shown.text)


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]
