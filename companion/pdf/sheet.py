"""Lays out a :class:`~companion.pdf.model.ScoreSheet` as platypus flowables.

Made for a pencil: every column written in stays white, shading is only on labels
(and on a winner's cells of a filled sheet); names are written once, in the grid
that asks for them, and every other grid heads its columns with the seat letters.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.pdf import document, layout
from companion.pdf.bidi import visual
from companion.pdf.fonts import CONDENSED_BOLD, SYNTHETIC_BOLD_FACES, covers, font_for, normal, runs
from companion.pdf.layout import MM
from companion.pdf.model import Box, Grid, NewPage, Note, ScoreSheet

if TYPE_CHECKING:
    import datetime as dt

    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas

NAME_LARGEST, NAME_SMALLEST = 10.0, 8.0
NAME_OWN_SMALLEST = 6.5   # a name with a word too long for its column at 8 pt: set down to this
NAME_LINES = 3
CELL_PAD = 2.0            # points left and right inside a cell
SEATS = "ABCDEF"
NAMES_ROW_MM = 11.0       # a head to write names in
KEEP_ROWS = 20            # a grid of at most this many rows is kept on one page with its title
# Droid Sans Fallback and NanumSquare have no bold here: bold CJK names are drawn filled and
# stroked, the stroke's width a share of the font size (fonts.SYNTHETIC_BOLD_FACES)


@cache
def _style(style: str, font: str, size: float | None, align: int | None) -> ParagraphStyle:
    from reportlab.lib.styles import ParagraphStyle

    kw: dict[str, Any] = {"fontName": font}
    if size is not None:
        kw.update(fontSize=size, leading=size * 1.2)
    if align is not None:
        kw["alignment"] = align
    if font.startswith("DroidSans"):
        kw["wordWrap"] = "CJK"
    return ParagraphStyle(f"{style}-{font}-{size}-{align}", document.styles()[style], **kw)


def text(value: str, style: str = "cell", *, bold: bool = False, size: float | None = None,
         align: int | None = None) -> Paragraph | str:
    """A paragraph of plain text in the font that covers it (player names may be CJK),
    right-to-left names in their printed order (:mod:`companion.pdf.bidi`); an empty cell
    stays an empty string."""
    if not value:
        return ""
    value = visual(normal(value))
    base = document.styles()[style]
    bold = bold or base.fontName.endswith("Bold")
    parts = runs(value, bold)
    if len(parts) == 1:
        return Paragraph(escape(value), _style(style, parts[0][0], size, align))
    body = "".join(f'<font face="{font}">{escape(run)}</font>' for font, run in parts)
    return Paragraph(body, _style(style, parts[0][0], size, align))


def name_font(name: str) -> str:
    """A name head's font: DejaVu Sans Condensed Bold (a long name keeps 8 pt and whole
    words in a narrow column), else the bold of the face that covers the name (as
    printed: a right-to-left name's letters in their joined forms)."""
    name = visual(normal(name), None)
    if covers(CONDENSED_BOLD.name, name):
        return CONDENSED_BOLD.name
    return font_for(name, bold=True)


def name_measure(name: str) -> Callable[[str], float]:
    """A name head's width at 1 pt of a piece of ``name``, as printed (font, order, forms)."""
    font = name_font(name)
    return lambda piece: stringWidth(visual(piece, None), font, 1)


def name_size(names: list[str], width: float) -> float:
    """One size for a row of names in columns ``width`` points wide (≥ 8 pt, ≤ 3 lines,
    words whole). A name with a word too long for the column even at 8 pt is left out:
    it gets a size of its own (:class:`NameCell`), so the others keep theirs."""
    names = [normal(n) for n in names if n]
    names = [n for n in names if layout.wrap_name(n, width, NAME_SMALLEST, name_measure(n)) is not None]
    size = NAME_LARGEST
    while size > NAME_SMALLEST:
        if all((ls := layout.wrap_name(n, width, size, name_measure(n))) is not None
               and len(ls) <= NAME_LINES for n in names):
            return size
        size -= 0.5
    return NAME_SMALLEST


if TYPE_CHECKING:
    class _Flowable:
        """What :class:`NameCell` and :class:`SeatBox` take from reportlab's Flowable, as
        mypy is to see it: reportlab ships no types, so its Flowable is ``Any``, which
        ``--strict`` refuses as a base class (and which would check nothing of the two).
        At run time they subclass reportlab's own."""

        canv: Canvas        # set by reportlab before it calls draw()
        width: float
        height: float

        def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]: ...
        def draw(self) -> None: ...
else:
    _Flowable = Flowable


class NameCell(_Flowable):
    """A player's name in bold, centred, in whole words over as few lines as fit. A
    name with no bold face (Chinese, Japanese, Korean) is drawn with a thin outline so it
    is as bold as the rest. A right-to-left name is wrapped in its logical order and each
    line printed in its visual order (:mod:`companion.pdf.bidi`). A word too long for the
    column at 8 pt (one word of 17 letters or more at five or six players) is never
    broken: that name alone is set smaller, down to ``NAME_OWN_SMALLEST``, and beyond that
    narrowed to fit."""

    def __init__(self, name: str, width: float, size: float) -> None:
        super().__init__()
        self.name = normal(name)
        self.font = name_font(self.name)
        self.avail = width
        measure = name_measure(self.name)
        lines = layout.wrap_name(self.name, width, size, measure)
        while lines is None and size > NAME_OWN_SMALLEST:
            size -= 0.5
            lines = layout.wrap_name(self.name, width, size, measure)
        if lines is None:        # still too wide: one word a line, each narrowed to the column
            lines = [piece for piece, _glue in layout.name_pieces(self.name)]
        self.size = size
        self.lines = [visual(ln, None) for ln in lines]
        self.stroke = SYNTHETIC_BOLD_FACES.get(self.font, 0.0)

    @property
    def leading(self) -> float:
        return self.size * 1.18

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # reportlab's names
        self.width = availWidth
        self.height = self.leading * len(self.lines)
        return self.width, self.height

    def line_scale(self, line: str) -> float:
        """The horizontal scale (1 = none) that fits ``line`` into the column."""
        w = stringWidth(line, self.font, self.size)
        return min(1.0, self.avail / w) if w else 1.0

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFillColor(document.INK)
        if self.stroke:
            c.setStrokeColor(document.INK)
            c.setLineWidth(self.size * self.stroke)
        for i, ln in enumerate(self.lines):
            y = self.height - (i + 1) * self.leading + (self.leading - self.size) / 2 + self.size * 0.2
            t = c.beginText()
            t.setFont(self.font, self.size)
            if self.stroke:
                t.setTextRenderMode(2)
            scale = self.line_scale(ln)
            if scale < 1:
                t.setHorizScale(scale * 100)
            w = stringWidth(ln, self.font, self.size) * scale
            t.setTextOrigin((self.width - w) / 2, y)
            t.textOut(ln)
            c.drawText(t)
        c.restoreState()


class SeatBox(_Flowable):
    """A blank name head to write in: the seat's letter small in its top left corner."""

    def __init__(self, letter: str, height: float) -> None:
        super().__init__()
        self.letter = letter
        self.box_height = height

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = self.box_height
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFillColor(document.GREY)
        c.setFont(document.FONT_BOLD, 7)
        c.drawString(0, self.height - 7, self.letter)
        c.restoreState()


def seat_letter(i: int) -> str:
    return SEATS[i] if i < len(SEATS) else str(i + 1)


def _head_cells(block: Grid, widths: list[float]) -> tuple[list[Flowable | str], float]:
    """The head row of a grid and its height (points)."""
    lead_n = len(block.lead)
    cols = widths[lead_n:lead_n + len(block.players)]
    inner = [w - 2 * CELL_PAD for w in cols]
    names = [p for p in block.players if p]
    size = name_size(names, min(inner)) if names else NAME_LARGEST
    head: list[Flowable | str] = [text(h, "cellbold", size=8) for h in block.lead]
    height = max(10 * MM, block.row_height * MM)
    for i, (name, w) in enumerate(zip(block.players, inner, strict=True)):
        cell: NameCell | SeatBox | Paragraph | str
        if name:
            cell = NameCell(name, w, size)
            height = max(height, cell.leading * len(cell.lines) + 4)
        elif block.names_here:
            cell = SeatBox(seat_letter(i), NAMES_ROW_MM * MM - 4)
            height = max(height, NAMES_ROW_MM * MM)
        else:
            cell = text(seat_letter(i), "cellbold", size=10, align=_centre())
        head.append(cell)
    notes = list(block.tail_notes) + [""] * (len(block.tail) - len(block.tail_notes))
    tail_w = widths[lead_n + len(block.players):]
    for h, sub, w in zip(block.tail, notes, tail_w, strict=True):
        body = f"<b>{escape(h)}</b>" + (f'<br/><font size="7.5">{escape(sub)}</font>' if sub else "")
        cell = Paragraph(body, _style("cell", document.FONT, 8, _centre()))
        height = max(height, cell.wrap(w - 2 * CELL_PAD, 1000)[1] + 4)
        head.append(cell)
    return head, height


def _centre() -> int:
    from reportlab.lib.enums import TA_CENTER

    centre: int = TA_CENTER
    return centre


def grid_style(block: Grid) -> list[tuple[object, ...]]:
    """The table style of a grid: rules, and shading only on labels and on the cells
    the sheet marks (a winner's); every column written in stays white."""
    lead_n, players_n = len(block.lead), len(block.players)
    labels = min(block.labels, lead_n)
    style = [
        ("FONTNAME", (0, 0), (-1, -1), document.FONT),
        ("GRID", (0, 0), (-1, -1), 0.5, document.INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    # labels are shaded: the head's labels, and the label columns; all else is written in
    if labels:
        style.append(("BACKGROUND", (0, 0), (labels - 1, -1), document.SHADE))
    if lead_n > labels:
        style.append(("BACKGROUND", (labels, 0), (lead_n - 1, 0), document.SHADE))
    names_written = block.names_here and not any(block.players)
    if names_written:   # boxes to write the names in: white, the seat letter at the top
        style.append(("VALIGN", (lead_n, 0), (lead_n + players_n - 1, 0), "TOP"))
    else:               # printed names or seat letters: labels
        style.append(("BACKGROUND", (lead_n, 0), (lead_n + players_n - 1, 0), document.SHADE))
    if block.tail:
        style.append(("BACKGROUND", (lead_n + players_n, 0), (-1, 0), document.SHADE))
    for i, row in enumerate(block.rows, 1):
        if row.strong:
            style.append(("LINEABOVE", (0, i), (-1, i), 1.3, document.INK))
    for r in block.rules_after:
        style.append(("LINEBELOW", (0, r + 1), (-1, r + 1), 1.3, document.INK))
    for r, col in block.shade:
        c = lead_n + col
        style.append(("BACKGROUND", (c, r + 1), (c, r + 1), document.WIN))
    return style


def grid(block: Grid, width: float) -> list[Flowable]:
    lead_w = list(block.lead_widths) or [40.0 / max(1, len(block.lead))] * len(block.lead)
    tail_w = list(block.tail_widths) or [22.0] * len(block.tail)
    widths = layout.column_widths(width, [w * MM for w in lead_w], len(block.players),
                                  [w * MM for w in tail_w])
    head, head_h = _head_cells(block, widths)
    data = [head]
    for row in block.rows:
        cells = [text(c, bold=row.strong, size=8.5) for c in row.lead]
        cells += [text(c, bold=row.strong, size=10, align=_centre()) for c in row.cells]
        cells += [text(c, bold=row.strong, size=10, align=_centre()) for c in row.tail]
        data.append(cells)
    heights = [head_h]
    for cells in data[1:]:        # a row grows if a name in it needs two lines
        need = max((c.wrap(w - 2 * CELL_PAD, 1000)[1] + 2 for c, w in zip(cells, widths, strict=True)
                    if isinstance(c, Paragraph)), default=0.0)
        heights.append(max(block.row_height * MM, need))
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    style = grid_style(block)
    table.setStyle(TableStyle(style))
    parts: list[Flowable] = []
    if block.title:
        parts.append(text(block.title, "h2"))
    parts.append(table)
    # a grid that fits a page stays with its title; a longer one splits, its head repeated
    return [KeepTogether(parts)] if len(block.rows) <= KEEP_ROWS else parts


def note(block: Note) -> Flowable:
    body = escape(visual(normal(block.text)))
    if block.house_rule:
        mark = _("House rule:")
        body = f"<b>{escape(mark)}</b> {body}"
    return Paragraph(body, document.styles()["note"])


def box(block: Box, width: float) -> Flowable:
    st = document.styles()
    rows: list[list[Flowable | str]] = [[Paragraph(escape(block.title), st["box_title"]), ""]]
    for label, value in block.fields:
        rows.append([text(label), text(value, bold=True) if value else ""])
    for label, marked in block.choices:
        mark = "☒" if marked else "☐"
        rows.append([text(f"{mark}  {label}", bold=marked), ""])
    t = Table(rows, colWidths=[width * 0.62, width * 0.38], hAlign="LEFT",
              rowHeights=[7.5 * MM] * len(rows))
    style = [
        ("FONTNAME", (0, 0), (-1, -1), document.FONT),
        ("BOX", (0, 0), (-1, -1), 1, document.INK),
        ("SPAN", (0, 0), (1, 0)),
        ("BACKGROUND", (0, 0), (-1, 0), document.SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    for i in range(1, len(block.fields) + 1):
        style.append(("LINEBELOW", (1, i), (1, i), 0.5, document.INK))
    t.setStyle(TableStyle(style))
    return KeepTogether([Spacer(1, 3 * MM), t])


def header(sheet: ScoreSheet, width: float, date: str) -> Flowable:
    """The title and what the sheet is, with a field for the day's date on the right
    (filled in only when a date is given)."""
    st = document.styles()
    field_w = 48 * MM
    left = [part for part in (text(sheet.title, "title"), text(sheet.subtitle, "subtitle")) if part]
    right: list[Flowable] = [Paragraph(escape(_("Date")), st["field_label"]),
                             text(date, bold=True, size=10) if date else Spacer(1, 12)]
    t = Table([[left, right]], colWidths=[width - field_w, field_w], hAlign="LEFT")
    t.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), document.FONT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (0, 0), 4 * MM),
        ("RIGHTPADDING", (1, 0), (1, 0), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("LINEBELOW", (1, 0), (1, 0), 0.8, document.INK),
        ("BOTTOMPADDING", (1, 0), (1, 0), 1.5),
    ]))
    return t


def story(sheet: ScoreSheet, paper: str, date: str = "") -> list[Flowable]:
    width = document.sheet_frame_width(paper)
    out: list[Flowable] = [header(sheet, width, date), Spacer(1, 1 * MM)]
    for block in sheet.blocks:
        if isinstance(block, Grid):
            out.extend(grid(block, width))
        elif isinstance(block, Note):
            out.append(note(block))
        elif isinstance(block, Box):
            out.append(box(block, width * 0.75))
        elif isinstance(block, NewPage):
            out.append(PageBreak())
        else:  # pragma: no cover - the model lists every block
            raise TypeError(f"unknown block {block!r}")
    return out


class SheetDoesNotFit(CompanionError):
    """A part of a score sheet too big for any page: said in one line, never a layout traceback."""

    def __init__(self, sheet: ScoreSheet, paper: str) -> None:
        language = i18n.LANGUAGES.get(i18n.language(), i18n.language())
        super().__init__(_("{title}: a part of the sheet does not fit a {paper} page ({language}); "
                           "please report this").format(title=sheet.title, paper=PAPER_NAMES.get(paper, paper),
                                                        language=language))


PAPER_NAMES = {"a4": "A4", "letter": "Letter"}


def render(sheet: ScoreSheet, paper: str, date: dt.date | None, *, date_field: str = "") -> bytes:
    """``date``: the day a filled sheet is printed (its footer); a blank or named pad
    prints none. ``date_field``: the date to write in the sheet's Date field.

    A sheet whose grids have spare blank rows (``Grid.spare``) is printed on as few pages
    as it needs: where the last page would hold only what spare rows pushed onto it (the
    German notes run longer; Letter is shorter than A4), as few rows are left off as
    keep it on the pages it needs."""
    from reportlab.platypus.doctemplate import LayoutError

    def build(drop: int) -> tuple[bytes, int]:
        printed = trimmed(sheet, drop)
        return document.sheet_pdf_pages(story(printed, paper, date_field), paper=paper, title=sheet.title,
                                        label=sheet.title, date=date if sheet.filled else None)

    try:
        data, pages = build(0)
        most = max((b.spare for b in sheet.blocks if isinstance(b, Grid)), default=0)
        if most and pages > (sheet.pages or 1):
            tight, fewest = build(most)
            if fewest < pages:
                low, high = 1, most          # the fewest rows to leave off that keep it on `fewest` pages
                while low < high:
                    mid = (low + high) // 2
                    if build(mid)[1] == fewest:
                        high = mid
                    else:
                        low = mid + 1
                data = tight if low == most else build(low)[0]
        return data
    except LayoutError:
        raise SheetDoesNotFit(sheet, paper) from None


def trimmed(sheet: ScoreSheet, drop: int) -> ScoreSheet:
    """``sheet`` with up to ``drop`` of each grid's spare rows left off (from its end)."""
    if drop <= 0:
        return sheet
    from dataclasses import replace

    blocks = tuple(replace(b, rows=b.rows[:len(b.rows) - min(drop, b.spare)], spare=b.spare - min(drop, b.spare))
                   if isinstance(b, Grid) and b.spare else b for b in sheet.blocks)
    return replace(sheet, blocks=blocks)
