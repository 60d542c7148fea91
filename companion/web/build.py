"""``companion build web -o DIR``: the whole app as a folder of static files.

The folder runs companion in the browser: Flet's web client (from the installed
``flet-web`` wheel) draws the screens, and the app's Python runs in a web worker on
Pyodide (the runtime that wheel ships). Nothing is fetched from anywhere but the
folder itself, so any static host (HTTPS, for a phone to install it) can serve it and
it works offline once a browser has opened it.

What goes in:

- the web client, its ``index.html``, manifest and font manifest patched by Flet's own
  functions (``flet_web.patch_index``: the settings of a page that runs Python in the
  browser, Flet's Roboto kept in the font manifest), then companion's parts added:
  its first screen (``site/boot.html``: its name, what is loading, the standings of the
  match in progress, drawn before Flutter and Python are up) and its page script
  (``site/page.js``: the Python worker started with the page, the saved games' lock,
  the service worker); both of the client's builds, Flutter's loader picking one
  (:data:`RENDERERS`: skwasm where the browser can, else ``main.dart.js`` with
  CanvasKit's "full" variant, which every browser can run), the optional animation
  library's loader answered on the spot instead of from a CDN; its Material Icons font
  with the glyphs of the icons the site can draw only (:mod:`companion.web.icon_font`);
- the Pyodide runtime without what a page never loads (the command-line launchers,
  type stubs, micropip, the package lock: the worker is given its one line of facts;
  the parts of the standard library no page imports, :data:`STDLIB_UNUSED`);
- companion's Python worker (``site/worker.js`` as ``python-worker.js``): the memory
  snapshot, the archive unpacked, the binary extensions loaded before the interpreter
  starts, the saved games read and kept (see the file);
- ``app.tar.gz``: companion's own code, its decks, recipes and catalogs, and every
  dependency in ``__pypackages__`` (the worker unpacks it before Python starts, and
  loads the binary extensions in it; no micropip at run time). The wheels come from the package index
  (pip, with Pyodide's platform for ``pydantic-core``, ``msgpack`` and
  ``charset-normalizer``) into a cache folder, so a second build needs no network;
- ``print.tar.gz``: what only printing imports (ReportLab, what it imports, and
  ``PIL``, a stand-in: ReportLab imports Pillow when it is imported, but Pillow for
  this runtime is not on the package index, and companion's printables draw no
  pictures), unpacked by Python the first time a printout imports it
  (``companion.web.browser.PrintModules``);
- the app's fonts in ``fonts/`` (the screens load them; the printables fetch them from
  there when they are first needed);
- ``sw.js``: the service worker, caching every file under its content hash, so that
  an update downloads only the files that changed (``site/sw.js``); what a start does
  not need (:data:`LATER`: the CJK fonts, needed once a CJK name is drawn; printing's
  archive and faces; Flutter's licence text) is cached when first asked for;
  ``manifest.json`` and icons, so a phone can install it;
- its biggest files gzipped (:data:`PACKED`, as ``<path>.gz``; ``site/unpack.js``
  unpacks them wherever they are fetched): the folder is about half the size.

A build is reproducible: the same sources and wheels give the same bytes (no dates in
the archive or its gzip header, files in sorted order).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import shutil
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES, _, using
from companion.core.icons import ORANGE, hex_colour, icon_png, svg_icon
from companion.core.identity import DESCRIPTION, NAME
from companion.net.client_page import STARTUP_WORD, UNUSED_CLIENT, blank_startup_word, lean_font_manifest
from companion.web.archive import (
    ICONS,
    app_archive,
    cache_dir,
    dynlibs_of,
    fetch_wheels,
    installed_version,
    print_archive,
    stdlib_zip,
)
from companion.web.icon_font import ICON_FONT, icon_font, shipped_icons

THEME = hex_colour(ORANGE)   # Material orange #FF9800: the seed colour of the app's theme
BACKGROUND = "#FFFFFF"

#: The web client's two builds, each with its renderer (paths in flet-web's ``web/``):
#: Flutter's loader picks skwasm (the client compiled to WebAssembly: its first screen
#: drawn in less than half CanvasKit's time) where the browser is Chromium's and runs
#: WasmGC and WebGL, else CanvasKit (Safari, Firefox, an older Chrome). The service
#: worker keeps the one this browser uses (``site/sw.js``).
RENDERERS = {
    "skwasm": ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm"),
    "canvaskit": ("main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"),
}
#: Files of the web client the site serves.
CLIENT_FILES = ("flutter.js", *RENDERERS["skwasm"], *RENDERERS["canvaskit"])
#: The client's files companion changes (:func:`_client_code`).
CLIENT_CODE = ("main.dart.js", "main.dart.wasm")
CLIENT_DIRS = ("assets",)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

MARKER = "companion-site.json"   # a folder this command built (and may replace)
#: The headers that make a page cross-origin isolated (Flutter's skwasm then draws on a
#: thread of its own, not on the one that takes the taps). The service worker gives them
#: to every page it serves (``site/sw.js``); :data:`HEADERS` asks a host that reads it
#: to send them, the first visit's page included.
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}
#: Netlify's and Cloudflare Pages' file of headers (other hosts serve it as a file, unread)
HEADERS = "_headers"
#: Files of the site that are not the app's (not in the service worker's list)
NOT_THE_APP = ("sw.js", MARKER, HEADERS)
SITE = Path(__file__).resolve().parent / "site"     # companion's own page, worker and service worker
UNPACK = "/*__UNPACK__*/"    # where site/unpack.js goes into a script of the site

#: Files in the site that a start does not need, cached when first asked for: the CJK
#: fonts (once a CJK name is drawn: companion.ui.fonts), what only printing needs (its
#: archive and the faces no screen draws in: a printout works offline once one was made)
#: and Flutter's licence text.
PRINT_FONTS = ("fonts/DejaVuSans-Bold.ttf", "fonts/DejaVuSansCondensed.ttf", "fonts/DejaVuSansCondensed-Bold.ttf")
LATER = ("fonts/DroidSansFallbackFull.ttf", "fonts/NanumSquareR.ttf", "print.tar.gz", *PRINT_FONTS, "assets/NOTICES")
#: Of the :data:`LATER` files, what printing needs: not in a first start's download, but
#: fetched into the cache in the background once the app is up (the page asks the
#: service worker), so a phone that visited once prints offline too, as it plays.
AFTER_START = ("print.tar.gz", *PRINT_FONTS)
#: Files the folder keeps gzipped, as ``<path>.gz`` (level 9, no date: reproducible): the
#: biggest ones, each fetched by code that unpacks it as it arrives (``site/unpack.js``:
#: the page's fetches, the Python worker's, the service worker's, which keeps them
#: unpacked in its cache). The folder is half the size, and a host that does not compress
#: (a laptop's ``python -m http.server`` at the table) sends half the bytes. The client's
#: ``main.dart.js`` is loaded by a script tag, which cannot unpack: a small loader
#: (``site/entry.js``) stands at its address and runs the unpacked code. The fonts stay
#: as they are: the client loads the screens' fonts itself, and printing fetches its
#: faces synchronously.
PACKED = ("pyodide/pyodide.asm.wasm", "main.dart.wasm", "main.dart.js", "canvaskit/skwasm.wasm",
          "canvaskit/canvaskit.wasm", "assets/NOTICES")
#: Packed files whose address keeps a loader (:data:`PACKED`)
ENTRY = "main.dart.js"
#: The big files of a first start, whose download the first screen counts (and the
#: renderer's files: the page's ``downloads``).
DOWNLOADS = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "pyodide/python_stdlib.zip", "app.tar.gz")

#: The optional animation library (Rive) is loaded by the client from a CDN when it
#: starts; answered here by a script whose runtime never finishes loading (companion
#: shows no animation, and the client waits for it as it did for a CDN out of reach).
RIVE_CDN = '"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"'
RIVE_NONE = '"data:text/javascript,self.RiveNative%3D()%3D%3Enew%20Promise(()%3D%3E%7B%7D)%3B%2F%2F"'
#: The same in the WebAssembly build, where the address is a string of fixed length.
RIVE_CDN_WASM = b"\x42" + RIVE_CDN.strip('"').encode()
RIVE_NONE_WASM = b"\x42" + b"data:text/javascript,self.RiveNative=()=>new Promise(()=>{});".ljust(64, b" ") + b"//"


@dataclass
class Site:
    """What a build made: the folder, its size and what it is made of."""

    out: Path
    version: str
    files: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum((self.out / f).stat().st_size for f in self.files)


def _flet_web() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("flet_web")
    if spec is None or spec.origin is None:
        raise CompanionError("the flet-web package is not installed: pip install 'flet[web]'")
    return Path(spec.origin).parent / "web"


# ---------------------------------------------------------------- the page


def _font_manifest(path: Path) -> None:
    """Flutter's font manifest at ``path`` without the fonts left out (:data:`UNUSED_CLIENT`),
    then patched by Flet's own function (its Roboto: Flutter draws every text in it until
    the app's fonts arrive, and asks the network for a Roboto of its own without it)."""
    from flet_web.patch_index import patch_font_manifest_json

    path.write_text(json.dumps(lean_font_manifest(json.loads(path.read_text(encoding="utf-8")))), encoding="utf-8")
    patch_font_manifest_json(str(path))


def boot_strings() -> dict[str, dict[str, str]]:
    """The first screen's and the worker's words, in each of the app's languages (the
    page picks the one the app last used, else the browser's)."""
    out = {}
    for code in LANGUAGES:
        with using(code):
            out[code] = {
                "tagline": _("A referee beside your card games."),
                "downloading": _("Loading companion: {done} of {total} MB…"),
                "starting": _("Starting Python…"),
                "opening": _("Opening your saved games…"),
                "drawing": _("Drawing the screen…"),
                "waiting": _("companion is open in another tab or window."),
                "elsewhere_long": _("companion is open in another tab or window. Only one of them can use the "
                                    "saved games at a time, so that nothing is lost; using it here closes it there."),
                "released": _("companion is now open in another tab or window."),
                "released_long": _("companion is being used in another tab or window, so this one stopped "
                                   "saving. Use it here to go on here (it closes there)."),
                "take_over": _("Use it here"),
                "saved": _("Last saved {when}"),
                "failed": _("companion could not start: {reason}"),
            }
    return out


def _page_script(config: dict[str, Any]) -> str:
    js = _with_unpack((SITE / "page.js").read_text(encoding="utf-8"))
    return js.replace("__CONFIG__", json.dumps(config, sort_keys=True, ensure_ascii=False))


def _index_html(web: Path, out: Path, base: str, config: dict[str, Any]) -> str:
    """Flet's index.html patched by Flet's own function for a page that runs Python in the
    browser (no CDN, the renderer Flutter's loader picks, addresses after '#' so that a static host finds
    index.html at every screen's address), then companion's page script before Flet's
    python.js, its first screen instead of Flet's loading picture, its icons and colour."""
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_index_html

    path = out / "index.html"
    shutil.copyfile(web / "index.html", path)
    patch_index_html(str(path), base_href=base, app_name=NAME, app_description=DESCRIPTION, pyodide=True,
                     pyodide_script_path="main.py", pyodide_version=_pyodide_version(web),
                     app_package_url="app.tar.gz", web_renderer=WebRenderer.AUTO,
                     route_url_strategy=RouteUrlStrategy.HASH, no_cdn=True)
    html = path.read_text(encoding="utf-8")
    checks = ['<script src="python.js"></script>', '<div id="loading"', '<link rel="icon" type="image/png" '
              'href="favicon.png" />', "flet.pyodide = true;", f"<title>{NAME}</title>"]
    missing = [c for c in checks if c not in html]
    if missing:
        raise CompanionError(f"flet-web's index.html is not the one companion knows ({missing[0]}): "
                             "cannot build the site")
    html = html.replace('<script src="python.js"></script>',
                        f"<script>\n{_page_script(config)}\n</script>\n  <script src=\"python.js\"></script>")
    html = re.sub(r'<div id="loading".*?</div>\s*', "", html, count=1, flags=re.S)
    html = html.replace("<body>", "<body>\n" + (SITE / "boot.html").read_text(encoding="utf-8"), 1)
    html = html.replace('<link rel="icon" type="image/png" href="favicon.png" />',
                        '<link rel="icon" type="image/svg+xml" href="icons/icon.svg" />\n'
                        '  <link rel="icon" type="image/png" href="favicon.png" />\n'
                        f'  <meta name="theme-color" content="{THEME}">')
    return html


def _bootstrap(web: Path) -> str:
    """flutter_bootstrap.js without Flutter's own service worker (a stub that removes
    itself, and with it ours) and with CanvasKit's one variant this site ships."""
    js = (web / "flutter_bootstrap.js").read_text(encoding="utf-8")
    js, n = re.subn(r"\n\s*serviceWorkerSettings: \{[^}]*\},", "", js, count=1)
    js, m = re.subn(r"(var flutterConfig = \{)", r'\1\n    canvasKitVariant: "full",', js, count=1)
    js, k = re.subn(r"(onEntrypointLoaded: async function \(engineInitializer\) \{)",
                    r'\1\n        performance.mark("companion-flutter-loaded");', js, count=1)
    js, j = re.subn(r"(\n(\s*)flet\.flutterApp = await engine\.runApp\(\);)",
                    r'\n\2performance.mark("companion-flutter-engine");\1', js, count=1)
    if n != 1 or m != 1 or k != 1 or j != 1:
        raise CompanionError("flet-web's flutter_bootstrap.js is not the one companion knows: cannot build the site")
    return js


def _python_js(web: Path) -> str:
    """python.js taking the Python worker the page started (companion/web/site/page.js)
    for its connection, instead of starting one when Flutter's engine first asks."""
    js = (web / "python.js").read_text(encoding="utf-8")
    old = """    app.worker = new Worker(
        (flet.entrypointBaseUrl.endsWith("/") ?
            flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl) + "/python-worker.js",
        { type: "module" });"""
    if old not in js:
        raise CompanionError("flet-web's python.js is not the one companion knows: cannot build the site")
    return js.replace(old, "    app.worker = window.companion.takeWorker();")


def _client_code(web: Path, name: str) -> bytes:
    """The client (``main.dart.js`` or ``main.dart.wasm``), its animation library's loader
    answered on the spot (:data:`RIVE_NONE`) and its English startup word blanked (as
    ``companion serve`` sends it: :mod:`companion.net.client_page`)."""
    code = (web / name).read_bytes()
    cdn, none = (RIVE_CDN_WASM, RIVE_NONE_WASM) if name.endswith(".wasm") else (RIVE_CDN.encode(), RIVE_NONE.encode())
    if code.count(cdn) != 1 or code.count(STARTUP_WORD) != 1:
        raise CompanionError(f"flet-web's {name} is not the one companion knows: cannot build the site")
    return blank_startup_word(code.replace(cdn, none))


def _manifest(web: Path, out: Path) -> str:
    """Flet's manifest.json patched by Flet's own function (name, description, colours),
    with companion's icons and its installable app's settings."""
    from flet_web.patch_index import patch_manifest_json

    path = out / "manifest.json"
    shutil.copyfile(web / "manifest.json", path)
    patch_manifest_json(str(path), app_name=NAME, app_description=DESCRIPTION, background_color=BACKGROUND,
                        theme_color=THEME)
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest.update({
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "prefer_related_applications": False,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": "icons/icon-maskable-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    })
    return json.dumps(manifest, indent=2, sort_keys=True)


def _icon_font(web: Path, archive: bytes) -> bytes:
    """flet-web's Material Icons font with the glyphs of the icons the site can draw only
    (:mod:`companion.web.icon_font`): those of the app archive's table and the client's own."""
    import flet

    every = json.loads((Path(flet.__file__).parent / ICONS.removeprefix("flet/")).read_text(encoding="utf-8"))
    return icon_font((web / ICON_FONT).read_bytes(), (web / "main.dart.js").read_text(encoding="utf-8"),
                     shipped_icons(archive, f"__pypackages__/{ICONS}"), every)


def _pyodide_version(web: Path) -> str | None:
    try:
        version: str | None = json.loads((web / "pyodide" / "package.json").read_text(encoding="utf-8")).get("version")
        return version
    except (OSError, ValueError):
        return None


def _lock_info(web: Path) -> dict[str, Any]:
    """The one part of Pyodide's package lock a page that loads no packages needs."""
    lock = json.loads((web / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    return {"info": lock["info"], "packages": {}}


# ---------------------------------------------------------------- the service worker


def content_hash(data: bytes) -> str:
    """A file's key in the service worker's cache: the start of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def _service_worker(build: str, hashes: dict[str, str], packed: list[str]) -> str:
    """sw.js: every file of the site under its hash (a packed one's: its unpacked bytes');
    :data:`LATER` ones fetched when asked for, and of the two renderers' files
    (:data:`RENDERERS`) those of the one the page says it uses. index.html is listed as the
    site's own address (what a navigation asks for)."""
    files = {("./" if path == "index.html" else path): h for path, h in sorted(hashes.items())
             if path not in LATER}
    later = {path: h for path, h in sorted(hashes.items()) if path in LATER}
    js = _with_unpack((SITE / "sw.js").read_text(encoding="utf-8"))
    return (js.replace("__BUILD__", build).replace("__FILES__", json.dumps(files, indent=0))
            .replace("__LATER__", json.dumps(later, indent=0))
            .replace("__AFTER_START__", json.dumps(list(AFTER_START)))
            .replace("__RENDERERS__", json.dumps(RENDERERS, indent=0, sort_keys=True))
            .replace("__PACKED__", json.dumps(packed))
            .replace("__ISOLATION__", json.dumps(ISOLATION)))


def _headers() -> str:
    """:data:`HEADERS`: every address of the site cross-origin isolated (:data:`ISOLATION`)."""
    lines = ["# Read by Netlify and Cloudflare Pages (companion build web): every page of the site",
             "# cross-origin isolated from the first visit on, as its service worker makes it from",
             "# the second; companion's screens are then drawn off the thread that takes the taps.",
             "/*"]
    return "\n".join([*lines, *(f"  {name}: {value}" for name, value in ISOLATION.items())]) + "\n"


def _unpack_js() -> str:
    return (SITE / "unpack.js").read_text(encoding="utf-8")


def _with_unpack(js: str) -> str:
    """``js`` with companion's unpacking of packed files where it says ``/*__UNPACK__*/``."""
    if js.count(UNPACK) != 1:
        raise CompanionError("a script of companion's site has no place for its unpacking")
    return js.replace(UNPACK, _unpack_js())


def _pack(out: Path, rel: str) -> str:
    """File ``rel`` of the site gzipped into ``rel.gz`` (:data:`PACKED`); returns the
    unpacked file's hash (what the service worker checks and keeps)."""
    path = out / rel
    data = path.read_bytes()
    (out / f"{rel}.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    path.unlink()
    return content_hash(data)


def _digest(parts: Iterable[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256()
    for name, data in parts:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


# ---------------------------------------------------------------- the build


def build_site(out: Path, *, base: str = "/", cache: Path | None = None, say: Callable[[str], object] = print,
               app: bytes | None = None) -> Site:
    """Build the site into ``out`` (created; a folder this command built before is replaced).
    ``app``: another app archive than companion's (:func:`app_archive`)."""
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
    archive = app if app is not None else app_archive(wheels)
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
        if rel in CLIENT_CODE:
            write(rel, _client_code(web, rel))
        else:
            copy(web / rel, rel)
    for folder in CLIENT_DIRS:
        for path in sorted((web / folder).rglob("*")):
            rel = path.relative_to(web).as_posix()
            if path.is_file() and not rel.startswith(UNUSED_CLIENT):
                copy(path, rel)
    _font_manifest(out / "assets" / "FontManifest.json")
    write(ICON_FONT, _icon_font(web, archive))
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            write(f"pyodide/{name}", stdlib_zip(web))
        else:
            copy(web / "pyodide" / name, f"pyodide/{name}")
    for path in sorted((ASSETS / "fonts").iterdir()):
        if path.suffix == ".ttf":
            copy(path, f"fonts/{path.name}")
    worker = _with_unpack((SITE / "worker.js").read_text(encoding="utf-8"))
    write("python-worker.js", worker)
    write("flutter_bootstrap.js", _bootstrap(web))
    write("python.js", _python_js(web))
    write("app.tar.gz", archive)
    write("print.tar.gz", print_archive(wheels))
    for size in (192, 512):
        write(f"icons/icon-{size}.png", icon_png(size))
        write(f"icons/icon-maskable-{size}.png", icon_png(size, maskable=True))
    write("icons/apple-touch-icon-192.png", icon_png(192, maskable=True))
    write("icons/icon.svg", svg_icon())
    write("favicon.png", icon_png(32))
    write("manifest.json", _manifest(web, out))

    # What Python starts from: a snapshot is kept under this key (and no other build's).
    python = _digest([("worker", worker.encode()), ("app", archive),
                      *((n, (out / "pyodide" / n).read_bytes()) for n in PYODIDE_FILES)])
    packed = {rel: _pack(out, rel) for rel in PACKED}
    write(ENTRY, _with_unpack((SITE / "entry.js").read_text(encoding="utf-8")))
    fetched = {rel: f"{rel}.gz" if rel in packed else rel for rel in (*DOWNLOADS, *CLIENT_FILES)}
    config = {
        "worker": {"build": python, "app": "app.tar.gz", "dynlibs": dynlibs_of(archive), "lock": _lock_info(web)},
        "packed": sorted(packed),       # the page hands the worker this list with its own part
        "strings": boot_strings(),
        "downloads": {renderer: {fetched[rel]: (out / fetched[rel]).stat().st_size for rel in (*DOWNLOADS, *files)}
                      for renderer, files in RENDERERS.items()},
    }
    write("index.html", _index_html(web, out, base, config))
    write(HEADERS, _headers())

    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != HEADERS)
    # the service worker's list: each file as the site serves it to the app, a packed one unpacked
    hashes = {rel: content_hash((out / rel).read_bytes()) for rel in files
              if rel.removesuffix(".gz") not in packed} | packed
    version = _digest((rel, (out / rel).read_bytes()) for rel in files)
    write("sw.js", _service_worker(version, hashes, sorted(packed)))
    write(MARKER, json.dumps({"version": version, "python": python, "pyodide": _pyodide_version(web),
                              "flet": installed_version("flet")}, indent=2, sort_keys=True))
    return Site(out=out, version=version, files=sorted([*files, *NOT_THE_APP]))


def cmd_build_web(args: argparse.Namespace) -> int:
    try:
        site = build_site(Path(args.out), base=args.base)
    except CompanionError as exc:
        sys.stderr.write(f"companion: {exc}\n")
        return 1
    print(f"companion: built the site in {site.out} ({site.size / 1e6:.1f} MB, {len(site.files)} files, "
          f"version {site.version}); serve the folder from any static HTTPS host")
    return 0


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    build = sub.add_parser("build", help="build companion for another platform")
    targets = build.add_subparsers(dest="target", required=True)
    web = targets.add_parser("web", help="the whole app as a static site that runs in the browser, offline")
    web.add_argument("-o", "--out", required=True, metavar="DIR", help="the folder to build the site in")
    web.add_argument("--base", default="/", metavar="PATH",
                     help="the path the site is served under (default /; e.g. /companion/ on a project page)")
    web.set_defaults(run=cmd_build_web)


__all__ = ["Site", "add_commands", "app_archive", "build_site", "cache_dir", "content_hash", "dynlibs_of",
           "fetch_wheels"]
