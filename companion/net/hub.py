"""A table on every phone: one host serves a match, each player bids from their own phone.

The hub is plain Python over the app's SQLite store, whose hosted tables it reads and
writes only through :mod:`companion.store.hosting` (it holds no SQL); the screens call it
and render only what it returns. In Flet web mode the server draws every session, so privacy is
simple to state and to test: a phone's session is drawn from :meth:`Hub.view` of its
own seat, and that view never holds another seat's bid before the reveal.

A hosted table is bound to one match. It has a short code (typed by the players), one
seat per player, and at most one pending bid per seat for the round being played.
The bids live in the store, so a host restart brings the table back with every bid
made; a revealed round goes into the game record through the game's rules, in the
same transaction that clears the bids (the record is the truth).

Security:
- Joining needs the table code; wrong codes are counted per client (the address its
  connection comes from, as the gate saw it: never a value the client sends) by
  :class:`~companion.net.limiter.JoinLimiter`: slowed down, then locked out. A right
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
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import Any

from companion.core.edits import Change
from companion.core.errors import CompanionError, RecordError
from companion.core.game import Seat
from companion.core.i18n import _
from companion.core.names import Roster, first_fault
from companion.core.registry import game as game_spec
from companion.net.cache import GameInPlay, PublicTable, RecordFacts, TableCache, TableRows
from companion.net.limiter import JoinLimiter, Verdict
from companion.net.views import HostView, Reveal, SeatGrant, SeatState, SeatView, TableInfo
from companion.store.db import Store
from companion.store.hosting import HostedTable, Hosting, NotStored, hosting

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


class _SyncFirst(Exception):
    """A bid written unsynced completes the round after all: roll back, make it synced."""


# ---------------------------------------------------------------- the hub


@dataclass(frozen=True)
class _Hint:
    """A seat's table as the cache last had it, to judge a bid on (see ``Hub._submit``)."""

    pub: PublicTable
    player: str
    pending: dict[str, dict[str, Any]]    # in the order made


@dataclass(frozen=True)
class _Judged:
    """A bid judged by the rules on one record, its pending bids and the round's info:
    the bid as stored, or the refusal; and when it completes the round, the record with
    that round (or why the rules refuse the round). The same inputs, the same answer."""

    parsed: dict[str, Any] | None
    refused: HubError | None
    outcome: Change | None       # None: the round is not complete with this bid


class Hub(TableCache):
    """Hosted tables over one store. Thread-safe: every change is one store transaction
    (the store serialises them in the process; ``BEGIN IMMEDIATE`` across processes).

    Views are cached (:class:`~companion.net.cache.TableCache`): a view drawn again with
    nothing changed reads nothing.

    The store is shared by every table, so the rules' work is kept out of it where it
    can be: a table's submits take turns on a lock of their own, and each judges its bid
    before taking the store (see :meth:`submit`)."""

    def __init__(self, store: Store, *, limiter: JoinLimiter | None = None,
                 clock: Callable[[], float] = time.monotonic, auto_reveal: bool = True) -> None:
        super().__init__()
        self.store = store
        self.limiter = limiter or JoinLimiter(clock)
        self.auto_reveal = auto_reveal
        self._listeners: list[Callable[[str], None]] = []
        self._listeners_lock = threading.Lock()
        self._table_locks: dict[int, threading.Lock] = {}     # match id → its submits take turns
        store.on_change(self._bump)   # a round saved, undone or edited on a host screen

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
        with hosting(self.store) as h:
            t = h.table_of(match_id)
            if t is None:
                game = self._game(h, match_id)  # refuses a game that cannot be played from phones
                _check_seat_names(game)
                for _attempt in range(20):
                    t = h.open_table(new_code(), match_id, game.number, game.rec.position, game.players)
                    if t is not None:
                        break
                else:  # pragma: no cover - 20 collisions in 890 million
                    raise HubError(_("no free table code was found; try again"))
                self._bump(match_id)
            info = self._info(h, t)
        self._changed(t.code)
        return info

    def table_for(self, match_id: int) -> TableInfo | None:
        """The match's hosted table, if any (the host screen after a restart)."""
        with hosting(self.store) as h:
            t = h.table_of(match_id)
            return None if t is None else self._info(h, t)

    def tables(self) -> list[TableInfo]:
        """Every hosted table."""
        with hosting(self.store) as h:
            return [self._info(h, t) for t in h.tables()]

    def close(self, code: str) -> None:
        """Stop hosting: seats, tokens and pending bids go; the record stays."""
        with hosting(self.store) as h:
            t = _table(h, code)
            h.close_table(t.id)
            self._bump(t.match_id)
        self._forget(t.match_id)
        self._changed(t.code)

    def free_seat(self, code: str, player: str) -> TableInfo:
        """Free a seat for another device (see :meth:`_unseat` for its pending bid)."""
        with hosting(self.store) as h:
            t, _game_now = self._synced(h, _table(h, code))
            self._unseat(h, t, _game_now.rec.ad, self._seat_name(h, t, player))
            info = self._info(h, t)
        self._changed(t.code)
        return info

    def set_info(self, code: str, info: Mapping[str, Any]) -> HostView:
        """The host's public part of the round (burger: ``decks``, ``picks``, ``complete``)."""
        with hosting(self.store) as h:
            t, game = self._synced(h, _table(h, code))
            t = replace(t, info=json.loads(json.dumps(dict(info))))
            h.set_info(t.id, t.info)
            self._bump(t.match_id)
            rows = self._rows(h, t, game)
        view = self._host_view(self._install(rows)[0])
        self._changed(t.code)
        return view

    def reveal(self, code: str) -> Reveal:
        """Reveal now (the host says so): refused with the rules' ruling if a bid is missing
        or the round does not hold; else the round is recorded and the bids cleared."""
        with hosting(self.store) as h:
            t, game = self._synced(h, _table(h, code))
            pending = {b.player: b.bid for b in h.bids(t.id)}
            out = game.rec.ad.append(game.record, pending, t.info)
            recorded = self._record(h, t, game, out)
            if isinstance(recorded, str):
                raise RevealRefused(recorded)
            rows = self._rows(h, *recorded, bids=[])
        pub = self._install(rows)[0]
        self._changed(t.code)
        return Reveal(pub.code, pub.result(None))

    def host_view(self, code: str) -> HostView:
        """The host screen's live part: seats, who has bid, the last resolution."""
        with self._lock:
            pub = self._fresh(self._codes.get(normal_code(code)))
        if pub is None or pub.code != normal_code(code):
            with hosting(self.store) as h:
                rows = self._read(h, _table(h, code))
            pub = self._install(rows)[0]
        return self._host_view(pub)

    # ------------------------------------------------------------ phones
    def open_table(self, code: str, client: str) -> TableInfo:
        """A phone types the table code: the table's seats (which are free), or JoinRefused."""
        with hosting(self.store) as h:
            t = self._admit(h, code, client)
            return self._info(h, t)

    def take_seat(self, code: str, player: str, client: str) -> SeatGrant:
        """Take a free seat with the table code; the grant's token gets it back later."""
        with hosting(self.store) as h:
            t = self._admit(h, code, client)
            name = self._seat_name(h, t, player)
            token = new_token()
            if not h.take_seat(t.id, name, token_hash(token)):
                raise SeatTaken(_("{player}'s seat is taken by another device; the host can free it.").format(
                    player=name))
            self._bump(t.match_id)
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
            raise UnknownSeat(_("This device has no seat here any more: enter the table code "
                                "and take a seat.")) from None

    def view(self, token: str) -> SeatView:
        """What this seat may see, and nothing more: the only thing a phone is drawn from.
        Nothing is read from the store if the table has not changed since it was last read."""
        wanted = token_hash(token)
        with self._lock:
            pub = self._fresh(self._tokens.get(wanted))
            player = None if pub is None else pub.holders.get(wanted)
            own = None if pub is None or player is None else self._own.get((pub.match_id, player))
        if pub is not None and player is not None and own is not None and own[0] is pub:
            return self._seat_view(pub, player, own[1])
        with hosting(self.store) as h:
            t, player = _seat(h, token)
            rows = self._read(h, t)
        pub, pending = self._install(rows)
        return self._seat_view(pub, player, pending.get(player))

    def submit(self, token: str, bid: Mapping[str, Any]) -> SeatView:
        """Make or change this seat's own bid: one transaction. When every bid is in (and
        auto-reveal is on) the round is revealed and recorded in that same transaction.

        A bid is written without syncing it to disk (see ``Store.transaction``): every
        phone of every table writes them. A transaction that records a round is synced:
        one whose bid may complete the round is so from the start, and one that finds
        the round complete after all is rolled back and made again, synced."""
        try:
            return self._submit(token, bid, synced=False)
        except _SyncFirst:
            return self._submit(token, bid, synced=True)

    def _hint(self, token: str) -> _Hint | None:
        """What the cache last knew of this seat's table, whatever its revision: a guess
        to judge a bid on before the transaction, which checks it (None: nothing known)."""
        wanted = token_hash(token)
        with self._lock:
            m = self._tokens.get(wanted)
            pub = None if m is None else self._public.get(m)
            player = None if pub is None else pub.holders.get(wanted)
            if pub is None or player is None:
                return None
            own = [self._own.get((pub.match_id, p)) for p in pub.players]
        mine = sorted((o[2], p, o[1]) for p, o in zip(pub.players, own, strict=True)
                      if o is not None and o[0] is pub and o[1] is not None)
        return _Hint(pub, player, {p: bid for _, p, bid in mine})

    def _may_complete(self, hint: _Hint | None) -> bool:
        """Whether this seat's bid may complete the round, as far as the cache last knew
        (nothing known: it may): then it is written synced, as it may record the round."""
        return self.auto_reveal and (hint is None or set(hint.pub.waiting) <= {hint.player})

    def _judge(self, rec: RecordFacts, player: str, bid: Mapping[str, Any],
               pending: Mapping[str, dict[str, Any]], info: Mapping[str, Any]) -> _Judged:
        """The seat's bid judged by the rules (see :class:`_Judged`); with auto-reveal, the
        round it completes is made too."""
        ad = rec.ad
        try:
            parsed = ad.parse_bid(player, bid)
        except RecordError as err:
            return _Judged(None, BidRefused(f"{err.ruling}: {err.message}" if err.ruling else err.message),
                           None)
        error = ad.check_bid(rec.record, player, parsed, pending)
        if error is not None:
            return _Judged(parsed, BidRefused(error), None)
        after = {**pending, player: parsed}   # a changed bid keeps its place in the order made
        expected = rec.expected()
        complete = self.auto_reveal and bool(expected) and set(expected) <= set(after)
        return _Judged(parsed, None, ad.append(rec.record, after, info) if complete else None)

    def _table_lock(self, match_id: int) -> threading.Lock:
        with self._lock:
            return self._table_locks.setdefault(match_id, threading.Lock())

    def _submit(self, token: str, bid: Mapping[str, Any], *, synced: bool) -> SeatView:
        """One submit. A table's submits take turns (its table lock) and each judges its
        bid by the rules before taking the store: on the record and the pending bids the
        cache has after the previous one. The transaction then only checks that those
        are still the stored ones, and judges again if they are not."""
        hint = self._hint(token)
        with self._table_lock(hint.pub.match_id) if hint is not None else nullcontext():
            if hint is not None:
                hint = self._hint(token)   # as the table's previous submit left it
            early = None
            if hint is not None:
                early = self._judge(hint.pub.rec, hint.player, bid, hint.pending, hint.pub.info)
            rows, t, name = self._write_bid(token, bid, synced or self._may_complete(hint), hint, early)
            pub, pending = self._install(rows)
        view = self._seat_view(pub, name, pending.get(name))
        self._changed(t.code)
        return view

    def _write_bid(self, token: str, bid: Mapping[str, Any], synced: bool, hint: _Hint | None,
                   early: _Judged | None) -> tuple[TableRows, HostedTable, str]:
        with hosting(self.store, synced=synced) as h:
            t, name = _seat(h, token)
            t, game = self._synced(h, t)
            seating = h.seating(t.id)
            pending = {b.player: b.bid for b in seating.bids}
            judged = early
            if (hint is None or judged is None or hint.player != name or hint.pub.rec is not game.rec
                    or list(hint.pending.items()) != list(pending.items()) or hint.pub.info != t.info):
                judged = self._judge(game.rec, name, bid, pending, t.info)   # judged on other data: again
            if judged.refused is not None:
                raise judged.refused
            parsed = judged.parsed
            assert parsed is not None
            h.keep_bid(t.id, name, parsed)
            self._bump(t.match_id)
            pending[name] = parsed   # a changed bid keeps its place in the order made
            if judged.outcome is not None:   # every bid is in: the round is revealed
                if not synced:
                    raise _SyncFirst
                recorded = self._record(h, t, game, judged.outcome)
                if not isinstance(recorded, str):
                    (t, game), pending = recorded, {}
            # (a round the rules refuse leaves the bids in: the host sees why)
            rows = TableRows(self._rev(t.match_id), t, game, seating.seats, list(pending.items()))
            return rows, t, name

    def leave(self, token: str) -> None:
        """The phone gives its seat up ("Leave this seat"): free at once for anyone to
        take, as if the host had freed it (see :meth:`_unseat` for its pending bid);
        the token seats nobody any more. UnknownSeat if it was freed already."""
        with hosting(self.store) as h:
            t, name = _seat(h, token)
            t, game = self._synced(h, t)
            self._unseat(h, t, game.rec.ad, name)
        self._changed(t.code)

    def withdraw(self, token: str) -> SeatView:
        """Take this seat's pending bid back (before the reveal)."""
        with hosting(self.store, synced=False) as h:
            t, name = _seat(h, token)
            t, game = self._synced(h, t)
            pending = {b.player: b.bid for b in h.bids(t.id)}
            refusal = game.rec.ad.withdraw_refusal(name, list(pending))
            if refusal is not None:
                raise BidRefused(refusal)
            h.drop_bid(t.id, name)
            self._bump(t.match_id)
            pending.pop(name, None)
            rows = self._rows(h, t, game, bids=list(pending.items()))
        pub, pending = self._install(rows)
        view = self._seat_view(pub, name, pending.get(name))
        self._changed(t.code)
        return view

    # ------------------------------------------------------------ inside a transaction
    def _admit(self, h: Hosting, code: str, client: str) -> HostedTable:
        verdict = self.limiter.check(client)
        if not verdict.allowed:
            raise _waiting(verdict)
        try:
            t = _table(h, code)
        except UnknownTable:
            verdict = self.limiter.failure(client)
            message = _("That is not the code of a table here.")
            if not verdict.allowed:
                message += " " + _wait_text(verdict)
            raise JoinRefused(message, retry_after=verdict.retry_after, locked=verdict.locked) from None
        # A right code forgets no wrong ones (see the limiter): only time does.
        return t

    def _game(self, h: Hosting, match_id: int) -> GameInPlay:
        """The match's game in play; its record parsed once per stored text (RecordError
        for a game that cannot be played from phones)."""
        try:
            game = h.game_in_play(match_id)
        except NotStored as exc:
            raise UnknownTable(str(exc)) from None
        return GameInPlay(game.kind, game.players, game.number, self._record_of(game.kind, game.record_json))

    def _synced(self, h: Hosting, t: HostedTable) -> tuple[HostedTable, GameInPlay]:
        """The table with bids for the record as it is now: if the record moved on without
        the hub (the host undid, edited or entered a round, or started the next game), the
        pending bids were for a round that is gone and are dropped."""
        game = self._game(h, t.match_id)
        position = game.rec.position
        if (t.game_number, t.position) != (game.number, position):
            h.start_round(t.id, game.number, position)
            self._bump(t.match_id)
            t = replace(t, game_number=game.number, position=position, info={})
        return t, game

    def _read(self, h: Hosting, t: HostedTable) -> TableRows:
        """The table as the views show it, read in this transaction, with its revision."""
        t, game = self._synced(h, t)
        return self._rows(h, t, game)

    def _rows(self, h: Hosting, t: HostedTable, game: GameInPlay,
              bids: list[tuple[str, dict[str, Any]]] | None = None) -> TableRows:
        """What the views need of the table, as this transaction has it now (``bids``: the
        pending bids in the order made, if the caller knows them)."""
        seating = h.seating(t.id)
        if bids is None:
            bids = [(b.player, b.bid) for b in seating.bids]
        return TableRows(self._rev(t.match_id), t, game, seating.seats, bids)

    def _record(self, h: Hosting, t: HostedTable, game: GameInPlay,
                out: Change) -> tuple[HostedTable, GameInPlay] | str:
        """Save the record with the round made of the pending bids (``out``, from the
        seat's ``append``) and clear them: the table and its game as they are now. Or
        why the rules refuse the round, and nothing is written."""
        if not out.ok:
            return out.error or _("the round cannot be recorded")
        rec = self._record_of(game.kind, h.save_record(t.match_id, game.number, out.record))
        h.start_round(t.id, game.number, rec.position)
        self._bump(t.match_id)
        return (replace(t, game_number=game.number, position=rec.position, info={}),
                replace(game, rec=rec))

    def _unseat(self, h: Hosting, t: HostedTable, ad: Seat, name: str) -> None:
        """Free the seat: its token seats nobody any more. A hidden bid is withdrawn: it
        was that device's secret, and whoever sits there next must neither see it nor
        have it revealed as theirs, so they bid afresh. A card played face up (sales)
        stays: it lies on the table for all to see, and taking it back would break the
        order of the sale (SA-3) for the players who played after it."""
        h.free_seat(t.id, name)
        if ad.secret:
            h.drop_bid(t.id, name)
        self._bump(t.match_id)

    def _seat_name(self, h: Hosting, t: HostedTable, player: str) -> str:
        found = Roster([s.player for s in h.seating(t.id).seats]).find(player)
        if found is None:
            raise UnknownSeat(_("there is no seat for '{player}' at this table").format(player=player[:24]))
        return found

    def _info(self, h: Hosting, t: HostedTable) -> TableInfo:
        try:
            kind, players = h.match_players(t.match_id)
        except NotStored as exc:
            raise UnknownTable(str(exc)) from None
        seats = tuple(SeatState(s.player, s.token_hash is not None) for s in h.seating(t.id).seats)
        return TableInfo(t.code, t.match_id, kind, players, seats)


# ---------------------------------------------------------------- rows


def _table(h: Hosting, code: str) -> HostedTable:
    t = h.table(normal_code(code))
    if t is None:
        raise UnknownTable(_("no table is hosted under this code"))
    return t


def _check_seat_names(game: GameInPlay) -> None:
    """Refuse to seat players whose names the rules refuse (``core.names``: a hidden
    character, two names that look the same). The setup screens and an import never
    let such names in, but a match stored before they were checked could have them,
    and its phones would show two seats that read the same."""
    fault = first_fault(game.players)
    if fault is not None:
        ruling = game_spec(game.kind).field_rulings.get("players")
        raise HubError(f"{ruling}: {fault}" if ruling else fault)


def _seat(h: Hosting, token: str) -> tuple[HostedTable, str]:
    # Looked up by its hash: timing could at most tell a hash prefix, never a token.
    found = h.seat_of(token_hash(token))
    if found is None:
        raise UnknownSeat(_("no seat has this token"))
    return found


def _wait_text(verdict: Verdict) -> str:
    seconds = max(1, round(verdict.retry_after))
    if verdict.locked:
        minutes = max(1, round(verdict.retry_after / 60))
        return _("Too many wrong codes: this device may try again in {minutes} min.").format(minutes=minutes)
    return _("Too many wrong codes: wait {seconds} s before the next try.").format(seconds=seconds)


def _waiting(verdict: Verdict) -> JoinRefused:
    return JoinRefused(_wait_text(verdict), retry_after=verdict.retry_after, locked=verdict.locked)
