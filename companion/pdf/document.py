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
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from companion.core import i18n
from companion.core.i18n import _
from companion.pdf import layout
from companion.pdf.fonts import (
    CONDENSED,
    CONDENSED_BOLD,
    DEJAVU,
    DEJAVU_BOLD,
    register_card_fonts,
    register_text_fonts,
)
from companion.pdf.layout import MM

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

APP = "companion"
INK = Color(0, 0, 0)
GREY = Color(0.45, 0.45, 0.45)
LIGHT = Color(0.88, 0.88, 0.88)
SHADE = Color(0.93, 0.93, 0.93)
WIN = Color(0.80, 0.80, 0.80)

DARK_GREY = Color(0.25, 0.25, 0.25)
RULE_GREY = Color(0.55, 0.55, 0.55)
BOX_SHADE = Color(0.95, 0.95, 0.95)
TAG_GREY = "#4d4d4d"      # a ruling's tag on a rules card: light, but readable
TAG_BACK = "#dcdcdc"      # behind a HOUSE RULE tag

SHEET_MARGIN = 10.0       # mm, left and right: room for five long names
SHEET_TOP = 12.0          # mm
SHEET_FOOTER = 10.0       # mm from the paper's bottom edge to the footer line
FOOTER_SIZE = 7.0
# rules cards, in points: what a player reads is never smaller than CARD_BODY
CARD_BODY = 8.5
CARD_LEADING = 10.0
CARD_HEAD = 9.5
CARD_TAG_SIZE = 7.0       # the "(ruling)" and "HOUSE RULE" tags
CARD_SMALL = 7.0          # the one line of small print on the back
# Every page's text is set in an embedded TrueType font: ReportLab's own default
# (Helvetica, a standard font it declares but never embeds) must never be named.
FONT = DEJAVU.name
FONT_BOLD = DEJAVU_BOLD.name
CARD_FONT = CONDENSED.name
CARD_FONT_BOLD = CONDENSED_BOLD.name


@cache
def styles() -> dict[str, ParagraphStyle]:
    register_text_fonts()
    register_card_fonts()
    base = ParagraphStyle("body", fontName=DEJAVU.name, fontSize=9, leading=11.5, alignment=TA_LEFT)
    bold = DEJAVU_BOLD.name
    card = ParagraphStyle("card", base, fontName=CARD_FONT)
    cbold = CARD_FONT_BOLD
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
        "field_label": ParagraphStyle("field_label", base, fontSize=7.5, leading=9, textColor=GREY,
                                      spaceAfter=2 * MM),
        # rules cards: body text 8.5 pt (CARD_BODY), never shrunk
        "card_title": ParagraphStyle("card_title", card, fontName=cbold, fontSize=13, leading=15.5,
                                     spaceAfter=0.6 * MM),
        "card_h": ParagraphStyle("card_h", card, fontName=cbold, fontSize=CARD_HEAD, leading=11.5,
                                 spaceBefore=1.5 * MM, spaceAfter=0.3 * MM),
        "card_box_h": ParagraphStyle("card_box_h", card, fontName=cbold, fontSize=CARD_HEAD,
                                     leading=11.5, spaceAfter=0.3 * MM),
        "card_p": ParagraphStyle("card_p", card, fontSize=CARD_BODY, leading=CARD_LEADING,
                                 spaceAfter=0.5 * MM),
        "card_li": ParagraphStyle("card_li", card, fontSize=CARD_BODY, leading=CARD_LEADING,
                                  leftIndent=3 * MM, bulletFontName=CARD_FONT,
                                  bulletFontSize=CARD_BODY, bulletIndent=0.4 * MM,
                                  spaceAfter=0.45 * MM),
        "card_th": ParagraphStyle("card_th", card, fontName=cbold, fontSize=CARD_BODY,
                                  leading=CARD_LEADING),
        "card_td": ParagraphStyle("card_td", card, fontSize=CARD_BODY, leading=CARD_LEADING),
        "card_small": ParagraphStyle("card_small", card, fontSize=CARD_SMALL, leading=8.6,
                                     textColor=DARK_GREY, spaceBefore=1.2 * MM),
    }


def edition_date(value: dt.date | None = None) -> dt.date:
    """The date a printable carries: the one given, else SOURCE_DATE_EPOCH, else today."""
    import os

    if value is not None:
        return value
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date()
    return dt.date.today()


def printed_date(value: dt.date) -> str:
    """A date as a printable shows it: 2026-11-29 in English (as it always was),
    the language's own form otherwise (29.11.2026)."""
    return value.isoformat() if i18n.language() == "en" else i18n.date(value)


def _footer(canvas: Canvas, x: float, y: float, width: float, left: str, right: str) -> None:
    """The footer line: ``left`` (a sheet's title, which may be a night's name in any
    script: each run in the font that has it, right to left in its order) and ``right``."""
    from companion.pdf.bidi import visual
    from companion.pdf.fonts import normal, runs

    canvas.saveState()
    canvas.setFillColor(GREY)
    text = canvas.beginText(x, y)
    for font, run in runs(visual(normal(left))):
        text.setFont(font, FOOTER_SIZE)
        text.textOut(run)
    canvas.drawText(text)
    canvas.setFont(DEJAVU.name, FOOTER_SIZE)
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
              date: dt.date | None) -> bytes:
    """A score sheet: ``story`` flowed over A4 or Letter pages with the footer
    '<label>' on the left and 'companion · printed <date> · page n' on the right — no
    date on a blank pad (``date`` None): it has a field for the day it is played."""
    return sheet_pdf_pages(story, paper=paper, title=title, label=label, date=date)[0]


def sheet_pdf_pages(story: Sequence[Flowable], *, paper: str, title: str, label: str,
                    date: dt.date | None) -> tuple[bytes, int]:
    """:func:`sheet_pdf` and the number of pages it has."""
    register_text_fonts()
    w, h = layout.paper_points(paper)
    m = SHEET_MARGIN * MM
    bottom = (SHEET_FOOTER + 6) * MM
    frame = Frame(m, bottom, w - 2 * m, h - SHEET_TOP * MM - bottom, id="body",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def on_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        if date is not None:
            # Translators: a score sheet's footer, after "companion · "
            where = _("printed {date} · page {page}").format(date=printed_date(date), page=doc.page)
        else:
            # Translators: a blank score sheet's footer, after "companion · "
            where = _("page {page}").format(page=doc.page)
        _footer(canvas, m, SHEET_FOOTER * MM, w - 2 * m, label, f"{APP} · {where}")

    buf = io.BytesIO()
    doc = _doc(buf, (w, h), title, label)
    doc.addPageTemplates([PageTemplate(id=paper, frames=[frame], onPage=on_page)])
    doc.build(list(story))
    return buf.getvalue(), doc.page


def sheet_frame_width(paper: str) -> float:
    """The width (points) a score sheet's story may use."""
    return layout.paper_points(paper)[0] - 2 * SHEET_MARGIN * MM


def cards_pdf(faces: Sequence[Callable[[], Flowable]], *, sheet: str, title: str,
              label: str, date: dt.date) -> bytes:
    """Rules cards: each face (built fresh per copy, already fitted to the face box)
    is printed on its own A6 page, or repeated on every card of a sheet of two or
    four, so a two-sided card lines up whichever way the sheet is turned for the
    back. Cut marks sit in the paper round the cards, never on them."""
    from reportlab.platypus import FrameBreak

    register_text_fonts()
    page = layout.card_page(sheet)
    frames = []
    for i, cell in enumerate(page.cells):
        x, y, w, h = layout.face_rect(cell, page.inset)
        frames.append(Frame(x * MM, y * MM, w * MM, h * MM, id=f"card{i}",
                            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0))
    marks = layout.cut_marks(page)

    def on_page(canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.4)
        for x1, y1, x2, y2 in marks:
            canvas.line(x1 * MM, y1 * MM, x2 * MM, y2 * MM)
        canvas.restoreState()
        for cell in page.cells:
            x, y, w = layout.footer_line(cell, page.inset)
            _footer(canvas, x * MM, y * MM, w * MM, label, f"{APP} · {printed_date(date)}")

    story: list[Flowable] = []
    for face in faces:
        for _cell in page.cells:
            if story:
                story.append(FrameBreak())
            story.append(face())
    buf = io.BytesIO()
    doc = _doc(buf, (page.width * MM, page.height * MM), title, label)
    doc.addPageTemplates([PageTemplate(id=sheet, frames=frames, onPage=on_page)])
    doc.build(story)
    return buf.getvalue()
