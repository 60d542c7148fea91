"""Hot Dog's table screen (``TableScreen``): the bids entered, the round revealed at once
or step by step, a round played and its undo, a past round changed, and a game's end
with the match's tally and the next game's mustard card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import i18n
from companion.core.match import GAMES_PER_MATCH, MatchResult
from companion.games.hotdog import actions as ops
from companion.games.hotdog import explain, present, rules, setup_form, summaries
from companion.games.hotdog.forms import TableUI
from companion.games.hotdog.i18n import _, ngettext, pgettext
from companion.games.hotdog.models import START_MONEY
from companion.games.hotdog.present import GameView
from companion.games.hotdog.round_entry import GAP, Entry, PassEntry, SeenTable, bid_cards, two_up
from companion.games.hotdog.widgets import Key, draw, grid
from companion.ui.contracts import ShellServices
from companion.ui.table import MatchSeen
from companion.ui.widgets import bold, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.memo import memoized
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.undo_question import undo_asking_first

TABLE = ops.TABLE


# ================================================================ the table

def _standings(gv: GameView, title: str | None = None) -> ft.Control:
    """The money per player, now and after each round."""
    title = title or _("Money (HD-3: {money} at the start)").format(money=explain.dollars(START_MONEY))
    return column([bold(title), grid(gv.players, summaries.money_grid(gv), _("Round"), _("money grid"), "money-grid")],
                  spacing=GAP)


@ft.component
def TableScreen(shell: ShellServices, match: MatchSeen, *, key: Key = None) -> ft.Control:
    s = ops.open_table(shell, match)
    gv = present.game_view(s.record)            # the record's one replay this render
    ui = ops.shown(s.ui, gv)
    records = s.match.records
    out: list[ft.Control] = [heading(_("Hot Dog · game {n} of {of}").format(n=s.number, of=GAMES_PER_MATCH))]
    if ui.mode == "reveal":
        steps = len(gv.round(ui.index).steps)
        whole = ui.steps_shown(steps) == steps
        if whole:
            standings = _standings(gv)
        else:   # step by step: nothing of the round's outcome before its step, the money neither
            standings = _standings(present.game_view({**gv.record, "rounds": gv.record["rounds"][:ui.index]}),
                                   _("Money before round {n} (HD-3: {money} at the start)").format(
                                       n=ui.index + 1, money=explain.dollars(START_MONEY)))
        out.append(side_by_side(Reveal(s, gv, ui, key="reveal"), standings))
    elif ui.mode == "round":
        out.append(RoundScreen(s, gv, ui, ExportActions(shell, s.match, s.number), key="round"))
    elif ui.mode == "edit":
        out.append(EditRound(s, gv.before(ui.index), ui, settling=shell.settling(), key="edit"))
    else:
        so_far = (summaries.match_line(gv.players, summaries.match_tally(gv.players, records[:-1]), s.number)
                  if len(records) > 1 else None)     # the games before this one, without the game in play
        if gv.over:
            main: ft.Control = GameOver(s, gv, ui, summaries.match_tally(gv.players, records), key="over")
        elif ops.entry_mode(s) == setup_form.PASSING:
            main = PassEntry(s, gv, ui, so_far, settling=shell.settling(), key="pass")
        else:
            main = Entry(s, gv, ui, so_far, settling=shell.settling(), key="entry")
        out.append(side_by_side(main, _standings(gv)))
        out += _rounds_list(s, gv, ui)
        out.append(ExportActions(shell, s.match, s.number))
    return column(out)


# ---------------------------------------------------------------- a round's result

def _go_on(s: ops.Session, gv: GameView, ui: TableUI) -> ft.Control:
    """Next round (End of game after the game's last round): from a round's result back
    to the table."""
    label = _("End of game") if gv.over and ui.index == len(gv.results) - 1 else _("Next round")
    return ft.FilledButton(label, icon=ft.Icons.ARROW_FORWARD, on_click=lambda e: ops.to_entry(s))


@ft.component
def Reveal(s: ops.Session, gv: GameView, ui: TableUI, *, key: Key = None) -> ft.Control:
    """A round just entered: its whole result at once, the money after it at the top,
    with Next round right there and again where reading the result ends (the money
    grid under it); the step-by-step reveal is one tap away."""
    rv = gv.round(ui.index)
    total = len(rv.steps)
    shown = ui.steps_shown(total)
    out: list[ft.Control] = [heading(_("Round {n}: result").format(n=rv.number), 18)]
    if not ui.stepwise:
        out.append(ft.Row([_go_on(s, gv, ui), ft.Button(_("Reveal step by step"), icon=ft.Icons.SKIP_NEXT,
                                                      on_click=lambda e: ops.step_by_step(s))], wrap=True))
    if shown == total:      # the money after the round, at the top (nothing of it before its step)
        row = summaries.money_grid(gv)[ui.index + 1]
        out.append(ft.Text(_("Money after round {n}: {money}").format(
            n=rv.number, money=" · ".join(f"{p} {cell}" for p, cell in zip(gv.players, row.cells, strict=True))),
            weight=ft.FontWeight.W_500))
    out += draw(present.round_lines(rv, shown))
    if ui.stepwise and shown < total:
        out.append(ft.Row([
            ft.FilledButton(_("Next step ({n} of {of})").format(n=shown + 1, of=total), icon=ft.Icons.SKIP_NEXT,
                            on_click=lambda e: s.put(lambda u: u.next_step(total))),
            ft.Button(_("Show all"), icon=ft.Icons.DONE_ALL,
                      on_click=lambda e: s.put(lambda u: u.all_steps(total))),
        ], wrap=True, key="steps"))     # keyed: each step puts its lines above it, and the buttons keep their ids
    else:                   # again where reading the result ends, the money grid under it
        out.append(_go_on(s, gv, ui))
    return column(out)


def _rounds_list(s: ops.Session, gv: GameView, ui: TableUI) -> list[ft.Control]:
    """The rounds played, each to open; after the last, its undo (asked first), and
    what undo did, said right there: one column in the screen's (of the same spacing
    and width, so laid out as if its lines were the screen's own), none when there is
    nothing to say. Memoized: a tap on a bid's chip changes none of its values, so its
    lines, a button a round, are neither built nor compared again."""
    if not gv.results and not ui.undone:
        return []
    drawn: ft.Control = _memo_rounds(SeenTable(s, gv), ui.asks_undo(len(gv.results)), ui.undone, i18n.language(),
                                     key="rounds")
    return [drawn]


@ft.component
def _rounds(table: SeenTable, asks_undo: bool, undone: str | None, language: str, *, key: Key = None) -> ft.Control:
    """:func:`_rounds_list` drawn; ``language``: a value of the memo only."""
    s, gv = table.s, table.gv
    said: list[ft.Control] = [ft.Text(undone, key="undone", weight=ft.FontWeight.BOLD)] if undone else []
    if not gv.results:
        return column(said)
    out: list[ft.Control] = [heading(pgettext("one of a match's three games", "Rounds of this game"), 18)]
    for i, r in enumerate(gv.results):
        out.append(ft.TextButton(_("Open round {n}: {summary}").format(n=r["round"], summary=present.round_summary(r)),
                                 on_click=_opens(s, i)))
    last = len(gv.results)
    out.append(undo_asking_first(_("Undo last round"),
                                 _("Undo round {n}? Its bids come back for entry.").format(n=last),
                                 asks_undo, on_ask=lambda e: ops.ask_undo(s, gv),
                                 on_undo=lambda e: ops.undo(s, gv), on_keep=lambda e: ops.keep_round(s)))
    return column(out + said)


_memo_rounds = memoized(_rounds)


def _opens(s: ops.Session, index: int) -> Callable[[Any], None]:
    return lambda e: ops.open_round(s, index)


@ft.component
def RoundScreen(s: ops.Session, gv: GameView, ui: TableUI, exports: ft.Control, *, key: Key = None) -> ft.Control:
    rv = gv.round(ui.index)
    bids = [ft.Text(present.entered_text(b)) for b in gv.record["rounds"][ui.index]["bids"]]
    return column([
        heading(_("Round {n}").format(n=rv.number), 18),
        bold(_("Bids as entered")), *bids,
        *draw(present.round_lines(rv)),
        ft.Row([
            ft.FilledButton(_("Change bids"), icon=ft.Icons.EDIT,
                            on_click=lambda e: ops.begin_edit(s, gv, ui.index)),
            ft.Button(_("Back to the table"), icon=ft.Icons.ARROW_BACK, on_click=lambda e: ops.to_entry(s)),
        ], wrap=True),
        exports,
    ])


@ft.component
def EditRound(s: ops.Session, before: rules.State, ui: TableUI, *, settling: bool = False,
              key: Key = None) -> ft.Control:
    return column([
        heading(_("Change round {n}").format(n=ui.index + 1), 18),
        ft.Text(_("The round is replaced and every later round replayed (the record is the truth).")),
        two_up(bid_cards(s, before, ui.edit_drafts, ops.EDIT, settling=settling)),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton(_("Save changes"), icon=ft.Icons.SAVE, on_click=lambda e: ops.save_edit(s, ui.index)),
            ft.Button(_("Cancel"), icon=ft.Icons.CLOSE, on_click=lambda e: ops.cancel_edit(s)),
        ], wrap=True),
    ])


# ---------------------------------------------------------------- end of a game

@ft.component
def GameOver(s: ops.Session, gv: GameView, ui: TableUI, result: MatchResult, *, key: Key = None) -> ft.Control:
    number = s.number
    players = list(gv.players)
    last = gv.round(len(gv.results) - 1)
    out: list[ft.Control] = [heading(_("Game {n} over").format(n=number), 18), ft.Text(gv.explanation)]
    out.append(bold(_("Final payout")))
    out += [ft.Text(line) for line in last.payouts] or [ft.Text(_("No table filled in the last round."))]
    out.append(bold(_("Standings")))
    out += [ft.Text(f"{place}. {p} {explain.dollars(d)}") for place, p, d in gv.standings()]
    out.append(ft.Text(ngettext("Winner: {players}", "Winners: {players}", len(gv.winners)).format(
        players=", ".join(gv.winners))))
    out.append(bold(_("Match tally (HD-15)")))
    out.append(grid(players, summaries.match_grid(players, result), _("Game"), _("match grid"), "match-grid"))
    if result.complete:
        out.append(heading(_("Match result"), 18))
        out.append(ft.Text(summaries.match_explanation(result), size=16, weight=ft.FontWeight.BOLD))
        out.append(ft.Button(_("Home"), icon=ft.Icons.HOME, on_click=lambda e: s.go("home")))
    elif summaries.can_start_next_game(result):
        default = summaries.next_game_mustard(gv.record)
        choice = ui.next_mustard if ui.next_mustard in players else default
        out.append(heading(_("Game {n}").format(n=number + 1), 18))
        out.append(ft.Text(_("Who starts with the mustard card? The default is the house rule "
                             "HD-17: one seat clockwise from where it started game {n}.").format(n=number)))
        out.append(ft.RadioGroup(
            value=choice,
            on_change=lambda e: ops.choose_next_mustard(s, e.control.value),
            content=ft.Column([ft.Radio(value=p, label=_("{player} (house rule HD-17)").format(player=p)
                                        if p == default else p)
                               for p in players], spacing=0)))
        out.append(ft.FilledButton(_("Start game {n}").format(n=number + 1), icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: ops.start_next_game(s, gv)))
    out.append(error_text(ui.error))
    return column(out)   # the last round's undo follows, in the rounds list
