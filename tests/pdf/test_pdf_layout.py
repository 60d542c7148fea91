"""The pure layout maths: paper sizes, card cells, cut marks, columns, font sizes."""

from __future__ import annotations

import pytest

from companion.pdf import layout


@pytest.mark.parametrize("sheet, count", [("a6", 1), ("a5", 2), ("a4", 4)])
def test_card_cells_tile_the_page_without_overlap(sheet, count):
    w, h, cells = layout.card_page(sheet)
    assert len(cells) == count
    assert sum(c[2] * c[3] for c in cells) == pytest.approx(w * h)
    for x, y, cw, ch in cells:
        assert 0 <= x and x + cw <= w + 1e-9 and 0 <= y and y + ch <= h + 1e-9
        assert cw == pytest.approx(105.0) and ch >= 148.0   # at least an A6 card


def test_card_pages_are_a6_landscape_a5_and_a4():
    assert layout.card_page("a6")[:2] == (105.0, 148.0)
    assert layout.card_page("a5")[:2] == (210.0, 148.0)
    assert layout.card_page("a4")[:2] == (210.0, 297.0)
    with pytest.raises(ValueError):
        layout.card_page("a3")


def test_cut_marks_only_between_cells():
    w, h, cells = layout.card_page("a6")
    assert layout.cut_marks(w, h, cells) == []
    w, h, cells = layout.card_page("a5")
    marks = layout.cut_marks(w, h, cells)
    assert marks == [(105.0, 0.0, 105.0, 8.0), (105.0, 140.0, 105.0, 148.0)]
    w, h, cells = layout.card_page("a4")
    marks = layout.cut_marks(w, h, cells)
    # one vertical and one horizontal cut: two edge ticks each, plus a cross where they meet
    assert len(marks) == 2 + 2 + 2
    assert (105.0 - 4, 148.5, 105.0 + 4, 148.5) in marks
    for x1, y1, x2, y2 in marks:
        assert 0 <= min(x1, x2) and max(x1, x2) <= w and 0 <= min(y1, y2) and max(y1, y2) <= h


def test_column_widths_share_the_rest():
    assert layout.column_widths(100, [20, 20], 3) == [20, 20, 20, 20, 20]
    assert layout.column_widths(100, [40], 0) == [40]
    with pytest.raises(ValueError):
        layout.column_widths(30, [20, 20], 2)


def test_fit_size_shrinks_in_half_points_and_stops_at_the_smallest():
    assert layout.fit_size(5.0, 100.0, 10.0, 6.0) == 10.0      # fits at the largest size
    assert layout.fit_size(12.0, 100.0, 10.0, 6.0) == 8.0      # 100/12 = 8.33 → 8.0
    assert layout.fit_size(40.0, 100.0, 10.0, 6.0) == 6.0      # too long: smallest, then wraps
    assert layout.fit_size(0.0, 100.0, 10.0, 6.0) == 10.0


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
