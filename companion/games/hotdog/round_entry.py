"""A Hot Dog round's bids being entered: each player's bid card (``BidCard``), from the
table all at once (``Entry``) or passing the phone, each in secret (``PassEntry``).

A tap on one player's chip redraws the table screen, and a bid card is most of what it
draws (a chip per table, hot dog and dollar). The cards are memoized (``ft.memo``): a
card whose own values are unchanged (its player, the state, the draft, the refusal, the
language it is worded in) is neither built again nor compared again by Flet's diff, so
a tap costs the server one card, not the table's every card
(:mod:`companion.ui.widgets.memo`). For that the change a card makes is an equal value
from one render to the next (:class:`BidPut`), not a new closure each time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core import i18n
from companion.games.hotdog import actions as ops
from companion.games.hotdog import explain, forms, rules, setup_form
from companion.games.hotdog.forms import Draft, TableUI
from companion.games.hotdog.i18n import _
from companion.games.hotdog.present import GameView
from companion.games.hotdog.widgets import (
    NOT_ENTERED,
    SECRET_NOT_ENTERED,
    Key,
    PlayerPut,
    bid_fields,
    bid_line,
    table_cards,
)
from companion.ui.widgets import bold, card, error_text
from companion.ui.widgets.column import column
from companion.ui.widgets.memo import memoized

GAP = 6
# ---------------------------------------------------------------- entering bids


@ft.component
def _bid_card(player: str, state: rules.State, d: Draft | None, error: str | None,
              put: Callable[[str, Callable[[Draft], Draft]], None], *, title: str | None = None,
              not_entered: str = NOT_ENTERED, settling: bool = False, language: str = "",
              key: Key = None) -> ft.Control:
    """One player's bid, picked directly; ``d`` None: not entered yet (nothing is bid for
    them). A hidden bid (the phone was passed on) shows nothing of itself, only whether
    HD-6 refuses it, until it is shown. The bid picked is read out with the card's
    title (a screen reader's summary: the lit chips show it): the card keeps its
    height as the bid changes. ``language``: the language it is worded in (a value of
    the memo, :func:`BidCard`)."""
    p = player
    if d is not None and d.hidden:
        return card(column([
            ft.Text(_("{player}: bid entered and hidden.").format(player=p)),
            error_text(forms.needs_checking(p) if error else None),
            ft.Button(_("Show {player}'s bid").format(player=p), icon=ft.Icons.VISIBILITY,
                      on_click=lambda e: put(p, forms.shown_bid)),
        ], spacing=GAP), f"bid-{p}")
    said = explain.dollars(state.money[p])
    if p == state.mustard:
        said = _("{money} · mustard card").format(money=said)
    summary = _("bid: {bid}").format(bid=bid_line(d)) if d is not None else _("bid: not entered yet")
    rows: list[ft.Control] = [
        ft.Semantics(label=summary, content=ft.Row(
            [bold(title or p, 17), ft.Text(said, expand=True)],
            spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)),
        *bid_fields(p, state.tables, state.money[p], d, PlayerPut(put, p), not_entered=not_entered),
        error_text(error),
    ]
    # settling: the screen has just opened and the card takes no tap yet, every chip of it
    # disabled at once (Flet's client passes it down; its rows stay as drawn)
    return card(ft.Column(rows, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, disabled=settling),
                f"bid-{p}", padding=8)


_memo_bid_card = memoized(_bid_card)


def BidCard(player: str, state: rules.State, d: Draft | None, error: str | None,
            put: Callable[[str, Callable[[Draft], Draft]], None], *, title: str | None = None,
            not_entered: str = NOT_ENTERED, settling: bool = False, key: Key = None) -> ft.Control:
    """:func:`_bid_card`, memoized: drawn again only when one of its values changes,
    the language it is worded in included."""
    drawn: ft.Control = _memo_bid_card(player, state, d, error, put, title=title, not_entered=not_entered,
                                       settling=settling, language=i18n.language(), key=key)
    return drawn


@dataclass(frozen=True, eq=False)
class BidPut:
    """What a tap on a bid card changes: draft ``which`` of the table session ``s``.
    Equal to the one of an earlier render of the same game at the same record (a new
    session each render, the same table), so a memoized card keeps it; the session it
    holds then is an earlier render's, which changes the passing state from its latest
    value just as the newest would (:meth:`companion.ui.table.TableSession.put`)."""

    s: ops.Session
    which: str
    first_table: int

    def __call__(self, player: str, change: Callable[[Draft], Draft]) -> None:
        ops.edit_bid(self.s, self.which, player, change, self.first_table)

    def _same(self) -> tuple[Any, ...]:
        m = self.s.match
        return self.which, self.first_table, m.id, m.number

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, BidPut) and self._same() == other._same()
                and self.s.same_table(other.s))

    def __hash__(self) -> int:
        return hash(self._same())


@dataclass(frozen=True, eq=False)
class SeenTable:
    """The table session ``s`` and the game view ``gv`` drawn from its record, as a value
    of a memoized component that binds its buttons to them: equal to another render's
    at the same table and record (:meth:`companion.ui.table.TableSession.same_table`;
    ``gv`` is drawn from that record). The buttons of a component kept from an earlier
    render act through that render's session as the newest would: each operation reads
    the latest passing state (:meth:`companion.ui.table.TableSession.put`), and the
    record it works on is the same."""

    s: ops.Session
    gv: GameView

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeenTable) and self.s.same_table(other.s)

    def __hash__(self) -> int:
        m = self.s.match
        return hash((m.id, m.number))


def _putter(s: ops.Session, which: str, state: rules.State) -> BidPut:
    return BidPut(s, which, state.tables[0])


def bid_cards(s: ops.Session, state: rules.State, drafts: dict[str, Draft], which: str, *,
               settling: bool = False) -> list[ft.Control]:
    errors = forms.bid_errors(state, drafts)
    put = _putter(s, which, state)
    return [BidCard(p, state, drafts.get(p), errors.get(p), put, settling=settling, key=f"bid-{p}")
            for p in state.players]


CARD: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "xl": 6}


def two_up(cards: list[ft.Control]) -> ft.Control:
    """Bid cards one under another; two side by side on a wide desktop window."""
    return ft.ResponsiveRow([ft.Container(c, col=CARD) for c in cards], spacing=8, run_spacing=8)


def _status(gv: GameView, so_far: str | None) -> list[ft.Control]:
    st = gv.state
    out: list[ft.Control] = [ft.Text(_("Round {n} · mustard card: {player}").format(n=st.next_round, player=st.mustard),
                                     size=16)]
    if so_far is not None:
        out.append(ft.Text(so_far))
    return [*out, table_cards(gv.tables(), gv.players)]


def _mode_choice(s: ops.Session, gv: GameView, ui: TableUI) -> ft.Control:
    """How bids are entered, switchable between rounds: under the entry, where it
    moves nothing when it is switched off (once a bid of the round is begun).
    Memoized: a tap on a chip after the first of the round changes none of its values."""
    drawn: ft.Control = _memo_mode_radios(SeenTable(s, gv), ops.entry_mode(s), bool(ui.drafts), i18n.language())
    return drawn


@ft.component
def _mode_radios(table: SeenTable, mode: str, begun: bool, language: str, *, key: Key = None) -> ft.Control:
    """:func:`_mode_choice` drawn; ``language``: a value of the memo only."""
    s = table.s
    return column([
        ft.Text(_("How the bids are entered (between rounds):"), size=13),
        ft.RadioGroup(
            value=mode, on_change=lambda e: ops.set_entry_mode(s, e.control.value or ""),
            disabled=begun,
            content=ft.Row([ft.Radio(value=setup_form.FROM_TABLE, label=_("Bids from the table")),
                            ft.Radio(value=setup_form.PASSING, label=_("Pass the phone"))], wrap=True, spacing=0)),
    ], spacing=0)


_memo_mode_radios = memoized(_mode_radios)


@ft.component
def Entry(s: ops.Session, gv: GameView, ui: TableUI, so_far: str | None = None, *, settling: bool = False,
          key: Key = None) -> ft.Control:
    """From the table: the bids lie face up; one person picks each player's at once.
    ``so_far``: the match's finished games, in one line (from game 2 on)."""
    out = _status(gv, so_far)
    out.append(ft.Text(_("Tap each bid as it lies: table and hot dogs, then dollars."), size=13))
    out.append(two_up(bid_cards(s, gv.state, ui.drafts, ops.ROUND, settling=settling)))
    out.append(error_text(ui.error))
    out.append(ft.FilledButton(_("Submit round"), icon=ft.Icons.CHECK, on_click=lambda e: ops.submit(s, gv)))
    out.append(_mode_choice(s, gv, ui))
    return column(out)


@ft.component
def PassEntry(s: ops.Session, gv: GameView, ui: TableUI, so_far: str | None = None, *, settling: bool = False,
              key: Key = None) -> ft.Control:
    """Passing the phone: one player's own bid at a time; one tap hides it and hands the
    phone on by name. A bid HD-6 refuses goes back to its owner only."""
    st = gv.state
    order = forms.pass_order(st.players, st.mustard)
    drafts = ui.drafts
    errors = forms.bid_errors(st, drafts)
    now = forms.whose_turn(order, drafts)
    out = _status(gv, so_far)
    done = [p for p in order if p in drafts and drafts[p].hidden]
    if now is not None:
        out.append(ft.Text(_("Hidden: {players}").format(players=", ".join(done)) if done else
                           _("Pass the phone clockwise from the mustard card: {players}.").format(
                               players=", ".join(order))))
        nxt = forms.passed_to(order, drafts, now)
        label = _("Hide · pass to {player}").format(player=nxt) if nxt else _("Hide · see the result")
        out.append(BidCard(now, st, drafts.get(now), errors.get(now), _putter(s, ops.ROUND, st),
                           title=_("{player}'s bid, in secret").format(player=now), not_entered=SECRET_NOT_ENTERED,
                           settling=settling, key=f"bid-{now}"))
        out.append(error_text(ui.error))
        out.append(ft.FilledButton(label, icon=ft.Icons.VISIBILITY_OFF, disabled=now not in drafts,
                                   on_click=lambda e: ops.pass_on(s, gv, now)))
        out.append(_mode_choice(s, gv, ui))
        return column(out)
    back = forms.hand_back(order, drafts, errors)
    if back is not None:
        out.append(card(column([
            bold(_("Hand the phone to {player}").format(player=back), 17),
            ft.Text(forms.handed_back(back)),
            ft.FilledButton(_("I am {player}").format(player=back), icon=ft.Icons.PERSON,
                            on_click=lambda e: ops.take_back(s, back)),
        ], spacing=GAP), "hand-back"))
        return column(out)
    out.append(ft.Text(_("Every bid is in, hidden.")))
    out.append(error_text(ui.error))
    out.append(ft.FilledButton(_("See the result"), icon=ft.Icons.CHECK, on_click=lambda e: ops.submit(s, gv)))
    return column(out)
