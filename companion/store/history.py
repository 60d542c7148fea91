"""What the History screen and the setup screens read of the stored matches without
reading their records: each match's summary (game, players, finished, when), the
search by player, and the groups played with.

Both are derived from the ``matches`` table alone (no second copy of anything): a
record is read, and replayed for its line, only for a match a screen draws.

- :func:`search_key` is how a name is searched for: as :func:`companion.core.names.key`
  compares names (case folded, spaces run together), and with accents left out too,
  so that "zoe" finds Zoë. A match is found when one of its players' names holds the
  text searched for.
- :func:`groups_of` makes the groups played with: the matches' players taken as a set
  (a group that sat in another order is the same group), most recently played first,
  with how many matches, and seated as they sat last.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from companion.core.names import key


@dataclass(frozen=True)
class MatchSummary:
    """A stored match without its records."""

    id: int
    game: str
    players: tuple[str, ...]
    finished: bool
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class Group:
    """Players who played together: seated as they sat in their latest match."""

    players: tuple[str, ...]
    matches: int               # how many stored matches they played, as this group
    last_played: float         # the latest of those matches' last change


@lru_cache(maxsize=8192)
def search_key(text: str) -> str:
    """A name (or the text searched for) as the search compares it: the name's
    :func:`~companion.core.names.key` without its accents."""
    return "".join(ch for ch in key(text) if not unicodedata.combining(ch))


@lru_cache(maxsize=16384)
def players_key(players: str) -> str:
    """A match's players, their JSON text as stored, as the search reads them: each
    name's :func:`search_key`, NUL between them, so that a search never runs from one
    name into the next (SQLite calls it for every match searched: remembered)."""
    return "\0".join(search_key(p) for p in json.loads(players))


def groups_of(matches: Iterable[MatchSummary]) -> list[Group]:
    """The groups of ``matches`` (given most recently changed first), most recent first."""
    found: dict[frozenset[str], Group] = {}
    for m in matches:
        who = frozenset(key(p) for p in m.players)
        seen = found.get(who)
        if seen is None:
            found[who] = Group(tuple(m.players), 1, m.updated_at)
        else:
            found[who] = Group(seen.players, seen.matches + 1, seen.last_played)
    return sorted(found.values(), key=lambda g: -g.last_played)
