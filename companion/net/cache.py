"""The hub's cache (:class:`TableCache`): each hosted table's public part, read from the
store once per change and shared by its seats' views, and each game record's replays,
worked out once per stored text. No flet here.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import RecordError
from companion.core.game import SEAT_PART, Seat
from companion.core.i18n import _
from companion.core.registry import game as game_spec
from companion.core.registry import part
from companion.net.views import HostView, RoundResult, SeatState, SeatView
from companion.store.hosting import HostedSeat, HostedTable


def seat_of(game: str) -> Seat:
    """The game's seat part: what a phone may submit and see (:class:`Seat`)."""
    seat = part(game, SEAT_PART)
    if seat is None:
        raise RecordError(_("{game} cannot be played from phones").format(game=game_spec(game).title))
    return seat


# How many game records' derived facts are kept (a few per hosted table is plenty).
RECORDS_KEPT = 512
# A table's cached part is trusted this long (seconds) without asking the store: every
# write made through this process bumps the table's revision at once, so this only
# bounds how long a change written by another process (a second companion on the same
# data folder) can go unseen by a screen that redraws.
FRESH_FOR = 1.0


class RecordFacts:
    """One game record as stored, and what the screens need of it, each worked out once
    on first need (the replays): a pure function of the record's stored text (the key
    it is kept under, see :meth:`TableCache._record_of`), so it is never stale, and shared by
    every view drawn from that text. A seat's own resolution is kept under its name and
    only ever put in that seat's view.

    ``record`` is shared: read it, never change it (the seats build new records)."""

    __slots__ = ("ad", "record", "position", "_lock", "_over", "_expected", "_resolutions")

    def __init__(self, ad: Seat, text: str) -> None:
        self.ad = ad
        self.record: dict[str, Any] = json.loads(text)
        self.position = ad.position(self.record)
        self._lock = threading.Lock()   # the sessions redrawing at once wait for one replay
        self._over: bool | None = None
        self._expected: tuple[str, ...] | None = None
        self._resolutions: dict[str | None, dict[str, Any] | None] = {}

    def over(self) -> bool:
        if self._over is None:
            with self._lock:
                if self._over is None:
                    self._over = bool(self.ad.over(self.record))
        return self._over

    def expected(self) -> tuple[str, ...]:
        if self._expected is None:
            with self._lock:
                if self._expected is None:
                    self._expected = tuple(self.ad.expected(self.record))
        return self._expected

    def resolution(self, player: str | None = None) -> dict[str, Any] | None:
        """The last round as ``player``'s seat may see it (None: the whole table's view, no
        seat's own part). In a game whose seats all see the same
        (``Seat.same_for_every_seat``), every seat gets the table's view."""
        if self.ad.same_for_every_seat:
            player = None
        if player not in self._resolutions:
            with self._lock:
                if player not in self._resolutions:
                    self._resolutions[player] = self.ad.resolution(self.record, player)
        return self._resolutions[player]


@dataclass
class GameInPlay:
    kind: str
    players: tuple[str, ...]
    number: int
    rec: RecordFacts

    @property
    def record(self) -> dict[str, Any]:
        return self.rec.record


@dataclass(frozen=True)
class TableRows:
    """A table as one transaction read it (after syncing it with its record)."""

    rev: int
    table: HostedTable
    game: GameInPlay
    seats: tuple[HostedSeat, ...]            # in seating order
    bids: list[tuple[str, dict[str, Any]]]   # (player, bid) in the order made


@dataclass(frozen=True)
class PublicTable:
    """A hosted table at one revision as every seat may see it, shared by all of its
    seats' views until the next change. Who has bid, never what (unless the game's plays
    are public, as in sales): each seat's own bid is kept apart, per seat."""

    rev: int
    read_at: float
    match_id: int
    code: str
    kind: str
    players: tuple[str, ...]
    number: int
    position: int
    info: dict[str, Any]
    rec: RecordFacts
    seats: tuple[SeatState, ...]
    holders: Mapping[str, str]            # token hash → player: finds a seat, never in a view
    bid_in: tuple[str, ...]
    waiting: tuple[str, ...]
    over: bool
    plays: tuple[tuple[str, dict[str, Any]], ...]

    def result(self, player: str | None) -> RoundResult:
        """The last round as ``player``'s seat (None: the whole table) may see it."""
        return RoundResult(self.number, self.position, self.rec.resolution(player), self.over)


class TableCache:
    """What the hub keeps of its tables between changes, and the views drawn from it.

    Views are cached. Every phone at a table redraws after every change to it, so a
    table's public part (:class:`PublicTable`: seats, who has bid, the round's info) is read
    from the store once per change, in one transaction, and shared by its seats' views;
    what a game record implies (the replays: is it over, who bids, the last resolution)
    is worked out once per record (:class:`RecordFacts`). A view drawn again with nothing
    changed reads nothing. Each table has a revision, bumped by every write to it or to
    its match's record: inside the hub's own transactions, and by the store's change
    listener for a round saved, undone or edited on a host screen. Whatever was cached
    at an older revision is never shown, nor anything older than :data:`FRESH_FOR`. A
    seat's own part (its pending bid, its own part of a resolution) is kept per seat and
    only ever put in that seat's view.

    :class:`~companion.net.hub.Hub` is one: its transactions fill this cache
    (:meth:`_install`) and bump a table's revision (:meth:`_bump`) at every write."""

    def __init__(self) -> None:
        # The caches; self._lock guards them and is never held while waiting for the store.
        self._lock = threading.Lock()
        self._revs: dict[int, int] = {}                       # match id → its table's revision
        self._public: dict[int, PublicTable] = {}             # match id → its table's public part
        self._codes: dict[str, int] = {}                      # table code → match id
        self._tokens: dict[str, int] = {}                     # token hash → match id
        # a seat's own pending bid (and its place in the order made), at a public part
        self._own: dict[tuple[int, str], tuple[PublicTable, dict[str, Any] | None, int]] = {}
        self._seat_views: dict[tuple[int, str], tuple[PublicTable, SeatView]] = {}
        self._host_views: dict[int, tuple[PublicTable, HostView]] = {}
        self._records: OrderedDict[tuple[str, str], RecordFacts] = OrderedDict()

    def _bump(self, match_id: int) -> None:
        """A write to this match's table or record: nothing cached before it is shown again.
        Called inside the writing transaction (a view that finds the new revision reads
        the store, and waits there for the commit), or by the store after a commit."""
        with self._lock:
            self._revs[match_id] = self._revs.get(match_id, 0) + 1
            self._host_views.pop(match_id, None)

    def _forget(self, match_id: int) -> None:
        """The table was closed: drop everything kept of it (its revision stays counted)."""
        with self._lock:
            self._public.pop(match_id, None)
            for index in (self._codes, self._tokens):
                for name in [k for k, m in index.items() if m == match_id]:
                    del index[name]
            for per_seat in (self._own, self._seat_views):
                for seat in [k for k in per_seat if k[0] == match_id]:
                    del per_seat[seat]

    def _fresh(self, match_id: int | None) -> PublicTable | None:
        """The table's public part if nothing was written since it was read (lock held)."""
        pub = None if match_id is None else self._public.get(match_id)
        if (pub is None or pub.rev != self._revs.get(pub.match_id, 0)
                or time.monotonic() - pub.read_at > FRESH_FOR):
            return None
        return pub

    def _record_of(self, kind: str, text: str) -> RecordFacts:
        key = (kind, text)
        with self._lock:
            rec = self._records.get(key)
            if rec is not None:
                self._records.move_to_end(key)
                return rec
        rec = RecordFacts(seat_of(kind), text)
        with self._lock:
            rec = self._records.setdefault(key, rec)
            while len(self._records) > RECORDS_KEPT:
                self._records.popitem(last=False)
        return rec

    def _install(self, rows: TableRows) -> tuple[PublicTable, dict[str, dict[str, Any]]]:
        """The table's public part from what a transaction read, kept for the next views
        unless something was written since; and the pending bids, each for its own seat
        only. Worked out after the commit: the replays never hold the store up."""
        game = rows.game
        over = game.rec.over()
        expected = () if over else game.rec.expected()
        pending = dict(rows.bids)
        secret = seat_of(game.kind).secret
        pub = PublicTable(
            rev=rows.rev, read_at=time.monotonic(), match_id=rows.table.match_id,
            code=rows.table.code, kind=game.kind, players=tuple(game.players), number=game.number,
            position=rows.table.position, info=rows.table.info, rec=game.rec,
            seats=tuple(SeatState(s.player, s.token_hash is not None) for s in rows.seats),
            holders={s.token_hash: s.player for s in rows.seats if s.token_hash is not None},
            bid_in=tuple(p for p in game.players if p in pending),
            waiting=tuple(p for p in expected if p not in pending), over=over,
            plays=() if secret else tuple((p, dict(b)) for p, b in pending.items()),
        )
        m = pub.match_id
        with self._lock:
            if self._revs.get(m, 0) == rows.rev:
                old = self._public.get(m)
                if old is not None:
                    for h in old.holders.keys() - pub.holders.keys():
                        self._tokens.pop(h, None)
                self._public[m] = pub
                self._codes[pub.code] = m
                for h in pub.holders:
                    self._tokens[h] = m
                rank = {p: i for i, p in enumerate(pending)}
                for s in rows.seats:
                    self._own[(m, s.player)] = (pub, pending.get(s.player), rank.get(s.player, -1))
        return pub, pending

    def _seat_view(self, pub: PublicTable, player: str, mine: dict[str, Any] | None) -> SeatView:
        """The table's public part with this seat's own: its bid and its resolution."""
        key = (pub.match_id, player)
        with self._lock:
            kept = self._seat_views.get(key)
        if kept is not None and kept[0] is pub:
            return kept[1]
        my_turn = ((not pub.over and mine is None) if pub.rec.ad.secret
                   else (bool(pub.waiting) and pub.waiting[0] == player))
        result = pub.result(player)
        view = SeatView(
            code=pub.code, game=pub.kind, player=player, players=pub.players, seats=pub.seats,
            game_number=result.game_number, position=result.position,
            my_bid=dict(mine) if mine is not None else None, bid_in=pub.bid_in,
            waiting_for=pub.waiting, my_turn=my_turn, plays=pub.plays, info=pub.info,
            resolution=result.resolution, game_over=result.game_over,
        )
        with self._lock:
            if self._public.get(pub.match_id) is pub:
                self._seat_views[key] = (pub, view)
        return view

    def _host_view(self, pub: PublicTable) -> HostView:
        with self._lock:
            kept = self._host_views.get(pub.match_id)
        if kept is not None and kept[0] is pub:
            return kept[1]
        result = pub.result(None)
        view = HostView(
            code=pub.code, game=pub.kind, players=pub.players, seats=pub.seats,
            game_number=result.game_number, position=result.position, bid_in=pub.bid_in,
            waiting_for=pub.waiting, all_in=not result.game_over and not pub.waiting,
            plays=pub.plays, info=pub.info, resolution=result.resolution,
            game_over=result.game_over,
        )
        with self._lock:
            if self._public.get(pub.match_id) is pub:
                self._host_views[pub.match_id] = (pub, view)
        return view

    def _rev(self, match_id: int) -> int:
        with self._lock:
            return self._revs.get(match_id, 0)
