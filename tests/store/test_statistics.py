"""The store's statistics (SQL over the derived rows) count exactly what
:mod:`companion.tallies.stats` counts over the same rows in memory: on the hand-worked
history of ``tests/tallies/test_stats.py`` and on random histories (names in any case,
shared wins, tie-breaks, unfinished matches, lone matches, every filter)."""

from __future__ import annotations

import datetime as dt
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import Store, derived
from companion.store.statistics import Statistics
from companion.tallies import stats
from companion.tallies.stats import Filter, GamePlayed, MatchPlayed
from tests.tallies.test_stats import HISTORY, T0

DAY = 86400.0
KINDS = ["hotdog", "sales", "burger"]


def stored(history: list[MatchPlayed]) -> Statistics:
    """A store holding these rows as the derived rows of matches of their own."""
    store = Store(Path(tempfile.mkdtemp()) / "companion.sqlite3")
    with store.transaction() as c:
        for m in history:
            c.execute("INSERT INTO matches (id, game, players, finished, created_at, updated_at) "
                      "VALUES (?,?,?,1,?,?)", (m.id, m.game, '["-"]', m.started, m.started))
            derived.keep(c, m, [])
    return Statistics(store, KINDS)


def same(counted: Statistics, rows: list[MatchPlayed], f: Filter, pairs: list[tuple[str, str]]) -> None:
    picked = stats.chosen(rows, f)
    assert counted.players(f) == stats.players(picked)
    assert counted.kinds_of(f) == stats.kinds(picked)
    for a, b in pairs:
        assert counted.head_to_head(f, a, b) == stats.head_to_head(picked, a, b)
    played = stats.games_of(picked)
    got = counted.counted(f)
    assert got.total_games == len(played) and got.total_matches == sum(m.complete for m in picked)
    for kind in KINDS:
        mine = [g for g in played if g.game == kind]
        want = stats.own(mine)
        assert counted.own(f, kind).players == want.players


def test_the_hand_worked_history_counts_the_same():
    counted = stored(HISTORY)
    day = dt.date.fromtimestamp(T0)
    for f in (Filter(), Filter(game="burger"), Filter(group=("chris", "Bernd", "anna")),
              Filter(start=day + dt.timedelta(days=10)), Filter(end=day + dt.timedelta(days=10))):
        same(counted, HISTORY, f, [("Anna", "Bernd"), ("chris", "ANNA")])


def test_a_tie_broken_win_is_a_win_by_0_with_its_ruling():
    g = GamePlayed(1, 1, "sales", ("Anna", "Bernd"), {"Anna": 30, "Bernd": 30}, ("Bernd",), 3, tie_break="SA-13")
    counted = stored([MatchPlayed(1, "sales", ("Anna", "Bernd"), T0, (g,), True, ("Bernd",))])
    (kind,) = counted.kinds_of(Filter())
    assert kind.closest == stats.Win(1, 1, "Bernd", 0, "SA-13")


NAMES = ["Anna", "anna", "Bernd", "Chris", "Dora", "Zoë"]


@st.composite
def histories(draw) -> list[MatchPlayed]:
    out = []
    for mid in range(1, draw(st.integers(1, 9)) + 1):
        kind = draw(st.sampled_from(KINDS))
        seated = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4,
                               unique_by=lambda n: n.casefold()))
        games = []
        n = draw(st.integers(0, 3 if kind == "hotdog" else 1))
        for number in range(1, n + 1):
            scores = {p: draw(st.integers(0, 12)) for p in seated}
            best = max(scores.values())
            top = [p for p in seated if scores[p] == best]
            how = draw(st.sampled_from(["top", "tie-break", "team"]))
            if how == "team":
                winners, tie = (), None
            elif how == "tie-break" and len(top) > 1:
                winners, tie = (draw(st.sampled_from(top)),), "SA-13"
            else:
                winners, tie = tuple(top), None
            counts = {p: {"bids": draw(st.integers(0, 5)), "sold": draw(st.integers(0, 5))} for p in seated}
            games.append(GamePlayed(mid, number, kind, tuple(seated), scores, winners, draw(st.integers(1, 12)),
                                    counts, tie_break=tie))
        complete = n == (3 if kind == "hotdog" else 1)
        totals = {p: sum(g.scores[p] for g in games) for p in seated}
        if complete and kind == "hotdog":
            winners = tuple(p for p in seated if totals[p] == max(totals.values()))
        elif complete:
            winners = games[0].winners
        else:
            winners = ()
        counted = draw(st.booleans()) or draw(st.booleans())
        out.append(MatchPlayed(mid, kind, tuple(seated), T0 + draw(st.integers(0, 30)) * DAY + mid,
                               tuple(games), complete, winners, counted=counted, totals=totals, lone=not counted))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories(), st.sampled_from([None, *KINDS]), st.integers(0, 30), st.integers(0, 30), st.booleans())
def test_random_histories_count_the_same_under_every_filter(history, kind, a, b, grouped):
    counted = stored(history)
    day = dt.date.fromtimestamp(T0)
    group = history[0].players if grouped else None
    start, end = sorted((a, b))
    for f in (Filter(), Filter(kind, group), Filter(kind, None, day + dt.timedelta(days=start),
                                                    day + dt.timedelta(days=end))):
        same(counted, history, f, [("Anna", "Bernd"), ("zoë", "chris"), ("Dora", "anna")])
    counted.store.close()


def test_the_queries_need_nothing_newer_than_the_sqlite_of_the_browser_build():
    """Window functions and json_each: SQLite 3.25 and 3.38 (Pyodide ships 3.39 and later)."""
    major, minor, _patch = (int(x) for x in sqlite3.sqlite_version.split("."))
    assert (major, minor) >= (3, 38)
