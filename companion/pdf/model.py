"""What a printable says, as plain data: no reportlab here.

A game's ``printable.py`` builds these from player names or a refereed result;
``companion.pdf.sheet`` and ``companion.pdf.card`` lay them out. A score sheet is a
list of blocks (grids of numbers, notes, tick boxes); a rules card is one or two
faces of short sections.
"""

from __future__ import annotations

from dataclasses import dataclass

WINNER_MARK = "★"
TICK = "✓"


@dataclass(frozen=True)
class Row:
    """One line of a grid: its leading cells (a label, a round number…), then one
    cell per player. ``strong`` rows (totals) print bold."""

    lead: tuple[str, ...]
    cells: tuple[str, ...]
    strong: bool = False


@dataclass(frozen=True)
class Grid:
    """Players as columns, after ``lead`` label columns; empty cells are boxes to write in.

    ``players`` holds the column heads: names, or "" for a blank name box.
    ``winners`` are column indexes shaded as winners. ``row_height`` in mm."""

    title: str
    lead: tuple[str, ...]
    players: tuple[str, ...]
    rows: tuple[Row, ...]
    winners: tuple[int, ...] = ()
    row_height: float = 8.0
    lead_widths: tuple[float, ...] = ()  # mm; default shares 40 mm


@dataclass(frozen=True)
class Note:
    """Small print under a grid. ``house_rule`` notes start with "House rule"."""

    text: str
    rulings: tuple[str, ...] = ()
    house_rule: bool = False


@dataclass(frozen=True)
class Box:
    """A framed box: a title, lines with a value (or a space to write it), and
    choices to tick (``marked`` ones are ticked)."""

    title: str
    fields: tuple[tuple[str, str], ...] = ()
    choices: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class NewPage:
    """Start a new page here."""


Block = Grid | Note | Box | NewPage


@dataclass(frozen=True)
class ScoreSheet:
    game: str                    # 'hotdog'
    title: str                   # 'Hot Dog — score sheet'
    subtitle: str
    players: tuple[str, ...]     # names, or "" per blank column
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Section:
    """One part of a rules card: a heading, short paragraphs (a leading "• " makes a
    bullet), the rulings it follows (small print), and whether it is a house rule."""

    heading: str
    paragraphs: tuple[str, ...]
    rulings: tuple[str, ...] = ()
    house_rule: bool = False


@dataclass(frozen=True)
class RulesCard:
    game: str
    title: str
    faces: tuple[tuple[Section, ...], ...]    # front, then back
    small_print: str = ""
