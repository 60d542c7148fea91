"""The site's Python as the browser runs it, without a browser: Pyodide under node, from
the built site's own files (its runtime, its trimmed standard library, the app archive
with its binary extensions loaded first as the worker loads them, the printing archive
fetched by the same finder). Every module the snapshot imports, each language's catalogs
and number forms, the exports and every printable in English and German: nothing the
site leaves out of Python (``companion.web.archive``) is missed there."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from tests.web.site import served, unpacked_name

if shutil.which("node") is None:   # CI installs node (.ci/run) and must not skip these
    if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
        raise RuntimeError("COMPANION_REQUIRE_BROWSER=1 but node is missing: Pyodide runs under node")
    pytestmark = pytest.mark.skip(reason="Pyodide runs under node")

ROOT = Path(__file__).resolve().parents[2]

#: Node: Pyodide from ``argv[2]`` (the site), the app archive's files (unpacked by the test into
#: ``argv[5]``) written into its file system and its binary extensions loaded (the worker's
#: order), the fonts and the examples given, then the Python script ``argv[3]`` run.
RUNNER = r"""
import fs from "node:fs";
import path from "node:path";
const [,, site, script, examples, app, runtime] = process.argv;
const html = fs.readFileSync(path.join(site, "index.html"), "utf8");
const config = JSON.parse(html.match(/const config = (\{.*?\});\n/s)[1]);
const { loadPyodide } = await import(path.resolve(runtime, "pyodide.mjs"));

const HOME = "/home/pyodide/";
const py = await loadPyodide({
  indexURL: path.resolve(runtime) + "/", lockFileContents: config.worker.lock,
  env: { HOME: HOME.slice(0, -1), COMPANION_DATA_DIR: "/companion-data" },
  stdout: (t) => console.log(t), stderr: (t) => console.error(t),
});
for (const name of fs.readdirSync(app, { recursive: true })) {
  const from = path.join(app, name);
  if (fs.statSync(from).isFile()) {
    py.FS.mkdirTree((HOME + name).slice(0, (HOME + name).lastIndexOf("/")));
    py.FS.writeFile(HOME + name, fs.readFileSync(from));
  }
}
for (const lib of config.worker.dynlibs) {
  await py._api.loadDynlib(HOME + lib, false);
}
py.FS.mkdirTree("/companion-data");
for (const [folder, from] of [["/site/fonts", path.join(site, "fonts")], ["/examples", examples]]) {
  py.FS.mkdirTree(folder);
  for (const f of fs.readdirSync(from)) py.FS.writeFile(`${folder}/${f}`, fs.readFileSync(path.join(from, f)));
}
globalThis.printArchive = new Uint8Array(fs.readFileSync(path.join(site, "print.tar.gz")));
try {
  await py.runPythonAsync(fs.readFileSync(script, "utf8"));
} catch (error) {
  console.error(String(error.message));            // Python's traceback
  process.exit(1);
}
"""

SCRIPT = r"""
import datetime as dt, json, os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
import js
from companion.web import browser

sys.meta_path.append(browser.PrintModules(fetch=lambda url: bytes(js.printArchive.to_py())))
out = {"failed": browser.prepare(everything=True), "platform": sys.platform}
from companion.pdf import fonts

def fetch(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(open("/site/fonts/" + path.name, "rb").read())

fonts.fetch_missing = fetch
from companion.core import i18n
from companion.pdf import api
from companion.store import backup, bgstats, exchange, imports, open_store

store = open_store()
examples = sorted(f for f in os.listdir("/examples") if f.endswith(".json") and not f.endswith(".expected.json"))
for name in examples:
    imports.import_text(store, open("/examples/" + name).read())
for code in i18n.LANGUAGES:
    with i18n.using(code):
        r = out[code] = {"words": [i18n._("Settings"), i18n.money(6.5), i18n.date(dt.date(2026, 11, 29))]}
        r["everything"] = backup.export_everything(store)[0]
        r["bgstats"] = len(json.loads(bgstats.bgstats_json(store)))
        r["exports"] = [len(exchange.match_csv(m)) + len(exchange.match_json(m)) for m in store.matches()]
        r["sheets"] = [len(api.build_score_sheet(record=open("/examples/" + name).read())) for name in examples]
        r["printables"] = {name: len(data) for name, data in api.build_set([code]).items()}
out["print"] = sys.modules["reportlab"].__file__
print("RESULT " + json.dumps(out))
"""


def runner_files(site: Path, work: Path) -> tuple[Path, Path]:
    """What :data:`RUNNER` takes of a built site, written into ``work``: the app archive
    as the worker unpacks it (``work/app``) and the site's runtime as its worker gets it,
    packed files unpacked (``work/pyodide``)."""
    with tarfile.open(site / "app.tar.gz") as archive:
        archive.extractall(work / "app", filter="data")
    runtime = work / "pyodide"
    runtime.mkdir()
    for path in (site / "pyodide").iterdir():
        rel = unpacked_name(f"pyodide/{path.name}")
        (work / rel).write_bytes(served(site, rel))
    return work / "app", runtime


def test_the_site_s_python_imports_exports_and_prints_from_its_own_files(site, tmp_path):
    (tmp_path / "run.mjs").write_text(RUNNER)
    (tmp_path / "run.py").write_text(SCRIPT)
    app, runtime = runner_files(site, tmp_path)
    done = subprocess.run(["node", str(tmp_path / "run.mjs"), str(site), str(tmp_path / "run.py"),
                           str(ROOT / "tests" / "examples"), str(app), str(runtime)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(re.search(r"^RESULT (.*)$", done.stdout, re.M).group(1))
    assert out["failed"] == [] and out["platform"] == "emscripten"
    assert out["print"].startswith("/home/pyodide/__pypackages__/reportlab/")       # from print.tar.gz
    en, de = out["en"], out["de"]
    assert en["words"] == ["Settings", "$6.50", "Nov 29, 2026"]
    assert de["words"][0] != "Settings" and de["words"][1:] == ["6,50\u00a0$", "29.11.2026"]
    for lang in (en, de):
        assert lang["everything"].endswith(".zip") and lang["bgstats"] > 0
        assert len(lang["exports"]) == len(lang["sheets"]) and all(lang["exports"]) and all(lang["sheets"])
        assert len(lang["printables"]) > 5 and all(lang["printables"].values())
