"""Every page names only embedded TrueType fonts: no standard font (Helvetica) that a
preflight check would flag as declared but not embedded."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest

from companion.core.registry import games_with
from companion.pdf.api import PRINTABLE_PART, build_rules_card, build_score_sheet
from tests.pdf.helpers import DATA, PRINTABLES, fonts_used

DAY = dt.date(2026, 1, 2)


def _pdfs():
    yield "committed", [p.read_bytes() for p in sorted(PRINTABLES.glob("*.pdf"))]
    yield "named", [build_score_sheet(g, players=["Zoë", "さくら", "Дмитрий"], date=DAY)
                    for g in sorted(games_with(PRINTABLE_PART))]
    yield "filled", [build_score_sheet(record=(DATA / f).read_bytes(), date=DAY)
                     for f in ("hotdog-game.json", "hotdog-match.json")]
    yield "cards", [build_rules_card(g, sheet=s, date=DAY) for g in sorted(games_with(PRINTABLE_PART))
                    for s in ("a6", "a5", "a4")]


@pytest.mark.parametrize("kind, pdfs", list(_pdfs()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_font_on_every_page_is_embedded(kind, pdfs):
    for data in pdfs:
        used = fonts_used(data)
        assert used, kind
        assert not [name for name, emb in used if not emb], used
        assert not [name for name, _ in used if "Helvetica" in name or "Times" in name]


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts (poppler-utils) is not installed")
def test_pdffonts_lists_no_helvetica_and_nothing_unembedded(tmp_path):
    for i, data in enumerate([build_score_sheet("hotdog", date=DAY),
                              build_rules_card("sales", sheet="a4", date=DAY)]):
        path = tmp_path / f"{i}.pdf"
        path.write_bytes(data)
        out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                             check=True).stdout
        rows = out.splitlines()[2:]
        assert rows and "Helvetica" not in out
        for row in rows:
            assert row.split()[-5] == "yes", row     # the "emb" column
