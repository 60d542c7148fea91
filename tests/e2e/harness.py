"""Running the app from this checkout and driving it in Debian chromium with Playwright: the
server in its own process group, Flutter's accessibility tree switched on to find things in."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The tests' chromium (not the benchmarks', which time what a player waits for): V8
#: compiles WebAssembly with its baseline compiler only (Liftoff), never again with its
#: optimizing one. A test's page lives for seconds and runs most of Flutter's and
#: Pyodide's code once or a few times, so the optimizing tier cost more CPU compiling,
#: on the cores the tests share, than it saved: tests/e2e/test_app_e2e.py took 56-57
#: CPU-s of the machine, 46-47 with it; two static-site test files 78, 68. What the
#: code computes is the same under either compiler (WebAssembly's semantics are exact).
TEST_ARGS = [*LAUNCH_ARGS, "--js-flags=--liftoff-only"]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
#: Tables that hold the store's own state, not data: ``reset`` leaves them as they are
#: (derived_generation is one row a fresh store has; without it nothing derived is read).
STORE_STATE = {"derived_generation"}
#: How long a browser test waits for a thing a player would see, in ms: one figure for
#: every e2e test, generous because the machines are shared (a wait ends as soon as the
#: thing shows; only a failure takes this long). COMPANION_E2E_TIMEOUT_MS changes it.
TIMEOUT = int(os.environ.get("COMPANION_E2E_TIMEOUT_MS", "30000"))


def waits(ms: int) -> int:
    """A wait a test chose for the default :data:`TIMEOUT` (30 s), scaled with it: where
    COMPANION_E2E_TIMEOUT_MS is 60000, every wait is twice as long (a short one checks
    that something happened soon; it still scales, as a loaded machine is slower at all)."""
    return round(ms * TIMEOUT / 30000)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`python -m companion serve` in its own process group, with its own data dir; the
    app of this checkout, or of another one (``root``: a benchmark's baseline)."""

    def __init__(self, data_dir: Path, port: int | None = None, root: Path = ROOT) -> None:
        self.data_dir = Path(data_dir)
        self.root = root
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None
        self.log = self.data_dir / f"server-{self.port}.log"
        self.key: str | None = None

    @property
    def base(self) -> str:
        """The server's own address: what a phone opens (with ``/join``)."""
        return f"http://127.0.0.1:{self.port}/"

    @property
    def url(self) -> str:
        """The host link `companion serve` prints: the base address with the host key,
        which makes the browser that opens it the host."""
        return f"{self.base}?host={self.key}" if self.key else self.base

    def start(self, timeout: float = 30) -> float:
        """Start and wait for the first HTTP 200; returns the seconds it took."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, PYTHONPATH=str(self.root), COMPANION_DATA_DIR=str(self.data_dir),
                   PYTHONIOENCODING="utf-8")
        env.pop("COMPANION_OPEN_BROWSER", None)
        t0 = time.perf_counter()
        with open(self.log, "ab") as log:          # the child has its own copy: ours is closed
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion", "serve", "--port", str(self.port)],
                cwd=self.root, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )
        while time.perf_counter() - t0 < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                with urllib.request.urlopen(self.base, timeout=1) as r:
                    if r.status == 200:
                        self.key = (self.data_dir / "host.key").read_text().strip()
                        return time.perf_counter() - t0
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"server did not answer within {timeout}s")

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def reset(self) -> None:
        """Empty the data folder's store, the server running on, as a fresh data folder
        has it: no matches, games, settings or hosted tables, no exports. Meant between
        tests whose browser sessions are closed; the schema (and the host key) stay."""
        shutil.rmtree(self.data_dir / "exports", ignore_errors=True)
        path = self.data_dir / "companion.sqlite3"
        if not path.exists():      # no session has opened the store yet: nothing to empty
            return
        with sqlite3.connect(path, timeout=30) as db:
            tables = [name for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
            for name in tables:
                if name in STORE_STATE:       # the store's own bookkeeping, as a fresh store has it
                    continue
                db.execute(f'DELETE FROM "{name}"')
        db.close()

    def restarted(self) -> Server:
        """A crash and a new start: this server killed as a crash would, and the app
        started again on the same data folder and port."""
        self.kill()
        again = Server(self.data_dir, port=self.port, root=self.root)
        again.start()
        return again

    def kill(self) -> None:
        """SIGKILL, like a phone killing the app: nothing gets to clean up."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


@contextmanager
def seeded_server(data: Path, seed: Callable[[Any], None]) -> Iterator[Server]:
    """A server started on a data folder whose store ``seed`` filled first (matches a
    test finds already stored, as a finished evening has them), stopped after."""
    from companion.store import Store

    store = Store(data / "companion.sqlite3")
    try:
        seed(store)
    finally:
        store.close()
    server = Server(data)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def launch(pw, args: list[str] = LAUNCH_ARGS):
    """Debian's chromium, headless; ``args``: its switches (the tests pass TEST_ARGS)."""
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)


@contextmanager
def serve_folder(folder: Path | Callable[[], Path], log: list[tuple[str, int]] | None = None) -> Iterator[str]:
    """A plain static file server for ``folder`` on this machine (as any static host
    serves a built site), for as long as the ``with`` lasts; yields its address.
    ``folder`` may be a function giving the folder, asked at each request: the same
    address then serves another folder once it says so (a site updated in place).
    ``log``: each request's path and status are appended to it."""
    where = folder if callable(folder) else lambda: folder

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            self.directory = str(where())
            return super().translate_path(path)

        def log_message(self, *args) -> None:
            pass

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            if log is not None:
                log.append((self.path, int(code) if str(code).isdigit() else 0))

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(where())))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def block_off_machine(route) -> None:
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "blob:", "data:")):
        route.continue_()
    else:
        route.abort()


_REQUESTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def requests(ctx) -> list[str]:
    """Every address the pages of a context from :func:`open_app` asked for, in order:
    the ones served by this machine and the ones blocked (off the machine)."""
    return _REQUESTS[ctx]


def open_app(browser, url: str, viewport: dict | None = None, dark: bool = False, fonts: list[str] | None = None):
    """A fresh context (one Flet session) with the accessibility tree switched on; no
    request leaves the machine, and each is kept (:func:`requests`). ``fonts``: the font
    files (relative to the assets) the page is waited for, the app's own by default
    (another checkout's app, a benchmark's baseline, may ship others)."""
    ctx = browser.new_context(viewport=viewport or PHONE, color_scheme="dark" if dark else "light",
                              accept_downloads=True)
    seen: list[str] = []
    _REQUESTS[ctx] = seen

    def route(route) -> None:
        seen.append(route.request.url)
        block_off_machine(route)

    ctx.route("**/*", route)
    return ctx, open_page(ctx, url, fonts=fonts)


def open_page(ctx, url: str, viewport: dict | None = None, dark: bool | None = None,
              fonts: list[str] | None = None):
    """A new tab of ``ctx`` at ``url``: a Flet session of its own, as in a fresh context,
    with the accessibility tree switched on; ``viewport`` and ``dark`` (None: the
    context's) for this tab. The context's cache serves the app's files again, so a
    tab costs less to start than a context (the fonts are waited for as in
    :func:`open_app`)."""
    pg = ctx.new_page()
    if viewport is not None:
        pg.set_viewport_size(viewport)
    if dark is not None:
        pg.emulate_media(color_scheme="dark" if dark else "light")
    pg.goto(url)
    enable_semantics(pg)
    fonts_arrived(pg, fonts=fonts)
    return pg


def fonts_arrived(pg, timeout: float = 60000, fonts: list[str] | None = None) -> None:
    """Wait until the page has received the shipped fonts (it asks for them once its
    session starts). Until then Flutter lays its text out again as each font arrives;
    under load a tap or typed key landing in that moment was seen lost, as a player
    would see the app still settling. Waiting here is the harness, not a player."""
    from companion.ui.fonts import fonts_for

    # the CJK ones come once a CJK name does
    paths = ["/" + f for f in (fonts_for([]).values() if fonts is None else fonts)]
    pg.wait_for_function(
        "paths => paths.every(p => performance.getEntriesByType('resource')"
        ".some(e => new URL(e.name).pathname === p && e.responseEnd > 0))", arg=paths, timeout=timeout)


def enable_semantics(pg) -> None:
    """Switch on Flutter's accessibility tree (what a screen reader reads; the tests
    find things in it). Flutter removes its placeholder once the tree is on; a click
    that lands before the engine listens (seen under load) is made again. This is the
    harness turning the tree on, not a player's tap."""
    pg.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=TIMEOUT)
    for _ in range(5):
        pg.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        try:
            pg.wait_for_selector("flt-semantics-placeholder", state="detached", timeout=waits(3000))
            return
        except Exception:  # playwright's TimeoutError: not switched on yet
            continue
    raise AssertionError("the accessibility tree did not switch on")


#: How often :func:`seen` looks, in ms: about a frame.
SEEN_EVERY_MS = 16


def seen(found, timeout: float = TIMEOUT) -> None:
    """Wait until the locator ``found`` is visible, looking every :data:`SEEN_EVERY_MS`
    ms; for the benchmarks' timings. Playwright's own ``wait_for`` looks again 0, 20, 70,
    170 and 270 ms after it starts, then every 500 ms: a screen drawn at 280 ms was
    timed at 770, while a bare tap's text, caught at an early look, was not, which made
    every ratio of a screen to a bare tap look worse than it was. ``timeout`` in ms."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    first = found.first
    deadline = time.perf_counter() + timeout / 1000
    while not first.is_visible():
        if time.perf_counter() > deadline:
            raise PlaywrightTimeout(f"not seen within {timeout:.0f} ms: {found}")
        time.sleep(SEEN_EVERY_MS / 1000)


def into_view(pg, found, on_scroll=None) -> None:
    """Scroll Flutter's page (a canvas: the mouse wheel, not the DOM) until ``found`` is
    in view, the wheel over the page's middle (on a laptop the content is a column in the
    middle: the margins do not scroll it); ``on_scroll`` is called for each turn of the
    wheel (a benchmark counts them). What is far below the fold may not be in the
    screen's accessibility tree yet (Flutter leaves out what is far from the view), or
    there and not drawn yet: not visible within a moment, the page is scrolled down until
    it is (in CI the Statistics chart below "Closest win" was not, for 30 s, four times).
    If it never appears, the screen is kept (test-artifacts/screenshots/failed-into-view.png)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    size = pg.viewport_size or PHONE
    height = size["height"]

    def wheel(down: float) -> None:
        if on_scroll is not None:
            on_scroll()
        pg.mouse.move(size["width"] // 2, height // 2)
        pg.mouse.wheel(0, down)

    try:
        found.wait_for(timeout=waits(2000))
    except PlaywrightTimeout:
        for _ in range(20):
            if found.count() and found.is_visible():
                break
            wheel(height // 3)
            pg.wait_for_timeout(300)
    try:
        found.wait_for()
    except Exception:  # playwright's TimeoutError: keep what the screen showed instead
        shot(pg, "failed-into-view")
        raise
    for _ in range(40):
        box = found.bounding_box()
        if box is None or box["y"] >= 60 and box["y"] + box["height"] <= height - 10:
            return
        wheel(box["y"] - height // 2)
        pg.wait_for_timeout(150)


def type_text(pg, field, text: str) -> None:
    """Type into a text field like a player: focus it, pause, replace what is there,
    type. On a loaded machine Flutter's web engine sometimes misses the focusing
    click or the first keys; like a player looking at the field, the harness checks
    that the field has the focus and then the text, and does it again if not. A tap
    the page does not take within 10 s (once on CI the click's scroll into view never
    came back, with the field visible and still) is made again too."""
    for attempt in range(4):
        try:
            field.click(timeout=waits(10000))
        except Exception:  # playwright's TimeoutError: tap the field again
            if attempt == 3:
                shot(pg, "failed-type-text")
                raise
            continue
        try:
            pg.wait_for_function("el => document.activeElement === el", arg=field.element_handle(),
                                 timeout=waits(2000))
        except Exception:  # the click did not focus the field: click it again
            continue
        pg.wait_for_timeout(300)
        pg.keyboard.press("Control+a")
        # First at machine speed; again at a quick typist's pace (about 12 keys a second),
        # so that each key's echo from the server is back before the next key.
        pg.keyboard.type(text, delay=0 if attempt == 0 else 80)
        if field.input_value() == text:
            # The server echoes each change back into the field; under load an echo of an
            # earlier keystroke can land after the last one and undo it. Look again once
            # the echoes have settled, as a player glances back at what they typed.
            pg.wait_for_timeout(400)
            if field.input_value() == text:
                return
    raise AssertionError(f"could not type {text!r} into the field (it holds {field.input_value()!r})")


#: Resolves once the accessibility tree has stayed the same over two animation frames
#: (Flutter has drawn what it says, and no transition moves it), or after 1 s at most.
#: The site's first screen (``#boot``, plain HTML over Flutter's) fades out for 160 ms
#: once the app is up: a screenshot taken then showed both screens through each other
#: (``web-home``), so a fading one is waited out too (one shown, the app not up, is not).
SETTLED = """() => new Promise((done) => {
    const tree = () => {
        const host = document.querySelector("flt-semantics-host");
        return host ? host.innerHTML : "";
    };
    let last = null, still = 0;
    const frame = () => {
        const now = tree();
        const fading = document.querySelector("#boot.gone:not([hidden])") !== null;
        still = now === last && !fading ? still + 1 : 0;
        last = now;
        if (still >= 2) { done(true); } else { requestAnimationFrame(frame); }
    };
    requestAnimationFrame(frame);
    setTimeout(() => done(false), 1000);
})"""


def settled(pg) -> None:
    """Wait until the page has drawn its accessibility tree and holds still (SETTLED),
    instead of a fixed second before each of the suite's screenshots. Waited for with a
    timeout: a page whose renderer never returns (seen: one spinning at 100% CPU after a
    failed tap) answered no ``evaluate``, and the screenshot of that failure waited until
    pytest-timeout ended the test 15 minutes later."""
    try:
        pg.wait_for_function(f"() => ({SETTLED})().then(() => true)", timeout=waits(5000))
    except Exception as exc:  # a page closed or navigating: the screenshot says what it can
        print(f"page not settled: {type(exc).__name__}")


#: A screenshot smaller than this (bytes of PNG) is a page with nothing drawn yet: the
#: accessibility tree can hold a page's first screen a moment before its pixels do
#: (skwasm draws in a worker), and 9 of 156 of the suite's screenshots, every one the
#: first of a page just opened, came out as the empty page (2.4–4.9 KB; the smallest
#: screenshot of a drawn screen, the site's boot page, is 14.8 KB). Such a one is
#: taken again a moment later.
BLANK_PNG = 6000


#: Pixels that held still this long (two screenshots this far apart alike) are taken as
#: drawn. The pixels can lag the accessibility tree :func:`settled` watches: screenshots
#: were seen with the boot screen half faded over the home screen, and a section drawn
#: closed that the tree already said was open.
STILL_MS = 150


def shot(pg, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    settled(pg)                 # screenshots lag the accessibility tree
    path = SCREENSHOTS / f"{name}.png"
    try:
        # A screenshot is an artifact for people to look at, not a check: on a loaded
        # machine it is given time (a blank one 5 s to be drawn, a changing one 2 s to
        # hold still), and one that still cannot be taken is reported, not a failure of
        # the test around it.
        started = time.monotonic()
        png = pg.screenshot(full_page=False, timeout=waits(45000))
        while True:
            drawn = len(png) >= BLANK_PNG
            if time.monotonic() - started >= waits(2000 if drawn else 5000) / 1000:
                break
            pg.wait_for_timeout(STILL_MS if drawn else 250)
            again = pg.screenshot(full_page=False, timeout=waits(45000))
            if drawn and again == png:
                break
            png = again
        path.write_bytes(png)
    except Exception as exc:  # playwright's TimeoutError
        print(f"screenshot {name} not taken: {type(exc).__name__}")
    return path


def scrolled(pg) -> float | None:
    """How far the page is scrolled down, in px: the scroll offset of Flutter's page
    (its scrolling node in the accessibility tree); None when the page does not scroll."""
    return pg.evaluate(
        "() => { const s = [...document.querySelectorAll('flt-semantics')].find(e =>"
        " e.scrollHeight > e.clientHeight + 5 && getComputedStyle(e).overflowY !== 'visible');"
        " return s ? s.scrollTop : null }")
