"""Profile (not a test): History's first open after a start, and the Import screen's
(a screen that reads nothing: companion's floor), as the server spends them, in a real
Flet session run in-process on a long archive (issue 26).

    python bench/history_open.py STORE_DIR [--repeat 5] [--profile] [--against DIR]

``STORE_DIR`` holds a ``companion.sqlite3`` (``bench/scale.py --keep DIR`` seeds one
at ``DIR/store-10000``); it is copied to a temporary folder for every run, so nothing
is written to it. Each run is a fresh process, as a start is: a host's session
(:func:`companion.ui.shell.start_session`) on a test tab (``tests/render.py``), Home
drawn, the warm-up the app runs after Home (:func:`companion.ui.router.warm_up`) run to
its end, then "Import a record" tapped and Home again, then "History" tapped: each tap
the click event a browser sends, ended when its redraw is sent (as
``bench/session_taps.py``'s). Per tap: the process's CPU-ms, the controls built, the
bytes sent; a bare Flet tap (``bench/session_taps.py``'s) in the same process as the
baseline. ``--profile``: cProfile's heaviest functions over History's first open.
``--against DIR``: this checkout and ``DIR`` alternately, each run a fresh process
(compare the medians of the same run, never wall times on a shared machine).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("COMPANION_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import flet as ft  # noqa: E402
import session_taps  # noqa: E402  (bench/session_taps.py: its tab, tap and bare baseline)

from companion.store import Store  # noqa: E402
from companion.ui.router import warm_up  # noqa: E402
from companion.ui.shell import start_session  # noqa: E402

KINDS = ("bare tap", "Import, first", "History, first")


def home_button(session: Any) -> Any:
    """The app bar's Home: an icon button under its accessible name."""
    for c in list(session_taps._index(session).values()):
        if isinstance(c, ft.Semantics) and c.label == "Home" and isinstance(c.content, ft.IconButton):
            return c.content
    raise LookupError("no Home on screen")


async def opened(store_dir: Path, profile: cProfile.Profile | None) -> dict[str, session_taps.Tap]:
    loop = asyncio.get_running_loop()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(1) as executor:
        shutil.copy(store_dir / "companion.sqlite3", Path(tmp) / "companion.sqlite3")
        store = Store(Path(tmp) / "companion.sqlite3")
        session, tab = session_taps._session(loop, executor)
        shell = start_session(session.page, store, host=True)
        await asyncio.sleep(0.2)                  # Home drawn
        warm_up(store, list(shell.views))         # as the app does after Home, to its end
        out = {"Import, first": await session_taps.tap(session, tab, "Import a record")}
        before = len(tab.sent)
        await session.dispatch_event(home_button(session)._i, "click", None)
        await session_taps._sent(tab, before)
        if profile is not None:
            profile.enable()
        out["History, first"] = await session_taps.tap(session, tab, "History")
        if profile is not None:
            profile.disable()
        session.close()
        store.close()
    return out


def run_once(store_dir: Path, profile: bool) -> dict[str, session_taps.Tap]:
    prof = cProfile.Profile() if profile else None
    bare = asyncio.run(session_taps.bare_taps(20))
    out = asyncio.run(opened(store_dir, prof))
    out["bare tap"] = {k: statistics.median(t[k] for t in bare) for k in bare[0]}
    if prof is not None:
        for order in ("tottime", "cumulative"):
            print(f"\nHistory, first open, by {order}:")
            pstats.Stats(prof).sort_stats(order).print_stats(40)
    return out


def report(runs: dict[str, list[dict[str, session_taps.Tap]]]) -> None:
    print(f"{'median of the runs':18s}" + "".join(f"{t[-40:]:>42s}" for t in runs))
    for kind in KINDS:
        cells = []
        for got in runs.values():
            cpu = statistics.median(r[kind]["cpu_ms"] for r in got)
            bare = statistics.median(r["bare tap"]["cpu_ms"] for r in got)
            ctl = statistics.median(r[kind]["controls"] for r in got)
            sent = statistics.median(r[kind]["bytes"] for r in got)
            cells.append(f"{cpu:6.1f} CPU-ms ({cpu / bare:4.1f}× bare) {ctl:4.0f} ctl {sent:6.0f} B")
        print(f"{kind:18s}" + "".join(f"{c:>42s}" for c in cells))
    for tree, got in runs.items():
        print(f"  {tree}: History CPU-ms per run " + ", ".join(f"{r['History, first']['cpu_ms']:.1f}" for r in got))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("store", type=Path, help="a folder holding companion.sqlite3")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--against", help="another checkout, measured alternately with this one")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    store_dir = args.store.resolve()
    if args.json or args.profile:
        got = run_once(store_dir, args.profile)
        print(json.dumps(got) if args.json else "")
        if not args.json:
            report({str(ROOT): [got]})
        return
    trees = [str(ROOT)] + ([str(Path(args.against).resolve())] if args.against else [])
    runs: dict[str, list[dict[str, session_taps.Tap]]] = {t: [] for t in trees}
    for _ in range(args.repeat):
        for tree in trees:
            out = subprocess.run([sys.executable, __file__, str(store_dir), "--json"],
                                 env=dict(os.environ, COMPANION_TREE=tree), capture_output=True, text=True,
                                 check=True)
            runs[tree].append(json.loads(out.stdout.splitlines()[-1]))
    report(runs)


if __name__ == "__main__":
    main()
