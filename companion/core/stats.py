"""Statistics of the stored history: who wins most, and how. Pure functions, no Flet.

Nothing here is kept: every number is derived from the stored records, replayed by
their game's referee. :func:`derive` turns one stored match into a :class:`MatchPlayed`
(each finished game's scores from ``GameSpec.final_scores``, its winners from the
referee, the match's winners added up as :func:`companion.core.match.tally` does, and the game's
own facts from its ``stats`` part, which the caller hands in); the screen remembers that per match until the
match changes. Everything else works on those plain rows:

- :func:`chosen` filters them by game kind, by group of players (the same set of
  players, in any seating; names compared as :func:`companion.core.names.key` does)
  and by date (the match's start, a local calendar day, both ends included);
- :func:`players` per player: matches and games played and won (a shared win counts
  for each who share it, and is counted as shared too), win rate, average and best
  score per game kind, current and longest run of games won in a row;
- :func:`head_to_head` two players over the games and matches both played;
- :func:`kinds` per game kind: games played, average length in rounds, the closest
  and the widest win (the winner's score less the best other score, games with one
  winner only: a shared win is no win by a margin; house rule).

Counted are finished games (the referee says the game is over) and complete matches
(every game of a three-game match over). A match with a record the referee refuses
is left out; so is a match whose seats one person plays (a game's ``lone_modes``): it
is no contest between players (house rule).

A game's own statistics are its ``stats`` part, a :class:`GameStats`: ``facts`` reads
what one finished game tells (small plain data, remembered with the match) and
``sections`` makes the screen's tables and charts from the facts of the chosen games.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match import GAMES_PER_MATCH, MatchRecord, game_records
from companion.core.names import key
from companion.core.registry import game, games

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


@dataclass(frozen=True)
class Lines:
    """One line per player over the rounds of one game: ``series`` holds each player's
    value after round 1, 2, …"""

    title: str
    series: tuple[tuple[str, tuple[int, ...]], ...]
    note: str = ""


Section = Table | Bars | Lines


@dataclass(frozen=True)
class GameStats:
    """A game's own statistics (its ``stats`` part).

    ``facts(record, result)`` is what one finished game tells (plain data: it is
    remembered with the match); ``sections(games)`` makes the tables and charts from the
    chosen games, oldest first, each a :class:`GamePlayed` with its ``facts``."""

    facts: Callable[[Any, Any], Any]
    sections: Callable[[Sequence[GamePlayed]], list[Section]]


# ---------------------------------------------------------------- derived rows


@dataclass(frozen=True)
class GamePlayed:
    """One finished game of a stored match."""

    match_id: int
    number: int                           # 1, 2, 3 in its match
    game: str
    players: tuple[str, ...]              # seated as they played it
    scores: dict[str, int]
    winners: tuple[str, ...]              # none in a game won or lost together (sales' co-operative)
    rounds: int
    facts: Any = None                     # the game's own (its stats part), or None


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


def derive(match_id: int, game_name: str, players: Sequence[str], records: Sequence[dict[str, Any]],
           started: float, own: GameStats | None = None) -> MatchPlayed:
    """A stored match (its game, players and game records as stored) as the statistics
    read it: each record replayed by its game's referee; ``own``, the game's ``stats``
    part (the caller asks the registry for it), reads each finished game's own facts."""
    spec = game(game_name)
    base = MatchPlayed(match_id, game_name, tuple(players), started, (), False, (), counted=False)
    if records and records[0].get("mode") in spec.lone_modes:
        return base
    match = MatchRecord(game=game_name, players=list(players), games=[dict(r) for r in records])
    played: list[GamePlayed] = []
    totals = dict.fromkeys(players, 0)
    try:
        typed = game_records(match)
        for number, record in enumerate(typed, 1):
            result = spec.referee(record)
            if not result["game_over"] or spec.final_scores is None:
                continue
            scores = spec.final_scores(result)
            for seat, name in zip(players, record["players"]):
                totals[seat] += scores[name]
            played.append(GamePlayed(
                match_id, number, game_name, tuple(record["players"]), scores,
                tuple(result["winners"]), len(record.get("rounds", ())),
                own.facts(record, result) if own is not None else None))
    except CompanionError:
        return base
    # as companion.core.match.tally adds up a match (HD-15 for Hot Dog), without a
    # second replay: complete when every game is over, the highest total wins
    complete = (spec.final_scores is not None and len(typed) == GAMES_PER_MATCH
                and len(played) == GAMES_PER_MATCH)
    winners: tuple[str, ...] = ()
    if complete:
        best = max(totals.values())
        winners = tuple(p for p in players if totals[p] == best)
    return MatchPlayed(match_id, game_name, tuple(players), started, tuple(played), complete, winners)


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
    return Win(g.match_id, g.number, w, g.scores[w] - max(others))


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


__all__ = ["Bars", "Filter", "GamePlayed", "GameStats", "HeadToHead", "KindStats",
           "Lines", "MatchPlayed", "PlayerStats", "Scores", "Section", "Table", "Win", "chosen", "derive",
           "games_of", "head_to_head", "kinds", "margin", "players"]
