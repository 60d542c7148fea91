"""The game interface: what a game declares, so that nothing else lists games.

A game is a folder ``companion/games/<name>/`` whose ``__init__`` defines ``GAME``, a
:class:`GameSpec`: the few facts every caller needs at once (name, title, record
model, referee) and its *parts* (:data:`PARTS`: rules, seat, view, remote, printable,
export, passing, library, stats) as import strings, loaded only when asked for through
:func:`companion.core.registry.part`, so that importing the registry (the referee
command) never imports Flet or reportlab. What each part is, and who asks for it:
the parts table in ``docs/architecture.md``.

Each part is asked for by its :class:`Part` key, which carries the part's contract as
its type: ``part("hotdog", RULES_PART)`` is a :class:`Rules`. A key lives beside its
contract (the view's and the phone's in ``companion.ui.contracts``, the printable's in
``companion.pdf.api``, the statistics' in ``companion.tallies.stats``), and each game's
``__init__`` holds its parts to those contracts in a block only mypy reads.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from companion.core import words
from companion.core.edits import Change, Place
from companion.core.errors import RecordError, RuleError
from companion.core.i18n import _
from companion.core.record import parse_json

SCREEN_ONLY = "screen_only"


def screen_only(default: Any = None) -> Any:
    """A passing-state field that lives on the screen only and is never kept in the
    store: what a player looks at in secret (their own peek, a tool card in hand). A
    tab opened later, or the same screen after a restart, shows it closed again."""
    return field(default=default, metadata={SCREEN_ONLY: True})


#: The parts a game may declare (see the module docstring).
PARTS = ("rules", "seat", "view", "remote", "printable", "export", "passing", "library", "stats")

T = TypeVar("T")


@dataclass(frozen=True)
class Part(Generic[T]):
    """The key a part is asked for by: its name (one of :data:`PARTS`) and, as its type
    ``T``, what the part must be. ``registry.part(game, key)`` is typed ``T``."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in PARTS:
            raise ValueError(f"unknown part {self.name!r} (parts: {', '.join(PARTS)})")


GameResult = Mapping[str, Any]
"""A game's result: facts as plain data (the game's own typed dict, its ``models``), the
contract's output. Every game's has ``"game"``, ``"game_over"`` (the game is over) and
``"winners"`` (who won it; nobody before the end)."""

S = TypeVar("S")     # a game's state between rounds
F = TypeVar("F")     # a round's facts
M = TypeVar("M")     # a round as the record holds it


def replay_rounds(state: S, rounds: Iterable[M], play: Callable[[S, M], tuple[F, S]]) -> tuple[list[F], S]:
    """Every round played in turn from ``state``: each round's facts, and the state
    after the last (the one loop of every game's replay)."""
    facts: list[F] = []
    for rnd in rounds:
        one, state = play(state, rnd)
        facts.append(one)
    return facts, state


@dataclass(frozen=True)
class Played(Generic[S, F]):
    """A record replayed once (:func:`companion.core.registry.replay`): what every
    screen, phone and printout of it is worked out from. Facts only, no words: one
    replay serves every language."""

    record: Mapping[str, Any]      # as read: every default filled in, names as kept
    rounds: list[F]                # each round's facts
    states: list[S]                # the state before each round, then after the last
    result: Any                    # the game's result (the contract's output)

    @property
    def state(self) -> S:
        """The state after the last round."""
        return self.states[-1]

    def before(self, index: int) -> S:
        """The state before round ``index`` (0-based): what a change to it is checked against."""
        return self.states[index]


class Rules(Protocol):
    """A game's rules module: a pure replay of the record, facts only. The state and the
    facts are the game's own types; a refused round raises
    :class:`~companion.core.errors.RuleError` carrying its ruling, round and player, and
    changes nothing (``check_round`` gives it as a value)."""

    def start(self, record: Any) -> Any: ...
    def play_round(self, state: Any, rnd: Any) -> tuple[Any, Any]: ...
    def check_round(self, state: Any, rnd: Any) -> RuleError | None: ...
    def result(self, rounds: list[Any], state: Any) -> GameResult: ...
    def over(self, state: Any) -> bool: ...
    def final_scores(self, result: Any) -> dict[str, int]: ...


class Export(Protocol):
    """A game's ``export`` module: its rows of the CSV export, the column its score goes
    in (Hot Dog's is "money"), and who began the game (BG Stats' start player)."""

    SCORE_COLUMN: str

    def csv_rows(self, number: int, record: dict[str, Any]) -> list[dict[str, Any]]: ...
    def start_player(self, result: Any) -> str | None: ...


@runtime_checkable
class TeamScore(Protocol):
    """What a game's ``export`` may offer besides: the score of a game played as one team
    (sales' co-op and solo), or None for a game played against each other."""

    def team_score(self, result: Any) -> int | None: ...


RULES_PART: Part[Rules] = Part("rules")
EXPORT_PART: Part[Export] = Part("export")
#: the type of a table's passing state, a frozen dataclass kept as JSON (``companion.ui.table``)
PASSING_PART: Part[type[Any]] = Part("passing")


@dataclass(frozen=True)
class GameSpec:
    name: str                                   # 'hotdog': the record's "game"
    title: str                                  # 'Hot Dog': what a player reads
    record_model: Any                           # the record's shape: a typed dict (its game, players, rounds…)
    referee: Callable[[Any], GameResult]        # record (read as record_model) → result (raises RuleError)
    field_rulings: Mapping[str, str] = field(default_factory=dict)
    # per-player final score of a finished game's result, for three-game matches
    final_scores: Callable[[Any], dict[str, int]] | None = None
    # how a player reads a score (a final one, a margin, an average), with its unit:
    # Hot Dog's are dollars ("$12"), the others' points ("12 points")
    score_text: Callable[[float], str] = words.points
    # what a match is (one answer, used by the tally, Statistics, game nights and every
    # export): ``match_games`` games of this kind. More than one (Hot Dog's three) are
    # added up by ``match_ruling`` (HD-15): the highest total wins, shared on a tie. One:
    # the match is its game, won as the game is won (its tie-break too)
    match_games: int = 1
    match_ruling: str | None = None
    # the ruling that decides between equal top scores (sales' SA-13, burger's BU-8);
    # None: equal top scores share the win
    tie_break: str | None = None
    # raised whenever a rules fix changes what a stored record comes to (scores, winners,
    # a game's own figures): the store works its derived results out again
    # (companion.store.derived), so Statistics and the exports never keep an old answer
    rules_version: int = 1
    # the command of its `library` part's files: `companion deck check FILE` (FileCommand)
    files: FileCommand | None = None
    # part name → "module" or "module:attribute" (see PARTS)
    parts: Mapping[str, str] = field(default_factory=dict)
    # the record's modes in which one person plays every seat (sales' solo: two hands):
    # such a match is no group of people to offer again on a setup screen
    lone_modes: frozenset[str] = frozenset()
    # how far a replayed game is, as its table names it (default: the rounds played)
    place: Callable[[Played[Any, Any]], Place] | None = None
    # the facts a result holds beyond the contract's fields, left out of `companion referee`'s
    # output (pydantic's ``exclude`` form: {"rounds": {"__all__": {"why": True}}})
    beyond_contract: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.match_games < 1 or (self.match_games > 1) != (self.match_ruling is not None):
            raise ValueError(f"game {self.name}: a match of several games needs the ruling that adds them up, "
                             "and only such a match has one")
        unknown = sorted(set(self.parts) - set(PARTS))
        if unknown:
            raise ValueError(f"game {self.name}: unknown part {unknown[0]!r} (parts: {', '.join(PARTS)})")
        if self.files is not None and "library" not in self.parts:
            raise ValueError(f"game {self.name}: a command for its files needs the library part that reads them")


@dataclass(frozen=True)
class FileCommand:
    """``companion <name> check FILE`` and ``companion <name> list``: a game's players'
    files (its ``library`` part) on the command line, worked out from the part by
    :mod:`companion.core.filecommands`. The command's words are declared with the game,
    not by the part, so that building the command line imports nothing of the game's."""

    name: str                                   # the command: "deck", "recipes"
    noun: str                                   # one file, in the command's help: "deck", "recipe"


@dataclass(frozen=True)
class Library:
    """A kind of file players make for their own copy of a game: what the rule texts
    leave to the printed cards (sales' card list, burger's recipe cards). Each file is
    kept in the store as exactly the JSON text the game's command-line check reads
    (:mod:`companion.store.library`), edited in the app by the game's view (its
    ``editor``), exported and imported as that file. A match set up with one keeps a
    copy of it in its own setting :attr:`setting`, so editing or deleting the file
    never changes a stored game. Every function takes the file's parsed JSON, which
    may have faults while it is being edited."""

    kind: str                                   # what one is called: "deck", "recipe set"
    plural: str                                 # "decks", "recipe sets"
    setting: str                                # the match setting keeping a match's copy
    check: Callable[[Any], list[str]]           # every fault, one line each (empty: good)
    summary: Callable[[Any], list[str]]         # a good file's short summary
    name_of: Callable[[Any], str]               # its name as a player reads it ("" if none)
    blank: Callable[[], dict[str, Any]]         # a new, empty one
    examples: Callable[[], list[Path]]          # the shipped examples: a starting point to copy

    def read(self, text: str | bytes, where: str = "") -> Checked:
        """A file's text, read as the game's check reads it: its faults (text that is
        not JSON is one, after ``where``, the file's path, if it has one), or its summary."""
        try:
            raw = parse_json(text)
        except RecordError as err:
            return Checked(None, "", [f"{where}: {err.message}" if where else err.message], [])
        try:
            found = self.check(raw)
        except Exception as exc:    # a check must say, never crash: still one fault
            found = [f"{self.kind}: {exc}"]
        name = self.name_of(raw) if isinstance(raw, dict) else ""
        return Checked(raw, name, found, [] if found else self.summary(raw))

    def read_file(self, path: str) -> Checked:
        """A file on disk, read as :meth:`read` reads its text (``companion deck check
        FILE``): a file that cannot be read, or is not JSON, is one fault naming it."""
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            return Checked(None, "", [_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc)],
                           [])
        return self.read(data, path)


@dataclass(frozen=True)
class Checked:
    """A player's file as read: its parsed JSON (None if it is not JSON), its name, and
    either its faults or its summary."""

    raw: Any
    name: str
    problems: list[str]
    summary: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


class Seat(ABC):
    """What one phone may submit and see in a game: the hub asks this, and knows no game.

    Every method is a pure function of its input (records as plain JSON data). The
    secrecy of a game lives here, once: what a seat is shown of a round
    (:meth:`resolution`) and whether moves are hidden until the reveal (:attr:`secret`:
    a hidden bid leaves with a player who leaves the seat; a move made face up stays on
    the table).
    """

    name: str = ""
    secret: bool = True          # moves hidden from other seats until the reveal
    same_for_every_seat: bool = False
    """A promise that no seat has an own part in :meth:`resolution`:
    ``resolution(record, p) == resolution(record, None)`` for every record and every seat
    ``p``. The hub then works the table's resolution out once per record and shows it to
    every seat; left False, each seat's is worked out for that seat. Sharing can never
    show a seat too much (the table's view has no own parts), but a wrong True would show
    every seat the table's view instead of its own (``tests/net/test_view_cache.py``
    holds every game to it)."""

    def position(self, record: Mapping[str, Any]) -> int:
        """How far the record is: pending moves belong to this point and go stale past it."""
        return len(record["rounds"])

    @abstractmethod
    def parse_bid(self, player: str, bid: Mapping[str, Any]) -> dict[str, Any]:
        """The move in its stored form; raises RecordError (with its ruling) if malformed."""

    @abstractmethod
    def check_bid(self, record: Mapping[str, Any], player: str, bid: Mapping[str, Any],
                  pending: Mapping[str, Mapping[str, Any]]) -> str | None:
        """Why the rules refuse this player's move now (with the ruling id), or None."""

    def withdraw_refusal(self, player: str, pending: list[str]) -> str | None:
        """Why a player may not take back their pending move (``pending``: who has moved,
        in order), or None. Hidden bids can always be taken back before the reveal."""
        return None

    @abstractmethod
    def expected(self, record: Mapping[str, Any]) -> list[str]:
        """Who must move before the round can be revealed, in order."""

    @abstractmethod
    def append(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]],
               info: Mapping[str, Any]) -> Change:
        """The record with the next round made of these moves (in submission order)."""

    @abstractmethod
    def over(self, record: Mapping[str, Any]) -> bool:
        """The game is over: no more moves."""

    @abstractmethod
    def resolution(self, record: Mapping[str, Any], player: str | None) -> dict[str, Any] | None:
        """The last recorded round as ``player``'s seat may see it (None: the whole table's
        view, no private parts), or None before the first round."""

    # The game as moves (OpenSpiel's legal_actions, boardgame.io's ai.enumerate): enough
    # to start a game and play it to its end from the interface alone, as the
    # registry-wide tests do (tests/every_game/generators.py). Each list is finite and
    # small; every entry in it is legal now.

    @abstractmethod
    def new_records(self, players: Sequence[str]) -> list[dict[str, Any]]:
        """Records before the first move, made as the game's setup form makes them, for
        ``players`` in seat order: the form's default and a few setups its rules tell
        apart (who begins, a mode, a smaller hand…). Empty if the rules refuse these
        players."""

    @abstractmethod
    def legal_moves(self, record: Mapping[str, Any], player: str,
                    pending: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Every move ``player`` may submit now, as a phone sends it (before
        :meth:`parse_bid`), ``pending`` being the moves already in (as for
        :meth:`check_bid`): each one :meth:`check_bid` accepts, and every move it
        accepts is one of them. Where the rules take moves without end (any number of
        hot dogs, any card a player shows), the list keeps to a finite part its
        docstring names and the rules cite. Empty: this player may not move now."""

    def round_info(self, record: Mapping[str, Any], bids: Mapping[str, Mapping[str, Any]]
                   ) -> list[dict[str, Any]]:
        """The table's part of the round these moves make (:meth:`append`'s ``info``, what
        the host enters), one entry for each kind of it the rules tell apart: each makes a
        round the rules take. Default: the table enters nothing."""
        return [{}]

    def table_moves(self, record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The records the table may make when no seat is to move and the game goes on (a
        round begun at the table, not by a seat), one for each kind the rules tell apart.
        Default: none, a seat always moves next until the end."""
        return []


SEAT_PART: Part[Seat] = Part("seat")
LIBRARY_PART: Part[Library] = Part("library")
