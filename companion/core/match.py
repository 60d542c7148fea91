"""A match: three games of one game kind, their scores added up per player (HD-15).

A match record is the players plus each game's own record, as played; its result
is a pure function of it, like a game's. The app stores it; a match export is
this record as JSON::

    {"kind": "match", "game": "hotdog", "players": ["Anna", "Bernd", "Chris"],
     "games": [<game record>, <game record>, <game record>]}
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.core import words
from companion.core.errors import RecordError, RuleError
from companion.core.i18n import _
from companion.core.names import key
from companion.core.record import Model, Players, error_from_validation
from companion.core.registry import GameSpec, game, read

R = TypeVar("R")

GAMES_PER_MATCH = 3


class MatchRecord(Model):
    kind: Literal["match"] = "match"
    game: str
    players: Players
    games: list[dict[str, Any]] = []


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


def tally(match: MatchRecord) -> MatchResult:
    """Add up the games of a match; the highest total wins, shared on a tie (HD-15).
    The players are checked by each game's own referee (every game has the match's players)."""
    spec: GameSpec = game(match.game)
    if spec.final_scores is None:
        raise RecordError(_("game: {game} is not played as a three-game match").format(game=spec.title))
    if len(match.games) > GAMES_PER_MATCH:
        raise _refuse(spec, _("a match is {n} games, not {given}").format(n=GAMES_PER_MATCH, given=len(match.games)))
    seats = [key(p) for p in match.players]
    games: list[GameTally] = []
    totals = {p: 0 for p in match.players}
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
        over = bool(result["game_over"])
        scores = spec.final_scores(result)
        by_seat = {p: scores[gp] for p, gp in zip(match.players, players)}
        if over:
            for p, v in by_seat.items():
                totals[p] += v
        games.append(GameTally(number=i, over=over, scores=by_seat,
                               winners=list(result["winners"])))
    finished = sum(1 for g in games if g.over)
    complete = finished == GAMES_PER_MATCH
    winners: list[str] = []
    if complete:
        best = max(totals.values())
        winners = [p for p in match.players if totals[p] == best]
    return MatchResult(game=match.game, games=games, totals=totals, complete=complete, winners=winners)


def match_text(result: MatchResult) -> str:
    """The match in one sentence: who won it with what (the game's match ruling, HD-15),
    or how many of its games are finished."""
    spec = game(result.game)
    if not result.complete:
        finished = sum(1 for g in result.games if g.over)
        return _("Match in progress: {finished} of {n} games finished.").format(finished=finished, n=GAMES_PER_MATCH)
    best = result.totals[result.winners[0]]
    cite = f" ({spec.match_ruling})" if spec.match_ruling else ""
    if len(result.winners) == 1:
        return _("Match over: {player} wins the match with {score}{ruling}.").format(
            player=result.winners[0], score=spec.score_text(best), ruling=cite)
    return _("Match over: {players} share the match with {score}{ruling}.").format(
        players=words.names(result.winners), score=spec.score_text(best), ruling=cite)
