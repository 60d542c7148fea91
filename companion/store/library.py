"""The files players make for their own copy of a game, in the store.

A game's :class:`~companion.core.game.Library` says what such a file is (sales: the
card list of a deck; burger: the recipe cards). Each is kept here as one row whose
``body`` is exactly the JSON text the game's command-line check reads, faults and all
while it is being edited: exporting it writes the body as it is, importing one keeps
the file's text. The editor saves at every tap, so a reload or a restart shows the file
as it was last touched.

A save is a small transaction not synced to disk by itself (``synced=False``, like a
screen's drafts): it survives the app being killed, and a power cut can at worst take
the last few taps. A match never reads a row: it keeps its own copy of the file it was
set up with (:attr:`companion.core.game.Library.setting`), so editing or deleting a
file here never changes a stored game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.store.db import Store

#: How long a save waits for another program's lock (seconds): a tap is never held.
WAIT = 0.5


@dataclass(frozen=True)
class Item:
    """One stored file: its game, its name as a player reads it, its JSON text."""

    id: int
    game: str
    name: str
    body: str
    updated_at: float


def _item(row: tuple[int, str, str, str, float]) -> Item:
    return Item(id=row[0], game=row[1], name=row[2], body=row[3], updated_at=row[4])


def items(store: Store, game: str) -> list[Item]:
    """The game's stored files, by name (then oldest first)."""
    with store.reading() as c:
        rows = c.execute("SELECT id, game, name, body, updated_at FROM library WHERE game=? "
                         "ORDER BY name COLLATE NOCASE, id", (game,)).fetchall()
    return [_item(r) for r in rows]


def item(store: Store, item_id: int) -> Item:
    """One stored file; a StoreError if it is no longer saved (deleted in another tab)."""
    with store.reading() as c:
        row = c.execute("SELECT id, game, name, body, updated_at FROM library WHERE id=?",
                        (item_id,)).fetchone()
    if row is None:
        raise StoreError(_("there is no saved file {id} here: it may have been deleted").format(id=item_id))
    return _item(row)


def add(store: Store, game: str, name: str, body: str) -> int:
    """Keep a new file; its id."""
    with store.transaction() as c:
        cur = c.execute("INSERT INTO library (game, name, body, updated_at) VALUES (?, ?, ?, ?)",
                        (game, name, body, time.time()))
        return int(cur.lastrowid or 0)


def save(store: Store, item_id: int, name: str, body: str) -> None:
    """Keep a file as just edited (one tap's change). A StoreError if it is no longer saved."""
    with store.transaction(synced=False, wait=WAIT) as c:
        cur = c.execute("UPDATE library SET name=?, body=?, updated_at=? WHERE id=?",
                        (name, body, time.time(), item_id))
        if cur.rowcount == 0:
            raise StoreError(_("there is no saved file {id} here: it may have been deleted").format(id=item_id))


def delete(store: Store, item_id: int) -> None:
    """Forget a file (a match set up with it keeps its own copy)."""
    with store.transaction() as c:
        c.execute("DELETE FROM library WHERE id=?", (item_id,))
