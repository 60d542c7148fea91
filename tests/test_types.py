"""The package type-checks: mypy --strict over ``companion/`` finds nothing (settings in
pyproject.toml's ``[tool.mypy]``, which also reports every ``type: ignore`` that is no
longer needed)."""

from __future__ import annotations

import pytest

from tests.conftest import ROOT


def test_mypy_finds_nothing(monkeypatch):
    try:
        from mypy import api
    except ImportError:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    monkeypatch.chdir(ROOT)          # mypy reads pyproject.toml (and its files = companion) from here
    out, err, status = api.run(["--no-color-output"])
    assert status == 0, out + err
