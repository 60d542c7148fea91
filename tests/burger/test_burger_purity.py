"""The burger rules and recipes are pure: no flet, no reportlab (the app and the
printables import them, never the other way round)."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def test_burger_rules_import_no_ui_or_pdf_library():
    code = (
        "import sys; import companion.games.burger.rules, companion.games.burger.recipes; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'reportlab')]; "
        "print(','.join(bad))"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
