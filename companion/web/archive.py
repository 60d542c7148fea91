"""What Python runs in the browser build (:mod:`companion.web.build`): ``app.tar.gz``,
companion's own code with its catalogs and files and every dependency's wheel for
Pyodide's platform (fetched once into a cache folder: a second build needs no network),
without what a browser never loads; ``print.tar.gz``, what only printing needs
(ReportLab and what it imports), which a start does not download
(:data:`companion.web.browser.PRINT_MODULES`); and Pyodide's standard library without
the parts no page imports. All are reproducible: the same sources and wheels give the
same bytes."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import pickle
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from importlib import metadata
from pathlib import Path

from companion.core.errors import CompanionError
from companion.core.i18n import LANGUAGES, compile_catalog
from companion.web.browser import NOT_HERE, PRINT_MODULES

#: Pyodide's platform: the wheels of compiled packages must be built for it.
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"

#: What the app imports in the browser, at the versions installed here (pydantic-core
#: must be exactly the one pydantic was released with, and so on). Not segno: the QR
#: code of a hosted table, which the browser build has not (``companion.net``).
PACKAGES = ("flet", "repath", "six", "msgpack", "pydantic", "pydantic-core", "annotated-types",
            "typing-extensions", "typing-inspection", "reportlab", "charset-normalizer",
            "platformdirs", "babel")

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

APP_MAIN = '''"""Started by companion's Python worker in the browser."""
from companion.web.browser import run

run()
'''


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


def fetch_wheels(cache: Path, say: Callable[[str], object] = print) -> list[Path]:
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


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = 0
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _skip(path: Path) -> bool:
    return "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo")


@contextlib.contextmanager
def _packing() -> Iterator[tuple[io.BytesIO, Callable[[str, bytes], None]]]:
    buf = io.BytesIO()
    with (gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0, filename="") as packed,
          tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as tar):
        yield buf, lambda name, data: _add_bytes(tar, name, data)


def _for_printing(name: str) -> bool:
    """Whether a wheel's file belongs to :data:`PRINT_MODULES` (its package or its
    ``<name>-<version>.dist-info``)."""
    return name.split("/", 1)[0].split("-", 1)[0] in PRINT_MODULES


def metadata_headers(data: bytes) -> bytes:
    """A wheel's ``METADATA`` without its body, the package's long description (pydantic's
    is 144 KB): its headers are what Python reads of it (``importlib.metadata``: the name,
    the version, the entry points' distribution)."""
    return data.split(b"\n\n", 1)[0].rstrip(b"\n") + b"\n"


def _wheel_files(wheels: list[Path], printing: bool) -> Iterator[tuple[str, bytes]]:
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for name in sorted(zf.namelist()):
                if _needed(name) and _for_printing(name) == printing:
                    data = zf.read(name)
                    if name.endswith("/METADATA"):
                        data = metadata_headers(data)
                    elif name == BABEL_GLOBAL:
                        data = babel_global(data)
                    yield f"__pypackages__/{name}", data


def app_archive(wheels: list[Path], *, main: str = APP_MAIN, companion: bool = True) -> bytes:
    """``app.tar.gz`` (ustar, what the worker's reader reads): ``main.py``, companion
    (without its font files: see :func:`build_site`) and every dependency in
    ``__pypackages__`` but what only printing needs (:func:`print_archive`).
    Reproducible: sorted, no dates, none in the gzip header either. ``companion=False``
    and another ``main``: another Flet app on the same wheels (a benchmark's baseline,
    ``bench/web.py``)."""
    files = [("main.py", main.encode())]
    if companion:
        _add_companion(lambda name, data: files.append((name, data)))
    files += _wheel_files(wheels, printing=False)
    named = icons_named(data.decode("utf-8", "replace") for name, data in files if name.endswith(".py"))
    with _packing() as (buf, add):
        for name, data in files:
            add(name, icons_json(data, named) if name == f"__pypackages__/{ICONS}" else data)
    return buf.getvalue()


#: Flet's table of Material icons, by name (``ft.Icons.ADD``), read when a name is first
#: asked for: 8,800 names, of which the app and Flet's own code name some seventy.
ICONS = "flet/controls/material/icons.json"


def icons_named(texts: Iterable[str]) -> frozenset[str]:
    """The icons the code names (``Icons.NAME``): the app and Flet name each one so, never by a
    name made at run time (tests/web/test_build.py checks it)."""
    return frozenset(name for text in texts for name in re.findall(r"\bIcons\.([A-Z][A-Z0-9_]*)\b", text))


def icons_json(data: bytes, named: frozenset[str]) -> bytes:
    """Flet's table of icons with the ones ``named`` only (:data:`ICONS`)."""
    table = json.loads(data)
    return json.dumps({name: value for name, value in table.items() if name in named},
                      separators=(",", ":")).encode()


def print_archive(wheels: list[Path]) -> bytes:
    """``print.tar.gz``: :data:`PRINT_MODULES` from the wheels, and the Pillow stand-in,
    in ``__pypackages__``; unpacked beside the app's files the first time printing imports
    one of them (:class:`companion.web.browser.PrintModules`). Python code only: a binary
    extension is loaded by the worker before Python starts, and this archive comes later
    (charset-normalizer's compiled parts have their Python source beside them, which
    Python then imports)."""
    with _packing() as (buf, add):
        for name, data in _wheel_files(wheels, printing=True):
            if not name.endswith(".so"):
                add(name, data)
        add("__pypackages__/PIL/__init__.py", PIL_STANDIN.encode())
        add("__pypackages__/PIL/Image.py", PIL_IMAGE_STANDIN.encode())
    return buf.getvalue()


def dynlibs_of(archive: bytes) -> list[str]:
    """The binary extensions in an app archive, in the order the worker loads them
    before the interpreter starts (sorted: the same at every start)."""
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        return sorted(name for name in tar.getnames() if name.endswith(".so"))


#: Parts of the dependencies a browser never loads: ReportLab's own Type 1 fonts (companion
#: embeds its TrueType fonts), its charts, barcodes and samples (companion draws none),
#: pydantic's version 1 and its mypy plugin, Flet's server, test and desktop helpers.
UNUSED = ("reportlab/fonts/", "reportlab/graphics/charts/", "reportlab/graphics/barcode/",
          "reportlab/graphics/samples/", "pydantic/v1/", "pydantic/mypy.py", "flet/testing/", "flet/fastapi/",
          "flet/pytest_plugin.py", "flet/cli.py")
#: Modules of the dependencies that no file the browser has names (as
#: :data:`STDLIB_UNNAMED`; tests/web/test_build.py checks each): Babel's catalogs, command
#: line and message extraction (the browser's catalogs come compiled, and only
#: ``companion.core.i18n.compile_catalog`` reads a ``.po``, of which there is none here),
#: its units, lists and languages by territory.
UNNAMED = ("babel/messages/", "babel/units.py", "babel/lists.py", "babel/languages.py")


#: Babel's locale data the app reads: its languages and the root they inherit from (the
#: other thousand locales are 30 MB).
BABEL_LOCALES = tuple(f"babel/locale-data/{code}.dat" for code in ("root", *LANGUAGES))


BABEL_GLOBAL = "babel/global.dat"
#: Babel's tables (in ``global.dat``) that only functions the app never calls read, each
#: emptied (its key kept): the languages spoken in each territory (``babel.languages``,
#: which nothing imports), the currencies of each territory
#: (``babel.numbers.get_territory_currencies``), and the time zones' names, territories and
#: aliases (``babel.dates``' zone names, written only for a pattern's zone field: the
#: app's patterns have none, see tests/web/test_babel_data.py; Windows' zone names).
BABEL_UNREAD = ("territory_languages", "territory_currencies", "meta_zones", "zone_territories", "territory_zones",
                "zone_aliases", "windows_zone_mapping")


def babel_global(data: bytes) -> bytes:
    """Babel's ``global.dat`` for a browser that has the locale data of :data:`LANGUAGES` only
    (:data:`BABEL_LOCALES`): the tables in :data:`BABEL_UNREAD` emptied, and of the tables
    ``babel.Locale.parse`` reads for an identifier without locale data of its own
    ("und", "en_Latn"), only the entries that can still lead to a locale here, so that every
    identifier parses as with the whole file (tests/web/test_babel_data.py). Its
    likely subtags lead to a locale only through one whose language is one of these (a
    likely subtag names a territory, and none of theirs is here: the parse goes on with
    its language and the identifier's territory); a territory's alias, only where it
    means none ("ZZ"): any other territory finds no locale data here either way."""
    tables = pickle.loads(data)     # Babel's own file, from its wheel
    tables.update({key: {} for key in BABEL_UNREAD})
    tables["likely_subtags"] = {k: v for k, v in tables["likely_subtags"].items() if v.split("_")[0] in LANGUAGES}
    tables["territory_aliases"] = {k: v for k, v in tables["territory_aliases"].items() if v[:1] == ["ZZ"]}
    return pickle.dumps(tables, protocol=4)


def _needed(name: str) -> bool:
    if name.startswith("babel/locale-data/"):
        return name in BABEL_LOCALES
    if name.endswith("/") or "/tests/" in f"/{name}" or name.endswith((".pyi", ".pyc", "py.typed")):
        return False
    if ".dist-info/" in name:
        return name.endswith(("METADATA", "top_level.txt", "entry_points.txt"))
    return not name.startswith((*UNUSED, *UNNAMED))


#: The standard library's parts no page imports (the debugger, tests, the REPL, help, other
#: processes, mail and servers): taken out of Pyodide's ``python_stdlib.zip``.
STDLIB_UNUSED = ("_pyrepl/", "pdb.py", "doctest.py", "pydoc.py", "unittest/", "multiprocessing/", "xmlrpc/",
                 "wsgiref/", "imaplib.py", "smtplib.py", "poplib.py", "ftplib.py", "mailbox.py", "pickletools.py",
                 "tabnanny.py", "turtle.py", "this.py", "antigravity.py")


#: The single-byte codecs of other alphabets' old code pages (DOS, Windows, ISO, Mac, KOI8…):
#: what the app, its packages and the printables encode and decode is UTF-8, ASCII, Latin-1,
#: UTF-16 and ReportLab's own codecs (a quarter of a megabyte of a first visit's download).
#: Kept: the ones a zip file's names (cp437) or Windows text (cp1252) may still need, and
#: the CJK codecs' thin modules.
STDLIB_CODECS_UNUSED = re.compile(r"encodings/(?!(?:cp437|cp1252|cp932|cp949|cp950|iso8859_1|iso8859_15)\.py)"
                                  r"(?:cp\d+|iso8859_\d+|mac_[a-z0-9]+|koi8_[a-z]|kz1048|ptcp154|hp_roman8|tis_620|"
                                  r"palmos)\.py")


#: More of the standard library that no file the browser has names, in an import or as a
#: module's name in quotes (an ``import_module``, a lazy import's table): not the app,
#: its packages, the printables' modules, the rest of the standard library, Pyodide's own
#: Python or the worker's script (tests/web/test_build.py checks each against all of
#: them), so nothing can import it: the profilers and the debugger's base, logging's
#: configuration files and handlers, the modules' command lines (``__main__``), the
#: frozen imports' test modules, file comparisons, terminals and such.
STDLIB_UNNAMED = ("_pyio.py", "logging/config.py", "logging/handlers.py", "bdb.py", "cProfile.py",
                  "modulefinder.py", "wave.py", "compileall.py", "filecmp.py", "timeit.py", "fileinput.py",
                  "symtable.py", "pyclbr.py", "zipapp.py", "graphlib.py", "shelve.py", "getpass.py", "sched.py",
                  "netrc.py", "pty.py", "tty.py", "json/tool.py", "json/__main__.py",
                  "asyncio/tools.py", "asyncio/__main__.py", "sysconfig/__main__.py", "sqlite3/__main__.py",
                  "zipfile/__main__.py", "__hello__.py", "__phello__/", "importlib/simple.py",
                  "importlib/resources/simple.py", "importlib/metadata/diagnose.py", "tomllib/")


def stdlib_needed(name: str) -> bool:
    """Whether a file of Pyodide's standard library goes to the browser (see
    :data:`STDLIB_UNUSED`, :data:`STDLIB_UNNAMED`, :data:`STDLIB_CODECS_UNUSED`)."""
    return (not name.startswith(STDLIB_UNUSED) and not name.startswith(STDLIB_UNNAMED)
            and not STDLIB_CODECS_UNUSED.fullmatch(name))


def stdlib_zip(web: Path) -> bytes:
    """Pyodide's standard library but what a page never needs (:func:`stdlib_needed`), each
    entry as it was (its date included: the same bytes at every build), compressed at
    zlib's best level (Pyodide's is its default)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(web / "pyodide" / "python_stdlib.zip") as zin, zipfile.ZipFile(buf, "w") as zout:
        for info in zin.infolist():
            if stdlib_needed(info.filename):
                zout.writestr(info, zin.read(info), compress_type=info.compress_type, compresslevel=9)
    return buf.getvalue()


def _as_path(module: str) -> str:
    """``module``'s place in the archive: a package's folder, or a module's file."""
    import companion

    rel = module.replace(".", "/")
    return f"{rel}/" if (Path(companion.__file__).parent.parent / rel).is_dir() else f"{rel}.py"


#: companion's files the browser never runs: the modules of
#: :data:`companion.web.browser.NOT_HERE` (the command line, the builder, the developers'
#: tools, the server and the phones' screens), written once there, and the site's own scripts.
NOT_IN_BROWSER = (*(_as_path(m) for m in NOT_HERE), "companion/web/site/")


def _add_companion(add: Callable[[str, bytes], None]) -> None:
    import companion
    from companion.core.paths import ASSETS

    root = Path(companion.__file__).parent
    for path in sorted(root.rglob("*")):
        rel = f"companion/{path.relative_to(root).as_posix()}"
        if path.is_file() and not _skip(path) and path.suffix in (".py", ".po") and not rel.startswith(NOT_IN_BROWSER):
            if path.suffix == ".po":        # the catalogs, compiled: <folder>/<code>/LC_MESSAGES/<name>.po
                add(rel.removesuffix(".po") + ".mo", compile_catalog(path, path.parents[1].name, path.stem)[0])
            else:
                add(rel, path.read_bytes())
    for path in sorted(ASSETS.rglob("*")):
        if path.is_file() and not _skip(path) and path.suffix != ".ttf":
            add(f"companion/assets/{path.relative_to(ASSETS).as_posix()}", path.read_bytes())
