"""What a printable says, as plain data: no reportlab here.

A game's ``printable.py`` builds these from player names or a refereed result;
``companion.pdf.sheet`` and ``companion.pdf.card`` lay them out. A score sheet is a
list of blocks (grids of numbers, notes, tick boxes); a rules card is two faces of
short sections.

Rulings are kept with what they back (``rulings``, ``sources``) so that every
sentence can be traced to its rule text or ruling, but they are not printed: the
app explains its rulings, the paper speaks to players.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.i18n import N_

WINNER_MARK = "★"
TICK = "✓"

# How a sentence on a rules card is marked: decided by a ruling where the rule
# texts leave it open, or a house rule (not in the rules: a default to agree on).
RULING = "ruling"
HOUSE = "house"
# The one line of small print on a rules card's back: what the marks mean.
MARKS_LEGEND = N_("(ruling): the rule texts leave it open; companion's rulings settle it. "
                "HOUSE\u00a0RULE: not in the rules; agree another at setup.")


@dataclass(frozen=True)
class Row:
    """One line of a grid: its leading cells (a label, a round number…), one cell per
    player, then its trailing cells (a sum…). ``strong`` rows (totals) print bold."""

    lead: tuple[str, ...]
    cells: tuple[str, ...]
    strong: bool = False
    tail: tuple[str, ...] = ()


@dataclass(frozen=True)
class Grid:
    """Players as columns between ``lead`` and ``tail`` columns; empty cells are boxes
    to write in.

    ``players`` holds the column heads: names, or "" where a name is to be written.
    Only the first ``labels`` lead columns are labels (shaded); every other column is
    written in and stays white. ``shade`` lists (row, player) cells to shade, e.g. a
    winner's score (row counts from 0 at the first of ``rows``). ``names_here``: a
    blank sheet's names are written in this grid's head (tall boxes); in any other
    grid a blank head shows only the seat letter. ``row_height`` in mm."""

    title: str
    lead: tuple[str, ...]
    players: tuple[str, ...]
    rows: tuple[Row, ...]
    shade: tuple[tuple[int, int], ...] = ()
    row_height: float = 8.0
    lead_widths: tuple[float, ...] = ()  # mm; default shares 40 mm
    labels: int = 1
    tail: tuple[str, ...] = ()
    tail_widths: tuple[float, ...] = ()  # mm
    tail_notes: tuple[str, ...] = ()     # a small second line under each tail head
    names_here: bool = False
    rules_after: tuple[int, ...] = ()    # a heavier line under these rows (0-based)
    #: How many of the last rows are blank rows to write in that may be left off: where a
    #: sheet would spill onto a page it needs only for them (a longer language, a shorter
    #: paper), as few are left off as keep it on its pages.
    spare: int = 0


@dataclass(frozen=True)
class Note:
    """Small print under a grid. ``house_rule`` notes start with "House rule:".
    ``rulings`` are what the note follows (kept for tracing, not printed)."""

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
    """``filled``: filled in from a record (the footer then says when it was printed);
    a blank or named pad carries no date but a field to write the day's date in."""

    game: str                    # 'hotdog'
    title: str                   # 'Hot Dog — score sheet'
    subtitle: str
    players: tuple[str, ...]     # names, or "" per blank column
    blocks: tuple[Block, ...]
    filled: bool = False
    #: The pages a pad is made for: it keeps to them, leaving off spare blank rows
    #: (``Grid.spare``) where a language or paper would push it over. None: as many as it needs.
    pages: int | None = None


@dataclass(frozen=True)
class Line:
    """One sentence or bullet of a rules card. ``mark``: RULING or HOUSE (or "").
    ``sources``: where it comes from — a rule text line as "<file>:<line>" or
    "<file>:<first>-<last>" (files by their number, e.g. "001:50"), or a ruling id."""

    text: str
    sources: tuple[str, ...]
    mark: str = ""
    bullet: bool = False


def bullet(text: str, *sources: str, mark: str = "") -> Line:
    return Line(text, tuple(sources), mark, bullet=True)


def line(text: str, *sources: str, mark: str = "") -> Line:
    return Line(text, tuple(sources), mark)


@dataclass(frozen=True)
class Table:
    """A small table on a rules card (e.g. what changes with the number of players):
    the first row is the head, the first column the labels. A cell may be a Line
    (to carry a mark)."""

    rows: tuple[tuple[str | Line, ...], ...]
    sources: tuple[str, ...]
    widths: tuple[float, ...] = ()     # shares of the width; default: first column 2×


@dataclass(frozen=True)
class Section:
    """One part of a rules card: a heading, then a table and lines. ``house_rule``
    labels the whole section (its heading) a house rule; ``boxed`` frames it (the
    common mistakes)."""

    heading: str
    lines: tuple[Line, ...] = ()
    table: Table | None = None
    house_rule: bool = False
    boxed: bool = False
    sources: tuple[str, ...] = ()      # for a house-rule section: the ruling behind it


@dataclass(frozen=True)
class RulesCard:
    game: str
    title: str
    faces: tuple[tuple[Section, ...], ...]    # front, then back
    small_print: str = ""
