"""Hot Dog's screens in the app, as declarative Flet components: setup, the table
(bids, reveal, rounds, end of game, next game), a match's details and the rules.
Found by the shell by module name (``VIEW``); the reference implementation of
:class:`companion.ui.contracts.GameView`.

Thin: everything shown comes from the view-model (``viewmodel``), which replays
the stored record; every input becomes a record operation saved by the store in
one transaction. Passing state (drafts, which round is open) is plain data kept by
the shell (``shell.ui``/``shell.set_ui``); the components draw it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

import flet as ft

from companion.core import edits
from companion.core.errors import CompanionError
from companion.core.match import GAMES_PER_MATCH
from companion.games.hotdog import rules
from companion.games.hotdog import viewmodel as vm
from companion.games.hotdog.viewmodel import Draft
from companion.store.db import RecordMoved
from companion.ui.contracts import ShellServices
from companion.ui.records import save_change
from companion.ui.widgets import NumberChips, Stepper, bold, card, error_text, heading, icon_button
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.rulings import ruling_lines

GAP = 6
SETUP = "hotdog-setup"
TABLE = "hotdog-table"


def _money(money: dict[str, int], players: Any) -> str:
    return " · ".join(f"{p} ${money[p]}" for p in players)


def _column(controls: list[ft.Control], spacing: int = 10) -> ft.Column:
    return ft.Column(controls, spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# ================================================================ setup

@dataclass(frozen=True)
class SetupDraft:
    names: tuple[str, ...] = ("", "", "")
    mustard: int = 0                     # index into names


def _moved(d: SetupDraft, i: int, by: int) -> SetupDraft:
    names, j = list(d.names), i + by
    names[i], names[j] = names[j], names[i]
    mustard = {i: j, j: i}.get(d.mustard, d.mustard)
    return SetupDraft(tuple(names), mustard)


def _removed(d: SetupDraft, i: int) -> SetupDraft:
    names = d.names[:i] + d.names[i + 1:]
    mustard = d.mustard
    if mustard == i or mustard >= len(names):
        mustard = 0
    elif mustard > i:
        mustard -= 1
    return SetupDraft(names, mustard)


@ft.component
def SetupScreen(shell: ShellServices) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    names = list(d.names)
    mustard = d.mustard if d.mustard < len(names) else 0

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def start() -> None:
        now: SetupDraft = shell.ui(SETUP, SetupDraft())
        players = vm.clean(now.names)
        who = players[now.mustard] if now.mustard < len(players) else None
        if vm.setup_error(players, who):
            shell.saved()
            return
        try:
            match_id = shell.store.create_match("hotdog", players, vm.new_record(players, who))
        except CompanionError as exc:
            shell.say(f"Not saved: {exc}")
            return
        shell.drop_ui(SETUP)
        shell.go("match", match=match_id)

    errors = vm.name_errors(names)
    problem = vm.setup_error(names, names[mustard].strip() or None)
    rows: list[ft.Control] = []
    for i, name in enumerate(names):
        label = f"Player {i + 1}"
        rows.append(ft.Column([
            ft.Row([
                ft.TextField(label=label, value=name, expand=True, dense=True,
                             on_change=lambda e, i=i: put(lambda d, i=i, v=e.control.value or "": replace(
                                 d, names=d.names[:i] + (v,) + d.names[i + 1:]))),
                icon_button(ft.Icons.ARROW_UPWARD, f"Move {label} up",
                            lambda e, i=i: put(lambda d: _moved(d, i, -1)), disabled=i == 0),
                icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {label} down",
                            lambda e, i=i: put(lambda d: _moved(d, i, 1)), disabled=i == len(names) - 1),
                icon_button(ft.Icons.DELETE_OUTLINE, f"Remove {label}",
                            lambda e, i=i: put(lambda d: _removed(d, i)), disabled=len(names) <= 1),
            ], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))
    valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
    return _column([
        heading("New Hot Dog match"),
        ft.Text("Players in seating order, clockwise (HD-1: 2–5 players, different names)."),
        *rows,
        ft.Button("Add player", icon=ft.Icons.PERSON_ADD, disabled=len(names) >= rules.MAX_PLAYERS,
                  on_click=lambda e: put(lambda d: replace(d, names=d.names + ("",)))),
        bold("Who holds the mustard card? (HD-4: the youngest)"),
        ft.RadioGroup(value=str(mustard),
                      on_change=lambda e: e.control.value is not None and put(
                          lambda d, v=int(e.control.value): replace(d, mustard=v)),
                      content=ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)),
        error_text(problem),
        ft.Text(f"A match is {GAMES_PER_MATCH} games; the dollars are added up (HD-15)."),
        ft.FilledButton("Start match", icon=ft.Icons.PLAY_ARROW, disabled=problem is not None,
                        on_click=lambda e: start()),
    ])


# ================================================================ the table

@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a Hot Dog table: data only."""

    match_id: int
    game: int
    mode: str = "entry"                      # entry | reveal | round | edit
    drafts: dict[str, Draft] = field(default_factory=dict)
    edit_drafts: dict[str, Draft] = field(default_factory=dict)
    index: int = 0                           # reveal / round / edit: the round (0-based)
    shown: int = 1                           # reveal: steps shown so far
    error: str | None = None
    next_mustard: str | None = None
    # The record each draft was begun on (None: not begun, or in step with the screen):
    # what its submit is saved against, so a round entered meanwhile on another screen
    # refuses it (companion.core.edits.entered_against).
    base: dict[str, Any] | None = None
    edit_base: dict[str, Any] | None = None


class Table:
    """What a table screen's parts share: the match, its game in play, and the
    operations on them (each one record change, saved, or a passing-state change).

    A record change is made from the record as this screen drew it (or as its draft
    was begun) and saved only if that is still the stored record: a screen that has
    not redrawn since another screen (or a phone) saved cannot store its entry as one
    more round. The refusal is said next to the entry, which stays to be checked."""

    def __init__(self, shell: ShellServices, match_id: int) -> None:
        self.shell = shell
        self.match = m = shell.store.match(match_id)
        cur = m.current
        assert cur is not None
        self.number = cur.number
        self.records = [g.record for g in m.games]
        self.gv = vm.game_view(cur.record)
        self.fresh = TableUI(m.id, cur.number, drafts=vm.fresh_drafts(self.gv.state))
        ui = shell.ui(TABLE)
        self.ui: TableUI = ui if self._mine(ui) else self.fresh
        if self.ui.mode != "entry" and self.ui.index >= len(self.gv.results):
            self.ui = replace(self.ui, mode="entry")

    def _mine(self, ui: Any) -> bool:
        return isinstance(ui, TableUI) and ui.match_id == self.match.id and ui.game == self.number

    def put(self, fn: Callable[[TableUI], TableUI]) -> None:
        """Change the passing state from its latest value (a fast second tap builds on the first)."""
        self.shell.set_ui(TABLE, lambda u: fn(u if self._mine(u) else self.fresh))

    def latest(self) -> TableUI:
        """The passing state as it is now (a tap may have changed it since this screen was drawn)."""
        ui = self.shell.ui(TABLE)
        return ui if self._mine(ui) else self.ui

    def put_draft(self, which: str, fn: Callable[[TableUI], TableUI]) -> None:
        """A change to a draft (``drafts`` or ``edit_drafts``): a draft not begun yet is
        begun on the record this screen shows."""
        key = "base" if which == "drafts" else "edit_base"
        drawn = self.gv.record

        def step(u: TableUI) -> TableUI:
            v = fn(u)
            return replace(v, **{key: edits.entered_against(getattr(v, key), drawn)})

        self.put(step)

    def save(self, record: dict[str, Any], base: dict[str, Any], not_done: str) -> bool:
        """Save a change made from ``base``. False if another screen saved first: nothing
        is saved and the refusal is said. Either way each draft's base is kept right."""
        over = vm.game_view(record).over
        refused = save_change(self.shell.store, self.match.id, self.number, record, base=base,
                              place=vm.place, not_done=not_done,
                              finished_match=self.number == GAMES_PER_MATCH and over)
        if refused is None:
            self.put(lambda u: replace(u, base=edits.followed(u.base, base, record),
                                       edit_base=edits.followed(u.edit_base, base, record)))
            return True
        # the drafts stay as entered, now in step with the record the screen redraws
        self.put(lambda u: replace(u, error=refused.line, base=None, edit_base=None))
        if refused.game != self.number:   # the screen moves on to that game: said at the top
            self.shell.say(refused.line)
        return False

    def submit(self) -> None:
        now = self.latest()
        base = edits.entered_against(now.base, self.gv.record)
        change = vm.submit(base, now.drafts)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, "your entry was not saved"):
            return
        index = len(change.record["rounds"]) - 1
        self.put(lambda u: replace(u, mode="reveal", index=index, shown=1, error=None, base=None,
                                   drafts={p: Draft(table=d.table) for p, d in u.drafts.items()}))

    def undo(self) -> None:
        record = self.gv.record          # the last round this screen shows is the one undone
        change = vm.undo(record)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, record, "nothing was undone"):
            return
        drafts = vm.drafts_of(record, len(record["rounds"]) - 1)
        self.put(lambda u: replace(u, mode="entry", drafts=drafts, error=None, base=None))
        self.shell.say(f"Round {len(record['rounds'])} undone; its bids are back for entry.")

    def save_edit(self) -> None:
        now = self.latest()
        index = self.ui.index
        base = edits.entered_against(now.edit_base, self.gv.record)
        change = vm.edit(base, index, now.edit_drafts)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, f"your change to round {index + 1} was not saved"):
            return
        self.put(lambda u: replace(u, mode="round", error=None, edit_base=None))
        self.shell.say(f"Round {index + 1} changed; the game was replayed from there.")


@ft.component
def TableScreen(shell: ShellServices, match_id: int) -> ft.Control:
    t = Table(shell, match_id)
    ui, gv = t.ui, t.gv
    out: list[ft.Control] = [heading(f"Hot Dog · game {t.number} of {GAMES_PER_MATCH}")]
    if ui.mode == "reveal":
        out.append(Reveal(t, key="reveal"))
    elif ui.mode == "round":
        out.append(RoundScreen(t, key="round"))
    elif ui.mode == "edit":
        out.append(EditRound(t, key="edit"))
    else:
        out.append(GameOver(t, key="over") if gv.over else Entry(t, key="entry"))
        out += _rounds_list(t)
        out.append(ExportActions(shell, t.match.id, t.number))
    return _column(out)


# ---------------------------------------------------------------- entering bids

@ft.component
def BidCard(player: str, state: rules.State, d: Draft, error: str | None, hide: bool,
            put: Callable[[str, Callable[[Draft], Draft]], None]) -> ft.Control:
    p = player
    if hide and d.hidden:
        return card(_column([
            ft.Text(f"{p}: bid entered and hidden, pass the phone on."),
            ft.Button(f"Show {p}'s bid", icon=ft.Icons.VISIBILITY,
                      on_click=lambda e: put(p, lambda d: replace(d, hidden=False))),
        ], spacing=GAP), f"bid-{p}")
    badge = " · mustard card" if p == state.mustard else ""
    top: list[ft.Control] = [bold(p, 17), ft.Text(f"${state.money[p]}{badge}", expand=True)]
    if hide:
        top.append(icon_button(ft.Icons.VISIBILITY_OFF, f"Hide {p}'s bid",
                               lambda e: put(p, lambda d: replace(d, hidden=True))))
    rows: list[ft.Control] = [
        ft.Row(top, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        NumberChips(p, "table", list(state.tables), d.table,
                    lambda t: put(p, lambda d: replace(d, table=t)), label="Table"),
        ft.Row([
            Stepper(p, "hot dog", d.hotdogs, lambda by: put(p, lambda d: d.step("hotdogs", by)),
                    unit="hot dogs" if d.hotdogs != 1 else "hot dog"),
            Stepper(p, "dollar", d.dollars, lambda by: put(p, lambda d: d.step("dollars", by)),
                    shown=f"${d.dollars}", unit="dollars"),
        ], spacing=8, wrap=True),
        ft.Row([
            ft.Checkbox(label="Last hot dog", value=d.last, semantics_label=f"{p}: last hot dog",
                        on_change=lambda e: put(p, lambda d, v=bool(e.control.value): replace(d, last=v))),
            ft.Checkbox(label="announced", value=d.announced, visible=d.last,
                        semantics_label=f"{p}: last hot dog announced",
                        on_change=lambda e: put(p, lambda d, v=bool(e.control.value): replace(d, announced=v))),
        ], spacing=4, wrap=True),
        error_text(error),
    ]
    return card(ft.Column(rows, spacing=GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
                f"bid-{p}", padding=8)


def _bid_cards(t: Table, state: rules.State, which: str, hide: bool) -> list[ft.Control]:
    drafts: dict[str, Draft] = getattr(t.ui, which)
    drafts = {p: drafts.get(p) or Draft(table=state.tables[0]) for p in state.players}
    errors = vm.bid_errors(state, drafts)

    def put(p: str, change: Callable[[Draft], Draft]) -> None:
        def apply(u: TableUI) -> TableUI:
            current: dict[str, Draft] = dict(getattr(u, which))
            current[p] = change(current.get(p) or Draft(table=state.tables[0]))
            return replace(u, **{which: current, "error": None})

        t.put_draft(which, apply)

    return [BidCard(p, state, drafts[p], errors.get(p), hide, put, key=f"bid-{p}")
            for p in state.players]


def _status(t: Table) -> list[ft.Control]:
    s = t.gv.state
    out: list[ft.Control] = [
        ft.Text(f"Round {s.next_round} · mustard card: {s.mustard}", size=16),
        ft.Text("Money: " + _money(dict(s.money), s.players)),
    ]
    out += [ft.Text(tv.text) for tv in t.gv.tables()]
    if len(t.records) > 1:
        totals = vm.running_totals(list(s.players), t.records)
        out.append(ft.Text("Match so far (HD-15): " + _money(totals, s.players)))
    return out


@ft.component
def Entry(t: Table) -> ft.Control:
    ui, gv = t.ui, t.gv
    out = _status(t)
    out.append(ft.Text("Bids: each player picks a table, hot dogs and dollars; "
                       "hide a bid before passing the phone."))
    out += _bid_cards(t, gv.state, "drafts", hide=True)
    out.append(error_text(ui.error))
    out.append(ft.Row([
        ft.FilledButton("Submit round", icon=ft.Icons.CHECK, on_click=lambda e: t.submit()),
        ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: t.undo(),
                  disabled=not gv.record["rounds"]),
    ], wrap=True))
    return _column(out)


# ---------------------------------------------------------------- a round's result

def _round_body(rv: vm.RoundView, shown: int) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(
        f"Mustard card: {rv.mustard}. Served table by table, 5 then 7 then 9; "
        "lowest price first, equal prices clockwise from the mustard holder (HD-7).")]
    for i, (head, why, rulings, _sold) in enumerate(rv.steps[:shown], 1):
        out.append(card(ft.Column([
            bold(f"{i}. {head}"),
            ft.Text(why),
            ft.Text("Rulings: " + ", ".join(rulings), size=12, italic=True),
        ], spacing=4), f"step-{i}"))
    if shown < len(rv.steps):
        return out
    out.append(bold("Payouts"))
    out += [ft.Text(line) for line in rv.payouts] or [ft.Text("No table filled: nobody is paid (HD-10, HD-11).")]
    out += [ft.Text(n) for n in rv.notes]
    out.append(bold("Tables now"))
    out += [ft.Text(tv.text) for tv in rv.tables]
    out.append(bold("Money (as cash cards, HD-16)"))
    out += [ft.Text(f"{mv.player}: ${mv.dollars} = {mv.cards_text}") for mv in rv.money]
    if rv.next_mustard:
        out.append(ft.Text(f"Next mustard card: {rv.next_mustard} (HD-14)"))
    return out


@ft.component
def Reveal(t: Table) -> ft.Control:
    ui, gv = t.ui, t.gv
    rv = vm.round_view(gv.players, gv.results[ui.index])
    total = len(rv.steps)
    out: list[ft.Control] = [heading(f"Round {rv.number}: reveal", 18), *_round_body(rv, ui.shown)]
    if ui.shown < total:
        out.append(ft.Row([
            ft.FilledButton(f"Next step ({ui.shown + 1} of {total})", icon=ft.Icons.SKIP_NEXT,
                            on_click=lambda e: t.put(lambda u: replace(u, shown=min(total, u.shown + 1)))),
            ft.Button("Show all", icon=ft.Icons.DONE_ALL,
                      on_click=lambda e: t.put(lambda u: replace(u, shown=total))),
        ], wrap=True))
    else:
        label = "End of game" if gv.over and ui.index == len(gv.results) - 1 else "Next round"
        out.append(ft.FilledButton(label, icon=ft.Icons.ARROW_FORWARD,
                                   on_click=lambda e: t.put(lambda u: replace(u, mode="entry"))))
    return _column(out)


def _rounds_list(t: Table) -> list[ft.Control]:
    if not t.gv.results:
        return []
    out: list[ft.Control] = [heading("Rounds of this game", 18)]
    for i, r in enumerate(t.gv.results):
        sold = ", ".join(f"{s.player} {'sold' if s.outcome == 'sold' else 'back'}" for s in r.steps)
        out.append(ft.TextButton(f"Open round {r.round}: {sold}",
                                 on_click=lambda e, i=i: t.put(lambda u: replace(u, mode="round", index=i, error=None))))
    return out


@ft.component
def RoundScreen(t: Table) -> ft.Control:
    ui, gv = t.ui, t.gv
    rv = vm.round_view(gv.players, gv.results[ui.index])
    bids = [ft.Text(f"{b['player']}: {b['table']} table, {b['hotdogs']} hot dogs, ${b.get('dollars', 0)}"
                    + (", last hot dog" + ("" if b.get("announced", True) else " (not announced)")
                       if b.get("last") else ""))
            for b in gv.record["rounds"][ui.index]["bids"]]
    drafts = vm.drafts_of(gv.record, ui.index)
    return _column([
        heading(f"Round {rv.number}", 18),
        bold("Bids as entered"), *bids,
        *_round_body(rv, len(rv.steps)),
        ft.Row([
            ft.FilledButton("Change bids", icon=ft.Icons.EDIT,
                            on_click=lambda e: t.put(lambda u: replace(u, mode="edit", edit_drafts=drafts, error=None,
                                                                       edit_base=gv.record))),
            ft.Button("Back to the table", icon=ft.Icons.ARROW_BACK,
                      on_click=lambda e: t.put(lambda u: replace(u, mode="entry"))),
        ], wrap=True),
        ExportActions(t.shell, t.match.id, t.number),
    ])


@ft.component
def EditRound(t: Table) -> ft.Control:
    ui, gv = t.ui, t.gv
    before = vm.replay({**gv.record, "rounds": gv.record["rounds"][: ui.index]})[1]
    return _column([
        heading(f"Change round {ui.index + 1}", 18),
        ft.Text("The round is replaced and every later round replayed (the record is the truth)."),
        *_bid_cards(t, before, "edit_drafts", hide=False),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton("Save changes", icon=ft.Icons.SAVE, on_click=lambda e: t.save_edit()),
            ft.Button("Cancel", icon=ft.Icons.CLOSE,
                      on_click=lambda e: t.put(lambda u: replace(u, mode="round", error=None, edit_base=None))),
        ], wrap=True),
    ])


# ---------------------------------------------------------------- end of a game

@ft.component
def GameOver(t: Table) -> ft.Control:
    ui, gv, records = t.ui, t.gv, t.records
    number = len(records)
    players = list(gv.players)
    last = vm.round_view(gv.players, gv.results[-1])
    out: list[ft.Control] = [heading(f"Game {number} over", 18), ft.Text(gv.explanation)]
    out.append(bold("Final payout"))
    out += [ft.Text(line) for line in last.payouts] or [ft.Text("No table filled in the last round.")]
    out.append(bold("Standings"))
    out += [ft.Text(f"{place}. {p} ${d}") for place, p, d in gv.standings()]
    out.append(ft.Text(("Winner: " if len(gv.winners) == 1 else "Winners: ") + ", ".join(gv.winners)))
    result = vm.match_tally(players, records)
    out.append(bold("Match tally (HD-15)"))
    out += [ft.Text(f"Game {g.number}: " + _money(g.scores, players)) for g in result.games]
    out.append(ft.Text("Total: " + _money(result.totals, players)))
    if result.complete:
        out.append(heading("Match result", 18))
        out.append(ft.Text(result.explanation, size=16, weight=ft.FontWeight.BOLD))
        out.append(ft.Button("Home", icon=ft.Icons.HOME, on_click=lambda e: t.shell.go("home")))
    elif vm.can_start_next_game(records):
        default = vm.next_game_mustard(records[-1])
        choice = ui.next_mustard if ui.next_mustard in players else default

        def start_next() -> None:
            now = t.shell.ui(TABLE)
            picked = now.next_mustard if t._mine(now) else None
            try:
                t.shell.store.add_game(t.match.id, vm.new_record(players, picked if picked in players else default),
                                       after=number)
            except RecordMoved:   # a second tap, or another screen, started it already: go there
                pass
            except CompanionError as exc:   # the store cannot save now (read-only, busy)
                said = f"Not saved: {exc}"
                t.put(lambda u: replace(u, error=said))
                return
            t.shell.go("match", match=t.match.id)

        out.append(heading(f"Game {number + 1}", 18))
        out.append(ft.Text("Who starts with the mustard card? The default is the house rule "
                           f"HD-17: one seat clockwise from where it started game {number}."))
        out.append(ft.RadioGroup(
            value=choice,
            on_change=lambda e: t.put(lambda u, v=e.control.value: replace(u, next_mustard=v)),
            content=ft.Column([ft.Radio(value=p, label=p + (" (house rule HD-17)" if p == default else ""))
                               for p in players], spacing=0)))
        out.append(ft.FilledButton(f"Start game {number + 1}", icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: start_next()))
    out.append(error_text(ui.error))
    out.append(ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: t.undo()))
    return _column(out)


# ================================================================ history

@ft.component
def MatchDetail(shell: ShellServices, match_id: int) -> ft.Control:
    m = shell.store.match(match_id)
    records = [g.record for g in m.games]
    result = vm.match_tally(m.players, records)

    def cont() -> None:
        shell.continue_match(m.id)

    out: list[ft.Control] = [heading(f"Hot Dog match: {', '.join(m.players)}"),
                             ft.Text(result.explanation),
                             ft.Text("Total: " + _money(result.totals, m.players))]
    if not m.finished:
        out.append(ft.FilledButton("Continue this match", icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: cont()))
    for g, tally in zip(m.games, result.games):
        gv = vm.game_view(g.record)
        out.append(heading(f"Game {g.number}" + (" (over)" if tally.over else " (in play)"), 18))
        out.append(ft.Text(gv.explanation))
        for r in gv.results:
            rv = vm.round_view(gv.players, r)
            out.append(bold(f"Round {rv.number} (mustard card: {rv.mustard})"))
            out += [ft.Text(f"{i}. {s[0]}") for i, s in enumerate(rv.steps, 1)]
            if rv.payouts:
                out.append(ft.Text("Payouts: " + "; ".join(rv.payouts)))
    if m.games:
        out.append(ExportActions(shell, m.id, m.games[-1].number))
    return _column(out)


# ================================================================ rules

@ft.component
def RulesText() -> ft.Control:
    out: list[ft.Control] = [
        heading("Hot Dog: the rules in plain words"),
        ft.Text("Everyone bids at once, face down: a table, some hot dogs, and dollars to go "
                "earlier. The app serves the bids, pays full tables and passes the mustard card. "
                "Each rule has its id; the app cites it wherever it decides something."),
    ]
    out += ruling_lines(vm.RULES)
    return _column(out)


class HotDogView:
    """Hot Dog's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "hotdog"
    title = "Hot Dog"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="hotdog-setup")

    def table(self, shell: ShellServices, match_id: int) -> ft.Control:
        return TableScreen(shell, match_id, key=f"hotdog-table-{match_id}")

    def match_detail(self, shell: ShellServices, match_id: int) -> ft.Control:
        return MatchDetail(shell, match_id, key=f"hotdog-match-{match_id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="hotdog-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        p = vm.progress(players, records)
        return p.line, p.over


VIEW = HotDogView()
