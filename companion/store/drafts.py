"""A screen's drafts in the store: what was entered and not yet saved as a round.

A table screen's passing state (the bids being entered, hidden ones still hidden, the
step of a reveal) is kept under its match and the screen's key, for one game of the
match, as JSON text the screen makes and reads back (:mod:`companion.ui.table`), with
the record each draft was begun on (its *stamp*). One row per match and screen: the
latest state written, by whichever tab wrote it. A restart or a reload reads it back.

Each change is one small transaction, not synced to disk by itself
(``transaction(synced=False)``, like a phone's pending bid): it survives the server
being killed at any moment, and a power cut can at worst take the last few taps, never
a round. It waits at most :data:`WAIT` seconds for another program's lock, so a tap is
never held for long; a refusal is raised as a :class:`~companion.core.errors.StoreError`
like every other change's. The row goes when the screen is back to a fresh state (its
drafts entered), when the match's next game writes its own, and with the match.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.store.db import Store

#: How long a draft's change waits for another program's lock (seconds).
WAIT = 0.5


@dataclass(frozen=True)
class Kept:
    """A screen's drafts as the store keeps them: the passing state (JSON text, the
    screen's own format) and, by draft name, the record each was begun on."""

    state: str
    stamps: Mapping[str, Mapping[str, Any]]


def kept(store: Store, match_id: int, screen: str, game_number: int) -> Kept | None:
    """The drafts ``screen`` keeps for game ``game_number`` of the match, or None (none
    kept, or kept for another game of the match)."""
    with store.reading() as c:
        row = c.execute("SELECT state, stamps FROM drafts WHERE match_id=? AND screen=? AND game_number=?",
                        (match_id, screen, game_number)).fetchone()
    if row is None:
        return None
    try:
        stamps = json.loads(row[1])
    except ValueError:
        stamps = None
    return Kept(state=row[0], stamps=stamps if isinstance(stamps, dict) else {})


def keep(store: Store, match_id: int, screen: str, game_number: int, state: str,
         stamps: Mapping[str, Mapping[str, Any]]) -> None:
    """Keep ``screen``'s drafts for game ``game_number`` (in place of what it kept before,
    for this game or an earlier one). A match deleted meanwhile keeps nothing."""
    text = json.dumps(dict(stamps), ensure_ascii=False, separators=(",", ":"))
    with store.transaction(synced=False, wait=WAIT) as c:
        c.execute("INSERT INTO drafts (match_id, screen, game_number, state, stamps, updated_at) "
                  "SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches WHERE id=?) "
                  "ON CONFLICT (match_id, screen) DO UPDATE SET game_number=excluded.game_number, "
                  "state=excluded.state, stamps=excluded.stamps, updated_at=excluded.updated_at",
                  (match_id, screen, game_number, state, text, time.time(), match_id))


def drop(store: Store, match_id: int, screen: str) -> None:
    """``screen`` keeps no drafts for the match any more (they were entered)."""
    with store.transaction(synced=False, wait=WAIT) as c:
        c.execute("DELETE FROM drafts WHERE match_id=? AND screen=?", (match_id, screen))


# ---------------------------------------------------------------- a setup being filled in
#
# A setup screen's draft (the names typed, the choices made) belongs to no match yet: it
# is kept in the settings, one per setup screen, the same way (one small unsynced
# transaction a change) and gone when its match starts or a new setup is begun.

SETUP = "setup-draft:"      # the settings key a setup screen's draft is kept under, before its screen's key


def kept_setup(store: Store, screen: str) -> str | None:
    """The draft ``screen`` (a setup screen's key) keeps, as the JSON text it wrote, or None."""
    return store.setting(SETUP + screen)


def keep_setup(store: Store, screen: str, state: str | None) -> None:
    """Keep ``screen``'s draft (JSON text), in place of the one it kept before; None:
    keep none any more."""
    with store.transaction(synced=False, wait=WAIT) as c:
        if state is None:
            c.execute("DELETE FROM settings WHERE key=?", (SETUP + screen,))
        else:
            c.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (SETUP + screen, state))
