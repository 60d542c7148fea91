"""Profile (not a test): where a hot-dog chip tap's time goes on the server, in-process.

The table screen of a Hot Dog game with ``--rounds`` rounds played (three players, each
bidding one hot dog at the 7 table every round, as ``bench/app.py``'s chip tap), drawn
the way the app draws it (the shell's ``Screen``, every component run, as Flet runs
them: ``tests/whole_games/driver.py``); then ``--taps`` chips tapped, each followed by
the whole screen drawn again (the tap's handler, then the redraw Flet makes of the
changed state). What Flet then sends to the browser (the diff of the drawn controls,
the websocket) is not in here: ``bench/app.py`` times the whole round trip.

A second figure redraws as a Flet session does (the screen drawn again where it was and
compared by Flet's diff, which skips a memoized component whose values are unchanged):
the CPU time of render and diff per tap, and how many controls were built for it. CPU
time and counts hold steady on a loaded machine; the wall times above do not.

Prints the time per tap (handler and redraw apart), then cProfile's heaviest
functions by their own time and by cumulative time, and the share of the tap spent in
companion's words (``present``, ``i18n``), the replay (``registry``, ``rules``) and
Flet.

    python bench/chip.py [--rounds 6] [--taps 40] [--top 25] [--language en|de]

``bench/session_taps.py`` measures the same tap, and Submit → result, in a real Flet
session (the shell, every component, Flet's diff and the bytes sent), against a bare
tap in the same run.

``COMPANION_TREE=DIR`` profiles another checkout (e.g. a worktree of main) with the
same script: a before/after, run one after the other.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

import flet as ft

ROOT = Path(os.environ.get("COMPANION_TREE") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

from companion.core import i18n  # noqa: E402
from companion.games.hotdog import setup_form  # noqa: E402
from companion.store import Store  # noqa: E402
from tests.whole_games.driver import App  # noqa: E402

PLAYERS = ["Anna", "Bernd", "Chris"]


def chip(n: int) -> str:
    hot = 1 + n % 4
    return f"Anna: 5 table, {hot} hot dog{'' if hot == 1 else 's'}"


def areas(stats: pstats.Stats) -> dict[str, float]:
    """Own time by where the function lives."""
    out: dict[str, float] = {}
    for (path, _line, _fn), (_cc, _nc, own, _cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        p = path.replace("\\", "/")
        if "/companion/" in p and "/site-packages/" not in p:
            part = p.split("/companion/", 1)[1]
            if "/present" in part or part.endswith("i18n.py") or "words" in part or "/vocab" in part:
                key = "companion: words (present, i18n)"
            elif "rules.py" in part or "registry.py" in part or "replays.py" in part or "record.py" in part:
                key = "companion: replay (registry, rules, record)"
            elif part.startswith("ui/") or "/view" in part or "/forms" in part or "/actions" in part:
                key = "companion: screens (ui, view, forms, actions)"
            elif part.startswith("store/"):
                key = "companion: store"
            else:
                key = "companion: other"
        elif "/flet/" in p:
            key = "flet (components, controls)"
        elif "/pydantic" in p:
            key = "pydantic"
        elif "/babel/" in p:
            key = "babel"
        elif "/tests/" in p:
            key = "the driver (tests/whole_games)"
        else:
            key = "python (stdlib, builtins)"
        out[key] = out.get(key, 0.0) + own
    return out


def session_redraws(app: App, taps: int) -> tuple[list[float], list[int]]:
    """Each chip tap followed by the screen drawn again where it was, as a Flet session
    does: the new screen's components drawn by Flet's diff against the last one (a
    memoized component with unchanged values is skipped). CPU seconds and the number
    of controls built, per tap."""
    from flet.controls.base_control import BaseControl
    from flet.controls.id_counter import ControlId
    from flet.controls.object_patch import ObjectPatch

    from companion.ui.router import Screen
    from tests.render import Renderer

    def screen() -> ft.Column:
        return Renderer().render(lambda: ft.Column([Screen(app.shell, app.shell.state.route, key="screen")]))

    before = screen()
    ObjectPatch.from_diff(None, before, control_cls=BaseControl, frozen=True)
    cpu, counts = [], []
    for n in range(taps):
        app.tap(chip(n))
        app._drawn = None
        first = ControlId.next()          # each control built takes the next id
        t0 = time.process_time()
        after = screen()
        after._i = before._i
        ObjectPatch.from_diff(before, after, control_cls=BaseControl, frozen=True)
        cpu.append(time.process_time() - t0)
        counts.append(ControlId.next() - first - 1)
        before = after
    return cpu, counts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--taps", type=int, default=40)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--language", default="en")
    args = ap.parse_args()
    i18n.set_language(args.language)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "companion.sqlite3")
        record = setup_form.new_record(PLAYERS, "Anna")
        record["rounds"] = [{"bids": [{"player": p, "table": 7, "hotdogs": 1} for p in PLAYERS]}
                            for _ in range(args.rounds)]
        mid = store.create_match("hotdog", PLAYERS, record)
        app = App(store)
        app.shell.go("match", match=mid)
        app.drawn()
        for n in range(4):                    # every chip drawn once, as after a few taps
            app.tap(chip(n))
            app.drawn()
        handler, redraw = [], []
        profile = cProfile.Profile()
        for n in range(args.taps):
            t0 = time.perf_counter()
            app.tap(chip(n))
            t1 = time.perf_counter()
            app.drawn()
            t2 = time.perf_counter()
            handler.append(t1 - t0)
            redraw.append(t2 - t1)
        profile.enable()
        for n in range(args.taps):
            app.tap(chip(n))
            app.drawn()
        profile.disable()
        cpu, built = session_redraws(app, args.taps)
        store.close()
    med = sorted(handler)[len(handler) // 2], sorted(redraw)[len(redraw) // 2]
    print(f"as a session redraws (render and Flet's diff), median of {args.taps}: "
          f"{sorted(cpu)[len(cpu) // 2] * 1000:.1f} CPU-ms, {sorted(built)[len(built) // 2]} controls built a tap")
    print(f"a chip tap, {args.rounds} rounds played ({args.language}), median of {args.taps}: "
          f"handler {med[0] * 1000:.1f} ms, redraw {med[1] * 1000:.1f} ms")
    stats = pstats.Stats(profile)
    total = sum(v for v in areas(stats).values())
    print(f"\nown time by area (profiled, {args.taps} taps, {total:.2f} s):")
    for key, own in sorted(areas(stats).items(), key=lambda kv: -kv[1]):
        print(f"  {key:48s} {own / total:6.1%}")
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(order).print_stats(args.top)
        print(f"\nby {order}:")
        print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))


if __name__ == "__main__":
    main()
