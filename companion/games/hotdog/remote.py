"""Hot Dog from a player's own phone: my bid — a table, hot dogs, dollars, last hot
dog and whether it was announced — entered in secret and changeable until the reveal;
then the round's resolution step by step, drawn as the table screen draws a round
(``present.round_lines``).

Found by the phone screens by module name (``REMOTE``). Drawn only from the seat's own
:class:`~companion.net.views.SeatView` and the rules' fixed facts (the tables that exist
for this many players).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.hotdog import rules
from companion.games.hotdog.forms import Draft
from companion.games.hotdog.i18n import _
from companion.games.hotdog.models import START_MONEY
from companion.games.hotdog.present import RoundView, bid_text, round_lines
from companion.games.hotdog.widgets import MINE_NOT_ENTERED, Key, bid_fields, draw
from companion.ui.contracts import HostContext, SeatContext
from companion.ui.widgets import bold, error_text
from companion.ui.widgets.seat import resolution_heading, seat_card


def my_money(resolution: dict[str, Any] | None, player: str) -> int:
    """My money as the phone knows it: after the last round revealed, else the start's
    (HD-3). It bounds the dollars offered; the table's check of my bid has the last word."""
    money = ((resolution or {}).get("round") or {}).get("money", {})
    return int(money.get(player, START_MONEY))


@ft.component
def HotDogSeat(ctx: SeatContext, *, key: Key = None) -> ft.Control:
    view = ctx.view
    p = view.player
    tables = rules.neutral_tables(len(view.players))
    mine = view.my_bid
    # Nothing is bid for me until I touch it (HD-6): no draft, no bid sent, no bid made up.
    d: Draft | None = ctx.draft or (Draft.of(mine) if mine else None)

    def put(change: Callable[[Draft], Draft]) -> None:
        ctx.put(lambda old: change(old or d or Draft(table=tables[0])))

    def send() -> None:
        if d is not None:
            ctx.submit(d.seat_bid())

    rows: list[ft.Control] = [
        bold(_("My bid, in secret"), 17),
        *bid_fields(p, tables, my_money(view.resolution, p), d, put, not_entered=MINE_NOT_ENTERED),
        error_text(ctx.error),
    ]
    if mine is None:
        rows.append(ft.FilledButton(_("Submit my bid"), icon=ft.Icons.CHECK, disabled=d is None,
                                    on_click=lambda e: send()))
    else:
        rows.append(ft.Text(_("My bid is in: {bid}. I can change it until the reveal.").format(bid=bid_text(mine))))
        rows.append(ft.Row([
            ft.FilledButton(_("Change my bid"), icon=ft.Icons.EDIT, on_click=lambda e: send()),
            ft.Button(_("Take my bid back"), icon=ft.Icons.UNDO, on_click=lambda e: ctx.withdraw()),
        ], wrap=True))
    return seat_card(p, rows)


@ft.component
def HotDogResolution(res: dict[str, Any], players: tuple[str, ...], *, key: Key = None) -> ft.Control:
    rv = RoundView.of(res)
    out: list[ft.Control] = [resolution_heading(_("Round {n} revealed").format(n=rv.number)), *draw(round_lines(rv))]
    if res.get("game_over"):
        out.append(bold(_("The game is over: the host's screen has the standings.")))
    return ft.Column(out, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


class HotDogRemote:
    name = "hotdog"
    secret = True
    bids = True

    def seat(self, ctx: SeatContext) -> ft.Control:
        return HotDogSeat(ctx, key=f"hotdog-seat-{ctx.view.position}")

    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
        return HotDogResolution(resolution, players, key=f"hotdog-res-{resolution['number']}")

    def host_info(self, ctx: HostContext) -> ft.Control | None:
        return None


REMOTE: HotDogRemote = HotDogRemote()
