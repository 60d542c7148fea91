"""Benchmark (not a test): how fast the app answers.

    python bench/app.py [--runs 20]

1. `companion serve` start → first HTTP 200 (a fresh process each run).
2. "Submit round" tapped in chromium → the round's result text in the browser.

Prints the median (and min/max) of each, in seconds and milliseconds.
Needs Debian chromium at /usr/bin/chromium and playwright (no `playwright install`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import PHONE, Server, enable_semantics, launch  # noqa: E402
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


def baseline_tap(runs: int) -> list[float]:
    """The floor for a round trip: a button that only changes a text, in the same browser."""
    import os
    import subprocess
    import urllib.request

    from playwright.sync_api import sync_playwright

    from tests.e2e.harness import free_port

    port = free_port()
    env = dict(os.environ, FLET_FORCE_WEB_SERVER="true")
    proc = subprocess.Popen([sys.executable, "-c", HELLO, str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    out = []
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        with sync_playwright() as pw:
            browser = launch(pw)
            page = browser.new_page()
            page.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                ("http://127.0.0.1", "ws://127.0.0.1", "blob:", "data:")) else r.abort())
            page.goto(f"http://127.0.0.1:{port}/")
            enable_semantics(page)
            button = page.get_by_role("button", name="Tap")
            button.wait_for()
            for n in range(1, runs + 1):
                t0 = time.perf_counter()
                button.click()
                page.get_by_text(f"tapped {n}", exact=True).wait_for()
                out.append(time.perf_counter() - t0)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def round_trip(runs: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "data")
        server.start()
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                table = Table(browser, server.url, PHONE)
                table.setup(["Anna", "Bernd", "Chris"], mustard="Anna")
                for n in range(1, runs + 1):
                    submit = table.button("Submit round").first
                    submit.wait_for()
                    result = table.find(f"Round {n}: reveal").first
                    t0 = time.perf_counter()
                    submit.click()
                    result.wait_for()
                    out.append(time.perf_counter() - t0)
                    table.click("Show all")
                    table.click("Next round")
                table.close()
                browser.close()
        finally:
            server.stop()
    return out


def report(name: str, xs: list[float]) -> None:
    ms = [x * 1000 for x in xs]
    print(f"{name}: median {statistics.median(ms):.0f} ms (min {min(ms):.0f}, max {max(ms):.0f}, n={len(ms)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    app, base = serve_start(args.runs), baseline_start(args.runs)
    report("serve start → first HTTP 200", app)
    report("baseline: a one-line Flet page, start → first HTTP 200", base)
    print(f"ratio companion / baseline: {statistics.median(app) / statistics.median(base):.2f}x")
    trip, tap = round_trip(args.runs), baseline_tap(args.runs)
    report("submit round → result text in the browser", trip)
    report("baseline: tap → a text changed, one-line Flet page", tap)
    print(f"ratio companion / baseline: {statistics.median(trip) / statistics.median(tap):.2f}x")


if __name__ == "__main__":
    main()
