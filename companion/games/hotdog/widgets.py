"""Hot Dog's pieces drawn alike on the table screen and on the phones: a round's lines
(:func:`companion.games.hotdog.present.round_lines`), a bid's pickers, the neutral
tables as cards with their places, and the score grids."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.core import i18n
from companion.core.grid import GridRow as GridLine
from companion.games.hotdog.explain import hot_dogs
from companion.games.hotdog.forms import Draft, announced, dollar_choices, hot_dog_choices, last_hot_dog, paying, picked
from companion.games.hotdog.i18n import N_, _, ngettext
from companion.games.hotdog.present import Line, TableView, bid_text
from companion.ui.widgets import ScoreGrid, bold, card
from companion.ui.widgets.chip_style import chip_style
from companion.ui.widgets.memo import memoized
from companion.ui.widgets.named import accessible, silent

Key = str | None
"""A component's ``key=``: flet's renderer takes it to name the component in the tree;
the component's own code never gets it (declared so that a typed call may pass it)."""

Put = Callable[[Callable[[Draft], Draft]], None]   # a change to one draft, from its latest value


def draw(lines: Sequence[Line]) -> list[ft.Control]:
    """A round's lines as controls: a served step is a card of its own (``step-<n>``)."""
    out: list[ft.Control] = []
    for line in lines:
        if line.kind == "step":
            out.append(card(ft.Column([
                bold(f"{line.number}. {line.text}"),
                ft.Text(line.why),
                ft.Text(_("Rulings: {ids}").format(ids=", ".join(line.rulings)), size=12, italic=True),
            ], spacing=4), f"step-{line.number}"))
        elif line.kind == "bold":
            out.append(bold(line.text))
        else:
            out.append(ft.Text(line.text))
    return out


NOT_ENTERED = N_("Not entered yet: tap the table and hot dogs the bid lies with.")
SECRET_NOT_ENTERED = N_("Not entered yet: tap the table and the hot dogs you bid.")   # passing the phone
MINE_NOT_ENTERED = N_("Not entered yet: tap the table and hot dogs of my bid.")
# A picker row: its label (a table's value, or $) and ten cells of equal width that
# share the card's width (a 360 px phone included): a table's chips 1 up to its value,
# and in the last cell its "more" chip (one hot dog beyond what the table holds, HD-8).
CHIP_HEIGHT, CHIP_GAP, LABEL_WIDTH, CELLS = 40, 2, 16, 10


def _chip(name: str, text: str, on: bool, pick: Callable[[], None]) -> ft.Control:
    """One tap target of a picker, filling its cell: ``name`` is what a screen reader
    says (and a test finds it by), marked selected when chosen; every chip is the same
    kind of control, chosen or not, so a tap never lands on one being swapped for
    another. A card drawn disabled disables it (it looks the same)."""
    return accessible(   # it fills its cell itself: a Container around it would be one control more per chip
        name, ft.Button(silent(text), on_click=lambda e: pick(), height=CHIP_HEIGHT,
                        style=chip_style(on, 0, radius=8)),
        selected=on, expand=1)


@ft.component
def _picker_chip(name: str, text: str, on: bool, put: Put, table: int | None, n: int, *,
                 key: Key = None) -> ft.Control:
    """:func:`_chip` as a memoized component: ``table`` None, the dollar chip paying ``n``;
    else the hot-dog chip of ``n`` at ``table``. A row a tap changed is drawn again, but
    of its chips only those whose light went on or off (two, mostly) are built: the
    others (four controls each: the named node, the button, its words) stay as they were."""
    change = paying(n) if table is None else picked(table, n)
    return _chip(name, text, on, lambda: put(change))


_memo_chip = memoized(_picker_chip)


def _cell() -> ft.Control:
    return ft.Container(expand=1, height=CHIP_HEIGHT)


def _picker_row(label: str, chips: list[ft.Control], last: ft.Control | None = None) -> ft.Control:
    """A row of chips after its label, in cells of one width (at least ``CELLS`` of
    them, the chips first, ``last`` in the last cell), so the rows of a card line up
    and no row wraps when another is tapped."""
    cells = [*chips, *(_cell() for _unused in range(CELLS - len(chips) - (last is not None)))]
    if last is not None:
        cells.append(last)
    return ft.Row([ft.Text(label, size=15, weight=ft.FontWeight.BOLD, width=LABEL_WIDTH), *cells],
                  spacing=CHIP_GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def hot_dog_name(player: str, table: int, n: int) -> str:
    """A hot-dog chip as read out: 'Anna: 5 table, 2 hot dogs'."""
    return _("{player}: {table} table, {hotdogs}").format(player=player, table=table, hotdogs=hot_dogs(n))


def dollar_name(player: str, n: int) -> str:
    """A dollar chip as read out: 'Anna: 1 dollar' (its row is marked $; an amount
    written '$1' is kept for money and bids said in words)."""
    return ngettext("{player}: {n} dollar", "{player}: {n} dollars", n).format(player=player, n=i18n.number(n))


@dataclass(frozen=True)
class PlayerPut:
    """A change to ``player``'s draft through ``put`` (a table's put for every player):
    equal from one render to the next when ``put`` is, so a memoized picker row keeps
    it (:class:`companion.games.hotdog.round_entry.BidPut` is such a put)."""

    put: Callable[[str, Callable[[Draft], Draft]], None]
    player: str

    def __call__(self, change: Callable[[Draft], Draft]) -> None:
        self.put(self.player, change)


@ft.component
def _table_row(player: str, table: int, chosen: int | None, put: Put, language: str, *,
               key: Key = None) -> ft.Control:
    """A table's hot-dog chips, ``chosen``: the hot dogs picked at this table (None: the
    bid is not at this table). ``language``: what it is worded in (a value of the memo)."""
    t, p = table, player
    n_more = chosen if chosen is not None and chosen > t else None
    more = n_more if n_more is not None else t + 1

    return _picker_row(str(t), [
        _memo_chip(hot_dog_name(p, t, n), str(n), chosen == n, put, t, n) for n in hot_dog_choices(t)],
        _memo_chip(hot_dog_name(p, t, more), str(more) if n_more is not None else f"{more}+", n_more is not None,
                   put, t, more + 1 if n_more is not None else more))


@ft.component
def _dollar_row(player: str, choices: range, chosen: int, put: Put, language: str, *,
                key: Key = None) -> ft.Control:
    """The dollar chips, ``chosen`` lit. ``language``: as for :func:`_table_row`."""

    return _picker_row("$", [_memo_chip(dollar_name(player, n), str(n), chosen == n, put, None, n) for n in choices])


# A tap on a chip changes one or two tables' rows and the dollars: the other rows of the
# card are neither built nor compared again (memoized: every argument is a value).
_memo_table_row = memoized(_table_row)
_memo_dollar_row = memoized(_dollar_row)


def bid_fields(player: str, tables: Sequence[int], money: int, d: Draft | None, put: Put, *,
               not_entered: str = NOT_ENTERED) -> list[ft.Control]:
    """A bid picked directly: per table a row of hot-dog chips (one tap sets the table
    and the hot dogs) ending in its "more" chip (a bid of more hot dogs than the table
    holds is legal and goes back, HD-6, HD-8: a tap gives one beyond the table's value,
    each further tap one more), the dollars as chips from $0 up to the player's money and
    the hot dogs (HD-6), and the last hot dog (HD-12). ``d`` None: nothing entered yet
    (HD-6: no bid is made up for a player) — the first tap begins the bid, with $0.
    Before and after that tap the fields are the same rows, of the same heights: nothing
    moves under a finger. A screen that has just opened takes no tap on them yet (a
    double tap on the button that opened it lands on nothing): the card around them is
    drawn disabled meanwhile (:func:`companion.games.hotdog.round_entry.BidCard`), one
    property Flet's client passes down to every chip. ``put``: equal from
    one render to the next (a :class:`PlayerPut` of the table's put) lets the rows a tap
    did not change stay as they were."""
    p = player
    language = i18n.language()
    out: list[ft.Control] = [
        _memo_table_row(p, t, d.hotdogs if d is not None and d.table == t else None, put, language)
        for t in tables]
    if d is None:
        out.append(ft.Container(ft.Text(_(not_entered), italic=True, size=13), height=CHIP_HEIGHT,
                                alignment=ft.Alignment.CENTER_LEFT))
    else:
        out.append(_memo_dollar_row(p, dollar_choices(money, d.hotdogs), d.dollars, put, language))
    last = d is not None and d.last
    out.append(ft.Row([
        ft.Checkbox(label=_("Last hot dog"), value=last, disabled=d is None,
                    semantics_label=_("{player}: last hot dog").format(player=p),
                    visual_density=ft.VisualDensity.COMPACT,
                    on_change=lambda e: put(last_hot_dog(bool(e.control.value)))),
        ft.Checkbox(label=_("announced"), value=d is None or d.announced, visible=last,
                    semantics_label=_("{player}: last hot dog announced").format(player=p),
                    visual_density=ft.VisualDensity.COMPACT,
                    on_change=lambda e: put(announced(bool(e.control.value)))),
    ], spacing=4, wrap=True))
    return out


def bid_line(d: Draft) -> str:
    """A picked bid in one line, as its card sums it up: '5 table, 2 hot dogs, $1'."""
    return bid_text(d.seat_bid())


SLOT, SLOT_GAP = 11, 2   # one place at a neutral table: the three tables fit side by side on a 360 px phone
SEAT_COLORS = (ft.Colors.BLUE_400, ft.Colors.ORANGE_400, ft.Colors.GREEN_400, ft.Colors.PURPLE_300,
               ft.Colors.RED_300)   # a player's hot dogs, by seat (HD-1: at most five)


def seat_color(players: Sequence[str], player: str) -> str:
    return SEAT_COLORS[list(players).index(player) % len(SEAT_COLORS)] if player in players else ft.Colors.OUTLINE


def _slot(color: str | None) -> ft.Control:
    """One place at a table: a hot dog lying there (its owner's colour) or a free place."""
    if color is None:
        return ft.Container(width=SLOT, height=SLOT, border_radius=3, border=ft.Border.all(1, ft.Colors.OUTLINE))
    return ft.Container(width=SLOT, height=SLOT, border_radius=3, bgcolor=color)


def table_card(tv: TableView, players: Sequence[str]) -> ft.Control:
    """A neutral table as it lies: its value, its places in a row — a hot dog lying
    there filled in its owner's colour, a free place empty (HD-8) — and whose they are."""
    slots = [_slot(seat_color(players, p)) for p, n in tv.lying for _unused in range(n)]
    slots += [_slot(None) for _unused in range(max(0, tv.free))]
    who: list[ft.TextSpan] = []
    for i, (p, n) in enumerate(tv.lying):
        who.append(ft.TextSpan(("  " if i else "") + f"{p} {n}",
                               style=ft.TextStyle(color=seat_color(players, p), weight=ft.FontWeight.BOLD)))
    return ft.Semantics(
        identifier=f"table-{tv.table}", container=True, label=tv.text, exclude_semantics=True,
        content=ft.Container(
            padding=6, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
            content=ft.Column([
                bold(_("{table} table").format(table=tv.table), 14),
                ft.Row(slots, spacing=SLOT_GAP, tight=True),
                ft.Text(spans=who, size=12) if who else ft.Text(_("empty"), size=12),
                ft.Text(_("{n} free").format(n=tv.free), size=12, italic=True),
            ], spacing=3, tight=True)))


@ft.component
def _table_cards(tables: Sequence[TableView], players: Sequence[str], language: str, *,
                 key: Key = None) -> ft.Control:
    """``language``: what the cards are worded in (a value of the memo)."""
    return ft.Row([table_card(tv, players) for tv in tables], spacing=6, run_spacing=6, wrap=True,
                  vertical_alignment=ft.CrossAxisAlignment.START)


_memo_table_cards = memoized(_table_cards)


def table_cards(tables: Sequence[TableView], players: Sequence[str]) -> ft.Control:
    """The neutral tables side by side (wrapping on a narrower screen). Memoized: a tap
    on a bid's chip lays nothing on a table, so the cards (about thirty controls: a
    place is one) are neither built nor compared again until a round is entered."""
    drawn: ft.Control = _memo_table_cards(list(tables), tuple(players), i18n.language())
    return drawn


def grid(players: Sequence[str], lines: Sequence[GridLine], corner: str, name: str, key: str) -> ft.Control:
    """A score grid (the shared :class:`~companion.ui.widgets.grid.ScoreGrid`) from present's lines."""
    return ScoreGrid(list(players), lines, corner=corner, name=name, key=key)
