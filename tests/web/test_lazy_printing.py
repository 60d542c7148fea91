"""What a first visit of the static site does not download: printing's modules (ReportLab
and what it imports, in ``print.tar.gz``, unpacked by Python the first time a printout
imports them: companion.web.browser.PrintModules) and the hub for phones joining a
host (companion.net: the browser build hosts no table, so it is not in the site at all).
No browser here: the archives are read, the finder is run on this machine's Python."""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from companion.core.errors import CompanionError
from companion.web import archive, browser, build
from tests.web.site import sw_value

ROOT = Path(__file__).resolve().parents[2]


def names_in(path: Path) -> set[str]:
    with tarfile.open(path) as tar:
        return set(tar.getnames())


def first_visit(site: Path) -> set[str]:
    return set(sw_value(site, "FILES"))


def test_a_first_visit_downloads_no_printing_and_no_hub(site):
    files = first_visit(site)
    assert "app.tar.gz" in files
    assert not {"print.tar.gz", *build.PRINT_FONTS} & files
    app = names_in(site / "app.tar.gz")
    top = {n.split("/")[1].split("-")[0] for n in app if n.startswith("__pypackages__/") and n.count("/") > 1}
    assert not top & set(browser.PRINT_MODULES)
    assert {"flet", "pydantic", "pydantic_core", "babel"} <= top and "segno" not in top
    assert not [n for n in app if n.startswith(("companion/net/", "companion/ui/phone.py"))]
    html = (site / "index.html").read_text()
    dynlibs = json.loads(html.split('"dynlibs": ', 1)[1].split("]", 1)[0] + "]")
    assert dynlibs and not [p for p in dynlibs if "charset_normalizer" in p]   # not loaded at every start


def test_the_print_archive_holds_what_printing_imports_in_python_only(site):
    printing = names_in(site / "print.tar.gz")
    assert {"__pypackages__/reportlab/__init__.py", "__pypackages__/reportlab/platypus/__init__.py",
            "__pypackages__/charset_normalizer/md.py", "__pypackages__/PIL/Image.py"} <= printing
    assert not [n for n in printing if n.endswith(".so")]     # the worker loads binaries before Python starts
    assert archive.dynlibs_of((site / "app.tar.gz").read_bytes()) == [
        n for n in sorted(names_in(site / "app.tar.gz")) if n.endswith(".so")]
    assert (site / "print.tar.gz").read_bytes()[4:8] == b"\0\0\0\0"      # no date in its gzip header


def test_a_printout_is_made_from_the_print_archive_alone(site, tmp_path):
    with tarfile.open(site / "print.tar.gz") as tar:
        tar.extractall(tmp_path, filter="data")
    packages = str(tmp_path / "__pypackages__")
    code = f"""
import sys
sys.path.insert(0, {packages!r})
from companion.pdf.api import build_rules_card, build_score_sheet
assert build_score_sheet("hotdog", players=["Anna", "Bernd", "Zoë"]).startswith(b"%PDF")
assert build_rules_card("sales").startswith(b"%PDF")
import charset_normalizer
assert charset_normalizer.detect("Zoë".encode())["encoding"]
for name in {browser.PRINT_MODULES!r}:
    assert sys.modules[name].__file__.startswith({packages!r}), name
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def demo_print_archive(tmp_path: Path) -> bytes:
    wheel = tmp_path / "reportlab-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("reportlab/__init__.py", "VERSION = 'demo'\n")
        zf.writestr("reportlab/_fast.cpython-314-wasm32-emscripten.so", b"\0asm")
        zf.writestr("reportlab-9.9.dist-info/METADATA", "Name: reportlab\n")
    return archive.print_archive([wheel])


def test_the_finder_fetches_printing_once_when_it_is_first_imported(tmp_path, monkeypatch):
    data = demo_print_archive(tmp_path)
    asked: list[str] = []
    finder = browser.PrintModules(fetch=lambda url: asked.append(url) or data, home=str(tmp_path / "home"))
    monkeypatch.syspath_prepend(str(tmp_path / "home" / "__pypackages__"))
    assert finder.find_spec("json") is None and asked == []            # not printing's: never fetched
    spec = finder.find_spec("reportlab")
    assert asked == [browser.PRINT_ARCHIVE]
    assert spec is not None and Path(spec.origin) == tmp_path / "home" / "__pypackages__" / "reportlab" / "__init__.py"
    assert (tmp_path / "home" / "__pypackages__" / "PIL" / "Image.py").is_file()
    assert not list((tmp_path / "home").rglob("*.so"))
    assert finder.find_spec("reportlab.lib") is None and asked == [browser.PRINT_ARCHIVE]   # once


def test_printing_offline_before_the_first_printout_says_why(tmp_path):
    def offline(url: str) -> bytes:
        raise OSError("HTTP 0 print.tar.gz")

    finder = browser.PrintModules(fetch=offline, home=str(tmp_path))
    with pytest.raises(CompanionError, match="printing needs one download the first time"):
        finder.find_spec("reportlab.platypus")
    assert not finder.unpacked


def test_the_archive_leaves_out_exactly_the_modules_the_browser_never_runs():
    as_modules = {p.removesuffix("/").removesuffix(".py").replace("/", ".") for p in archive.NOT_IN_BROWSER}
    assert as_modules - {"companion.web.site"} == set(browser.NOT_HERE)
    assert not [m for m in browser.browser_modules() if m.startswith(browser.NOT_HERE)]


def test_the_snapshot_imports_the_app_without_the_hub_or_printing():
    """What the worker's snapshot imports (browser.prepare), on this machine's Python with
    the hub, segno and printing's modules refused as the site lacks them: nothing fails
    but the modules that print, left out without a word."""
    code = f"""
import sys
refused = []
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {(*browser.PRINT_MODULES, "segno")!r} or name.startswith("companion.net"):
            refused.append(name)
            raise ModuleNotFoundError(name, name=name)
sys.meta_path.insert(0, Refuse())
from companion.web import browser
assert browser.prepare(everything=True) == [], "failed"
assert not [m for m in refused if not m.startswith(("reportlab", "PIL", "charset_normalizer"))], refused
assert "companion.ui.shell" in sys.modules and "companion.pdf.api" in sys.modules
assert not [m for m in sys.modules if m.startswith(("companion.net", "companion.ui.phone", "reportlab"))]
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "not in the snapshot" not in done.stderr


def test_the_snapshot_holds_every_flet_module_the_app_names():
    """Flet imports the module of a name (``ft.Theme``) when the name is first used: the
    snapshot (browser.prepare) has loaded every name companion's code uses, so a start
    from it imports none of them from source. Found here from the code's syntax tree,
    apart from the snapshot's own search."""
    code = """
import ast, sys
from pathlib import Path
from companion.web import browser
assert browser.prepare(everything=True) == [], "failed"
import flet
named = set()
for name in browser.browser_modules():
    tree = ast.parse(Path(sys.modules[name].__file__).read_text(encoding="utf-8"))
    named |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
              and isinstance(node.value, ast.Name) and node.value.id == "ft"}
lazy = {name: module for name, module in flet._LAZY.items() if name in named}
assert len(lazy) > 40 and "Theme" in lazy, sorted(lazy)
missing = sorted(module for module in lazy.values() if module not in sys.modules)
assert not missing, missing
assert "flet.app" in sys.modules and "flet.components.component" in sys.modules
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def test_the_screens_name_the_phones_address_without_importing_the_hub():
    from companion.net.serving import JOIN_PATH
    from companion.ui.contracts import Route
    from companion.ui.routes import address

    assert address(Route("join")) == JOIN_PATH


def test_a_printout_s_face_offline_before_the_first_printout_says_why(tmp_path, monkeypatch):
    from companion.pdf import fonts

    def offline(source: str):
        def fetch(url: str):
            raise OSError(f"HTTP 0 {url}")
        return fetch

    monkeypatch.setattr(fonts, "fetch_missing", fonts.fetch_missing)
    monkeypatch.setattr(browser, "_js", offline)
    browser.fetch_fonts_when_printing()
    with pytest.raises(CompanionError, match=r"printing needs one download .*fonts/DejaVuSans-Bold.ttf"):
        fonts.fetch_missing(tmp_path / "DejaVuSans-Bold.ttf")
