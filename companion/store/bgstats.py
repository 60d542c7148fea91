"""A file BG Stats imports: finished games as plays, in its JSON export/backup shape.

BG Stats publishes no format description. What is written here follows a real BG
Stats export, read point by point (``sampleData.json`` of
github.com/sqrtxander/bgstats-wrapped, commit 56478d9: 217 plays, 48 players, 7
locations), and the public programs that write or read such files
(``bga_bgstats.py`` of github.com/ctuncan/bga_bgstats writes ``output.bgsplay``;
``PlayFile`` of the Hermod Discord bot reads a ``.bgsplay`` file and looks up each
play's location, game and players by id):

- top level ``games``, ``players``, ``locations``, ``plays``, ``userInfo``; ids are
  integers 1, 2, … referred to by ``gameRefId``, ``playerRefId``, ``locationRefId``;
  uuids are upper-case; dates are local "YYYY-MM-DD HH:MM:SS"; the file a play is
  shared as is named ``….bgsplay`` (JSON);
- ``userInfo.meRefId`` names the device owner among the players (the real file: the
  player in every one of its plays);
- every play's ``playerScores`` entry has ``playerRefId``, ``score`` (a string),
  ``winner``, ``seatOrder``, ``startPlayer``, ``rank``, ``newPlayer``. All 668 entries
  of the real file have ``seatOrder`` 0 and ``rank`` 0, and the importers write 0:
  BG Stats ranks by score itself and keeps the seats in the order of the entries;
  so 0 is written and the entries are in seat order;
- ``manualWinner`` is true exactly where the winners are not simply the top score: in
  the real file every such play (a tie broken, a winner with less) has it, and no
  other play with points; here a win on the tie-break (SA-13, BU-8);
- ``rounds`` is the number of rounds (0 in the real file, which recorded none);
- ``locationRefId`` (214 of 217 real plays have one, and the Hermod reader needs one):
  every play at the location the player names (a setting, "Home" until changed);
- ``newPlayer``: the player's first stored game of that kind;
- a co-operative game (sales' co-op, SA-15) is a game of its own with ``cooperative``
  true: everyone scores the team's score and nobody is the winner (the real file's
  co-op plays with a score: every entry the same score, no winner).

What becomes a play: each finished game, except a solo game (one person playing two
hands: BG Stats has no player for a hand) and a record the referee refuses. Players
are matched by name across games as companion compares names
(``companion.core.names.key``). Everything is read from the derived rows kept beside
the records (:mod:`companion.store.derived`): nothing is replayed to write the file.

Ids are stable: a play's uuid comes from its match's own id and the game's number
(a match exported and imported elsewhere keeps both, and its dates), a player's from
the name, a game's from the game: importing a file twice adds nothing twice.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Collection
from typing import Any

from companion.core.i18n import _, pgettext
from companion.core.names import key
from companion.core.registry import game, games
from companion.store.db import Store
from companion.store.derived import fresh, refresh, version

# uuid5 namespace of companion's BG Stats ids: the same game, player or play gets
# the same uuid in every export, so importing a file twice adds nothing twice.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "companion:bgstats")
#: The settings a player chooses for the file (History's BG Stats part).
ME, LOCATION = "bgstats.me", "bgstats.location"
SUFFIX = ".bgsplay"

Progress = Callable[[int, int], None]


def _uuid(text: str) -> str:
    return str(uuid.uuid5(NAMESPACE, text)).upper()


def _date(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(timestamp))


def default_location() -> str:
    """Where the plays happened until the player says otherwise."""
    return pgettext("a BG Stats location", "Home")


def location_of(store: Store) -> str:
    return (store.setting(LOCATION) or "").strip() or default_location()


def likely_players(store: Store) -> list[str]:
    """Who the device's owner may be, the likeliest first: the players seated in most
    stored matches (who keeps the phone usually plays every game on it), a match one
    person played alone (a game's ``lone_modes``: sales' solo) left out. Read from the
    matches themselves, not from their worked-out rows: a match just played counts
    before anything has worked it out."""
    return store.seated_most({name: spec.lone_modes for name, spec in games().items()})


def likely_me(store: Store) -> str | None:
    """Who the device owner is until the player says (:func:`likely_players`' first);
    None with no match."""
    found = likely_players(store)
    return found[0] if found else None


def me_of(store: Store) -> str | None:
    return (store.setting(ME) or "").strip() or likely_me(store)


def _plays(store: Store, match_ids: Collection[int] | None) -> list[tuple[Any, ...]]:
    """The finished games to write, newest first, from the derived rows."""
    known = games()
    pairs = ",".join("(?,?)" for _ in known) or "('', '')"
    args: list[Any] = [x for n in known for x in (n, version(n))]
    where = "d.counted = 1 AND d.lone = 0"
    if match_ids is not None:
        ids = sorted(set(match_ids)) or [0]
        where += f" AND m.id IN ({','.join('?' * len(ids))})"
        args += ids
    with store.reading() as c:
        return c.execute(
            f"WITH v(game, version) AS (VALUES {pairs}), chosen AS (SELECT m.id, m.game, m.uid FROM matches m "
            "JOIN v ON v.game = m.game JOIN derived_matches d ON d.match_id = m.id AND d.version = v.version "
            f"WHERE {where}) "
            "SELECT c.id, c.game, c.uid, g.number, g.rounds, g.tie_break, g.start, g.team, g.created_at, "
            "g.updated_at, (SELECT COUNT(*) FROM games n WHERE n.match_id = c.id) "
            "FROM chosen c JOIN derived_games g ON g.match_id = c.id "
            "ORDER BY g.created_at DESC, c.id DESC, g.number DESC", args).fetchall()


def _seats(store: Store, match_ids: Collection[int]) -> dict[tuple[int, int], list[tuple[Any, ...]]]:
    """The seats of these matches' finished games, in seat order, by (match, game)."""
    out: dict[tuple[int, int], list[tuple[Any, ...]]] = {}
    ids = sorted(set(match_ids))
    if not ids:
        return out
    with store.reading() as c:
        for mid, number, *rest in c.execute(
                "SELECT match_id, number, seat, name, key, score, won FROM derived_seats "
                f"WHERE match_id IN ({','.join('?' * len(ids))}) ORDER BY match_id, number, seat", ids):
            out.setdefault((mid, number), []).append(tuple(rest))
    return out


def _firsts(store: Store) -> dict[tuple[str, str, bool], tuple[int, int]]:
    """Each player's first stored finished game of each BG Stats game (a kind, played
    together or not): (match, number)."""
    out: dict[tuple[str, str, bool], tuple[int, int]] = {}
    with store.reading() as c:
        for k, kind, coop, mid, number in c.execute(
                "SELECT s.key, m.game, dg.team IS NOT NULL, s.match_id, s.number FROM derived_seats s "
                "JOIN matches m ON m.id = s.match_id "
                "JOIN derived_matches d ON d.match_id = m.id AND d.counted = 1 AND d.lone = 0 "
                "JOIN derived_games dg ON dg.match_id = s.match_id AND dg.number = s.number "
                "ORDER BY dg.created_at, s.match_id, s.number"):
            out.setdefault((k, kind, bool(coop)), (mid, number))
    return out


#: ``json.dumps(…, ensure_ascii=False)`` made once: ``dumps`` with an argument of its own
#: builds a new encoder for every play.
_encode = json.JSONEncoder(ensure_ascii=False).encode

#: Plays written per read of their seats (memory stays small whatever the history).
PLAYS_AT_ONCE = 500


def _build(store: Store, match_ids: Collection[int] | None, progress: Progress | None,
           emit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """Write the file's plays one by one to ``emit`` (newest first) and return the rest
    of the file (games, players, locations, userInfo; ``plays`` left out)."""
    if match_ids is None:
        refresh(store, progress)
    else:
        fresh(store, match_ids)
    plays_found = _plays(store, match_ids)
    firsts = _firsts(store)
    # the file's own date: its newest play's last change (the same file for the same games)
    now = _date(max((p[9] for p in plays_found), default=time.time()))
    game_rows: list[dict[str, Any]] = []
    game_ids: dict[str, int] = {}
    player_rows: list[dict[str, Any]] = []
    player_ids: dict[str, int] = {}

    def player(name: str, when: str) -> int:
        k = key(name)
        if k not in player_ids:
            player_ids[k] = len(player_rows) + 1
            player_rows.append({"id": player_ids[k], "uuid": _uuid(f"player:{k}"), "name": name,
                                "isAnonymous": False, "modificationDate": when, "bggUsername": ""})
        return player_ids[k]

    def game_id(name: str, coop: bool, when: str) -> int:
        spec = game(name)
        ref = f"{name}:coop" if coop else name
        if ref not in game_ids:
            game_ids[ref] = len(game_rows) + 1
            game_rows.append({
                "id": game_ids[ref], "uuid": _uuid(f"game:{ref}"),
                "name": _("{game} (co-op)").format(game=spec.title) if coop else spec.title,
                "modificationDate": when, "bggId": 0, "bggYear": 0, "highestWins": True, "noPoints": False,
                "cooperative": coop, "usesTeams": False, "isBaseGame": 1, "isExpansion": 0})
        return game_ids[ref]

    location = location_of(store)
    comment = _("{game}: game {n} of {of} of a match")      # worded once, in the language of the moment
    specs = {name: game(name) for name in games()}
    for at in range(0, len(plays_found), PLAYS_AT_ONCE):
        chunk = plays_found[at:at + PLAYS_AT_ONCE]
        seats = _seats(store, {p[0] for p in chunk})
        for mid, name, uid, number, rounds, tie_break, start, team, created, updated, of in chunk:
            spec = specs[name]
            coop = team is not None
            played, changed = _date(created), _date(updated)
            starter = key(start) if start is not None else None
            entries = []
            for _seat, pname, k, score, won in seats.get((mid, number), []):
                entries.append({"winner": bool(won) and not coop, "seatOrder": 0,
                                "score": str(team if coop else score), "startPlayer": k == starter,
                                "playerRefId": player(pname, changed), "rank": 0,
                                "newPlayer": firsts.get((k, name, coop)) == (mid, number)})
            play: dict[str, Any] = {
                "uuid": _uuid(f"play:{uid}:{number}"),
                "ignored": False, "rating": 0, "scoringSetting": 0,
                "playerScores": entries,
                "modificationDate": changed,
                "playDate": played,
                "manualWinner": tie_break is not None and not coop,
                "locationRefId": 1,
                "rounds": int(rounds),
                "usesTeams": False, "bggId": 0,
                "entryDate": played,
                "playImages": "[]", "importPlayId": 0,
                "durationMin": max(0, round((updated - created) / 60)),
                "expansionPlays": [], "nemestatsId": 0,
                "gameRefId": game_id(name, coop, changed),
            }
            if spec.match_games > 1:
                play["comments"] = comment.format(game=spec.title, n=number, of=max(of, spec.match_games))
            emit(play)
    me = me_of(store)
    me_id = player(me, now) if me else 0
    return {"games": game_rows, "players": player_rows,
            "locations": [{"id": 1, "uuid": _uuid(f"location:{key(location)}"), "name": location,
                           "modificationDate": now}],
            "userInfo": {"meRefId": me_id}}


def bgstats_export(store: Store, match_ids: Collection[int] | None = None, progress: Progress | None = None,
                   ) -> dict[str, Any]:
    """The BG Stats file's data for these matches (None: the whole history), as a dict.
    Matches whose derived rows are stale are worked out first (``progress`` says how
    far: a long archive after an upgrade)."""
    plays: list[dict[str, Any]] = []
    rest = _build(store, match_ids, progress, plays.append)
    return {"games": rest["games"], "players": rest["players"], "locations": rest["locations"], "plays": plays,
            "userInfo": rest["userInfo"]}


def bgstats_json(store: Store, match_ids: Collection[int] | None = None, progress: Progress | None = None) -> str:
    """The BG Stats file for these matches (None: the whole history), as :func:`bgstats_export`
    gives it: each play is encoded as it is made (the fast encoder, no play kept as
    data), so a long history costs its text and little else."""
    plays: list[str] = []
    rest = _build(store, match_ids, progress, lambda play: plays.append(_encode(play)))
    head = {k: _encode(rest[k]) for k in ("games", "players", "locations", "userInfo")}
    return (f'{{"games": {head["games"]}, "players": {head["players"]}, "locations": {head["locations"]}, '
            f'"plays": [{", ".join(plays)}], "userInfo": {head["userInfo"]}}}\n')


def file_name(base: str) -> str:
    """The name BG Stats shares its files under: ``base.bgsplay``."""
    return base + SUFFIX


__all__ = ["LOCATION", "ME", "SUFFIX", "bgstats_export", "bgstats_json", "default_location", "file_name",
           "likely_me", "likely_players", "location_of", "me_of"]
