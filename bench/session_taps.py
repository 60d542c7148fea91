"""Profile (not a test): a Hot Dog chip tap and "Submit round" → its result (and "Next round"
back to the entry after it), as the server spends them, in a real Flet session run
in-process (issues 26 and 27).

The shell is started as ``companion serve`` starts a host's session
(:func:`companion.ui.shell.start_session`) on a Flet ``Session`` whose connection is a
test tab (``tests/render.py``: it keeps the bytes the server sends); the tab opens the
plain address, so the table of a Hot Dog match of Anna, Bernd and Chris with
``--rounds`` rounds played (each bidding one hot dog at the 7 table, as
``bench/app.py``'s taps). Each tap is the click event a browser sends, dispatched to the
control as Flet dispatches it; it ends when the redraw's last message is sent. Per tap:
the process's CPU-ms from the event to the last byte sent (the handler, the redraw of
every component not kept by its memo, Flet's diff, the packing of the patch), the
controls built, the bytes sent. A baseline in the same run: the bare tap of
``bench/app.py`` (a one-line Flet page whose button changes a text), in a session of
its own. What is not in here: the websocket, the browser (``bench/app.py`` times the
whole round trip; in the browser build all of this runs in Pyodide, several times
slower).

    python bench/session_taps.py [--rounds 6] [--taps 30] [--components] [--profile chip|submit]
                                 [--archive FILE]
    python bench/session_taps.py --against /work/main [--repeat 3]

``--archive FILE``: a copy of the store ``FILE`` (e.g. bench/scale.py's archive of realistic
matches) is the session's store, the match tapped added to it.

``--components``: per component, each tap, whether it was drawn or kept by its memo,
its own CPU-ms and the controls it built. ``--profile``: cProfile's heaviest functions
over the chip taps or the Submits. ``COMPANION_TREE=DIR`` measures another checkout
(its ``companion`` and ``tests``) with this script; ``--against DIR`` runs this
checkout and ``DIR`` one after the other, ``--repeat`` times, each in a fresh process,
and prints both side by side (a before/after on one loaded machine: compare the
medians of the same run, the CPU-ms and the counts, never wall times).
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
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("COMPANION_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

import flet as ft  # noqa: E402
from flet.components.component import Component  # noqa: E402
from flet.controls.context import _context_page  # noqa: E402
from flet.controls.id_counter import ControlId  # noqa: E402
from flet.messaging.session import Session  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.games.hotdog import setup_form  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.shell import start_session  # noqa: E402
from tests.render import Tab, packed  # noqa: E402

PLAYERS = ["Anna", "Bernd", "Chris"]
Tap = dict[str, float]   # "cpu_ms", "controls", "bytes"
_COUNTERS_IDS = [0]
"""Control ids taken by :class:`Components`' own counting (two a component redrawn):
not controls built, so left out of a tap's count."""


def chip(n: int) -> str:
    """The chip of tap ``n``: Anna's 5 table, 1 to 4 hot dogs in turn (as bench/app.py)."""
    hot = 1 + n % 4
    return f"Anna: 5 table, {hot} hot dog{'' if hot == 1 else 's'}"


def _index(session: Session) -> dict[int, Any]:
    index: dict[int, Any] = session._Session__index  # type: ignore[attr-defined]  # Flet's own, read only
    return index


def find(session: Session, name: str) -> Any:
    """The control a tap on ``name`` reaches: a named chip's button (its merged node's
    label), or a button by its words."""
    for c in list(_index(session).values()):
        if isinstance(c, ft.Semantics) and c.label == name and isinstance(c.content, ft.Button):
            return c.content
        if isinstance(c, ft.Button) and c.content == name:
            return c
    raise LookupError(f"nothing named {name!r} on screen")


async def _sent(tab: Tab, before: int) -> None:
    """Until the tap's redraw is sent, and the effects it queued have run."""
    for _ in range(500):
        await asyncio.sleep(0)
        if len(tab.sent) > before:
            break
    for _ in range(5):
        await asyncio.sleep(0)


async def tap(session: Session, tab: Tab, name: str) -> Tap:
    control = find(session, name)
    before, first, counters = len(tab.sent), ControlId.next(), _COUNTERS_IDS[0]
    t0 = time.process_time()
    await session.dispatch_event(control._i, "click", None)
    await _sent(tab, before)
    cpu = time.process_time() - t0
    return {"cpu_ms": cpu * 1000, "controls": ControlId.next() - first - 1 - (_COUNTERS_IDS[0] - counters),
            "bytes": sum(len(m) for m in tab.sent[before:])}


def _session(loop: asyncio.AbstractEventLoop, executor: ThreadPoolExecutor) -> tuple[Session, Tab]:
    tab = Tab(loop, PubSubHub(loop=loop, executor=executor))
    session = Session(tab)
    _context_page.set(session.page)
    session.apply_page_patch({"route": "/", "width": 390, "height": 844, "web": True})
    packed(session.get_page_patch())              # Flet's answer to the tab's register frame
    return session, tab


async def bare_taps(taps: int) -> list[Tap]:
    """bench/app.py's baseline: a text and a button that changes it."""
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(1) as executor:
        session, tab = _session(loop, executor)
        n = [0]
        label = ft.Text("hello")

        def tapped(e: Any) -> None:
            n[0] += 1
            label.value = f"tapped {n[0]}"

        session.page.add(label, ft.Button("Tap", on_click=tapped))
        out = [await tap(session, tab, "Tap") for _ in range(taps + 4)][4:]
        session.close()
    return out


class Components:
    """Each component's redraws while on: drawn or kept by its memo, own CPU-ms, controls built."""

    def __init__(self) -> None:
        self.seen: dict[str, list[float]] = {}
        self.on = False
        original = Component.before_update

        def counted(component: Component) -> None:
            if not self.on:
                original(component)
                return
            kept = component._state.last_b
            first, t0 = ControlId.next(), time.process_time()
            original(component)
            cpu, built = time.process_time() - t0, ControlId.next() - first - 1
            _COUNTERS_IDS[0] += 2
            skipped = component.memoized and kept is not None and component._b is kept
            row = self.seen.setdefault(f"{component.fn.__name__}{' (kept)' if skipped else ''}", [0, 0.0, 0])
            row[0] += 1
            row[1] += cpu * 1000
            row[2] += built

        Component.before_update = counted  # type: ignore[method-assign]

    def print(self, what: str, taps: int) -> None:
        print(f"\ncomponents redrawn per {what}: how often, own CPU-ms, controls built (a component's"
              " own control counted with its parent's)")
        for name, (n, cpu, built) in sorted(self.seen.items(), key=lambda kv: -kv[1][1]):
            print(f"  {name:32s} {n / taps:4.1f}× {cpu / taps:6.2f} CPU-ms {built / taps:6.1f} controls")


async def table_taps(rounds: int, taps: int, submits: int, watch: Components | None,
                     profile: tuple[str, cProfile.Profile] | None,
                     archive: Path | None = None) -> tuple[list[Tap], list[Tap], list[Tap]]:
    loop = asyncio.get_running_loop()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(1) as executor:
        if archive is not None:
            shutil.copyfile(archive, Path(tmp) / "companion.sqlite3")
        store = Store(Path(tmp) / "companion.sqlite3")
        record = setup_form.new_record(PLAYERS, "Anna")
        record["rounds"] = [{"bids": [{"player": p, "table": 7, "hotdogs": 1} for p in PLAYERS]}
                            for _ in range(rounds)]
        store.create_match("hotdog", PLAYERS, record)
        session, tab = _session(loop, executor)
        start_session(session.page, store, host=True)
        await asyncio.sleep(1.0)                  # the first screen, and the warm-up thread after it
        for n in range(4):                        # every chip drawn once, as after a few taps
            await tap(session, tab, chip(n))

        async def timed(what: str, name: str) -> Tap:
            profiling = profile is not None and profile[0] == what
            if watch is not None:
                watch.on = what in ("chip", "submit")
            if profiling:
                profile[1].enable()
            out = await tap(session, tab, name)
            if profiling:
                profile[1].disable()
            if watch is not None:
                watch.on = False
            return out

        if watch is not None:
            watch.seen.clear()
        chips = [await timed("chip", chip(n)) for n in range(taps)]
        if watch is not None:
            watch.print("chip tap", taps)
            watch.seen.clear()
        submitted, back = [], []
        for _ in range(submits):
            for p in PLAYERS:
                await timed("bid", f"{p}: 7 table, 1 hot dog")
            submitted.append(await timed("submit", "Submit round"))
            back.append(await timed("next", "Next round"))
        if watch is not None:
            watch.print("Submit → result", submits)
        session.close()
        store.close()
    return chips, submitted, back


def run_here(args: argparse.Namespace) -> dict[str, list[Tap]]:
    watch = Components() if args.components else None
    profile = (args.profile, cProfile.Profile()) if args.profile else None
    bare = asyncio.run(bare_taps(args.taps))
    chips, submits, back = asyncio.run(table_taps(args.rounds, args.taps, args.submits, watch, profile,
                                                  args.archive))
    if profile is not None:
        for order in ("tottime", "cumulative"):
            print(f"\n{profile[0]}, by {order}:")
            pstats.Stats(profile[1]).sort_stats(order).print_stats(args.top)
    return {"bare tap": bare, "chip": chips, "submit": submits, "next round": back}


def median(taps: list[Tap], what: str) -> float:
    return statistics.median(t[what] for t in taps)


def report(runs: dict[str, dict[str, list[Tap]]]) -> None:
    trees = list(runs)
    print(f"{'median per tap':18s}" + "".join(f"{t[-34:]:>36s}" for t in trees))
    for kind in ("bare tap", "chip", "submit", "next round"):
        cells = []
        for t in trees:
            taps, bare = runs[t][kind], median(runs[t]["bare tap"], "cpu_ms")
            cells.append(f"{median(taps, 'cpu_ms'):5.1f} CPU-ms ({median(taps, 'cpu_ms') / bare:4.1f}× bare) "
                         f"{median(taps, 'controls'):4.0f} ctl {median(taps, 'bytes'):5.0f} B")
        print(f"{kind:18s}" + "".join(f"{c:>36s}" for c in cells))


def against(args: argparse.Namespace) -> None:
    """This checkout and ``args.against``, alternately, each run a fresh process."""
    trees = {str(ROOT): None, str(Path(args.against).resolve()): args.against}
    runs: dict[str, dict[str, list[Tap]]] = {t: {} for t in trees}
    for _ in range(args.repeat):
        for tree in trees:
            out = subprocess.run(
                [sys.executable, __file__, "--json", "--rounds", str(args.rounds), "--taps", str(args.taps),
                 "--submits", str(args.submits), *(["--archive", str(args.archive)] if args.archive else [])],
                env=dict(os.environ, COMPANION_TREE=tree), capture_output=True, text=True, check=True)
            for kind, taps in json.loads(out.stdout.splitlines()[-1]).items():
                runs[tree].setdefault(kind, []).extend(taps)
    report(runs)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--taps", type=int, default=30)
    ap.add_argument("--submits", type=int, default=5)
    ap.add_argument("--components", action="store_true")
    ap.add_argument("--profile", choices=("chip", "submit"))
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--against", help="another checkout, measured alternately with this one")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--archive", type=Path, help="a store file whose matches are kept beside the match tapped")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.against:
        against(args)
        return
    runs = run_here(args)
    if args.json:
        print(json.dumps(runs))
    else:
        report({str(ROOT): runs})


if __name__ == "__main__":
    main()
