"""Benchmark (not a test): the Statistics screen at 1,000 stored matches.

    python bench/stats.py [--matches 1000] [--runs 5]

Seeds a fresh store with random finished three-game matches of every game that has
app screens (records played from each game's seat part by ``tests/every_game/generators.py``,
kept only when the referee says the game is over; the three games of a match have the
same players), their start dates spread over two years. Then, in-process, drawing the screen's
component as the app does (no browser):

- baseline: History's first page, the first time (no line worded yet), as in
  ``bench/app.py``;
- Statistics, the first time on a served page: the screen saying it is reading, and
  History's first page drawn meanwhile (another tab: what the reading costs it), and
  the background reading until every match is replayed and remembered;
- Statistics, the first time drawn while replaying every match (no thread: what a page
  without threads, the browser build, does);
- Statistics again (nothing changed: every match remembered);
- a filter change (one game kind; then a date range and a group);
- Statistics after one match changed (that match replayed again, the rest remembered).

Prints the median (min–max) of each over ``--runs`` fresh starts, in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from flet.components.component import Renderer  # noqa: E402
from hypothesis.errors import NonInteractiveExampleWarning  # noqa: E402

from companion.core.registry import game, parse_record, referee  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui import history, stats, stats_reading  # noqa: E402
from tests.every_game.generators import games  # noqa: E402
from tests.tabs import tab  # noqa: E402

DAY = 86400.0


def finished_pool(name: str, wanted: int) -> dict[tuple[str, ...], list[dict[str, Any]]]:
    """Finished records of game ``name``, by their players (at least ``wanted`` in all)."""
    pool: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    found, strategy = 0, games(name, max_steps=60)   # long enough for most games to end
    spec = game(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NonInteractiveExampleWarning)
        tries = 0
        while found < wanted and tries < wanted * 200:
            tries += 1
            record = strategy.example()
            if record.get("mode") in spec.lone_modes:
                continue
            if not referee(parse_record(json.dumps(record)))["game_over"]:
                continue
            pool.setdefault(tuple(record["players"]), []).append(record)
            found += 1
    return {p: rs for p, rs in pool.items() if len(rs) >= 2}


def seed(store: Store, n: int, pools: dict[str, dict[tuple[str, ...], list[dict[str, Any]]]],
         rnd: random.Random) -> None:
    now = time.time()
    names = [n for n in sorted(pools) if pools[n]]
    for _ in range(n):
        name = rnd.choice(names)
        players = rnd.choice(sorted(pools[name]))
        records = [dict(rnd.choice(pools[name][players])) for _ in range(3)]
        body = [{k: v for k, v in r.items() if k != "game"} for r in records]
        mid = store.import_match(name, list(players), body, finished=True)
        when = now - rnd.uniform(0, 730) * DAY
        with store.transaction() as c:
            c.execute("UPDATE matches SET created_at=?, updated_at=? WHERE id=?", (when, when, mid))


class Page:
    """What the screen asks of a served page: a task to run later."""

    def run_task(self, fn: Any) -> None:
        pass

    def update(self) -> None:
        pass


def timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    rnd = random.Random(7)
    t = time.perf_counter()
    pools = {name: finished_pool(name, 40) for name in ("hotdog", "sales", "burger")}
    print(f"pool of finished records: {sum(len(r) for p in pools.values() for r in p.values())} "
          f"in {time.perf_counter() - t:.1f} s")
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "companion.sqlite3")
        t = time.perf_counter()
        seed(store, args.matches, pools, rnd)
        print(f"seeded {args.matches} matches in {time.perf_counter() - t:.1f} s")
        groups = store.groups()
        for _ in range(args.runs):
            history._LINES.clear()
            stats_reading.forget()
            shell = tab(store)

            def draw_history(shell: Any = shell) -> Any:
                return Renderer().render(history.History.__wrapped__, shell, shell.views)

            def draw_stats(shell: Any = shell) -> Any:
                return Renderer().render(stats.Statistics.__wrapped__, shell, shell.views)

            results.setdefault("History, first page, first time (baseline)", []).append(timed(draw_history))
            shell.page = Page()          # a served page: the reading goes to a thread
            results.setdefault("Statistics, first time: 'Reading…' on screen", []).append(timed(draw_stats))
            history._LINES.clear()
            results.setdefault("  … History's first page meanwhile (another tab)", []).append(timed(draw_history))
            t = time.perf_counter()
            for thread in threading.enumerate():
                if thread.name == "statistics":
                    thread.join()
            results.setdefault("  … every match read in the background", []).append(time.perf_counter() - t)
            results.setdefault("  … then drawn", []).append(timed(draw_stats))
            shell.page = None
            stats_reading.forget()
            results.setdefault("Statistics, first time, read while drawing", []).append(timed(draw_stats))
            results.setdefault("Statistics again", []).append(timed(draw_stats))
            shell.set_ui(stats.KEY, lambda u: u.with_game("hotdog"), stats.StatsUI())
            results.setdefault("filter: one game kind", []).append(timed(draw_stats))
            shell.set_ui(stats.KEY, lambda u: u.with_dates("2026-01-01", "2026-12-31"), stats.StatsUI())
            results.setdefault("filter: a date range", []).append(timed(draw_stats))
            g = groups[0].players
            shell.set_ui(stats.KEY, lambda u, g=g: u.with_group(g), stats.StatsUI())
            results.setdefault("filter: a group", []).append(timed(draw_stats))
            shell.set_ui(stats.KEY, lambda u: stats.StatsUI(), stats.StatsUI())
            m = store.summaries()[0]
            stored = store.match(m.id)
            store.save_game(m.id, 1, stored.games[0].record)
            results.setdefault("Statistics after one match changed", []).append(timed(draw_stats))
        store.close()
    for label, xs in results.items():
        ms = [x * 1000 for x in xs]
        print(f"{label:45s} median {statistics.median(ms):8.1f} ms  ({min(ms):.1f}–{max(ms):.1f})")


if __name__ == "__main__":
    main()
