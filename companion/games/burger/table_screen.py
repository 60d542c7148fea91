"""Burger's table screen, a declarative Flet component: the round being entered (or
the end, BU-7 top buns chosen) beside the score grid and the rounds played, a round
opened and a round changed. Thin: it opens one :class:`~companion.ui.table.TableSession`
per render on the match the route read and replays the record once (``actions.drawn``);
the pieces it draws get those values (``round_entry``, ``match_detail``).
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.games.burger import GAME, actions, forms, present, summaries
from companion.games.burger.actions import EDIT, Drawn
from companion.games.burger.i18n import _
from companion.games.burger.match_detail import RoundBody, end_lines
from companion.games.burger.round_entry import Decks, Entry, Hamburgers, Takes, ToolsOpen
from companion.ui.contracts import ShellServices
from companion.ui.table import MatchSeen
from companion.ui.widgets import ScoreGrid, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.handlers import tap
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.undo_question import undo_asking_first

NUMBER = 1               # burger is a single game: the match's game 1


# ================================================================ the table

@ft.component
def TableScreen(shell: ShellServices, match: MatchSeen, *, key: str | None = None) -> ft.Control:
    d = actions.drawn(actions.open_table(shell, match))
    out: list[ft.Control] = [heading(GAME.title)]
    if d.ui.mode == "round":
        out.append(RoundScreen(d, key="round"))
    elif d.ui.mode == "edit":
        out.append(EditRound(d, key="edit"))
    else:
        play = GameOver(d, key="over") if d.gv.over else Entry(d, key="entry")
        out.append(side_by_side(play, column([*_grid(d), *_rounds_list(d)])))
        out.append(ExportActions(shell, d.t.match, NUMBER, games_in_match=False))
    return column(out)


def _grid(d: Drawn) -> list[ft.Control]:
    """The score grid: players as columns, the hamburgers (at the end the final score)
    first, then each round. Rat tokens only once the game is over (BU-5)."""
    if not d.gv.rounds:
        return []
    ev = None
    if d.gv.over:
        ev = present.end_view(d.record, forms.read_top_buns(d.settings.get(forms.TOP_BUNS)), d.replayed)
    players, lines = summaries.score_grid(d.gv, ev)
    return [heading(_("Scores") if d.gv.over else _("Standings"), 18),
            ScoreGrid(players, lines, name=_("score grid"), key="score-grid")]


# ---------------------------------------------------------------- a round played

def _rounds_list(d: Drawn) -> list[ft.Control]:
    """The rounds played, each to open; after the last, its undo (asked first), and
    what the undo did said right under it."""
    said: list[ft.Control] = [ft.Text(d.ui.said, size=13)] if d.ui.said else []
    if not d.gv.rounds:
        return said
    out: list[ft.Control] = [heading(_("Rounds of this game"), 18)]
    for i, rv in enumerate(d.gv.rounds):
        out.append(ft.TextButton(_("Open round {number}: first player {player}").format(number=rv.number,
                                                                                       player=rv.first),
                                 on_click=tap(partial(actions.open_round, d.t, i))))
    last = len(d.gv.rounds)
    out.append(undo_asking_first(_("Undo last round"),
                                 _("Undo round {number}? Its entries come back for entry.").format(number=last),
                                 d.ui.asks_undo(last), on_ask=lambda e: actions.ask_undo(d),
                                 on_undo=lambda e: actions.undo(d), on_keep=lambda e: actions.keep_round(d.t)))
    return out + said


@ft.component
def RoundScreen(d: Drawn, *, key: str | None = None) -> ft.Control:
    ui, gv = d.ui, d.gv
    rv = gv.rounds[ui.index]
    last = ui.just and ui.index == len(gv.rounds) - 1
    back = (_("End of game") if gv.over else _("Next round")) if last else _("Back to the table")
    return column([
        heading(_("Round {number}").format(number=rv.number), 18),
        *RoundBody(rv),
        ft.Row([
            ft.FilledButton(back, icon=ft.Icons.ARROW_FORWARD, on_click=lambda e: actions.back_to_table(d.t)),
            ft.Button(_("Change this round"), icon=ft.Icons.EDIT, on_click=lambda e: actions.change_round(d.t)),
        ], wrap=True),
    ])


@ft.component
def EditRound(d: Drawn, *, key: str | None = None) -> ft.Control:
    ui = d.ui
    return column([
        heading(_("Change round {number}").format(number=ui.index + 1), 18),
        ft.Text(_("The round is replaced and every later round replayed (the record is the truth).")),
        Decks(d, EDIT, key="edit-decks"),
        ToolsOpen(d, key="edit-tools"),
        Takes(d, EDIT, key="edit-takes"),
        Hamburgers(d, EDIT, key="edit-hamburgers"),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton(_("Save changes"), icon=ft.Icons.SAVE, on_click=lambda e: actions.save_edit(d)),
            ft.Button(_("Cancel"), icon=ft.Icons.CLOSE, on_click=lambda e: actions.cancel_edit(d.t)),
        ], wrap=True),
    ])


@ft.component
def GameOver(d: Drawn, *, key: str | None = None) -> ft.Control:
    t = d.t
    chosen = forms.read_top_buns(d.settings.get(forms.TOP_BUNS))
    ev = present.end_view(d.record, chosen, d.replayed)
    out = end_lines(ev, chosen, lambda p, on: actions.flip_top_bun(t, p, on))
    out.append(error_text(d.ui.error))
    out.append(ft.Button(_("Home"), icon=ft.Icons.HOME, on_click=lambda e: t.go("home")))
    return column(out)
