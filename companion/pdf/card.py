"""Lays out a :class:`~companion.pdf.model.RulesCard`: each face set at full size in
the one face box (``layout.FACE_MM``) — never shrunk: a face that does not fit is
refused in one line naming the card, the face, the sheet and the language — then
printed one per A6 page or repeated on sheets of two or four cards."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Spacer, TableStyle
from reportlab.platypus import Table as RLTable

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import N_, _
from companion.pdf import document, layout
from companion.pdf.layout import MM
from companion.pdf.model import HOUSE, MARKS_LEGEND, RULING, Line, RulesCard, Section, Table

if TYPE_CHECKING:
    import datetime as dt

    from reportlab.lib.styles import ParagraphStyle

BOX_PAD = 2.2 * MM   # inside the mistakes box
RULING_TAG = N_("(ruling)")
HOUSE_TAG = N_("HOUSE RULE")     # printed with a no-break space


def tag(mark: str) -> str:
    """A mark as paragraph markup: a ruling lightly, a house rule so that it shows."""
    if mark == RULING:
        return f'\u00a0<font size="{document.CARD_TAG_SIZE}" color="{document.TAG_GREY}">{escape(_(RULING_TAG))}</font>'
    if mark == HOUSE:
        house = escape(_(HOUSE_TAG)).replace(" ", "\u00a0")
        return (f'\u00a0<font name="{document.CARD_FONT_BOLD}" size="{document.CARD_TAG_SIZE}" '
                f'backColor="{document.TAG_BACK}">\u00a0{house}\u00a0</font>')
    if mark:
        raise ValueError(f"unknown mark {mark!r}")
    return ""


def _markup(item: str | Line) -> str:
    if isinstance(item, Line):
        return escape(item.text) + tag(item.mark)
    return escape(item)


def _line(item: Line) -> Paragraph:
    st = document.styles()
    if item.bullet:
        return Paragraph(_markup(item), st["card_li"], bulletText="•")
    return Paragraph(_markup(item), st["card_p"])


@cache
def _centred(style: ParagraphStyle) -> ParagraphStyle:
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    return ParagraphStyle(style.name + "-centred", style, alignment=TA_CENTER)


def _table(t: Table, width: float) -> RLTable:
    st = document.styles()
    cols = len(t.rows[0])
    shares = list(t.widths) or [2.0] + [1.0] * (cols - 1)
    widths = [width * s / sum(shares) for s in shares]
    data = []
    for r, row in enumerate(t.rows):
        cells = []
        for c, cell in enumerate(row):
            style = st["card_th" if r == 0 or c == 0 else "card_td"]
            if c > 0:
                style = _centred(style)
            cells.append(Paragraph(_markup(cell), style))
        data.append(cells)
    table = RLTable(data, colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), document.CARD_FONT),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, document.RULE_GREY),
        ("LINEABOVE", (0, 0), (-1, 0), 0.8, document.INK),
        ("LINEBELOW", (0, -1), (-1, -1), 0.8, document.INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ("TOPPADDING", (0, 0), (-1, -1), 1.0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6),
    ]))
    return table


def _heading(sec: Section) -> Paragraph:
    head = escape(sec.heading)
    if sec.house_rule:
        head += tag(HOUSE)
    return Paragraph(head, document.styles()["card_box_h" if sec.boxed else "card_h"])


def section(sec: Section, width: float) -> list[Flowable]:
    """A section's flowables; a boxed one is one framed, lightly shaded block."""
    if sec.boxed:
        rows = [[_heading(sec)]] + [[_line(ln)] for ln in sec.lines]
        box = RLTable(rows, colWidths=[width], hAlign="LEFT")
        box.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, -1), document.CARD_FONT),
            ("BOX", (0, 0), (-1, -1), 0.8, document.INK),
            ("BACKGROUND", (0, 0), (-1, -1), document.BOX_SHADE),
            ("LEFTPADDING", (0, 0), (-1, -1), BOX_PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), BOX_PAD),
            ("TOPPADDING", (0, 0), (-1, -1), 0.4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0.4),
            ("TOPPADDING", (0, 0), (-1, 0), 2.0),
            ("BOTTOMPADDING", (0, -1), (-1, -1), 2.5),
        ]))
        return [Spacer(1, 1.6 * MM), box]
    out: list[Flowable] = [_heading(sec)]
    if sec.table is not None:
        out += [_table(sec.table, width), Spacer(1, 1.0 * MM)]
    out += [_line(ln) for ln in sec.lines]
    return out


def face_parts(card: RulesCard, i: int) -> tuple[list[Flowable], list[Flowable]]:
    """One face as (top, bottom) flowables: the sections from the top of the card;
    the boxed sections and, on the back, the small print, set at its foot."""
    st = document.styles()
    width = layout.FACE_MM[0] * MM
    top: list[Flowable] = []
    bottom: list[Flowable] = []
    if i == 0:
        top.append(Paragraph(escape(card.title), st["card_title"]))
    for sec in card.faces[i]:
        (bottom if sec.boxed else top).extend(section(sec, width))
    if i == len(card.faces) - 1 and card.small_print:
        # the marks' legend every game prints is the platform's text; any other is the game's
        small = _(MARKS_LEGEND) if card.small_print == MARKS_LEGEND else card.small_print
        bottom.append(Paragraph(escape(small), st["card_small"]))
    return top, bottom


def _height(flowables: list[Flowable], width: float) -> float:
    """As KeepInFrame measures them (spaces between flowables merged)."""
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flowables, width, None, mergeSpace=1)[1] if flowables else 0.0


def face_heights(card: RulesCard) -> list[float]:
    """The height (points) each face's text needs at full size, top and foot together."""
    width = layout.FACE_MM[0] * MM
    out = []
    for i in range(len(card.faces)):
        top, bottom = face_parts(card, i)
        out.append(_height(top, width) + _height(bottom, width))
    return out


def faces(card: RulesCard, height: float = layout.FACE_MM[1]) -> list[Callable[[], Flowable]]:
    """One builder per face; each call gives fresh flowables in a face box ``height``
    mm high, the foot pushed to the bottom. A face taller than the box raises a
    LayoutError: it is never shrunk."""
    w, h = layout.FACE_MM[0] * MM, height * MM

    def build(i: int) -> Flowable:
        top, bottom = face_parts(card, i)
        if bottom:
            # measured with a gap of 1 pt, not 0: ReportLab lets a flowable of no height
            # merge the space before the foot away, so a face with no text above its foot
            # (a back of small print only) came out 0.9 pt too tall for its box
            gap = Spacer(1, 1)
            free = h - (_height(top + [gap] + bottom, w) - 1) - 0.5
            top, bottom = face_parts(card, i)      # fresh: wrapping caches sizes
            top.append(Spacer(1, max(0.0, free)))
        return KeepInFrame(w, h, top + bottom, mode="error")

    return [partial(build, i) for i in range(len(card.faces))]


FACE_NAMES = (N_("front"), N_("back"))


class FaceTooLong(CompanionError):
    """A face's text is taller than its card: said in one line, never a layout traceback."""

    def __init__(self, card: RulesCard, face: int, sheet: str, over_mm: float) -> None:
        self.game, self.face, self.sheet, self.over_mm = card.game, face, sheet, over_mm
        side = _(FACE_NAMES[face]) if face < len(FACE_NAMES) else str(face + 1)
        language = i18n.LANGUAGES.get(i18n.language(), i18n.language())
        # Translators: {face} is "front" or "back"; e.g. "Hot Dog — rules card: the back does not fit its card
        # on A4 (English, 2.3 mm too long); please report this"
        super().__init__(_("{title}: the {face} does not fit its card on {sheet} ({language}, {over} mm too long); "
                           "please report this").format(title=card.title, face=side, sheet=sheet_name(sheet),
                                                        language=language, over=i18n.decimal(over_mm, 1)))


def sheet_name(sheet: str) -> str:
    return {"a6": "A6", "a5": "A5", "a4": "A4", "letter": "Letter"}.get(sheet, sheet)


def check_fits(card: RulesCard, sheet: str) -> None:
    """Refuse, in one line, a card with a face taller than the face box of ``sheet``."""
    page = layout.card_page(sheet)
    room = layout.face_rect(page.cells[0], page.inset)[3] * MM
    for i, need in enumerate(face_heights(card)):
        if need > room:
            raise FaceTooLong(card, i, sheet, (need - room) / MM)


def render(card: RulesCard, sheet: str, date: dt.date) -> bytes:
    from reportlab.platypus.doctemplate import LayoutError

    check_fits(card, sheet)
    page = layout.card_page(sheet)
    height = layout.face_rect(page.cells[0], page.inset)[3]
    try:
        return document.cards_pdf(faces(card, height), sheet=sheet, title=card.title,
                                  label=card.title, date=date)
    except LayoutError:     # measured to fit above: a face ReportLab still refuses is named, not traced
        face, over = _most_over(card, height)
        raise FaceTooLong(card, face, sheet, over) from None


def _most_over(card: RulesCard, height: float) -> tuple[int, float]:
    """The face whose laid-out content (as its box holds it, foot and all) is the most
    over a box ``height`` mm high, and by how many mm."""
    w = layout.FACE_MM[0] * MM
    over = [_height(list(build()._content), w) / MM - height for build in faces(card, height)]
    face = max(range(len(over)), key=over.__getitem__)
    return face, max(over[face], 0.0)
