"""The static site (``companion build web``) in Debian chromium: its size and how long the
app takes to show its first screen, cold (a new browser profile: nothing cached), on a
reload (the service worker's cache) and offline (the same, no network), against a
baseline built the same way: a hello-world Flet page on the same client and runtime.

    python bench/web.py [--runs N]

The times run from navigation to the first screen readable in the accessibility tree
(companion: the home screen's "New Hot Dog match"; the baseline: its one line). Every
request off this machine is blocked."""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.web.build import app_archive, build_site, cache_dir, fetch_wheels  # noqa: E402
from tests.e2e.harness import PHONE, block_off_machine, enable_semantics, launch, serve_folder  # noqa: E402

HELLO = '''import flet as ft


def main(page: ft.Page) -> None:
    page.add(ft.Text("Hello from Python"))


ft.run(main)
'''
BASELINE_WHEELS = ("flet", "repath", "six", "msgpack")


def first_screen(pg, text: str) -> float:
    start = time.monotonic()
    enable_semantics(pg)
    pg.get_by_text(text).first.wait_for(timeout=300_000)
    return time.monotonic() - start


def measure(browser, url: str, text: str) -> dict[str, float]:
    ctx = browser.new_context(viewport=PHONE)
    ctx.route("**/*", block_off_machine)
    try:
        pg = ctx.new_page()
        start = time.monotonic()
        pg.goto(url)
        cold = time.monotonic() - start + first_screen(pg, text)
        pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        start = time.monotonic()
        pg.reload()
        reload = time.monotonic() - start + first_screen(pg, text)
        ctx.set_offline(True)
        start = time.monotonic()
        pg.reload()
        offline = time.monotonic() - start + first_screen(pg, text)
        return {"cold": cold, "reload": reload, "offline": offline}
    finally:
        ctx.close()


def size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) if p.suffix != ".gz" else p.stat().st_size for p in files)
    return raw, packed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        app, hello = Path(tmp) / "companion", Path(tmp) / "hello"
        build_site(app, say=lambda line: None)
        wheels = [w for w in fetch_wheels(cache_dir(), say=lambda line: None)
                  if w.name.split("-")[0].lower() in BASELINE_WHEELS]
        build_site(hello, say=lambda line: None, app=app_archive(wheels, main=HELLO, companion=False))
        sites = {"companion": (app, "New Hot Dog match"), "baseline (hello world)": (hello, "Hello from Python")}
        results: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
        with ExitStack() as served, sync_playwright() as pw:
            urls = {name: served.enter_context(serve_folder(folder)) for name, (folder, _) in sites.items()}
            browser = launch(pw)
            for _ in range(args.runs):
                for name, (_, text) in sites.items():
                    results[name].append(measure(browser, urls[name], text))
            browser.close()
        print(f"{'site':24} {'size MB':>8} {'gzip MB':>8} {'cold s':>7} {'reload s':>8} {'offline s':>9}")
        for name, (folder, _) in sites.items():
            raw, packed = size(folder)
            med = {k: statistics.median(r[k] for r in results[name]) for k in ("cold", "reload", "offline")}
            print(f"{name:24} {raw / 1e6:8.1f} {packed / 1e6:8.1f} {med['cold']:7.1f} {med['reload']:8.1f} "
                  f"{med['offline']:9.1f}")
        print(f"(median of {args.runs} runs each; times from navigation to the first screen)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
