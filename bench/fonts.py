"""Benchmark (not a test): what the shipped fonts cost a page's first load.

    python bench/fonts.py [--runs 5] [--root CHECKOUT]

A fresh browser context (an empty cache, like a phone opening the table for the first
time) opens the host link of a server whose store holds a Hot Dog match with Latin,
Greek, Cyrillic, Chinese, Japanese and Korean names, and the times are taken from the
page's start (navigation):

1. first frame: Flutter's first frame drawn (its loading screen goes);
2. screen drawn: the match screen in the accessibility tree (the session drew it);
3. fonts in: the last shipped font file (``/fonts/*.ttf``) received, the moment every
   name can be drawn; "-" where the page asks for none (a checkout before the fonts).

Prints the median (and min/max) of each in milliseconds, with the bytes of font files
the page fetched. ``--root`` serves another checkout (say, one before the fonts) with
this checkout's harness, to compare the two under the same load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e import harness  # noqa: E402
from tests.e2e.harness import PHONE, Server, enable_semantics, launch  # noqa: E402

NAMES = ["Łukasz", "Zoë", "田中さくら", "김민준", "Σοφία Жора"]


def _median(xs: list[float]) -> str:
    if not xs:
        return "-"
    return f"{statistics.median(xs):.0f} ms (min {min(xs):.0f}, max {max(xs):.0f})"


def run(runs: int, root: Path) -> None:
    from playwright.sync_api import sync_playwright

    first, drawn, fonts, sizes = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        server_root, harness.ROOT = harness.ROOT, root
        try:
            server.start()
        finally:
            harness.ROOT = server_root
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                _make_match(browser, server)
                for _ in range(runs):
                    ctx = browser.new_context(viewport=PHONE)
                    ctx.route("**/*", harness.block_off_machine)
                    pg = ctx.new_page()
                    pg.goto(server.url)
                    pg.wait_for_function("!document.getElementById('loading')", timeout=60000)
                    first.append(pg.evaluate("performance.now()"))
                    enable_semantics(pg)
                    pg.get_by_text("mustard card").first.wait_for(timeout=60000)
                    drawn.append(pg.evaluate("performance.now()"))
                    pg.wait_for_timeout(3000)   # late font requests
                    entries = pg.evaluate(
                        "performance.getEntriesByType('resource')"
                        ".filter(e => new URL(e.name).pathname.startsWith('/fonts/'))"
                        ".map(e => [e.responseEnd, e.encodedBodySize])")
                    if entries:
                        fonts.append(max(end for end, _ in entries))
                        sizes.append(sum(size for _, size in entries))
                    ctx.close()
                browser.close()
        finally:
            server.stop()
    print(f"checkout: {root}")
    print(f"first frame:  {_median(first)}")
    print(f"screen drawn: {_median(drawn)}")
    print(f"fonts in:     {_median(fonts)}"
          + (f"; {statistics.median(sizes) / 1e6:.1f} MB of font files" if sizes else ""))


def _make_match(browser, server: Server) -> None:
    """Start the match through the app, as a player does (the names typed in)."""
    from tests.e2e.table import Table

    table = Table(browser, server.url)
    try:
        table.setup(NAMES)
    finally:
        table.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--root", type=Path, default=ROOT)
    args = ap.parse_args()
    run(args.runs, args.root.resolve())


if __name__ == "__main__":
    main()
