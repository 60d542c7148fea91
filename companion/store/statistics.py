"""Statistics counted by the store over the derived rows (:mod:`companion.store.derived`).

The same numbers as :mod:`companion.core.stats` counts over rows in memory (its
functions are the reference; the tests hold these queries to them), counted by SQLite
over the rows kept beside the records: a draw costs a few queries whatever the number
of matches stored, and nothing of the archive is held in memory between draws.

Only matches whose rows are up to date are counted (the screen brings the others up
to date first, saying how far it is). What is chosen is a :class:`companion.core.stats.Filter`:
one game kind, one group of players (their names as a set, any seating, any spelling),
the days the matches started (local calendar days, both ends included).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import stats
from companion.core.names import key
from companion.core.registry import games
from companion.store.db import Store
from companion.store.derived import group_key, version


def _day_start(day: dt.date) -> float:
    return dt.datetime.combine(day, dt.time()).timestamp()


def _chosen(f: stats.Filter, kinds: Collection[str]) -> tuple[str, list[Any]]:
    """The CTE ``chosen(id, game, started, complete)``: the counted matches ``f`` lets through."""
    names = sorted(n for n in kinds if f.game is None or n == f.game)
    if not names:
        names = [""]
    pairs = ",".join("(?,?)" for _ in names)
    args: list[Any] = [x for n in names for x in (n, version(n))]
    where = ["d.counted = 1"]
    if f.group is not None:
        where.append("d.group_key = ?")
        args.append(group_key(f.group))
    if f.start is not None:
        where.append("m.created_at >= ?")
        args.append(_day_start(f.start))
    if f.end is not None:
        where.append("m.created_at < ?")
        args.append(_day_start(f.end + dt.timedelta(days=1)))
    sql = (f"v(game, version) AS (VALUES {pairs}), "
           "chosen AS (SELECT m.id AS id, m.game AS game, m.created_at AS started, d.complete AS complete "
           "FROM matches m JOIN v ON v.game = m.game JOIN derived_matches d ON d.match_id = m.id "
           f"AND d.version = v.version WHERE {' AND '.join(where)}), "
           "seats AS (SELECT s.key AS key, s.name AS name, s.won AS won, s.score AS score, g.winners AS winners, "
           "c.game AS game, c.started AS started, s.match_id AS match_id, s.number AS number, s.counts AS counts "
           "FROM derived_seats s JOIN derived_games g ON g.match_id = s.match_id AND g.number = s.number "
           "JOIN chosen c ON c.id = s.match_id)")
    return sql, args


@dataclass(frozen=True)
class Counted:
    """How much ``f`` lets through: finished games and complete matches, by game kind."""

    games: dict[str, int]
    matches: dict[str, int]

    @property
    def total_games(self) -> int:
        return sum(self.games.values())

    @property
    def total_matches(self) -> int:
        return sum(self.matches.values())


class Statistics:
    """The statistics of one store over the games ``kinds`` (the games with screens)."""

    def __init__(self, store: Store, kinds: Collection[str]) -> None:
        self.store = store
        self.kinds = list(kinds)

    def _all(self, f: stats.Filter, body: str, args: Sequence[Any] = ()) -> list[Any]:
        cte, cargs = _chosen(f, self.kinds)
        with self.store.reading() as c:
            return c.execute(f"WITH {cte} {body}", [*cargs, *args]).fetchall()

    # ------------------------------------------------------------ what is there
    def counted(self, f: stats.Filter) -> Counted:
        played = dict(self._all(f, "SELECT c.game, COUNT(*) FROM derived_games g JOIN chosen c ON c.id = g.match_id "
                                   "GROUP BY c.game"))
        complete = dict(self._all(f, "SELECT game, SUM(complete) FROM chosen GROUP BY game"))
        return Counted({k: int(v) for k, v in played.items()}, {k: int(v or 0) for k, v in complete.items()})

    def groups(self, shown: int) -> list[tuple[str, ...]]:
        """The groups of players of the counted matches, most recently played first
        (at most ``shown``), each seated as in its latest match."""
        rows = self._all(stats.Filter(),
                         # SQLite: a bare column beside MAX() is the row's with the max
                         "SELECT m.players, MAX(m.updated_at) AS last "
                         "FROM chosen c JOIN derived_matches d ON d.match_id = c.id JOIN matches m ON m.id = c.id "
                         "GROUP BY d.group_key ORDER BY last DESC LIMIT ?", [shown])
        return [tuple(json.loads(r[0])) for r in rows]

    # ------------------------------------------------------------ per player
    def players(self, f: stats.Filter) -> list[stats.PlayerStats]:
        """As :func:`companion.core.stats.players`."""
        rows = self._all(f, """
            , named AS (SELECT key, FIRST_VALUE(name) OVER (PARTITION BY key
                        ORDER BY started DESC, match_id DESC, number DESC) AS name FROM seats)
            , ordered AS (SELECT key, won, SUM(1 - won) OVER (PARTITION BY key
                          ORDER BY started, match_id, number ROWS UNBOUNDED PRECEDING) AS losses FROM seats)
            , runs AS (SELECT key, losses, SUM(won) AS run FROM ordered GROUP BY key, losses)
            , streaks AS (SELECT key, MAX(run) AS longest,
                          (SELECT r2.run FROM runs r2 WHERE r2.key = runs.key ORDER BY r2.losses DESC LIMIT 1) AS now
                          FROM runs GROUP BY key)
            SELECT s.key, (SELECT name FROM named WHERE named.key = s.key LIMIT 1), COUNT(*), SUM(s.won),
                   SUM(s.won AND s.winners > 1), st.now, st.longest
            FROM seats s JOIN streaks st ON st.key = s.key GROUP BY s.key""")
        matches = {k: (int(n), int(w or 0)) for k, n, w in self._all(
            f, "SELECT t.key, COUNT(*), SUM(t.won) FROM derived_totals t JOIN chosen c ON c.id = t.match_id "
               "WHERE c.complete GROUP BY t.key")}
        scores: dict[str, dict[str, stats.Scores]] = {}
        for k, kind, n, average, best in self._all(
                f, "SELECT key, game, COUNT(*), AVG(score), MAX(score) FROM seats GROUP BY key, game"):
            scores.setdefault(k, {})[kind] = stats.Scores(int(n), float(average), int(best))
        order = list(games())
        out = []
        for k, name, n, won, shared, now, longest in rows:
            mc = matches.get(k, (0, 0))
            per_kind = dict(sorted(scores.get(k, {}).items(),
                                   key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
            out.append(stats.PlayerStats(name, mc[0], mc[1], int(n), int(won or 0), int(shared or 0),
                                         int(now or 0), int(longest or 0), per_kind))
        return sorted(out, key=lambda s: (-s.won, -s.win_rate, key(s.name)))

    def head_to_head(self, f: stats.Filter, a: str, b: str) -> stats.HeadToHead:
        """As :func:`companion.core.stats.head_to_head`."""
        ka, kb = key(a), key(b)
        g = self._all(f, "SELECT COUNT(*), SUM(x.won AND y.won), SUM(x.won AND NOT y.won), SUM(y.won AND NOT x.won), "
                         "SUM(NOT x.won AND NOT y.won) FROM seats x JOIN seats y ON y.match_id = x.match_id "
                         "AND y.number = x.number WHERE x.key = ? AND y.key = ?", [ka, kb])[0]
        m = self._all(f, "SELECT COUNT(*), SUM(x.won AND y.won), SUM(x.won AND NOT y.won), SUM(y.won AND NOT x.won) "
                         "FROM derived_totals x JOIN derived_totals y ON y.match_id = x.match_id "
                         "JOIN chosen c ON c.id = x.match_id WHERE c.complete AND x.key = ? AND y.key = ?",
                      [ka, kb])[0]
        gn, gs, ga, gb, gneither = (int(v or 0) for v in g)
        mn, ms, ma, mb = (int(v or 0) for v in m)
        return stats.HeadToHead(a, b, gn, ga, gb, gs, gneither, mn, ma, mb, ms)

    # ------------------------------------------------------------ per game kind
    def kinds_of(self, f: stats.Filter) -> list[stats.KindStats]:
        """As :func:`companion.core.stats.kinds`."""
        per = {r[0]: r[1:] for r in self._all(
            f, "SELECT c.game, COUNT(g.match_id), AVG(g.rounds) FROM chosen c "
               "LEFT JOIN derived_games g ON g.match_id = c.id GROUP BY c.game")}
        complete = dict(self._all(f, "SELECT game, SUM(complete) FROM chosen GROUP BY game"))
        out = []
        for kind in games():
            if kind not in per:
                continue
            n, average = per[kind]
            if not n and not complete.get(kind):
                continue
            wins = [self._win(f, kind, order) for order in ("ASC", "DESC")]
            out.append(stats.KindStats(kind, int(n), int(complete.get(kind) or 0), float(average or 0.0), *wins))
        return out

    def _win(self, f: stats.Filter, kind: str, order: str) -> stats.Win | None:
        rows = self._all(f, "SELECT g.match_id, g.number, g.winner, g.margin, g.tie_break FROM derived_games g "
                            "JOIN chosen c ON c.id = g.match_id WHERE c.game = ? AND g.margin IS NOT NULL "
                            f"ORDER BY g.margin {order}, c.started, g.match_id, g.number LIMIT 1", [kind])
        return stats.Win(*rows[0]) if rows else None

    # ------------------------------------------------------------ a game's own
    def own(self, f: stats.Filter, kind: str, chart: int = 0) -> stats.Own:
        """Game ``kind``'s own figures of the chosen games added up per player (as
        :func:`companion.core.stats.own`), and its chart of one game: ``chart`` games
        before the latest that has one (0: the latest; past the first: the first)."""
        if f.game not in (None, kind):
            return stats.Own(())
        kf = stats.Filter(kind, f.group, f.start, f.end)
        played = {k: (int(n), name) for k, n, name in self._all(
            kf, "SELECT key, COUNT(*), (SELECT name FROM seats s2 WHERE s2.key = seats.key "
                "ORDER BY started DESC, match_id DESC, number DESC LIMIT 1) FROM seats GROUP BY key")}
        sums: dict[str, dict[str, int]] = {k: {} for k in played}
        for k, figure, total in self._all(
                kf, "SELECT s.key, j.key, SUM(j.value) FROM seats s, json_each(s.counts) j GROUP BY s.key, j.key"):
            sums[k][figure] = int(total)
        order = sorted((k for k in played if sums[k]), key=lambda k: (-played[k][0], k))
        return stats.Own(tuple((played[k][1], sums[k]) for k in order), self.chart(kf, chart))

    def chart(self, f: stats.Filter, position: int = 0) -> stats.Chart | None:
        (n,) = self._all(f, "SELECT COUNT(*) FROM derived_games g JOIN chosen c ON c.id = g.match_id "
                            "WHERE g.series IS NOT NULL")[0]
        if not n:
            return None
        at = max(0, min(position, n - 1))
        rows = self._all(f, "SELECT g.match_id, g.number, c.started, g.series FROM derived_games g "
                            "JOIN chosen c ON c.id = g.match_id WHERE g.series IS NOT NULL "
                            "ORDER BY c.started DESC, g.match_id DESC, g.number DESC LIMIT 1 OFFSET ?", [at])
        mid, number, started, series = rows[0]
        return stats.Chart(mid, number, started,
                           tuple((p, tuple(vs)) for p, vs in json.loads(series)), at, int(n))


__all__ = ["Counted", "Statistics"]
