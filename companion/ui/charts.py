"""The statistics' charts drawn: bars, lines (a canvas of their own, a marker and a dash
per player so they read apart without colour), a table, and :func:`section`, which
draws whichever a section is (:mod:`companion.tallies.stats` works them out).
"""

from __future__ import annotations

from typing import Any

import flet as ft
import flet.canvas as cv

from companion.core.i18n import _
from companion.tallies import stats
from companion.ui.widgets import bold, card

PALETTE = (ft.Colors.BLUE_400, ft.Colors.ORANGE_400, ft.Colors.GREEN_400, ft.Colors.PURPLE_300,
           ft.Colors.RED_400, ft.Colors.TEAL_400)
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring")
DASHES: tuple[list[float] | None, ...] = (None, [9, 4], [2, 3], [12, 3, 2, 3], [5, 5], [1, 6])
CHART_WIDTH, CHART_HEIGHT = 320, 240     # the chart's width until it is drawn (then: its card's)
CHART_LEFT, CHART_BOTTOM, CHART_TOP, CHART_RIGHT = 48, 34, 10, 14
SIDE_BY_SIDE = 3.0        # pixels between lines that run together
BAR_WIDTH = 110           # the longest bar: room beside it for its words on a phone


# ---------------------------------------------------------------- charts


def bar_chart(chart: stats.Bars) -> ft.Control:
    """Bars as wide as their values, each with its value in words beside it."""
    top = max((v for _, v in chart.bars), default=0) or 1
    rows: list[ft.Control] = [bold(chart.title)]
    for i, (label, value) in enumerate(chart.bars):
        said = chart.words[i] if i < len(chart.words) else str(value)
        bar = ft.Container(width=max(2, round(BAR_WIDTH * value / top)), height=16, border_radius=4,
                           bgcolor=ft.Colors.PRIMARY)
        rows.append(ft.Semantics(label=f"{label}: {said}", container=True, exclude_semantics=True,
                                 content=ft.Row([ft.Text(label, width=72, no_wrap=True,
                                                         overflow=ft.TextOverflow.ELLIPSIS),
                                                 bar, ft.Text(said, expand=True)], spacing=8)))
    return card(ft.Column(rows, spacing=6))


def _ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Round values between ``low`` and ``high`` for an axis: at most ``most``, both ends in."""
    span = high - low
    if span <= 0:
        return [low]
    # the smallest of 1, 2, 5, 10, 20, 50, … that makes at most ``most`` ticks
    step = next((b * s for s in (1, 10, 100, 1000, 10000) for b in (1, 2, 5) if span / (b * s) <= most - 1),
                100000)
    first = low - low % step
    # the ends, and the round values between them not so near an end that their labels touch
    out = [v for v in range(first, high + step, step) if low + step / 2 <= v <= high - step / 2]
    return sorted({low, *out, high})


def _marker(kind: str, x: float, y: float, colour: str, r: float = 4.0) -> list[cv.Shape]:
    fill = ft.Paint(color=colour, style=ft.PaintingStyle.FILL)
    stroke = ft.Paint(color=colour, stroke_width=2, style=ft.PaintingStyle.STROKE)
    if kind == "circle":
        return [cv.Circle(x, y, r, paint=fill)]
    if kind == "ring":
        return [cv.Circle(x, y, r, paint=stroke)]
    if kind == "square":
        return [cv.Rect(x - r, y - r, 2 * r, 2 * r, paint=fill)]
    if kind == "triangle":
        return [cv.Path([cv.Path.MoveTo(x, y - r - 1), cv.Path.LineTo(x + r + 1, y + r),
                         cv.Path.LineTo(x - r - 1, y + r), cv.Path.Close()], paint=fill)]
    if kind == "diamond":
        return [cv.Path([cv.Path.MoveTo(x, y - r - 1), cv.Path.LineTo(x + r + 1, y), cv.Path.LineTo(x, y + r + 1),
                         cv.Path.LineTo(x - r - 1, y), cv.Path.Close()], paint=fill)]
    return [cv.Line(x - r, y - r, x + r, y + r, paint=stroke), cv.Line(x - r, y + r, x + r, y - r, paint=stroke)]


def chart_shapes(chart: stats.Lines, width: float, height: float = CHART_HEIGHT) -> list[cv.Shape]:
    """The chart drawn in ``width`` × ``height`` pixels: its axes with their values (the
    steps along, the values up, each said as the game says them), a faint line per value
    up, and per player a line in its own colour and dash with a marker of its own at
    every value. Lines that would lie on each other are drawn side by side, a couple of
    pixels apart, so that none hides another."""
    values = [v for _, vs in chart.series for v in vs]
    ticks = _ticks(min(values, default=0), max(values, default=1))
    low, high = ticks[0], ticks[-1]
    span = (high - low) or 1
    steps = max((len(vs) for _, vs in chart.series), default=1) - 1
    left, right = CHART_LEFT, max(width - CHART_RIGHT, CHART_LEFT + 40)
    top, bottom = CHART_TOP, height - CHART_BOTTOM
    faint = ft.Paint(color=ft.Colors.OUTLINE_VARIANT, stroke_width=1)
    axis = ft.Paint(color=ft.Colors.OUTLINE, stroke_width=1.5)
    label = ft.TextStyle(size=11, color=ft.Colors.ON_SURFACE_VARIANT)

    def at(step: int, value: float) -> tuple[float, float]:
        x = left + (right - left) * (step / steps if steps else 0.5)
        return x, bottom - (bottom - top) * (value - low) / span

    shapes: list[cv.Shape] = []
    for v in ticks:
        _x, y = at(0, v)
        shapes.append(cv.Line(left, y, right, y, paint=faint))
        shapes.append(cv.Text(left - 6, y, chart.value_text(v), style=label, alignment=ft.Alignment.CENTER_RIGHT))
    shapes += [cv.Line(left, top, left, bottom, paint=axis), cv.Line(left, bottom, right, bottom, paint=axis)]
    every = max(1, -(-steps // max(1, int((right - left) // 28))))      # step labels at least 28 px apart
    for step in range(steps + 1):
        if step % every and step != steps:
            continue
        x, _y = at(step, low)
        name = _("Start") if chart.from_start and step == 0 else str(step if chart.from_start else step + 1)
        shapes.append(cv.Line(x, bottom, x, bottom + 4, paint=axis))
        shapes.append(cv.Text(x, bottom + 6, name, style=label, alignment=ft.Alignment.TOP_CENTER))
    if chart.axis:
        shapes.append(cv.Text((left + right) / 2, height - 2, chart.axis, style=label,
                              alignment=ft.Alignment.BOTTOM_CENTER))
    n = len(chart.series)
    for i, (_name, vs) in enumerate(chart.series):
        colour = PALETTE[i % len(PALETTE)]
        lift = (i - (n - 1) / 2) * SIDE_BY_SIDE
        points = [(x, y - lift) for x, y in (at(j, v) for j, v in enumerate(vs))]
        if len(points) > 1:
            elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(*points[0])]
            elements += [cv.Path.LineTo(x, y) for x, y in points[1:]]
            shapes.append(cv.Path(elements, paint=ft.Paint(color=colour, stroke_width=2.5,
                                                           style=ft.PaintingStyle.STROKE,
                                                           stroke_dash_pattern=DASHES[i % len(DASHES)])))
        for x, y in points:
            shapes += _marker(MARKERS[i % len(MARKERS)], x, y, colour)
    return shapes


def _key_sample(i: int) -> ft.Control:
    """A player's line as the chart draws it: its colour, dash and marker."""
    colour = PALETTE[i % len(PALETTE)]
    return cv.Canvas([cv.Line(2, 8, 30, 8, paint=ft.Paint(color=colour, stroke_width=2.5,
                                                          stroke_dash_pattern=DASHES[i % len(DASHES)])),
                      *_marker(MARKERS[i % len(MARKERS)], 16, 8, colour)], width=32, height=16)


@ft.component
def LineChart(chart: stats.Lines, picker: ft.Control | None = None) -> ft.Control:
    """One line per player over the rounds, on a canvas as wide as its card; below it,
    each line in words."""
    width, set_width = ft.use_state(float(CHART_WIDTH))

    def resized(e: Any) -> None:
        if abs(e.width - width) >= 2:
            set_width(float(e.width))

    canvas = cv.Canvas(chart_shapes(chart, width), expand=True, on_resize=resized, resize_interval=100)
    legend = [ft.Row([_key_sample(i), ft.Text(_("{player}: {values}").format(
                          player=name, values=", ".join(chart.value_text(v) for v in vs)), expand=True)],
                     spacing=8)
              for i, (name, vs) in enumerate(chart.series)]
    rows: list[ft.Control] = [
        bold(chart.title),
        *([picker] if picker is not None else []),
        ft.Semantics(label=_("Chart: {title}").format(title=chart.title), exclude_semantics=True,
                     content=ft.Container(canvas, height=CHART_HEIGHT)),
        *legend]
    if chart.note:
        rows.append(ft.Text(chart.note, size=12))
    return card(ft.Column(rows, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))


def line_chart(chart: stats.Lines, picker: ft.Control | None = None) -> ft.Control:
    return LineChart(chart, picker)


def table_card(table: stats.Table) -> ft.Control:
    """A table as a few lines per row: narrow enough for a phone, read in order."""
    rows: list[ft.Control] = [bold(table.title)]
    for row in table.rows:
        pairs = "; ".join(f"{c}: {v}" for c, v in zip(table.columns[1:], row[1:], strict=True))
        rows.append(ft.Text(spans=[ft.TextSpan(row[0], ft.TextStyle(weight=ft.FontWeight.BOLD)),
                                   ft.TextSpan(f" — {pairs}")]))
    if table.note:
        rows.append(ft.Text(table.note, size=12))
    return card(ft.Column(rows, spacing=6))


def section(s: stats.Section, picker: ft.Control | None = None) -> ft.Control:
    if isinstance(s, stats.Bars):
        return bar_chart(s)
    if isinstance(s, stats.Lines):
        return line_chart(s, picker)
    return table_card(s)
