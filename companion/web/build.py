"""``companion build web -o DIR``: the whole app as a folder of static files.

The folder runs companion in the browser: Flet's web client (from the installed
``flet-web`` wheel) draws the screens, and the app's Python runs in a web worker on
Pyodide (the runtime that wheel ships). Nothing is fetched from anywhere but the
folder itself, so any static host (HTTPS, for a phone to install it) can serve it and
it works offline once a browser has opened it.

What goes in:

- the web client: python.js and python-worker.js start the Python worker and Pyodide as
  the page loads, while Flutter's engine starts (Flet's own wait for the engine first);
  the ``canvaskit`` renderer only (``main.dart.js`` with CanvasKit's
  "full" variant, which every browser can run: Safari and Firefox cannot run the
  WebAssembly build, and one renderer is half the size of two), its fonts and shaders;
- the Pyodide runtime without what a page never loads (the command-line ``python``
  launchers, ``python.exe``, type stubs, micropip);
- ``app.tar.gz``: companion's own code, its decks and recipes, and every dependency
  unpacked in ``__pypackages__`` — the worker puts that folder on ``sys.path``, so
  micropip installs nothing at run time. The wheels come from the package index (pip,
  with Pyodide's platform for ``pydantic-core``, ``msgpack`` and ``charset-normalizer``)
  into a cache folder, so a second build needs no network at all;
- ``PIL``: a stand-in. ReportLab imports Pillow when it is imported, but Pillow for this
  runtime is not on the package index, and companion's printables draw no pictures:
  the stand-in says so if a picture is ever asked for;
- the app's fonts in ``fonts/`` (the screens load them; the printables fetch them from
  there when they are first needed, so they are in the folder once, not twice);
- ``sw.js``: a service worker caching the whole folder under one version key (the hash
  of its files), so the app starts offline, from the home screen too, and a new build
  replaces the old one whole; ``manifest.json`` and icons, so a phone can install it.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES
from companion.web.icons import ORANGE, hex_colour, icon_png, svg_icon

NAME = "companion"
DESCRIPTION = ("A referee beside your card games: Hot Dog, a burger drafting game and a sales "
               "trick-taking game. Enter each round, see who gets what and why. Works offline.")
THEME = hex_colour(ORANGE)   # Material orange #FF9800: the seed colour of the app's theme
BACKGROUND = "#FFFFFF"

#: Pyodide's platform: the wheels of compiled packages must be built for it.
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"

#: What the app imports in the browser, at the versions installed here (pydantic-core
#: must be exactly the one pydantic was released with, and so on).
PACKAGES = ("flet", "repath", "six", "msgpack", "pydantic", "pydantic-core", "annotated-types",
            "typing-extensions", "typing-inspection", "reportlab", "charset-normalizer",
            "platformdirs", "segno", "babel")

#: Files of the web client the site serves (paths in flet-web's ``web/``).
CLIENT_FILES = ("flutter.js", "main.dart.js", "canvaskit/canvaskit.js",
                "canvaskit/canvaskit.wasm")
CLIENT_DIRS = ("assets",)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

MARKER = "companion-site.json"   # a folder this command built (and may replace)

PIL_STANDIN = '''"""A stand-in for Pillow in companion's browser build (see companion.web.build).

ReportLab imports ``PIL.Image`` when it is imported; companion's printables draw no
pictures, so nothing here is ever used to draw."""
'''
PIL_IMAGE_STANDIN = '''"""A stand-in for Pillow's ``Image`` module in companion's browser build: ReportLab
only needs the names to exist; companion draws no pictures in a printable."""


class Image:
    """Never made: no picture can be opened here."""


def open(*args, **kwargs):
    raise OSError("pictures cannot be opened in companion's browser version")
'''

APP_MAIN = '''"""Started by Flet's Python worker in the browser."""
from companion.web.browser import run

run()
'''


@dataclass
class Site:
    """What a build made: the folder, its size and what it is made of."""

    out: Path
    version: str
    files: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum((self.out / f).stat().st_size for f in self.files)


def installed_version(package: str) -> str:
    return metadata.version(package)


def cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("companion", appauthor=False)) / "web-wheels"


def _wanted() -> dict[str, str]:
    return {p: installed_version(p) for p in PACKAGES}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _cached(cache: Path, name: str, version: str) -> Path | None:
    for wheel in sorted(cache.glob("*.whl")):
        parts = wheel.name.split("-")
        if _norm(parts[0]) == _norm(name) and parts[1] == version:
            tag = wheel.name.rsplit("-", 1)[-1]
            if tag.startswith("any") or PYODIDE_PLATFORM in tag:
                return wheel
    return None


def fetch_wheels(cache: Path, say=print) -> list[Path]:
    """The wheels of :data:`PACKAGES` for Pyodide, from ``cache`` or (missing ones only)
    the package index via pip."""
    cache.mkdir(parents=True, exist_ok=True)
    wanted = _wanted()
    missing = [f"{n}=={v}" for n, v in wanted.items() if _cached(cache, n, v) is None]
    if missing:
        say(f"downloading {len(missing)} wheels for the browser: {' '.join(missing)}")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
               "--only-binary=:all:", "--platform", PYODIDE_PLATFORM, "--python-version", PYODIDE_PYTHON,
               "--implementation", "cp", "--dest", str(cache), *missing]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
            raise CompanionError(f"could not download the wheels for the browser: {last}")
    wheels = []
    for n, v in wanted.items():
        wheel = _cached(cache, n, v)
        if wheel is None:
            raise CompanionError(f"no wheel of {n} {v} for the browser ({PYODIDE_PLATFORM}) on the package index")
        wheels.append(wheel)
    return wheels


def _flet_web() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        raise CompanionError("the flet-web package is not installed: pip install 'flet[web]'")
    return Path(spec.origin).parent / "web"


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 0
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _skip(path: Path) -> bool:
    return "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo")


def app_archive(wheels: list[Path], *, main: str = APP_MAIN, companion: bool = True) -> bytes:
    """``app.tar.gz``: ``main.py``, companion (without its font files: see :func:`build_site`)
    and every dependency in ``__pypackages__``. Reproducible: sorted, no dates.
    ``companion=False`` and another ``main``: another Flet app on the same wheels (a
    benchmark's baseline, ``bench/web.py``)."""
    buf = io.BytesIO()
    digest = hashlib.sha256()
    with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=9) as tar:
        def add(name: str, data: bytes) -> None:
            digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
            _add_bytes(tar, name, data)

        add("main.py", main.encode())
        if companion:
            _add_companion(add)
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as zf:
                for name in sorted(zf.namelist()):
                    if not _needed(name):
                        continue
                    add(f"__pypackages__/{name}", zf.read(name))
        add("__pypackages__/PIL/__init__.py", PIL_STANDIN.encode())
        add("__pypackages__/PIL/Image.py", PIL_IMAGE_STANDIN.encode())
        # What the Python in it was built from: the browser keeps compiled modules per build.
        _add_bytes(tar, "BUILD", digest.hexdigest()[:16].encode())
    return buf.getvalue()


#: Parts of the dependencies a browser never loads: ReportLab's own Type 1 fonts (companion
#: embeds its TrueType fonts), Flet's server, test and desktop helpers.
UNUSED = ("reportlab/fonts/", "flet/testing/", "flet/fastapi/", "flet/pytest_plugin.py", "flet/cli.py")


#: Babel's locale data the app reads: its languages and the root they inherit from (the
#: other thousand locales are 30 MB).
BABEL_LOCALES = tuple(f"babel/locale-data/{code}.dat" for code in ("root", *LANGUAGES))


def _needed(name: str) -> bool:
    if name.startswith("babel/locale-data/"):
        return name in BABEL_LOCALES
    if name.endswith("/") or "/tests/" in f"/{name}" or name.endswith((".pyi", ".pyc", "py.typed")):
        return False
    if ".dist-info/" in name:
        return name.endswith(("METADATA", "top_level.txt", "entry_points.txt"))
    return not name.startswith(UNUSED)


def _add_companion(add: Callable[[str, bytes], None]) -> None:
    import companion
    from companion.core.paths import ASSETS

    root = Path(companion.__file__).parent
    for path in sorted(root.rglob("*")):
        if path.is_file() and not _skip(path) and path.suffix in (".py", ".po"):   # .po: the catalogs
            add(f"companion/{path.relative_to(root).as_posix()}", path.read_bytes())
    for path in sorted(ASSETS.rglob("*")):
        rel = path.relative_to(ASSETS)
        if path.is_file() and not _skip(path) and path.suffix != ".ttf":
            add(f"companion/assets/{rel.as_posix()}", path.read_bytes())


#: Parts of the web client companion never shows: math (KaTeX fonts), iOS-style icons and
#: the video player's streaming script. Flutter loads every font its manifest names at
#: start, so leaving them out also makes the start lighter.
UNUSED_CLIENT = ("assets/packages/flutter_math_fork/", "assets/packages/cupertino_icons/",
                 "assets/packages/media_kit/")


def _font_manifest(web: Path) -> str:
    """Flutter's font manifest without the fonts left out (:data:`UNUSED_CLIENT`)."""
    families = json.loads((web / "assets" / "FontManifest.json").read_text(encoding="utf-8"))
    kept = [f for f in families
            if not any(f"assets/{font['asset']}".startswith(UNUSED_CLIENT) for font in f["fonts"])]
    return json.dumps(kept, separators=(",", ":"))


def _config_script(base: str) -> str:
    return "\n".join([
        "<script>",
        "flet.pyodide = true;",
        "flet.micropipIncludePre = false;",
        'flet.pythonModuleName = "main";',
        'flet.appPackageUrl = "app.tar.gz";',
        # A path from the page, not a bare module name: the worker import()s it.
        'flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;',
        'flet.canvasKitBaseUrl = "canvaskit/";',
        'flet.fontFallbackBaseUrl = "assets/fonts/";',
        "flet.noCdn = true;",
        'flet.webRenderer = "canvaskit";',
        # Addresses after '#': a static host finds index.html at every screen's address.
        'flet.routeUrlStrategy = "hash";',
        f'flet.entrypointBaseUrl = "{base}";',
        f'flet.assetBase = "{base}";',
        "</script>",
        "<script>",
        # The service worker caches the site (offline start); the browser is asked to
        # keep the saved games even when it runs short of room.
        'if ("serviceWorker" in navigator) {',
        '  window.addEventListener("load", () => {',
        '    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));',
        "  });",
        "}",
        "if (navigator.storage && navigator.storage.persist) {",
        "  navigator.storage.persist().then((kept) => console.log('storage kept:', kept));",
        "}",
        "</script>",
    ])


def _index_html(web: Path, base: str) -> str:
    html = (web / "index.html").read_text(encoding="utf-8")
    html = re.sub(r'<base href="[^"]*">', f'<base href="{base}">', html, count=1)
    html = html.replace("<!-- fletAppConfig -->", _config_script(base))
    html = re.sub(r"<title>[^<]*</title>", f"<title>{NAME}</title>", html)
    html = re.sub(r'(<meta name="description" content=")[^"]*(">)', rf"\g<1>{DESCRIPTION}\g<2>", html)
    html = re.sub(r'(<meta name="apple-mobile-web-app-title" content=")[^"]*(">)', rf"\g<1>{NAME}\g<2>", html)
    html = html.replace('<link rel="icon" type="image/png" href="favicon.png" />',
                        '<link rel="icon" type="image/svg+xml" href="icons/icon.svg" />\n'
                        '  <link rel="icon" type="image/png" href="favicon.png" />\n'
                        f'  <meta name="theme-color" content="{THEME}">')
    html = html.replace("icons/loading-animation.png", "icons/icon-192.png")
    html = html.replace("width: 200px;", "width: 96px;")
    if "flet.pyodide = true;" not in html or f"<title>{NAME}</title>" not in html:
        raise CompanionError("flet-web's index.html is not the one companion knows: cannot build the site")
    return html


def _bootstrap(web: Path) -> str:
    """flutter_bootstrap.js without Flutter's own service worker (a stub that removes
    itself, and with it ours) and with CanvasKit's one variant this site ships."""
    js = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    js, n = re.subn(r"\n\s*serviceWorkerSettings: \{[^}]*\},", "", js, count=1)
    js, m = re.subn(r"(var flutterConfig = \{)", r'\1\n    canvasKitVariant: "full",', js, count=1)
    if n != 1 or m != 1:
        raise CompanionError("flet-web's flutter_bootstrap.js is not the one companion knows: cannot build the site")
    return js


def _python_js(web: Path) -> str:
    """python.js starting the Python worker as the page loads, while Flutter's engine starts,
    instead of when the engine first asks for it: the page's first connection takes it."""
    js = (web / "python.js").read_text(encoding="utf-8")
    old = """    app.worker = new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });"""
    if old not in js:
        raise CompanionError("flet-web's python.js is not the one companion knows: cannot build the site")
    js = js.replace(old, """    app.worker = _early || new Worker(_workerUrl(), { type: "module" });
    _early = null;""")
    return js + """
// companion: the worker (and with it Pyodide: python-worker.js) starts at once.
function _workerUrl() {
    return (flet.entrypointBaseUrl.endsWith("/") ?
        flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js";
}
let _early = new Worker(_workerUrl(), { type: "module" });
"""


def _python_worker(web: Path) -> str:
    """python-worker.js loading Pyodide as soon as it starts (from the site's own copy),
    not after the page's first message: the runtime boots while Flutter's engine does."""
    js = (web / "python-worker.js").read_text(encoding="utf-8")
    old = """        const pyodideModule = await import(self.pyodideUrl);
        const loadPyodide = pyodideModule.loadPyodide || self.loadPyodide;
        self.pyodide = await loadPyodide({
            stdout: (text) => self.sendPythonOutput(text, false),
            stderr: (text) => self.sendPythonOutput(text, true),
        });"""
    anchor = "self.initPyodide = async function () {"
    if old not in js or anchor not in js:
        raise CompanionError("flet-web's python-worker.js is not the one companion knows: cannot build the site")
    js = js.replace(old, "        self.pyodide = await self.pyodideLoading;")
    return js.replace(anchor, """// companion: Pyodide loads as the worker starts (a failure shows when awaited).
self.pyodideLoading = (async () => {
    const pyodideModule = await import(new URL("pyodide/pyodide.mjs", self.location.href).href);
    return pyodideModule.loadPyodide({
        stdout: (text) => self.sendPythonOutput(text, false),
        stderr: (text) => self.sendPythonOutput(text, true),
    });
})();
self.pyodideLoading.catch(() => {});

""" + anchor, 1)


def _manifest() -> str:
    return json.dumps({
        "name": NAME,
        "short_name": NAME,
        "description": DESCRIPTION,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "prefer_related_applications": False,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }, indent=2)


SERVICE_WORKER = """'use strict';
// companion's service worker: the whole site, cached under one version key.
const VERSION = "__VERSION__";
const CACHE = "companion-" + VERSION;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": each file asked again of the host, which answers "not modified" for
    // what the page has just loaded (no second download), the new file after an update.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("companion-") && key !== CACHE) {
        await caches.delete(key);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
"""


def _service_worker(version: str, files: list[str]) -> str:
    listed = ["./", *sorted(f for f in files if f not in ("sw.js", MARKER))]
    return SERVICE_WORKER.replace("__VERSION__", version).replace("__FILES__", json.dumps(listed, indent=0))


def build_site(out: Path, *, base: str = "/", cache: Path | None = None, say=print,
               app: bytes | None = None) -> Site:
    """Build the site into ``out`` (created; a folder this command built before is replaced).
    ``app``: another app archive than companion's (:func:`app_archive`; a benchmark's baseline)."""
    from companion.core.paths import ASSETS

    out = Path(out)
    if out.exists():
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise CompanionError(f"{out} is not empty and not a companion site: give an empty or new folder")
        shutil.rmtree(out)
    if not base.startswith("/"):
        base = "/" + base
    if not base.endswith("/"):
        base += "/"
    web = _flet_web()
    wheels = fetch_wheels(cache or cache_dir(), say=say)
    out.mkdir(parents=True)

    def write(rel: str, data: bytes | str) -> None:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)

    def copy(src: Path, rel: str) -> None:
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, path)

    for rel in CLIENT_FILES:
        copy(web / rel, rel)
    for folder in CLIENT_DIRS:
        for path in sorted((web / folder).rglob("*")):
            rel = path.relative_to(web).as_posix()
            if path.is_file() and not rel.startswith(UNUSED_CLIENT):
                copy(path, rel)
    write("assets/FontManifest.json", _font_manifest(web))
    for name in PYODIDE_FILES:
        copy(web / "pyodide" / name, f"pyodide/{name}")
    lock = json.loads((out / "pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    for path in sorted((ASSETS / "fonts").iterdir()):
        if path.suffix == ".ttf":
            copy(path, f"fonts/{path.name}")
    write("index.html", _index_html(web, base))
    write("flutter_bootstrap.js", _bootstrap(web))
    write("python.js", _python_js(web))
    write("python-worker.js", _python_worker(web))
    write("manifest.json", _manifest())
    write("app.tar.gz", app if app is not None else app_archive(wheels))
    for size in (192, 512):
        write(f"icons/icon-{size}.png", icon_png(size))
        write(f"icons/icon-maskable-{size}.png", icon_png(size, maskable=True))
    write("icons/apple-touch-icon-192.png", icon_png(192, maskable=True))
    write("icons/icon.svg", svg_icon())
    write("favicon.png", icon_png(32))

    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    version = digest.hexdigest()[:16]
    write("sw.js", _service_worker(version, files))
    write(MARKER, json.dumps({"version": version, "pyodide": lock.get("info", {}).get("version"),
                              "flet": installed_version("flet")}, indent=2))
    return Site(out=out, version=version, files=sorted([*files, "sw.js", MARKER]))


def cmd_build_web(args) -> int:
    try:
        site = build_site(Path(args.out), base=args.base)
    except CompanionError as exc:
        sys.stderr.write(f"companion: {exc}\n")
        return 1
    print(f"companion: built the site in {site.out} ({site.size / 1e6:.1f} MB, {len(site.files)} files, "
          f"version {site.version}); serve the folder from any static HTTPS host")
    return 0


def add_commands(sub) -> None:
    build = sub.add_parser("build", help="build companion for another platform")
    targets = build.add_subparsers(dest="target", required=True)
    web = targets.add_parser("web", help="the whole app as a static site that runs in the browser, offline")
    web.add_argument("-o", "--out", required=True, metavar="DIR", help="the folder to build the site in")
    web.add_argument("--base", default="/", metavar="PATH",
                     help="the path the site is served under (default /; e.g. /companion/ on a project page)")
    web.set_defaults(run=cmd_build_web)


__all__ = ["Site", "add_commands", "build_site", "cache_dir", "fetch_wheels"]
