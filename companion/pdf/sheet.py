"""Lays out a :class:`~companion.pdf.model.ScoreSheet` as platypus flowables."""

from __future__ import annotations

from functools import cache
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

from companion.pdf import document, layout
from companion.pdf.fonts import font_for, normal, runs
from companion.pdf.layout import MM
from companion.pdf.model import Box, Grid, NewPage, Note, ScoreSheet

NAME_LARGEST, NAME_SMALLEST = 10.0, 6.0
CELL_PAD = 2.0  # points left and right inside a cell


@cache
def _style(style: str, font: str, size: float | None, align: int | None):
    from reportlab.lib.styles import ParagraphStyle

    kw: dict = {"fontName": font}
    if size is not None:
        kw.update(fontSize=size, leading=size * 1.2)
    if align is not None:
        kw["alignment"] = align
    if font.startswith("DroidSans"):
        kw["wordWrap"] = "CJK"
    return ParagraphStyle(f"{style}-{font}-{size}-{align}", document.styles()[style], **kw)


def text(value: str, style: str = "cell", *, bold: bool = False, size: float | None = None,
         align: int | None = None) -> Paragraph | str:
    """A paragraph of plain text in the font that covers it (player names may be CJK);
    an empty cell stays an empty string."""
    if not value:
        return ""
    value = normal(value)
    base = document.styles()[style]
    bold = bold or base.fontName.endswith("Bold")
    parts = runs(value, bold)
    if len(parts) == 1:
        return Paragraph(escape(value), _style(style, parts[0][0], size, align))
    body = "".join(f'<font face="{font}">{escape(run)}</font>' for font, run in parts)
    return Paragraph(body, _style(style, parts[0][0], size, align))


def name_cell(name: str, width: float) -> Paragraph:
    """A player's name, shrunk to fit its column (down to 6 pt, then wrapped anywhere)."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    name = normal(name)
    font = font_for(name, bold=True)
    size = layout.fit_size(stringWidth(name, font, 1), width - 2 * CELL_PAD, NAME_LARGEST, NAME_SMALLEST)
    st = ParagraphStyle(f"name-{font}-{size}", document.styles()["cellbold"], fontName=font,
                        fontSize=size, leading=size * 1.2, alignment=TA_CENTER, wordWrap="CJK")
    return Paragraph(escape(name), st)


def grid(block: Grid, width: float) -> list[Flowable]:
    from reportlab.lib.enums import TA_CENTER

    lead_w = list(block.lead_widths) or [40.0 / max(1, len(block.lead))] * len(block.lead)
    widths = layout.column_widths(width, [w * MM for w in lead_w], len(block.players))
    head = [text(h, "cellbold", size=8) for h in block.lead]
    for name, w in zip(block.players, widths[len(block.lead):]):
        head.append(name_cell(name, w) if name else "")
    data = [head]
    for row in block.rows:
        cells = [text(c, bold=row.strong, size=8.5) for c in row.lead]
        cells += [text(c, bold=row.strong, size=10, align=TA_CENTER) for c in row.cells]
        data.append(cells)
    heights = [max(10 * MM, block.row_height * MM)] + [block.row_height * MM] * len(block.rows)
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    style = [
        ("FONTNAME", (0, 0), (-1, -1), document.FONT),
        ("GRID", (0, 0), (-1, -1), 0.5, document.INK),
        ("BACKGROUND", (0, 0), (-1, 0), document.SHADE),
        ("BACKGROUND", (0, 1), (len(block.lead) - 1, -1), document.SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    for i, row in enumerate(block.rows, 1):
        if row.strong:
            style.append(("LINEABOVE", (0, i), (-1, i), 1.3, document.INK))
    for col in block.winners:
        c = len(block.lead) + col
        style.append(("BACKGROUND", (c, 0), (c, -1), document.WIN))
    table.setStyle(TableStyle(style))
    parts: list[Flowable] = []
    if block.title:
        parts.append(text(block.title, "h2"))
    parts.append(table)
    # a short grid stays with its title; a long one (many rounds) splits, its head repeated
    return [KeepTogether(parts)] if len(block.rows) <= 16 else parts


def note(block: Note) -> Flowable:
    prefix = "House rule " if block.house_rule else ""
    ids = f" ({', '.join(block.rulings)})" if block.rulings else ""
    body = escape(normal(block.text))
    if prefix:
        body = f"<b>{prefix}{escape(block.rulings[0]) if block.rulings else ''}:</b> {body}"
        ids = f" ({', '.join(block.rulings[1:])})" if len(block.rulings) > 1 else ""
    return Paragraph(body + escape(ids), document.styles()["note"])


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
    for i, (label, value) in enumerate(block.fields, 1):
        style.append(("LINEBELOW", (1, i), (1, i), 0.5, document.INK))
    t.setStyle(TableStyle(style))
    return KeepTogether([Spacer(1, 3 * MM), t])


def story(sheet: ScoreSheet, paper: str) -> list[Flowable]:
    width = document.sheet_frame_width(paper)
    out: list[Flowable] = [text(sheet.title, "title"), text(sheet.subtitle, "subtitle")]
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


def render(sheet: ScoreSheet, paper: str, date) -> bytes:
    return document.sheet_pdf(story(sheet, paper), paper=paper, title=sheet.title,
                              label=sheet.title, date=date)
