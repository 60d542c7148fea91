"""The web build's parts that need no browser: the built folder (the test process's one
build, ``tests/web/conftest.py``) — its page, service worker, manifest, icons, font
manifest and app archive —, a second build byte for byte, and the store's commit hook
the browser build keeps its data with. The page's and workers' scripts are checked by
node where it is installed (syntax only: they run in tests/web/test_in_browser.py)."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import struct
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

from companion.core.errors import StoreError
from companion.core.icons import icon_png
from companion.games.hotdog import setup_form
from companion.store import Store
from companion.web import archive, build
from tests.web.site import served, sw_value, unpacked_name

PLAYERS = ["Anna", "Bernd", "Chris"]


def page_config(site) -> dict:
    html = (site / "index.html").read_text()
    return json.loads(re.search(r"const config = (\{.*?\});\n", html).group(1))


def test_the_page_runs_python_in_the_browser_from_its_own_files(site):
    html = (site / "index.html").read_text()
    # Flet's own settings for such a page (flet_web.patch_index)
    for line in ("flet.pyodide = true;", 'flet.pythonModuleName = "main";', 'flet.appPackageUrl = "app.tar.gz";',
                 'flet.canvasKitBaseUrl="/canvaskit/";', 'flet.fontFallbackBaseUrl="assets/fonts/";',
                 "flet.noCdn=true;", 'flet.webRenderer="auto";', 'flet.routeUrlStrategy="hash";'):
        assert line in html
    assert "<title>companion</title>" in html and build.DESCRIPTION in html
    # companion's page script before Flet's python.js, its first screen instead of Flet's picture
    assert html.index("window.companion = {") < html.index('<script src="python.js"></script>')
    assert '<div id="boot"' in html and '<div id="loading"' not in html
    assert html.index('<div id="boot"') < html.index('<script src="flutter_bootstrap.js"')
    assert 'navigator.serviceWorker.register(`sw.js?renderer=${renderer}`)' in html
    assert "navigator.storage.persist()" in html
    assert "__CONFIG__" not in html


def test_the_site_is_served_under_another_path_too(tmp_path, site):
    out = tmp_path / "under"
    build.build_site(out, base="/companion/", say=lambda line: None)
    html = (out / "index.html").read_text()
    assert '<base href="/companion/">' in html and 'flet.canvasKitBaseUrl="/companion/canvaskit/";' in html


def test_the_page_knows_each_language_s_words_for_its_first_screen(site):
    strings = page_config(site)["strings"]
    assert set(strings) == {"en", "de"}
    assert strings["en"]["take_over"] == "Use it here"
    assert strings["de"]["take_over"] != strings["en"]["take_over"]
    assert set(strings["de"]) == set(strings["en"])


def test_flutter_registers_no_service_worker_of_its_own():
    js = build._bootstrap(build._flet_web())
    assert "serviceWorkerSettings: {" not in js        # the loader is never given one
    assert 'canvasKitVariant: "full"' in js


def test_python_starts_with_the_page_in_companion_s_worker(site):
    page = (site / "python.js").read_text()
    assert "app.worker = window.companion.takeWorker();" in page
    assert "new Worker(" not in page
    worker = (site / "python-worker.js").read_text()
    assert "_loadSnapshot" in worker and "makeMemorySnapshot" in worker


def test_the_animation_library_is_never_asked_of_a_cdn(site):
    client = served(site, "main.dart.js").decode()
    assert "cdn.jsdelivr.net" not in client
    assert build.RIVE_NONE in client
    wasm = served(site, "main.dart.wasm")       # the same string, of the same length
    assert b"cdn.jsdelivr.net" not in wasm and build.RIVE_NONE_WASM in wasm
    assert len(wasm) == len((build._flet_web() / "main.dart.wasm").read_bytes())


def test_both_renderers_ship_and_the_service_worker_downloads_the_one_the_page_uses(site):
    files, _later = service_worker_lists(site)
    for renderer in build.RENDERERS.values():
        assert set(renderer) <= set(files)
    sw = (site / "sw.js").read_text()
    assert sw_value(site, "RENDERERS") == {name: list(paths) for name, paths in build.RENDERERS.items()}
    assert 'searchParams.get("renderer")' in sw
    downloads = page_config(site)["downloads"]
    assert set(downloads) == set(build.RENDERERS)
    # the files a first visit fetches, as the site keeps them (packed: their .gz), with their sizes
    assert "main.dart.wasm.gz" in downloads["skwasm"] and not [f for f in downloads["skwasm"] if "main.dart.js" in f]
    assert "canvaskit/canvaskit.wasm.gz" in downloads["canvaskit"] and "app.tar.gz" in downloads["canvaskit"]
    for renderer in downloads.values():
        for path, size in renderer.items():
            assert (site / path).stat().st_size == size, path


def test_the_font_manifest_keeps_flet_s_roboto_and_drops_unused_fonts(site):
    families = json.loads((site / "assets" / "FontManifest.json").read_text())
    assert {"family": "Roboto", "fonts": [{"asset": "fonts/roboto.woff2"}]} in families
    assert (site / "assets" / "fonts" / "roboto.woff2").is_file()
    assert not any("flutter_math_fork" in font["asset"] for f in families for font in f["fonts"])
    for family in families:
        for font in family["fonts"]:
            assert (site / "assets" / font["asset"]).is_file(), font


def service_worker_lists(site) -> tuple[dict[str, str], dict[str, str]]:
    return sw_value(site, "FILES"), sw_value(site, "LATER")


def test_the_service_worker_keys_every_file_by_its_content(site):
    files, later = service_worker_lists(site)
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    listed = {"index.html" if f == "./" else f for f in (*files, *later)}
    # a packed file is listed under its own name (kept as its .gz), unpacked
    assert listed == {unpacked_name(p) for p in on_disk} - set(build.NOT_THE_APP)
    for path, digest in {**files, **later}.items():
        data = served(site, "index.html" if path == "./" else path)
        assert hashlib.sha256(data).hexdigest().startswith(digest), path


def test_a_host_that_reads_a_headers_file_isolates_every_page_as_the_service_worker_does(site):
    """Netlify's and Cloudflare Pages' ``_headers``: the first visit's page cross-origin
    isolated too (the service worker isolates the pages it serves: the second start on)."""
    lines = [line for line in (site / build.HEADERS).read_text().splitlines() if not line.startswith("#")]
    assert lines == ["/*", "  Cross-Origin-Opener-Policy: same-origin", "  Cross-Origin-Embedder-Policy: require-corp"]
    assert sw_value(site, "ISOLATION") == build.ISOLATION


def test_the_biggest_files_are_kept_gzipped_and_the_folder_is_at_most_30_mb(site):
    """The folder holds each packed file only as its .gz (level 9, no date), the client's
    code's address a loader that unpacks it; the page, the Python worker and the service
    worker unpack what they fetch (site/unpack.js, put into each)."""
    assert set(build.PACKED) >= {"pyodide/pyodide.asm.wasm", "main.dart.wasm", "main.dart.js",
                                 "canvaskit/canvaskit.wasm", "canvaskit/skwasm.wasm"}
    for rel in build.PACKED:
        data = (site / f"{rel}.gz").read_bytes()
        assert data[:2] == b"\x1f\x8b" and data[4:8] == b"\0\0\0\0", rel       # gzip, no MTIME
        assert len(data) < 0.6 * len(served(site, rel)), rel
        assert not (site / rel).exists() or rel == build.ENTRY, rel
    entry = (site / build.ENTRY).read_text()
    assert len(entry) < 8000 and "main.dart.js.gz" in entry and "function unpackedResponse" in entry
    for script in ("python-worker.js", "sw.js", "index.html"):
        text = (site / script).read_text()
        assert text.count("function unpackedResponse") == 1 and build.UNPACK not in text, script
    assert page_config(site)["packed"] == sorted(build.PACKED)
    assert "packed" not in page_config(site)["worker"]     # the page hands the worker the one list
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size <= 30e6, size


def test_fonts_a_start_does_not_need_and_the_licence_text_are_not_downloaded_at_install(site):
    files, later = service_worker_lists(site)
    assert set(later) == set(build.LATER)
    assert "fonts/DejaVuSans.ttf" in files
    assert "fonts/DroidSansFallbackFull.ttf" not in files and "assets/NOTICES" not in files


def test_a_start_downloads_no_font_the_screens_do_not_draw_in(site):
    from companion.core.font_files import FONTS

    files, later = service_worker_lists(site)
    fonts = {p.relative_to(site).as_posix() for p in (site / "fonts").iterdir()}
    screens = set(FONTS.values()) - set(later)            # the CJK ones: once a CJK name is drawn
    assert {f for f in fonts if f in files} == screens == {"fonts/DejaVuSans.ttf"}
    assert fonts - screens <= set(later)                  # the printables' own faces among them
    assert set(build.PRINT_FONTS) <= fonts - set(FONTS.values())


def test_the_marker_records_the_build_and_its_runtime(site):
    marker = json.loads((site / build.MARKER).read_text())
    package = json.loads((build._flet_web() / "pyodide" / "package.json").read_text())
    assert marker["pyodide"] == package["version"] and marker["pyodide"]
    assert marker["flet"] == archive.installed_version("flet")
    assert marker["python"] == page_config(site)["worker"]["build"]
    files, _later = service_worker_lists(site)
    assert f'const BUILD = "{marker["version"]}";' in (site / "sw.js").read_text()


def test_a_rebuild_with_no_change_gives_the_same_bytes(site, tmp_path):
    again = tmp_path / "again"
    build.build_site(again, say=lambda line: None)
    first = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    second = {p.relative_to(again).as_posix(): p.read_bytes() for p in again.rglob("*") if p.is_file()}
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


def test_the_app_archive_has_no_date_in_it(site):
    data = (site / "app.tar.gz").read_bytes()
    assert data[4:8] == b"\0\0\0\0"                  # gzip's MTIME
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        assert {m.mtime for m in tar.getmembers()} == {0}
        assert tar.getmembers()[0].name == "main.py"


def test_the_manifest_names_the_app_with_its_colours_and_icons(site):
    manifest = json.loads((site / "manifest.json").read_text())
    assert manifest["name"] == manifest["short_name"] == "companion"
    assert manifest["theme_color"] == "#FF9800" and manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()


def test_icons_are_png_of_their_size():
    data = icon_png(48)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", data[16:24]) == (48, 48)


def test_the_app_archive_holds_companion_and_its_dependencies(tmp_path):
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("demo/__init__.py", "X = 1\n")
        zf.writestr("demo/_fast.cpython-314-wasm32-emscripten.so", b"\0asm")
        zf.writestr("demo/tests/test_x.py", "")
        zf.writestr("demo-1.0.dist-info/METADATA", "Metadata-Version: 2.4\nName: demo\nVersion: 1.0\n\n# demo\nLong.\n")
        zf.writestr("demo-1.0.dist-info/RECORD", "")
    packed = archive.app_archive([wheel])
    with tarfile.open(fileobj=io.BytesIO(packed)) as tar:
        names = set(tar.getnames())
        assert tar.getmembers()[0].name == "main.py"
        # the headers Python reads, without the long description
        metadata = tar.extractfile("__pypackages__/demo-1.0.dist-info/METADATA").read()
        assert metadata == b"Metadata-Version: 2.4\nName: demo\nVersion: 1.0\n"
    assert {"main.py", "companion/web/browser.py", "companion/assets/fonts/coverage.json",
            "companion/locale/de/LC_MESSAGES/companion.mo", "companion/games/hotdog/locale/de/LC_MESSAGES/hotdog.mo",
            "__pypackages__/demo/__init__.py", "__pypackages__/demo-1.0.dist-info/METADATA"} <= names
    assert not any(n.endswith(".ttf") for n in names)        # fetched from the site when printing
    assert not {"companion/web/build.py", "companion/web/archive.py", "companion/cli.py", "companion/ui/phone.py",
                "companion/net/hub.py", "__pypackages__/PIL/Image.py"} & names
    assert "__pypackages__/demo/tests/test_x.py" not in names
    assert "__pypackages__/demo-1.0.dist-info/RECORD" not in names
    assert archive.dynlibs_of(packed) == ["__pypackages__/demo/_fast.cpython-314-wasm32-emscripten.so"]


def test_the_worker_loads_the_archive_s_binary_extensions_in_a_fixed_order(site):
    paths = page_config(site)["worker"]["dynlibs"]
    assert paths == sorted(paths) and any("pydantic_core" in p for p in paths)
    assert paths == archive.dynlibs_of((site / "app.tar.gz").read_bytes())


def test_only_the_locale_data_of_the_apps_languages_goes_to_the_browser():
    assert archive._needed("babel/locale-data/de.dat") and archive._needed("babel/locale-data/root.dat")
    assert archive._needed("babel/global.dat") and archive._needed("babel/numbers.py")
    assert not archive._needed("babel/locale-data/fr.dat")


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(Exception, match="not a companion site"):
        build.build_site(tmp_path, say=lambda line: None)
    assert (tmp_path / "notes.txt").read_text() == "mine"


@pytest.mark.skipif(shutil.which("node") is None, reason="node checks the scripts' syntax")
def test_the_scripts_are_valid_javascript(site, tmp_path):
    html = (site / "index.html").read_text()
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    assert len(scripts) >= 3
    paths = []
    for i, body in enumerate(scripts):
        paths.append(tmp_path / f"inline-{i}.js")
        paths[-1].write_text(body)
    for path in [*paths, site / "sw.js", site / "python.js", site / build.ENTRY]:
        done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, f"{path.name}: {done.stderr}"
    worker = tmp_path / "worker.mjs"                   # a module worker
    worker.write_text((site / "python-worker.js").read_text())
    done = subprocess.run(["node", "--check", str(worker)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_archive_is_ustar_the_worker_s_reader_reads(site):
    with gzip.open(site / "app.tar.gz") as fh:
        data = fh.read()
    at = 0
    while data[at] != 0:
        head = data[at:at + 512]
        assert head[257:263] == b"ustar\0"
        size = int(head[124:136].rstrip(b"\0 ") or b"0", 8)
        assert head[156:157] in (b"0", b"\0")             # regular files only: no pax headers
        at += 512 + (size + 511) // 512 * 512


@pytest.fixture
def hooked(monkeypatch, tmp_path):
    calls: list[int] = []
    store = Store(tmp_path / "db.sqlite3")

    def after(s: Store) -> None:
        with s.reading() as c:
            calls.append(c.execute("SELECT count(*) FROM matches").fetchone()[0])

    monkeypatch.setattr(Store, "after_commit", after)
    yield store, calls
    store.close()


def test_after_commit_runs_once_the_change_is_committed(hooked):
    store, calls = hooked
    store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    assert calls == [1]                       # it sees the committed match


def test_after_commit_is_not_called_for_a_refused_change(hooked):
    store, calls = hooked
    with pytest.raises(RuntimeError), store.transaction() as c:
        c.execute("INSERT INTO settings (key, value) VALUES ('x', 'y')")
        raise RuntimeError("refused")
    assert calls == []


def test_a_failing_after_commit_reaches_the_caller(monkeypatch, tmp_path):
    store = Store(tmp_path / "db.sqlite3")

    def fails(s: Store) -> None:
        raise StoreError("the browser did not keep it")

    monkeypatch.setattr(Store, "after_commit", fails)
    with pytest.raises(StoreError, match="did not keep it"):
        store.set_setting("theme", "dark")
    store.close()


def test_the_standard_library_ships_without_what_no_page_imports(site):
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
    with zipfile.ZipFile(build._flet_web() / "pyodide" / "python_stdlib.zip") as zf:
        shipped = set(zf.namelist())
    assert not [n for n in names if n.startswith(archive.STDLIB_UNUSED)]
    assert {"pdb.py", "unittest/__init__.py", "encodings/cp1251.py", "encodings/mac_roman.py",
            "encodings/koi8_r.py", "encodings/iso8859_5.py"} <= shipped - names
    assert {n for n in shipped if archive.stdlib_needed(n)} == names
    assert {"asyncio/__init__.py", "email/__init__.py", "sqlite3/__init__.py"} <= names
    # what the app, its packages and the printables encode and decode with
    assert {f"encodings/{codec}.py" for codec in ("__init__", "aliases", "utf_8", "utf_8_sig", "ascii", "latin_1",
                                                  "utf_16_be", "utf_16_le", "unicode_escape", "idna", "cp437",
                                                  "cp1252", "iso8859_15", "shift_jis", "gb2312")} <= names


def test_printings_files_are_kept_after_the_start_not_downloaded_with_it(site):
    """Printing's modules and faces are not in a first start's download, but the service
    worker is told to keep them once the app is up (the page's "after-start"), so a phone
    that visited once prints offline (tests/web/test_web_site.py prints only offline)."""
    files, later = service_worker_lists(site)
    sw = (site / "sw.js").read_text()
    after = sw_value(site, "AFTER_START")
    assert after == list(build.AFTER_START) and "print.tar.gz" in after
    assert set(after) <= set(later) and not set(after) & set(files)
    assert 'event.data === "after-start"' in sw
    assert 'postMessage("after-start")' in (site / "index.html").read_text()


def _python_texts(site) -> dict[str, str]:
    """Every Python file the site's browser can run, by its path (the standard library's
    as in its zip), and the worker's and page's scripts (they run Python lines)."""
    texts = {}
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as zf:
        for name in zf.namelist():
            if name.endswith(".py"):
                texts[name] = zf.read(name).decode("utf-8", "replace")
    for packed in ("app.tar.gz", "print.tar.gz"):
        with tarfile.open(site / packed) as tar:
            for member in tar.getmembers():
                if member.name.endswith(".py"):
                    texts[f"{packed}/{member.name}"] = tar.extractfile(member).read().decode("utf-8", "replace")
    for script in ("python-worker.js", "python.js", "index.html"):
        texts[script] = (site / script).read_text()
    return texts


def _naming(module: str) -> re.Pattern[str]:
    """An import of ``module`` (or of a module in it), or its name in quotes."""
    m = re.escape(module)
    parent, _, last = module.rpartition(".")
    alternatives = [rf"\bimport\s+(?:[\w.]+\s*,\s*)*{m}\b", rf"\bfrom\s+{m}(?:\.[\w.]+)?\s+import\b",
                    rf"['\"]{m}(?:\.\w+)*['\"]"]
    if parent:
        alternatives.append(rf"\bfrom\s+{re.escape(parent)}\s+import\s+(?:\([^)]*|[^\n]*)\b{re.escape(last)}\b")
    return re.compile("|".join(alternatives))


def _unnamed(texts: dict[str, str], paths: list[str]) -> None:
    """No text names a module of ``paths`` (as an import, relative within its package too)."""
    for path in paths:
        module = path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        parent, _, last = module.rpartition(".")
        naming = _naming(module)
        relative = re.compile(rf"\bfrom\s+\.+{re.escape(last)}\b|\bfrom\s+\.+\s+import\s+(?:\([^)]*|[^\n]*)"
                              rf"\b{re.escape(last)}\b")
        for name, text in texts.items():
            if last not in text:
                continue
            assert not naming.search(text), f"{name} names {module}, which the browser lacks"
            within = name.removeprefix("app.tar.gz/").removeprefix("print.tar.gz/").removeprefix("__pypackages__/")
            if parent and within.startswith(parent.replace(".", "/") + "/"):
                assert not relative.search(text), f"{name} imports {module}, which the browser lacks"


def test_the_standard_library_leaves_out_only_modules_nothing_in_the_browser_names(site):
    with zipfile.ZipFile(build._flet_web() / "pyodide" / "python_stdlib.zip") as zf:
        left_out = sorted(n for n in zf.namelist() if n.endswith(".py") and n.startswith(archive.STDLIB_UNNAMED))
    texts = _python_texts(site)
    assert not set(left_out) & set(texts) and len(left_out) > 30
    assert "runpy" in texts["python-worker.js"]        # the worker runs main.py with it: kept
    _unnamed(texts, left_out)


def test_the_app_archive_leaves_out_only_modules_nothing_in_the_browser_names(site):
    texts = _python_texts(site)
    wheel = next(w for w in archive.fetch_wheels(archive.cache_dir()) if w.name.startswith("babel-"))
    with zipfile.ZipFile(wheel) as zf:
        left_out = sorted(n for n in zf.namelist() if n.endswith(".py") and n.startswith(archive.UNNAMED))
    assert "babel/messages/pofile.py" in left_out and "babel/units.py" in left_out
    assert not {f"app.tar.gz/__pypackages__/{p}" for p in left_out} & set(texts)
    assert not [p for p in texts if p.startswith("app.tar.gz/companion/devtools/")]    # browser.NOT_HERE
    # Babel's catalog modules are named only where a .po is compiled, and the browser has none
    with tarfile.open(site / "app.tar.gz") as tar:
        names = tar.getnames()
    assert not [n for n in names if n.endswith(".po")]
    assert "companion/locale/de/LC_MESSAGES/companion.mo" in names
    i18n = texts.pop("app.tar.gz/companion/core/i18n.py")
    assert i18n.count("from babel.messages") == 3
    assert "from babel.messages" not in i18n.split("def compile_catalog(", 1)[0]
    assert "from babel.messages" not in i18n.split("def compile_catalog(", 1)[1].split("\ndef ", 1)[1]
    _unnamed(texts, left_out)


def test_the_icons_table_keeps_every_icon_the_code_names(site):
    import flet

    texts = _python_texts(site)
    with tarfile.open(site / "app.tar.gz") as tar:
        table = json.loads(tar.extractfile(f"__pypackages__/{archive.ICONS}").read())
    whole = json.loads((Path(flet.__file__).parent / archive.ICONS.removeprefix("flet/")).read_text())
    named = archive.icons_named(texts.values())
    assert table == {name: whole[name] for name in named if name in whole}
    assert len(table) > 40 and len(whole) > 2000
    companion = archive.icons_named(t for n, t in texts.items() if n.startswith("app.tar.gz/companion/"))
    assert companion <= set(table)
    # no code asks for an icon by a name made at run time (getattr, an index, a loop over them)
    dynamic = re.compile(r"getattr\(\s*(?:ft\.)?Icons\b|\bIcons\s*\[|\bin\s+(?:ft\.)?Icons\b|\bIcons\.random\(")
    assert not [name for name, text in texts.items()
                if dynamic.search(text) and not name.endswith("flet/controls/material/icons.py")]


UNPACKING = """
%s
const zlib = await import("node:zlib");
const text = "companion ".repeat(5000);
const gz = zlib.gzipSync(Buffer.from(text));
const body = (chunks) => new ReadableStream({
    start(c) { for (const x of chunks) c.enqueue(new Uint8Array(x)); c.close(); } });
const read = async (r) => [r.status, r.headers.get("content-type"), Buffer.from(await r.arrayBuffer()).toString()];
const out = {};
// the .gz as a host sends it, in pieces (the first one byte long)
const pieces = [gz.subarray(0, 1), gz.subarray(1, 9), gz.subarray(9)];
out.gzip = await read(await unpackedResponse(new Response(body(pieces)), "x/main.dart.wasm"));
// a host that decoded it on the way (Content-Encoding: gzip): passed on as it came
out.decoded = await read(await unpackedResponse(new Response(body([Buffer.from(text)])), "main.dart.js"));
out.missing = (await unpackedResponse(new Response("no", { status: 404 }), "main.dart.js")).status;
out.empty = await read(await unpackedResponse(new Response(body([])), "assets/NOTICES"));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the site's unpacking")
def test_a_packed_file_is_unpacked_as_it_arrives_and_one_a_host_decoded_is_taken_as_it_is(tmp_path):
    script = tmp_path / "unpack.mjs"
    script.write_text(UNPACKING % build._unpack_js())
    done = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    text = "companion " * 5000
    assert out["gzip"] == [200, "application/wasm", text]         # typed as the file: compiled as it streams
    assert out["decoded"] == [200, "text/javascript", text]
    assert out["missing"] == 404
    assert out["empty"] == [200, "text/plain; charset=utf-8", ""]
