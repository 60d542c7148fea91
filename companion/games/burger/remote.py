"""The burger game from a player's own phone: my tool card — tongs or tease — chosen in
secret and changeable until the reveal; the host enters the decks as laid out (public)
on the host screen. After the reveal every screen shows the round, drawn as the table
screen draws it (``present.round_lines``); rat tokens and the tool cards left in hand
stay each seat's own (BU-5, decided in ``secrecy.py``).

Found by the phone screens by module name (``REMOTE``); drawn only from the seat's own
:class:`~companion.net.views.SeatView` (or, on the host, the table's HostView), given as
:class:`~companion.ui.contracts.SeatContext` / ``HostContext`` values. Each component
declares the ``key`` that ``ft.component`` takes for the render tree.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.burger import explain, present
from companion.games.burger import words as burger_words
from companion.games.burger.forms import decks_text, parse_decks
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.models import TOOL_KINDS
from companion.games.burger.present import Line
from companion.ui.contracts import HostContext, SeatContext
from companion.ui.widgets import bold, error_text
from companion.ui.widgets.named import accessible, silent
from companion.ui.widgets.seat import resolution_heading, seat_card
from companion.ui.widgets.text_field import TextField

STYLES: dict[str, dict[str, Any]] = {"bold": {"weight": ft.FontWeight.BOLD}, "small": {"size": 12, "italic": True}}


def lines_drawn(lines: list[Line]) -> list[ft.Control]:
    """``present``'s lines as text: bold, small or plain."""
    return [ft.Text(line.text, **STYLES.get(line.style, {})) for line in lines]


@ft.component
def BurgerSeat(ctx: SeatContext, *, key: str | None = None) -> ft.Control:
    view = ctx.view
    mine = (view.my_bid or {}).get("tool")

    def play(kind: str) -> Any:
        return lambda e: ctx.submit({"tool": kind})

    rows: list[ft.Control] = [
        bold(_("My tool card, in secret"), 17),
        ft.Text(_("I play: {tool}. I can change it until the reveal.").format(tool=burger_words.tool_name(mine)) if mine
                else _("Pick the tool card you lay face down.")),
        ft.Row([
            accessible(_("{player}: play {tool}").format(player=view.player, tool=burger_words.tool_name(kind)),
                       (ft.FilledButton if kind == mine else ft.Button)(
                           silent(burger_words.tool_button(kind)), on_click=play(kind)),
                       selected=kind == mine)
            for kind in TOOL_KINDS
        ], wrap=True),
        error_text(ctx.error),
    ]
    if mine:
        rows.append(ft.Button(_("Take my card back"), icon=ft.Icons.UNDO, on_click=lambda e: ctx.withdraw()))
    return seat_card(view.player, rows)


@ft.component
def BurgerResolution(res: dict[str, Any], players: tuple[str, ...], *, key: str | None = None) -> ft.Control:
    """The last round on a phone (its own part included) or on the host panel (none)."""
    rv = present.seat_view(res)
    out: list[ft.Control] = [resolution_heading(_("Round {number} revealed").format(number=rv.number)),
                             *lines_drawn(present.round_lines(rv)),
                             *lines_drawn(present.own_lines(res))]
    end = present.seat_end(res)
    if end:
        out.append(bold(end))
    return ft.Column(out, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def BurgerDecks(ctx: HostContext, *, key: str | None = None) -> ft.Control:
    saved = ctx.view.info.get("decks") or []
    # the draft is (round position, text): what was typed for a round revealed since is gone
    here = isinstance(ctx.draft, tuple) and ctx.draft[0] == ctx.view.position
    text = ctx.draft[1] if here else decks_text(saved)
    at = ctx.view.position

    def typed(e: Any) -> None:
        value = e.control.value or ""
        ctx.put(lambda d: (at, value))

    return ft.Column([
        bold(_("Decks as laid out (public)")),
        ft.Text(_("One line per deck, deck 1 first, its cards separated by commas (BU-2)."), size=13),
        TextField(label=_("Decks"), value=text, multiline=True, min_lines=2, max_lines=8, on_change=typed),
        ft.Button(_("Save the decks"), icon=ft.Icons.SAVE,
                  on_click=lambda e: ctx.set_info({**ctx.view.info, "decks": parse_decks(text)})),
        ft.Text(ngettext("Saved: {n} deck", "Saved: {n} decks", len(saved)).format(n=len(saved)) if saved
                else _("No decks saved for this round yet: the reveal needs them.")),
        *[ft.Text(line, size=13) for line in explain.decks_lines(saved)],
    ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


class BurgerRemote:
    name = "burger"
    secret = True
    bids = False     # a tool card played in secret, not a bid

    def seat(self, ctx: SeatContext) -> ft.Control:
        return BurgerSeat(ctx, key=f"burger-seat-{ctx.view.position}")

    def resolution(self, resolution: dict[str, Any], players: tuple[str, ...]) -> ft.Control:
        return BurgerResolution(resolution, players, key=f"burger-res-{resolution['round']}")

    def host_info(self, ctx: HostContext) -> ft.Control | None:
        return BurgerDecks(ctx, key=f"burger-decks-{ctx.view.position}")


REMOTE: BurgerRemote = BurgerRemote()
