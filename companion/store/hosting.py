"""Hosted tables in the store: what :mod:`companion.net.hub` keeps of a table played from
phones, and the one place that reads or writes those rows (schema 2: ``net_tables``,
``net_seats``, ``net_bids``).

A hosted table is bound to one match (deleted with it), has a short code, one seat per
player (free, or held by a device through the SHA-256 of its token) and at most one
pending bid per seat for the round being played. The hub knows no SQL: it opens a
:func:`hosting` transaction — one :meth:`Store.transaction`, with its locking — and asks
the :class:`Hosting` it yields. Everything asked of one :class:`Hosting` is one atomic
change: a revealed round is written into the game record in the same transaction that
clears the bids (:meth:`Hosting.save_record`, :meth:`Hosting.start_round`).

``hosting(store, synced=False)`` is for what can be entered again and saves no game
record: a phone's pending bid (see ``Store.transaction``).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from companion.core.errors import StoreError
from companion.core.i18n import _
from companion.store.db import Store
from companion.store.writes import write_game


class NotStored(StoreError):
    """The match, or its game in play, is not stored (``str()`` says which)."""


@dataclass(frozen=True)
class HostedTable:
    """A hosted table's row: the round its pending bids are for (``game_number``, and
    ``position``: how far that game's record was) and the host's public part of it."""

    id: int
    code: str
    match_id: int
    game_number: int
    position: int
    info: dict[str, Any]


@dataclass(frozen=True)
class HostedSeat:
    player: str
    token_hash: str | None      # None: the seat is free


@dataclass(frozen=True)
class PendingBid:
    player: str
    bid: dict[str, Any]
    made: int                   # order of submission (turn order for sales)


@dataclass(frozen=True)
class Seating:
    """A table's seats in seating order and its pending bids in the order made, read at once."""

    seats: tuple[HostedSeat, ...]
    bids: tuple[PendingBid, ...]


@dataclass(frozen=True)
class GameInPlay:
    """A match's game being played: the match's game kind and players, the game's number,
    and its record as stored (JSON text: equal texts are equal records, so a reader may
    key what it works out of a record on it)."""

    kind: str
    players: tuple[str, ...]
    number: int
    record_json: str


@contextmanager
def hosting(store: Store, *, synced: bool = True) -> Iterator[Hosting]:
    """One store transaction over the hosted tables (see :meth:`Store.transaction`)."""
    with store.transaction(synced=synced) as c:
        yield Hosting(c)


_TABLE = "t.id, t.code, t.match_id, t.game_number, t.position, t.info"


def _table(row: Sequence[Any]) -> HostedTable:
    return HostedTable(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]))


class Hosting:
    """The hosted tables as one transaction has them. Use only inside :func:`hosting`."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._c = conn

    # ------------------------------------------------------------ tables
    def table(self, code: str) -> HostedTable | None:
        """The table hosted under this code (as stored: capitals, no spaces)."""
        row = self._c.execute(f"SELECT {_TABLE} FROM net_tables t WHERE t.code=?", (code,)).fetchone()
        return None if row is None else _table(row)

    def table_of(self, match_id: int) -> HostedTable | None:
        """The match's hosted table, if it has one."""
        row = self._c.execute(f"SELECT {_TABLE} FROM net_tables t WHERE t.match_id=?",
                              (match_id,)).fetchone()
        return None if row is None else _table(row)

    def tables(self) -> list[HostedTable]:
        """Every hosted table, the first hosted first."""
        return [_table(r) for r in self._c.execute(f"SELECT {_TABLE} FROM net_tables t ORDER BY t.id")]

    def open_table(self, code: str, match_id: int, game_number: int, position: int,
                   players: Sequence[str]) -> HostedTable | None:
        """Host the match under ``code`` with a free seat for each player, in seating
        order; None (nothing written) if another table has that code."""
        now = time.time()
        try:
            cur = self._c.execute(
                "INSERT INTO net_tables (code, match_id, game_number, position, info,"
                " created_at, updated_at) VALUES (?,?,?,?,'{}',?,?)",
                (code, match_id, game_number, position, now, now))
        except sqlite3.IntegrityError:
            if self.table_of(match_id) is not None:
                raise
            return None
        table_id = int(cur.lastrowid or 0)
        self._c.executemany("INSERT INTO net_seats (table_id, player, seat) VALUES (?,?,?)",
                            [(table_id, p, i) for i, p in enumerate(players)])
        return HostedTable(table_id, code, match_id, game_number, position, {})

    def close_table(self, table_id: int) -> None:
        """Stop hosting: the table's seats and pending bids go with it."""
        self._c.execute("DELETE FROM net_tables WHERE id=?", (table_id,))

    def start_round(self, table_id: int, game_number: int, position: int) -> None:
        """The table plays a new round: at ``game_number`` and ``position``, with no
        pending bid and no public part yet."""
        self._c.execute("DELETE FROM net_bids WHERE table_id=?", (table_id,))
        self._c.execute("UPDATE net_tables SET game_number=?, position=?, info='{}', updated_at=?"
                        " WHERE id=?", (game_number, position, time.time(), table_id))

    def set_info(self, table_id: int, info: Mapping[str, Any]) -> None:
        """The host's public part of the round (JSON data)."""
        self._c.execute("UPDATE net_tables SET info=?, updated_at=? WHERE id=?",
                        (json.dumps(dict(info)), time.time(), table_id))

    # ------------------------------------------------------------ seats
    def seating(self, table_id: int) -> Seating:
        """The table's seats and pending bids, in one read."""
        rows = self._c.execute(
            "SELECT s.player, s.token_hash, b.bid, b.made FROM net_seats s LEFT JOIN net_bids b"
            " ON b.table_id = s.table_id AND b.player = s.player WHERE s.table_id=? ORDER BY s.seat",
            (table_id,)).fetchall()
        bids = sorted((PendingBid(p, json.loads(b), m) for p, _h, b, m in rows if b is not None),
                      key=lambda x: x.made)
        return Seating(tuple(HostedSeat(p, h) for p, h, _b, _m in rows), tuple(bids))

    def seat_of(self, token_hash: str) -> tuple[HostedTable, str] | None:
        """The table and the player whose seat this token hash holds."""
        row = self._c.execute(f"SELECT {_TABLE}, s.player FROM net_seats s"
                              " JOIN net_tables t ON t.id = s.table_id WHERE s.token_hash=?",
                              (token_hash,)).fetchone()
        return None if row is None else (_table(row), row[6])

    def take_seat(self, table_id: int, player: str, token_hash: str) -> bool:
        """Hold the player's seat with this token hash; False (nothing written) if another
        device holds it."""
        cur = self._c.execute("UPDATE net_seats SET token_hash=?, taken_at=? WHERE table_id=?"
                              " AND player=? AND token_hash IS NULL",
                              (token_hash, time.time(), table_id, player))
        return cur.rowcount == 1

    def free_seat(self, table_id: int, player: str) -> None:
        """The seat's token holds it no more."""
        self._c.execute("UPDATE net_seats SET token_hash=NULL, taken_at=NULL WHERE table_id=? AND player=?",
                        (table_id, player))

    # ------------------------------------------------------------ bids
    def bids(self, table_id: int) -> list[PendingBid]:
        """The pending bids, in the order they were first made."""
        return [PendingBid(p, json.loads(b), m) for p, b, m in self._c.execute(
            "SELECT player, bid, made FROM net_bids WHERE table_id=? ORDER BY made", (table_id,))]

    def keep_bid(self, table_id: int, player: str, bid: Mapping[str, Any]) -> None:
        """Make or change the player's pending bid: a changed bid keeps its place in the
        order made, a new one comes last."""
        self._c.execute(
            "INSERT INTO net_bids (table_id, player, bid, made, submitted_at) VALUES"
            " (?1, ?2, ?3, (SELECT coalesce(max(made), 0) + 1 FROM net_bids WHERE table_id=?1), ?4)"
            " ON CONFLICT (table_id, player) DO UPDATE SET bid=excluded.bid,"
            " submitted_at=excluded.submitted_at",
            (table_id, player, json.dumps(dict(bid)), time.time()))

    def drop_bid(self, table_id: int, player: str) -> None:
        """The player's pending bid, if any, goes."""
        self._c.execute("DELETE FROM net_bids WHERE table_id=? AND player=?", (table_id, player))

    # ------------------------------------------------------------ the match
    def match_players(self, match_id: int) -> tuple[str, tuple[str, ...]]:
        """The match's game kind and players (NotStored: no such match)."""
        row = self._c.execute("SELECT game, players FROM matches WHERE id=?", (match_id,)).fetchone()
        if row is None:
            raise NotStored(_("there is no match {id}").format(id=match_id))
        return row[0], tuple(json.loads(row[1]))

    def game_in_play(self, match_id: int) -> GameInPlay:
        """The match's game being played (its last) as stored (NotStored: no such match,
        or it has no game)."""
        row = self._c.execute("SELECT m.game, m.players, g.number, g.record FROM matches m"
                              " LEFT JOIN games g ON g.match_id = m.id WHERE m.id=?"
                              " ORDER BY g.number DESC LIMIT 1", (match_id,)).fetchone()
        if row is None:
            raise NotStored(_("there is no match {id}").format(id=match_id))
        if row[2] is None:
            raise NotStored(_("match {id} has no game").format(id=match_id))
        return GameInPlay(row[0], tuple(json.loads(row[1])), row[2], row[3])

    def save_record(self, match_id: int, number: int, record: dict[str, Any]) -> str:
        """Save game ``number``'s record with a round revealed at the match's table (the
        caller starts the table's next round, :meth:`start_round`, in this transaction);
        returns the record as stored (see :attr:`GameInPlay.record_json`)."""
        return write_game(self._c, match_id, number, record)
