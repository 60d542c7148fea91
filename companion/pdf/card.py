"""Lays out a :class:`~companion.pdf.model.RulesCard`: each face shrunk, if need be,
to fit one A6 card, then printed one per A6 page or repeated on A5/A4 sheets."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, KeepInFrame, Paragraph

from companion.pdf import document
from companion.pdf.model import RulesCard, Section


def _section(sec: Section) -> list[Flowable]:
    st = document.styles()
    head = escape(sec.heading)
    if sec.house_rule:
        head += ' <font size="6.5">· HOUSE RULE</font>'
    out: list[Flowable] = [Paragraph(head, st["card_h"])]
    for para in sec.paragraphs:
        if para.startswith("• "):
            out.append(Paragraph(escape(para[2:]), st["card_li"], bulletText="•"))
        else:
            out.append(Paragraph(escape(para), st["card_p"]))
    if sec.rulings:
        out.append(Paragraph(escape(" · ".join(sec.rulings)), st["card_small"]))
    return out


def faces(card: RulesCard) -> list:
    """One builder per face; each call gives fresh flowables fitted to one card."""
    st = document.styles()
    w, h = document.card_face_size()

    def build(i: int) -> Flowable:
        content: list[Flowable] = []
        if i == 0:
            content.append(Paragraph(escape(card.title), st["card_title"]))
        for sec in card.faces[i]:
            content.extend(_section(sec))
        if i == len(card.faces) - 1 and card.small_print:
            content.append(Paragraph(escape(card.small_print), st["card_small"]))
        return KeepInFrame(w, h, content, mode="shrink")

    return [lambda i=i: build(i) for i in range(len(card.faces))]


def render(card: RulesCard, sheet: str, date) -> bytes:
    return document.cards_pdf(faces(card), sheet=sheet, title=card.title,
                              label=card.title, date=date)
