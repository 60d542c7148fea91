"""The pure layout maths: paper sizes, card cells, cut marks, columns, font sizes."""

from __future__ import annotations

import pytest

from companion.pdf import layout


@pytest.mark.parametrize("sheet, count", [("a6", 1), ("a5", 2), ("a4", 4), ("letter", 4)])
def test_cards_lie_on_the_page_without_overlap(sheet, count):
    page = layout.card_page(sheet)
    assert len(page.cells) == count
    for i, (x, y, cw, ch) in enumerate(page.cells):
        assert x >= 0 and x + cw <= page.width + 1e-9 and y >= 0 and y + ch <= page.height + 1e-9
        for ox, oy, ow, oh in page.cells[i + 1:]:
            assert x + cw <= ox + 1e-9 or ox + ow <= x + 1e-9 or y + ch <= oy + 1e-9 or oy + oh <= y + 1e-9
    if count > 1:   # the cards share their cut lines: one block, centred
        bx, by, bw, bh = page.block
        assert sum(c[2] * c[3] for c in page.cells) == pytest.approx(bw * bh)
        assert bx == pytest.approx(page.width - bx - bw) and by == pytest.approx(page.height - by - bh)
        assert {(c[2], c[3]) for c in page.cells} == {layout.CUT_CARD_MM}


def test_card_pages_are_a6_landscape_a5_a4_and_letter():
    sizes = {s: (layout.card_page(s).width, layout.card_page(s).height) for s in layout.CARD_SHEETS}
    assert sizes == {"a6": (105.0, 148.0), "a5": (210.0, 148.0), "a4": (210.0, 297.0),
                     "letter": (215.9, 279.4)}
    with pytest.raises(ValueError):
        layout.card_page("a3")


@pytest.mark.parametrize("sheet", layout.CARD_SHEETS)
def test_every_card_has_the_same_face_box(sheet):
    page = layout.card_page(sheet)
    for cell in page.cells:
        x, y, w, h = layout.face_rect(cell, page.inset)
        assert w == layout.FACE_MM[0] and h >= layout.FACE_MM[1] - 1e-9
        assert x >= cell[0] + page.inset - 1e-9 and x + w <= cell[0] + cell[2] - page.inset + 1e-9
        assert y + h == pytest.approx(cell[1] + cell[3] - page.inset)
        fx, fy, fw = layout.footer_line(cell, page.inset)
        assert fy >= cell[1] + page.inset - 1e-9 and fy < y


@pytest.mark.parametrize("sheet", ["a5", "a4", "letter"])
def test_text_on_a_sheet_of_cards_is_at_least_8_mm_from_the_paper_edge(sheet):
    page = layout.card_page(sheet)
    for cell in page.cells:
        x, y, w, h = layout.face_rect(cell, page.inset)
        fx, fy, fw = layout.footer_line(cell, page.inset)
        left, right = min(x, fx), max(x + w, fx + fw)
        bottom, top = fy - 1.0, y + h                     # 1 mm for the footer's descenders
        assert min(left, bottom, page.width - right, page.height - top) >= layout.SHEET_EDGE_MIN


def test_no_cut_marks_on_a_single_card():
    assert layout.cut_marks(layout.card_page("a6")) == []


@pytest.mark.parametrize("sheet", ["a5", "a4", "letter"])
def test_cut_marks_lie_outside_every_card_on_each_cut_line(sheet):
    page = layout.card_page(sheet)
    marks = layout.cut_marks(page)
    bx, by, bw, bh = page.block
    xs = {round(v, 4) for c in page.cells for v in (c[0], c[0] + c[2])}
    ys = {round(v, 4) for c in page.cells for v in (c[1], c[1] + c[3])}
    assert len(marks) == 2 * len(xs) + 2 * len(ys)      # both ends of every cut line
    for x1, y1, x2, y2 in marks:
        assert min(x1, x2) >= 0 and max(x1, x2) <= page.width
        assert min(y1, y2) >= 0 and max(y1, y2) <= page.height
        if x1 == x2:          # a vertical cut line, marked above or below the cards
            assert round(x1, 4) in xs
            assert max(y1, y2) <= by - layout.MARK_GAP + 1e-9 or min(y1, y2) >= by + bh + layout.MARK_GAP - 1e-9
        else:                 # a horizontal one, marked left or right of the cards
            assert y1 == y2 and round(y1, 4) in ys
            assert max(x1, x2) <= bx - layout.MARK_GAP + 1e-9 or min(x1, x2) >= bx + bw + layout.MARK_GAP - 1e-9
        assert abs(x2 - x1) + abs(y2 - y1) >= 3.0       # long enough to see


def test_column_widths_share_the_rest():
    assert layout.column_widths(100, [20, 20], 3) == [20, 20, 20, 20, 20]
    assert layout.column_widths(100, [20], 2, [20]) == [20, 30, 30, 20]
    assert layout.column_widths(100, [40], 0) == [40]
    with pytest.raises(ValueError):
        layout.column_widths(30, [20, 20], 2)


def test_fit_size_shrinks_in_half_points_and_stops_at_the_smallest():
    assert layout.fit_size(5.0, 100.0, 10.0, 6.0) == 10.0      # fits at the largest size
    assert layout.fit_size(12.0, 100.0, 10.0, 6.0) == 8.0      # 100/12 = 8.33 → 8.0
    assert layout.fit_size(40.0, 100.0, 10.0, 6.0) == 6.0      # too long: smallest, then wraps
    assert layout.fit_size(0.0, 100.0, 10.0, 6.0) == 10.0


def _measure(text: str) -> float:
    return 0.6 * len(text)          # every character 0.6 pt wide at 1 pt


def test_names_wrap_only_between_words_hyphens_and_cjk_characters():
    assert [p for p, _ in layout.name_pieces("Anna-Lena Müller-Schmidt")] == \
        ["Anna-", "Lena", "Müller-", "Schmidt"]
    assert [p for p, _ in layout.name_pieces("さくら")] == ["さ", "く", "ら"]
    assert layout.wrap_name("Anna-Lena Müller-Schmidt", 60, 10, _measure) == \
        ["Anna-Lena", "Müller-", "Schmidt"]
    assert layout.wrap_name("Jean Paul", 200, 10, _measure) == ["Jean Paul"]
    assert layout.wrap_name("王 小明", 20, 10, _measure) == ["王 小", "明"]   # the space kept
    assert layout.wrap_name("Maximilianalexander", 60, 10, _measure) is None  # a word too long


def test_one_name_size_for_a_row_never_below_8_pt():
    names = ["Anna-Lena Müller-Schmidt", "Zoë"]
    size = layout.fit_names(names, 60, _measure)
    assert 8.0 <= size <= 10.0
    for name in names:
        lines = layout.wrap_name(name, 60, size, _measure)
        assert lines is not None and len(lines) <= 3
    assert layout.fit_names(["Maximilianalexanderkönig"], 40, _measure) == 8.0


def test_paper_points():
    w, h = layout.paper_points("a4")
    assert (round(w, 1), round(h, 1)) == (595.3, 841.9)
    w, h = layout.paper_points("letter")
    assert (round(w), round(h)) == (612, 792)


def test_layout_and_model_do_not_import_reportlab():
    import subprocess
    import sys

    code = ("import sys, companion.pdf.layout, companion.pdf.model; "
            "print('reportlab' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_games_and_the_cli_parser_do_not_load_printables_or_reportlab():
    import subprocess
    import sys

    code = ("import sys; from companion.core.registry import games; games(); "
            "from companion.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith('reportlab') "
            "or m.endswith('.printable') or m.startswith('companion.pdf.') and m != 'companion.pdf.cli'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
