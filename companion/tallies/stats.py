"""Statistics of the stored history: who wins most, and how. Pure data and functions, no Flet.

Every number comes from the referee's facts of each stored game (scores, winners,
rounds, a game's own figures), never from worded text. :func:`derive` turns one
stored match into a :class:`MatchPlayed`: each finished game's scores
(``GameSpec.final_scores``), its winners and who won by a tie-break (the game's
``tie_break`` ruling: SA-13, BU-8), the match added up as every other part of companion
adds it up (:func:`companion.core.match.add_up`: Hot Dog's three games, HD-15; one game
elsewhere), and the game's own figures from its ``stats`` part. The store keeps those
rows beside the records (:mod:`companion.store.derived`) and counts over them
(:mod:`companion.store.statistics`), so a screen never replays the archive; the
functions here count the same over rows in memory (the store's counts are tested
against them):

- :func:`chosen` filters them by game kind, by group of players (the same set of
  players, in any seating; names compared as :func:`companion.core.names.key` does)
  and by date (the match's start, a local calendar day, both ends included);
- :func:`players` per player: matches and games played and won (a shared win counts
  for each who share it, and is counted as shared too), win rate, average and best
  score per game kind, current and longest run of games won in a row;
- :func:`head_to_head` two players over the games and matches both played;
- :func:`kinds` per game kind: games played, average length in rounds, the closest
  and the widest win (the winner's score less the best other score, games with one
  winner only: a shared win is no win by a margin; house rule; a win on the tie-break
  is a win by 0, said with its ruling).

Counted are finished games (the referee says the game is over) and complete matches
(every game of the match over). A match with a record the referee refuses is left
out; so is a match whose seats one person plays (a game's ``lone_modes``): it is no
contest between players (house rule).

A game's own statistics are its ``stats`` part, a :class:`GameStats`: ``counts`` reads
what one finished game tells per player as whole numbers that add up over games,
``series`` one game's chart (a value per player after each round), and ``sections``
makes the screen's tables and charts from the chosen games' figures added up
(:class:`Own`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError, RecordError
from companion.core.game import EXPORT_PART, Export, GameSpec, Part, TeamScore
from companion.core.i18n import _
from companion.core.match import GameOutcome, MatchRecord, add_up, game_records, outcome_of
from companion.core.names import key
from companion.core.registry import game, games, part

# ---------------------------------------------------------------- what a screen draws


@dataclass(frozen=True)
class Table:
    """Rows of text under a title; ``note`` says where a term comes from (a ruling)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Bars:
    """One bar per label, its length its value; ``words`` says each value as a player
    reads it ("5 wins"), written beside the bar and read by a screen reader."""

    title: str
    bars: tuple[tuple[str, int], ...]
    words: tuple[str, ...] = ()           # each bar's value as read aloud ("5 wins")


Series = tuple[tuple[str, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Lines:
    """One line per player over the rounds of one game: ``series`` holds each player's
    value at the start (``from_start``) and after round 1, 2, …; ``value_text`` says a
    value as a player reads it ("$3"), ``axis`` names the steps along ("Round")."""

    title: str
    series: Series
    note: str = ""
    value_text: Callable[[int], str] = str
    axis: str = ""
    from_start: bool = True


Section = Table | Bars | Lines


@dataclass(frozen=True)
class Chart:
    """One game's chart, the one picked among the chosen games: ``position`` 0 is the
    latest of ``of`` games that have one."""

    match_id: int
    number: int
    started: float
    series: Series
    position: int = 0
    of: int = 1


@dataclass(frozen=True)
class Own:
    """What a game's ``sections`` draw from: every player of the chosen games with their
    figures added up (most games first), and the chart of the game picked."""

    players: tuple[tuple[str, Mapping[str, int]], ...]
    chart: Chart | None = None


@dataclass(frozen=True)
class GameStats:
    """A game's own statistics (its ``stats`` part).

    ``counts(record, result)``: per player (as the record names them) what one finished
    game tells, as whole numbers that add up over games (Hot Dog: bids, bids sold, …),
    kept with the game; ``series(record, result)``: the game's chart of one game (per
    player, a value at the start and after each round), or None for a game without
    one; ``sections(own)``: the tables and charts from the chosen games' figures."""

    counts: Callable[[Any, Any], Mapping[str, Mapping[str, int]]]
    sections: Callable[[Own], list[Section]]
    series: Callable[[Any, Any], Series] | None = None


STATS_PART: Part[GameStats] = Part("stats")


# ---------------------------------------------------------------- derived rows


@dataclass(frozen=True)
class GamePlayed:
    """One finished game of a stored match."""

    match_id: int
    number: int                           # 1, 2, 3 in its match
    game: str
    players: tuple[str, ...]              # seated as they played it
    scores: Mapping[str, int]
    winners: tuple[str, ...]              # none in a game won or lost together (sales' co-operative)
    rounds: int
    counts: Mapping[str, Mapping[str, int]] = field(default_factory=dict)   # the game's own, per player
    series: Series | None = None          # the game's chart of this game
    tie_break: str | None = None          # the ruling that chose the winner among equal top scores
    start: str | None = None              # who started the game (the export part's start player)
    team: int | None = None               # played as a team: the team's score (SA-15)


@dataclass(frozen=True)
class MatchPlayed:
    """A stored match as the statistics read it."""

    id: int
    game: str
    players: tuple[str, ...]
    started: float                        # the match's created_at (a timestamp)
    games: tuple[GamePlayed, ...]         # its finished games, in order
    complete: bool                        # every game of the match is over
    winners: tuple[str, ...]              # the match's (HD-15 for Hot Dog), once complete
    counted: bool = True                  # False: a lone mode or a refused record
    totals: Mapping[str, int] = field(default_factory=dict)   # each player's, of the finished games
    lone: bool = False                    # one person played every seat (sales' solo)
    error: str | None = None              # why the referee refuses a record of it


def tie_broken(spec: GameSpec, players: Sequence[str], scores: Mapping[str, int],
               winners: Sequence[str]) -> str | None:
    """The game's tie-break ruling when it, not the score alone, chose the winners:
    they are not every player with the top score (SA-13, BU-8); else None."""
    if not winners or not scores:
        return None
    best = max(scores[p] for p in players)
    top = {key(p) for p in players if scores[p] == best}
    return spec.tie_break if top != {key(w) for w in winners} else None


def _export_part(name: str) -> Export | None:
    try:
        return part(name, EXPORT_PART)
    except CompanionError:
        return None


def derive(match_id: int, game_name: str, players: Sequence[str], records: Sequence[dict[str, Any]],
           started: float, own: GameStats | None = None) -> MatchPlayed:
    """A stored match (its game, players and game records as stored) as the statistics
    read it: each record replayed by its game's referee; ``own``, the game's ``stats``
    part (the caller asks the registry for it), reads each finished game's own figures."""
    spec = game(game_name)
    lone = bool(records) and records[0].get("mode") in spec.lone_modes
    match = MatchRecord(game=game_name, players=list(players), games=[dict(r) for r in records])
    played: list[GamePlayed] = []
    outcomes: list[GameOutcome] = []
    export = _export_part(game_name)
    start_of = export.start_player if export is not None else None
    team_of = export.team_score if isinstance(export, TeamScore) else None
    try:
        typed = game_records(match)
        if spec.final_scores is None:
            raise RecordError(_("{game} has no final scores to count").format(game=spec.title))
        for number, record in enumerate(typed, 1):
            result = spec.referee(record)
            scores = spec.final_scores(result)
            outcomes.append(outcome_of(players, record["players"], scores, result))
            if not result["game_over"]:
                continue
            winners = tuple(result["winners"])
            played.append(GamePlayed(
                match_id, number, game_name, tuple(record["players"]), scores, winners,
                len(record.get("rounds", ())),
                own.counts(record, result) if own is not None else {},
                own.series(record, result) if own is not None and own.series is not None else None,
                tie_broken(spec, record["players"], scores, winners),
                start_of(result) if start_of is not None else None,
                team_of(result) if team_of is not None else None))
    except CompanionError as exc:
        return MatchPlayed(match_id, game_name, tuple(players), started, (), False, (), counted=False,
                           lone=lone, error=str(exc))
    out = add_up(spec, players, outcomes)
    return MatchPlayed(match_id, game_name, tuple(players), started, tuple(played), out.complete, out.winners,
                       counted=not lone, totals=out.totals, lone=lone)


# ---------------------------------------------------------------- filters


@dataclass(frozen=True)
class Filter:
    """What the screen shows: one game kind (None: all), one group of players (their
    names; None: everyone), matches started from ``start`` to ``end`` (local dates,
    both included; None: open)."""

    game: str | None = None
    group: tuple[str, ...] | None = None
    start: dt.date | None = None
    end: dt.date | None = None


def chosen(matches: Iterable[MatchPlayed], f: Filter) -> list[MatchPlayed]:
    """The counted matches ``f`` lets through, oldest first."""
    group = frozenset(key(p) for p in f.group) if f.group is not None else None
    out = []
    for m in matches:
        if not m.counted or (f.game is not None and m.game != f.game):
            continue
        if group is not None and frozenset(key(p) for p in m.players) != group:
            continue
        day = dt.date.fromtimestamp(m.started)
        if (f.start is not None and day < f.start) or (f.end is not None and day > f.end):
            continue
        out.append(m)
    return sorted(out, key=lambda m: (m.started, m.id))


def games_of(matches: Iterable[MatchPlayed]) -> list[GamePlayed]:
    """Every finished game of ``matches`` (given oldest first), in the order played."""
    return [g for m in matches for g in m.games]


# ---------------------------------------------------------------- per player


@dataclass(frozen=True)
class Scores:
    """A player's final scores in one game kind."""

    games: int
    average: float
    best: int


@dataclass(frozen=True)
class PlayerStats:
    name: str                             # as last spelt
    matches: int                          # complete matches played
    matches_won: int                      # … won (shared included)
    games: int                            # finished games played
    won: int                              # … won (shared included)
    shared: int                           # … of those, wins shared with another player
    streak: int                           # games won in a row up to the latest
    longest: int                          # the longest such run
    scores: dict[str, Scores] = field(default_factory=dict)     # by game kind

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0


def players(matches: Sequence[MatchPlayed]) -> list[PlayerStats]:
    """Each player's statistics over ``matches`` (oldest first): most games won first,
    then the better win rate, then by name."""
    names: dict[str, str] = {}
    match_counts: dict[str, list[int]] = {}
    runs: dict[str, list[int]] = {}      # [games, won, shared, current run, longest run]
    scored: dict[str, dict[str, list[int]]] = {}
    for m in matches:
        if m.complete:
            won = {key(w) for w in m.winners}
            for p in m.players:
                c = match_counts.setdefault(key(p), [0, 0])
                c[0] += 1
                c[1] += key(p) in won
        for g in m.games:
            won = {key(w) for w in g.winners}
            for p in g.players:
                k = key(p)
                names[k] = p
                r = runs.setdefault(k, [0, 0, 0, 0, 0])
                r[0] += 1
                if k in won:
                    r[1] += 1
                    r[2] += len(won) > 1
                    r[3] += 1
                    r[4] = max(r[4], r[3])
                else:
                    r[3] = 0
                scored.setdefault(k, {}).setdefault(g.game, []).append(g.scores[p])
    out = []
    for k, r in runs.items():
        mc = match_counts.get(k, [0, 0])
        per_kind = {kind: Scores(len(v), sum(v) / len(v), max(v)) for kind, v in scored[k].items()}
        out.append(PlayerStats(names[k], mc[0], mc[1], r[0], r[1], r[2], r[3], r[4], per_kind))
    return sorted(out, key=lambda s: (-s.won, -s.win_rate, key(s.name)))


# ---------------------------------------------------------------- two players


@dataclass(frozen=True)
class HeadToHead:
    """Two players over what both played: games (and complete matches) the first won
    and the second did not, the other way round, won together (shared), and won by
    neither (someone else, or nobody)."""

    a: str
    b: str
    games: int
    a_won: int
    b_won: int
    shared: int
    neither: int
    matches: int
    a_matches: int
    b_matches: int
    shared_matches: int

    @property
    def leader(self) -> str | None:
        """Who won more of the games both played; None when even."""
        if self.a_won == self.b_won:
            return None
        return self.a if self.a_won > self.b_won else self.b


def head_to_head(matches: Sequence[MatchPlayed], a: str, b: str) -> HeadToHead:
    ka, kb = key(a), key(b)
    g = [0, 0, 0, 0, 0]
    mt = [0, 0, 0, 0]

    def count(into: list[int], seated: Iterable[str], winners: Iterable[str]) -> None:
        if not {ka, kb} <= {key(p) for p in seated}:
            return
        won = {key(w) for w in winners}
        into[0] += 1
        if ka in won and kb in won:
            into[3] += 1
        elif ka in won:
            into[1] += 1
        elif kb in won:
            into[2] += 1
        elif len(into) == 5:
            into[4] += 1

    for m in matches:
        if m.complete:
            count(mt, m.players, m.winners)
        for one in m.games:
            count(g, one.players, one.winners)
    return HeadToHead(a, b, g[0], g[1], g[2], g[3], g[4], mt[0], mt[1], mt[2], mt[3])


# ---------------------------------------------------------------- per game kind


@dataclass(frozen=True)
class Win:
    """One game's win and its margin: the winner's score less the best other score."""

    match_id: int
    number: int
    winner: str
    margin: int
    tie_break: str | None = None          # won on the tie-break (margin 0): its ruling


@dataclass(frozen=True)
class KindStats:
    game: str
    games: int                            # finished games
    matches: int                          # complete matches
    average_rounds: float
    closest: Win | None
    widest: Win | None


def margin(g: GamePlayed) -> Win | None:
    """The win of a game with one winner (among two players or more), else None."""
    if len(g.winners) != 1 or len(g.players) < 2:
        return None
    (w,) = g.winners
    others = [g.scores[p] for p in g.players if p != w]
    return Win(g.match_id, g.number, w, g.scores[w] - max(others), g.tie_break)


def kinds(matches: Sequence[MatchPlayed]) -> list[KindStats]:
    """Each game kind's statistics over ``matches`` (oldest first), in the registry's
    order of games. On equal margins the earlier game is named."""
    by_kind: dict[str, list[MatchPlayed]] = {}
    for m in matches:
        by_kind.setdefault(m.game, []).append(m)
    out = []
    for kind, ms in by_kind.items():
        played = games_of(ms)
        if not played and not any(m.complete for m in ms):
            continue
        wins = [w for w in map(margin, played) if w is not None]
        closest = min(wins, key=lambda w: w.margin) if wins else None
        widest = max(wins, key=lambda w: w.margin) if wins else None
        average = sum(g.rounds for g in played) / len(played) if played else 0.0
        out.append(KindStats(kind, len(played), sum(m.complete for m in ms), average, closest, widest))
    order = list(games())
    return sorted(out, key=lambda k: order.index(k.game) if k.game in order else len(order))


def own(games: Sequence[GamePlayed], chart: Chart | None = None) -> Own:
    """The chosen games' own figures added up per player (names as last spelt), the
    players with most games first, then by name."""
    names: dict[str, str] = {}
    sums: dict[str, dict[str, int]] = {}
    played: dict[str, int] = {}
    for g in games:
        for p, figures in g.counts.items():
            k = key(p)
            names[k] = p
            played[k] = played.get(k, 0) + 1
            mine = sums.setdefault(k, {})
            for name, value in figures.items():
                mine[name] = mine.get(name, 0) + value
    order = sorted(sums, key=lambda k: (-played[k], k))
    return Own(tuple((names[k], sums[k]) for k in order), chart)


__all__ = ["Bars", "Chart", "Filter", "GamePlayed", "GameStats", "HeadToHead", "KindStats",
           "Lines", "MatchPlayed", "Own", "PlayerStats", "Scores", "Section", "Series", "Table", "Win", "chosen",
           "derive", "games_of", "head_to_head", "kinds", "margin", "own", "players", "tie_broken"]
