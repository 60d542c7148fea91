"""The one document base every printable uses: page templates, fonts, styles, the footer.

Score sheets: A4 or US Letter, one frame inside 15 mm margins, the footer under it.
Rules cards: A6 cells — one per A6 page, two per landscape A5, four per A4 — with
cut marks between cells and a footer in each card.

Every PDF is byte-reproducible: ReportLab's invariant mode (fixed document id and
creation date), vendored fonts, and a footer date that comes from the caller
(a record, ``--date``, SOURCE_DATE_EPOCH or the printables' edition date), so the
same input always gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable, Sequence
from functools import cache

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from companion.pdf import layout
from companion.pdf.fonts import DEJAVU, DEJAVU_BOLD, register_text_fonts
from companion.pdf.layout import MM

APP = "companion"
INK = Color(0, 0, 0)
GREY = Color(0.45, 0.45, 0.45)
LIGHT = Color(0.88, 0.88, 0.88)
SHADE = Color(0.93, 0.93, 0.93)
WIN = Color(0.80, 0.80, 0.80)

SHEET_MARGIN = 15.0       # mm
CARD_MARGIN = 6.0         # mm inside each A6 cell
FOOTER_SIZE = 7.0
# Every page's text is set in an embedded TrueType font: ReportLab's own default
# (Helvetica, a standard font it declares but never embeds) must never be named.
FONT = DEJAVU.name


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_text_fonts()
    base = ParagraphStyle("body", fontName=DEJAVU.name, fontSize=9, leading=11.5, alignment=TA_LEFT)
    bold = DEJAVU_BOLD.name
    return {
        "body": base,
        "title": ParagraphStyle("title", base, fontName=bold, fontSize=17, leading=21, spaceAfter=1 * MM),
        "subtitle": ParagraphStyle("subtitle", base, fontSize=9.5, leading=12, textColor=GREY,
                                   spaceAfter=4 * MM),
        "h2": ParagraphStyle("h2", base, fontName=bold, fontSize=11, leading=14, spaceBefore=4 * MM,
                             spaceAfter=1.5 * MM),
        "note": ParagraphStyle("note", base, fontSize=7.5, leading=9.5, spaceBefore=1.2 * MM),
        "cell": ParagraphStyle("cell", base, fontSize=9, leading=10.5),
        "cellbold": ParagraphStyle("cellbold", base, fontName=bold, fontSize=9, leading=10.5),
        "box_title": ParagraphStyle("box_title", base, fontName=bold, fontSize=9.5, leading=12),
        # rules cards
        "card_title": ParagraphStyle("card_title", base, fontName=bold, fontSize=12, leading=14.5,
                                     spaceAfter=1 * MM),
        "card_h": ParagraphStyle("card_h", base, fontName=bold, fontSize=8.5, leading=10.5,
                                 spaceBefore=1.6 * MM, spaceAfter=0.4 * MM),
        "card_p": ParagraphStyle("card_p", base, fontSize=7.5, leading=9.2, spaceAfter=0.5 * MM),
        "card_li": ParagraphStyle("card_li", base, fontSize=7.5, leading=9.2, leftIndent=3 * MM,
                                  bulletFontName=DEJAVU.name, bulletFontSize=7.5,
                                  bulletIndent=0.5 * MM, spaceAfter=0.3 * MM),
        "card_small": ParagraphStyle("card_small", base, fontSize=5.5, leading=6.8, textColor=GREY),
    }


def edition_date(value: dt.date | None = None) -> dt.date:
    """The date a printable carries: the one given, else SOURCE_DATE_EPOCH, else today."""
    import os

    if value is not None:
        return value
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc).date()
    return dt.date.today()


def _footer(canvas, x: float, y: float, width: float, left: str, right: str) -> None:
    canvas.saveState()
    canvas.setFont(DEJAVU.name, FOOTER_SIZE)
    canvas.setFillColor(GREY)
    canvas.drawString(x, y, left)
    canvas.drawRightString(x + width, y, right)
    canvas.restoreState()


def _doc(buf: io.BytesIO, size: tuple[float, float], title: str, subject: str) -> BaseDocTemplate:
    return BaseDocTemplate(
        buf, pagesize=size, invariant=1, title=title, author=APP, subject=subject,
        creator=APP, producer=APP, leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0,
        showBoundary=0, allowSplitting=1, initialFontName=FONT,
        initialFontSize=9,
    )


def sheet_pdf(story: Sequence[Flowable], *, paper: str, title: str, label: str,
              date: dt.date) -> bytes:
    """A score sheet: ``story`` flowed over A4 or Letter pages with the footer
    '<label>' on the left and 'companion · <date> · page n' on the right."""
    register_text_fonts()
    w, h = layout.paper_points(paper)
    m = SHEET_MARGIN * MM
    footer_h = 8 * MM
    frame = Frame(m, m + footer_h, w - 2 * m, h - 2 * m - footer_h, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def on_page(canvas, doc) -> None:
        _footer(canvas, m, m, w - 2 * m, label,
                f"{APP} · {date.isoformat()} · page {doc.page}")

    buf = io.BytesIO()
    doc = _doc(buf, (w, h), title, label)
    doc.addPageTemplates([PageTemplate(id=paper, frames=[frame], onPage=on_page)])
    doc.build(list(story))
    return buf.getvalue()


def sheet_frame_width(paper: str) -> float:
    """The width (points) a score sheet's story may use."""
    return layout.paper_points(paper)[0] - 2 * SHEET_MARGIN * MM


def card_face_size() -> tuple[float, float]:
    """The space (points) inside one card, above its footer."""
    cw, ch = layout.CARD_MM
    return (cw - 2 * CARD_MARGIN) * MM, (ch - 2 * CARD_MARGIN - 4) * MM


def cards_pdf(faces: Sequence[Callable[[], Flowable]], *, sheet: str, title: str,
              label: str, date: dt.date) -> bytes:
    """Rules cards: each face (built fresh per copy, already fitted to one card) is
    printed on its own A6 page, or repeated in every cell of an A5/A4 sheet, so a
    two-sided card lines up whichever way the sheet is turned for the back."""
    from reportlab.platypus import FrameBreak

    register_text_fonts()
    pw, ph, cells = layout.card_page(sheet)
    fw, fh = card_face_size()
    frames = []
    for i, (x, y, cw, chh) in enumerate(cells):
        top = y + chh - CARD_MARGIN
        frames.append(Frame((x + CARD_MARGIN) * MM, top * MM - fh, fw, fh, id=f"card{i}",
                            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0))
    marks = layout.cut_marks(pw, ph, cells)

    def on_page(canvas, doc) -> None:
        canvas.saveState()
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.3)
        for x1, y1, x2, y2 in marks:
            canvas.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
        canvas.restoreState()
        for x, y, cw, chh in cells:
            _footer(canvas, (x + CARD_MARGIN) * MM, (y + CARD_MARGIN - 1) * MM,
                    (cw - 2 * CARD_MARGIN) * MM, label, f"{APP} · {date.isoformat()}")

    story: list[Flowable] = []
    for face in faces:
        for _ in cells:
            if story:
                story.append(FrameBreak())
            story.append(face())
    buf = io.BytesIO()
    doc = _doc(buf, (pw * MM, ph * MM), title, label)
    doc.addPageTemplates([PageTemplate(id=sheet, frames=frames, onPage=on_page)])
    doc.build(story)
    return buf.getvalue()
