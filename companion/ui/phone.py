"""The phone screens of a hosted table: type the table code, take a free seat,
then the seat's own screen — the game's bid form and the last resolution.

A seat's screen is drawn from :meth:`Hub.view` of its own token and nothing else: the
server draws every session (Flet web mode), so what a phone's browser receives is what
this module draws from that view; another seat's bid is never in it before the reveal.

The phone keeps its seat token in ``ft.SharedPreferences`` (the browser's localStorage)
and gets its seat back with it after a reload, a dropped connection or a host restart.

Each game's part of the seat screen is ``companion/games/<name>/remote.py`` with a
module-level ``REMOTE`` (:class:`~companion.ui.contracts.RemoteView`), its ``remote`` part.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.core.registry import games_with
from companion.net.hub import Hub, UnknownSeat, UnknownTable
from companion.net.screens import bids_line, code_text
from companion.net.serving import hub_for
from companion.net.views import SeatView, TableInfo
from companion.ui.contracts import REMOTE_PART, RemoteView, SeatContext, ShellServices
from companion.ui.widgets import error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.text_field import TextField

PHONE = "net-phone"
TOKEN_KEY = "companion.seat-token"
# The browser answers a storage read in milliseconds; a read sent while the page is
# still starting (seen under load) may never be answered, so it is asked again.
TOKEN_READ_TRIES = 4
TOKEN_READ_SECONDS = 3.0


async def _stored_token() -> str | None:
    """This phone's seat token from the browser's storage, or None."""
    for _try in range(TOKEN_READ_TRIES):
        try:
            token = await asyncio.wait_for(ft.SharedPreferences().get(TOKEN_KEY), TOKEN_READ_SECONDS)
        except TimeoutError:
            continue
        except Exception:  # no storage in this browser: the seat lasts as long as the session
            return None
        return token if isinstance(token, str) and token else None
    return None


# ================================================================ what a game offers

def remote_views() -> dict[str, RemoteView]:
    """The games with phone screens (their ``remote`` part)."""
    return games_with(REMOTE_PART)


# ================================================================ passing state

@dataclass(frozen=True)
class PhoneUI:
    checked: bool = False            # the stored token was looked for
    token: str | None = None
    code: str = ""                   # as typed
    table: TableInfo | None = None   # after a right code: the seats to pick from
    error: str | None = None
    lost: str | None = None          # the seat is gone (freed, or the table closed)
    draft: Any = None
    draft_for: tuple[int, int] | None = None   # (game, position) the draft belongs to


def table_topic(code: str) -> str:
    """The pubsub topic of one table's changes: its phones hear it, no other phone does."""
    return f"companion-net-table/{code}"


_watching: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
_watching_lock = threading.Lock()


def watch_table(shell: ShellServices, code: str | None) -> None:
    """This phone session hears the changes of the table it shows (``code``; None: no
    table) and no other's: each bid at any table would otherwise redraw every phone of
    every table. Called by the join screen's effect once it is drawn (``None``: its
    cleanup, as it shows no table or goes); a session that starts watching a table
    draws once more, so a change made between its read and its subscribing shows."""
    try:
        pubsub = shell.page.pubsub
    except Exception:   # no pubsub (a test page): nothing to hear
        return
    with _watching_lock:
        before = _watching.get(shell)
        if before == code:
            return
        if code is None:
            del _watching[shell]
        else:
            _watching[shell] = code
    page = shell.page

    async def redraw() -> None:
        shell.saved()
        page.update()

    async def changed(topic: str, message: Any) -> None:
        page.run_task(redraw)   # binds this session's page to the task: the re-render lands here

    if before is not None:
        pubsub.unsubscribe_topic(table_topic(before))
    if code is not None:
        pubsub.subscribe_topic(table_topic(code), changed)
        page.run_task(redraw)


# The phone sessions whose seat look-up is under way (weakly held, as _watching).
_looking: weakref.WeakSet[Any] = weakref.WeakSet()
_looking_lock = threading.Lock()


def reconnected(shell: ShellServices) -> None:
    """A new connection took this phone's session up again: look for its seat again if
    the look-up never ended (the screen would say "Looking for this phone's seat…" for
    ever), and draw the screen again.

    Why: the browser's Flet client keeps its session id in the tab's sessionStorage,
    and a reloaded tab asks for that session back. After a server restart the tab's
    own reconnect makes a new session first; when the reload cuts that session's
    first connection while it is still starting, Flet 1.0.5 drops what it has queued
    (``Session.disconnect`` clears the pending effects and updates, and
    ``schedule_effect``/``schedule_update`` drop new ones until a connection comes back),
    so the join screen's look-up effect may never run and a look-up that ended then was
    never drawn. The reloaded tab gets that session as it was (``FletApp.__on_message``
    sends the page as it is and reruns no effect), and only the page's ``connect``
    event says it happened."""
    ui: PhoneUI = shell.ui(PHONE, PhoneUI())
    if not ui.checked:
        Phone(shell).look_up()
    shell.saved()


def client_of(shell: ShellServices) -> str:
    """The key the join limiter counts wrong codes by: the phone's own address, as the
    gate saw its connection (``shell.peer``). Never ``page.client_ip``: a client may
    set any page property, and a fresh value per try would never be counted."""
    return shell.peer


def hub_of(shell: ShellServices) -> Hub:
    return hub_for(shell.store)


class Phone:
    def __init__(self, shell: ShellServices) -> None:
        self.shell = shell
        self.hub = hub_of(shell)
        self.ui: PhoneUI = shell.ui(PHONE, PhoneUI())

    def put(self, fn: Callable[[PhoneUI], PhoneUI]) -> None:
        self.shell.set_ui(PHONE, fn, PhoneUI())

    def remember(self, token: str | None) -> None:
        async def store() -> None:
            try:
                prefs = ft.SharedPreferences()
                if token is None:
                    await prefs.remove(TOKEN_KEY)
                else:
                    await prefs.set(TOKEN_KEY, token)
            except Exception:  # no storage here: the seat lasts as long as the session
                pass

        with contextlib.suppress(Exception):
            self.shell.page.run_task(store)

    def look_up(self) -> None:
        """The seat this phone held, from its stored token: once per session, unless
        :func:`reconnected` finds that it never ended. One look-up at a time."""
        shell = self.shell
        with _looking_lock:
            if shell in _looking:
                return
            _looking.add(shell)

        async def find() -> None:
            found: str | None = None
            lost: str | None = None
            try:
                token = await _stored_token()
                if token is not None:
                    self.hub.resume(token)
                    found = token
            except UnknownSeat as exc:
                lost = str(exc)
                self.remember(None)
            except CompanionError as exc:   # the hub's refusals, and the store's (read-only, busy)
                lost = str(exc)
            finally:  # whatever happened, the phone stops looking and shows what it has
                self.put(lambda u: replace(u, checked=True, token=found or u.token, lost=lost))
                with _looking_lock:
                    _looking.discard(shell)
                with contextlib.suppress(Exception):   # no connection now: drawn when one comes
                    shell.page.update()

        try:
            shell.page.run_task(find)
        except Exception:   # no connection now (Flet's run_task needs one): reconnected() starts it
            with _looking_lock:
                _looking.discard(shell)

    # ------------------------------------------------------------ actions
    def open(self, typed: str | None = None) -> None:
        code = typed if typed is not None else self.shell.ui(PHONE, self.ui).code
        if typed is not None:
            self.put(lambda u: replace(u, code=typed))
        try:
            table = self.hub.open_table(code, client_of(self.shell))
        except CompanionError as exc:   # JoinRefused, or the store busy
            said = str(exc)
            self.put(lambda u: replace(u, error=said, table=None))
            return
        self.put(lambda u: replace(u, table=table, error=None, lost=None))

    def sit(self, player: str) -> None:
        now: PhoneUI = self.shell.ui(PHONE, self.ui)
        if now.table is None:
            return
        try:
            grant = self.hub.take_seat(now.table.code, player, client_of(self.shell))
        except CompanionError as exc:   # the hub's refusals, and the store's (read-only, busy)
            said = str(exc)
            self.put(lambda u: replace(u, error=said))
            return
        self.remember(grant.token)
        self.put(lambda u: replace(u, token=grant.token, table=None, error=None, lost=None,
                                   draft=None, draft_for=None))

    def stand_up(self) -> None:
        """"Leave this seat": the seat is given up at the hub, so it is free at once for
        anyone (the host's screen shows it free) and a hidden bid goes with the player;
        then this phone forgets it. A seat freed already has nothing left to give up."""
        token = self.ui.token
        if token is not None:
            try:
                self.hub.leave(token)
            except UnknownSeat:
                pass
            except CompanionError as exc:   # the seat is still this phone's: say why, keep it
                said = str(exc)
                self.put(lambda u: replace(u, error=said))
                return
        self.leave()

    def leave(self, message: str | None = None) -> None:
        """Forget this phone's seat here (the hub is not told: see :meth:`stand_up`)."""
        self.remember(None)
        self.put(lambda u: replace(u, token=None, table=None, draft=None, draft_for=None,
                                   error=None, lost=message))

    def submit(self, bid: dict[str, Any]) -> None:
        token = self.ui.token
        if token is None:
            return
        try:
            self.hub.submit(token, bid)
        except UnknownSeat:
            self.leave(_("This phone's seat was freed by the host: take a seat again."))
            return
        except CompanionError as exc:   # the hub's refusals, and the store's (read-only, busy)
            said = str(exc)
            self.put(lambda u: replace(u, error=said))
            return
        self.put(lambda u: replace(u, error=None))

    def withdraw(self) -> None:
        token = self.ui.token
        if token is None:
            return
        try:
            self.hub.withdraw(token)
        except CompanionError as exc:   # the hub's refusals, and the store's (read-only, busy)
            said = str(exc)
            self.put(lambda u: replace(u, error=said))
            return
        self.put(lambda u: replace(u, error=None, draft=None, draft_for=None))


# ================================================================ screens


@ft.component
def JoinScreen(shell: ShellServices, *, key: str | None = None) -> ft.Control:
    ph = Phone(shell)
    ft.use_effect(lambda: None if ph.ui.checked else ph.look_up(), [])
    ui = ph.ui
    view: SeatView | None = None
    if ui.checked and ui.token is not None:
        with contextlib.suppress(UnknownSeat, UnknownTable):
            view = ph.hub.view(ui.token)
    # The table this screen shows, heard from once it is drawn (an effect, not the
    # render: a redraw subscribes nothing), and no longer once it shows another or none.
    code: str | None = None
    if view is not None:
        code = view.code
    elif ui.checked and ui.token is None and ui.table is not None:
        code = ui.table.code
    ft.use_effect(lambda: watch_table(shell, code), [code], cleanup=lambda: watch_table(shell, None))
    if not ui.checked:
        return column([heading(_("Join a table")), ft.Text(_("Looking for this phone's seat…"))])
    if ui.token is not None:
        if view is None:
            return column([
                heading(_("Join a table")),
                error_text(_("This phone's seat is gone: the host freed it or closed the table.")),
                ft.FilledButton(_("Join again"), icon=ft.Icons.LOGIN, on_click=lambda e: ph.leave()),
            ])
        return SeatScreen(ph, view, key=f"seat-{view.code}-{view.player}")
    if ui.table is not None:
        return SeatPicker(ph, ui.table, key="pick")
    return CodeEntry(ph, key="code")


@ft.component
def CodeEntry(ph: Phone, *, key: str | None = None) -> ft.Control:
    ui = ph.ui

    def typed(e: ft.Event[ft.TextField]) -> None:
        code = e.control.value or ""
        ph.put(lambda u: replace(u, code=code))

    return column([
        heading(_("Join a table")),
        ft.Text(_("Type the table code shown on the host's screen.")),
        error_text(ui.lost),
        # Not autofocused: a field that takes the focus as it is drawn keeps Flutter's
        # text input on the element it made first; once a screen reader is switched on,
        # keys typed into the accessible field are never read (seen in the phone tests,
        # whose harness switches the tree on). Phone browsers mostly do not open the
        # keyboard for a field focused unasked, so a player taps the field anyway.
        TextField(label=_("Table code"), value=ui.code,
                  capitalization=ft.TextCapitalization.CHARACTERS,
                  on_change=typed,
                  on_submit=lambda e: ph.open(e.control.value or "")),
        error_text(ui.error),
        ft.FilledButton(_("Join table"), icon=ft.Icons.LOGIN, on_click=lambda e: ph.open()),
        *([ft.Text(_("This is the screen players' phones see. To use the whole app on this "
                     "computer, open the host link companion printed when it started (plain "
                     "`companion` opens it for you)."), size=13)] if ph.shell.host_machine else []),
    ])


@ft.component
def SeatPicker(ph: Phone, table: TableInfo, *, key: str | None = None) -> ft.Control:
    fresh = ph.hub.table_for(table.match_id)
    if fresh is None or fresh.code != table.code:
        return column([heading(_("Join a table")), error_text(_("The host closed this table.")),
                       ft.Button(_("Back"), icon=ft.Icons.ARROW_BACK,
                                 on_click=lambda e: ph.put(lambda u: replace(u, table=None)))])
    rows: list[ft.Control] = []
    for seat in fresh.seats:
        if seat.taken:
            rows.append(ft.Button(_("{player}: seat taken").format(player=seat.player), icon=ft.Icons.PERSON,
                                  disabled=True))
        else:
            rows.append(ft.FilledButton(_("Sit as {player}").format(player=seat.player), icon=ft.Icons.EVENT_SEAT,
                                        on_click=lambda e, p=seat.player: ph.sit(p)))
    return column([
        heading(_("Table {code}").format(code=code_text(fresh.code))),
        ft.Text(_("Who are you? Take your own seat: only you bid from it.")
                if getattr(remote_views().get(fresh.game), "bids", True) else
                _("Who are you? Take your own seat: only you play from it.")),
        *rows,
        error_text(ph.ui.error),
        ft.Button(_("Another code"), icon=ft.Icons.ARROW_BACK,
                  on_click=lambda e: ph.put(lambda u: replace(u, table=None, error=None))),
    ])


@ft.component
def SeatScreen(ph: Phone, view: SeatView, *, key: str | None = None) -> ft.Control:
    remote = remote_views().get(view.game)
    ui = ph.ui
    here = (view.game_number, view.position)
    draft = ui.draft if ui.draft_for == here else None

    def put(fn: Callable[[Any], Any]) -> None:
        ph.put(lambda u: replace(u, draft=fn(u.draft if u.draft_for == here else None),
                                 draft_for=here, error=None))

    out: list[ft.Control] = [
        heading(_("{player} · table {code}").format(player=view.player, code=code_text(view.code))),
        ft.Text(_("Game {number} · {players}").format(number=view.game_number, players=", ".join(view.players)),
                size=13),
        ft.Semantics(identifier="bids-line", container=True, content=ft.Text(
            bids_line(view.bid_in, view.waiting_for, view.game_over,
                      secret=remote.secret if remote else True,
                      bids=remote.bids if remote else True))),
    ]
    if remote is None:
        out.append(error_text(_("{game} cannot be played from phones here.").format(game=view.game)))
        return column(out)
    if not view.game_over:
        out.append(remote.seat(SeatContext(view, draft, ui.error, put, ph.submit, ph.withdraw)))
    if view.resolution is not None:
        out.append(ft.Divider())
        out.append(remote.resolution(view.resolution, view.players))
    out.append(ft.Divider())
    out.append(ft.TextButton(_("Leave this seat"), icon=ft.Icons.LOGOUT,
                             on_click=lambda e: ph.stand_up()))
    return column(out)
