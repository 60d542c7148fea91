"""Burger's screens in the app, as declarative Flet components: setup, the table
(the decks, the tool cards passed round the phone, who takes which deck, the
hamburgers finished, a player's own peek), a round opened and changed, the end
(BU-7 top buns, house-rule scores, the winner), a match's details and the rules.
Found by the shell by module name (``VIEW``); built like Hot Dog's.

Thin: everything shown comes from the view-model (``viewmodel``), which replays the
stored record; every input is a record operation saved by the store, or a change of
the session's passing state (plain data kept by the shell). Secrets (rat tokens,
used tool cards, the tool cards in hand; BU-3, BU-5) are drawn only from
``private_view`` behind a player's own tap, and from ``end_view`` once the game is
over. The recipe file and the BU-7 top buns are not in the record: they are kept
in the store's settings, keyed by match id.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Callable

import flet as ft

from companion.core import edits, words
from companion.core.errors import CompanionError, RecordError
from companion.games.burger import rules
from companion.games.burger import viewmodel as vm
from companion.games.burger.models import TOOL_KINDS
from companion.games.burger.viewmodel import RoundDraft, Setup, StackDraft, ToolDraft
from companion.ui.contracts import ShellServices
from companion.ui.records import save_change
from companion.ui.widgets import Stepper, bold, card, error_text, heading, icon_button
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.rulings import ruling_lines

GAP = 6
SETUP = "burger-setup"
TABLE = "burger-table"
NUMBER = 1               # burger is a single game: the match's game 1


def _column(controls: list[ft.Control], spacing: int = 10) -> ft.Column:
    return ft.Column(controls, spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _lines(lines: list[str], **style: Any) -> list[ft.Control]:
    return [ft.Text(line, **style) for line in lines]


def _choice(label: str, text: str, on: bool, on_click: Callable[[Any], Any], *,
            disabled: bool = False) -> ft.Control:
    """A button in a group of choices, marked selected (for sight and for a screen reader)."""
    return ft.Semantics(label=label, button=True, selected=on, content=ft.Button(
        text, on_click=on_click, height=TAP, disabled=disabled,
        style=ft.ButtonStyle(
            bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE,
            color=ft.Colors.ON_PRIMARY if on else ft.Colors.PRIMARY,
            side=ft.BorderSide(1, ft.Colors.PRIMARY))))


# ================================================================ kept beside the record

def recipes_key(match_id: int) -> str:
    return f"burger:{match_id}:recipes"


def top_buns_key(match_id: int) -> str:
    return f"burger:{match_id}:top_buns"


def read_top_buns(raw: str | None) -> list[str]:
    """The BU-7 choices as kept in the settings (a JSON list of names); anything else: none."""
    try:
        value = json.loads(raw or "[]")
    except ValueError:
        return []
    return [p for p in value if isinstance(p, str)] if isinstance(value, list) else []


def toggled(names: list[str], player: str, on: bool) -> list[str]:
    """The BU-7 choices with ``player`` added or removed (each player at most once)."""
    rest = [p for p in names if p != player]
    return [*rest, player] if on else rest


def single_line(records: list[dict[str, Any]]) -> tuple[str, bool]:
    """A burger match (a single game) in one line for the home screen and the history."""
    if not records:
        return "no game started", False
    line = vm.game_line(records[-1])
    try:
        over = vm.next_state(records[-1]).over
    except RecordError:
        over = False
    return line, over


# ================================================================ setup

@dataclass(frozen=True)
class SetupUI:
    setup: Setup = Setup(players=("", "", ""))
    first: int = 0                       # index into the names


def _moved(d: SetupUI, i: int, by: int) -> SetupUI:
    names, j = list(d.setup.players), i + by
    names[i], names[j] = names[j], names[i]
    return SetupUI(replace(d.setup, players=tuple(names)), {i: j, j: i}.get(d.first, d.first))


def _removed(d: SetupUI, i: int) -> SetupUI:
    names = d.setup.players[:i] + d.setup.players[i + 1:]
    first = d.first
    if first == i or first >= len(names):
        first = 0
    elif first > i:
        first -= 1
    return SetupUI(replace(d.setup, players=names), first)


def setup_of(d: SetupUI) -> Setup:
    """The view-model's setup with the first player taken from the chosen seat."""
    names = d.setup.players
    first = names[d.first].strip() if d.first < len(names) and names[d.first].strip() else None
    return replace(d.setup, first=first)


@ft.component
def SetupScreen(shell: ShellServices) -> ft.Control:
    d: SetupUI = shell.ui(SETUP, SetupUI())
    s = setup_of(d)
    names = list(s.players)

    def put(fn: Callable[[SetupUI], SetupUI]) -> None:
        shell.set_ui(SETUP, fn, SetupUI())

    def put_setup(fn: Callable[[Setup], Setup]) -> None:
        put(lambda u: replace(u, setup=fn(u.setup)))

    def start() -> None:
        now = setup_of(shell.ui(SETUP, SetupUI()))
        if vm.setup_errors(now):
            shell.saved()
            return
        try:
            match_id = shell.store.create_match("burger", vm.clean(now.players), vm.new_record(now))
            shell.store.set_setting(recipes_key(match_id), now.recipes)
        except CompanionError as exc:
            shell.say(f"Not saved: {exc}")
            return
        shell.drop_ui(SETUP)
        shell.go("match", match=match_id)

    errors = vm.name_errors(names)
    problems = vm.setup_errors(s)
    rows: list[ft.Control] = []
    for i, name in enumerate(names):
        label = f"Player {i + 1}"
        rows.append(ft.Column([
            ft.Row([
                ft.TextField(label=label, value=name, expand=True, dense=True,
                             on_change=lambda e, i=i: put_setup(lambda x, i=i, v=e.control.value or "": replace(
                                 x, players=x.players[:i] + (v,) + x.players[i + 1:]))),
                icon_button(ft.Icons.ARROW_UPWARD, f"Move {label} up",
                            lambda e, i=i: put(lambda u: _moved(u, i, -1)), disabled=i == 0),
                icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {label} down",
                            lambda e, i=i: put(lambda u: _moved(u, i, 1)), disabled=i == len(names) - 1),
                icon_button(ft.Icons.DELETE_OUTLINE, f"Remove {label}",
                            lambda e, i=i: put(lambda u: _removed(u, i)), disabled=len(names) <= 1),
            ], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))
    valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
    files = vm.recipe_files()
    status = vm.recipe_status(s.recipes)
    return _column([
        heading("New Burger game"),
        ft.Text("Players in seating order, clockwise (BU-1: 2–5 players, different names)."),
        *rows,
        error_text(problems.get("names") if all(e is None for e in errors) else None),
        ft.Button("Add player", icon=ft.Icons.PERSON_ADD, disabled=len(names) >= rules.MAX_PLAYERS,
                  on_click=lambda e: put_setup(lambda x: replace(x, players=x.players + ("",)))),
        bold("Who is first player? (BU-1: whoever most recently ate a hamburger)"),
        ft.RadioGroup(value=str(d.first),
                      on_change=lambda e: e.control.value is not None and put(
                          lambda u, v=int(e.control.value): replace(u, first=v)),
                      content=ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)),
        error_text(problems.get("first")),
        bold("Tool cards per player"),
        ft.Text(vm.tools_label(s.tongs, s.tease)),
        ft.Row([
            Stepper("Setup", "tongs card", s.tongs, lambda by: put_setup(lambda x: x.step("tongs", by)),
                    unit="tongs"),
            Stepper("Setup", "tease card", s.tease, lambda by: put_setup(lambda x: x.step("tease", by)),
                    unit="tease"),
        ], spacing=8, wrap=True),
        error_text(problems.get("tools")),
        bold("Draw pile"),
        ft.TextField(label="Draw pile (cards)", value=s.draw_pile, dense=True, helper="Empty if not known",
                     keyboard_type=ft.KeyboardType.NUMBER,
                     on_change=lambda e: put_setup(lambda x, v=e.control.value or "": replace(x, draw_pile=v))),
        error_text(problems.get("draw_pile")),
        bold("Scoring (house rule, BU-8)"),
        ft.Text(vm.scoring_label(s.hamburger_points, s.rat_points)),
        ft.Row([
            Stepper("Scoring", "point per hamburger", s.hamburger_points,
                    lambda by: put_setup(lambda x: x.step("hamburger_points", by)), unit="per hamburger"),
            Stepper("Scoring", "point per rat token", s.rat_points,
                    lambda by: put_setup(lambda x: x.step("rat_points", by)), unit="per rat token"),
        ], spacing=8, wrap=True),
        error_text(problems.get("scoring")),
        bold("Recipe file (BU-5)"),
        ft.RadioGroup(value=s.recipes,
                      on_change=lambda e: e.control.value and put_setup(
                          lambda x, v=e.control.value: replace(x, recipes=v)),
                      content=ft.Column([ft.Radio(value=str(f), label=f.name) for f in files], spacing=0)),
        ft.TextField(label="Recipe file path", value=s.recipes, dense=True,
                     on_change=lambda e: put_setup(lambda x, v=e.control.value or "": replace(x, recipes=v))),
        ft.Text(status.text) if status.ok else error_text(status.text),
        ft.FilledButton("Start game", icon=ft.Icons.PLAY_ARROW, disabled=bool(problems),
                        on_click=lambda e: start()),
    ])


# ================================================================ the table

@dataclass(frozen=True)
class TableUI:
    """One session's passing state at a Burger table: data only (the drafts hold
    the tool cards chosen before the reveal: they never leave this session)."""

    match_id: int
    mode: str = "entry"                      # entry | round | edit
    draft: RoundDraft | None = None          # the round being entered (None: a fresh one)
    edit: RoundDraft | None = None           # a past round being changed
    index: int = 0                           # round / edit: the round (0-based)
    error: str | None = None
    peek: str | None = None                  # the player looking at their own secrets
    stack_for: str | None = None             # the player entering a stack for the recipe check
    just: bool = False                       # round: the one just submitted (else opened from the list)
    # The record each draft was begun on (None: not begun, or in step with the screen):
    # what it is saved against, so a round entered meanwhile on another screen refuses
    # it (companion.core.edits.entered_against).
    base: dict[str, Any] | None = None
    edit_base: dict[str, Any] | None = None


class Table:
    """What a table screen's parts share: the match's game, its operations.

    A record change is made from the record as this screen drew it (or as its draft
    was begun) and saved only if that is still the stored record: a screen that has
    not redrawn since another screen (or a phone) saved cannot store its round as one
    more. The refusal is said next to the entry, which stays to be checked."""

    def __init__(self, shell: ShellServices, match_id: int) -> None:
        self.shell = shell
        self.match = m = shell.store.match(match_id)
        cur = m.current
        assert cur is not None
        self.record = cur.record
        self.gv = vm.game_view(self.record)
        self.state = vm.next_state(self.record)     # holds secrets: passed to helpers, never drawn
        self.fresh = TableUI(m.id)
        ui = shell.ui(TABLE)
        self.ui: TableUI = ui if self._mine(ui) else self.fresh
        if self.ui.mode != "entry" and self.ui.index >= len(self.gv.rounds):
            self.ui = replace(self.ui, mode="entry")
        status = vm.recipe_status(shell.store.setting(recipes_key(m.id)))
        self.book = status.book
        self.recipes = status.text

    def _mine(self, ui: Any) -> bool:
        return isinstance(ui, TableUI) and ui.match_id == self.match.id

    def put(self, fn: Callable[[TableUI], TableUI]) -> None:
        self.shell.set_ui(TABLE, lambda u: fn(u if self._mine(u) else self.fresh))

    def now(self) -> TableUI:
        ui = self.shell.ui(TABLE)
        return ui if self._mine(ui) else self.fresh

    def save(self, record: dict[str, Any], base: dict[str, Any], not_done: str) -> bool:
        """Save a change made from ``base``. False if another screen saved first: nothing
        is saved and the refusal is said. Either way each draft's base is kept right."""
        refused = save_change(self.shell.store, self.match.id, NUMBER, record, base=base, place=vm.place,
                              not_done=not_done, finished_match=vm.next_state(record).over)
        if refused is None:
            self.put(lambda u: replace(u, base=edits.followed(u.base, base, record),
                                       edit_base=edits.followed(u.edit_base, base, record)))
            return True
        # the drafts stay as entered, now in step with the record the screen redraws
        self.put(lambda u: replace(u, error=refused.line, base=None, edit_base=None))
        return False

    # the two drafts: the round being entered, and a past round being changed
    def state_for(self, which: str) -> rules.State:
        return self.state if which == "draft" else vm.state_before(self.record, self.ui.index)

    def draft(self, which: str, ui: TableUI | None = None) -> RoundDraft:
        ui = ui or self.ui
        if which == "draft":
            return ui.draft or vm.fresh_round(self.state)
        return ui.edit or vm.draft_of(self.record, ui.index)

    def put_draft(self, which: str, fn: Callable[[RoundDraft], RoundDraft]) -> None:
        """A change to a draft (``draft`` or ``edit``): a draft not begun yet is begun on
        the record this screen shows."""
        key = "base" if which == "draft" else "edit_base"
        drawn = self.record
        self.put(lambda u: replace(u, error=None, **{which: fn(self.draft(which, u)),
                                                    key: edits.entered_against(getattr(u, key), drawn)}))

    def submit(self) -> None:
        now = self.now()
        base = edits.entered_against(now.base, self.record)
        change = vm.submit(base, self.draft("draft", now))
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, "your entry was not saved"):
            return
        index = len(change.record["rounds"]) - 1
        self.put(lambda u: replace(u, mode="round", index=index, draft=None, base=None, error=None, peek=None,
                                   stack_for=None, just=True))

    def undo(self) -> None:
        record = self.record          # the last round this screen shows is the one undone
        change = vm.undo(record)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, record, "nothing was undone"):
            return
        back = vm.draft_of(record, len(record["rounds"]) - 1)
        self.put(lambda u: replace(u, mode="entry", draft=back, base=None, error=None, peek=None, stack_for=None))
        self.shell.say(f"Round {len(record['rounds'])} undone; its entries are back for entry.")

    def save_edit(self) -> None:
        now = self.now()
        index = self.ui.index
        base = edits.entered_against(now.edit_base, self.record)
        change = vm.edit(base, index, self.draft("edit", now))
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, f"your change to round {index + 1} was not saved"):
            return
        self.put(lambda u: replace(u, mode="round", edit=None, edit_base=None, error=None))
        self.shell.say(f"Round {index + 1} changed; the game was replayed from there.")


@ft.component
def TableScreen(shell: ShellServices, match_id: int) -> ft.Control:
    t = Table(shell, match_id)
    out: list[ft.Control] = [heading("Burger")]
    if t.ui.mode == "round":
        out.append(RoundScreen(t, key="round"))
    elif t.ui.mode == "edit":
        out.append(EditRound(t, key="edit"))
    else:
        out.append(GameOver(t, key="over") if t.gv.over else Entry(t, key="entry"))
        out += _rounds_list(t)
        out.append(ExportActions(shell, t.match.id, NUMBER, games_in_match=False))
    return _column(out)


def _status(t: Table) -> list[ft.Control]:
    gv = t.gv
    made = " · ".join(f"{p} {n}" for p, n in gv.hamburgers.items())
    return [
        ft.Text(f"Round {gv.next_round} · first player: {gv.first}", size=16, weight=ft.FontWeight.BOLD),
        ft.Text(gv.count),
        ft.Text(f"Complete hamburgers: {made}"),
        ft.Text(gv.draw_pile),
        ft.Text(gv.tools, size=12),
        ft.Text(gv.scoring, size=12),
    ]


# ---------------------------------------------------------------- the decks

@ft.component
def Decks(t: Table, which: str) -> ft.Control:
    state, draft = t.state_for(which), t.draft(which)
    check = vm.deck_check(state, draft)
    put = t.put_draft
    out: list[ft.Control] = [heading("Decks", 18)]
    for i, deck in enumerate(draft.decks):
        name = vm.deck_label(i).capitalize()
        rows: list[ft.Control] = [ft.Row([bold(name, 16), ft.Text(deck.text, expand=True, size=13)], spacing=8)]
        for j, c in enumerate(deck.cards):
            remove = icon_button(ft.Icons.DELETE_OUTLINE, f"{name}: remove card {j + 1}",
                                 lambda e, i=i, j=j: put(which, lambda d: vm.remove_card(d, i, j)))
            if rules.is_rat(c):
                rows.append(ft.Row([ft.Icon(ft.Icons.PEST_CONTROL_RODENT, semantics_label="rat card"),
                                    ft.Text(f"Card {j + 1}: rat (not an ingredient, BU-2)", expand=True),
                                    remove], spacing=6))
            else:
                rows.append(ft.Row([
                    ft.TextField(label=f"{name} card {j + 1}", value=c, dense=True, expand=True,
                                 hint_text="ingredient (name optional)",
                                 on_change=lambda e, i=i, j=j: put(which, lambda d, v=e.control.value or "": vm.set_card(
                                     d, i, j, v))),
                    remove], spacing=0))
        rows.append(ft.Row([
            ft.Button(f"{name}: add ingredient", icon=ft.Icons.ADD,
                      on_click=lambda e, i=i: put(which, lambda d: vm.add_card(d, i))),
            ft.Button(f"{name}: add rat", icon=ft.Icons.PEST_CONTROL_RODENT,
                      on_click=lambda e, i=i: put(which, lambda d: vm.add_rat(d, i))),
        ], wrap=True, spacing=6))
        rows.append(error_text(check.per_deck.get(i)))
        out.append(card(_column(rows, GAP), f"deck-{i}", padding=8))
    out.append(ft.Text(check.count, weight=ft.FontWeight.W_500))
    return _column(out, 8)


# ---------------------------------------------------------------- tool cards

@ft.component
def ToolCards(t: Table) -> ft.Control:
    """Pass the phone (BU-3): each player in turn sees only their own hand and plays one
    card face down; nothing is shown until all are revealed at once."""
    state, draft = t.state, t.draft("draft")
    put = t.put_draft
    out: list[ft.Control] = [heading("Tool cards", 18)]
    turn = vm.tool_turn(state, draft)
    status = vm.tools_status(state, draft)
    for p, line in zip(vm.tool_order(state), status):
        chosen = draft.tools.get(p)
        row: list[ft.Control] = [ft.Text(line, expand=True)]
        if chosen is not None and chosen.kind is not None and not draft.revealed:
            row.append(ft.TextButton(f"{p}: choose again",
                                     on_click=lambda e, p=p: put("draft", lambda d: vm.clear_tool(d, p))))
        out.append(ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if turn is not None:
        panel: list[ft.Control] = [ft.Text(turn.prompt, weight=ft.FontWeight.W_500)]
        if not turn.shown:
            panel.append(ft.FilledButton(f"{turn.player}: show my tool cards", icon=ft.Icons.VISIBILITY,
                                         on_click=lambda e: put("draft", lambda d: vm.show_tools(d, turn.player))))
        else:
            panel.append(ft.Text(turn.hand))
            panel.append(ft.Row([
                ft.FilledButton(f"{turn.player} plays {kind}", height=TAP,
                                on_click=lambda e, k=kind: put("draft", lambda d: vm.choose_tool(state, d, turn.player, k)))
                for kind, _n in turn.choices], wrap=True))
            panel.append(ft.Text("The card is hidden as soon as it is played; then pass the phone on.", size=12))
        out.append(card(_column(panel, GAP), "tool-turn"))
    elif not draft.revealed:
        out.append(ft.FilledButton("Reveal all tool cards", icon=ft.Icons.VISIBILITY,
                                   on_click=lambda e: put("draft", lambda d: vm.reveal(state, d))))
    return _column(out, 8)


@ft.component
def ToolsOpen(t: Table) -> ft.Control:
    """Changing a past round: its tool cards were revealed at the table, so they are shown."""
    state, draft = t.state_for("edit"), t.draft("edit")
    rows: list[ft.Control] = [heading("Tool cards (revealed)", 18)]
    for p in state.players:
        kind = draft.tools.get(p)
        rows.append(ft.Row([ft.Text(p, width=90)] + [
            _choice(f"{p}: {k}", k, kind is not None and kind.kind == k,
                    lambda e, p=p, k=k: t.put_draft("edit", lambda d, p=p, k=k: replace(
                        d, tools={**d.tools, p: ToolDraft(k)})))
            for k in TOOL_KINDS], spacing=6, wrap=True))
    return _column(rows, 8)


# ---------------------------------------------------------------- who takes which deck

@ft.component
def Takes(t: Table, which: str) -> ft.Control:
    state, draft = t.state_for(which), t.draft(which)
    if not draft.revealed:
        return ft.Column([])
    out: list[ft.Control] = [heading("Taking the decks (BU-4)", 18), ft.Text(vm.take_line(state, draft))]
    rows = vm.take_rows(state, draft)
    several = len(vm.tongs_players(state, draft)) > 1
    for row in rows:
        line: list[ft.Control] = [ft.Text(f"{row.turn + 1}. {row.text}")]
        if several and len(row.choices) > 1:
            line.append(ft.Row([ft.Text("Picks:", size=13)] + [
                _choice(f"{row.player}, turn {row.turn + 1}: {vm.deck_label(d)}", str(d), d == row.deck,
                        lambda e, turn=row.turn, d=d: t.put_draft(which, lambda x: vm.pick(x, turn, d)))
                for d in row.choices], spacing=6, wrap=True))
        out.append(card(_column(line, 4), f"take-{row.turn}", padding=8))
    return _column(out, 8)


# ---------------------------------------------------------------- hamburgers

@ft.component
def Hamburgers(t: Table, which: str) -> ft.Control:
    state, draft = t.state_for(which), t.draft(which)
    errors = vm.complete_errors(state, draft)
    ui = t.ui
    out: list[ft.Control] = [heading("Hamburgers finished this round (BU-5)", 18)]
    for p in state.players:
        n = draft.complete.get(p, 0)
        out.append(ft.Row([
            ft.Text(p, expand=True),
            Stepper(p, "hamburger", n, lambda by, p=p: t.put_draft(which, lambda d: vm.step_complete(d, p, by)),
                    unit="made"),
            icon_button(ft.Icons.FACT_CHECK, f"{p}: check a stack against the recipe",
                        lambda e, p=p: t.put(lambda u: replace(u, stack_for=None if u.stack_for == p else p)),
                        disabled=t.book is None),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        out.append(error_text(errors.get(p)))
        if ui.stack_for == p and t.book is not None:
            out.append(StackCheck(t, which, p, key=f"stack-{p}"))
    if t.book is None:
        out.append(error_text(f"No recipe check: {t.recipes}"))
    return _column(out, 4)


@ft.component
def StackCheck(t: Table, which: str, player: str) -> ft.Control:
    """A player enters a stack, bottom card first; the app checks it against a recipe (BU-5)."""
    assert t.book is not None
    book = t.book
    state, draft = t.state_for(which), t.draft(which)
    stack = draft.stacks.get(player, StackDraft(recipe=book.recipes[0].name))

    def put(fn: Callable[[StackDraft], StackDraft]) -> None:
        t.put_draft(which, lambda d: vm.set_stack(d, player, fn(d.stacks.get(player, stack))))

    check = vm.stack_check(book, stack)
    offer = vm.stack_cards(state, draft, player, book)
    rows: list[ft.Control] = [
        bold(f"{player}'s stack, bottom card first"),
        ft.Row([_choice(f"{player}: recipe {r.name}", r.name, r.name == stack.recipe,
                        lambda e, n=r.name: put(lambda s, n=n: replace(s, recipe=n)))
                for r in book.recipes], spacing=6, wrap=True),
        ft.Text("Stack: " + (", ".join(stack.cards) or "empty")),
        ft.Row([ft.Button(c, height=TAP, on_click=lambda e, c=c: put(lambda s, c=c: replace(s, cards=(*s.cards, c))))
                for c in offer], spacing=6, wrap=True),
        ft.Row([
            ft.Button("Remove the top card", icon=ft.Icons.UNDO, disabled=not stack.cards,
                      on_click=lambda e: put(lambda s: replace(s, cards=s.cards[:-1]))),
            ft.Checkbox(label="First card flipped as bottom bun", value=stack.flipped_bottom,
                        semantics_label=f"{player}: first card flipped as bottom bun",
                        on_change=lambda e: put(lambda s, v=bool(e.control.value): replace(s, flipped_bottom=v))),
        ], wrap=True),
    ]
    if check is not None:
        rows.append(ft.Text(check.explanation,
                            color=None if check.complete else ft.Colors.ERROR, weight=ft.FontWeight.W_500))
    rows.append(ft.FilledButton(f"Count {player}'s hamburger", icon=ft.Icons.CHECK,
                                disabled=check is None or not check.complete,
                                on_click=lambda e: t.put_draft(which, lambda d: vm.count_stack(d, player, book))))
    return card(_column(rows, GAP), f"stack-{player}", padding=8)


# ---------------------------------------------------------------- a player's own peek

@ft.component
def Peek(t: Table) -> ft.Control:
    """Rat tokens and used tool cards are secret (BU-3, BU-5): a player taps to see
    their own, and hides them again before passing the phone."""
    who = t.ui.peek
    out: list[ft.Control] = [heading("Your secrets", 18),
                             ft.Text("Rat tokens and used tool cards are secret (BU-3, BU-5): "
                                     "tap your name to see your own, the others look away.", size=13)]
    if who is None or who not in t.gv.players:
        out.append(ft.Row([ft.Button(f"Peek: {p}", icon=ft.Icons.VISIBILITY,
                                     on_click=lambda e, p=p: t.put(lambda u: replace(u, peek=p)))
                           for p in t.gv.players], wrap=True, spacing=6))
        return _column(out, 6)
    lines = vm.private_text(vm.private_view(t.record, who))
    draft = t.ui.draft
    if draft is not None:
        now = vm.rats_taken(t.state, draft).get(who)
        if now:
            lines.append(f"This round, once it is submitted: {now} more (BU-5).")
    out.append(card(_column([*_lines(lines), ft.FilledButton(f"Hide {who}'s secrets", icon=ft.Icons.VISIBILITY_OFF,
                                                             on_click=lambda e: t.put(lambda u: replace(u, peek=None)))],
                            GAP), "peek"))
    return _column(out, 6)


# ---------------------------------------------------------------- entering a round

@ft.component
def Entry(t: Table) -> ft.Control:
    ui = t.ui
    draft = t.draft("draft")
    out = _status(t)
    out.append(card(_column(_lines(vm.reveal_instructions(t.state)), 4), "instructions"))
    out.append(Decks(t, "draft", key="decks"))
    out.append(ToolCards(t, key="tools"))
    out.append(Takes(t, "draft", key="takes"))
    if draft.revealed:
        out.append(Hamburgers(t, "draft", key="hamburgers"))
    out.append(Peek(t, key="peek"))
    out.append(error_text(ui.error))
    out.append(ft.Row([
        ft.FilledButton("Submit round", icon=ft.Icons.CHECK, on_click=lambda e: t.submit(),
                        disabled=not draft.revealed),
        ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: t.undo(),
                  disabled=not t.record["rounds"]),
    ], wrap=True))
    return _column(out)


# ---------------------------------------------------------------- a round played

def _round_body(rv: vm.RoundView) -> list[ft.Control]:
    out: list[ft.Control] = [ft.Text(rv.reveal), ft.Text(rv.explanation)]
    out += [ft.Text(line) for line in rv.takes]
    out += [ft.Text(f"{p} finished {n} hamburger{'s' if n != 1 else ''} (BU-5).") for p, n in rv.finished.items()]
    out += _lines(rv.notes)
    out.append(ft.Text(rv.count))
    if rv.next_first:
        out.append(ft.Text(f"Next first player: {rv.next_first} (BU-6)", weight=ft.FontWeight.BOLD))
    out.append(ft.Text("Rulings: " + ", ".join(rv.rulings), size=12, italic=True))
    return out


def _rounds_list(t: Table) -> list[ft.Control]:
    if not t.gv.rounds:
        return []
    out: list[ft.Control] = [heading("Rounds of this game", 18)]
    for i, rv in enumerate(t.gv.rounds):
        out.append(ft.TextButton(f"Open round {rv.number}: first player {rv.first}",
                                 on_click=lambda e, i=i: t.put(lambda u: replace(u, mode="round", index=i, error=None,
                                                                                 edit=None, edit_base=None,
                                                                                 just=False))))
    return out


@ft.component
def RoundScreen(t: Table) -> ft.Control:
    ui, gv = t.ui, t.gv
    rv = gv.rounds[ui.index]
    last = ui.just and ui.index == len(gv.rounds) - 1
    back = ("End of game" if gv.over else "Next round") if last else "Back to the table"
    return _column([
        heading(f"Round {rv.number}", 18),
        *_round_body(rv),
        ft.Row([
            ft.FilledButton(back, icon=ft.Icons.ARROW_FORWARD,
                            on_click=lambda e: t.put(lambda u: replace(u, mode="entry", just=False))),
            ft.Button("Change this round", icon=ft.Icons.EDIT,
                      on_click=lambda e: t.put(lambda u: replace(u, mode="edit", edit=None, edit_base=None,
                                                                 error=None))),
        ], wrap=True),
    ])


@ft.component
def EditRound(t: Table) -> ft.Control:
    ui = t.ui
    return _column([
        heading(f"Change round {ui.index + 1}", 18),
        ft.Text("The round is replaced and every later round replayed (the record is the truth)."),
        Decks(t, "edit", key="edit-decks"),
        ToolsOpen(t, key="edit-tools"),
        Takes(t, "edit", key="edit-takes"),
        Hamburgers(t, "edit", key="edit-hamburgers"),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton("Save changes", icon=ft.Icons.SAVE, on_click=lambda e: t.save_edit()),
            ft.Button("Cancel", icon=ft.Icons.CLOSE,
                      on_click=lambda e: t.put(lambda u: replace(u, mode="round", edit=None, edit_base=None,
                                                                 error=None))),
        ], wrap=True),
    ])


# ---------------------------------------------------------------- the end

def _end(shell: ShellServices, match_id: int, record: dict[str, Any], *, choose: bool) -> list[ft.Control]:
    """The end: everyone's secrets, the BU-7 top buns, the house-rule scores, the winner."""
    chosen = read_top_buns(shell.store.setting(top_buns_key(match_id)))
    ev = vm.end_view(record, chosen)
    if ev is None:
        return []

    def flip(player: str, on: bool) -> None:
        now = read_top_buns(shell.store.setting(top_buns_key(match_id)))
        try:
            shell.store.set_setting(top_buns_key(match_id), json.dumps(toggled(now, player, on)))
        except CompanionError as exc:
            shell.say(f"Not saved: {exc}")
            return
        shell.saved()

    out: list[ft.Control] = [heading("Game over", 18), ft.Text(ev.end)]
    out.append(bold("Everyone's secrets, now shown (BU-5)"))
    out += [ft.Text(f"{r.player}: {words.count(r.rats, 'rat token')}, used tool cards: {vm.hand_text(r.used)}")
            for r in ev.rows]
    out.append(bold("The wastebasket top bun (BU-7)"))
    out.append(ft.Text(ev.top_bun_note))
    if choose:
        out += [ft.Checkbox(label=f"{p} flips the wastebasket card as a top bun", value=p in chosen,
                            semantics_label=f"{p}: wastebasket top bun",
                            on_change=lambda e, p=p: flip(p, bool(e.control.value)))
                for p in ev.top_bun_choices]
    else:
        flipped = [r.player for r in ev.rows if r.top_bun]
        out.append(ft.Text("Flipped: " + (", ".join(flipped) or "nobody")))
    out.append(error_text(ev.error))
    out.append(bold("Final scores (house rule, BU-8)"))
    out += _lines(vm.score_lines(ev))
    out.append(ft.Text(ev.scoring, size=12))
    out.append(ft.Text(("Winner: " if len(ev.winners) == 1 else "Winners: ") + ", ".join(ev.winners),
                       size=18, weight=ft.FontWeight.BOLD))
    out.append(ft.Text(ev.explanation))
    return out


@ft.component
def GameOver(t: Table) -> ft.Control:
    out = _end(t.shell, t.match.id, t.record, choose=True)
    out.append(error_text(t.ui.error))
    out.append(ft.Row([
        ft.Button("Home", icon=ft.Icons.HOME, on_click=lambda e: t.shell.go("home")),
        ft.Button("Undo last round", icon=ft.Icons.UNDO, on_click=lambda e: t.undo()),
    ], wrap=True))
    return _column(out)


# ================================================================ history

@ft.component
def MatchDetail(shell: ShellServices, match_id: int) -> ft.Control:
    m = shell.store.match(match_id)

    def cont() -> None:
        shell.continue_match(m.id)

    out: list[ft.Control] = [heading(f"Burger: {', '.join(m.players)}")]
    if m.current is None:
        return _column(out + [ft.Text("No game started.")])
    record = m.current.record
    try:
        gv = vm.game_view(record)
    except CompanionError as exc:
        return _column(out + [error_text(str(exc))])
    out.append(ft.Text(vm.game_line(record)))
    if not gv.over:
        out.append(ft.FilledButton("Continue this game", icon=ft.Icons.PLAY_ARROW, on_click=lambda e: cont()))
    out += [ft.Text(gv.tools, size=12), ft.Text(gv.scoring, size=12)]
    for rv in gv.rounds:
        out.append(bold(f"Round {rv.number} (first player: {rv.first})"))
        out += _round_body(rv)
    out += _end(shell, m.id, record, choose=False)
    out.append(ExportActions(shell, m.id, m.current.number, games_in_match=False))
    return _column(out)


# ================================================================ rules

@ft.component
def RulesText() -> ft.Control:
    out: list[ft.Control] = [heading("Burger: the rules in plain words"), *_lines(vm.RULES_INTRO),
                             ft.Text(vm.SCORING_LABEL, weight=ft.FontWeight.W_500)]
    out += ruling_lines(vm.RULES)
    return _column(out)


class BurgerView:
    """Burger's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "burger"
    title = "Burger"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="burger-setup")

    def table(self, shell: ShellServices, match_id: int) -> ft.Control:
        return TableScreen(shell, match_id, key=f"burger-table-{match_id}")

    def match_detail(self, shell: ShellServices, match_id: int) -> ft.Control:
        return MatchDetail(shell, match_id, key=f"burger-match-{match_id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="burger-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return single_line(records)


VIEW = BurgerView()
