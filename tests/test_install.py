"""A plain install works: companion built as a wheel and installed into a fresh virtual
environment prints, checks its bundled example deck and serves from an unrelated folder.

The wheel is built the way ``pip install .`` builds it (isolated, from a copy of the
source). Its dependencies are not downloaded again: the fresh environment reads them
from the environment running the tests through a ``.pth`` line — that folder's own
``.pth`` files are not run, so the editable install of this checkout stays out of it.
"""

from __future__ import annotations

import os
import shutil
import signal
import site
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import ROOT

SOURCES = ["pyproject.toml", "setup.py", "README.md", "companion", "assets"]


def _run(args: list, cwd: Path, env: dict, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)


def _ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-3000:]}"
    return proc.stdout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wheel(tmp: Path, env: dict) -> Path:
    """Build the wheel from a copy of the sources (a checkout's build/ never leaks in)."""
    src = tmp / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(ROOT / name, src / name)
    _ok(_run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", src], tmp, env,
             timeout=300))
    (wheel,) = (tmp / "dist").glob("companion-*.whl")
    return wheel


def _venv(tmp: Path, wheel: Path, env: dict) -> Path:
    """A fresh environment with the wheel installed; its dependencies read from ours."""
    venv = tmp / "venv"
    _ok(_run([sys.executable, "-m", "venv", "--without-pip", venv], tmp, env))
    bindir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / ("python.exe" if sys.platform == "win32" else "python")
    _ok(_run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index",
              wheel], tmp, env, timeout=300))
    purelib = _ok(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                       tmp, env)).strip()
    ours = [p for p in [*site.getsitepackages(), site.getusersitepackages()] if Path(p).is_dir()]
    (Path(purelib) / "companion_test_dependencies.pth").write_text("".join(p + "\n" for p in ours))
    return bindir


def test_a_wheel_installed_in_a_fresh_venv_prints_checks_decks_and_serves(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(COMPANION_DATA_DIR=str(tmp_path / "data"), PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("COMPANION_OPEN_BROWSER", None)
    bindir = _venv(tmp_path, _wheel(tmp_path, env), env)
    python, companion = bindir / "python", bindir / "companion"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    # companion and its data come from the installed package, not from this checkout
    where = _ok(_run([python, "-c", "import companion; from companion.core.paths import ASSETS, checkout;"
                      "print(companion.__file__); print(ASSETS); print(checkout())"], elsewhere, env)).split("\n")
    venv = bindir.parent.resolve()
    assert Path(where[0]).resolve().is_relative_to(venv), where
    assert Path(where[1]).resolve().is_relative_to(venv) and Path(where[1]).name == "assets", where
    assert where[2] == "None", where

    # the translation catalogs ship in the package, read at run time
    german = _ok(_run([python, "-c", "from companion.core import i18n; i18n.set_language('de');"
                       "print(i18n._('Settings'))"], elsewhere, env)).strip()
    assert german == "Einstellungen", german

    # print: a sheet whose names need both vendored fonts, and a rules card
    _ok(_run([companion, "print", "score-sheet", "hotdog", "--players", "Anna,Zoë,さくら", "-o", "sheet.pdf"],
             elsewhere, env))
    _ok(_run([companion, "print", "rules", "sales", "-o", "cards.pdf"], elsewhere, env))
    for name in ("sheet.pdf", "cards.pdf"):
        assert (elsewhere / name).read_bytes().startswith(b"%PDF"), name
    # --all has no checkout printables/ to rebuild: it asks for --out, in one line, exit 1
    proc = _run([companion, "print", "--all"], elsewhere, env)
    assert proc.returncode == 1 and "--out" in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert not list(elsewhere.glob("*-rules-*.pdf"))

    # the bundled example deck: listed from the package, and it checks
    decks = _ok(_run([companion, "deck", "list"], elsewhere, env)).split()
    assert [Path(d).name for d in decks] == ["example-weather.json"]
    assert Path(decks[0]).resolve().is_relative_to(venv)
    assert "45 cards" in _ok(_run([companion, "deck", "check", decks[0]], elsewhere, env))
    # the bundled burger recipes load
    _ok(_run([python, "-c", "from companion.games.burger.recipes import load_recipes; load_recipes()"],
             elsewhere, env))
    # and the German examples ship beside the English ones
    _ok(_run([python, "-c", "from companion.core import i18n; i18n.set_language('de'); "
              "from companion.games.sales.deck import shipped_decks; "
              "from companion.games.burger.recipes import shipped_recipes; "
              "assert [p.parent.name for p in shipped_decks() + shipped_recipes()] == ['de', 'de']"],
             elsewhere, env))

    # serve: answers HTTP 200, then stops
    port = _free_port()
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([str(companion), "serve", "--port", str(port)], cwd=elsewhere, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        status, end = None, time.monotonic() + 60
        while status is None and time.monotonic() < end:
            assert server.poll() is None, f"companion serve exited: {log.read_text(errors='replace')[-2000:]}"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    status = page.status
            except OSError:
                time.sleep(0.1)
        assert status == 200, log.read_text(errors="replace")[-2000:]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
    key = (tmp_path / "data" / "host.key").read_text().strip()
    assert f"http://127.0.0.1:{port}/?host={key}" in log.read_text(errors="replace")


def test_in_a_checkout_the_package_data_is_the_top_level_assets_folder():
    """The editable install maps companion.assets onto assets/ (setup.py's package_dir),
    and ``companion print --all`` writes to the checkout's printables/ by default."""
    from importlib import resources

    from companion.core import paths

    assert resources.files("companion.assets") == ROOT / "assets"
    assert paths.ASSETS == ROOT / "assets" and (paths.ASSETS / "fonts" / "DejaVuSans.ttf").is_file()
    assert paths.checkout() == ROOT and paths.printables_dir() == ROOT / "printables"
