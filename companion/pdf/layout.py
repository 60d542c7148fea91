"""Layout maths for the printables: paper sizes, card cells, cut marks, column
widths, font sizes, where a name may wrap. Pure functions on millimetres and
points; no reportlab."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MM = 72 / 25.4  # points per millimetre

# width, height in mm, portrait
PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
}
SHEET_PAPERS = ("a4", "letter")
# Rules cards: one A6 card per A6 page; two on landscape A5; four on A4 or US Letter.
CARD_SHEETS = ("a6", "a5", "a4", "letter")

# A card cut from a sheet of two or four: the same size on every paper (a hair
# smaller than A6, so that the cards leave room round them for the cut marks).
CUT_CARD_MM = (97.0, 131.5)
CARD_INSET_A6 = 8.0       # mm from an A6 page's edge (the card's own edge) to its text
CARD_INSET_CUT = 4.5      # mm from a cut card's edge to its text
SHEET_EDGE_MIN = 8.0      # mm: on sheets of several cards, text is at least this far from the paper edge
# The text of one face: the same width on every sheet, so a card reads the same
# whatever it is printed on, and at least this high (a taller card gives its foot
# more room); the footer line sits under it.
FACE_MM = (88.0, 118.0)
FOOTER_MM = 4.5
MARK_GAP = 2.0            # mm between a card's corner and its cut mark
MARK_LENGTH = 6.0         # mm, at most; never past the paper edge

Rect = tuple[float, float, float, float]      # x, y, width, height (mm, origin bottom left)
Segment = tuple[float, float, float, float]   # x1, y1, x2, y2 (mm)


def paper_points(paper: str) -> tuple[float, float]:
    w, h = PAPER_MM[paper]
    return w * MM, h * MM


@dataclass(frozen=True)
class CardPage:
    """A page of rules cards: its size (mm), its cards (in reading order) and how far
    inside each card its text starts."""

    width: float
    height: float
    cells: tuple[Rect, ...]
    inset: float

    @property
    def block(self) -> Rect:
        """The rectangle all cards cover together."""
        x0 = min(c[0] for c in self.cells)
        y0 = min(c[1] for c in self.cells)
        x1 = max(c[0] + c[2] for c in self.cells)
        y1 = max(c[1] + c[3] for c in self.cells)
        return x0, y0, x1 - x0, y1 - y0


def card_page(sheet: str) -> CardPage:
    """The page (mm) that carries rules cards and its cards: one A6 card filling an A6
    page; two side by side on landscape A5; four (2 × 2) on A4 or Letter. Cards
    on a sheet of several share their cut lines and sit centred, so the paper
    round them holds the cut marks."""
    if sheet == "a6":
        w, h = PAPER_MM["a6"]
        return CardPage(w, h, ((0.0, 0.0, w, h),), CARD_INSET_A6)
    if sheet == "a5":
        w, h = PAPER_MM["a5"][1], PAPER_MM["a5"][0]   # landscape: 210 × 148
        cols, rows = 2, 1
    elif sheet in ("a4", "letter"):
        w, h = PAPER_MM[sheet]
        cols, rows = 2, 2
    else:
        raise ValueError(f"unknown card sheet {sheet!r}")
    cw, ch = CUT_CARD_MM
    x0, y0 = (w - cols * cw) / 2, (h - rows * ch) / 2
    cells = tuple((x0 + c * cw, y0 + (rows - 1 - r) * ch, cw, ch)
                  for r in range(rows) for c in range(cols))
    return CardPage(w, h, cells, CARD_INSET_CUT)


def face_rect(cell: Rect, inset: float) -> Rect:
    """Where a face's text goes in a card: the face box's width, centred across, from
    the top inset down to the footer (at least ``FACE_MM`` high on every sheet)."""
    x, y, w, h = cell
    fw = FACE_MM[0]
    return x + (w - fw) / 2, y + inset + FOOTER_MM, fw, h - 2 * inset - FOOTER_MM


def footer_line(cell: Rect, inset: float) -> tuple[float, float, float]:
    """The footer's baseline in a card: x, y and its width (mm), at the bottom inset."""
    fx, _, fw, _ = face_rect(cell, inset)
    return fx, cell[1] + inset, fw


def cut_marks(page: CardPage) -> list[Segment]:
    """Crop marks for a sheet of several cards, in the paper round the cards only:
    each cut line (the outer edges and the lines between cards) gets a short mark at
    both of its ends, starting a little way out from the cards so that no mark is
    drawn on a card or along its edge. None for a single card."""
    if len(page.cells) < 2:
        return []
    bx, by, bw, bh = page.block
    xs = sorted({round(v, 4) for c in page.cells for v in (c[0], c[0] + c[2])})
    ys = sorted({round(v, 4) for c in page.cells for v in (c[1], c[1] + c[3])})
    out: list[Segment] = []
    top, right = by + bh, bx + bw
    below = min(MARK_LENGTH, by - MARK_GAP)
    above = min(MARK_LENGTH, page.height - top - MARK_GAP)
    left = min(MARK_LENGTH, bx - MARK_GAP)
    beyond = min(MARK_LENGTH, page.width - right - MARK_GAP)
    for x in xs:
        if below > 0:
            out.append((x, by - MARK_GAP - below, x, by - MARK_GAP))
        if above > 0:
            out.append((x, top + MARK_GAP, x, top + MARK_GAP + above))
    for y in ys:
        if left > 0:
            out.append((bx - MARK_GAP - left, y, bx - MARK_GAP, y))
        if beyond > 0:
            out.append((right + MARK_GAP, y, right + MARK_GAP + beyond, y))
    return out


def column_widths(total: float, lead: Sequence[float], players: int,
                  tail: Sequence[float] = ()) -> list[float]:
    """Lead and tail columns keep their widths; the players share the rest equally."""
    rest = total - sum(lead) - sum(tail)
    if players <= 0:
        return list(lead) + list(tail)
    if rest <= 0:
        raise ValueError("no room left for the player columns")
    return list(lead) + [rest / players] * players + list(tail)


def fit_size(width_at_1pt: float, available: float, largest: float, smallest: float) -> float:
    """The largest font size (in 0.5 pt steps) at which text fits ``available``
    points, given its width at 1 pt; never below ``smallest`` (the text then wraps)."""
    if width_at_1pt <= 0:
        return largest
    size = min(largest, available / width_at_1pt)
    size = int(size * 2) / 2
    return max(smallest, size)


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def name_pieces(name: str) -> list[tuple[str, str]]:
    """The pieces a name may wrap between, each with the glue that joins it to the
    piece before on one line (" " or ""): breaks come after a space (dropped at a line
    end), after a hyphen, and between Chinese or Japanese characters (which need no
    spaces); never inside a Latin, Greek or Cyrillic word."""
    pieces: list[tuple[str, str]] = []
    cur, glue = "", ""
    for ch in name:
        if ch == " ":
            if cur:
                pieces.append((cur, glue))
            cur, glue = "", " "
            continue
        if _wide(ch):
            if cur:
                pieces.append((cur, glue))
                glue = ""
            pieces.append((ch, glue))
            cur, glue = "", ""
            continue
        cur += ch
        if ch in "-\u2010\u2011":
            pieces.append((cur, glue))
            cur, glue = "", ""
    if cur:
        pieces.append((cur, glue))
    return pieces


def wrap_name(name: str, width: float, size: float, measure: Callable[[str], float]) -> list[str] | None:
    """``name`` in lines no wider than ``width`` points at ``size`` (``measure`` gives
    a text's width at 1 pt), broken only between pieces; None if a piece is wider."""
    lines: list[str] = []
    for piece, glue in name_pieces(name):
        if measure(piece) * size > width:
            return None
        if lines and measure(lines[-1] + glue + piece) * size <= width:
            lines[-1] += glue + piece
        else:
            lines.append(piece)
    return lines


def fit_names(names: Sequence[str], width: float, measure: Callable[[str], float],
              largest: float = 10.0, smallest: float = 8.0, max_lines: int = 3) -> float:
    """One size (0.5 pt steps) for a row of names: the largest at which every name
    fits its column in at most ``max_lines`` lines without breaking a word; never
    below ``smallest``."""
    size = largest
    while size > smallest:
        if all((ls := wrap_name(n, width, size, measure)) is not None and len(ls) <= max_lines
               for n in names if n):
            return size
        size -= 0.5
    return smallest
