"""Statistics counted by the store over the derived rows (:mod:`companion.store.derived`).

The same numbers as :mod:`companion.tallies.stats` counts over rows in memory (its
functions are the reference; the tests hold these queries to them), counted by SQLite
over the rows kept beside the records: a draw costs a few queries whatever the number
of matches stored, and nothing of the archive is held in memory between draws. The
per-player rows (``derived_seats``, ``derived_figures``) carry their match's game,
rules version, group and start, so that a filter and a count read one table along an
index: a player's games in the order played.

Only matches whose rows are up to date are counted (the screen brings the others up
to date first, saying how far it is). What is chosen is a :class:`companion.tallies.stats.Filter`:
one game kind, one group of players (their names as a set, any seating, any spelling),
the days the matches started (local calendar days, both ends included).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.names import key
from companion.core.registry import games
from companion.store.db import Store
from companion.store.derived import group_key, version
from companion.tallies import stats

#: The order games were played in, as one sortable text: a bare column beside MAX() of
#: it is the latest game's (SQLite takes bare columns from the row of the max).
LATEST = "printf('%020.6f|%012d|%06d', started, match_id, number)"


def _day_start(day: dt.date) -> float:
    return dt.datetime.combine(day, dt.time()).timestamp()


def _kinds(f: stats.Filter, kinds: Collection[str]) -> list[str]:
    return sorted(n for n in kinds if (f.game is None or n == f.game) and n in games()) or [""]


def _where(f: stats.Filter, kinds: Collection[str], alias: str) -> tuple[str, list[Any]]:
    """``f`` as a condition on a per-player row (``derived_seats``, ``derived_figures``):
    its game and rules version are one text (:func:`companion.store.derived.version`)."""
    names = _kinds(f, kinds)
    args: list[Any] = [*names, *(version(n) for n in names)]
    marks = ",".join("?" * len(names))
    where = [f"{alias}.game IN ({marks})", f"{alias}.version IN ({marks})"]
    if f.group is not None:
        where.append(f"{alias}.group_key = ?")
        args.append(group_key(f.group))
    if f.start is not None:
        where.append(f"{alias}.started >= ?")
        args.append(_day_start(f.start))
    if f.end is not None:
        where.append(f"{alias}.started < ?")
        args.append(_day_start(f.end + dt.timedelta(days=1)))
    return " AND ".join(where), args


def _chosen(f: stats.Filter, kinds: Collection[str]) -> tuple[str, list[Any]]:
    """The CTE ``chosen(id, game, started, complete)``: the counted matches ``f`` lets through."""
    names = _kinds(f, kinds)
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
           f"AND d.version = v.version WHERE {' AND '.join(where)})")
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

    def _matches(self, f: stats.Filter, body: str, args: Sequence[Any] = ()) -> list[Any]:
        """A query over the chosen matches (the CTE ``chosen``)."""
        cte, cargs = _chosen(f, self.kinds)
        with self.store.reading() as c:
            return c.execute(f"WITH {cte} {body}", [*cargs, *args]).fetchall()

    def _seats(self, f: stats.Filter, body: str, args: Sequence[Any] = ()) -> list[Any]:
        """A query over the chosen players' games: ``body`` reads the CTE ``seats`` (once).
        Not materialized: read straight from the table, its rows come in the order of its
        primary key (a player's games in the order played), which a streak's window and a
        count by player then need not sort again (at 10,000 matches the players' query
        281 → 228 ms)."""
        where, wargs = _where(f, self.kinds, "s")
        sql = ("WITH seats AS NOT MATERIALIZED (SELECT s.key AS key, s.name AS name, s.won AS won, s.score AS score, "
               "s.winners AS winners, s.game AS game, s.started AS started, s.match_id AS match_id, "
               f"s.number AS number FROM derived_seats s WHERE {where}) {body}")
        with self.store.reading() as c:
            return c.execute(sql, [*wargs, *args]).fetchall()

    # ------------------------------------------------------------ what is there
    def counted(self, f: stats.Filter) -> Counted:
        played = dict(self._matches(f, "SELECT c.game, COUNT(*) FROM derived_games g JOIN chosen c "
                                       "ON c.id = g.match_id GROUP BY c.game"))
        complete = dict(self._matches(f, "SELECT game, SUM(complete) FROM chosen GROUP BY game"))
        return Counted({k: int(v) for k, v in played.items()}, {k: int(v or 0) for k, v in complete.items()})

    def groups(self, shown: int) -> list[tuple[str, ...]]:
        """The groups of players of the counted matches, most recently played first
        (at most ``shown``), each seated as in its latest match."""
        rows = self._matches(stats.Filter(),
                             # SQLite: a bare column beside MAX() is the row's with the max
                             "SELECT m.players, MAX(m.updated_at) AS last "
                             "FROM chosen c JOIN derived_matches d ON d.match_id = c.id "
                             "JOIN matches m ON m.id = c.id GROUP BY d.group_key ORDER BY last DESC LIMIT ?", [shown])
        return [tuple(json.loads(r[0])) for r in rows]

    # ------------------------------------------------------------ per player
    def players(self, f: stats.Filter) -> list[stats.PlayerStats]:
        """As :func:`companion.tallies.stats.players`."""
        rows = self._seats(f, f"""
            , ordered AS (SELECT key, won, winners, name, {LATEST} AS latest,
                          SUM(1 - won) OVER (PARTITION BY key ORDER BY started, match_id, number
                                             ROWS UNBOUNDED PRECEDING) AS losses FROM seats)
            , runs AS (SELECT key, losses, SUM(won) AS run FROM ordered GROUP BY key, losses)
            , longest AS (SELECT key, MAX(run) AS longest FROM runs GROUP BY key)
            , now AS (SELECT key, run AS now, MAX(losses) FROM runs GROUP BY key)
            , counts AS (SELECT key, name, MAX(latest), COUNT(*) AS n, SUM(won) AS won,
                         SUM(won AND winners > 1) AS shared FROM ordered GROUP BY key)
            SELECT counts.key, counts.name, counts.n, counts.won, counts.shared, now.now, longest.longest
            FROM counts JOIN now ON now.key = counts.key JOIN longest ON longest.key = counts.key""")
        matches = {k: (int(n), int(w or 0)) for k, n, w in self._matches(
            f, "SELECT t.key, COUNT(*), SUM(t.won) FROM derived_totals t "
               "WHERE t.match_id IN (SELECT id FROM chosen WHERE complete) GROUP BY t.key")}
        scores: dict[str, dict[str, stats.Scores]] = {}
        for k, kind, n, average, best in self._seats(
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
        """As :func:`companion.tallies.stats.head_to_head`."""
        ka, kb = key(a), key(b)
        where, wargs = _where(f, self.kinds, "s")
        with self.store.reading() as c:
            # one pass over the two players' games (each a range of the table), paired by game
            g = c.execute("SELECT COUNT(*), SUM(a AND b), SUM(a AND NOT b), SUM(b AND NOT a), SUM(NOT a AND NOT b) "
                          "FROM (SELECT MAX(CASE WHEN s.key = ? THEN s.won END) AS a, "
                          "MAX(CASE WHEN s.key = ? THEN s.won END) AS b FROM derived_seats s "
                          f"WHERE s.key IN (?, ?) AND {where} GROUP BY s.match_id, s.number "
                          "HAVING COUNT(*) = 2)", [ka, kb, ka, kb, *wargs]).fetchone()
        m = self._matches(f, "SELECT COUNT(*), SUM(x.won AND y.won), SUM(x.won AND NOT y.won), "
                             "SUM(y.won AND NOT x.won) FROM derived_totals x JOIN derived_totals y "
                             "ON y.match_id = x.match_id AND y.key = ? "
                             "WHERE x.key = ? AND x.match_id IN (SELECT id FROM chosen WHERE complete)", [kb, ka])[0]
        gn, gs, ga, gb, gneither = (int(v or 0) for v in g)
        mn, ms, ma, mb = (int(v or 0) for v in m)
        return stats.HeadToHead(a, b, gn, ga, gb, gs, gneither, mn, ma, mb, ms)

    # ------------------------------------------------------------ per game kind
    def kinds_of(self, f: stats.Filter) -> list[stats.KindStats]:
        """As :func:`companion.tallies.stats.kinds`."""
        per = {r[0]: r[1:] for r in self._matches(
            f, "SELECT c.game, COUNT(g.match_id), AVG(g.rounds) FROM chosen c "
               "LEFT JOIN derived_games g ON g.match_id = c.id GROUP BY c.game")}
        complete = dict(self._matches(f, "SELECT game, SUM(complete) FROM chosen GROUP BY game"))
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
        rows = self._matches(f, "SELECT g.match_id, g.number, g.winner, g.margin, g.tie_break FROM derived_games g "
                                "JOIN chosen c ON c.id = g.match_id WHERE c.game = ? AND g.margin IS NOT NULL "
                                f"ORDER BY g.margin {order}, c.started, g.match_id, g.number LIMIT 1", [kind])
        return stats.Win(*rows[0]) if rows else None

    # ------------------------------------------------------------ a game's own
    def own(self, f: stats.Filter, kind: str, chart: int = 0) -> stats.Own:
        """Game ``kind``'s own figures of the chosen games added up per player (as
        :func:`companion.tallies.stats.own`), and its chart of one game: ``chart`` games
        before the latest that has one (0: the latest; past the first: the first)."""
        if f.game not in (None, kind):
            return stats.Own(())
        kf = stats.Filter(kind, f.group, f.start, f.end)
        played = {k: (int(n), name) for k, name, _latest, n in self._seats(
            kf, f"SELECT key, name, MAX({LATEST}), COUNT(*) FROM seats GROUP BY key")}
        where, wargs = _where(kf, self.kinds, "f")
        sums: dict[str, dict[str, int]] = {k: {} for k in played}
        with self.store.reading() as c:
            for k, figure, total in c.execute(f"SELECT f.key, f.figure, SUM(f.value) FROM derived_figures f "
                                              f"WHERE {where} GROUP BY f.key, f.figure", wargs):
                sums.setdefault(k, {})[figure] = int(total)
        order = sorted((k for k in played if sums.get(k)), key=lambda k: (-played[k][0], k))
        return stats.Own(tuple((played[k][1], sums[k]) for k in order), self.chart(kf, chart))

    def chart(self, f: stats.Filter, position: int = 0) -> stats.Chart | None:
        (n,) = self._matches(f, "SELECT COUNT(*) FROM derived_games g JOIN chosen c ON c.id = g.match_id "
                                "WHERE g.series IS NOT NULL")[0]
        if not n:
            return None
        at = max(0, min(position, n - 1))
        rows = self._matches(f, "SELECT g.match_id, g.number, c.started, g.series FROM derived_games g "
                                "JOIN chosen c ON c.id = g.match_id WHERE g.series IS NOT NULL "
                                "ORDER BY c.started DESC, g.match_id DESC, g.number DESC LIMIT 1 OFFSET ?", [at])
        mid, number, started, series = rows[0]
        return stats.Chart(mid, number, started,
                           tuple((p, tuple(vs)) for p, vs in json.loads(series)), at, int(n))

    # ------------------------------------------------------------ counted once per state
    def summary(self, f: stats.Filter, own_games: Collection[str] = ()) -> Summary:
        """Everything the screen draws for ``f`` at once: counted once per state of the
        derived rows (their generation) and remembered; the whole history's (no filter)
        is kept in the store, so the first draw after a start reads it, counting nothing."""
        chosen = json.dumps({"filter": [f.game, sorted(f.group) if f.group is not None else None,
                                        f.start.isoformat() if f.start else None,
                                        f.end.isoformat() if f.end else None],
                             "games": sorted(self.kinds), "versions": [version(n) for n in sorted(self.kinds)],
                             "own": sorted(own_games)}, sort_keys=True)
        whole = f == stats.Filter()
        with self.store.reading() as c:
            generation = int(c.execute("SELECT n FROM derived_generation").fetchone()[0])
            kept = c.execute("SELECT data FROM derived_summaries WHERE chosen=? AND generation=?",
                             (chosen, generation)).fetchone() if whole else None
        memo_key = (str(self.store.path), chosen)
        with _memo_lock:
            hit = _MEMO.get(memo_key)
        if hit is not None and hit[0] == generation:
            return hit[1]
        if kept is not None:
            out = _summary_from(json.loads(kept[0]))
        else:
            people = self.players(f)
            pair = self.head_to_head(f, people[0].name, people[1].name) if len(people) >= 2 else None
            out = Summary(self.counted(f), tuple(people), tuple(self.kinds_of(f)),
                          {g: self.own(f, g) for g in own_games}, pair, tuple(self.groups(GROUPS)))
            if whole:
                with self.store.keeping_derived() as c:
                    c.execute("INSERT OR REPLACE INTO derived_summaries (chosen, generation, data) VALUES (?,?,?)",
                              (chosen, generation, json.dumps(_summary_json(out), ensure_ascii=False)))
        with _memo_lock:
            _MEMO[memo_key] = (generation, out)
        return out


#: Groups offered as a filter (the most recent ones).
GROUPS = 6


@dataclass(frozen=True)
class Summary:
    """What the Statistics screen draws for one filter."""

    counted: Counted
    players: tuple[stats.PlayerStats, ...]
    kinds: tuple[stats.KindStats, ...]
    own: dict[str, stats.Own]                 # by game with a ``stats`` part
    pair: stats.HeadToHead | None             # the two players with most games won
    groups: tuple[tuple[str, ...], ...]       # the most recent groups of the whole history


# The summaries counted in this process, one per filter and store: the latest state of
# each (a new generation replaces it; nothing is evicted by a walk).
_MEMO: dict[tuple[str, str], tuple[int, Summary]] = {}
_memo_lock = threading.Lock()


def forget() -> None:
    """Forget the summaries counted in this process (a benchmark's fresh start)."""
    with _memo_lock:
        _MEMO.clear()


def _summary_json(s: Summary) -> dict[str, Any]:
    def chart(c: stats.Chart | None) -> Any:
        return None if c is None else dataclasses.asdict(c)
    return {"counted": dataclasses.asdict(s.counted), "players": [dataclasses.asdict(p) for p in s.players],
            "kinds": [dataclasses.asdict(k) for k in s.kinds],
            "own": {g: {"players": [[n, dict(c)] for n, c in o.players], "chart": chart(o.chart)}
                    for g, o in s.own.items()},
            "pair": None if s.pair is None else dataclasses.asdict(s.pair), "groups": [list(g) for g in s.groups]}


def _summary_from(d: dict[str, Any]) -> Summary:
    def win(w: Any) -> stats.Win | None:
        return None if w is None else stats.Win(**w)

    def chart(c: Any) -> stats.Chart | None:
        if c is None:
            return None
        return stats.Chart(c["match_id"], c["number"], c["started"],
                           tuple((p, tuple(vs)) for p, vs in c["series"]), c["position"], c["of"])
    return Summary(
        Counted(d["counted"]["games"], d["counted"]["matches"]),
        tuple(stats.PlayerStats(**{**p, "scores": {k: stats.Scores(**v) for k, v in p["scores"].items()}})
              for p in d["players"]),
        tuple(stats.KindStats(**{**k, "closest": win(k["closest"]), "widest": win(k["widest"])}) for k in d["kinds"]),
        {g: stats.Own(tuple((n, c) for n, c in o["players"]), chart(o["chart"])) for g, o in d["own"].items()},
        None if d["pair"] is None else stats.HeadToHead(**d["pair"]),
        tuple(tuple(g) for g in d["groups"]))


__all__ = ["Counted", "GROUPS", "Statistics", "Summary", "forget"]
