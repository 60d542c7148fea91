"""Where companion's shipped files are: ``assets/`` beside the package (decks,
recipes, fonts), and ``printables/``. The project is installed from its checkout
(``pip install -e .``), so these folders are found next to ``companion/``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
PRINTABLES = ROOT / "printables"
