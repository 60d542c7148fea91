"""Writing a game's record: the text it is stored as, and the one way of saving a round
(:func:`write_game`, a compare-and-set), which the store's own changes and the network
table hub's transactions both use. No flet here.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Mapping
from typing import Any

from companion.core.errors import StoreError
from companion.core.i18n import _


class RecordMoved(StoreError):
    """A change was made from a game record that is no longer the stored one: another
    screen (or a phone's reveal) saved first, or started the next game. Nothing was
    written. ``number`` and ``record`` are the game in play now and its record, for the
    refusal the player reads."""

    def __init__(self, number: int, record: dict[str, Any]) -> None:
        super().__init__(f"game {number} changed before this change could be saved")
        self.number = number
        self.record = record


def write_game(c: sqlite3.Connection, match_id: int, number: int, record: dict[str, Any], *,
               finished_match: bool | None = None, base: Mapping[str, Any] | None = None) -> str:
    """Replace a game's record inside the caller's transaction (the store's and the
    network table hub's one way of saving a round); returns the record as stored.

    ``base`` is the record the change was made from, as the player's screen showed it.
    Given, the record is written only if game ``number`` is still the match's game in
    play and its stored record is still ``base``, checked here, in the same transaction
    as the write (a compare-and-set): of two screens that submit, undo or edit from the
    same record only the first is saved; the second raises :class:`RecordMoved` and
    writes nothing. Without ``base`` (the hub, which reads the record in its own
    transaction) the record is written as given."""
    if base is not None:
        number_now, stored = game_in_play(c, match_id)
        if number_now != number or stored != json.loads(dump_record(dict(base))):
            raise RecordMoved(number_now, stored)
    now = time.time()
    text = dump_record(record)
    cur = c.execute(
        "UPDATE games SET record=?, updated_at=? WHERE match_id=? AND number=?",
        (text, now, match_id, number),
    )
    if cur.rowcount != 1:
        raise StoreError(_("game {n} of match {id} is not stored").format(n=number, id=match_id))
    if finished_match is None:
        c.execute("UPDATE matches SET updated_at=? WHERE id=?", (now, match_id))
    else:
        c.execute("UPDATE matches SET updated_at=?, finished=? WHERE id=?",
                  (now, int(finished_match), match_id))
    return text


def game_in_play(c: sqlite3.Connection, match_id: int) -> tuple[int, dict[str, Any]]:
    """The match's last game (the one being played): its number and stored record."""
    row = c.execute("SELECT number, record FROM games WHERE match_id=? ORDER BY number DESC LIMIT 1",
                    (match_id,)).fetchone()
    if row is None:
        raise StoreError(_("match {id} has no game stored").format(id=match_id))
    return int(row[0]), json.loads(row[1])


def dump_record(record: dict[str, Any]) -> str:
    """A game record as stored: compact JSON text (equal records, equal texts)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
