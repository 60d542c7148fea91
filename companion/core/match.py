"""A match: what a game kind calls one contest, its games' scores added up.

What a match is comes from the game's spec, and nothing else answers it
(:func:`add_up`, used by the tally, Statistics, game nights and every export): Hot Dog's
is three games whose dollars are added up per player (HD-15, ``GameSpec.match_games``
and ``match_ruling``); any other game's match is its one game, won as that game is won,
tie-break included (sales' SA-13, burger's BU-8).

A match record is the players plus each game's own record, as played; its result
is a pure function of it, like a game's. The app stores it; a match export is
this record as JSON::

    {"kind": "match", "game": "hotdog", "players": ["Anna", "Bernd", "Chris"],
     "games": [<game record>, <game record>, <game record>]}

An export also says where the match was kept, which the referee does not read: the
match's stable ``id`` (the same match imported twice is recognised) and when it was
``started`` and last ``changed``, and per game when it was played (``played``), as
ISO 8601 times with their offset.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from companion.core import words
from companion.core.errors import RecordError, RuleError
from companion.core.game import GameSpec
from companion.core.i18n import _, pgettext
from companion.core.names import key
from companion.core.record import Model, Players, error_from_validation
from companion.core.registry import game, read

R = TypeVar("R")

#: Hot Dog's match (HD-15); every other game's match is one game (``GameSpec.match_games``).
GAMES_PER_MATCH = 3


def _moment(value: str) -> str:
    """An ISO 8601 date and time with its offset ('2026-11-30T20:15:00+01:00')."""
    try:
        when = dt.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(_("must be a date and time written like 2026-11-30T20:15:00+01:00")) from None
    if when.tzinfo is None:
        raise ValueError(_("must say its offset from UTC, like 2026-11-30T20:15:00+01:00"))
    return value


def _match_id(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9-]{1,64}", value):
        raise ValueError(_("must be 1 to 64 letters, digits or dashes"))
    return value


Moment = Annotated[str, AfterValidator(_moment)]
#: A match's stable id: the store's, carried by its exports (letters, digits, dashes).
MatchId = Annotated[str, AfterValidator(_match_id)]


class Played(Model):
    """When one game of a match was started and last changed."""

    started: Moment
    changed: Moment


class MatchRecord(Model):
    kind: Literal["match"] = "match"
    game: str
    id: MatchId | None = None
    started: Moment | None = None
    changed: Moment | None = None
    players: Players
    games: list[dict[str, Any]] = []
    played: list[Played] = []


class GameTally(BaseModel):
    model_config = ConfigDict(frozen=True)

    number: int
    over: bool
    scores: dict[str, int]
    winners: list[str]


class MatchResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: Literal["match"] = "match"
    game: str
    games: list[GameTally]
    totals: dict[str, int]
    complete: bool
    winners: list[str]


def parse_match(raw: Any) -> MatchRecord:
    """A match record from parsed JSON; a bad one raises a one-line RecordError."""
    try:
        return MatchRecord.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, {}) from None


def game_records(match: MatchRecord) -> list[dict[str, Any]]:
    """Each game of the match read as its game's record (checked like any record)."""
    spec = game(match.game)
    out = []
    for i, raw in enumerate(match.games, 1):
        try:
            record = read(spec, {"game": match.game, **raw})
        except RecordError as err:
            raise RecordError(_("game {n}: {error}").format(n=i, error=err)) from None
        out.append(record)
    return out


def game_records_as(shape: type[R], match: MatchRecord) -> list[R]:
    """:func:`game_records` of a match of the game whose record shape is ``shape``; a
    match of another game is refused."""
    if game(match.game).record_model is not shape:
        raise RecordError(_("game: a {model} match was expected, not a '{game}' match").format(
            model=shape.__name__, game=match.game))
    found: list[R] = game_records(match)  # type: ignore[assignment]
    return found


def _refuse(spec: GameSpec, message: str) -> RecordError:
    """A match error, citing the game's match ruling where its rules have one (HD-15)."""
    if spec.match_ruling:
        return RuleError(spec.match_ruling, message)
    return RecordError(_("match: {error}").format(error=message))


@dataclass(frozen=True)
class GameOutcome:
    """One game of a match as the match adds it up: whether it is over, each seat's
    score (by the match's spelling of the names) and who won it (nobody before the end,
    nobody in a game played as a team)."""

    over: bool
    scores: Mapping[str, int]
    winners: Sequence[str]


@dataclass(frozen=True)
class Outcome:
    """A match added up: complete (every game of it over), each player's total (of the
    finished games) and the match's winners (none before it is complete)."""

    complete: bool
    totals: dict[str, int]
    winners: tuple[str, ...]


def outcome_of(seats: Sequence[str], players: Sequence[str], scores: Mapping[str, int],
               result: Any) -> GameOutcome:
    """One game's ``result`` and final ``scores`` as its match adds them up: ``players``
    as the game's record spells them, seated as the match's ``seats`` (a name's spelling
    may differ)."""
    seat_of = {key(gp): p for p, gp in zip(seats, players, strict=True)}
    return GameOutcome(bool(result["game_over"]), {p: scores[gp] for p, gp in zip(seats, players, strict=True)},
                       [seat_of[key(w)] for w in result["winners"]])


def add_up(spec: GameSpec, players: Sequence[str], games: Sequence[GameOutcome]) -> Outcome:
    """What a match of ``spec``'s game comes to, from its games (the one answer to "what
    is a match"). Several games (HD-15): the finished games' scores added up, complete
    when all of them are over, the highest total wins, shared on a tie. One game: the
    game is the match, and its winners (the game's own tie-break too) win it."""
    totals = dict.fromkeys(players, 0)
    for g in games:
        if g.over:
            for p in players:
                totals[p] += g.scores.get(p, 0)
    complete = len(games) == spec.match_games and all(g.over for g in games)
    if not complete:
        return Outcome(False, totals, ())
    if spec.match_games == 1:
        won = {key(w) for w in games[0].winners}
        return Outcome(True, totals, tuple(p for p in players if key(p) in won))
    best = max(totals.values(), default=0)
    return Outcome(True, totals, tuple(p for p in players if totals[p] == best))


def tally(match: MatchRecord) -> MatchResult:
    """Add up the games of a match as :func:`add_up` does (HD-15 for Hot Dog's three).
    The players are checked by each game's own referee (every game has the match's players)."""
    spec: GameSpec = game(match.game)
    if spec.final_scores is None:
        raise RecordError(_("game: {game} has no final scores to add up as a match").format(game=spec.title))
    if len(match.games) > spec.match_games:
        if spec.match_games == 1:
            raise _refuse(spec, _("a {game} match is one game, not {given}").format(
                game=spec.title, given=len(match.games)))
        raise _refuse(spec, _("a match is {n} games, not {given}").format(n=spec.match_games, given=len(match.games)))
    seats = [key(p) for p in match.players]
    games: list[GameTally] = []
    outcomes: list[GameOutcome] = []
    for i, record in enumerate(game_records(match), 1):
        players = list(record["players"])
        if [key(p) for p in players] != seats:
            raise _refuse(spec, _("game {n} is played by {players}, not by the match's players").format(
                n=i, players=", ".join(players)))
        if games and not games[-1].over:
            raise _refuse(spec, _("game {n} starts before game {before} is over").format(n=i, before=i - 1))
        try:
            result = spec.referee(record)
        except RecordError as exc:
            raise RecordError(_("game {n}: {error}").format(n=i, error=exc)) from None
        outcome = outcome_of(match.players, players, spec.final_scores(result), result)
        games.append(GameTally(number=i, over=outcome.over, scores=dict(outcome.scores),
                               winners=list(result["winners"])))
        outcomes.append(outcome)
    out = add_up(spec, match.players, outcomes)
    return MatchResult(game=match.game, games=games, totals=out.totals, complete=out.complete,
                       winners=list(out.winners))


def match_text(result: MatchResult) -> str:
    """The match in one sentence: who won it with what (the game's match ruling, HD-15),
    or how far it is; a one-game match (sales, burger) is won as its game is."""
    spec = game(result.game)
    winners = result.winners
    if result.complete:
        best = max(result.totals.values(), default=0)
        # Translators: a ruling's id cited at the end of a summary, " (HD-15)"
        cite = pgettext("cited", " ({ruling})").format(ruling=spec.match_ruling) if spec.match_ruling else ""
        if not winners:
            return _("Match over: no winner; the game was played together.")
        if spec.match_games == 1:
            return _("Match over: {players} won the game.").format(players=words.names(winners))
        if len(winners) == 1:
            return _("Match over: {player} wins the match with {score}{ruling}.").format(
                player=winners[0], score=spec.score_text(best), ruling=cite)
        return _("Match over: {players} share the match with {score}{ruling}.").format(
            players=words.names(winners), score=spec.score_text(best), ruling=cite)
    if spec.match_games == 1:
        return _("Match in progress: its game is not over yet.")
    finished = sum(1 for g in result.games if g.over)
    return _("Match in progress: {finished} of {n} games finished.").format(finished=finished, n=spec.match_games)
