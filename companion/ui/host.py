"""Hosting a match's table on the players' phones: the host's part, shown by
the shell above any game's table screen — which stays the full table view (undo,
edit, rules, print).

Not hosted: a "Host this table" action. Hosted: the join link and its QR code (or, if
phones cannot reach this server, why not and how to serve on the network), the table
code, the seats (taken or free, each taken one with "Free seat"), who has bid (never
what), the game's host part (burger: the decks), "Reveal now" with the rules' refusal
when a bid is missing, the last resolution, and "Close table".

Only local sessions (this machine's browser or the app itself) are ever drawn this
panel: a phone's session gets the phone screens only (see ``companion.ui.shell``).

Live updates: the process's one hub tells the app's pubsub the table code after every
change: on one topic for the host sessions, and on the table's own topic for the phones
at that table (:func:`companion.ui.phone.watch_table`), so a bid redraws the phones of
its table and no other; each session re-reads its own view and calls ``page.update()``.
The store does the same for records: after every saved change to a match (a round
entered on any host tab, an undo, a next game) each session showing that match redraws
from the store, so no tab goes on showing, and entering, a round that is already in.
"""

from __future__ import annotations

import base64
import logging
import threading
import weakref
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.core.game import SEAT_PART
from companion.core.i18n import _
from companion.core.registry import has_part
from companion.ui.contracts import HostContext, ShellServices
from companion.ui.records import SAVER
from companion.ui.widgets import bold, card, error_text, heading

log = logging.getLogger(__name__)

TOPIC = "companion-net-table"     # any table changed (the host sessions): the message is its code
RECORDS = "companion-records"     # a match's record changed: the message is its id
HOST = "net-host"

# The hubs and stores whose changes are sent on the pubsub (weakly held: an id() could
# come back for a new object once the old one is gone).
_wired: weakref.WeakSet[Any] = weakref.WeakSet()
_wired_lock = threading.Lock()


def shows_match(shell: ShellServices, match_id: int) -> bool:
    """Whether this session's screen is drawn from that match's record: its table or
    its history page, the home and history lists (their lines), or a phone's screens
    (a hosted table follows its record)."""
    route = shell.state.route
    if shell.remote or route.screen in ("join", "home", "history"):
        return True
    return route.args.get("match") == match_id


def _tell(pubsub: Any, match_id: int) -> None:
    """A match's record was saved: every session showing it is told, but the one that
    saved it where that one draws the change itself (:data:`companion.ui.records.SAVER`)."""
    saver = SAVER.get()
    if saver is not None:
        try:
            saver.pubsub.send_others_on_topic(RECORDS, match_id)
            return
        except Exception:   # its session is gone meanwhile (a tab closed): the others are told all the same
            log.info("the saving session's pubsub is gone; every session is told of match %s", match_id)
    pubsub.send_all_on_topic(RECORDS, match_id)


def connect(shell: ShellServices) -> None:
    """Wire the process's hub and store to the app's pubsub (once each), and this session
    to the pubsub: on any table change a host session showing a match re-reads it (a
    phone hears its own table only: :func:`companion.ui.phone.watch_table`), and on any
    saved change to a match's record a session showing that match re-reads it (whichever
    session or phone saved it), and updates its page. The browser build wires nothing:
    it hosts no table (there is no server, and the phones' floor is never imported),
    and its one session (one tab holds the saved games) draws its own changes; Flet's
    pubsub there has no event loop to hand a message to a session on (a save no tap of
    a screen made failed in the store's listener)."""
    if getattr(shell, "in_browser", False):
        return
    from companion.ui.phone import hub_of, table_topic  # noqa: PLC0415

    page = shell.page
    hub = hub_of(shell)
    store = shell.store
    try:
        pubsub = page.pubsub
    except Exception:   # no pubsub (a test page): nothing to hear
        return
    with _wired_lock:
        if hub not in _wired:
            _wired.add(hub)

            def announce(code: str) -> None:
                pubsub.send_all_on_topic(TOPIC, code)
                pubsub.send_all_on_topic(table_topic(code), code)

            hub.on_change(announce)
        if store not in _wired:
            _wired.add(store)
            store.on_change(lambda match_id: _tell(pubsub, match_id))

    async def redraw() -> None:
        shell.saved()
        page.update()

    async def changed(topic: str, code: Any) -> None:
        if shell.state.route.screen != "match":   # the join screens hear their own table
            return
        # run_task binds this session's page to the task: the re-render lands here
        page.run_task(redraw)

    async def record_changed(topic: str, match_id: Any) -> None:
        if shows_match(shell, match_id):
            page.run_task(redraw)

    if not shell.remote:   # a phone hears the table it shows only
        pubsub.subscribe_topic(TOPIC, changed)
    pubsub.subscribe_topic(RECORDS, record_changed)


@dataclass(frozen=True)
class HostUI:
    error: str | None = None
    note: str | None = None
    at: tuple[int, int] | None = None   # (game, position) the error or note was said at
    draft: Any = None
    details: bool = True


def hostable(game: str) -> bool:
    return has_part(game, SEAT_PART)


@ft.component
def HostPanel(shell: ShellServices, match_id: int, *, finished: bool = False,
              key: str | None = None) -> ft.Control:
    """The match's hosting: offered while the match is being played; a table hosted
    when the match ended stays on (its phones show the end) until it is stopped."""
    # the hub and the phones' screens: imported where a table is hosted, never in the browser build
    from companion.net.join import qr_png  # noqa: PLC0415
    from companion.net.screens import bids_line, code_text, seat_line, seats_line  # noqa: PLC0415
    from companion.net.serving import port_of, reach_cached  # noqa: PLC0415
    from companion.ui.phone import hub_of, remote_views  # noqa: PLC0415

    hub = hub_of(shell)
    ui: HostUI = shell.ui(HOST, HostUI())
    table = hub.table_for(match_id)

    def put(**changes: Any) -> None:
        shell.set_ui(HOST, lambda u: replace(u, **changes), HostUI())

    def act(fn: Any, done: str | None = None, at: tuple[int, int] | None = None,
            refused_at: tuple[int, int] | None = None) -> None:
        """Do ``fn``; say ``done`` at ``at`` (the round it is about), or the refusal at
        ``refused_at`` (a refused reveal is said at the round still open)."""
        try:
            fn()
        except CompanionError as exc:   # the hub's refusals, and the store's (read-only, busy)
            put(error=str(exc), note=None, at=refused_at if refused_at is not None else at)
            return
        put(error=None, note=done, at=at)

    if table is None:
        if finished:               # nothing left to bid on: no offer to host it
            return ft.Column([], visible=False)
        return ft.Column([
            ft.Button(_("Host this table on phones"), icon=ft.Icons.WIFI_TETHERING,
                      on_click=lambda e: act(lambda: hub.host(match_id))),
            error_text(ui.error),
            ft.Text(ui.note or "", visible=bool(ui.note)),
        ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START)

    code = table.code
    view = hub.host_view(code)
    remote = remote_views().get(view.game)
    here = (view.game_number, view.position)
    if ui.at is not None and ui.at != here:   # said about a round revealed since: gone
        ui = replace(ui, error=None, note=None)
    page = shell.page
    url = getattr(getattr(getattr(page, "session", None), "connection", None), "page_url", None)
    where = reach_cached(port_of(url) if page.web else None, web=bool(page.web))
    out: list[ft.Control] = [
        ft.Row([heading(_("Table on phones"), 18),
                ft.TextButton(_("Hide join code") if ui.details else _("Show join code"),
                              on_click=lambda e: put(details=not ui.details))],
               alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True),
        ft.Semantics(identifier="table-code", container=True, content=ft.Text(
            _("Table code: {code}").format(code=code_text(code)), size=22, weight=ft.FontWeight.BOLD)),
    ]
    if ui.details:
        if where.url:
            out.append(ft.Text(_("Join link: {url}").format(url=where.url)))
            out.append(ft.Image(src=base64.b64encode(qr_png(where.url, scale=6)).decode("ascii"),
                                width=200, height=200, fit=ft.BoxFit.CONTAIN,
                                semantics_label=_("QR code of the join link {url}").format(url=where.url)))
            out.append(ft.Text(_("Players scan the code or open the link, then type the table code."),
                               size=13))
        else:
            out.append(error_text(where.note))
            if where.local_url:
                out.append(ft.Text(_("On this machine only: {url}").format(url=where.local_url), size=13))
    out.append(bold(seats_line(view.seats)))
    # What happens to the pending bid: see Hub._unseat (hidden bids go, cards played stay).
    freed = (_("{player}'s seat is free: their bid was withdrawn.") if remote is None or remote.secret
             else _("{player}'s seat is free: a card they played stays."))
    # The seats and the buttons are keyed (the game's own part is, by its round): the
    # join code shown or hidden, a note said, puts lines above them, and Flet matches
    # unkeyed controls by place, so they were drawn anew (or a seat's button under the
    # seat above's id) and a tap sent before that redraw arrived was lost or misplaced.
    for seat in view.seats:
        out.append(ft.Row([
            ft.Text(seat_line(seat), expand=True),
            ft.Button(_("Free seat"), icon=ft.Icons.PERSON_REMOVE, disabled=not seat.taken,
                      on_click=lambda e, p=seat.player: act(
                          lambda: hub.free_seat(code, p), freed.format(player=p))),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, key=f"seat-{seat.player}"))
    out.append(ft.Semantics(identifier="host-bids", container=True, content=ft.Text(
        bids_line(view.bid_in, view.waiting_for, view.game_over,
                  secret=remote.secret if remote else True,
                      bids=remote.bids if remote else True))))
    if remote is not None and not view.game_over:
        extra = remote.host_info(HostContext(
            view, ui.draft, lambda fn: shell.set_ui(HOST, lambda u: replace(u, draft=fn(u.draft)), HostUI()),
            lambda info: act(lambda: hub.set_info(code, info), _("Saved for this round."), here)))
        if extra is not None:
            out.append(extra)
    if not view.game_over:
        out.append(ft.Text(_("The round is revealed on every screen when every bid is in; "
                             "or reveal now.") if remote is None or remote.bids else
                           _("The round is revealed on every screen when everyone has entered; "
                             "or reveal now."), size=13))
    out.append(error_text(ui.error))
    if ui.note:
        out.append(ft.Text(ui.note))
    out.append(ft.Row([
        ft.FilledButton(_("Reveal now"), icon=ft.Icons.VISIBILITY, disabled=view.game_over,
                        on_click=lambda e: act(lambda: hub.reveal(code), _("Revealed on every screen."),
                                               (view.game_number, view.position + 1), here)),
        ft.Button(_("Close table"), icon=ft.Icons.CLOSE,
                  on_click=lambda e: act(lambda: hub.close(code), _("The table is closed; the record stays."))),
    ], wrap=True, key="reveal-or-close"))
    if view.resolution is not None and remote is not None:
        out.append(ft.Divider())
        out.append(remote.resolution(view.resolution, view.players))
    return card(ft.Column(out, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                "host-panel")
