"""Where companion's files are.

The data files (fonts with their licences, example sales decks, burger recipes) are
package data, the package ``companion.assets``, found through importlib.resources. In a
checkout that package is the top-level ``assets/`` folder (``setup.py`` maps it into the
package); installed from a wheel it is ``site-packages/companion/assets/``. pip unpacks
what it installs, so it is a real folder: ReportLab reads fonts from it by path and
Flet serves it (``assets_dir``).

``printables/`` (the PDFs ``companion print --all`` rebuilds) belongs to a checkout
only: an installed companion has none, and ``--all`` must be told where to write.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from companion.core.errors import CompanionError

# The checkout companion runs from, when it runs from one (see ``checkout``).
ROOT = Path(__file__).resolve().parents[2]


def _assets() -> Path:
    try:
        found = resources.files("companion.assets")
    except ModuleNotFoundError:
        # The source tree run without installing it (PYTHONPATH=.), or an editable install
        # made before the data became package data: the checkout's own folder.
        return ROOT / "assets"
    return found if isinstance(found, Path) else ROOT / "assets"


ASSETS = _assets()


def checkout() -> Path | None:
    """The source checkout companion runs from (its ``pyproject.toml`` beside the
    package), or None when companion is installed (from a wheel, pipx, an index)."""
    return ROOT if (ROOT / "pyproject.toml").is_file() and (ROOT / "companion").is_dir() else None


def printables_dir() -> Path:
    """The checkout's ``printables/``, where ``companion print --all`` writes by default.
    An installed companion has no such folder: a one-line CompanionError asks for one."""
    root = checkout()
    if root is None:
        raise CompanionError("--all writes the printables into a folder: give it with --out DIR "
                             "(only a checkout of companion has its own printables/)")
    return root / "printables"


def shipped(folder: Path, language: str) -> list[Path]:
    """The example files shipped in ``folder`` (``assets/decks``, ``assets/recipes``) for a
    player reading ``language``: those in ``folder/<language>/`` where there are any (their
    names, cards and ingredients written in that language), else the English ones in
    ``folder`` itself."""
    if not folder.is_dir():
        return []
    own = folder / language
    found = sorted(own.glob("*.json")) if language != "en" and own.is_dir() else []
    return found or sorted(folder.glob("*.json"))
