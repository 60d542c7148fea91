"""Benchmark (not a test): the static site (``companion build web``) in Debian chromium,
against a baseline built the same way in the same run: a hello-world Flet page on the
same web client, runtime and builder.

    python bench/web.py [--runs 3] [--before REF] [--taps 3] [--matches N] [--only start|taps|sizes]

For each site, ``--runs`` times, the sites interleaved (A, B, A, B …), in a fresh browser
context each run (nothing cached):

- **cold**: navigation → the app's first screen readable in Flutter's accessibility tree
  (companion: its home screen's "New Hot Dog match"; the baseline: its one line);
- **reload**: the same, reloaded once the service worker controls the page and the
  browser has gone quiet (what the first visit left behind in the background is done);
- **offline**: the same with the network cut;
- **first screen**: navigation → companion's own first screen (``#boot``, plain HTML
  drawn before Flutter and Python are up), where the site has one;

each as wall time and as the CPU-seconds of the browser's process tree (every chromium
process under this one, read from /proc: they hold steady when the machine is loaded).
Every request off this machine fails (chromium resolves no other host), without
Playwright's request interception, which would switch the browser's HTTP cache off.

The sites are served by a static host on this machine that compresses like a public
one (gzip, for a client that accepts it): the **first download** is what a first visit
transfers, page and service worker's install together. The **folder** is the built
folder's size on disk.

``--host-headers``: the host sends what each folder's ``_headers`` file asks, as Netlify and
Cloudflare Pages do (companion's: every page cross-origin isolated, the first visit's too).

``--before REF``: the same measurements for the site built by companion at git REF
(from a ``git worktree``), in the same run: before and after side by side.

``--only sizes``: no browser: each site's folder and what a first visit's service worker
downloads (its install list for each renderer, compressed as the host compresses), the
largest files of each first.

**Taps** (``--taps N`` sets): Hot Dog rounds played from the table, each tap timed from
the click to its result drawn (a chip shown chosen, the round's result, the next round),
in the served app (``companion serve``) and in each companion site (with ``--before``,
that build's too), interleaved; the median tap of each, and its ratio to the served
app's. A site's set is one profile: :data:`FIRST_ROUNDS` rounds on the first visit,
then, once its service worker and Python snapshot are in place, the page reloaded and
:data:`LATER_ROUNDS` rounds more, as on a player's every later start (its page is then
the service worker's: cross-origin isolated, as the served app's is).
``--matches N``: the taps made with an archive of N finished matches kept
(``bench/scale.py``'s realistic ones), in the served app's store and in the browser's
storage (put there as the builds before IndexedDB version 2 kept it, which every build
reads), as a player who has kept years of games taps.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.web.archive import app_archive, cache_dir, fetch_wheels  # noqa: E402
from companion.web.browser import PACKAGES  # noqa: E402
from companion.web.build import build_site  # noqa: E402
from tests.e2e.harness import CHROMIUM, LAUNCH_ARGS, PHONE, Server, enable_semantics  # noqa: E402

HELLO = f'''import sys

# where the site's worker unpacks the wheels; companion's own main adds it in
# companion.web.browser (without it: "No module named 'flet'", and no start at all)
sys.path.insert(0, {PACKAGES!r})

import flet as ft  # noqa: E402


def main(page: ft.Page) -> None:
    page.add(ft.Text("Hello from Python"))
    try:        # the site's first screen gives way to the app once the app says it is drawn
        import js
        js.companionStorage.ready()
    except Exception:
        pass


ft.run(main)
'''
BASELINE_WHEELS = ("flet", "repath", "six", "msgpack")
#: chromium resolves no host but this machine: nothing leaves it, and no request is intercepted
OFFLINE_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"
COMPRESSED = (".js", ".mjs", ".json", ".wasm", ".html", ".zip", ".ttf", ".otf", ".svg", ".txt", ".bin", "")
PLAYERS = ["Anna", "Bernd", "Chris"]
#: a site's tap rounds on its first visit, then after a reload (a later start)
FIRST_ROUNDS = 2
LATER_ROUNDS = 4
#: the Python snapshot a first start makes in the background is made (or could not be)
SNAPSHOT_SETTLED = ("!(window.companion && window.companion.state.snapshot !== undefined) || "
                    "['made', 'failed', 'restored'].includes(window.companion.state.snapshot)")


# ---------------------------------------------------------------- the host


class Host:
    """A static host for one folder on this machine that compresses what it sends (gzip,
    level 6, to a client that accepts it) and counts what it sent: requests and bytes."""

    def __init__(self, folder: Path, headers: bool = False) -> None:
        self.folder = folder
        self.sent: list[tuple[str, int, int]] = []     # (path, status, bytes on the wire)
        self.extra = site_headers(folder) if headers else {}
        self._packed: dict[Path, bytes] = {}
        self._lock = threading.Lock()
        host = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def end_headers(self) -> None:
                for name, value in host.extra.items():
                    self.send_header(name, value)
                super().end_headers()

            def send_head(self):  # SimpleHTTPRequestHandler's
                path = Path(self.translate_path(self.path))
                if path.is_dir():
                    path = path / "index.html"
                if (path.is_file() and path.suffix in COMPRESSED
                        and "gzip" in self.headers.get("Accept-Encoding", "")):
                    data = host.packed(path)
                    since = self.headers.get("If-Modified-Since")
                    if since and _not_modified(since, path):
                        self.send_response(304)
                        self.end_headers()
                        host.count(self.path, 304, 0)
                        return None
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(str(path)))
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(data)))
                    self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
                    self.end_headers()
                    host.count(self.path, 200, len(data))
                    return io.BytesIO(data)
                f = super().send_head()
                host.count(self.path, 200 if f else 404, path.stat().st_size if f and path.is_file() else 0)
                return f

        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def packed(self, path: Path) -> bytes:
        with self._lock:
            if path not in self._packed:
                self._packed[path] = gzip.compress(path.read_bytes(), 6, mtime=0)
            return self._packed[path]

    def count(self, path: str, status: int, size: int) -> None:
        with self._lock:
            self.sent.append((path, status, size))

    def take(self) -> list[tuple[str, int, int]]:
        with self._lock:
            out, self.sent = self.sent, []
        return out

    def __enter__(self) -> Host:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def _not_modified(since: str, path: Path) -> bool:
    import email.utils

    try:
        when = email.utils.parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError):
        return False
    return int(path.stat().st_mtime) <= when


# ---------------------------------------------------------------- the browser's CPU


def _proc_table() -> dict[int, tuple[int, str, float]]:
    """pid → (parent pid, command name, CPU-seconds of it and its reaped children)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        ppid = int(fields[1])
        cpu = sum(int(x) for x in fields[11:15]) / tick     # utime stime cutime cstime
        out[int(entry)] = (ppid, name, cpu)
    return out


def browser_cpu() -> float:
    """CPU-seconds used so far by every chromium process under this one."""
    table = _proc_table()
    mine = {os.getpid()}
    changed = True
    while changed:
        changed = False
        for pid, (ppid, _, _) in table.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                changed = True
    return sum(cpu for pid, (_, name, cpu) in table.items() if pid in mine and name.startswith("chrom"))


def quiet(timeout: float = 90.0) -> None:
    """Wait until the browser has gone quiet (under 0.1 CPU-s in half a second): the
    background work of a start (compiling, caching) is not counted in the next one."""
    deadline = time.monotonic() + timeout
    last = browser_cpu()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = browser_cpu()
        if now - last < 0.1:
            return
        last = now


# ---------------------------------------------------------------- one start


@dataclass
class Site:
    name: str
    folder: Path
    ready: str                     # the text of its first app screen
    starts: list[dict[str, float]] = field(default_factory=list)
    first_download: list[int] = field(default_factory=list)
    requests: list[int] = field(default_factory=list)


def ready_in_flutter(pg, text: str, timeout: float = 300_000) -> None:
    """``text`` readable in Flutter's accessibility tree (not in the page's own HTML)."""
    pg.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout)   # Flutter is up
    enable_semantics(pg)
    pg.locator("flt-semantics-host").get_by_text(text).first.wait_for(timeout=timeout)


def boot_screen_at(pg) -> float | None:
    """When companion's own first screen was first drawn, in seconds from navigation
    (None: the site has none)."""
    return pg.evaluate("""() => {
        const e = performance.getEntriesByName('companion-boot-drawn')[0];
        return e ? e.startTime / 1000 : null;
    }""")


def one_start(pg, url: str, site: Site, how: str) -> dict[str, float]:
    cpu, t0 = browser_cpu(), time.monotonic()
    if how == "cold":
        pg.goto(url, wait_until="commit")
    else:
        pg.reload(wait_until="commit")
    ready_in_flutter(pg, site.ready)
    out = {f"{how}": time.monotonic() - t0, f"{how} cpu": browser_cpu() - cpu}
    first = boot_screen_at(pg)
    if first is not None:
        out[f"{how} first"] = first
    out.update({f"{how} @{name}": at for name, at in stages_at(pg)})
    return out


def stages_at(pg) -> list[tuple[str, float]]:
    """Where a start went: the worker's stages (runtime, snapshot, python, data …) and the
    app drawn, in seconds from navigation, as the page marked them (none: the site has none)."""
    return [tuple(x) for x in pg.evaluate("""() => performance.getEntriesByType('mark')
        .filter(m => m.name.startsWith('companion-') && m.name !== 'companion-boot-drawn')
        .map(m => [m.name.slice(10), m.startTime / 1000])""")]


def measure(browser, host: Host, site: Site) -> None:
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = ctx.new_page()
        host.take()
        got = one_start(pg, host.url, site, "cold")
        pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        # the Python snapshot a first start makes in the background (companion since the
        # snapshot: a player's next start comes later than a benchmark's would)
        pg.wait_for_function(SNAPSHOT_SETTLED, timeout=600_000)
        quiet()
        sent = host.take()
        site.first_download.append(sum(size for _, _, size in sent))
        site.requests.append(len(sent))
        got.update(one_start(pg, host.url, site, "reload"))
        quiet()
        ctx.set_offline(True)
        got.update(one_start(pg, host.url, site, "offline"))
        site.starts.append(got)
    finally:
        ctx.close()


# ---------------------------------------------------------------- taps


def _table(ctx, pg):
    from tests.e2e.table import Table

    t = Table.__new__(Table)
    t.ctx, t.pg = ctx, pg
    pg.set_default_timeout(60_000)
    return t


def timed_round(t, n: int, taps: list[float]) -> None:
    """Round ``n`` from the table: each player's chip, Submit, Next round, each timed."""
    from tests.e2e.harness import seen

    for p in PLAYERS:
        taps.append(t.timed_chip(f"{p}: 7 table, 1 hot dog"))
    submit = t.button("Submit round").first
    submit.wait_for()
    t0 = time.perf_counter()
    submit.click()
    seen(t.find(f"Round {n}: result"))
    taps.append(time.perf_counter() - t0)
    nxt = t.button("Next round").first
    nxt.wait_for()
    t0 = time.perf_counter()
    nxt.click()
    seen(t.find(f"Round {n + 1} · mustard card"))
    taps.append(time.perf_counter() - t0)


def _opened(ctx, url: str, store: bytes | None = None):
    """A tab of ``ctx`` at ``url``, its home screen drawn and its fonts in. ``store``: a
    store file put into the site's browser storage first, as builds before IndexedDB
    version 2 kept it, which every build reads (:func:`tests.web.site.keep_version_1`)."""
    from tests.e2e.harness import fonts_arrived
    from tests.web.site import keep_version_1

    if store is not None:
        keep_version_1(ctx, url, store)
    pg = ctx.new_page()
    pg.goto(url, wait_until="commit")
    ready_in_flutter(pg, "New Hot Dog match")
    fonts_arrived(pg, timeout=120_000)
    quiet()
    return pg


def taps_site(browser, host: Host, store: bytes | None = None) -> tuple[list[float], list[float]]:
    """Hot Dog rounds played from the table of the site at ``host``: each tap's time,
    :data:`FIRST_ROUNDS` on the first visit, then :data:`LATER_ROUNDS` after a reload
    once the service worker and the Python snapshot are in place (a later start).
    ``store``: as :func:`_opened`'s."""
    ctx = browser.new_context(viewport=PHONE)
    try:
        pg = _opened(ctx, host.url, store)
        t = _table(ctx, pg)
        t.setup(PLAYERS, mustard="Anna")
        quiet()
        first: list[float] = []
        for n in range(1, FIRST_ROUNDS + 1):
            timed_round(t, n, first)
        pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=300_000)
        pg.wait_for_function(SNAPSHOT_SETTLED, timeout=600_000)
        quiet()
        pg.reload(wait_until="commit")       # the match's next round, as the player left it
        ready_in_flutter(pg, f"Round {FIRST_ROUNDS + 1} · mustard card")
        quiet()
        later: list[float] = []
        for n in range(FIRST_ROUNDS + 1, FIRST_ROUNDS + LATER_ROUNDS + 1):
            timed_round(t, n, later)
        return first, later
    finally:
        ctx.close()


def archive(matches: int, folder: Path) -> bytes:
    """A store file with ``matches`` realistic finished matches (bench/scale.py's), whole
    (its write-ahead log folded into it)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from scale import realistic_matches, seed_store

    seed_store(folder, realistic_matches(matches), ROOT)
    return (folder / "companion.sqlite3").read_bytes()


def taps_served(browser, data: Path, rounds: int, store: bytes | None = None) -> list[float]:
    """``rounds`` Hot Dog rounds played from the table of ``companion serve`` (``store``:
    its store file, put in its data folder first): each tap's time."""
    if store is not None:
        data.mkdir(parents=True, exist_ok=True)
        (data / "companion.sqlite3").write_bytes(store)
    server = Server(data)
    server.start()
    ctx = browser.new_context(viewport=PHONE)
    try:
        t = _table(ctx, _opened(ctx, server.url))
        t.setup(PLAYERS, mustard="Anna")
        quiet()
        taps: list[float] = []
        for n in range(1, rounds + 1):
            timed_round(t, n, taps)
        return taps
    finally:
        ctx.close()
        server.stop()


# ---------------------------------------------------------------- building


@contextmanager
def worktree(ref: str) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(path), ref], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            yield path
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, capture_output=True)


def build_at(root: Path, out: Path) -> None:
    """The site as companion at ``root`` (another checkout) builds it."""
    code = ("import sys; from pathlib import Path; from companion.web.build import build_site; "
            "build_site(Path(sys.argv[1]), say=lambda line: None)")
    env = dict(os.environ, PYTHONPATH=str(root))
    subprocess.run([sys.executable, "-c", code, str(out)], cwd=root, env=env, check=True)


def site_headers(folder: Path) -> dict[str, str]:
    """The headers the folder's ``_headers`` file asks for every address (``/*``), as
    Netlify and Cloudflare Pages send them (none where the folder has no such file)."""
    path = folder / "_headers"
    out: dict[str, str] = {}
    rule = None
    for line in (path.read_text(encoding="utf-8").splitlines() if path.is_file() else []):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line.startswith((" ", "\t")):
            rule = line.strip()
        elif rule == "/*":
            name, _, value = line.strip().partition(":")
            out[name.strip()] = value.strip()
    return out


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def first_download(folder: Path, renderer: str) -> list[tuple[int, str]]:
    """What the service worker's install downloads for ``renderer``, with ``sw.js``: each
    file's size on the wire (gzip as :class:`Host` sends it), largest first."""
    from tests.web.site import sw_value

    files = sw_value(folder, "FILES")
    other = {f for name, paths in sw_value(folder, "RENDERERS").items() if name != renderer for f in paths}
    # the files the folder keeps gzipped (companion.web.build.PACKED): their .gz goes as it is
    packed = set(sw_value(folder, "PACKED", []))
    out = []
    for rel in [*files, "sw.js"]:
        if rel in packed and rel not in other:
            out.append(((folder / f"{rel}.gz").stat().st_size, f"{rel}.gz"))
        elif rel not in other:
            path = folder / ("index.html" if rel == "./" else rel)
            data = path.read_bytes()
            out.append((len(gzip.compress(data, 6, mtime=0)) if path.suffix in COMPRESSED else len(data), rel))
    return sorted(out, reverse=True)


def report_sizes(sites: list[Site]) -> None:
    for s in sites:
        print(f"{s.name}: folder {folder_size(s.folder) / 1e6:.1f} MB")
        for renderer in ("skwasm", "canvaskit"):
            files = first_download(s.folder, renderer)
            print(f"  first download ({renderer}): {sum(n for n, _ in files) / 1e6:.2f} MB in {len(files)} files; "
                  + ", ".join(f"{rel} {n / 1e6:.2f}" for n, rel in files[:6]))


# ---------------------------------------------------------------- report


def _med(xs: list[float]) -> str:
    return f"{statistics.median(xs):5.1f}" if xs else "    —"


def _min(xs: list[float]) -> str:
    return f"{min(xs):5.1f}" if xs else "    —"


def report(sites: list[Site], runs: int) -> None:
    print(f"\nstarts: {runs} runs each, interleaved; seconds from navigation (min / median); "
          "CPU-s of the browser's process tree (median)")
    head = (f"{'site':26} {'folder MB':>9} {'1st dl MB':>9} {'reqs':>4} | {'cold':>11} {'cpu':>5} | "
            f"{'reload':>11} {'cpu':>5} | {'offline':>11} {'cpu':>5} | {'first screen':>12}")
    print(head)
    print("-" * len(head))
    for s in sites:
        def col(key: str, s: Site = s) -> list[float]:
            return [r[key] for r in s.starts if key in r]

        first = col("cold first") + col("reload first") + col("offline first")
        print(f"{s.name:26} {folder_size(s.folder) / 1e6:9.1f} "
              f"{statistics.median(s.first_download) / 1e6 if s.first_download else 0:9.1f} "
              f"{statistics.median(s.requests) if s.requests else 0:4.0f} | "
              f"{_min(col('cold'))} /{_med(col('cold'))} {_med(col('cold cpu'))} | "
              f"{_min(col('reload'))} /{_med(col('reload'))} {_med(col('reload cpu'))} | "
              f"{_min(col('offline'))} /{_med(col('offline'))} {_med(col('offline cpu'))} | "
              f"{(f'max {max(first):.2f} s') if first else '—':>12}")
    base = next((s for s in sites if s.name.startswith("hello")), None)
    if base is None:
        return
    print("\nratio to the hello-world page (median against median; the targets: reload and "
          "offline ≤ 0.5, cold ≤ 0.8)")
    for s in sites:
        if s is base:
            continue
        parts = []
        for key in ("cold", "cold cpu", "reload", "reload cpu", "offline", "offline cpu"):
            a = [r[key] for r in s.starts if key in r]
            b = [r[key] for r in base.starts if key in r]
            if a and b:
                parts.append(f"{key} {statistics.median(a) / statistics.median(b):.2f}")
        print(f"  {s.name}: " + ", ".join(parts))


def report_taps(taps: dict[str, list[float]]) -> None:
    """Each set of taps' median, and its ratio to the served app's (the target: ≤ 1.5)."""
    served = taps.get("served app")
    if not served:
        return
    base = statistics.median(served)
    print("\ntaps of a Hot Dog round from the table (a chip, Submit, Next round), click → drawn "
          "(median; ratio to the served app's, target ≤ 1.5):")
    for name, xs in taps.items():
        if xs:
            print(f"  {name:44s} {statistics.median(xs) * 1000:4.0f} ms (n={len(xs)}, max {max(xs) * 1000:4.0f})"
                  f"  ratio {statistics.median(xs) / base:.2f}")


# ---------------------------------------------------------------- main


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="starts per site (default 3)")
    parser.add_argument("--before", metavar="REF", help="also the site companion at git REF builds")
    parser.add_argument("--taps", type=int, default=3, help="sets of timed Hot Dog rounds per build (default 3)")
    parser.add_argument("--matches", type=int, default=0,
                        help="the taps with an archive of N finished matches kept (default none)")
    parser.add_argument("--host-headers", action="store_true",
                        help="the host sends what each folder's _headers file asks (as Netlify does)")
    parser.add_argument("--only", choices=("start", "taps", "sizes"),
                        help="only the starts, only the taps, or only the sizes (no browser)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        out = Path(tmp)
        sites = [Site("companion", out / "companion", "New Hot Dog match")]
        build_site(sites[0].folder, say=lambda line: None)
        if args.before:
            root = stack.enter_context(worktree(args.before))
            sites.append(Site(f"companion at {args.before}", out / "before", "New Hot Dog match"))
            build_at(root, sites[-1].folder)
        wheels = [w for w in fetch_wheels(cache_dir(), say=lambda line: None)
                  if w.name.split("-")[0].lower() in BASELINE_WHEELS]
        sites.append(Site("hello world (same builder)", out / "hello", "Hello from Python"))
        build_site(sites[-1].folder, say=lambda line: None, app=app_archive(wheels, main=HELLO, companion=False))
        if args.only == "sizes":
            report_sizes(sites)
            return 0
        hosts = {s.name: stack.enter_context(Host(s.folder, headers=args.host_headers)) for s in sites}
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*LAUNCH_ARGS, OFFLINE_HOSTS])
            try:
                if args.only != "taps":
                    for run in range(args.runs):
                        for s in sites:
                            measure(browser, hosts[s.name], s)
                            r = s.starts[-1]
                            print(f"run {run + 1} {s.name}: " + ", ".join(f"{k} {v:.2f}" for k, v in r.items()),
                                  flush=True)
                    report(sites, args.runs)
                if args.only != "start":
                    store = archive(args.matches, out / "archive") if args.matches else None
                    taps: dict[str, list[float]] = {"served app": []}
                    for run in range(args.taps):
                        taps["served app"] += taps_served(browser, out / f"data-{run}", LATER_ROUNDS, store)
                        for s in sites:
                            if s.name.startswith("companion"):
                                first, later = taps_site(browser, hosts[s.name], store)
                                taps.setdefault(f"{s.name}, later start", []).extend(later)
                                taps.setdefault(f"{s.name}, first visit", []).extend(first)
                        print(f"taps run {run + 1}: " + ", ".join(
                            f"{k} {statistics.median(v) * 1000:.0f} ms" for k, v in taps.items()), flush=True)
                    if store is not None:
                        print(f"\nwith {args.matches} matches kept (a store file of {len(store) / 1e6:.1f} MB)")
                    report_taps(taps)
            finally:
                browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
