"""Hot Dog's pieces drawn alike on the table screen and on the phones: a round's lines
(:func:`companion.games.hotdog.present.round_lines`) and a bid's fields."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import flet as ft

from companion.games.hotdog.forms import Draft, announced, last_hot_dog
from companion.games.hotdog.present import Line, dollars
from companion.ui.widgets import NumberChips, Stepper, bold, card

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


NOT_ENTERED = "Not entered yet: tap a table to begin (1 hot dog, $0)."


def bid_fields(player: str, tables: Sequence[int], d: Draft | None, put: Put) -> list[ft.Control]:
    """A bid's table, hot dogs, dollars and last hot dog, each tap a change to the draft.
    ``d`` None: nothing entered yet (HD-6: no bid is made up for a player) — the tables
    to tap and a line saying so; the first tap begins the bid."""
    p = player
    chips = NumberChips(p, "table", list(tables), None if d is None else d.table,
                        lambda t: put(lambda x: replace(x, table=t)), label="Table")
    if d is None:
        return [chips, ft.Text(NOT_ENTERED, italic=True)]
    return [
        chips,
        ft.Row([
            Stepper(p, ("hot dog", "hot dogs"), d.hotdogs, lambda by: put(lambda x: x.step("hotdogs", by)),
                    unit="hot dog" if d.hotdogs == 1 else "hot dogs"),
            Stepper(p, ("dollar", "dollars"), d.dollars, lambda by: put(lambda x: x.step("dollars", by)),
                    shown=dollars(d.dollars), unit="dollar" if d.dollars == 1 else "dollars"),
        ], spacing=8, wrap=True),
        ft.Row([
            ft.Checkbox(label="Last hot dog", value=d.last, semantics_label=f"{p}: last hot dog",
                        on_change=lambda e: put(last_hot_dog(bool(e.control.value)))),
            ft.Checkbox(label="announced", value=d.announced, visible=d.last,
                        semantics_label=f"{p}: last hot dog announced",
                        on_change=lambda e: put(announced(bool(e.control.value)))),
        ], spacing=4, wrap=True),
    ]
