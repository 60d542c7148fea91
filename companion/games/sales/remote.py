"""The sales game from a player's own phone: when it is my turn, the card I play, by
its attributes (suit or wild, value, discard icons, icons shown — SA-1). Cards are
played face up in turn order (SA-3), so the plays so far are public; the sale is
recorded when the last player in turn has played, on every screen at once.

Found by the phone screens by module name (``REMOTE``); drawn only from the seat's own
:class:`~companion.net.views.SeatView`. The last sale is drawn from
:func:`companion.games.sales.present.resolution_view`, the table's own sale result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft

from companion.games.sales.explain import played_text
from companion.games.sales.forms import SeatCard, seat_play
from companion.games.sales.i18n import _
from companion.games.sales.present import resolution_view
from companion.ui.contracts import HostContext, SeatContext
from companion.ui.widgets import Stepper, bold, error_text
from companion.ui.widgets.seat import resolution_heading, seat_card
from companion.ui.widgets.text_field import TextField

Key = str | None    # a component's key= for flet's renderer (the component's code never gets it)


@ft.component
def SalesSeat(ctx: SeatContext, *, key: Key = None) -> ft.Control:
    view = ctx.view
    p = view.player
    d: SeatCard = ctx.draft or SeatCard()
    rows: list[ft.Control] = [bold(_("The card I play"), 17)]
    rows += [ft.Text(_("{player} played {card}").format(player=q, card=played_text(b["card"])))
             for q, b in view.plays if q != p]
    mine = view.my_bid
    if mine is not None:
        rows.append(ft.Text(_("I played {card}.").format(card=played_text(mine["card"]))))
        if view.plays and view.plays[-1][0] == p:
            rows.append(ft.Button(_("Take my card back"), icon=ft.Icons.UNDO, on_click=lambda e: ctx.withdraw()))
        else:
            rows.append(ft.Text(_("The next player has played: my card stays (SA-3)."), size=13))
    elif not view.my_turn:
        nxt = view.waiting_for[0] if view.waiting_for else None
        rows.append(ft.Text(_("Not my turn: {player} plays next (SA-3).").format(player=nxt) if nxt
                            else _("The round is over: the table starts the next one and says what it deals "
                                   "(SA-16).")))
    else:
        def put(**changes: Any) -> None:
            ctx.put(lambda old: replace(old or d, **changes))

        rows += [
            ft.Text(_("My turn: the card as it is printed (SA-1).")),
            TextField(label=_("Suit (or wild)"), value=d.suit, dense=True,
                         on_change=lambda e: put(suit=e.control.value or "")),
            ft.Row([
                Stepper(p, (_("value point"), _("value points")), d.value,
                        lambda by: put(value=max(0, d.value + by)), unit=_("value")),
                Stepper(p, (_("discard icon"), _("discard icons")), d.discard,
                        lambda by: put(discard=max(0, d.discard + by)), unit=_("discard")),
            ], wrap=True, spacing=8),
            TextField(label=_("Icons shown (commas)"), value=d.icons, dense=True,
                         on_change=lambda e: put(icons=e.control.value or "")),
            ft.FilledButton(_("Play this card"), icon=ft.Icons.CHECK, on_click=lambda e: ctx.submit(seat_play(d))),
        ]
    rows.append(error_text(ctx.error))
    return seat_card(p, rows)


@ft.component
def SalesResolution(res: dict[str, Any], players: tuple[str, ...], *, key: Key = None) -> ft.Control:
    sale = resolution_view(res, players)
    return ft.Column([
        resolution_heading(_("Round {round}, sale {sale}: {player} wins it").format(
            round=sale.round, sale=sale.sale, player=sale.winner)),
        ft.Text(sale.explanation),
        ft.Text(_("Next leader: {player}").format(player=sale.next_leader) if sale.next_leader
                else _("The round is over.")),
    ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


class SalesRemote:
    name = "sales"
    secret = False
    bids = False

    def seat(self, ctx: SeatContext) -> ft.Control:
        return SalesSeat(ctx, key=f"sales-seat-{ctx.view.position}")

    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
        return SalesResolution(resolution, players, key=f"sales-res-{resolution['round']}-{resolution['sale']}")

    def host_info(self, ctx: HostContext) -> ft.Control | None:
        return None


REMOTE: SalesRemote = SalesRemote()
