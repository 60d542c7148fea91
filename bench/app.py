"""Benchmark (not a test): how fast the app answers.

    python bench/app.py [--runs 20]

1. `companion serve` start → first HTTP 200 (a fresh process each run).
2. "Submit round" tapped in chromium → the round's result text in the browser; a
   hot-dog chip tapped → shown chosen (``--only taps`` runs just these, with the bare
   tap of a one-line Flet page as the baseline).
3. History at 1,000 stored matches: drawing the screen in-process, the old way (every
   match's line built at once) against History's page (``--only history`` runs just this);
   and "History" tapped in chromium → its first page on screen, the first time after a
   start (no line worded yet) and again.

Prints the median (and min/max) of each, in seconds and milliseconds; for the taps
also the server's CPU time from the tap to its result seen (all its threads, from the
kernel's run time: steady on a loaded machine, where the wall times are not), beside
the bare page's.
Needs Debian chromium at /usr/bin/chromium and playwright (no `playwright install`).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import DESKTOP, PHONE, Server, enable_semantics, launch, seen  # noqa: E402
from tests.e2e.table import Table  # noqa: E402


def serve_start(runs: int) -> list[float]:
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs):
            server = Server(Path(tmp) / "data")
            try:
                out.append(server.start())
            finally:
                server.stop()
    return out


HELLO = """
import sys, flet as ft
def main(page):
    n = [0]
    label = ft.Text("hello")
    def tap(e):
        n[0] += 1
        label.value = f"tapped {n[0]}"
    page.add(label, ft.Button("Tap", on_click=tap))
ft.run(main, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
"""


def baseline_start(runs: int) -> list[float]:
    """The floor for serve start: a one-line Flet page served the same way."""
    import os
    import subprocess
    import urllib.request

    from tests.e2e.harness import free_port

    out = []
    for _ in range(runs):
        port = free_port()
        env = dict(os.environ, FLET_FORCE_WEB_SERVER="true")
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", HELLO, str(port)], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as r:
                        if r.status == 200:
                            out.append(time.perf_counter() - t0)
                            break
                except OSError:
                    time.sleep(0.02)
        finally:
            proc.terminate()
            proc.wait(10)
    return out


@contextmanager
def hello_page(tries: int = 200) -> Iterator[tuple[subprocess.Popen, str]]:
    """The one-line Flet page (:data:`HELLO`) served by a process of its own, the
    baselines' page: yields the process and its address once it answers (or after
    ``tries`` looks 50 ms apart), and stops it after the ``with``."""
    import os
    import urllib.request

    from tests.e2e.harness import free_port

    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    proc = subprocess.Popen([sys.executable, "-c", HELLO, str(port)],
                            env=dict(os.environ, FLET_FORCE_WEB_SERVER="true"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        for _ in range(tries):
            try:
                urllib.request.urlopen(url, timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield proc, url
    finally:
        proc.terminate()
        proc.wait(10)


def baseline_tap(runs: int) -> list[float]:
    """The floor for a round trip: a button that only changes a text, in the same browser."""
    from playwright.sync_api import sync_playwright

    out = []
    with hello_page() as (proc, url), sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
            ("http://127.0.0.1", "ws://127.0.0.1", "blob:", "data:")) else r.abort())
        page.goto(url)
        enable_semantics(page)
        button = page.get_by_role("button", name="Tap")
        button.wait_for()
        for n in range(1, runs + 1):
            c0, t0 = server_cpu_ms(proc.pid), time.perf_counter()
            button.click()
            seen(page.get_by_text(f"tapped {n}", exact=True))
            out.append(time.perf_counter() - t0)
            SERVER_CPU.setdefault("bare tap", []).append(server_cpu_ms(proc.pid) - c0)
        browser.close()
    return out


def server_cpu_ms(pid: int) -> float:
    """CPU time the server process has used, in ms, all its threads (the kernel's
    per-thread run time, in ns: steady on a loaded machine, where wall times are not)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue                        # a thread that ended meanwhile
    return total / 1e6


SERVER_CPU: dict[str, list[float]] = {}
"""The server's CPU-ms per timed tap, by what was tapped (printed beside the wall times)."""


@contextmanager
def _three_at_a_table() -> Iterator[tuple[Table, int]]:
    """A Hot Dog match of Anna, Bernd and Chris at its table, on a server of its own:
    the table, and the server's process id."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data")
        server.start()
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                table = Table(browser, server.url, PHONE)
                table.setup(["Anna", "Bernd", "Chris"], mustard="Anna")
                assert server.proc is not None
                yield table, server.proc.pid
                table.close()
                browser.close()
        finally:
            server.stop()


def round_trip(runs: int) -> list[float]:
    out = []
    with _three_at_a_table() as (table, pid):
        for n in range(1, runs + 1):
            for p in ("Anna", "Bernd", "Chris"):   # a plain bid each (HD-6: none is made up)
                table.bid(p, 7, 1)
            submit = table.button("Submit round").first
            submit.wait_for()
            result = table.find(f"Round {n}: result").first
            c0, t0 = server_cpu_ms(pid), time.perf_counter()
            submit.click()
            seen(result)
            out.append(time.perf_counter() - t0)
            SERVER_CPU.setdefault("submit", []).append(server_cpu_ms(pid) - c0)
            table.click("Next round")
    return out


def rounds_played(table: Table, rounds: int) -> None:
    """``rounds`` rounds played at ``table``, a plain bid each (the screen then draws the
    money grid and every round), and the next round's entry open."""
    for _ in range(rounds):
        for p in ("Anna", "Bernd", "Chris"):
            table.bid(p, 7, 1)
        table.click("Submit round")
        table.click("Next round")


def chip_label(n: int) -> str:
    """The chip of tap ``n``: Anna's 5 table, 1 to 4 hot dogs in turn."""
    hot = 1 + n % 4
    return f"Anna: 5 table, {hot} hot dog{'' if hot == 1 else 's'}"


def chip_tap(runs: int, rounds: int = 6) -> list[float]:
    """A hot-dog chip tapped on the table screen → the chip shown chosen, in a game of
    ``rounds`` rounds already played (the screen draws the money grid and every round)."""
    out = []
    with _three_at_a_table() as (table, pid):
        rounds_played(table, rounds)
        for n in range(runs):
            c0 = server_cpu_ms(pid)
            out.append(table.timed_chip(chip_label(n)))
            SERVER_CPU.setdefault("chip", []).append(server_cpu_ms(pid) - c0)
    return out


HISTORY_MATCHES = 1000


def _seeded(tmp: str) -> Path:
    """A data folder holding HISTORY_MATCHES matches (tests/e2e/test_history_e2e.py's)."""
    from tests.e2e.test_history_e2e import seed_matches

    data = Path(tmp) / "seeded"
    seed_matches(data, HISTORY_MATCHES)
    return data


def all_lines_at_once(shell) -> object:
    """History as it was drawn before it had pages: every match read and its line worded."""
    import flet as ft

    from companion.core.errors import CompanionError

    out = []
    for m in shell.store.matches():
        view = shell.views.get(m.game)
        if view is None:
            continue
        try:
            line, _ = view.match_line(m.players, [g.record for g in m.games])
        except CompanionError as exc:
            line = str(exc)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(m.updated_at))
        out.append(ft.Button(f"{view.title}, {when}: {', '.join(m.players)}: {line}",
                             on_click=lambda e, i=m.id: shell.go("history_match", match=i)))
    return ft.Column(out)


def history_in_process(runs: int) -> tuple[list[float], list[float], list[float]]:
    """Drawing History at HISTORY_MATCHES matches: (before: every line at once, after: the
    page with no line remembered, after: the page again)."""
    from flet.components.component import Renderer

    from companion.store import Store
    from companion.ui import history
    from tests.tabs import tab

    before, cold, warm = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        shell = tab(Store(_seeded(tmp) / "companion.sqlite3"))
        for _ in range(runs):
            t0 = time.perf_counter()
            all_lines_at_once(shell)
            before.append(time.perf_counter() - t0)
            history._LINES.clear()
            t0 = time.perf_counter()
            Renderer().render(history.History.__wrapped__, shell, shell.views)
            cold.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            Renderer().render(history.History.__wrapped__, shell, shell.views)
            warm.append(time.perf_counter() - t0)
        shell.store.close()
    return before, cold, warm


def history_tap(runs: int) -> tuple[list[float], list[float], list[float]]:
    """"History" tapped on Home → the first page's first line in the browser, at
    HISTORY_MATCHES matches: the first time after a start (a fresh server each run, no
    line worded yet) and then again (Home, History) on the same server; and, for
    comparison on the same server, "Import a record" tapped → its text field (a screen
    that reads nothing)."""
    import shutil

    from playwright.sync_api import sync_playwright

    first, again, small = [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        seeded = _seeded(tmp)
        with sync_playwright() as pw:
            browser = launch(pw)
            for n in range(runs):
                data = Path(tmp) / f"run{n}"
                shutil.copytree(seeded, data)
                server = Server(data)
                server.start()
                try:
                    table = Table(browser, server.url, DESKTOP)
                    for _ in range(2):
                        table.button("Import a record").first.wait_for()
                        t0 = time.perf_counter()
                        table.click("Import a record")
                        table.pg.get_by_role("textbox", name="JSON record").wait_for()
                        small.append(time.perf_counter() - t0)
                        table.click("Home")
                    for times in (first, again):
                        table.button("History").first.wait_for()
                        t0 = time.perf_counter()
                        table.click("History")
                        table.find(f"{HISTORY_MATCHES:,} matches, the latest first").first.wait_for()
                        table.pg.get_by_role("button", name=re.compile(r"^Hot Dog, ")).first.wait_for()
                        times.append(time.perf_counter() - t0)
                        table.click("Home")
                    table.close()
                finally:
                    server.stop()
            browser.close()
    return first, again, small


def report(name: str, xs: list[float]) -> None:
    ms = [x * 1000 for x in xs]
    print(f"{name}: median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f}, n={len(ms)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--only", choices=["history", "taps"], help="run only this part")
    args = ap.parse_args()
    if args.only == "taps":
        taps(args.runs)
        return
    if args.only != "history":
        start_and_round_trip(args.runs)
    runs = min(args.runs, 5)
    before, cold, warm = history_in_process(runs)
    report(f"History at {HISTORY_MATCHES:,} matches, before: every line built at once (in-process)", before)
    report(f"History at {HISTORY_MATCHES:,} matches, now: its first page, no line remembered (in-process)", cold)
    report(f"History at {HISTORY_MATCHES:,} matches, now: its first page again (in-process)", warm)
    first, again, small = history_tap(runs)
    report(f"History tapped at {HISTORY_MATCHES:,} matches → first page in the browser, first time after a start",
           first)
    report(f"History tapped at {HISTORY_MATCHES:,} matches → first page in the browser, again", again)
    report("for comparison, same server: Import a record tapped → its field in the browser", small)


def start_and_round_trip(runs: int) -> None:
    app, base = serve_start(runs), baseline_start(runs)
    report("serve start → first HTTP 200", app)
    report("baseline: a one-line Flet page, start → first HTTP 200", base)
    print(f"ratio companion / baseline: {statistics.median(app) / statistics.median(base):.2f}x")
    taps(runs)


def taps(runs: int) -> None:
    """Submit and a chip tap against a bare Flet tap, in the same run."""
    trip, chip, tap = round_trip(runs), chip_tap(runs), baseline_tap(runs)
    report("submit round → result text in the browser", trip)
    report("a hot-dog chip tapped (6 rounds played) → shown chosen in the browser", chip)
    report("baseline: tap → a text changed, one-line Flet page", tap)
    print(f"ratio submit / baseline: {statistics.median(trip) / statistics.median(tap):.2f}x")
    print(f"ratio chip tap / baseline: {statistics.median(chip) / statistics.median(tap):.2f}x")
    for what, ms in SERVER_CPU.items():   # what the server spent of it, tap → seen (steady under load)
        print(f"server CPU, {what}: median {statistics.median(ms):.1f} ms (min {min(ms):.1f}, max {max(ms):.1f})")


if __name__ == "__main__":
    main()
