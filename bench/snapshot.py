"""Benchmark (not a test): what a Python memory snapshot shipped inside the site would
weigh (issue 27).

The site makes its snapshot on the device: after a first visit, a background worker
imports everything and keeps the snapshot in the browser's cache, and every later start
restores it (``companion/web/site/worker.js``). The other way, the issue's other
option, is a snapshot made at build time and shipped in the folder, so that even the
first visit skips Python's start. This measures its price: Pyodide under node from a
built site's own files, as ``tests/web/test_site_python.py`` runs it, imports what the
worker's snapshot imports (:func:`companion.web.browser.prepare` with everything), makes
the snapshot, and prints its size raw, as gzip -9 and as brotli (what the best host
would send), beside the first download the site asks for now (``bench/web.py``'s:
page and service worker's install, the skwasm build) and what it would become.

    python bench/snapshot.py [--site DIR]

``--site``: a site already built (``companion build web -o DIR``); else one is built
in a temporary folder. Takes about two minutes.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tests.web.test_site_python import RUNNER, runner_files  # noqa: E402

#: The runner's last step, its script run, followed by the snapshot made and weighed.
_RUN = '  await py.runPythonAsync(fs.readFileSync(script, "utf8"));\n'
_WEIGH = (_RUN + '  const snap = py.makeMemorySnapshot();\n'
          '  const zlib = await import("node:zlib");\n'
          '  console.log("SNAPSHOT " + JSON.stringify({raw: snap.length,'
          ' gzip: zlib.gzipSync(snap, {level: 9}).length, brotli: zlib.brotliCompressSync(snap).length}));\n')

SCRIPT = """
import os, sys
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
from companion.web import browser
print("NOT IMPORTED " + repr(browser.prepare(everything=True)))
"""


def weigh(site: Path, work: Path) -> dict[str, int]:
    """The snapshot of ``site``'s Python, every module imported: its sizes in bytes."""
    runner = RUNNER.replace("const py = await loadPyodide({", "const py = await loadPyodide({ _makeSnapshot: true,")
    assert _RUN in runner, "tests/web/test_site_python.py's runner changed: mend _RUN"
    (work / "run.mjs").write_text(runner.replace(_RUN, _WEIGH))
    (work / "run.py").write_text(SCRIPT)
    (work / "examples").mkdir()
    app, runtime = runner_files(site, work)
    done = subprocess.run(["node", str(work / "run.mjs"), str(site), str(work / "run.py"), str(work / "examples"),
                           str(app), str(runtime)], capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    left, snapshot = (re.search(rf"^{word} (.*)$", done.stdout, re.M) for word in ("NOT IMPORTED", "SNAPSHOT"))
    if left is None or snapshot is None:
        raise SystemExit(f"node said no snapshot: {done.stdout[-2000:]}")
    print(f"modules prepare() could not import: {left[1]}")
    sizes: dict[str, int] = json.loads(snapshot[1])
    return sizes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a site built already (else built here)")
    args = ap.parse_args()
    from web import first_download, folder_size  # bench/web.py

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run([sys.executable, "-m", "companion", "build", "web", "-o", str(site)], check=True,
                           cwd=ROOT, stdout=subprocess.DEVNULL)
        sizes = weigh(site, Path(tmp))
        now = sum(n for n, _rel in first_download(site, "skwasm"))
        folder = folder_size(site)
    mb = 1e6
    print(f"the site: folder {folder / mb:.1f} MB; its service worker installs {now / mb:.1f} MB (skwasm, as a "
          "compressing host sends it; issue 27: a first visit at most 15)")
    print(f"its Python snapshot, everything imported: {sizes['raw'] / mb:.1f} MB raw, "
          f"{sizes['gzip'] / mb:.1f} MB gzip -9, {sizes['brotli'] / mb:.1f} MB brotli")
    print(f"shipped with the site, that install would be {(now + sizes['brotli']) / mb:.1f} MB "
          f"(brotli) to {(now + sizes['gzip']) / mb:.1f} MB (gzip)")


if __name__ == "__main__":
    main()
