"""The app shell: one per Flet session (browser tab or window), as declarative
Flet components (``@ft.component``, ``ft.use_state``).

This module starts a session (:func:`start_session`) and draws its root component
(:func:`App`); the shell's other parts have modules of their own: the session's services
handed to every screen (:class:`companion.ui.services.Shell`), a route to its screen
(:func:`companion.ui.router.Screen`), how wide a screen is drawn
(:mod:`companion.ui.layout`), what counts as a new screen (:mod:`companion.ui.scenes`),
the app bar (:mod:`companion.ui.app_bar`) and the app's own screens
(:mod:`companion.ui.home`, :mod:`companion.ui.rules`, :mod:`companion.ui.settings`,
:mod:`companion.ui.started_from_setup`).

The session's whole state is one plain value, :class:`SessionState` (the route,
a one-line message, each screen's passing state — drafts, ids, which round is open
— and a revision counter), held by the root component :func:`App`. Every input
replaces that value through :class:`~companion.ui.services.Shell`'s methods; Flet re-renders the
components and patches the controls that changed in place, so the controls a
player is tapping keep their identity and no tap is lost to a redraw. Records live
in the store (the record is the truth: a screen reads it from the store as it draws
and shows its replay); rules live in the games. How a tap reaches the store and
comes back drawn: ``docs/architecture.md``.

Each screen has its own address (``/match/12``, ``/history``; :mod:`companion.ui.routes`
translates both ways). :meth:`~companion.ui.services.Shell.go` puts the new screen's address in the browser
(its history, so Back comes back to it); the browser's Back, Forward or an address
typed in comes back as a route change (:meth:`~companion.ui.services.Shell.arrive`) and shows that screen; a
session opens at its page's address (a reload stays where it was), the plain address
at the match being played. A screen's in-screen steps (a table's entry, reveal, a past
round) have no address of their own. On a window wider than a phone a match screen
gets up to ``TABLE_WIDTH`` px, every other screen a readable column
(:func:`~companion.ui.layout.content_width`); a game asks ``shell.state.wide``
(:class:`~companion.ui.contracts.SessionState`).

Game views
----------
A game gets app screens by adding ``companion/games/<name>/view.py`` with a
module-level ``VIEW`` satisfying :class:`~companion.ui.contracts.GameView` (its
``view`` part); the shell finds it through the registry
(:func:`~companion.ui.services.game_views`) and assumes nothing else about the game —
not the number of games in a match, not what a round looks like. Games import
:mod:`companion.ui.contracts`, never the shell's modules: a screen gets the shell as a
:class:`~companion.ui.contracts.ShellServices`. Hot Dog
(``companion.games.hotdog.view``) is the reference implementation::

    class GameView(Protocol):
        name: str        # the record's "game", e.g. "hotdog"
        title: str       # what a player reads, e.g. "Hot Dog"
        def setup(self, shell) -> ft.Control                   # new match: players …
        def table(self, shell, match) -> ft.Control            # the match being played (a MatchSeen)
        def match_detail(self, shell, match) -> ft.Control     # a match from the history (as stored)
        def rules(self, shell) -> ft.Control                   # the rules in plain words
        def match_line(self, players, records) -> tuple[str, bool]  # one line, over?

Each screen method returns a component (so it may use hooks). A setup screen keeps
its draft with ``shell.ui(key, default)`` / ``shell.set_ui(key, fn)`` (plain data,
kept while the player visits the rules or settings) and stores the new match with
:func:`companion.ui.table.open_match`. A table screen never writes the store itself:
it opens a :class:`companion.ui.table.TableSession` on the match it is given (read
once per render, at the route; the screen's passing state, kept in the store as it changes) and
enters each record change through it (:meth:`~companion.ui.table.TableSession.commit`, which saves with
:func:`companion.ui.records.save_change`: written only if the record it was made
from is still the stored one). A refusal — another screen saved first, or the store
cannot write (``StoreError``: read-only, busy) — comes back as the line the screen
shows next to the entry, which stays as entered. A match is whatever the game makes
of it: ``open_match`` stores game 1, and the table adds games when its game has more
(:meth:`~companion.ui.table.TableSession.start_next_game`; Hot Dog: three games and
a tally; a sales game is its own three-round tally; burger is a single game). The
library editors keep a player's file with :mod:`companion.store.library` and call
``shell.saved()``. CSV rows of a record come from the game's ``export`` part,
printables from its ``printable`` part; :mod:`companion.ui.widgets.exports` offers
both for any game.
"""

from __future__ import annotations

from dataclasses import replace

import flet as ft

from companion.core import i18n
from companion.core.font_files import FONTS
from companion.store import Store
from companion.ui.app_bar import app_bar
from companion.ui.contracts import PHONE_WIDTH, Route
from companion.ui.flet_diff import mend as mend_flet_diff
from companion.ui.flet_events import mend as mend_flet_events
from companion.ui.flet_log import mend as mend_flet_log
from companion.ui.fonts import fonts_for, stored_texts, text_theme
from companion.ui.host import connect
from companion.ui.layout import MARGIN, content_width
from companion.ui.router import Screen
from companion.ui.scenes import scene_of
from companion.ui.services import SCROLL_EVENTS_MS, Shell


@ft.component
def App(shell: Shell) -> ft.Control:
    state, set_state = ft.use_state(shell.state)
    shell.bind(state, set_state)
    playing = state.route.screen == "match"
    ft.use_effect(lambda: shell.keep_awake(playing), [playing])
    ft.use_effect(shell.to_top, [shell.drawn(scene_of(state))])
    body = Screen(shell, state.route, key=f"{state.route.screen}")
    cannot_save = shell.cannot_save() or shell.not_kept()
    column = ft.Column(
        [ft.Container(content=ft.Text(cannot_save or "", color=ft.Colors.ON_ERROR_CONTAINER),
                      bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=8,
                      visible=bool(cannot_save)),
         ft.Container(content=ft.Text(state.flash or "", color=ft.Colors.ON_SECONDARY_CONTAINER),
                      bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=10, border_radius=8,
                      visible=bool(state.flash)),
         body],
        spacing=12, width=content_width(state.route.screen, state.width),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Container(content=column, padding=ft.Padding(MARGIN, 8, MARGIN, 24),
                        alignment=ft.Alignment.TOP_CENTER)


# ================================================================ the session

def start_session(page: ft.Page, store: Store, *, host: bool = False, peer: str | None = None) -> Shell:
    """A session's shell. ``host``: the session proved it is the host (the gate saw the
    host key: :mod:`companion.net.access`; the desktop app and the static site are
    their own host); any other session gets the phone screens only. ``peer``: the
    connection's own address as the gate saw it (None: not a network session). Nothing
    the client sets on the page (``web``, ``client_ip``, ``route``…) decides either."""
    mend_flet_diff()        # before the first screen is drawn (companion.ui.flet_diff)
    mend_flet_log()         # nor worded for a log that is off (companion.ui.flet_log)
    mend_flet_events()      # a tap's event class worked out once (companion.ui.flet_events)
    shell = Shell(page, store)
    shell.remote = not host
    shell.peer = peer or "local"
    if shell.remote:   # the hub's floor only where phones join (never in the browser build)
        from companion.net.serving import is_local_client  # noqa: PLC0415
        from companion.ui.phone import reconnected  # noqa: PLC0415

        shell.host_machine = is_local_client(peer)
        # a reloaded tab takes its session up again as it was: see reconnected()
        page.on_connect = lambda e: reconnected(shell)
    page.title = "companion"
    page.scroll = ft.ScrollMode.AUTO
    root = page.views[0]            # the page's scrolling view: where a new screen scrolls to its top
    root.scroll_interval = SCROLL_EVENTS_MS
    root.on_scroll = lambda e: shell.scrolled(e.pixels)
    # every name drawn, offline (companion.ui.fonts); in the browser build, the CJK fonts
    # only once a CJK name is stored or typed (its download is what a phone waits for)
    page.fonts = fonts_for(stored_texts(store)) if shell.in_browser else dict(FONTS)
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.ORANGE, text_theme=text_theme())
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.ORANGE, text_theme=text_theme())
    page.theme_mode = shell.theme()
    i18n.set_language(store.setting("language"))
    page.appbar = app_bar(shell)
    page.on_resize = lambda e: shell.set_width(page.width or 0)
    page.on_platform_brightness_change = lambda e: shell.saved()
    connect(shell)
    route, line = first_route(shell, page.route)
    width = page.width or 0
    shell.state = replace(shell.state, route=route, wide=width > PHONE_WIDTH, width=width,
                          flash=" ".join(t for t in (line, shell.state.flash) if t) or None)
    if not shell.remote:
        shell.at = page.route or "/"
        page.on_route_change = lambda e: shell.arrive(e.route)
        if line is None:
            shell.show_address(route)
    page.render(App, shell)
    return shell


def first_route(shell: Shell, location: str | None) -> tuple[Route, str | None]:
    """The screen a session opens on: a phone's join screen; the screen at the page's
    address; at the plain address, the match being played, where there is one."""
    if shell.remote:
        return Route("join"), None                   # a phone at a hosted table
    route, line = shell.resolve(location)
    if route.screen == "home" and line is None:
        current = shell.store.current_match_id()
        if current is not None and not shell.store.match(current).finished:
            return Route("match", {"match": current}), None   # opens where you were
    return route, line
