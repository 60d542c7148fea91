"""Layout maths for the printables: paper sizes, card cells, cut marks, column
widths, font sizes. Pure functions on millimetres and points; no reportlab."""

from __future__ import annotations

from collections.abc import Sequence

MM = 72 / 25.4  # points per millimetre

# width, height in mm, portrait
PAPER_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
}
SHEET_PAPERS = ("a4", "letter")
CARD_SHEETS = ("a6", "a5", "a4")
CARD_MM = PAPER_MM["a6"]

Rect = tuple[float, float, float, float]      # x, y, width, height (mm, origin bottom left)
Segment = tuple[float, float, float, float]   # x1, y1, x2, y2 (mm)


def paper_points(paper: str) -> tuple[float, float]:
    w, h = PAPER_MM[paper]
    return w * MM, h * MM


def card_page(sheet: str) -> tuple[float, float, list[Rect]]:
    """The page (mm) that carries rules cards, and its A6 cells in reading order:
    one card on A6, two side by side on landscape A5, four (2 × 2) on A4."""
    cw, ch = CARD_MM
    if sheet == "a6":
        return cw, ch, [(0.0, 0.0, cw, ch)]
    if sheet == "a5":
        w, h = PAPER_MM["a5"][1], PAPER_MM["a5"][0]   # landscape: 210 × 148
        return w, h, [(0.0, 0.0, cw, ch), (cw, 0.0, cw, ch)]
    if sheet == "a4":
        w, h = PAPER_MM["a4"]
        half = h / 2                                   # 148.5: a hair taller than A6
        return w, h, [(0.0, half, cw, half), (cw, half, cw, half),
                      (0.0, 0.0, cw, half), (cw, 0.0, cw, half)]
    raise ValueError(f"unknown card sheet {sheet!r}")


def cut_marks(width: float, height: float, cells: Sequence[Rect],
              length: float = 8.0, cross: float = 4.0) -> list[Segment]:
    """Cut marks for the lines between cells: a tick at each page edge where a cut
    line meets it, and a small cross where two cut lines meet. None for one cell."""
    xs = sorted({x for c in cells for x in (c[0], c[0] + c[2]) if 0 < x < width})
    ys = sorted({y for c in cells for y in (c[1], c[1] + c[3]) if 0 < y < height})
    out: list[Segment] = []
    for x in xs:
        out.append((x, 0.0, x, length))
        out.append((x, height - length, x, height))
    for y in ys:
        out.append((0.0, y, length, y))
        out.append((width - length, y, width, y))
    for x in xs:
        for y in ys:
            out.append((x - cross, y, x + cross, y))
            out.append((x, y - cross, x, y + cross))
    return out


def column_widths(total: float, lead: Sequence[float], players: int) -> list[float]:
    """Lead columns keep their widths; the players share the rest equally."""
    rest = total - sum(lead)
    if players <= 0:
        return list(lead)
    if rest <= 0:
        raise ValueError("no room left for the player columns")
    return list(lead) + [rest / players] * players


def fit_size(width_at_1pt: float, available: float, largest: float, smallest: float) -> float:
    """The largest font size (in 0.5 pt steps) at which text fits ``available``
    points, given its width at 1 pt; never below ``smallest`` (the text then wraps)."""
    if width_at_1pt <= 0:
        return largest
    size = min(largest, available / width_at_1pt)
    size = int(size * 2) / 2
    return max(smallest, size)
