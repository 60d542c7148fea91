"""Saving a table screen's change to a game record, beside other screens on the match.

Every game's table saves through :func:`save_change`. A change names the record it
was made from (``base``: the record its draft was begun on, see
:func:`companion.core.edits.entered_against`); the store writes it only if that is
still the stored record (:func:`companion.store.writes.write_game`), so two host tabs, or
a tab and a phone's reveal, never both save the same round. A refused change leaves
the store as it was and comes back as the line the player reads, in the game's words
(its ``place``); so does a store that cannot save at all (read-only, locked too long).
No flet here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from companion.core.edits import Place, moved_line
from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.store import Store
from companion.store.writes import RecordMoved

#: The page of the session saving a change it draws itself, while the store writes it
#: (:func:`drawn_here`). The store tells its listeners in the writer's thread, so the
#: app's listener (:func:`companion.ui.host.connect`) reads it and tells the other
#: sessions only: the saving session's own change of state draws the new record, and a
#: second redraw of the same screen, for the store's news, changed nothing and cost the
#: server about 7 ms of every saved round (issue 26).
SAVER: ContextVar[Any] = ContextVar("companion_saver", default=None)


@contextmanager
def drawn_here(page: Any) -> Iterator[None]:
    """Within it, a change saved is drawn by the session of ``page`` itself (None: by
    nobody in particular; every session showing the match is told)."""
    token = SAVER.set(page)
    try:
        yield
    finally:
        SAVER.reset(token)


@dataclass(frozen=True)
class Refused:
    """Another screen was first: nothing was saved."""

    line: str     # what the player reads, e.g. 'Round 3 was already entered on another screen; …'
    game: int     # the game in play now (another screen may have started the next one)


def save_change(store: Store, match_id: int, number: int, record: dict[str, Any], *,
                base: Mapping[str, Any], place: Callable[[Mapping[str, Any]], Place],
                not_done: str, finished_match: bool | None = None) -> Refused | None:
    """Save ``record`` as game ``number``'s record, made from ``base``: None when saved,
    else why not (the store is unchanged). ``not_done`` says what did not happen, in
    the player's words ('your entry was not saved', 'nothing was undone')."""
    try:
        store.save_game(match_id, number, record, finished_match=finished_match, base=base)
    except RecordMoved as moved:
        line = moved_line(place, base, moved.record, base_game=number, now_game=moved.number,
                          not_done=not_done)
        return Refused(line, moved.number)
    except CompanionError as exc:      # the store cannot save now (read-only, busy): say why
        return Refused(_("Not saved: {reason}").format(reason=exc), number)
    return None
