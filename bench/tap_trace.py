"""Profile (not a test): where a tap's round trip goes in chromium, part by part (issue 26).

``bench/app.py`` times a Hot Dog chip tap and "Submit round" → its result against a bare
Flet tap, whole. This splits each timed tap, as the browser saw it, into:

- ``to send``: from the tap (Playwright's click, its checks included) until the browser
  sent the click event on the websocket;
- ``server``: from that event sent until the last message of the redraw came back (the
  server's handler, redraw, diff and packing; for Submit also the store's synced
  commit; on a loaded machine also the wait for a core);
- ``to seen``: from the redraw received until the timed thing was seen (the browser
  applying the patch, Flutter's frame, and the look every 16 ms of
  :func:`tests.e2e.harness.seen`);
- ``frame``: the longest task of the page's main thread after the redraw came (mostly
  the Flutter frame that draws it), and ``busy``: the main thread's busy time from tap
  to seen (every frame of the button's ink ripple included).

Websocket frames come from the DevTools protocol, the main thread's tasks from a trace
(``browser.start_tracing``) with a mark at the tap and at the sight. The tracing itself
slows the browser a little: compare the parts with each other and with the bare tap of
the same run, not with ``bench/app.py``'s figures.

"Next round" (the result → the next round's entry) is timed too: not a tap the issue
names, but a player's every round has one, and it draws the whole entry again.

    python bench/tap_trace.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.app import _three_at_a_table, chip_label, hello_page, rounds_played  # noqa: E402
from tests.e2e.harness import enable_semantics, launch, seen  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
Parts = dict[str, float]


class Watched:
    """A page's websocket frames (sent, received: DevTools' monotonic seconds) while on."""

    def __init__(self, page: Any) -> None:
        self.frames: list[tuple[str, float]] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketFrameSent", lambda e: self.frames.append(("sent", e["timestamp"])))
        cdp.on("Network.webSocketFrameReceived", lambda e: self.frames.append(("received", e["timestamp"])))
        cdp.send("Network.enable")


def timed(browser: Any, page: Any, watched: Watched, tap: Callable[[], None], wait: Callable[[], None]) -> Parts:
    """One tap traced: ``tap`` made, then ``wait`` until its result is seen."""
    time.sleep(0.5)                          # the last tap's ripple and redraws over
    watched.frames.clear()
    browser.start_tracing(page=page, categories=CATEGORIES)
    page.evaluate("console.timeStamp('tap')")
    t0 = time.perf_counter()
    tap()
    wait()
    wall = (time.perf_counter() - t0) * 1000
    page.evaluate("console.timeStamp('seen')")
    trace = json.loads(browser.stop_tracing())
    return {"wall": wall, **parts(trace["traceEvents"], watched.frames)}


def parts(events: list[dict[str, Any]], frames: list[tuple[str, float]]) -> Parts:
    marks = {e["args"]["data"]["message"]: e["ts"] for e in events if e.get("name") == "TimeStamp"}
    tapped, shown = marks["tap"], marks["seen"]
    main = next(e for e in events if e.get("name") == "TimeStamp" and e["args"]["data"]["message"] == "tap")
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") == "RunTask"
             and (e["pid"], e["tid"]) == (main["pid"], main["tid"]) and tapped <= e["ts"] <= shown]
    sent = min(t for kind, t in frames if kind == "sent") * 1e6
    received = max(t for kind, t in frames if kind == "received") * 1e6
    after = [e.get("dur", 0) for e in tasks if e["ts"] >= received]
    return {"to send": (sent - tapped) / 1000, "server": (received - sent) / 1000,
            "to seen": (shown - received) / 1000, "frame": max(after, default=0) / 1000,
            "busy": sum(e.get("dur", 0) for e in tasks) / 1000}


def bare(runs: int) -> list[Parts]:
    """bench/app.py's bare tap: a button that changes a text, on a one-line Flet page."""
    from playwright.sync_api import sync_playwright

    out = []
    with hello_page() as (_proc, url), sync_playwright() as pw:
        browser = launch(pw)
        page = browser.new_page()
        page.goto(url)
        enable_semantics(page)
        button = page.get_by_role("button", name="Tap")
        button.wait_for()
        watched = Watched(page)
        for n in range(1, runs + 1):
            out.append(timed(browser, page, watched, button.click,
                             lambda n=n: seen(page.get_by_text(f"tapped {n}", exact=True))))
        browser.close()
    return out


def table_taps(runs: int, rounds: int = 6) -> tuple[list[Parts], list[Parts], list[Parts]]:
    """bench/app.py's chip taps (``rounds`` rounds played) and Submits, on one table;
    and each Submit's "Next round" (the result → the next round's entry, its chips)."""
    chips, submits, nexts = [], [], []
    with _three_at_a_table() as (table, _pid):
        rounds_played(table, rounds)
        watched = Watched(table.pg)
        browser = table.ctx.browser
        for n in range(runs):
            label = chip_label(n)
            chip = table.button(label).first
            chip.wait_for()
            chips.append(timed(browser, table.pg, watched, chip.click, lambda label=label: seen(table.chosen(label))))
        for n in range(rounds + 1, rounds + 1 + runs):
            for p in ("Anna", "Bernd", "Chris"):
                table.bid(p, 7, 1)
            submit = table.button("Submit round").first
            submit.wait_for()
            submits.append(timed(browser, table.pg, watched, submit.click,
                                 lambda n=n: seen(table.find(f"Round {n}: result").first)))
            go_on = table.button("Next round").first
            nexts.append(timed(browser, table.pg, watched, go_on.click,
                               lambda: seen(table.button(chip_label(0)).first)))
    return chips, submits, nexts


def report(name: str, taps: list[Parts]) -> None:
    cells = "  ".join(f"{part} {statistics.median(t[part] for t in taps):5.1f}" for part in taps[0])
    print(f"{name:8s} median ms (n={len(taps)}): {cells}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    chips, submits, nexts = table_taps(args.runs)
    report("bare tap", bare(args.runs))
    report("chip", chips)
    report("submit", submits)
    report("next", nexts)


if __name__ == "__main__":
    main()
