"""Each committed printable, rendered by poppler's pdftoppm (black and white, 40 dpi), matches its
golden PNG in tests/pdf/golden/ within a small pixel tolerance.

Regenerate the goldens after an intended change (then look at them):
    PYTHONPATH=. python tests/pdf/test_pdf_render.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.pdf.helpers import GOLDEN, PRINTABLES

DPI = 40
TOLERANCE = 0.002        # at most 0.2 % of pixels may differ …
LEVEL = 48               # … by more than this many grey levels (anti-aliasing noise)

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="pdftoppm (poppler-utils) is not installed")


def render(pdf: Path, out: Path) -> list[Path]:
    subprocess.run(["pdftoppm", "-png", "-mono", "-r", str(DPI), str(pdf), str(out / pdf.stem)],
                   check=True, capture_output=True, timeout=60)
    return sorted(out.glob(f"{pdf.stem}-[0-9]*.png"))


def differing(a: Path, b: Path) -> float:
    from PIL import Image, ImageChops

    with Image.open(a) as ia, Image.open(b) as ib:
        ia, ib = ia.convert("L"), ib.convert("L")
        if ia.size != ib.size:
            return 1.0
        diff = ImageChops.difference(ia, ib).point(lambda v: 255 if v > LEVEL else 0)
        return diff.histogram()[255] / (ia.size[0] * ia.size[1])


PDFS = sorted(PRINTABLES.glob("*.pdf"))


def test_every_committed_printable_has_goldens():
    stems = {p.stem for p in PDFS}
    golden = {g.name.rsplit("-", 1)[0] for g in GOLDEN.glob("*.png")}
    assert stems and stems == golden


@pytest.mark.parametrize("pdf", PDFS, ids=lambda p: p.stem)
def test_rendering_matches_golden(pdf, tmp_path):
    pages = render(pdf, tmp_path)
    goldens = sorted(GOLDEN.glob(f"{pdf.stem}-[0-9]*.png"))
    assert [p.name for p in pages] == [g.name for g in goldens]
    for page, golden in zip(pages, goldens, strict=True):
        share = differing(page, golden)
        assert share <= TOLERANCE, f"{page.name}: {share:.2%} of pixels differ from the golden"


if __name__ == "__main__":
    for old in GOLDEN.glob("*.png"):
        old.unlink()
    GOLDEN.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for pdf in PDFS:
            for page in render(pdf, Path(tmp)):
                shutil.copy(page, GOLDEN / page.name)
    print(f"{len(list(GOLDEN.glob('*.png')))} goldens in {GOLDEN}")
