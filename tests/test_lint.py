"""The code passes ruff: pyflakes, import order and pycodestyle (whitespace, blank lines,
lines of at most 120 characters), as selected in pyproject.toml's ``[tool.ruff.lint]``."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_selection_is_pyflakes_imports_and_pycodestyle():
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    assert {"F", "I", "E", "W"} <= set(lint["select"])
    assert {"E303", "W391"} <= set(lint["select"]) and lint["preview"]   # runs of blank lines


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    proc = subprocess.run([ruff, "check", "companion", "tests", "bench"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
