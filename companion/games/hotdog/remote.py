"""Hot Dog from a player's own phone (issue 8): my bid — a table, hot dogs, dollars,
last hot dog and whether it was announced — entered in secret and changeable until the
reveal; then the round's resolution step by step, the same on every screen.

Found by the phone screens by module name (``REMOTE``). Drawn only from the seat's own
:class:`~companion.net.hub.SeatView` and the rules' fixed facts (the tables that exist
for this many players).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft

from companion.games.hotdog import rules
from companion.games.hotdog.viewmodel import Draft, MoneyView, TableView
from companion.net.screens import hotdog_bid_text
from companion.ui.contracts import HostContext, SeatContext
from companion.ui.widgets import NumberChips, Stepper, bold, card, error_text
from companion.ui.widgets.seat import resolution_heading, seat_card


def _bid(d: Draft) -> dict[str, Any]:
    out: dict[str, Any] = {"table": d.table, "hotdogs": d.hotdogs, "dollars": d.dollars}
    if d.last:
        out["last"] = True
        out["announced"] = d.announced
    return out


@ft.component
def HotDogSeat(ctx: SeatContext) -> ft.Control:
    view = ctx.view
    p = view.player
    tables = rules.neutral_tables(len(view.players))
    mine = view.my_bid
    d: Draft = ctx.draft or (Draft.of(mine) if mine else Draft(table=tables[0]))

    def put(change: Any) -> None:
        ctx.put(lambda old: change(old or d))

    rows: list[ft.Control] = [
        bold("My bid, in secret", 17),
        NumberChips(p, "table", list(tables), d.table,
                    lambda t: put(lambda x: replace(x, table=t)), label="Table"),
        ft.Row([
            Stepper(p, "hot dog", d.hotdogs, lambda by: put(lambda x: x.step("hotdogs", by)),
                    unit="hot dogs" if d.hotdogs != 1 else "hot dog"),
            Stepper(p, "dollar", d.dollars, lambda by: put(lambda x: x.step("dollars", by)),
                    shown=f"${d.dollars}", unit="dollars"),
        ], spacing=8, wrap=True),
        ft.Row([
            ft.Checkbox(label="Last hot dog", value=d.last, semantics_label=f"{p}: last hot dog",
                        on_change=lambda e: put(lambda x, v=bool(e.control.value): replace(x, last=v))),
            ft.Checkbox(label="announced", value=d.announced, visible=d.last,
                        semantics_label=f"{p}: last hot dog announced",
                        on_change=lambda e: put(lambda x, v=bool(e.control.value): replace(x, announced=v))),
        ], spacing=4, wrap=True),
        error_text(ctx.error),
    ]
    if mine is None:
        rows.append(ft.FilledButton("Submit my bid", icon=ft.Icons.CHECK,
                                    on_click=lambda e: ctx.submit(_bid(d))))
    else:
        rows.append(ft.Text(f"My bid is in: {hotdog_bid_text(mine)}. "
                            "I can change it until the reveal."))
        rows.append(ft.Row([
            ft.FilledButton("Change my bid", icon=ft.Icons.EDIT, on_click=lambda e: ctx.submit(_bid(d))),
            ft.Button("Take my bid back", icon=ft.Icons.UNDO, on_click=lambda e: ctx.withdraw()),
        ], wrap=True))
    return seat_card(p, rows)


@ft.component
def HotDogResolution(res: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
    out: list[ft.Control] = [
        resolution_heading(f"Round {res['number']} revealed"),
        ft.Text(f"Mustard card: {res['mustard']}. Served table by table, 5 then 7 then 9; "
                "lowest price first, equal prices clockwise from the mustard holder (HD-7)."),
    ]
    for i, (head, why, rulings, _sold) in enumerate(res["steps"], 1):
        out.append(card(ft.Column([
            bold(f"{i}. {head}"),
            ft.Text(why),
            ft.Text("Rulings: " + ", ".join(rulings), size=12, italic=True),
        ], spacing=4), f"step-{i}"))
    out.append(bold("Payouts"))
    out += [ft.Text(line) for line in res["payouts"]] or [
        ft.Text("No table filled: nobody is paid (HD-10, HD-11).")]
    out += [ft.Text(n) for n in res["notes"]]
    out.append(bold("Tables now"))
    out += [ft.Text(TableView(t["table"], [tuple(x) for x in t["lying"]], t["free"]).text)
            for t in res["tables"]]
    out.append(bold("Money (as cash cards, HD-16)"))
    for m in res["money"]:
        mv = MoneyView(m["player"], m["dollars"], {int(k): v for k, v in m["cards"].items()})
        out.append(ft.Text(f"{mv.player}: ${mv.dollars} = {mv.cards_text}"))
    if res.get("next_mustard"):
        out.append(ft.Text(f"Next mustard card: {res['next_mustard']} (HD-14)"))
    if res.get("game_over"):
        out.append(bold("The game is over: the host's screen has the standings."))
    return ft.Column(out, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


class HotDogRemote:
    name = "hotdog"
    secret = True

    def seat(self, ctx: SeatContext) -> ft.Control:
        return HotDogSeat(ctx, key=f"hotdog-seat-{ctx.view.position}")

    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
        return HotDogResolution(resolution, players, key=f"hotdog-res-{resolution['number']}")

    def host_info(self, ctx: HostContext) -> ft.Control | None:
        return None


REMOTE = HotDogRemote()
