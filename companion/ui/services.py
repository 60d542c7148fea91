"""The session's services (:class:`Shell`), handed to every screen: navigation and the
page's address, each screen's passing state (a setup's draft kept in the store), the
store, exports, the screen kept awake. It holds data and callbacks and draws nothing;
the session itself is :mod:`companion.ui.shell`. A game's screens get it as a
:class:`~companion.ui.contracts.ShellServices`."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import sqlite3
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import flet as ft
from pydantic import TypeAdapter, ValidationError

from companion.core.errors import CompanionError, StoreError
from companion.core.game import LIBRARY_PART
from companion.core.i18n import _
from companion.core.registry import games, games_with, has_part
from companion.store import Store, data_dir, drafts, library
from companion.store.exchange import keep_file
from companion.ui.contracts import PHONE_WIDTH, VIEW_PART, GameView, Route, SessionState, setup_key
from companion.ui.layout import layout
from companion.ui.library import kind_word
from companion.ui.routes import address, route_of
from companion.ui.scenes import Scene
from companion.ui.table import Held, opened_anew

log = logging.getLogger(__name__)

# A new screen (or a new step of one) takes no tap on its entry for this long: the second
# tap of a quick double tap on the button that opened it lands on whatever lies under the
# finger on the new screen (a table's bid chips under its "Next round"), and is lost there.
SETTLE = 0.4
#: A page scrolled down no more than this many px is at its top.
AT_TOP = 0.5
#: A page's scroll events, at most one of a kind (start, update, end…) per this many ms.
SCROLL_EVENTS_MS = 100
#: A file this big, once sent, has its buffers' memory given back (:func:`give_back_memory`).
BIG_FILE = 1 << 20


def give_back_memory() -> None:
    """Give the memory that freed buffers held back to the system. A download goes to
    the phone as a few copies of the file (the text, its bytes, the message sent), and
    glibc keeps what they freed in the process for later: after the 17.5 MB BG Stats
    file of 10,000 matches the server stayed 57 MB bigger, 25 MB once trimmed.
    ``malloc_trim`` hands it back; where there is no glibc (macOS, Windows, the browser
    build) nothing is done."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    libc.malloc_trim(0)


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
        # The scene last drawn (scene_of), until when the screen it opened settles, and
        # whether its settled redraw is asked for (by a screen that asked settling()).
        self._scene: Scene | None = None
        self._scenes = 0
        self._settle_until = 0.0
        self._settle_redraw = False
        # How far the page is scrolled down, in px, as its scroll events last said.
        self.offset = 0.0

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
        for SETTLE seconds (:meth:`settling`)."""
        before, self._scene = self._scene, scene
        if not scene.after(before):
            return self._scenes
        self._scenes += 1
        if before is None or self.page is None:   # the session's first screen (no tap opened it), or no page
            return self._scenes                   # to draw the settled screen on (drawn in-process: tests)
        self._settle_until = time.monotonic() + SETTLE
        self._settle_redraw = False
        return self._scenes

    def settling(self) -> bool:
        """Whether the screen just opened still takes no tap on its entry (a screen's
        chips are drawn disabled meanwhile, looking the same). A screen that asks, and
        is told so, is drawn again once it has settled; a screen that never asks (every
        one but a table's) is not: that redraw read and built a History or Statistics
        screen a second time, 0.4 s after the tap, while the browser was still laying
        out the first."""
        left = self._settle_until - time.monotonic()
        if left <= 0:
            return False
        page = self.page
        if not self._settle_redraw and page is not None:
            self._settle_redraw = True

            async def settled() -> None:
                await asyncio.sleep(left + 0.02)
                self.saved()          # the root's state: Flet draws it again and sends the change

            with contextlib.suppress(Exception):   # the page went away meanwhile
                page.run_task(settled)
        return True

    # ------------------------------------------------------------ services
    def scrolled(self, pixels: float) -> None:
        """The page is scrolled ``pixels`` down (its scroll events: each gesture's last
        one always comes, whatever the throttle)."""
        self.offset = pixels

    def to_top(self) -> None:
        """Scroll the page to its top: a new screen, or a new step of one, opens there.
        A page already at its top is left alone: the call is one more message the
        browser handles, and answers, as it lays out the new screen."""
        page = self.page
        if page is None or self.offset <= AT_TOP:    # drawn without a page (tests), or at the top
            return
        self.offset = 0.0

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
                switched: Callable[[], Awaitable[None]] = lock.enable if on else lock.disable   # Flet's: untyped
                await switched()

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

        held, big = [raw], len(raw) >= BIG_FILE
        del raw            # held only by the download below: let go once it is sent

        async def offer() -> None:
            with contextlib.suppress(Exception):  # no save dialog here: the file is in exports/ already
                await ft.FilePicker().save_file(file_name=name, src_bytes=held[0])
            held.clear()
            if big:
                give_back_memory()

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
            return str(args["game"])
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
