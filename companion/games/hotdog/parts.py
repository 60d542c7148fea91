"""Hot Dog's pieces drawn alike on the table screen and on the phones: a round's lines
(:func:`companion.games.hotdog.present.round_lines`), a bid's pickers, the neutral
tables as cards with their places, and the score grids."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.games.hotdog.forms import Draft, announced, dollar_choices, hot_dog_choices, last_hot_dog, paying, picked
from companion.games.hotdog.present import GridLine, Line, TableView, bid_text, dollars, hot_dogs
from companion.ui.widgets import GridRow, ScoreGrid, bold, card

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
                ft.Text("Rulings: " + ", ".join(line.rulings), size=12, italic=True),
            ], spacing=4), f"step-{line.number}"))
        elif line.kind == "bold":
            out.append(bold(line.text))
        else:
            out.append(ft.Text(line.text))
    return out


NOT_ENTERED = "Not entered yet: tap the table and hot dogs the bid lies with."
CHIP_WIDTH, CHIP_HEIGHT, LABEL_WIDTH = 34, 40, 58   # nine chips and a label fit a 360 px phone's card


def _chip(name: str, text: str, on: bool, pick: Callable[[], None]) -> ft.Control:
    """One tap target of a picker: ``name`` is what a screen reader says (and a test
    finds it by), marked selected when chosen; every chip is the same kind of control,
    chosen or not, so a tap never lands on one being swapped for another."""
    return ft.Semantics(
        label=name, button=True, selected=on,
        content=ft.Button(
            text, on_click=lambda e: pick(), width=CHIP_WIDTH, height=CHIP_HEIGHT,
            style=ft.ButtonStyle(
                padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE,
                color=ft.Colors.ON_PRIMARY if on else ft.Colors.PRIMARY,
                side=ft.BorderSide(1, ft.Colors.PRIMARY))))


def _picker_row(label: str, chips: list[ft.Control]) -> ft.Control:
    return ft.Row([ft.Text(label, size=13, width=LABEL_WIDTH), *chips], spacing=3, run_spacing=3,
                  wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def hot_dog_name(player: str, table: int, n: int) -> str:
    """A hot-dog chip as read out: 'Anna: 5 table, 2 hot dogs'."""
    return f"{player}: {table} table, {hot_dogs(n)}"


def dollar_name(player: str, n: int) -> str:
    """A dollar chip as read out: 'Anna: $1'."""
    return f"{player}: {dollars(n)}"


def bid_fields(player: str, tables: Sequence[int], money: int, d: Draft | None, put: Put) -> list[ft.Control]:
    """A bid picked directly: per table a row of hot-dog chips (one tap sets the table
    and the hot dogs), the dollars as chips from $0 up to the player's money and the
    hot dogs (HD-6), and the last hot dog (HD-12). ``d`` None: nothing entered yet
    (HD-6: no bid is made up for a player) — the first tap begins the bid, with $0."""
    p = player

    def pick(t: int, n: int) -> Callable[[], None]:
        return lambda: put(picked(t, n))

    def pay(n: int) -> Callable[[], None]:
        return lambda: put(paying(n))

    out: list[ft.Control] = [
        _picker_row(f"{t} table", [
            _chip(hot_dog_name(p, t, n), str(n), d is not None and d.table == t and d.hotdogs == n, pick(t, n))
            for n in hot_dog_choices(t)])
        for t in tables]
    if d is None:
        return [*out, ft.Text(NOT_ENTERED, italic=True)]
    out.append(_picker_row("Dollars", [
        _chip(dollar_name(p, n), f"${n}", d.dollars == n, pay(n))
        for n in dollar_choices(money, d.hotdogs)]))
    out.append(ft.Row([
        ft.Checkbox(label="Last hot dog", value=d.last, semantics_label=f"{p}: last hot dog",
                    on_change=lambda e: put(last_hot_dog(bool(e.control.value)))),
        ft.Checkbox(label="announced", value=d.announced, visible=d.last,
                    semantics_label=f"{p}: last hot dog announced",
                    on_change=lambda e: put(announced(bool(e.control.value)))),
    ], spacing=4, wrap=True))
    return out


def bid_line(d: Draft) -> str:
    """A picked bid in one line, as its card sums it up: '5 table, 2 hot dogs, $1'."""
    return bid_text(d.seat_bid())


SLOT = 18   # one place at a neutral table, drawn as a small square


def _slot(owner: str | None) -> ft.Control:
    """One place at a table: a hot dog lying there (its owner's initial) or a free place."""
    if owner is None:
        return ft.Container(width=SLOT, height=SLOT, border_radius=4,
                            border=ft.Border.all(1, ft.Colors.OUTLINE))
    return ft.Container(width=SLOT, height=SLOT, border_radius=4, bgcolor=ft.Colors.PRIMARY_CONTAINER,
                        alignment=ft.Alignment.CENTER,
                        content=ft.Text(owner[:1], size=11, color=ft.Colors.ON_PRIMARY_CONTAINER))


def table_card(tv: TableView) -> ft.Control:
    """A neutral table as it lies: its value, whose hot dogs are there (a filled place
    each, with the owner's initial) and its free places, empty (HD-8)."""
    who = " · ".join(f"{p} {n}" for p, n in tv.lying) or "empty"
    slots = [_slot(p) for p, n in tv.lying for _ in range(n)] + [_slot(None) for _ in range(max(0, tv.free))]
    return ft.Semantics(
        identifier=f"table-{tv.table}", container=True, label=tv.text,
        content=ft.Container(
            padding=8, border_radius=10, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, width=120,
            content=ft.Column([
                bold(f"{tv.table} table", 15),
                ft.Row(slots, spacing=3, run_spacing=3, wrap=True),
                ft.Text(who, size=12),
                ft.Text(f"{tv.free} free", size=12, italic=True),
            ], spacing=4, tight=True)))


def table_cards(tables: Sequence[TableView]) -> ft.Control:
    """The neutral tables side by side (wrapping on a narrow phone)."""
    return ft.Row([table_card(tv) for tv in tables], spacing=8, run_spacing=8, wrap=True,
                  vertical_alignment=ft.CrossAxisAlignment.START)


def grid(players: Sequence[str], lines: Sequence[GridLine], corner: str, name: str, key: str) -> ft.Control:
    """A score grid (the shared :class:`~companion.ui.widgets.grid.ScoreGrid`) from present's lines."""
    return ScoreGrid(list(players), [GridRow(label, cells, strong) for label, cells, strong in lines],
                     corner=corner, name=name, key=key)
