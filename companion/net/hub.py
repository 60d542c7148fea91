"""A table on every phone: one host serves a match, each player bids from their own phone.

The hub is plain Python over the app's SQLite store; the screens call it and render
only what it returns. In Flet web mode the server draws every session, so privacy is
simple to state and to test: a phone's session is drawn from :meth:`Hub.view` of its
own seat, and that view never holds another seat's bid before the reveal.

A hosted table is bound to one match. It has a short code (typed by the players), one
seat per player, and at most one pending bid per seat for the round being played.
The bids live in the store, so a host restart brings the table back with every bid
made; a revealed round goes into the game record through the game's rules, in the
same transaction that clears the bids (the record is the truth).

Security:
- Joining needs the table code; wrong codes are counted per client (its IP address)
  by :class:`~companion.net.limiter.JoinLimiter`: slowed down, then locked out. A right
  code does not wipe them; each counts for 15 minutes. Getting a seat back by its token
  is never limited (a token cannot be guessed).
- Taking a seat gives the phone a random token (``secrets.token_urlsafe``, 256 bits);
  the phone keeps it and gets its seat back with it. The store keeps only the token's
  SHA-256: a copied database file or a backup seats nobody. (A salt or a slow hash adds
  nothing for a 256-bit random secret.) The table code is kept in clear: the host's
  screen must show it again after a restart.
- Every seat call (``submit``, ``withdraw``, ``leave``) names the seat by its token only: a
  phone cannot bid for another, nor give up a seat that is not its own.
- The host calls (``host``, ``free_seat``, ``set_info``, ``reveal``, ``close``,
  ``host_view``) trust their caller: only the host's own session may offer them.

Listeners added with :meth:`Hub.on_change` hear the table code after each change, never
any data: each session then reads its own view.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import CompanionError, RecordError
from companion.core.names import Roster, first_fault
from companion.core.registry import game as game_spec
from companion.net.games import Adapter, adapter
from companion.net.limiter import JoinLimiter
from companion.store.db import Store, write_game

log = logging.getLogger(__name__)

# No 0/O, 1/I/L: a code read aloud or off a screen is typed right the first time.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
TOKEN_BYTES = 32


def new_code() -> str:
    """A fresh table code: 6 characters, 31^6 ≈ 890 million codes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A typed code as stored: capitals, no spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------- errors


class HubError(CompanionError):
    """The hub refuses; ``str()`` is one line for the player."""


class JoinRefused(HubError):
    """A wrong table code, or a client that must wait (``retry_after`` seconds)."""

    def __init__(self, message: str, *, retry_after: float = 0.0, locked: bool = False) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.locked = locked


class SeatTaken(HubError):
    """Another device holds this seat; the host can free it."""


class UnknownSeat(HubError):
    """No seat has this token (never given, or freed by the host), or no such player."""


class UnknownTable(HubError):
    """No table is hosted under this code or for this match."""


class BidRefused(HubError):
    """The rules refuse this bid now; the message carries the ruling id."""


class RevealRefused(HubError):
    """The round cannot be revealed; the message carries the ruling (e.g. HD-6: a bid is missing)."""


# ---------------------------------------------------------------- what the screens get


@dataclass(frozen=True)
class SeatState:
    player: str
    taken: bool


@dataclass(frozen=True)
class TableInfo:
    """A hosted table as the host screen and the join screen show it (no bids)."""

    code: str
    match_id: int
    game: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]


@dataclass(frozen=True)
class SeatGrant:
    """A seat just taken: the phone keeps ``token`` (e.g. in SharedPreferences)."""

    code: str
    player: str
    token: str


@dataclass(frozen=True)
class SeatView:
    """Everything one seat's screen may show, and nothing more.

    ``my_bid`` is this seat's own pending bid; ``bid_in`` says who has bid, never what.
    ``plays`` is filled only in games whose plays are public (sales: cards face up in
    turn order). ``resolution`` is the last recorded round as this seat may see it;
    ``position`` grows by one with each reveal, so a screen can tell a new one."""

    code: str
    game: str
    player: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]
    game_number: int
    position: int
    my_bid: dict[str, Any] | None
    bid_in: tuple[str, ...]
    waiting_for: tuple[str, ...]
    my_turn: bool
    plays: tuple[tuple[str, dict[str, Any]], ...]
    info: dict[str, Any]
    resolution: dict[str, Any] | None
    game_over: bool


@dataclass(frozen=True)
class HostView:
    """The host's table as every player around it may see it: who has bid, never what."""

    code: str
    game: str
    players: tuple[str, ...]
    seats: tuple[SeatState, ...]
    game_number: int
    position: int
    bid_in: tuple[str, ...]
    waiting_for: tuple[str, ...]
    all_in: bool
    plays: tuple[tuple[str, dict[str, Any]], ...]
    info: dict[str, Any]
    resolution: dict[str, Any] | None
    game_over: bool


@dataclass(frozen=True)
class Reveal:
    """A round revealed and recorded: its number in the game and the table's view of it."""

    code: str
    game_number: int
    position: int
    resolution: dict[str, Any] | None


# ---------------------------------------------------------------- the hub


@dataclass
class _Table:
    id: int
    code: str
    match_id: int
    game_number: int
    position: int
    info: dict[str, Any]


@dataclass
class _Game:
    kind: str
    players: list[str]
    number: int
    record: dict[str, Any]


class Hub:
    """Hosted tables over one store. Thread-safe: every call is one store transaction
    (the store serialises them in the process; ``BEGIN IMMEDIATE`` across processes)."""

    def __init__(self, store: Store, *, limiter: JoinLimiter | None = None,
                 clock: Callable[[], float] = time.monotonic, auto_reveal: bool = True) -> None:
        self.store = store
        self.limiter = limiter or JoinLimiter(clock)
        self.auto_reveal = auto_reveal
        self._listeners: list[Callable[[str], None]] = []
        self._listeners_lock = threading.Lock()

    # ------------------------------------------------------------ listeners
    def on_change(self, listener: Callable[[str], None]) -> Callable[[], None]:
        """Call ``listener(code)`` after every change to a table; returns the unsubscribe."""
        with self._listeners_lock:
            self._listeners.append(listener)

        def off() -> None:
            with self._listeners_lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return off

    def _changed(self, code: str) -> None:
        with self._listeners_lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(code)
            except Exception:  # a broken session must not stop a bid
                log.exception("a table listener failed")

    # ------------------------------------------------------------ host
    def host(self, match_id: int) -> TableInfo:
        """Host the match at a table (or give its table if it is hosted already)."""
        with self.store.transaction() as c:
            row = c.execute("SELECT code FROM net_tables WHERE match_id=?", (match_id,)).fetchone()
            if row is None:
                game = _game(c, match_id)
                adapter(game.kind)  # refuses a game that cannot be played from phones
                _check_seat_names(game)
                now = time.time()
                for _ in range(20):
                    code = new_code()
                    try:
                        cur = c.execute(
                            "INSERT INTO net_tables (code, match_id, game_number, position, info,"
                            " created_at, updated_at) VALUES (?,?,?,?,'{}',?,?)",
                            (code, match_id, game.number, adapter(game.kind).position(game.record),
                             now, now))
                        break
                    except sqlite3.IntegrityError:
                        continue
                else:  # pragma: no cover - 20 collisions in 890 million
                    raise HubError("no free table code was found; try again")
                c.executemany(
                    "INSERT INTO net_seats (table_id, player, seat) VALUES (?,?,?)",
                    [(cur.lastrowid, p, i) for i, p in enumerate(game.players)])
            else:
                code = row[0]
            info = self._info(c, _table(c, code))
        self._changed(code)
        return info

    def table_for(self, match_id: int) -> TableInfo | None:
        """The match's hosted table, if any (the host screen after a restart)."""
        with self.store.transaction() as c:
            row = c.execute("SELECT code FROM net_tables WHERE match_id=?", (match_id,)).fetchone()
            return None if row is None else self._info(c, _table(c, row[0]))

    def tables(self) -> list[TableInfo]:
        """Every hosted table."""
        with self.store.transaction() as c:
            codes = [r[0] for r in c.execute("SELECT code FROM net_tables ORDER BY id")]
            return [self._info(c, _table(c, code)) for code in codes]

    def close(self, code: str) -> None:
        """Stop hosting: seats, tokens and pending bids go; the record stays."""
        with self.store.transaction() as c:
            t = _table(c, code)
            c.execute("DELETE FROM net_tables WHERE id=?", (t.id,))
        self._changed(t.code)

    def free_seat(self, code: str, player: str) -> TableInfo:
        """Free a seat for another device (see :meth:`_unseat` for its pending bid)."""
        with self.store.transaction() as c:
            t, _game_now, ad = self._synced(c, code)
            self._unseat(c, t, ad, self._seat_name(c, t, player))
            info = self._info(c, t)
        self._changed(t.code)
        return info

    def set_info(self, code: str, info: Mapping[str, Any]) -> HostView:
        """The host's public part of the round (burger: ``decks``, ``picks``, ``complete``)."""
        with self.store.transaction() as c:
            t, game, ad = self._synced(c, code)
            t.info = json.loads(json.dumps(dict(info)))
            c.execute("UPDATE net_tables SET info=?, updated_at=? WHERE id=?",
                      (json.dumps(t.info), time.time(), t.id))
            view = self._host_view(c, t, game, ad)
        self._changed(t.code)
        return view

    def reveal(self, code: str) -> Reveal:
        """Reveal now (the host says so): refused with the rules' ruling if a bid is missing
        or the round does not hold; else the round is recorded and the bids cleared."""
        with self.store.transaction() as c:
            t, game, ad = self._synced(c, code)
            bids = _bids(c, t)
            out = self._record(c, t, game, ad, bids)
            if isinstance(out, str):
                raise RevealRefused(out)
        self._changed(t.code)
        return out

    def host_view(self, code: str) -> HostView:
        """The host screen's live part: seats, who has bid, the last resolution."""
        with self.store.transaction() as c:
            t, game, ad = self._synced(c, code)
            return self._host_view(c, t, game, ad)

    # ------------------------------------------------------------ phones
    def open_table(self, code: str, client: str) -> TableInfo:
        """A phone types the table code: the table's seats (which are free), or JoinRefused."""
        with self.store.transaction() as c:
            t = self._admit(c, code, client)
            return self._info(c, t)

    def take_seat(self, code: str, player: str, client: str) -> SeatGrant:
        """Take a free seat with the table code; the grant's token gets it back later."""
        with self.store.transaction() as c:
            t = self._admit(c, code, client)
            name = self._seat_name(c, t, player)
            taken = c.execute("SELECT token_hash FROM net_seats WHERE table_id=? AND player=?",
                              (t.id, name)).fetchone()[0]
            if taken is not None:
                raise SeatTaken(f"{name}'s seat is taken by another device; the host can free it.")
            token = new_token()
            c.execute("UPDATE net_seats SET token_hash=?, taken_at=? WHERE table_id=? AND player=?",
                      (token_hash(token), time.time(), t.id, name))
        self._changed(t.code)
        return SeatGrant(t.code, name, token)

    def resume(self, token: str) -> SeatView:
        """A phone back after a reload or a dropped connection: its seat's view, by token.

        Never held up by the code limiter, and a wrong token is not counted: a token is a
        256-bit secret, so counting guesses at it protects nothing (``view``, ``submit``
        and ``withdraw`` take tokens unlimited anyway), while stale tokens are everyday
        (the host freed a seat or closed the table) and an address can be a whole
        household: a child mistyping codes must not keep the others from their seats."""
        try:
            return self.view(token)
        except UnknownSeat:
            raise UnknownSeat("This device has no seat here any more: enter the table code "
                              "and take a seat.") from None

    def view(self, token: str) -> SeatView:
        """What this seat may see, and nothing more: the only thing a phone is drawn from."""
        with self.store.transaction() as c:
            t, name = _seat(c, token)
            t, game, ad = self._synced(c, t.code)
            return self._seat_view(c, t, game, ad, name)

    def submit(self, token: str, bid: Mapping[str, Any]) -> SeatView:
        """Make or change this seat's own bid: one transaction. When every bid is in (and
        auto-reveal is on) the round is revealed and recorded in that same transaction."""
        with self.store.transaction() as c:
            t, name = _seat(c, token)
            t, game, ad = self._synced(c, t.code)
            try:
                parsed = ad.parse_bid(name, bid)
            except RecordError as err:
                raise BidRefused(f"{err.ruling}: {err.message}" if err.ruling else err.message) from None
            pending = _bids(c, t)
            error = ad.check_bid(game.record, name, parsed, pending)
            if error is not None:
                raise BidRefused(error)
            made = (_pending_made(c, t.id, name)
                    or 1 + c.execute("SELECT coalesce(max(made), 0) FROM net_bids WHERE table_id=?",
                                     (t.id,)).fetchone()[0])
            c.execute("INSERT OR REPLACE INTO net_bids (table_id, player, bid, made, submitted_at)"
                      " VALUES (?,?,?,?,?)", (t.id, name, json.dumps(parsed), made, time.time()))
            pending = _bids(c, t)
            expected = ad.expected(game.record)
            if self.auto_reveal and expected and set(expected) <= set(pending):
                out = self._record(c, t, game, ad, pending)
                if not isinstance(out, str):
                    t, game, ad = self._synced(c, t.code)
            view = self._seat_view(c, t, game, ad, name)
        self._changed(t.code)
        return view

    def leave(self, token: str) -> None:
        """The phone gives its seat up ("Leave this seat"): free at once for anyone to
        take, as if the host had freed it (see :meth:`_unseat` for its pending bid);
        the token seats nobody any more. UnknownSeat if it was freed already."""
        with self.store.transaction() as c:
            t, name = _seat(c, token)
            t, _game_now, ad = self._synced(c, t.code)
            self._unseat(c, t, ad, name)
        self._changed(t.code)

    def withdraw(self, token: str) -> SeatView:
        """Take this seat's pending bid back (before the reveal)."""
        with self.store.transaction() as c:
            t, name = _seat(c, token)
            t, game, ad = self._synced(c, t.code)
            pending = _bids(c, t)
            if not ad.secret and name in pending and list(pending)[-1] != name:
                raise BidRefused("SA-3: a card played stays once the next player has played")
            c.execute("DELETE FROM net_bids WHERE table_id=? AND player=?", (t.id, name))
            view = self._seat_view(c, t, game, ad, name)
        self._changed(t.code)
        return view

    # ------------------------------------------------------------ inside a transaction
    def _admit(self, c: sqlite3.Connection, code: str, client: str) -> _Table:
        verdict = self.limiter.check(client)
        if not verdict.allowed:
            raise _waiting(verdict)
        try:
            t = _table(c, normal_code(code))
        except UnknownTable:
            verdict = self.limiter.failure(client)
            message = "That is not the code of a table here."
            if not verdict.allowed:
                message += " " + _wait_text(verdict)
            raise JoinRefused(message, retry_after=verdict.retry_after, locked=verdict.locked) from None
        # A right code forgets no wrong ones (see the limiter): only time does.
        return t

    def _synced(self, c: sqlite3.Connection, code: str) -> tuple[_Table, _Game, Adapter]:
        """The table with bids for the record as it is now: if the record moved on without
        the hub (the host undid, edited or entered a round, or started the next game), the
        pending bids were for a round that is gone and are dropped."""
        t = _table(c, code)
        game = _game(c, t.match_id)
        ad = adapter(game.kind)
        position = ad.position(game.record)
        if (t.game_number, t.position) != (game.number, position):
            c.execute("DELETE FROM net_bids WHERE table_id=?", (t.id,))
            c.execute("UPDATE net_tables SET game_number=?, position=?, info='{}', updated_at=?"
                      " WHERE id=?", (game.number, position, time.time(), t.id))
            t.game_number, t.position, t.info = game.number, position, {}
        return t, game, ad

    def _record(self, c: sqlite3.Connection, t: _Table, game: _Game, ad: Adapter,
                bids: dict[str, dict[str, Any]]) -> Reveal | str:
        """Append the round made of ``bids`` to the record and clear them, or say why not."""
        out = ad.append(game.record, bids, t.info)
        if not out.ok:
            return out.error or "the round cannot be recorded"
        write_game(c, t.match_id, game.number, out.record)
        now = time.time()
        position = ad.position(out.record)
        c.execute("DELETE FROM net_bids WHERE table_id=?", (t.id,))
        c.execute("UPDATE net_tables SET position=?, info='{}', updated_at=? WHERE id=?",
                  (position, now, t.id))
        return Reveal(t.code, game.number, position, ad.resolution(out.record, None))

    def _unseat(self, c: sqlite3.Connection, t: _Table, ad: Adapter, name: str) -> None:
        """Free the seat: its token seats nobody any more. A hidden bid is withdrawn: it
        was that device's secret, and whoever sits there next must neither see it nor
        have it revealed as theirs, so they bid afresh. A card played face up (sales)
        stays: it lies on the table for all to see, and taking it back would break the
        order of the sale (SA-3) for the players who played after it."""
        c.execute("UPDATE net_seats SET token_hash=NULL, taken_at=NULL WHERE table_id=? AND player=?",
                  (t.id, name))
        if ad.secret:
            c.execute("DELETE FROM net_bids WHERE table_id=? AND player=?", (t.id, name))

    def _seat_name(self, c: sqlite3.Connection, t: _Table, player: str) -> str:
        names = [r[0] for r in c.execute("SELECT player FROM net_seats WHERE table_id=? ORDER BY seat",
                                         (t.id,))]
        found = Roster(names).find(player)
        if found is None:
            raise UnknownSeat(f"there is no seat for '{player[:24]}' at this table")
        return found

    def _seats(self, c: sqlite3.Connection, t: _Table) -> tuple[SeatState, ...]:
        return tuple(SeatState(p, h is not None) for p, h in c.execute(
            "SELECT player, token_hash FROM net_seats WHERE table_id=? ORDER BY seat", (t.id,)))

    def _info(self, c: sqlite3.Connection, t: _Table) -> TableInfo:
        game = _game(c, t.match_id)
        return TableInfo(t.code, t.match_id, game.kind, tuple(game.players), self._seats(c, t))

    def _common(self, c: sqlite3.Connection, t: _Table, game: _Game, ad: Adapter
                ) -> tuple[dict[str, dict[str, Any]], tuple[str, ...], tuple[str, ...], bool]:
        pending = _bids(c, t)
        over = ad.over(game.record)
        expected = [] if over else ad.expected(game.record)
        bid_in = tuple(p for p in game.players if p in pending)
        waiting = tuple(p for p in expected if p not in pending)
        return pending, bid_in, waiting, over

    def _host_view(self, c: sqlite3.Connection, t: _Table, game: _Game, ad: Adapter) -> HostView:
        pending, bid_in, waiting, over = self._common(c, t, game, ad)
        plays = () if ad.secret else tuple((p, dict(b)) for p, b in pending.items())
        return HostView(
            code=t.code, game=game.kind, players=tuple(game.players), seats=self._seats(c, t),
            game_number=game.number, position=t.position, bid_in=bid_in, waiting_for=waiting,
            all_in=not over and not waiting, plays=plays, info=dict(t.info),
            resolution=ad.resolution(game.record, None), game_over=over,
        )

    def _seat_view(self, c: sqlite3.Connection, t: _Table, game: _Game, ad: Adapter,
                   player: str) -> SeatView:
        pending, bid_in, waiting, over = self._common(c, t, game, ad)
        mine = pending.get(player)
        if ad.secret:
            my_turn = not over and mine is None
            plays: tuple[tuple[str, dict[str, Any]], ...] = ()
        else:
            my_turn = bool(waiting) and waiting[0] == player
            plays = tuple((p, dict(b)) for p, b in pending.items())
        return SeatView(
            code=t.code, game=game.kind, player=player, players=tuple(game.players),
            seats=self._seats(c, t), game_number=game.number, position=t.position,
            my_bid=dict(mine) if mine is not None else None, bid_in=bid_in, waiting_for=waiting,
            my_turn=my_turn, plays=plays, info=dict(t.info),
            resolution=ad.resolution(game.record, player), game_over=over,
        )


# ---------------------------------------------------------------- rows


def _table(c: sqlite3.Connection, code: str) -> _Table:
    row = c.execute("SELECT id, code, match_id, game_number, position, info FROM net_tables"
                    " WHERE code=?", (normal_code(code),)).fetchone()
    if row is None:
        raise UnknownTable("no table is hosted under this code")
    return _Table(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]))


def _game(c: sqlite3.Connection, match_id: int) -> _Game:
    m = c.execute("SELECT game, players FROM matches WHERE id=?", (match_id,)).fetchone()
    if m is None:
        raise UnknownTable(f"there is no match {match_id}")
    g = c.execute("SELECT number, record FROM games WHERE match_id=? ORDER BY number DESC LIMIT 1",
                  (match_id,)).fetchone()
    if g is None:
        raise UnknownTable(f"match {match_id} has no game")
    return _Game(m[0], json.loads(m[1]), g[0], json.loads(g[1]))


def _check_seat_names(game: _Game) -> None:
    """Refuse to seat players whose names the rules refuse (``core.names``: a hidden
    character, two names that look the same). The setup screens and an import never
    let such names in, but a match stored before they were checked could have them,
    and its phones would show two seats that read the same."""
    fault = first_fault(game.players)
    if fault is not None:
        ruling = game_spec(game.kind).field_rulings.get("players")
        raise HubError(f"{ruling}: {fault}" if ruling else fault)


def _seat(c: sqlite3.Connection, token: str) -> tuple[_Table, str]:
    wanted = token_hash(token)
    # Looked up by its hash: timing could at most tell a hash prefix, never a token.
    row = c.execute("SELECT t.code, s.player FROM net_seats s"
                    " JOIN net_tables t ON t.id = s.table_id WHERE s.token_hash=?",
                    (wanted,)).fetchone()
    if row is None:
        raise UnknownSeat("no seat has this token")
    return _table(c, row[0]), row[1]


def _bids(c: sqlite3.Connection, t: _Table) -> dict[str, dict[str, Any]]:
    """The pending bids, in the order they were first made."""
    return {p: json.loads(b) for p, b in c.execute(
        "SELECT player, bid FROM net_bids WHERE table_id=? ORDER BY made", (t.id,))}


def _pending_made(c: sqlite3.Connection, table_id: int, player: str) -> int | None:
    row = c.execute("SELECT made FROM net_bids WHERE table_id=? AND player=?",
                    (table_id, player)).fetchone()
    return None if row is None else int(row[0])


def _wait_text(verdict: Any) -> str:
    seconds = max(1, round(verdict.retry_after))
    if verdict.locked:
        minutes = max(1, round(verdict.retry_after / 60))
        return f"Too many wrong codes: this device may try again in {minutes} min."
    return f"Too many wrong codes: wait {seconds} s before the next try."


def _waiting(verdict: Any) -> JoinRefused:
    return JoinRefused(_wait_text(verdict), retry_after=verdict.retry_after, locked=verdict.locked)
