"""What the app's screens share: the protocols between the shell, the phone and host
screens and the games' screens, and the small values they pass.

The shell (:mod:`companion.ui.shell`) draws the session and finds each game's screens
through the registry; a game's ``view`` and ``remote`` parts and the phone and host
screens import this module, never the shell. So the imports go one way only:
shell → host → phone → the games' screens → contracts.

``ShellServices`` is the shell as a screen sees it: navigation, passing state, the
store, exports. ``GameView`` is a game's app screens, ``RemoteView`` its phone screens
(with ``SeatContext`` and ``HostContext``, what a seat's and the host's parts get).

A component called with a ``key`` (Flet's identity for it among its siblings) declares
it as a keyword, ``*, key: str | None = None``: ``ft.component`` takes the key
before the function runs, and its typing does not say that it may be given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.core.game import Part
from companion.store import Store
from companion.store.db import StoredMatch

if TYPE_CHECKING:   # a screen of the ui: contracts imports none of them; the hub's views, only where
    # phones join (never in the browser build, which hosts no table)
    from companion.net.views import HostView, SeatView
    from companion.ui.table import MatchSeen

__all__ = ["PHONE_WIDTH", "READING_WIDTH", "REMOTE_PART", "TABLE_WIDTH", "VIEW_PART", "GameView", "HostContext",
           "RemoteView", "Route", "SeatContext", "SessionState", "ShellServices", "setup_key"]


# ================================================================ the session

@dataclass(frozen=True)
class Route:
    """The screen a session shows (``"match"``) and what it shows there
    (``{"match": 12}``). It is the session's state; the page's address follows it
    (``/match/12``, :mod:`companion.ui.routes`), and the browser's Back brings it back."""

    screen: str = "home"
    args: Mapping[str, Any] = field(default_factory=dict)


# The width of the content, in logical pixels, on a window wider than a phone
# (``SessionState.wide``): a match screen (a game's ``table`` and ``match_detail``)
# gets up to TABLE_WIDTH, every other screen a readable column of READING_WIDTH. A
# window narrower than that (less the page's margins) is filled.
TABLE_WIDTH = 1240
READING_WIDTH = 760
PHONE_WIDTH = 600      # at most this wide, a window is a phone's: one column, full width


@dataclass(frozen=True)
class SessionState:
    """Everything a session shows, as data: never controls.

    ``wide`` is the one thing a game's screen asks about the window: True when it is
    wider than a phone (more than PHONE_WIDTH px). A match screen then has up to
    TABLE_WIDTH px and may lay its table out side by side — ``widgets.side_by_side``, an ``ft.ResponsiveRow``,
    which breaks by the room it is given, so the same screen stays one column where
    the window is narrower. False: a phone's single column, full width.
    ``width`` is the window's width as of the last change of layout (0: not known);
    the shell sizes the content from it."""

    route: Route = field(default_factory=Route)
    flash: str | None = None                     # a one-line message at the top
    ui: Mapping[str, Any] = field(default_factory=dict)   # screens' passing state by key
    wide: bool = False                           # wider than a phone: desktop layout
    width: float = 0                             # the window's width (logical px)
    rev: int = 0                                 # bumped by every change: re-read the store


class ShellServices(Protocol):
    """The session's shell as every screen gets it (:class:`companion.ui.shell.Shell`):
    data and callbacks, nothing drawn. ``go`` opens another screen (and puts its
    address in the browser); ``state.wide`` says the window is wider than a phone."""

    page: ft.Page
    store: Store
    state: SessionState
    remote: bool           # a phone's session: the hosted table's phone screens only
    host_machine: bool     # a phone-screen session from this very machine
    peer: str              # the connection's own address (the gate's): the join limiter's key

    def go(self, screen: str, *, say: str | None = None, **args: Any) -> None: ...
    def say(self, text: str | None) -> None: ...
    def ui(self, key: str, default: Any = None) -> Any: ...
    def set_ui(self, key: str, fn: Callable[[Any], Any], default: Any = None) -> None: ...
    def drop_ui(self, key: str) -> None: ...
    def saved(self) -> None: ...
    def continue_match(self, match_id: int) -> None: ...
    def cannot_save(self) -> str | None: ...
    def export(self, filename: str, data: str | bytes, what: str | None = None) -> str: ...   # None: "File"
    def settling(self) -> bool: ...   # a screen just opened: its entry takes no tap yet
    def to_top(self) -> None: ...     # the page scrolled to its top
    def match_started(self, game: str, match_id: int) -> None: ...   # by game's setup, just now


# ================================================================ a game's app screens

def setup_key(game: str) -> str:
    """The key ``game``'s setup screen keeps its draft under (``shell.ui(setup_key(game))``).
    The shell drops it when a new match of that game is begun, so a setup left half-done
    is never the next one's start."""
    return f"{game}-setup"


class GameView(Protocol):
    """What a game offers the shell (``companion.games.<name>.view.VIEW``)."""

    name: str
    title: str

    def setup(self, shell: ShellServices) -> ft.Control: ...
    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control: ...   # read once at the route
    def match_detail(self, shell: ShellServices, match: StoredMatch) -> ft.Control: ...
    def rules(self, shell: ShellServices) -> ft.Control: ...
    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]: ...


VIEW_PART: Part[GameView] = Part("view")


#: Where the players stand in a match in progress: what the numbers are ("Now", "Score
#: now") and each player's, as the game's score grid shows them (its first row).
Standings = tuple[str, list[tuple[str, str]]]


class WithStandings(Protocol):
    """What a game's view may offer besides (``standings``): the match in progress in a
    few words for the browser build's first screen, drawn before Python is up
    (:func:`companion.web.browser.summary`). A view without it shows none there."""

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None: ...


class FileEditor(Protocol):
    """What the view of a game with a ``library`` part offers besides (its
    ``GameView`` has an ``editor``): the screen editing one stored file of it
    (``/library/<game>/<id>``, :mod:`companion.store.library`)."""

    def editor(self, shell: ShellServices, item_id: int) -> ft.Control: ...


# ================================================================ a game's phone screens

@dataclass(frozen=True)
class SeatContext:
    """What a game's seat component gets: its own seat's view, its draft (plain data,
    None until the player touches a field), the last refusal, and the actions."""

    view: SeatView
    draft: Any
    error: str | None
    put: Callable[[Callable[[Any], Any]], None]
    submit: Callable[[dict[str, Any]], None]
    withdraw: Callable[[], None]


@dataclass(frozen=True)
class HostContext:
    """What a game's host part gets (burger: the decks entry before the reveal)."""

    view: HostView
    draft: Any
    put: Callable[[Callable[[Any], Any]], None]
    set_info: Callable[[dict[str, Any]], None]


class RemoteView(Protocol):
    """``companion.games.<name>.remote.REMOTE``."""

    name: str
    secret: bool     # bids hidden until the reveal (False: plays are public, e.g. sales)
    bids: bool       # what a player enters is a bid (Hot Dog); False: a play (burger's tool cards)

    def seat(self, ctx: SeatContext) -> ft.Control: ...
    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control: ...
    def host_info(self, ctx: HostContext) -> ft.Control | None: ...


REMOTE_PART: Part[RemoteView] = Part("remote")
