"""Shared test helpers: the project's own copies of the example records live in tests/examples."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(__file__).resolve().parent / "examples"


def run_companion(*args: str, input: str | bytes | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run `python -m companion ARGS` from this checkout, as a user would."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    data = input.encode() if isinstance(input, str) else input
    return subprocess.run(
        [sys.executable, "-m", "companion", *args], input=data, capture_output=True,
        cwd=ROOT, env=env, timeout=timeout,
    )


def load_example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.fixture
def examples() -> Path:
    return EXAMPLES
