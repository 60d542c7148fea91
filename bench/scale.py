"""Benchmark (not a test): the app over a realistic archive of 1,000 and 10,000 matches.

    python bench/scale.py [--matches 1000 10000] [--runs 1] [--root CHECKOUT] [--timeout 300]

A realistic store (issue 26): Hot Dog matches of three games played to their end by
HD-13 (about eight rounds a game), sales games of 12-card hands over three rounds,
burger games played to their end (BU-6), among 13 player names, started over three
years (``bench/records.py`` makes the games, legal by construction: the moves are made
against ``bench/plain.py``'s state). Half the matches are Hot Dog's, a quarter each
sales' and burger's.

The store is written with the code of the checkout served (``--root``, this one by
default: a baseline commit's ``git worktree`` measures "before"), and its derived rows
brought up to date where that code keeps them (``companion.store.derived``), as they
are once the matches have been played in the app. Then, in chromium at 1280 × 800 on
a fresh ``companion serve`` per size, as a user does it:

- server start → first HTTP 200, and the server's RSS once the first page is drawn;
- "Statistics" tapped on Home → its counts on screen (the first open after the start);
- "History" tapped → its first page; a player's name typed in its search → the
  matches found;
- "All matches for BG Stats" tapped → the file written and said;
- and, where the code keeps derived rows, the first Statistics after an upgrade (a
  store whose rows are not kept yet): the progress shown, a tap on Home meanwhile,
  and the time until Statistics is drawn.

Baselines measured in the same run: a bare Flet page (one button that changes a
text) served the same way: its start → first HTTP 200, its RSS, and a tap's round trip
in the same browser (``bench/app.py``'s). Each figure is printed with its baseline and
their ratio, beside the issue's target. A figure that does not appear within
``--timeout`` seconds is reported as more than that.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import records  # noqa: E402  (bench/records.py)

DAY = 86400.0
SEARCHED = "Mia"          # one of records.NAMES: the search by player types it

# ---------------------------------------------------------------- the archive


@contextmanager
def seated(players: list[str]) -> Iterator[None]:
    """bench/records.py's games played by these players (its generators pick their own)."""
    pick = records._players
    records._players = lambda rng, low, high: list(players)   # type: ignore[assignment]
    try:
        yield
    finally:
        records._players = pick   # type: ignore[assignment]


def realistic_matches(n: int, seed: int = 7) -> list[dict[str, Any]]:
    """``n`` finished matches: (game, players, games without their "game" key, started)."""
    rng = random.Random(f"scale-{seed}")
    now = time.time()
    out = []
    for _ in range(n):
        kind = rng.choice(("hotdog", "hotdog", "sales", "burger"))
        if kind == "sales":
            game = records.sales(rng)
            players, games = game["players"], [game]
        else:
            players = rng.sample(records.NAMES, rng.randint(2, 5))
            with seated(players):
                games = [records.GAMES[kind](rng) for _ in range(3 if kind == "hotdog" else 1)]
        started = now - rng.uniform(0, 3 * 365) * DAY
        out.append({"game": kind, "players": players, "started": started,
                    "games": [{k: v for k, v in g.items() if k != "game"} for g in games]})
    return out


SEED = r"""
import json, sqlite3, sys, time
from pathlib import Path
from companion.store import Store
from companion.tallies.stats import STATS_PART
from companion.ui.contracts import VIEW_PART

path, source, derive = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] == "1"
Store(path).close()                         # the schema of the code served
db = sqlite3.connect(path)
db.execute("PRAGMA synchronous=OFF")
with db:
    for line in source.read_text(encoding="utf-8").splitlines():
        m = json.loads(line)
        when = m["started"]
        cur = db.execute("INSERT INTO matches (game, players, finished, created_at, updated_at) "
                         "VALUES (?,?,1,?,?)", (m["game"], json.dumps(m["players"], ensure_ascii=False),
                                                when, when + 1800 * len(m["games"])))
        for n, g in enumerate(m["games"], 1):
            db.execute("INSERT INTO games (match_id, number, record, created_at, updated_at) VALUES (?,?,?,?,?)",
                       (cur.lastrowid, n, json.dumps(g, ensure_ascii=False, separators=(",", ":")),
                        when + 1800 * (n - 1), when + 1800 * n))
db.close()
out = {"derived": None}
if derive:
    try:
        from companion.store import derived
    except ImportError:
        pass
    else:
        store = Store(path)
        t = time.perf_counter()
        derived.refresh(store)
        out["derived"] = time.perf_counter() - t
        # the whole history's statistics, as the app keeps them once Statistics was opened
        from companion.core.registry import games_with
        from companion.tallies.stats import Filter
        from companion.store.statistics import Statistics
        kinds = list(games_with(VIEW_PART))
        Statistics(store, kinds).summary(Filter(), [n for n in games_with(STATS_PART) if n in kinds])
        store.close()
print(json.dumps(out))
"""


def seed_store(data: Path, matches: list[dict[str, Any]], root: Path, *, derive: bool = True) -> float | None:
    """Write ``matches`` into a fresh store in ``data`` with ``root``'s code; with
    ``derive``, bring its derived rows up to date where that code keeps them (the time
    it took, or None where it keeps none)."""
    data.mkdir(parents=True, exist_ok=True)
    source = data / "matches.jsonl"
    source.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in matches), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(root), COMPANION_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-c", SEED, str(data / "companion.sqlite3"), str(source),
                           "1" if derive else "0"], cwd=root, env=env, capture_output=True, text=True, check=True)
    source.unlink()
    return json.loads(done.stdout.strip().splitlines()[-1])["derived"]


def keeps_derived(root: Path) -> bool:
    return (root / "companion" / "store" / "derived.py").is_file()


# ---------------------------------------------------------------- measuring


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def timed(action: Callable[[], None], wait: Callable[[float], None], timeout: float) -> float:
    """Seconds from ``action`` to ``wait`` returning; ``inf`` past ``timeout``."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    t0 = time.perf_counter()
    action()
    try:
        wait(timeout * 1000)
    except PlaywrightTimeout:
        return float("inf")
    return time.perf_counter() - t0


def bare_page(runs: int) -> dict[str, list[float]]:
    """The baselines: a one-button Flet page's start (to HTTP 200), RSS and tap."""
    from playwright.sync_api import sync_playwright

    from bench.app import baseline_start, baseline_tap, hello_page
    from tests.e2e.harness import enable_semantics, launch

    out: dict[str, list[float]] = {"start": baseline_start(max(runs, 3)), "tap": baseline_tap(max(runs, 10) * 2)}
    with hello_page(tries=400) as (proc, url), sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        enable_semantics(page)
        page.get_by_role("button", name="Tap").wait_for()
        out["rss"] = [rss_mb(proc.pid)]
        browser.close()
    return out


def changed(data: Path) -> None:
    """The latest match's last game written again, as a screen saves a round: its derived
    rows go, and the next Statistics works that match out and counts again."""
    import sqlite3

    db = sqlite3.connect(data / "companion.sqlite3", timeout=30)
    with db:
        db.execute("UPDATE games SET record = record WHERE id = (SELECT max(id) FROM games)")
    db.close()


def drive(data: Path, root: Path, n: int, timeout: float, upgrade: bool) -> dict[str, float]:
    """One fresh server on ``data``: every figure of a user's evening with the archive."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.harness import DESKTOP, Server, launch, seen
    from tests.e2e.table import Table

    got: dict[str, float] = {}
    server = Server(data, root=root)
    got["start"] = server.start(timeout=max(60.0, timeout))
    assert server.proc is not None
    pid = server.proc.pid
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            t = Table(browser, server.url, DESKTOP)
            t.pg.set_default_timeout(timeout * 1000)
            t.button("Statistics").first.wait_for()
            got["rss start"] = rss_mb(pid)

            def home() -> None:
                t.click("Home")
                t.button("Statistics").first.wait_for()

            if upgrade:
                t.click("Statistics")
                bar = t.pg.get_by_role("progressbar")
                t0 = time.perf_counter()
                try:
                    t.find(re.compile(r"^Working out the statistics of ")).first.wait_for(timeout=60000)
                    got["upgrade: progress shown"] = time.perf_counter() - t0
                    got["upgrade: determinate"] = float(bar.count() > 0 and bar.first.get_attribute(
                        "aria-valuenow") is not None)
                    got["upgrade: Home tapped meanwhile"] = timed(
                        lambda: t.click("Home"), lambda ms: seen(t.button("Statistics"), ms), timeout)
                    t.click("Statistics")
                except Exception:
                    got["upgrade: progress shown"] = float("inf")
                t.find(re.compile(r"^Counted: ")).first.wait_for(timeout=timeout * 1000)
                got["upgrade: Statistics drawn"] = time.perf_counter() - t0
                return got

            # companion's own floor: a screen that reads nothing (Import), first and again
            for name in ("floor: Import tapped, first", "floor: Import tapped, again"):
                got[name] = timed(lambda: t.click("Import a record"), lambda ms: seen(t.pg.get_by_role(
                    "textbox", name="JSON record"), ms), timeout)
                home()
            got["stats"] = timed(lambda: t.click("Statistics"), lambda ms: seen(t.find(
                re.compile(r"^Counted: |^No finished games yet")), ms), timeout)
            got["rss after Statistics"] = rss_mb(pid)
            home()
            if n:
                got["history"] = timed(lambda: t.click("History"), lambda ms: (
                    seen(t.find(f"{n:,} matches, the latest first"), ms),
                    seen(t.pg.get_by_role("button", name=re.compile(r"^(Hot Dog|Sales|Burger), ")), ms)), timeout)
                field = t.pg.get_by_role("textbox", name="Search by player")
                field.wait_for()
                field.click()
                got["search"] = timed(lambda: field.fill(SEARCHED), lambda ms: seen(t.find(
                    f"with a player named like “{SEARCHED}”"), ms), timeout)
                field.fill("")
                t.find(f"{n:,} matches, the latest first").first.wait_for()
                got["rss after History"] = rss_mb(pid)
                home()
            if n and keeps_derived(root) and got["stats"] != float("inf"):
                changed(data)                    # a round saved meanwhile: one match to work out again
                got["stats after a change"] = timed(lambda: t.click("Statistics"), lambda ms: seen(t.find(
                    re.compile(r"^Counted: ")), ms), timeout)
                home()
            if n:                                # last: the file's download goes to the browser
                t.click("History")
                t.find(f"{n:,} matches, the latest first").first.wait_for()
                # the browser takes the file, as a phone's does: until it has, the server
                # still holds the file's bytes for the download it sends
                with t.pg.expect_download(timeout=timeout * 1000) as saved:
                    got["bgstats"] = timed(lambda: t.click("All matches for BG Stats"), lambda ms: seen(t.find(
                        "History for BG Stats"), ms), timeout)
                saved.value.path()
                t.pg.wait_for_timeout(3000)
                got["rss after BG Stats"] = rss_mb(pid)
            got["rss after"] = rss_mb(pid)
            t.close()
            browser.close()
    finally:
        server.stop()
    return got


# ---------------------------------------------------------------- report


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def said(seconds: float, timeout: float) -> str:
    return f"> {timeout:.0f} s" if seconds == float("inf") else f"{seconds * 1000:8.0f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout served (default: this one)")
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--keep", type=Path, help="keep the seeded stores in this folder (and reuse them)")
    ap.add_argument("--upgrade-max", type=int, default=1000,
                    help="measure the first Statistics after an upgrade up to this many matches")
    ap.add_argument("--upgrade-timeout", type=float, default=1800.0)
    args = ap.parse_args()
    root = args.root.resolve()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True)
    print(f"served: {root} ({commit.stdout.strip()})")
    base = bare_page(args.runs)
    tap, start, rss0 = median(base["tap"]), median(base["start"]), base["rss"][0]
    print(f"baseline, a bare Flet page: start → HTTP 200 {start * 1000:.0f} ms, a tap's round trip "
          f"{tap * 1000:.0f} ms, RSS {rss0:.0f} MB")
    work = Path(tempfile.mkdtemp(prefix="companion-scale-"))
    keep = args.keep.resolve() if args.keep else work
    try:
        figures: dict[int, dict[str, list[float]]] = {}
        for n in [0, *args.matches]:
            data = keep / f"store-{n}"
            if not (data / "companion.sqlite3").exists():
                t0 = time.perf_counter()
                matches = realistic_matches(n)
                gen = time.perf_counter() - t0
                t0 = time.perf_counter()
                took = seed_store(data, matches, root)
                print(f"{n:,} matches: made in {gen:.1f} s, stored in {time.perf_counter() - t0:.1f} s"
                      + (f" (derived rows kept: {took:.1f} s)" if took is not None else ""), flush=True)
                if n and keeps_derived(root) and n <= args.upgrade_max:
                    plain = keep / f"store-{n}-upgrade"
                    seed_store(plain, matches, root, derive=False)
            for run in range(args.runs):
                fresh = work / f"run-{n}-{run}"
                shutil.copytree(data, fresh, dirs_exist_ok=True)
                for k, v in drive(fresh, root, n, args.timeout, upgrade=False).items():
                    figures.setdefault(n, {}).setdefault(k, []).append(v)
                shutil.rmtree(fresh, ignore_errors=True)
                upgraded = keep / f"store-{n}-upgrade"
                if n and n <= args.upgrade_max and upgraded.exists():
                    fresh = work / f"run-{n}-{run}-upgrade"
                    shutil.copytree(upgraded, fresh, dirs_exist_ok=True)
                    for k, v in drive(fresh, root, n, args.upgrade_timeout, upgrade=True).items():
                        figures[n].setdefault(k, []).append(v)
                    shutil.rmtree(fresh, ignore_errors=True)
            print(f"  {n:,}: " + ", ".join(f"{k} {median(v):.2f}" for k, v in figures[n].items()), flush=True)
        rss_empty = median(figures[0]["rss after"])
        print()
        print(f"{'figure':58s} {'value':>10s} {'baseline':>10s} {'ratio':>7s}  target")
        for n in args.matches:
            f = figures[n]

            def row(label: str, name: str, baseline: float, target: str, f: dict[str, list[float]] = f) -> None:
                if name not in f:
                    return
                v = median(f[name])
                ratio = "" if v == float("inf") else f"{v / baseline:6.2f}×"
                print(f"{label:58s} {said(v, args.timeout):>10s} {baseline * 1000:8.0f} ms {ratio:>7s}  {target}")

            print(f"-- {n:,} matches")
            row("server start → HTTP 200 (baseline: bare page's)", "start", start, "≤ 1.3×")
            row("floor: Import (reads nothing) tapped, first (bare tap)", "floor: Import tapped, first", tap, "")
            row("floor: Import tapped again (bare tap)", "floor: Import tapped, again", tap, "")
            row("Statistics, first open after a start (baseline: bare tap)", "stats", tap, "≤ 3×")
            row("Statistics again after a match changed (baseline: bare tap)", "stats after a change", tap, "")
            row("History, first page (baseline: bare tap)", "history", tap, "≤ 2×")
            row(f"History, search by player “{SEARCHED}” (baseline: bare tap)", "search", tap, "≤ 2×")
            row("All matches for BG Stats, written (absolute)", "bgstats", 1.0, "≤ 2 s")
            row("upgrade: Home tapped while Statistics reads (bare tap)", "upgrade: Home tapped meanwhile", tap,
                "usable")
            row("upgrade: Statistics drawn (absolute)", "upgrade: Statistics drawn", 1.0, "with progress")
            if "upgrade: determinate" in f:
                print(f"{'upgrade: a determinate progress bar shown':58s} "
                      f"{'yes' if median(f['upgrade: determinate']) else 'no':>10s}")
            for label, name in (("server RSS after Statistics", "rss after Statistics"),
                                ("server RSS after History and its search", "rss after History"),
                                ("server RSS after All matches for BG Stats (its download sent)", "rss after BG Stats"),
                                ("server RSS after these (baseline: same at 0 matches)", "rss after")):
                if name in f:
                    rss = median(f[name])
                    print(f"{label:58s} {rss:7.0f} MB {rss_empty:7.0f} MB {rss / rss_empty:6.2f}×  ≤ 1.5×")
        print(f"(a bare Flet page's RSS: {rss0:.0f} MB; companion at 0 matches: {rss_empty:.0f} MB)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
