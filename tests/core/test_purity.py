"""What claims "no flet here" imports neither flet nor reportlab.

That is companion/core, the tallies, the store, the hub and its plain helpers (access, limiter,
join), every game's rules, seat, models and export modules (by file, and every
registered game's ``rules``, ``seat`` and ``export`` parts through the registry, so a
new game is checked without editing this test), and any module whose docstring says
"no flet here". They are imported in a fresh interpreter, which names the module that
imported flet or reportlab, if any did.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

from companion.core.game import SEAT_PART
from companion.core.registry import games_with

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"
PURE_PARTS = ("rules", "seat", "export")
CLAIM = re.compile(r"\bno\s+flet\b", re.IGNORECASE)

# In a fresh interpreter: import each module named in argv[1] (a JSON list) and each
# registered game's pure parts, and print, as JSON, the modules checked, which module
# imported flet or reportlab (the innermost companion module on the stack when it was
# first imported) and all of flet or reportlab that was imported.
CHECK = f"""
import importlib, json, sys

class Watch:
    importers = {{}}
    def find_spec(self, fullname, path=None, target=None):
        if fullname in ("flet", "reportlab"):
            frame = sys._getframe(1)
            while frame is not None and not frame.f_globals.get("__name__", "").startswith("companion"):
                frame = frame.f_back
            self.importers[fullname] = frame.f_globals["__name__"] if frame else "?"
        return None

watch = Watch()
sys.meta_path.insert(0, watch)
from companion.core.registry import games
names = json.loads(sys.argv[1])
for spec in games().values():
    names += [target.partition(":")[0] for part, target in spec.parts.items() if part in {PURE_PARTS!r}]
for name in dict.fromkeys(names):
    importlib.import_module(name)
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("flet", "reportlab"))
print(json.dumps({{"checked": sorted(set(names)), "importers": watch.importers, "all": heavy[:5]}}))
"""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def claims_no_flet(path: Path) -> bool:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    return bool(doc and CLAIM.search(doc))


def pure_files() -> list[Path]:
    files = [*PACKAGE.glob("core/*.py"), *PACKAGE.glob("tallies/*.py"), *PACKAGE.glob("store/*.py"),
             *(PACKAGE / "net" / f"{name}.py" for name in ("hub", "access", "limiter", "join"))]
    for kind in ("rules", "seat", "models", "export"):
        files += PACKAGE.glob(f"games/*/{kind}.py")
    files += PACKAGE.glob("games/*/__init__.py")     # the GameSpec the registry imports
    files += [p for p in PACKAGE.rglob("*.py") if claims_no_flet(p)]
    return sorted(set(files))


def pure_modules() -> list[str]:
    return [module_name(p) for p in pure_files()]


def run_check(modules: list[str]) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHECK, json.dumps(modules)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_there_is_something_to_check():
    mods = pure_modules()
    for expected in ("companion.core.errors", "companion.core.registry", "companion.store.db",
                     "companion.tallies.night", "companion.net.hub", "companion.net.access", "companion.net.limiter",
                     "companion.net.join", "companion.games.hotdog.rules", "companion.games.sales.seat",
                     "companion.games.burger.models", "companion.games.burger.export",
                     "companion.ui.records",          # says "No flet here"
                     "companion.net.serving"):
        assert expected in mods, expected
    assert not any(m.endswith((".view", ".remote", ".printable")) for m in mods)


def test_the_docstring_claim_is_read():
    assert claims_no_flet(PACKAGE / "games" / "hotdog" / "forms.py")
    assert not claims_no_flet(PACKAGE / "ui" / "shell.py")


def test_what_claims_no_flet_imports_neither_flet_nor_reportlab():
    out = run_check(pure_modules())
    # the registry's parts are checked too (a game added later is covered)
    for game in games_with(SEAT_PART):
        assert f"companion.games.{game}.seat" in out["checked"]
    assert out["importers"] == {}, f"imported by: {out['importers']}"
    assert out["all"] == [], f"imported: {out['all']}"
