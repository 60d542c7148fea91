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

from tests.e2e.harness import PHONE, Server, launch  # noqa: E402
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
    report("serve start → first HTTP 200", serve_start(args.runs))
    report("submit round → result text in the browser", round_trip(args.runs))


if __name__ == "__main__":
    main()
