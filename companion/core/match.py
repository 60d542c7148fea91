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
from companion.core.record import GameRecord, Model, Players, error_from_validation
from companion.core.registry import GameSpec, game

R = TypeVar("R", bound=GameRecord)

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
    explanation: str


def parse_match(raw: Any) -> MatchRecord:
    """A match record from parsed JSON; a bad one raises a one-line RecordError."""
    try:
        return MatchRecord.model_validate(raw)
    except ValidationError as exc:
        raise error_from_validation(exc, raw, {}) from None


def game_records(match: MatchRecord) -> list[GameRecord]:
    """Each game of the match as its game's record model (checked like any record)."""
    spec = game(match.game)
    out = []
    for i, raw in enumerate(match.games, 1):
        try:
            record = spec.record_model.model_validate({"game": match.game, **raw})
        except ValidationError as exc:
            err = error_from_validation(exc, raw, spec.field_rulings)
            raise RecordError(_("game {n}: {error}").format(n=i, error=err)) from None
        out.append(record)
    return out


def game_records_as(model: type[R], match: MatchRecord) -> list[R]:
    """:func:`game_records` of a match of the game whose record model is ``model``;
    a match of another game is refused."""
    records = [r for r in game_records(match) if isinstance(r, model)]
    if len(records) != len(match.games):
        raise RecordError(_("game: a {model} match was expected, not a '{game}' match").format(
            model=model.__name__, game=match.game))
    return records


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
        players = list(record.players)
        if [key(p) for p in players] != seats:
            raise _refuse(spec, _("game {n} is played by {players}, not by the match's players").format(
                n=i, players=", ".join(players)))
        if games and not games[-1].over:
            raise _refuse(spec, _("game {n} starts before game {before} is over").format(n=i, before=i - 1))
        try:
            result = spec.referee(record)
        except RecordError as exc:
            raise RecordError(_("game {n}: {error}").format(n=i, error=exc)) from None
        over = bool(result.game_over)
        scores = spec.final_scores(result)
        by_seat = {p: scores[gp] for p, gp in zip(match.players, players)}
        if over:
            for p, v in by_seat.items():
                totals[p] += v
        games.append(GameTally(number=i, over=over, scores=by_seat,
                               winners=list(result.winners)))
    finished = sum(1 for g in games if g.over)
    complete = finished == GAMES_PER_MATCH
    winners: list[str] = []
    if complete:
        best = max(totals.values())
        winners = [p for p in match.players if totals[p] == best]
        cite = f" ({spec.match_ruling})" if spec.match_ruling else ""
        if len(winners) == 1:
            text = _("Match over: {player} wins the match with {score}{ruling}.").format(
                player=winners[0], score=spec.score_text(best), ruling=cite)
        else:
            text = _("Match over: {players} share the match with {score}{ruling}.").format(
                players=words.names(winners), score=spec.score_text(best), ruling=cite)
    else:
        text = _("Match in progress: {finished} of {n} games finished.").format(finished=finished, n=GAMES_PER_MATCH)
    return MatchResult(game=match.game, games=games, totals=totals, complete=complete,
                       winners=winners, explanation=text)
