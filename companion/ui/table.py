"""A table screen's link to its match: what every game's table screen shares.

The shell's table route reads the match once (:func:`read_match`: its games, the
game in play, the match's own settings, a :class:`MatchSeen`) and asks a game's view
for its table screen with it; the game opens a :class:`TableSession` on it and draws
from it. The session reads nothing more of the match, holds the screen's
passing state (drafts, the step of a reveal: plain data of the game's own type,
under one key of the shell's session state) and offers the operations as callbacks.
A game's components get values and these callbacks: they never touch the store.

Drafts and what they were begun on: a draft (the round being entered, a past round
being changed) is *stamped* with the record the screen showed when it was begun. A
change saved from it names that record as its base, so a round entered meanwhile on
another screen (another tab, a phone's reveal) refuses it instead of the draft being
stored as one more round (:func:`companion.core.edits.entered_against`). After this
screen saves, drafts begun on the record it replaced go on from the new one
(:func:`companion.core.edits.followed`); after a refusal every stamp is dropped: the
drafts stay as entered, in step with the record the screen now redraws.

Kept across a restart: the passing state is also kept in the store as it changes
(:mod:`companion.store.drafts`, one small transaction a change), with its stamps, as
JSON made from its type (the type of ``fresh``'s state, which every game declares as
its ``passing`` part, :mod:`companion.core.game`: the registry-wide tests check that
it survives JSON).
A session that has no passing state of its own for the game in play (a new browser
session: a reload, a tab reconnecting after the server was restarted, a second tab)
begins from the one kept when it first draws that game, shown exactly as it was (a
hidden bid comes back hidden), and a draft begun on a record since replaced is still
refused. From then on a session keeps its own: two tabs entering at once each keep
what they show (a tab already open never takes up what another enters), and the store
keeps the latest state written, whichever tab wrote it. A state back to fresh (its drafts
entered) is no longer kept. When the store cannot write, the entry goes on on screen
and the top of the page says it could not be kept for a restart (a read-only store is
said once for all by the shell's banner).

No flet here: the session is tested without a browser.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from pydantic import TypeAdapter, ValidationError

from companion.core import edits, registry
from companion.core.errors import CompanionError
from companion.core.game import SCREEN_ONLY
from companion.core.i18n import _
from companion.core.match import GAMES_PER_MATCH
from companion.store import Store, drafts
from companion.store.writes import RecordMoved
from companion.ui.records import Refused, drawn_here, save_change

if TYPE_CHECKING:   # the shell as a screen sees it (its module draws, so imports flet)
    from companion.ui.contracts import ShellServices

U = TypeVar("U")

log = logging.getLogger(__name__)

# Reading a session's latest passing state and keeping it is one step: of two taps
# handled at once, the one kept last is the later state.
_keeping = threading.Lock()


_codecs: dict[type[Any], TypeAdapter[Any]] = {}


def without_secrets(value: Any) -> Any:
    """``value`` (a passing state) with every :func:`~companion.core.game.screen_only`
    field, at any depth, back at its default: what may be kept in the store."""
    if is_dataclass(value) and not isinstance(value, type):
        changes: dict[str, Any] = {}
        for f in fields(value):
            now = getattr(value, f.name)
            kept = f.default if f.metadata.get(SCREEN_ONLY) else without_secrets(now)
            if kept is not now:
                changes[f.name] = kept
        return replace(value, **changes) if changes else value
    if isinstance(value, dict):
        return {k: without_secrets(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(without_secrets(v) for v in value)
    return value


def passing_codec(kind: type[Any]) -> TypeAdapter[Any]:
    """How a table keeps its passing state (of type ``kind``, a frozen dataclass: the
    game's ``passing`` part) in the store: JSON both ways."""
    codec = _codecs.get(kind)
    if codec is None:
        codec = _codecs[kind] = TypeAdapter(kind)
    return codec


KEPT_STEP = "edit"   # a table's step that holds a change being made (a past round being changed)


def opened_anew(ui: Any) -> Any:
    """A table's passing state as the table opens anew (its address opened or typed in,
    Continue, a new browser session): at the table itself. A step that only shows
    something (a past round) goes back to the step the table begins in (its ``mode``
    field's default); a change being made (``KEPT_STEP``) stays, and so do the steps the
    game's state names in ``reopens_on`` (Hot Dog's result of the round just entered:
    after a crash or a reload the table is where the players were, reading it)."""
    if not is_dataclass(ui) or isinstance(ui, type):
        return ui
    first = next((f.default for f in fields(ui) if f.name == "mode"), None)
    mode = getattr(ui, "mode", None)
    if not isinstance(first, str) or mode in (first, KEPT_STEP, *getattr(ui, "reopens_on", ())):
        return ui
    return replace(ui, mode=first)


def _said_at_entry(ui: U, line: str) -> U:
    """``ui`` (a passing state) with ``line`` in its ``error`` field: where every game's
    table shows why a change was refused, next to the entry."""
    return cast(U, replace(cast(Any, ui), error=line))


@dataclass(frozen=True)
class MatchSeen:
    """A match as a table screen draws it, read from the store once per render: by the
    shell's table route (:func:`read_match`), which hands it down to the game's table
    screen (``GameView.table``) and its session; nothing under it reads the match again."""

    id: int
    game: str
    players: tuple[str, ...]
    number: int                              # the game in play, 1-based
    records: tuple[dict[str, Any], ...]      # every game's record so far, game 1 first
    settings: Mapping[str, str] = field(default_factory=dict)   # the match's own settings
    finished: bool = False                   # the match is over (its last game is)

    @property
    def record(self) -> dict[str, Any]:
        """The record of the game in play."""
        return self.records[self.number - 1]


def read_match(store: Store, match_id: int) -> MatchSeen:
    """Match ``match_id`` as its table screen draws it: its games and its own settings,
    read from ``store`` (a StoreError when there is no such match)."""
    m = store.match(match_id)
    assert m.games, "a match always has its first game"
    return MatchSeen(id=m.id, game=m.game, players=tuple(m.players), number=m.games[-1].number,
                     records=tuple(g.record for g in m.games), settings=store.match_settings(m.id),
                     finished=m.finished)


@dataclass(frozen=True)
class Held(Generic[U]):
    """What the session keeps in the shell's state: the game's passing state for one
    game of one match, and the record each draft was begun on (by draft name)."""

    match_id: int
    number: int
    ui: U
    stamps: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


# What each browser session (its shell) began a table from, by the table's key: the
# state kept in the store when the session first drew the game, else a fresh one. Read
# once, so a screen already open never takes up what another tab enters afterwards.
_begun: weakref.WeakKeyDictionary[Any, dict[str, Held[Any]]] = weakref.WeakKeyDictionary()
_begun_lock = threading.Lock()


class TableSession(Generic[U]):
    """One render's view of a table: the match (:class:`MatchSeen`), the passing state
    as drawn (``ui``) and the operations, each a record change saved or a passing-state
    change, on ``match`` as the route read it (or read here from its id: an operation
    called outside a render, as the tests do). ``fresh`` makes a game's passing state
    for a match it has none for. How far a record is (the words of a refusal) and
    whether its game is over (the match is finished when its last game is: game
    ``games``; a game played as a match of one, like burger, passes 1) are the
    registry's (:func:`companion.core.registry.place`, :func:`~companion.core.registry.over`)."""

    def __init__(self, shell: ShellServices, match: MatchSeen | int, *, key: str,
                 fresh: Callable[[MatchSeen], U],
                 games: int = GAMES_PER_MATCH,
                 place: Callable[[Mapping[str, Any]], edits.Place] | None = None,
                 over: Callable[[Mapping[str, Any]], bool] | None = None) -> None:
        self._shell = shell
        self._key = key
        self._games = games
        self._place = place
        self._over = over
        self.match = match if isinstance(match, MatchSeen) else read_match(shell.store, match)
        self.fresh: U = fresh(self.match)
        self._codec = passing_codec(type(self.fresh))
        self._begun: Held[U] | None = None
        self.ui: U = self._held().ui

    # ------------------------------------------------------------ the match
    @property
    def record(self) -> dict[str, Any]:
        """The record of the game in play, as this screen draws it."""
        return self.match.record

    @property
    def number(self) -> int:
        return self.match.number

    def same_table(self, other: TableSession[Any]) -> bool:
        """``other`` is this table as another render drew it: the same browser session,
        table, match and game, drawn from the same record (what a memoized control's
        callbacks may keep of an earlier render)."""
        return (self._shell is other._shell and self._key == other._key and self.match.id == other.match.id
                and self.match.number == other.match.number and self.record == other.record)

    # ------------------------------------------------------------ passing state
    def _mine(self, held: Any) -> bool:
        return isinstance(held, Held) and held.match_id == self.match.id and held.number == self.match.number

    def _held(self) -> Held[U]:
        held = self._shell.ui(self._key)
        return held if self._mine(held) else self._start()

    def _start(self) -> Held[U]:
        """What a session with no passing state of its own for the game in play begins
        from: the state kept in the store when it first drew this game, else a fresh one."""
        if self._begun is not None:
            return self._begun
        with _begun_lock:
            begun = _begun.setdefault(self._shell, {}).get(self._key)
        if begun is None or not self._mine(begun):
            begun = self._kept() or Held(self.match.id, self.match.number, self.fresh)
            with _begun_lock:
                _begun.setdefault(self._shell, {})[self._key] = begun
        self._begun = begun
        return begun

    def _kept(self) -> Held[U] | None:
        try:
            kept = drafts.kept(self._shell.store, self.match.id, self._key, self.match.number)
            if kept is None:
                return None
            ui = self._codec.validate_json(kept.state)
        except (ValidationError, sqlite3.Error) as exc:  # kept by another version: begin afresh
            log.warning("the drafts kept for match %s could not be read back: %s", self.match.id, exc)
            return None
        return Held(self.match.id, self.match.number, opened_anew(ui), kept.stamps)

    def _keep(self) -> None:
        """Keep the session's latest passing state in the store (or forget it there, back
        to fresh). A store that cannot write leaves the entry as it is, on screen."""
        if self._shell.store.read_only is not None:
            return          # read-only: the shell's banner says nothing can be saved
        with _keeping:
            held = self._shell.ui(self._key)
            if not self._mine(held):
                return
            try:
                if held.ui == self.fresh and not held.stamps:
                    drafts.drop(self._shell.store, self.match.id, self._key)
                else:
                    state = self._codec.dump_json(without_secrets(held.ui)).decode()
                    stamps = {k: dict(v) for k, v in held.stamps.items()}
                    drafts.keep(self._shell.store, self.match.id, self._key, self.match.number, state, stamps)
            except CompanionError as exc:   # the store cannot write now (busy, disk full)
                self._shell.say(_("What you entered is on this screen but could not be kept in case "
                                  "companion stops ({reason}): it is kept as soon as a later change can be."
                                  ).format(reason=exc))
            except ValueError:              # a state that is not plain data: a game's fault, not the player's
                log.exception("the drafts of match %s could not be written as JSON", self.match.id)

    def latest(self) -> U:
        """The passing state as it is now (a tap may have changed it since this render)."""
        return self._held().ui

    def put(self, fn: Callable[[U], U]) -> None:
        """Change the passing state from its latest value (a fast second tap builds on the first)."""
        self._put_held(lambda h: replace(h, ui=fn(h.ui)))

    def _put_held(self, fn: Callable[[Held[U]], Held[U]]) -> None:
        start = self._start()
        self._shell.set_ui(self._key, lambda h: fn(h if self._mine(h) else start))
        self._keep()

    def put_draft(self, which: str, fn: Callable[[U], U]) -> None:
        """A change to draft ``which`` (e.g. "round", "edit"): a draft not begun yet is
        begun on the record this screen draws."""
        drawn = self.record

        def step(h: Held[U]) -> Held[U]:
            stamps = dict(h.stamps)
            stamps[which] = edits.entered_against(stamps.get(which), drawn)
            return replace(h, ui=fn(h.ui), stamps=stamps)

        self._put_held(step)

    def forget(self, which: str) -> None:
        """Draft ``which`` is no draft any more (entered, or emptied): nothing to stamp."""
        self._put_held(lambda h: replace(h, stamps={k: v for k, v in h.stamps.items() if k != which}))

    def base(self, which: str) -> dict[str, Any]:
        """The record a change from draft ``which`` is made from: the one the draft was
        begun on, else the record this screen draws."""
        return dict(edits.entered_against(self._held().stamps.get(which), self.record))

    # ------------------------------------------------------------ saving
    def save(self, record: dict[str, Any], base: Mapping[str, Any], not_done: str, *,
             error: Callable[[U, str], U] | None = None) -> Refused | None:
        """Save ``record`` as the game in play, made from ``base``: None when saved, else
        why not (nothing was saved; every draft stays, no longer stamped). ``error``
        puts the refusal into the game's passing state, where the entry shows it; a
        refusal that moved the match on to another game is then also said at the top
        of the page, where the screen that follows shows it. ``not_done`` words what
        did not happen ('your entry was not saved')."""
        n = self.match.number
        game = self.match.game
        place = self._place or (lambda r: registry.place(game, r))
        over = self._over or (lambda r: registry.over(game, r))
        with drawn_here(self._shell.page):   # drawn below, by this session's change of state
            refused = save_change(self._shell.store, self.match.id, n, record, base=base, place=place,
                                  not_done=not_done, finished_match=n == self._games and over(record))
        if refused is None:
            self._put_held(lambda h: replace(h, stamps={k: v for k, v in (
                (k, edits.followed(v, base, record)) for k, v in h.stamps.items()) if v is not None}))
            return None
        line = refused.line
        self._put_held(lambda h: replace(h, ui=h.ui if error is None else error(h.ui, line), stamps={}))
        if refused.game != n:      # after the put: a passing-state change clears the top line
            self._shell.say(line)
        return refused

    def commit(self, change: edits.Change, base: Mapping[str, Any], not_done: str, *, draft: str,
               then: Callable[[U], U], refused: Callable[[U], U] = lambda u: u) -> bool:
        """The way every game's table enters a record change (a round, an undo, a past
        round changed): ``change``, made from ``base`` by the game's rules, saved as the
        game in play (:meth:`save`). Refused, by the rules or by the store, the refusal
        shows next to the entry (in the passing state's ``error`` field, which every
        game's has) and ``refused`` tidies the passing state (an undo question answered);
        the drafts stay as entered. Saved, draft ``draft`` is no draft any more
        and ``then`` moves the passing state on, in one change. True when saved (the
        caller then says what was done, where it says something)."""
        def said(ui: U, line: str) -> U:
            return refused(_said_at_entry(ui, line))

        if change.error is not None:
            error = change.error
            self.put(lambda u: said(u, error))
            return False
        if self.save(change.record, base, not_done, error=said) is not None:
            return False
        self._put_held(lambda h: replace(h, ui=then(h.ui), stamps={k: v for k, v in h.stamps.items() if k != draft}))
        return True

    def start_next_game(self, record: dict[str, Any]) -> str | None:
        """Start the match's next game with ``record`` and show it: None when it is in
        play (a second tap, or another screen, may have started it first), else why the
        store could not save it."""
        try:
            self._shell.store.add_game(self.match.id, record, after=self.match.number)
        except RecordMoved:
            pass
        except CompanionError as exc:   # the store cannot save now (read-only, busy)
            return _("Not saved: {reason}").format(reason=exc)
        # The next game's table begins fresh: a new scene, which opens at its top
        # (companion.ui.shell.scene_of), whatever the game over screen was scrolled to.
        fresh = Held(self.match.id, self.match.number + 1, self.fresh)
        self._shell.set_ui(self._key, lambda h: h if self._later(h) else fresh)
        self._shell.go("match", match=self.match.id)
        return None

    def _later(self, held: Any) -> bool:
        """``held`` is this match's passing state for a game after the one drawn (another
        screen started it first)."""
        return isinstance(held, Held) and held.match_id == self.match.id and held.number > self.match.number

    def set_setting(self, key: str, value: str | None) -> None:
        """Keep one of the match's own settings (e.g. the sales deck file)."""
        self._shell.store.set_match_setting(self.match.id, key, value)
        self._shell.saved()

    # ------------------------------------------------------------ the session around the table
    def say(self, text: str | None) -> None:
        self._shell.say(text)

    def go(self, screen: str, **args: Any) -> None:
        self._shell.go(screen, **args)

    def to_top(self) -> None:
        """The page scrolled to its top: the screen drawn next is another one in effect."""
        self._shell.to_top()

    def continue_match(self) -> None:
        self._shell.continue_match(self.match.id)


def open_match(shell: ShellServices, game: str, players: list[str], record: dict[str, Any],
               settings: Mapping[str, str] | None = None) -> str | None:
    """A setup screen's last step: store a new match of ``game`` (its first game's
    ``record`` and the match's own settings) and show its table. None when done, else
    why the store could not save it."""
    try:
        match_id = shell.store.create_match(game, players, record)
        for key, value in (settings or {}).items():
            shell.store.set_match_setting(match_id, key, value)
    except CompanionError as exc:
        return _("Not saved: {reason}").format(reason=exc)
    shell.match_started(game, match_id)
    shell.go("match", match=match_id)
    return None
