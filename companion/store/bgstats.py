"""A file BG Stats imports: finished games as plays, in its JSON export/backup shape.

BG Stats publishes no format description. The field names and value types here are
the ones three independent sources agree on:

- a real BG Stats export: ``sampleData.json`` of github.com/sqrtxander/bgstats-wrapped
  (commit 56478d9): top level ``games``, ``players``, ``locations``, ``plays``,
  ``userInfo``; every play's ``playerScores`` entry has ``playerRefId``, ``score`` (a
  string, "" when not kept), ``winner``, ``seatOrder``, ``startPlayer``, ``rank``,
  ``newPlayer``; dates are local "YYYY-MM-DD HH:MM:SS"; ids are integers 1, 2, …
  referred to by ``gameRefId`` / ``playerRefId``; uuids are upper-case;
- tools that write files for BG Stats to import: ``bga_bgstats.py`` of
  github.com/ctuncan/bga_bgstats (Board Game Arena plays) and
  ``src/main/java/LichessImport.java`` of github.com/soul28561/bgstats-lichess-import
  (Lichess games): the same top-level keys and the same play and score fields.

Two values are read from that export rather than stated anywhere: every one of its 217
plays has ``seatOrder`` 0 and ``rank`` 0, and the importers write 0 for every player,
so 0 means "not recorded"; seats are therefore written from 1 (seat order as played)
and ranks are left 0 (BG Stats ranks by score itself). ``userInfo.meRefId`` names the
device owner among the players; companion does not know who that is and writes 0.

What becomes a play: each game that has winners (a finished game; not a co-operative
sales game, which is won or lost by the team and has no winners; not a stored record
the referee refuses). Players are matched by name across games, as companion compares names
(``companion.core.names.key``: any case, any composition).
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.errors import CompanionError, RecordError
from companion.core.names import key
from companion.core.registry import game, parse_record, part, referee
from companion.store.db import StoredGame, StoredMatch

# uuid5 namespace of companion's BG Stats ids: the same game, player or play gets
# the same uuid in every export, so importing a file twice adds nothing twice.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "companion:bgstats")


def _uuid(key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, key)).upper()


def _date(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(timestamp))


def start_player_of(name: str) -> Callable[[Any], str | None]:
    """The game's ``start_player(result)`` (its ``export`` part): who starts the game;
    without one, nobody is marked."""
    try:
        module = part(name, "export")
    except RecordError:
        module = None
    return getattr(module, "start_player", lambda result: None)


class _Ids:
    """Integer ids 1, 2, … in order of first use, by key."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, key: str) -> tuple[int, bool]:
        """(the key's id, whether it is new)."""
        if key in self.ids:
            return self.ids[key], False
        self.ids[key] = len(self.ids) + 1
        return self.ids[key], True


def bgstats_export(matches: Sequence[StoredMatch]) -> dict[str, Any]:
    """The BG Stats file's data for these matches (oldest first), as a dict."""
    games: list[dict[str, Any]] = []
    players: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    game_ids, player_ids = _Ids(), _Ids()
    for match in sorted(matches, key=lambda m: (m.created_at, m.id)):
        spec = game(match.game)
        for stored in match.games:
            try:
                # each game's own record and result (players; winners)
                record: Any = parse_record(json.dumps({**stored.record, "game": match.game}))
                result: Any = referee(record)
            except CompanionError:  # a record the referee refuses has no result to log
                continue
            winners = list(result["winners"])
            if not winners or spec.final_scores is None:
                continue
            game_id, new = game_ids(spec.name)
            if new:
                games.append({
                    "id": game_id, "uuid": _uuid(f"game:{spec.name}"), "name": spec.title,
                    "modificationDate": _date(stored.updated_at),
                    "bggId": 0, "bggYear": 0, "highestWins": True, "noPoints": False,
                    "cooperative": False, "usesTeams": False, "isBaseGame": 1, "isExpansion": 0,
                })
            scores = spec.final_scores(result)
            start = start_player_of(spec.name)(result)
            entries = []
            for seat, name in enumerate(record["players"], 1):
                player_id, new = player_ids(key(name))
                if new:
                    players.append({"id": player_id, "uuid": _uuid(f"player:{key(name)}"), "name": name,
                                    "isAnonymous": False, "modificationDate": _date(stored.updated_at),
                                    "bggUsername": ""})
                entries.append({"playerRefId": player_id, "score": str(scores[name]), "winner": name in winners,
                                "seatOrder": seat, "startPlayer": name == start, "rank": 0, "newPlayer": False})
            plays.append(_play(match, stored, spec.title, game_id, entries))
    return {"games": games, "players": players, "locations": [], "plays": plays, "userInfo": {"meRefId": 0}}


def _play(match: StoredMatch, stored: StoredGame, title: str, game_id: int,
          entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "uuid": _uuid(f"play:{match.id}:{stored.number}:{stored.created_at!r}"),
        "gameRefId": game_id,
        "playDate": _date(stored.created_at),
        "entryDate": _date(stored.created_at),
        "modificationDate": _date(stored.updated_at),
        "durationMin": max(0, round((stored.updated_at - stored.created_at) / 60)),
        "ignored": False, "manualWinner": False, "rating": 0, "scoringSetting": 0, "rounds": 0,
        "usesTeams": False, "bggId": 0, "importPlayId": 0, "nemestatsId": 0,
        "playImages": "[]", "expansionPlays": [],
        "comments": f"{title}, game {stored.number} of companion's match {match.id}",
        "playerScores": entries,
    }


def bgstats_json(matches: Sequence[StoredMatch]) -> str:
    """The BG Stats file for these matches: a match, or the whole history."""
    return json.dumps(bgstats_export(matches), ensure_ascii=False, indent=1) + "\n"
