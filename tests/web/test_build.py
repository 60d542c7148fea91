"""The web build's parts that need no browser and no network: the page's settings, the
service worker's list, the manifest and icons, the app archive; and the store's commit
hook the browser build keeps its data with."""

from __future__ import annotations

import io
import json
import struct
import tarfile
import zipfile

import pytest

from companion.core.errors import StoreError
from companion.games.hotdog import forms
from companion.store import Store
from companion.web import build
from companion.web.icons import icon_png

PLAYERS = ["Anna", "Bernd", "Chris"]


def test_the_page_runs_python_in_the_browser_from_its_own_files():
    html = build._index_html(build._flet_web(), "/")
    assert "flet.pyodide = true;" in html
    # a URL the worker can import(), never the bare "pyodide/pyodide.mjs"
    assert 'flet.pyodideUrl = new URL("pyodide/pyodide.mjs", document.baseURI).href;' in html
    assert 'flet.canvasKitBaseUrl = "canvaskit/";' in html
    assert 'flet.routeUrlStrategy = "hash";' in html
    assert 'navigator.serviceWorker.register("sw.js")' in html
    assert "navigator.storage.persist()" in html
    assert "<title>companion</title>" in html and build.DESCRIPTION in html
    html = build._index_html(build._flet_web(), "/companion/")
    assert '<base href="/companion/">' in html


def test_flutter_registers_no_service_worker_of_its_own():
    js = build._bootstrap(build._flet_web())
    assert "serviceWorkerSettings: {" not in js        # the loader is never given one
    assert 'canvasKitVariant: "full"' in js


def test_python_starts_loading_with_the_page_not_after_flutter():
    page = build._python_js(build._flet_web())
    assert "let _early = new Worker(_workerUrl()" in page
    assert "app.worker = _early || new Worker(" in page
    worker = build._python_worker(build._flet_web())
    assert 'new URL("pyodide/pyodide.mjs", self.location.href)' in worker
    assert worker.index("self.pyodideLoading = (async") < worker.index("self.initPyodide = async")
    assert "self.pyodide = await self.pyodideLoading;" in worker


def test_the_service_worker_caches_every_file_under_its_version():
    sw = build._service_worker("abc123", ["index.html", "app.tar.gz", "sw.js", build.MARKER])
    assert 'const VERSION = "abc123";' in sw
    listed = json.loads(sw.split("const FILES = ", 1)[1].split(";", 1)[0])
    assert listed == ["./", "app.tar.gz", "index.html"]


def test_the_manifest_names_the_app_with_its_colours_and_icons():
    manifest = json.loads(build._manifest())
    assert manifest["name"] == manifest["short_name"] == "companion"
    assert manifest["theme_color"] == "#FF9800" and manifest["display"] == "standalone"
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes


def test_icons_are_png_of_their_size():
    data = icon_png(48)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", data[16:24]) == (48, 48)


def test_the_app_archive_holds_companion_its_dependencies_and_a_pillow_stand_in(tmp_path):
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("demo/__init__.py", "X = 1\n")
        zf.writestr("demo/tests/test_x.py", "")
        zf.writestr("demo-1.0.dist-info/METADATA", "Name: demo\n")
        zf.writestr("demo-1.0.dist-info/RECORD", "")
    with tarfile.open(fileobj=io.BytesIO(build.app_archive([wheel]))) as tar:
        names = set(tar.getnames())
    assert {"main.py", "companion/web/browser.py", "companion/assets/fonts/coverage.json",
            "companion/locale/de/LC_MESSAGES/companion.po", "companion/games/hotdog/locale/de/LC_MESSAGES/hotdog.po",
            "__pypackages__/demo/__init__.py", "__pypackages__/demo-1.0.dist-info/METADATA",
            "__pypackages__/PIL/Image.py"} <= names
    assert not any(n.endswith(".ttf") for n in names)        # fetched from the site when printing
    assert "BUILD" in names                                  # compiled modules are kept per build
    assert "__pypackages__/demo/tests/test_x.py" not in names
    assert "__pypackages__/demo-1.0.dist-info/RECORD" not in names


def test_only_the_locale_data_of_the_apps_languages_goes_to_the_browser():
    assert build._needed("babel/locale-data/de.dat") and build._needed("babel/locale-data/root.dat")
    assert build._needed("babel/global.dat") and build._needed("babel/numbers.py")
    assert not build._needed("babel/locale-data/fr.dat")


def test_a_folder_that_is_not_a_site_is_never_replaced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(Exception, match="not a companion site"):
        build.build_site(tmp_path, say=lambda line: None)
    assert (tmp_path / "notes.txt").read_text() == "mine"


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
    store.create_match("hotdog", PLAYERS, forms.new_record(PLAYERS, "Anna"))
    assert calls == [1]                       # it sees the committed match


def test_after_commit_is_not_called_for_a_refused_change(hooked):
    store, calls = hooked
    with pytest.raises(RuntimeError):
        with store.transaction() as c:
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
