"""The app shell: one per Flet session (browser tab or window), as declarative
Flet components (``@ft.component``, ``ft.use_state``).

The session's whole state is one plain value, :class:`SessionState` (the route,
a one-line message, each screen's passing state — drafts, ids, which round is open
— and a revision counter), held by the root component :func:`App`. Every input
replaces that value through :class:`Shell`'s methods; Flet re-renders the
components and patches the controls that changed in place, so the controls a
player is tapping keep their identity and no tap is lost to a redraw. Records live
in the store (the record is the truth: a screen reads it from the store as it draws
and shows its replay); rules live in the games. How a tap reaches the store and
comes back drawn: ``docs/architecture.md``.

Each screen has its own address (``/match/12``, ``/history``; :mod:`companion.ui.routes`
translates both ways). :meth:`Shell.go` puts the new screen's address in the browser
(its history, so Back comes back to it); the browser's Back, Forward or an address
typed in comes back as a route change (:meth:`Shell.arrive`) and shows that screen; a
session opens at its page's address (a reload stays where it was), the plain address
at the match being played. A screen's in-screen steps (a table's entry, reveal, a past
round) have no address of their own. On a window wider than a phone a match screen
gets up to ``TABLE_WIDTH`` px, every other screen a readable column
(:func:`content_width`); a game asks ``shell.state.wide``
(:class:`~companion.ui.contracts.SessionState`).

Game views
----------
A game gets app screens by adding ``companion/games/<name>/view.py`` with a
module-level ``VIEW`` satisfying :class:`~companion.ui.contracts.GameView` (its
``view`` part); the shell finds it through the registry (:func:`game_views`) and
assumes nothing else about the game — not the number of games in a match, not what
a round looks like. Games import :mod:`companion.ui.contracts`, never this module:
a screen gets the shell as a :class:`~companion.ui.contracts.ShellServices`. Hot Dog
(``companion.games.hotdog.view``) is the reference implementation::

    class GameView(Protocol):
        name: str        # the record's "game", e.g. "hotdog"
        title: str       # what a player reads, e.g. "Hot Dog"
        def setup(self, shell) -> ft.Control                   # new match: players …
        def table(self, shell, match_id) -> ft.Control         # the match being played
        def match_detail(self, shell, match_id) -> ft.Control  # a match from the history
        def rules(self, shell) -> ft.Control                   # the rules in plain words
        def match_line(self, players, records) -> tuple[str, bool]  # one line, over?

Each screen method returns a component (so it may use hooks). A setup screen keeps
its draft with ``shell.ui(key, default)`` / ``shell.set_ui(key, fn)`` (plain data,
kept while the player visits the rules or settings) and stores the new match with
:func:`companion.ui.table.open_match`. A table screen never writes the store itself:
it opens a :class:`companion.ui.table.TableSession` on its match (the match read
once per render, the screen's passing state, kept in the store as it changes) and
saves each record change through it (:meth:`~companion.ui.table.TableSession.save`,
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

import asyncio
import contextlib
import logging
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

import flet as ft
from pydantic import TypeAdapter, ValidationError

from companion.core import i18n
from companion.core.errors import CompanionError, StoreError
from companion.core.font_files import FONTS
from companion.core.game import LIBRARY_PART
from companion.core.i18n import _
from companion.core.registry import games, games_with, has_part
from companion.net.serving import is_local_client
from companion.store import Store, data_dir, drafts, library
from companion.store.exchange import keep_file
from companion.ui.contracts import (
    PHONE_WIDTH,
    READING_WIDTH,
    TABLE_WIDTH,
    VIEW_PART,
    GameView,
    Route,
    SessionState,
    setup_key,
)
from companion.ui.fonts import fonts_for, stored_texts, text_theme
from companion.ui.history import History
from companion.ui.host import HostPanel, connect, hostable
from companion.ui.imports import ImportDraft, ImportScreen
from companion.ui.library import LibraryScreen, editor_of, kind_word, title_of
from companion.ui.night import Nights, NightScreen
from companion.ui.phone import JoinScreen
from companion.ui.routes import address, route_of
from companion.ui.stats import Statistics
from companion.ui.storage import browser_storage
from companion.ui.table import Held, opened_anew
from companion.ui.widgets import accessible, error_text, heading, icon_button
from companion.ui.widgets.column import column

log = logging.getLogger(__name__)

MARGIN = 8                                  # the page's margin left and right of the content
# A new screen (or a new step of one) takes no tap on its entry for this long: the second
# tap of a quick double tap on the button that opened it lands on whatever lies under the
# finger on the new screen (a table's bid chips under its "Next round"), and is lost there.
SETTLE = 0.4
TABLE_SCREENS = frozenset({"match", "history_match"})   # a match's screens: up to TABLE_WIDTH

__all__ = ["App", "GameView", "ImportDraft", "ImportScreen", "Route", "SessionState", "Shell", "accessible",
           "error_text", "game_views", "heading", "icon_button", "start_session"]


def game_views() -> dict[str, GameView]:
    """The games that have app screens (their ``view`` part): no central list."""
    return games_with(VIEW_PART)


class Shell:
    """The session's services, handed to every screen: navigation, passing state,
    the store, exports. It holds data and callbacks only; it draws nothing."""

    def __init__(self, page: ft.Page, store: Store) -> None:
        self.page = page
        self.store = store
        self.views = game_views()
        self.state = SessionState(flash=store.notice)
        self._set: Callable[[Any], None] = lambda fn: None
        self.awake = False
        # A browser session without the host key (companion.net.access): it gets a
        # hosted table's phone screens only (companion.ui.phone), never the records or
        # the host's controls, wherever it connects from.
        self.remote = False
        # A phone-screen session from this very machine: it is told how to open the
        # host screen.
        self.host_machine = False
        # The connection's own peer address (the gate's, never the page's client_ip,
        # which the client may set): what the join limiter counts wrong codes by.
        self.peer = "local"
        # companion running in the browser itself (the static site, companion.web): no
        # server to host a table on phones, no folder to keep exports in (downloads only).
        self.in_browser = sys.platform == "emscripten"
        # There: what the browser says about keeping the saved games (companion.web.browser).
        self.browser: Any = None
        # The page's address as the browser last showed it, and the addresses sent to
        # it that it has not yet said it shows (each comes back as a route change).
        self.at: str | None = None
        self._sent: list[str] = []
        # Setup screens' drafts as kept in the store (read once), and the match each
        # game's setup last started in this session (its Back shows that).
        self._setups: dict[str, Any] = {}
        self._started: dict[str, int] = {}
        # The scene last drawn (scene_of) and until when the screen it opened settles.
        self._scene: Scene | None = None
        self._scenes = 0
        self._settle_until = 0.0

    # ------------------------------------------------------------ state
    def bind(self, state: SessionState, set_state: Callable[[Any], None]) -> None:
        self.state, self._set = state, set_state

    def _update(self, fn: Callable[[SessionState], SessionState]) -> None:
        def step(s: SessionState) -> SessionState:
            new = self.state = replace(fn(s), rev=s.rev + 1)   # the latest, for the next handler
            return new

        self._set(step)

    def redraw(self) -> None:
        """Draw the screen again as it is (something it shows changed outside a tap: the
        browser build's storage refused or took a change)."""
        self._update(lambda s: s)

    def go(self, screen: str, *, say: str | None = None, **args: Any) -> None:
        route = Route(screen, dict(args))
        self._update(lambda s: arrived(s, route, say))
        self.show_address(route)

    # ------------------------------------------------------------ the page's address
    def show_address(self, route: Route) -> None:
        """Put ``route``'s address in the browser's address bar and history (so Back
        comes back here), unless it is there already."""
        if self.remote:
            return
        try:
            target = address(route)
        except ValueError:
            return
        if target == self.at:
            return
        self.at = target
        self._sent.append(target)
        page = self.page
        if page is None:        # drawn without a page (tests)
            return

        async def push() -> None:
            with contextlib.suppress(Exception):   # the page went away meanwhile
                await page.push_route(target)

        with contextlib.suppress(Exception):
            page.run_task(push)

    def resolve(self, location: str | None) -> tuple[Route, str | None]:
        """The screen at a page address, and the line to show with it: an address that
        names no screen, or a match that is no longer saved, opens Home, saying so."""
        route = route_of(location, self.views)
        if route is None:
            shown = (location or "/").split("?", 1)[0]
            return Route("home"), _("companion has no screen at {address}, so here is the home screen.").format(
                address=shown)
        if "match" in route.args:
            match_id = route.args["match"]
            try:
                m = self.store.match(match_id)
            except CompanionError:
                m = None
            if m is None:
                return Route("home"), _("There is no match {match} here: it may have been deleted. "
                                         "Your saved matches are in History.").format(match=match_id)
            if m.game not in self.views:
                title = games()[m.game].title if m.game in games() else m.game
                return Route("home"), _("Match {match} is a {game} match, and companion has no "
                                         "table screens for {game}, so here is the home screen.").format(
                    match=match_id, game=title)
        if route.screen in ("library", "library_item"):
            return self._library_route(route)
        return route, None

    def _library_route(self, route: Route) -> tuple[Route, str | None]:
        """A game's files (or one of them) if the game has any and the file is still saved."""
        game = route.args["game"]
        title = games()[game].title
        if not has_part(game, LIBRARY_PART) or not hasattr(self.views[game], "editor"):
            return Route("home"), _("{game} has no files of its own to edit, so here is the home screen.").format(
                game=title)
        if route.screen == "library_item":
            try:
                it = library.item(self.store, route.args["item"])
            except CompanionError:
                it = None
            if it is None or it.game != game:
                return Route("library", {"game": game}), _(
                    "There is no saved {kind} {item} here: it may have "
                    "been deleted. Here are the ones kept.").format(kind=kind_word(game),
                                                                    item=route.args["item"])
        return route, None

    def arrive(self, location: str) -> None:
        """The browser shows ``location``: the answer to an address this session sent
        (nothing to do), or Back, Forward or an address typed in: show its screen."""
        if location in self._sent:
            del self._sent[:self._sent.index(location) + 1]
            return
        self._sent.clear()
        self.at = location
        if self.remote:
            return
        route, line = self.resolve(location)
        try:
            same = line is None and address(route) == address(self.state.route)
        except ValueError:
            same = False
        if not same:            # the same screen (the Rules' way back included) is left as it is
            self._update(lambda s: arrived(s, route, line))

    def say(self, text: str | None) -> None:
        """A one-line message at the top of the screen, until the next input."""
        self._update(lambda s: replace(s, flash=text))

    def ui(self, key: str, default: Any = None) -> Any:
        if key in self.state.ui:
            return self.state.ui[key]
        kept = self._kept_setup(key, default)
        return default if kept is None else kept

    def set_ui(self, key: str, fn: Callable[[Any], Any], default: Any = None) -> None:
        """Change one screen's passing state, from its latest value (a fast second tap
        builds on the first). A setup screen's is kept in the store as well, for a restart."""
        def step(s: SessionState) -> SessionState:
            before = s.ui[key] if key in s.ui else self._kept_setup(key, default)
            after = fn(default if before is None else before)
            self._keep_setup(key, after)
            return replace(s, flash=None, ui={**s.ui, key: after})

        self._update(step)

    def drop_ui(self, key: str) -> None:
        self._keep_setup(key, None)
        self._update(lambda s: replace(s, ui={k: v for k, v in s.ui.items() if k != key}))

    # ------------------------------------------------------------ a setup's draft, kept
    def _setup_screen(self, key: str) -> bool:
        return any(key == setup_key(game) for game in self.views)

    def _kept_setup(self, key: str, default: Any) -> Any:
        """The draft a setup screen kept in the store (a session before this one typed
        it: the server was restarted, the tab reloaded), read once per session; None:
        none kept, or not a setup screen's."""
        if default is None or not self._setup_screen(key):
            return None
        if key not in self._setups:
            kept = None
            try:
                text = drafts.kept_setup(self.store, key)
                kept = None if text is None else TypeAdapter(type(default)).validate_json(text)
            except (ValidationError, CompanionError, sqlite3.Error) as exc:   # kept by another version
                log.warning("the setup draft %s kept could not be read back: %s", key, exc)
            self._setups[key] = kept
        return self._setups[key]

    def _keep_setup(self, key: str, value: Any) -> None:
        """Keep a setup screen's draft in the store (None: forget it). One that cannot be
        kept (the store busy or read-only) stays on screen."""
        if not self._setup_screen(key):
            return
        self._setups[key] = value
        if self.store.read_only is not None:
            return
        try:
            drafts.keep_setup(self.store, key, None if value is None else TypeAdapter(type(value)).dump_json(value)
                              .decode())
        except CompanionError as exc:
            log.warning("the setup draft %s could not be kept: %s", key, exc)
        except ValueError:          # a draft that is not plain data: a game's fault, not the player's
            log.exception("the setup draft %s could not be written as JSON", key)

    def saved(self) -> None:
        """The store changed: draw again from it."""
        self._update(lambda s: s)

    def new_match(self, game: str) -> None:
        """Open ``game``'s setup afresh: the draft of a setup left half-done goes."""
        self._started.pop(game, None)
        self.drop_ui(setup_key(game))
        self.go("setup", game=game)

    def match_started(self, game: str, match_id: int) -> None:
        """``game``'s setup has just started match ``match_id`` (and emptied itself):
        coming back to that setup (the browser's Back) shows so, with the way back to
        the match, rather than an empty setup whose Start makes a second match."""
        self._started[game] = match_id

    def started_from_setup(self, game: str) -> int | None:
        """The match ``game``'s setup started in this session, while that setup has no
        new draft of its own."""
        match_id = self._started.get(game)
        if match_id is None or setup_key(game) in self.state.ui:
            return None
        return match_id

    def continue_match(self, match_id: int) -> None:
        """Open a match from the history at its table; it becomes the match Home offers
        to continue (if the store can save that: else the table opens all the same)."""
        try:
            self.store.set_setting("current_match", str(match_id))
        except CompanionError as exc:
            self.go("match", match=match_id, say=_("Not saved: {reason}").format(reason=exc))
            return
        self.go("match", match=match_id)

    def cannot_save(self) -> str | None:
        """The line every screen shows while the store is read-only (None: it saves)."""
        why = self.store.read_only
        if why is None:
            return None
        return _("Nothing can be saved: {reason}. You can look at your saved games, but no game or "
                 "round can be started or entered until companion may write there again and is restarted."
                 ).format(reason=why)

    def not_kept(self) -> str | None:
        """The line every screen shows while the last change is not where the data is kept
        (the browser build: the browser refused to store it; None: everything is kept)."""
        why = self.store.unkept
        if why is None:
            return None
        return _("Your latest changes are on this screen but not kept: {reason}. companion tries again at your "
                 "next change; to keep a copy now, use Export everything in Settings.").format(reason=why)

    def set_width(self, width: float) -> None:
        """The window is ``width`` px wide: draw again where that changes the layout."""
        if layout(width) != layout(self.state.width):
            self._update(lambda s: replace(s, wide=width > PHONE_WIDTH, width=width))

    # ------------------------------------------------------------ a new scene
    def drawn(self, scene: Scene) -> int:
        """The session draws ``scene`` (:func:`scene_of`); returns how many scenes it has
        drawn (a new one opens at its top). A new one, not the session's first, settles
        for SETTLE seconds (:meth:`settling`), and is drawn again after."""
        before, self._scene = self._scene, scene
        if not scene.after(before):
            return self._scenes
        self._scenes += 1
        page = self.page
        if before is None or page is None:   # the session's first screen (no tap opened it), or no page
            return self._scenes              # to draw the settled screen on (drawn in-process: tests)
        self._settle_until = time.monotonic() + SETTLE

        async def settled() -> None:
            await asyncio.sleep(SETTLE + 0.02)
            self.saved()
            with contextlib.suppress(Exception):   # the page went away meanwhile
                page.update()

        with contextlib.suppress(Exception):
            page.run_task(settled)
        return self._scenes

    def settling(self) -> bool:
        """Whether the screen just opened still takes no tap on its entry (a screen's
        chips are drawn disabled meanwhile, looking the same)."""
        return time.monotonic() < self._settle_until

    # ------------------------------------------------------------ services
    def to_top(self) -> None:
        """Scroll the page to its top: a new screen, or a new step of one, opens there."""
        page = self.page
        if page is None:        # drawn without a page (tests)
            return

        async def top() -> None:
            with contextlib.suppress(Exception):   # the page went away meanwhile
                await page.scroll_to(offset=0, duration=0)

        with contextlib.suppress(Exception):
            page.run_task(top)

    def keep_awake(self, on: bool) -> None:
        """Keep the screen on during a game, where the platform allows (wakelock)."""
        if on == self.awake:
            return
        self.awake = on

        async def switch() -> None:
            with contextlib.suppress(Exception):  # not every platform or browser has a wakelock
                lock = ft.Wakelock()
                await (lock.enable() if on else lock.disable())

        with contextlib.suppress(Exception):
            self.page.run_task(switch)

    def export(self, filename: str, data: str | bytes, what: str | None = None) -> str:
        """Keep a file in the data directory's exports/ (under a fresh name if ``filename``
        is taken: never over an older file) and offer it: a download in a browser, a save
        (or share) dialog elsewhere. Where exports/ cannot be written the file is still
        offered; in the browser build (``in_browser``) it is only offered, as a download.
        Returns the line a player reads next to the button ("Score sheet downloaded: …");
        ``what`` names the file in their words."""
        what = what or _("File")
        raw = data.encode("utf-8") if isinstance(data, str) else data
        if self.in_browser:
            name, line = filename, _("{what} downloaded: {file}.").format(what=what, file=filename)
        else:
            name, line = self._kept(filename, raw, what)

        async def offer() -> None:
            with contextlib.suppress(Exception):  # no save dialog here: the file is in exports/ already
                await ft.FilePicker().save_file(file_name=name, src_bytes=raw)

        with contextlib.suppress(Exception):
            self.page.run_task(offer)
        return line

    def _kept(self, filename: str, raw: bytes, what: str) -> tuple[str, str]:
        """The file kept in exports/: its name there and the line a player reads."""
        try:
            path = keep_file(data_dir() / "exports", filename, raw)
        except StoreError as exc:
            name = filename
            line = _("{what} downloaded: {file}. No copy was kept in companion's exports folder ({reason}).").format(
                what=what, file=name, reason=exc)
        else:
            name = path.name
            line = _("{what} downloaded: {file} (a copy is kept in companion's exports folder).").format(
                what=what, file=name)
        return name, line

    def theme(self) -> ft.ThemeMode:
        return {"dark": ft.ThemeMode.DARK, "light": ft.ThemeMode.LIGHT}.get(
            self.store.setting("theme", "system") or "system", ft.ThemeMode.SYSTEM)

    def rules_game(self) -> str | None:
        """The game whose rules the Rules button opens: the screen's game, or the
        current match's; None offers the list of games."""
        args = self.state.route.args
        if args.get("game") in self.views:
            return args["game"]
        if "match" in args:
            try:
                game = self.store.match(args["match"]).game
            except CompanionError:
                return None
            return game if game in self.views else None
        return None

    def open_rules(self) -> None:
        back = self.state.route if self.state.route.screen != "rules" else self.state.route.args.get("back")
        game = self.rules_game()
        if game is None and len(self.views) == 1:
            game = next(iter(self.views))
        self.go("rules", game=game, back=back)


def arrived(state: SessionState, route: Route, flash: str | None) -> SessionState:
    """The session at ``route`` (saying ``flash``). A match's table come to from another
    screen opens at the table itself, not at the past round or result it last showed
    (:func:`companion.ui.table.opened_anew`)."""
    ui = state.ui
    if route.screen == "match" and route != state.route:
        ui = {key: replace(held, ui=opened_anew(held.ui))
              if isinstance(held, Held) and held.match_id == route.args.get("match") else held
              for key, held in ui.items()}
    return replace(state, route=route, flash=flash, ui=ui)


# ================================================================ root component

def content_width(screen: str, window: float) -> float | None:
    """How wide a screen's content is drawn in a window ``window`` px wide (None: the
    window's whole width, less its margins): a phone's full width; on a wider window a
    match screen up to TABLE_WIDTH, any other a readable column of READING_WIDTH."""
    if window <= PHONE_WIDTH:
        return None
    cap = TABLE_WIDTH if screen in TABLE_SCREENS else READING_WIDTH
    return cap if window - 2 * MARGIN >= cap else None


def layout(window: float) -> tuple[float | None, ...]:
    """What of the window's width the layout depends on: a resize within one layout
    draws nothing again."""
    return (window > PHONE_WIDTH, *(content_width(s, window) for s in ("match", "home")))


@dataclass(frozen=True)
class Scene:
    """What a session shows, as far as a new screen is concerned: the route, and per
    screen's passing state (by key) the game of a match it is for and its step
    (``mode``), with the step it begins in (its ``mode`` field's default)."""

    route: tuple[str, str]
    steps: tuple[tuple[str, Any, str, Any], ...]   # (key, game number, mode, mode it begins in)

    def after(self, before: Scene | None) -> bool:
        """Whether this is a new screen after ``before`` rather than a redraw of it: the
        route changed, a screen's step changed (a table going from entry to its reveal,
        or to a past round), a table went on to its match's next game, or a screen's
        state began or ended in a step other than the one it begins in. A first tap
        on a table, which begins its passing state in its first step, is no new screen."""
        if before is None or before.route != self.route:
            return True
        then = {key: (number, mode, first) for key, number, mode, first in before.steps}
        now = {key: (number, mode, first) for key, number, mode, first in self.steps}
        for key in then.keys() | now.keys():
            if key in then and key in now:
                changed = then[key][:2] != now[key][:2]
            else:
                _number, mode, first = then.get(key) or now[key]
                changed = mode != first
            if changed:
                return True
        return False


def _first_mode(ui: Any) -> Any:
    if is_dataclass(ui):
        for f in fields(ui):
            if f.name == "mode":
                return f.default
    return None


def scene_of(state: SessionState) -> Scene:
    """The scene ``state`` shows (:class:`Scene`): a new scene opens at the top of the
    page; a redraw keeps its place."""
    steps = []
    for key, held in sorted(state.ui.items()):
        ui = getattr(held, "ui", held)
        mode = getattr(ui, "mode", None)
        if isinstance(mode, str):
            steps.append((key, getattr(held, "number", None), mode, _first_mode(ui)))
    return Scene((state.route.screen, repr(sorted(state.route.args.items()))), tuple(steps))


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


@ft.component
def Screen(shell: Shell, route: Route, *, key: str | None = None) -> ft.Control:
    r = route
    if shell.remote or r.screen == "join":
        return JoinScreen(shell, key="join")
    try:
        if r.screen == "setup":
            started = shell.started_from_setup(r.args["game"])
            if started is not None:
                return StartedFromSetup(shell, r.args["game"], started)
            return shell.views[r.args["game"]].setup(shell)
        if r.screen == "match":
            m = shell.store.match(r.args["match"])
            table = shell.views[m.game].table(shell, m.id)
            if not hostable(m.game) or shell.in_browser:
                return table
            return column([HostPanel(shell, m.id, finished=m.finished, key=f"host-{m.id}"), table], spacing=12)
        if r.screen == "rules":
            return RulesScreen(shell, r.args.get("game"), r.args.get("back"))
        if r.screen == "history":
            return History(shell, shell.views)
        if r.screen == "stats":
            return Statistics(shell, shell.views)
        if r.screen == "history_match":
            m = shell.store.match(r.args["match"])
            return shell.views[m.game].match_detail(shell, m.id)
        if r.screen == "import":
            return ImportScreen(shell)
        if r.screen == "settings":
            return Settings(shell)
        if r.screen == "library":
            return LibraryScreen(shell, r.args["game"])
        if r.screen == "library_item":
            return editor_of(shell.views[r.args["game"]]).editor(shell, r.args["item"])
        if r.screen == "nights":
            return Nights(shell)
        if r.screen == "night":
            return NightScreen(shell, r.args["night"], shell.views)
    except CompanionError as exc:
        return ft.Column([error_text(str(exc)),
                          ft.Button(_("Home"), on_click=lambda e: shell.go("home"))])
    return Home(shell)


@ft.component
def StartedFromSetup(shell: Shell, game: str, match_id: int) -> ft.Control:
    """A setup come back to (the browser's Back) after it started a match: the way back
    to that match, or a new setup; not an empty setup whose Start makes a second match."""
    title = shell.views[game].title
    try:
        players = shell.store.match(match_id).players
    except CompanionError:           # deleted meanwhile: the setup as usual
        return shell.views[game].setup(shell)
    return column([
        heading(_("New {game} match").format(game=title)),
        ft.Text(_("You started a {game} match with {players} from this setup. Starting here again "
                  "would begin a second match.").format(game=title, players=", ".join(players))),
        ft.FilledButton(_("Back to that match"), icon=ft.Icons.PLAY_ARROW,
                        on_click=lambda e: shell.go("match", match=match_id)),
        ft.Button(_("Set up another match"), icon=ft.Icons.ADD, on_click=lambda e: shell.new_match(game)),
    ], spacing=12)


# ================================================================ shell screens

@ft.component
def Home(shell: Shell) -> ft.Control:
    out: list[ft.Control] = [heading("companion", 26), ft.Text(_("A referee beside your card games."))]
    current = shell.store.current_match_id()
    if current is not None:
        m = shell.store.match(current)
        view = shell.views.get(m.game)
        if view is not None and not m.finished:
            line = view.match_line(m.players, [g.record for g in m.games])[0]
            out.append(ft.FilledButton(
                _("Continue {game}: {players} ({state})").format(game=view.title, players=", ".join(m.players),
                                                          state=line),
                icon=ft.Icons.PLAY_ARROW, on_click=lambda e: shell.go("match", match=current)))
    out.append(heading(_("New match"), 18))
    for name, spec in games().items():
        if name in shell.views:
            out.append(ft.Button(_("New {game} match").format(game=spec.title), icon=ft.Icons.ADD,
                                 on_click=lambda e, n=name: shell.new_match(n)))
        else:
            out.append(ft.Text(_("{game}: referee a recorded game with "
                                 "`companion referee FILE` (no table screens yet).").format(game=spec.title)))
    out.append(heading(_("More"), 18))
    out += [
        ft.Button(_("History"), icon=ft.Icons.HISTORY, on_click=lambda e: shell.go("history")),
        ft.Button(_("Game nights"), icon=ft.Icons.NIGHTLIFE, on_click=lambda e: shell.go("nights")),
        ft.Button(_("Statistics"), icon=ft.Icons.BAR_CHART, on_click=lambda e: shell.go("stats")),
        *[ft.Button(title_of(n), icon=ft.Icons.EDIT_NOTE, on_click=lambda e, n=n: shell.go("library", game=n))
          for n in games() if has_part(n, LIBRARY_PART) and n in shell.views],
        ft.Button(_("Import a record"), icon=ft.Icons.UPLOAD_FILE, on_click=lambda e: shell.go("import")),
        *[ft.Button(_("Rules: {game}").format(game=v.title), icon=ft.Icons.MENU_BOOK,
                    on_click=lambda e, n=n: shell.go("rules", game=n)) for n, v in shell.views.items()],
        ft.Button(_("Settings"), icon=ft.Icons.SETTINGS, on_click=lambda e: shell.go("settings")),
    ]
    return column(out, spacing=12)


@ft.component
def RulesScreen(shell: Shell, game: str | None, back: Route | None) -> ft.Control:
    out: list[ft.Control] = []
    if isinstance(back, Route) and back.screen != "rules":
        out.append(ft.Button(_("Back"), icon=ft.Icons.ARROW_BACK,
                             on_click=lambda e: shell.go(back.screen, **back.args)))
    if game in shell.views:
        out.append(shell.views[game].rules(shell))
    else:
        out.append(heading(_("Rules")))
        out += [ft.Button(_("Rules: {game}").format(game=v.title), icon=ft.Icons.MENU_BOOK,
                          on_click=lambda e, n=n: shell.go("rules", game=n, back=back))
                for n, v in shell.views.items()]
    return column(out, spacing=12)


@ft.component
def Settings(shell: Shell) -> ft.Control:
    current = shell.store.setting("theme", "system") or "system"

    def set_theme(value: str) -> None:
        try:
            shell.store.set_setting("theme", value)
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        shell.page.theme_mode = shell.theme()
        shell.page.update()
        shell.saved()

    def set_language(value: str) -> None:
        try:
            shell.store.set_setting("language", None if value == "system" else value)
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        apply_language(shell)
        shell.page.update()
        shell.saved()

    follow = current == "system"
    dark = current == "dark" or (follow and shell.page.platform_brightness == ft.Brightness.DARK)
    chosen = shell.store.setting("language")
    return column([
        heading(_("Settings")),
        ft.Switch(label=_("Follow the system's light or dark mode"), value=follow,
                  on_change=lambda e: set_theme("system" if e.control.value else
                                                ("dark" if dark else "light"))),
        ft.Switch(label=_("Dark mode"), value=dark, disabled=follow,
                  on_change=lambda e: set_theme("dark" if e.control.value else "light")),
        heading(_("Language"), 18),
        ft.RadioGroup(
            value=chosen if chosen in i18n.LANGUAGES else "system",
            on_change=lambda e: set_language(e.control.value or "system"),
            content=ft.Column([
                ft.Radio(value="system", label=_("Follow the system ({language})").format(
                    language=i18n.language_name(i18n.system_language()))),
                *[ft.Radio(value=code, label=name) for code, name in i18n.LANGUAGES.items()],
            ], spacing=0)),
        *(browser_storage(shell) if shell.in_browser else
          [ft.Text(_("Saved data: {path}").format(path=shell.store.path), selectable=True, size=12)]),
    ], spacing=12)


def apply_language(shell: Shell) -> None:
    """Use the language kept in the store's settings (none kept: the system's), in the
    whole process; the app bar is drawn again in it."""
    i18n.set_language(shell.store.setting("language"))
    if shell.page is not None and not shell.remote:
        shell.page.appbar = app_bar(shell)


def app_bar(shell: Shell) -> ft.AppBar:
    return ft.AppBar(title=ft.Text("companion"), center_title=False, actions=[] if shell.remote else [
        icon_button(ft.Icons.HOME, _("Home"), lambda e: shell.go("home")),
        icon_button(ft.Icons.MENU_BOOK, _("Rules"), lambda e: shell.open_rules()),
        icon_button(ft.Icons.SETTINGS, _("Settings"), lambda e: shell.go("settings")),
    ])


# ================================================================ the session

def start_session(page: ft.Page, store: Store, *, host: bool = False, peer: str | None = None) -> Shell:
    """A session's shell. ``host``: the session proved it is the host (the gate saw the
    host key: :mod:`companion.net.access`; the desktop app and the static site are
    their own host); any other session gets the phone screens only. ``peer``: the
    connection's own address as the gate saw it (None: not a network session). Nothing
    the client sets on the page (``web``, ``client_ip``, ``route``…) decides either."""
    shell = Shell(page, store)
    shell.remote = not host
    shell.peer = peer or "local"
    shell.host_machine = shell.remote and is_local_client(peer)
    page.title = "companion"
    page.scroll = ft.ScrollMode.AUTO
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
