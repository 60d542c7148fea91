"""The toy game on a player's phone (``companion.ui.phone.RemoteView``): my number, in
secret until the reveal, then the round as everyone sees it."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.contracts import HostContext, SeatContext
from companion.ui.widgets import NumberChips
from companion.ui.widgets.seat import resolution_heading, seat_card
from tests.toy_game import play, rules


class ToyRemote:
    name = "toy"
    secret = True

    def seat(self, ctx: SeatContext) -> ft.Control:
        mine = (ctx.view.my_bid or {}).get("number")
        return seat_card(ctx.view.player, [NumberChips(
            ctx.view.player, "number", list(range(1, rules.HIGHEST + 1)), mine,
            lambda n: ctx.submit({"number": n}), label="Mine")])

    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
        return ft.Column([resolution_heading(f"Round {resolution['round']} revealed"),
                          ft.Text(play.round_text(resolution))])

    def host_info(self, ctx: HostContext) -> ft.Control | None:
        return None


REMOTE = ToyRemote()
