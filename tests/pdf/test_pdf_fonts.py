"""Every name prints in a font whose character map has all its characters;
a name no font covers is refused, never printed as boxes."""

from __future__ import annotations

import pytest

from companion.core.errors import CompanionError
from companion.pdf import fonts

NAMES = {
    "Anna": "DejaVuSans", "Bernd": "DejaVuSans", "Zoë": "DejaVuSans", "Łukasz": "DejaVuSans",
    "Γιώργος": "DejaVuSans", "Дмитрий": "DejaVuSans", "Chris": "DejaVuSans",
    "Zoe\u0308": "DejaVuSans",   # decomposed ë: printed as NFC
    "さくら": "DroidSansFallback", "王小明": "DroidSansFallback", "陳美玲": "DroidSansFallback",
}


@pytest.mark.parametrize("name, face", sorted(NAMES.items()))
def test_each_test_name_is_covered_by_its_chosen_font(name, face):
    chosen = fonts.face_for(name)
    assert chosen is not None and chosen.name == face
    cmap = fonts.charmap(chosen.name)
    assert all(ord(ch) in cmap for ch in fonts.normal(name))
    # the bold face used for headers covers it too (Droid has no bold: it prints regular)
    bold = fonts.charmap(fonts.font_for(name, bold=True))
    assert all(ord(ch) in bold for ch in fonts.normal(name))


def card_texts(card) -> list[str]:
    """Every text a rules card prints (companion's own words)."""
    from companion.pdf.model import Line

    texts = [card.title, card.small_print]
    for face in card.faces:
        for sec in face:
            texts.append(sec.heading)
            texts += [ln.text for ln in sec.lines]
            if sec.table is not None:
                texts += [c.text if isinstance(c, Line) else c for row in sec.table.rows for c in row]
    return texts


def test_all_of_companions_own_text_is_in_dejavu():
    from companion.games.burger.printable import rules_card as burger
    from companion.games.hotdog.printable import rules_card as hotdog
    from companion.games.hotdog.printable import score_sheet as hd_sheet
    from companion.games.sales.printable import rules_card as sales
    from companion.pdf.card import HOUSE_TAG, RULING_TAG

    cards = []
    for card in (hotdog(), sales(), burger()):
        cards += card_texts(card)
    cards += [HOUSE_TAG, RULING_TAG, "•"]
    for t in cards:   # the cards are set in DejaVu Sans Condensed
        assert fonts.covers("DejaVuSansCondensed", t), t
        assert fonts.covers("DejaVuSansCondensed-Bold", t), t
    sheet = hd_sheet([""] * 5)
    texts = [sheet.title, sheet.subtitle, "★ ✓ ☐ ☒ −"]
    for block in sheet.blocks:
        texts.append(getattr(block, "text", "") + getattr(block, "title", ""))
    for t in texts + cards:
        assert fonts.covers("DejaVuSans", t), t
        assert fonts.covers("DejaVuSans-Bold", t), t


@pytest.mark.parametrize("name", ["अनु", "Anna\u0007", "\U000F0000x", "𓀀", "สมชาย"])
def test_a_name_no_font_covers_is_refused_with_one_line(name):
    with pytest.raises(CompanionError) as exc:
        fonts.check_printable(name)
    message = str(exc.value)
    assert "\n" not in message and "no font" in message and "U+" in message


def test_mixed_scripts_no_single_font_has_are_refused():
    # Greek and Han: DejaVu lacks the Han, Droid lacks this Greek letter with tonos
    name = "Γιώργος王"
    if fonts.covers("DroidSansFallback", name):
        pytest.skip("Droid Sans Fallback covers this mix")
    with pytest.raises(CompanionError, match="no single font"):
        fonts.check_printable(name)


def test_licences_are_vendored_beside_the_fonts():
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf",
                 "DejaVuSansCondensed-Bold.ttf", "DroidSansFallbackFull.ttf",
                 "LICENSE-DejaVu.txt", "LICENSE-DroidSansFallback.txt"):
        assert (fonts.FONT_DIR / name).is_file(), name
    assert "Bitstream" in (fonts.FONT_DIR / "LICENSE-DejaVu.txt").read_text()
    assert "Apache License" in (fonts.FONT_DIR / "LICENSE-DroidSansFallback.txt").read_text()


def test_runs_split_a_mixed_sentence_by_font():
    parts = fonts.runs("さくら wins with $8 ★")
    assert [f for f, _ in parts] == ["DroidSansFallback", "DejaVuSans"]
    for font, run in parts:
        assert fonts.covers(font, run)
    assert fonts.runs("Zoë", bold=True) == [("DejaVuSans-Bold", "Zoë")]


def test_a_korean_name_prints_in_nanum_square():
    fonts.check_printable("김민준")
    assert fonts.face_for("김민준") == fonts.NANUM
