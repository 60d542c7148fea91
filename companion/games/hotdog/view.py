"""Hot Dog's screens in the app, as declarative Flet components: setup, the table
(bids, reveal, rounds, end of game, next game), a match's details and the rules.
Found by the shell by module name (``VIEW``); the reference implementation of
:class:`companion.ui.contracts.GameView`.

Thin: what is shown comes from ``present`` (the one replay of the record per
render, passed down), what a tap changes from ``forms``, and every table operation
from ``actions`` on the screen's :class:`~companion.ui.table.TableSession`. The
components get values and callbacks, never the store or the shell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.match import GAMES_PER_MATCH, MatchResult
from companion.games.hotdog import actions as ops
from companion.games.hotdog import explain, forms, present, rules, rulings, setup_form, summaries
from companion.games.hotdog.forms import Draft, TableUI
from companion.games.hotdog.i18n import _, ngettext, pgettext
from companion.games.hotdog.models import START_MONEY
from companion.games.hotdog.present import GameView, money_text
from companion.games.hotdog.setup_form import SetupDraft
from companion.games.hotdog.widgets import (
    NOT_ENTERED,
    SECRET_NOT_ENTERED,
    Key,
    bid_fields,
    bid_line,
    draw,
    grid,
    table_cards,
)
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices, Standings
from companion.ui.table import MatchSeen, open_match
from companion.ui.widgets import bold, card, error_text, heading, icon_button
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.rulings import ruling_lines
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.text_field import TextField
from companion.ui.widgets.undo_question import undo_asking_first

GAP = 6
SETUP = "hotdog-setup"
TABLE = ops.TABLE


# ================================================================ setup

def _player_row(i: int, name: str, count: int, error: str | None,
                put: Callable[[Callable[[SetupDraft], SetupDraft]], None]) -> ft.Control:
    label = _("Player {n}").format(n=i + 1)

    def renamed(value: str | None) -> None:
        put(lambda d: d.renamed(i, value or ""))

    return ft.Column([
        ft.Row([
            TextField(label=label, value=name, expand=True, dense=True,
                      on_change=lambda e: renamed(e.control.value), on_blur=lambda e: put(lambda d: d.left(i))),
            icon_button(ft.Icons.ARROW_UPWARD, _("Move Player {n} up").format(n=i + 1),
                        lambda e: put(lambda d: d.moved(i, -1)), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, _("Move Player {n} down").format(n=i + 1),
                        lambda e: put(lambda d: d.moved(i, 1)), disabled=i == count - 1),
            icon_button(ft.Icons.DELETE_OUTLINE, _("Remove Player {n}").format(n=i + 1),
                        lambda e: put(lambda d: d.removed(i)), disabled=count <= 1),
        ], spacing=0),
        error_text(error),
    ], spacing=2, key=f"player-{i}")


@ft.component
def SetupScreen(shell: ShellServices, *, key: Key = None) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    names = list(d.names)
    mustard = d.holder()

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def start() -> None:
        players, who = shell.ui(SETUP, SetupDraft()).start()
        if setup_form.setup_error(players, who):
            put(lambda d: d.started())   # every field's refusal is said now
            return
        entry = shell.ui(SETUP, SetupDraft()).entry
        said = open_match(shell, "hotdog", players, setup_form.new_record(players, who), {setup_form.ENTRY: entry})
        if said is not None:
            shell.say(said)
            return
        shell.drop_ui(SETUP)

    def chose(value: str | None) -> None:
        if value is not None:
            seat = int(value)
            put(lambda d: d.chose(seat))

    errors = d.errors()
    problem = d.problem()
    rows = [_player_row(i, name, len(names), errors[i], put) for i, name in enumerate(names)]
    valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
    return column([
        heading(_("New Hot Dog match")),
        ft.Text(_("Players in seating order, clockwise (HD-1: 2–5 players, different names).")),
        RosterPicker(groups_played(shell.store), rules.MIN_PLAYERS, rules.MAX_PLAYERS,
                     _("Hot Dog is for {min}–{max} players (HD-1)").format(min=rules.MIN_PLAYERS,
                                                                           max=rules.MAX_PLAYERS),
                     lambda names: put(lambda d: d.with_players(names)), key="groups"),
        *rows,
        ft.Button(_("Add player"), icon=ft.Icons.PERSON_ADD, disabled=len(names) >= rules.MAX_PLAYERS,
                  on_click=lambda e: put(lambda d: d.added())),
        bold(_("Who holds the mustard card? (HD-4: the youngest)")),
        ft.RadioGroup(value=str(mustard), on_change=lambda e: chose(e.control.value),
                      content=ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)),
        bold(_("How are the bids entered? (changeable between rounds)")),
        ft.RadioGroup(value=d.entry, on_change=lambda e: put(lambda d: d.entered_by(e.control.value or "")),
                      content=ft.Column([part for m, (label, means) in setup_form.ENTRY_MODES.items() for part in (
                          ft.Radio(value=m, label=_(label)),
                          ft.Container(ft.Text(_(means), size=13), padding=ft.Padding(40, 0, 0, 4)))],
                                        spacing=0)),
        error_text(problem),
        ft.Text(_("A match is {n} games; the dollars are added up (HD-15).").format(n=GAMES_PER_MATCH)),
        ft.FilledButton(_("Start match"), icon=ft.Icons.PLAY_ARROW, disabled=problem is not None,
                        on_click=lambda e: start()),
    ])


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


# ---------------------------------------------------------------- entering bids

@ft.component
def BidCard(player: str, state: rules.State, d: Draft | None, error: str | None,
            put: Callable[[str, Callable[[Draft], Draft]], None], *, title: str | None = None,
            not_entered: str = NOT_ENTERED, settling: bool = False, key: Key = None) -> ft.Control:
    """One player's bid, picked directly; ``d`` None: not entered yet (nothing is bid for
    them). A hidden bid (the phone was passed on) shows nothing of itself, only whether
    HD-6 refuses it, until it is shown. The bid picked is read out with the card's
    title (a screen reader's summary: the lit chips show it): the card keeps its
    height as the bid changes."""
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
        *bid_fields(p, state.tables, state.money[p], d, lambda change: put(p, change), not_entered=not_entered,
                    settling=settling),
        error_text(error),
    ]
    return card(ft.Column(rows, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                f"bid-{p}", padding=8)


def _putter(s: ops.Session, which: str, state: rules.State) -> Callable[[str, Callable[[Draft], Draft]], None]:
    def put(p: str, change: Callable[[Draft], Draft]) -> None:
        ops.edit_bid(s, which, p, change, state.tables[0])
    return put


def _bid_cards(s: ops.Session, state: rules.State, drafts: dict[str, Draft], which: str, *,
               settling: bool = False) -> list[ft.Control]:
    errors = forms.bid_errors(state, drafts)
    put = _putter(s, which, state)
    return [BidCard(p, state, drafts.get(p), errors.get(p), put, settling=settling, key=f"bid-{p}")
            for p in state.players]


CARD: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 12, "xl": 6}


def _two_up(cards: list[ft.Control]) -> ft.Control:
    """Bid cards one under another; two side by side on a wide desktop window."""
    return ft.ResponsiveRow([ft.Container(c, col=CARD) for c in cards], spacing=8, run_spacing=8)


def _status(gv: GameView, so_far: str | None) -> list[ft.Control]:
    st = gv.state
    out: list[ft.Control] = [ft.Text(_("Round {n} · mustard card: {player}").format(n=st.next_round, player=st.mustard),
                                     size=16)]
    if so_far is not None:
        out.append(ft.Text(so_far))
    return [*out, table_cards(gv.tables(), gv.players)]


def _mode_choice(s: ops.Session, ui: TableUI) -> ft.Control:
    """How bids are entered, switchable between rounds: under the entry, where it
    moves nothing when it is switched off (once a bid of the round is begun)."""
    return column([
        ft.Text(_("How the bids are entered (between rounds):"), size=13),
        ft.RadioGroup(
            value=ops.entry_mode(s), on_change=lambda e: ops.set_entry_mode(s, e.control.value or ""),
            disabled=bool(ui.drafts),
            content=ft.Row([ft.Radio(value=setup_form.FROM_TABLE, label=_("Bids from the table")),
                            ft.Radio(value=setup_form.PASSING, label=_("Pass the phone"))], wrap=True, spacing=0)),
    ], spacing=0)


@ft.component
def Entry(s: ops.Session, gv: GameView, ui: TableUI, so_far: str | None = None, *, settling: bool = False,
          key: Key = None) -> ft.Control:
    """From the table: the bids lie face up; one person picks each player's at once.
    ``so_far``: the match's finished games, in one line (from game 2 on)."""
    out = _status(gv, so_far)
    out.append(ft.Text(_("Tap each bid as it lies: table and hot dogs, then dollars."), size=13))
    out.append(_two_up(_bid_cards(s, gv.state, ui.drafts, ops.ROUND, settling=settling)))
    out.append(error_text(ui.error))
    out.append(ft.FilledButton(_("Submit round"), icon=ft.Icons.CHECK, on_click=lambda e: ops.submit(s, gv)))
    out.append(_mode_choice(s, ui))
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
        out.append(_mode_choice(s, ui))
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
        ], wrap=True))
    else:                   # again where reading the result ends, the money grid under it
        out.append(_go_on(s, gv, ui))
    return column(out)


def _rounds_list(s: ops.Session, gv: GameView, ui: TableUI) -> list[ft.Control]:
    """The rounds played, each to open; after the last, its undo (asked first), and
    what undo did, said right there."""
    said: list[ft.Control] = [ft.Text(ui.undone, key="undone", weight=ft.FontWeight.BOLD)] if ui.undone else []
    if not gv.results:
        return said
    out: list[ft.Control] = [heading(pgettext("one of a match's three games", "Rounds of this game"), 18)]
    for i, r in enumerate(gv.results):
        out.append(ft.TextButton(_("Open round {n}: {summary}").format(n=r["round"], summary=present.round_summary(r)),
                                 on_click=_opens(s, i)))
    last = len(gv.results)
    out.append(undo_asking_first(_("Undo last round"),
                                 _("Undo round {n}? Its bids come back for entry.").format(n=last),
                                 ui.asks_undo(last), on_ask=lambda e: ops.ask_undo(s, gv),
                                 on_undo=lambda e: ops.undo(s, gv), on_keep=lambda e: ops.keep_round(s)))
    return out + said


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
        _two_up(_bid_cards(s, before, ui.edit_drafts, ops.EDIT, settling=settling)),
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


# ================================================================ history

@ft.component
def MatchDetail(shell: ShellServices, m: StoredMatch, *, key: Key = None) -> ft.Control:
    """A Hot Dog match from the history, drawn from the match as the route read it; each
    game replayed once."""
    result = summaries.match_tally(m.players, [g.record for g in m.games])
    out: list[ft.Control] = [heading(_("Hot Dog match: {players}").format(players=", ".join(m.players))),
                             ft.Text(summaries.match_explanation(result)),
                             ft.Text(_("Total: {money}").format(money=money_text(result.totals, m.players)))]
    if not m.finished:
        out.append(ft.FilledButton(_("Continue this match"), icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: shell.continue_match(m.id)))
    for g, tally in zip(m.games, result.games, strict=True):
        gv = present.game_view(g.record)
        out.append(heading((_("Game {n} (over)") if tally.over else _("Game {n} (in play)")).format(n=g.number), 18))
        out.append(ft.Text(gv.explanation))
        for i in range(len(gv.results)):
            out += draw(present.history_lines(gv.round(i)))
    if m.games:
        out.append(ExportActions(shell, m, m.games[-1].number))
    return column(out)


# ================================================================ rules

@ft.component
def RulesText(*, key: Key = None) -> ft.Control:
    out: list[ft.Control] = [
        heading(_("Hot Dog: the rules in plain words")),
        ft.Text(_("Everyone bids at once, face down: a table, some hot dogs, and dollars to go "
                  "earlier. The app serves the bids, pays full tables and passes the mustard card. "
                  "Each rule has its id; the app cites it wherever it decides something.")),
    ]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in rulings.RULES])
    return column(out)


class HotDogView:
    """Hot Dog's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "hotdog"
    title = "Hot Dog"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="hotdog-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"hotdog-table-{match.id}")

    def match_detail(self, shell: ShellServices, match: StoredMatch) -> ft.Control:
        return MatchDetail(shell, match, key=f"hotdog-match-{match.id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="hotdog-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return summaries.progress(players, records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The game in play's money now (its grid's first row), for the browser's first screen."""
        if not records:
            return None
        gv = present.game_view(records[-1])
        row = summaries.money_grid(gv)[0]
        return row.label, list(zip(gv.players, row.cells, strict=True))


VIEW: HotDogView = HotDogView()
