"""Rules are pure: companion/core and every game's rules.py import neither flet nor reportlab."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _pure_modules():
    mods = [f"companion.core.{p.stem}" for p in (ROOT / "companion/core").glob("*.py") if p.stem != "__init__"]
    mods += [f"companion.games.{p.parent.name}.rules" for p in (ROOT / "companion/games").glob("*/rules.py")]
    mods += [f"companion.games.{p.parent.name}" for p in (ROOT / "companion/games").glob("*/rules.py")]
    return sorted(mods)


def test_there_is_something_to_check():
    mods = _pure_modules()
    assert "companion.games.hotdog.rules" in mods and "companion.core.errors" in mods


def test_rules_and_core_import_neither_flet_nor_reportlab():
    code = (
        "import importlib, sys\n"
        f"for m in {_pure_modules()!r}: importlib.import_module(m)\n"
        "from companion.core.registry import games; games()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('flet', 'reportlab'))\n"
        "print(','.join(bad))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "", f"imported: {proc.stdout.strip()}"
