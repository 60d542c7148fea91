"""Burger's screens in the app, as declarative Flet components: setup, the table
(the decks, the tool cards passed round the phone, who takes which deck, the
hamburgers finished, a player's own peek), a round opened and changed, the end
(BU-7 top buns, house-rule scores, the winner), a match's details and the rules.
Found by the shell by module name (``VIEW``). Each component declares the ``key``
that ``ft.component`` takes for the render tree (it never reaches the function).

Thin: the table screen opens one :class:`~companion.ui.table.TableSession` per render
and replays the record once (``actions.drawn``); its components get those values and
call the operations in ``actions`` (record changes saved through the session, or
changes of the passing state), the steps in ``forms``, and draw what ``present``
words. Secrets (rat tokens, used tool cards, the tool cards in hand; BU-3, BU-5) are
drawn only from ``private_view`` behind a player's own tap, and from ``end_view``
once the game is over. The recipe file and the BU-7 top buns are the match's own
settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft

from companion.core import words
from companion.core.edits import clean
from companion.core.errors import CompanionError
from companion.games.burger import actions, forms, present, recipefiles, rules, setup_form, stacks
from companion.games.burger import words as burger_words
from companion.games.burger.actions import DRAFT, EDIT, Drawn
from companion.games.burger.forms import RoundDraft, StackDraft
from companion.games.burger.i18n import _, ngettext, pgettext
from companion.games.burger.models import RAT, TOOL_KINDS
from companion.games.burger.present import EndView, RoundView
from companion.games.burger.recipe_editor_screen import RecipeEditor
from companion.games.burger.recipes import bun_shown
from companion.games.burger.remote import lines_drawn
from companion.games.burger.rulings import (
    RULES,
    RULES_INTRO,
    SCORING_LABEL,
    scoring_label,
    tools_label,
)
from companion.games.burger.setup_form import Setup, SetupUI
from companion.games.burger.state import deck_label, replay
from companion.ui.contracts import ShellServices, Standings
from companion.ui.library import Choice
from companion.ui.library import choices as library_choices
from companion.ui.table import MatchSeen, open_match
from companion.ui.widgets import ScoreGrid, Stepper, bold, card, error_text, heading, icon_button
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.rulings import ruling_lines
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.stepper import stepper_row
from companion.ui.widgets.text_field import TextField
from companion.ui.widgets.undo_question import undo_asking_first

GAP = 6
SETUP = "burger-setup"
NUMBER = 1               # burger is a single game: the match's game 1


def _lines(lines: list[str], **style: Any) -> list[ft.Control]:
    return [ft.Text(line, **style) for line in lines]


# ================================================================ setup

@ft.component
def SetupScreen(shell: ShellServices, *, key: str | None = None) -> ft.Control:
    d: SetupUI = shell.ui(SETUP, SetupUI())
    s = setup_form.setup_of(d)
    names = list(s.players)

    def put(fn: Callable[[SetupUI], SetupUI]) -> None:
        shell.set_ui(SETUP, fn, SetupUI())

    def put_setup(fn: Callable[[Setup], Setup]) -> None:
        put(lambda u: replace(u, setup=fn(u.setup)))

    def seats(fn: Callable[[SetupUI], SetupUI]) -> Callable[[Any], None]:
        return tap(lambda: put(fn))

    def rename(i: int) -> Callable[[Any], None]:
        return typed(lambda v: put(partial(setup_form.renamed, i=i, name=v)))

    def first_seat(v: str) -> None:
        if v:
            put(lambda u: replace(u, first=int(v)))

    def pick_recipes(v: str) -> None:
        if v:
            put_setup(lambda x: replace(x, recipes=v))

    def step(what: str) -> Callable[[int], None]:
        return lambda by: put_setup(lambda x: x.step(what, by))

    def start() -> None:
        now = setup_form.setup_of(shell.ui(SETUP, SetupUI()))
        now_status, settings = _chosen_recipes(now, library_choices(shell, "burger"))
        if setup_form.setup_errors(now, now_status):
            put(setup_form.started)      # every field's refusal is said now
            return
        error = open_match(shell, "burger", clean(now.players), setup_form.new_record(now), settings=settings)
        if error is not None:
            shell.say(error)
            return
        shell.drop_ui(SETUP)

    stored = library_choices(shell, "burger")
    status, __ = _chosen_recipes(s, stored)
    errors, problems = setup_form.said_setup_errors(d, setup_form.setup_errors(s, status))
    rows: list[ft.Control] = []
    for i, name in enumerate(names):
        label = _("Player {number}").format(number=i + 1)
        rows.append(ft.Column([
            ft.Row([
                TextField(label=label, value=name, expand=True, dense=True,
                          on_change=rename(i), on_blur=seats(partial(setup_form.left, i=i))),
                icon_button(ft.Icons.ARROW_UPWARD, _("Move {label} up").format(label=label),
                            seats(partial(setup_form.moved, i=i, by=-1)), disabled=i == 0),
                icon_button(ft.Icons.ARROW_DOWNWARD, _("Move {label} down").format(label=label),
                            seats(partial(setup_form.moved, i=i, by=1)), disabled=i == len(names) - 1),
                icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {label}").format(label=label),
                            seats(partial(setup_form.removed, i=i)), disabled=len(names) <= 1),
            ], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))
    valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
    files = recipefiles.recipe_files()
    shipped_names = {recipefiles.file_label(f) for f in files}
    # a copy that kept a shipped set's name („Beispielrezepte“) is told from it as the copy
    made: list[ft.Control] = [ft.Radio(value=f"{setup_form.STORED}{c.id}",
                                       label=(_("{name} (your copy)").format(name=c.name) if c.name in shipped_names
                                              else c.name) if c.ok else
                                       _("{name} (has faults: edit it first)").format(name=c.name))
                              for c in stored]
    return column([
        heading(_("New Burger game")),
        ft.Text(_("Players in seating order, clockwise (BU-1: 2–5 players, different names).")),
        RosterPicker(groups_played(shell.store), rules.MIN_PLAYERS, rules.MAX_PLAYERS,
                     _("Burger is for {least}–{most} players (BU-1)").format(
                         least=rules.MIN_PLAYERS, most=rules.MAX_PLAYERS),
                     lambda names: put(lambda u: setup_form.with_players(u, names)), key="groups"),
        *rows,
        error_text(problems.get("names") if all(e is None for e in errors) else None),
        ft.Button(_("Add player"), icon=ft.Icons.PERSON_ADD, disabled=len(names) >= rules.MAX_PLAYERS,
                  on_click=tap(lambda: put_setup(lambda x: replace(x, players=x.players + ("",))))),
        bold(_("Who is first player? (BU-1: whoever most recently ate a hamburger)")),
        ft.RadioGroup(value=str(d.first),
                      on_change=typed(first_seat),
                      content=ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)),
        error_text(problems.get("first")),
        bold(_("Tool cards per player")),
        ft.Text(tools_label(s.tongs, s.tease)),
        ft.Row([
            # Translators: the unit under the number of tongs cards (any number)
            Stepper(_("Setup"), (_("tongs card"), _("tongs cards")), s.tongs, step("tongs"),
                    unit=pgettext("unit", "tongs")),
            # Translators: the unit under the number of tease cards (any number)
            Stepper(_("Setup"), (_("tease card"), _("tease cards")), s.tease, step("tease"),
                    unit=pgettext("unit", "tease")),
        ], spacing=8, wrap=True),
        error_text(problems.get("tools")),
        bold(_("Draw pile")),
        TextField(label=_("Draw pile (cards)"), value=s.draw_pile, dense=True, helper=_("Empty if not known"),
                     keyboard_type=ft.KeyboardType.NUMBER,
                     on_change=typed(lambda v: put_setup(lambda x: replace(x, draw_pile=v)))),
        error_text(problems.get("draw_pile")),
        bold(_("Scoring (house rule, BU-8)")),
        ft.Text(scoring_label(s.hamburger_points, s.rat_points)),
        ft.Row([
            points_stepper("hamburger", s.hamburger_points, step("hamburger_points")),
            points_stepper("rat token", s.rat_points, step("rat_points")),
        ], spacing=8, wrap=True),
        error_text(problems.get("scoring")),
        bold(_("Recipes (BU-5)")),
        ft.Text(_("The recipe cards are not in the rules: they come from a recipe set you make in "
                  "the app (Burger recipe sets), or a recipe file.")),
        ft.RadioGroup(value=s.recipes,
                      on_change=typed(pick_recipes),
                      content=ft.Column([*[ft.Radio(value=str(f), label=recipefiles.file_label(f))
                                           for f in files], *made],
                                        spacing=0)),
        TextField(label=_("Recipe file path"),
                  value="" if setup_form.stored_recipes(s) is not None or recipefiles.is_shipped(s.recipes)
                        else s.recipes,
                  dense=True, on_change=typed(lambda v: put_setup(lambda x: replace(x, recipes=v)))),
        ft.Text(status.text) if status.ok else error_text(status.text),
        ft.Button(_("Burger recipe sets: make or edit one"), icon=ft.Icons.EDIT_NOTE,
                  on_click=lambda e: shell.go("library", game="burger")),
        ft.FilledButton(_("Start game"), icon=ft.Icons.PLAY_ARROW, disabled=bool(problems),
                        on_click=lambda e: start()),
    ])


def _chosen_recipes(s: setup_form.Setup, stored: list[Choice]) -> tuple[recipefiles.RecipeStatus, dict[str, str]]:
    """The recipes the setup has chosen, checked, and the match settings that keep them:
    a copy of a set made in the app (so editing it later never changes the match), or a
    recipe file's path."""
    item = setup_form.stored_recipes(s)
    if item is None:
        return recipefiles.recipe_status(s.recipes), {recipefiles.RECIPES: s.recipes}
    c = next((c for c in stored if c.id == item), None)
    if c is None:
        return recipefiles.RecipeStatus("", None, _("That recipe set is no longer saved: choose another.")), {}
    return recipefiles.recipe_text_status(c.body, c.name), {recipefiles.RECIPES_COPY: c.body}


def points_stepper(what: str, value: int, on_step: Callable[[int], None]) -> ft.Control:
    """The BU-8 points per ``what``, set with − and +: '0 points per rat token'."""
    if what == "rat token":
        noun = (_("point per rat token"), _("points per rat token"))
        unit = _("per rat token")
    else:
        noun = (_("point per hamburger"), _("points per hamburger"))
        unit = _("per hamburger")
    return stepper_row(_("Scoring"), noun, value, on_step, unit=unit)


# ================================================================ the table

@ft.component
def TableScreen(shell: ShellServices, match: MatchSeen, *, key: str | None = None) -> ft.Control:
    d = actions.drawn(actions.open_table(shell, match))
    out: list[ft.Control] = [heading(BurgerView.title)]
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
    players, lines = present.score_grid(d.gv, ev)
    return [heading(_("Scores") if d.gv.over else _("Standings"), 18),
            ScoreGrid(players, lines, name=_("score grid"), key="score-grid")]


def _status(d: Drawn) -> list[ft.Control]:
    """Where the game stands; each player's hamburgers are in the score grid beside it."""
    gv = d.gv
    return [
        ft.Text(_("Round {round} · first player: {player}").format(round=gv.next_round, player=gv.first),
                size=16, weight=ft.FontWeight.BOLD),
        ft.Text(gv.count),
        ft.Text(gv.draw_pile),
        ft.Text(gv.tools, size=12),
        ft.Text(gv.scoring, size=12),
    ]


# ---------------------------------------------------------------- the decks

def _card_button(label: str, text: str, on_click: Callable[[Any], Any], *, rat: bool = False,
                 on_deck: bool = False) -> ft.Control:
    """A card button that puts a card on a deck (outlined), or a card on the deck that a
    tap takes off (filled, marked ×): a small tap target whose accessible name says
    what the tap does."""
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10, vertical=0))
    kind = ft.FilledTonalButton if on_deck else ft.OutlinedButton
    icon = ft.Icons.PEST_CONTROL_RODENT if rat else ft.Icons.CLOSE if on_deck else None
    return ft.Semantics(label=label, button=True, content=kind(
        text, icon=icon, on_click=on_click, height=TAP, style=style))


@ft.component
def Decks(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    """The decks as the first player lays them out (BU-2), numbered from 1. Each deck
    shows the recipe file's cards as buttons (``stacks.card_names``): a tap puts that
    card on the deck, a tap on a card of the deck takes it off. Typing the names is
    the fallback (and the only way without a recipe file)."""
    state, draft = d.state_for(which), d.draft(which)
    check = forms.deck_check(state, draft)
    names = stacks.card_names(d.book)
    typing = d.ui.typing or d.book is None

    def put(fn: Callable[[RoundDraft], RoundDraft]) -> Callable[[Any], None]:
        return tap(lambda: actions.put_draft(d, which, fn))

    def name_card(i: int, j: int) -> Callable[[Any], None]:
        return typed(lambda v: actions.put_draft(d, which, lambda x: forms.set_card(x, i, j, v)))

    out: list[ft.Control] = [heading(_("Decks"), 18)]
    if not typing:
        out.append(ft.Text(_("Tap a card below a deck to put it on that deck; tap a card on the deck "
                             "to take it off again (BU-2)."), size=13))
    for i, deck in enumerate(draft.decks):
        label = deck_label(i)
        name = label[:1].upper() + label[1:]
        rows: list[ft.Control] = [ft.Row([bold(name, 16), ft.Text(deck.text, expand=True, size=13)], spacing=8)]
        if typing:
            for j, c in enumerate(deck.cards):
                remove = icon_button(ft.Icons.DELETE_OUTLINE,
                                     _("{deck}: remove card {number}").format(deck=name, number=j + 1),
                                     put(partial(forms.remove_card, deck=i, index=j)))
                if rules.is_rat(c):
                    rows.append(ft.Row([ft.Icon(ft.Icons.PEST_CONTROL_RODENT, semantics_label=_("rat card")),
                                        ft.Text(_("Card {number}: rat (not an ingredient, BU-2)").format(number=j + 1),
                                                expand=True),
                                        remove], spacing=6))
                else:
                    rows.append(ft.Row([
                        TextField(label=_("{deck} card {number}").format(deck=name, number=j + 1), value=c,
                                  dense=True, expand=True, hint_text=_("ingredient (name optional)"),
                                     on_change=name_card(i, j)),
                        remove], spacing=0))
        else:
            rows.append(ft.Row([
                _card_button(_("{deck}: take off card {number}, {card}").format(
                                 deck=name, number=j + 1, card=forms.card_shown(c)),
                             forms.card_shown(c), put(partial(forms.remove_card, deck=i, index=j)),
                             rat=rules.is_rat(c), on_deck=True)
                for j, c in enumerate(deck.cards)
            ] or [ft.Text(_("No card yet."), size=13)], spacing=4, run_spacing=4, wrap=True))
            rows.append(ft.Row([
                _card_button(_("{deck}: put {card}").format(deck=name, card=bun_shown(n)), bun_shown(n),
                             put(partial(forms.tap_card, deck=i, name=n)))
                for n in names
            ], spacing=4, run_spacing=4, wrap=True))
        rows.append(ft.Row([
            _card_button(_("{deck}: add rat").format(deck=name), forms.card_shown(RAT),
                         put(partial(forms.add_rat, deck=i)), rat=True),
            ft.Button(_("{deck}: add ingredient").format(deck=name), icon=ft.Icons.ADD,
                      on_click=put(partial(forms.add_card, deck=i))) if typing else
            icon_button(ft.Icons.UNDO, _("{deck}: take off the last card").format(deck=name),
                        put(partial(forms.undo_card, deck=i)), disabled=not deck.cards),
        ], wrap=True, spacing=6))
        rows.append(error_text(check.per_deck.get(i)))
        out.append(card(column(rows, GAP), f"deck-{i}", padding=8))
    out.append(ft.Text(check.count, weight=ft.FontWeight.W_500))
    if d.book is not None:
        out.append(ft.TextButton(_("Tap the cards instead") if typing else _("Type card names instead"),
                                 icon=ft.Icons.TOUCH_APP if typing else ft.Icons.KEYBOARD,
                                 on_click=tap(partial(actions.type_names, d.t, not typing))))
    return column(out, 8)


# ---------------------------------------------------------------- tool cards

@ft.component
def ToolCards(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Pass the phone (BU-3): each player in turn sees only their own hand and plays one
    card face down; nothing is shown until all are revealed at once."""
    state, draft = d.state, d.draft(DRAFT)

    def put(fn: Callable[[RoundDraft], RoundDraft]) -> Callable[[Any], None]:
        return tap(lambda: actions.put_draft(d, DRAFT, fn))

    out: list[ft.Control] = [heading(_("Tool cards"), 18)]
    turn = forms.tool_turn(state, draft)
    status = forms.tools_status(state, draft)
    for p, line in zip(forms.tool_order(state), status, strict=True):
        chosen = draft.tools.get(p)
        row: list[ft.Control] = [ft.Text(line, expand=True)]
        if chosen is not None and chosen.kind is not None and not draft.revealed:
            row.append(ft.TextButton(_("{player}: choose again").format(player=p),
                                     on_click=put(partial(forms.clear_tool, player=p))))
        out.append(ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if turn is not None:
        panel: list[ft.Control] = [ft.Text(turn.prompt, weight=ft.FontWeight.W_500)]
        if not turn.shown:
            panel.append(ft.FilledButton(_("{player}: show my tool cards").format(player=turn.player),
                                         icon=ft.Icons.VISIBILITY,
                                         on_click=put(partial(forms.show_tools, player=turn.player))))
        else:
            panel.append(ft.Text(turn.hand))
            panel.append(ft.Row([
                ft.FilledButton(_("{player} plays {tool}").format(
                    player=turn.player, tool=burger_words.tool_name(kind)),
                                height=TAP,
                                on_click=put(partial(forms.choose_tool, state, player=turn.player, kind=kind)))
                for kind, _n in turn.choices], wrap=True))
            panel.append(ft.Text(_("The card is hidden as soon as it is played; then pass the phone on."), size=12))
        out.append(card(column(panel, GAP), "tool-turn"))
    elif not draft.revealed:
        out.append(ft.FilledButton(_("Reveal all tool cards"), icon=ft.Icons.VISIBILITY,
                                   on_click=put(partial(forms.reveal, state))))
    return column(out, 8)


@ft.component
def ToolsOpen(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Changing a past round: its tool cards were revealed at the table, so they are shown."""
    state, draft = d.state_for(EDIT), d.draft(EDIT)
    rows: list[ft.Control] = [heading(_("Tool cards (revealed)"), 18)]
    for p in state.players:
        kind = draft.tools.get(p)
        rows.append(ft.Row([ft.Text(p, width=90)] + [
            choice(burger_words.tool_name(k), kind is not None and kind.kind == k,
                   tap(partial(actions.put_draft, d, EDIT, partial(forms.play_tool, player=p, kind=k))),
                   name=f"{p}: {burger_words.tool_name(k)}")
            for k in TOOL_KINDS], spacing=6, wrap=True))
    return column(rows, 8)


# ---------------------------------------------------------------- who takes which deck

@ft.component
def Takes(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    state, draft = d.state_for(which), d.draft(which)
    if not draft.revealed:
        return ft.Column([])
    out: list[ft.Control] = [heading(_("Taking the decks (BU-4)"), 18), ft.Text(forms.take_line(state, draft))]
    rows = forms.take_rows(state, draft)
    several = len(forms.tongs_players(state, draft)) > 1
    for row in rows:
        line: list[ft.Control] = [ft.Text(f"{row.turn + 1}. {row.text}")]
        if several and len(row.choices) > 1:
            line.append(ft.Row([ft.Text(_("Picks:"), size=13)] + [
                choice(str(k + 1), k == row.deck,
                       tap(partial(actions.put_draft, d, which, partial(forms.pick, turn=row.turn, deck=k))),
                       name=_("{player}, turn {turn}: {deck}").format(player=row.player, turn=row.turn + 1,
                                                                     deck=deck_label(k)))
                for k in row.choices], spacing=6, wrap=True))
        out.append(card(column(line, 4), f"take-{row.turn}", padding=8))
    return column(out, 8)


# ---------------------------------------------------------------- hamburgers

@ft.component
def Hamburgers(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    state, draft = d.state_for(which), d.draft(which)
    errors = forms.complete_errors(state, draft)
    ui = d.ui

    def stepped(player: str, by: int) -> None:
        actions.put_draft(d, which, partial(forms.step_complete, player=player, by=by))

    out: list[ft.Control] = [heading(_("Hamburgers finished this round (BU-5)"), 18)]
    for p in state.players:
        n = draft.complete.get(p, 0)
        out.append(ft.Row([
            ft.Text(p, expand=True),
            Stepper(p, (_("hamburger"), _("hamburgers")), n,
                    partial(stepped, p), unit=_("made")),
            icon_button(ft.Icons.FACT_CHECK, _("{player}: check a stack against the recipe").format(player=p),
                        tap(partial(actions.check_stack, d.t, p)),
                        disabled=d.book is None),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        out.append(error_text(errors.get(p)))
        if ui.stack_for == p and d.book is not None:
            out.append(StackCheck(d, which, p, key=f"stack-{p}"))
    if d.book is None:
        out.append(error_text(_("No recipe check: {why}").format(why=d.recipes)))
    return column(out, 4)


@ft.component
def StackCheck(d: Drawn, which: str, player: str, *, key: str | None = None) -> ft.Control:
    """A player enters a stack, bottom card first; the app checks it against a recipe (BU-5)."""
    assert d.book is not None
    book = d.book
    state, draft = d.state_for(which), d.draft(which)
    kept = stacks.kept_cards(d.record, d.rounds_before(which), player)
    stack = stacks.stack_of(state, draft, player, book, kept)

    def put(fn: Callable[[StackDraft], StackDraft]) -> None:
        actions.put_draft(d, which, lambda x: forms.set_stack(x, player, fn(x.stacks.get(player, stack))))

    def flip(on: bool) -> None:
        put(lambda s: replace(s, flipped_bottom=on))

    check = stacks.stack_check(book, stack)
    offer = stacks.stack_cards(state, draft, player, book)
    rows: list[ft.Control] = [
        bold(_("{player}'s stack, bottom card first").format(player=player)),
        ft.Row([choice(r.name, r.name == stack.recipe, tap(partial(put, partial(replace, recipe=r.name))),
                       name=_("{player}: recipe {recipe}").format(player=player, recipe=r.name))
                for r in book.recipes], spacing=6, wrap=True),
        ft.Text(_("Stack: {cards}").format(cards=", ".join(bun_shown(c) for c in stack.cards) or _("empty"))),
        ft.Row([_card_button(_("{player}'s stack: put {card}").format(player=player, card=bun_shown(c)), bun_shown(c),
                             tap(partial(put, partial(stacks.put_card, card=c))))
                for c in offer], spacing=4, run_spacing=4, wrap=True),
        ft.Row([
            ft.Button(_("Remove the top card"), icon=ft.Icons.UNDO, disabled=not stack.cards,
                      on_click=tap(lambda: put(lambda s: replace(s, cards=s.cards[:-1])))),
            ft.Checkbox(label=_("First card flipped as bottom bun"), value=stack.flipped_bottom,
                        semantics_label=_("{player}: first card flipped as bottom bun").format(player=player),
                        on_change=lambda e: flip(bool(e.control.value))),
        ], wrap=True),
    ]
    if check is not None:
        rows.append(ft.Text(check.explanation,
                            color=None if check.complete else ft.Colors.ERROR, weight=ft.FontWeight.W_500))
    rows.append(ft.FilledButton(_("Count {player}'s hamburger").format(player=player), icon=ft.Icons.CHECK,
                                disabled=check is None or not check.complete,
                                on_click=tap(partial(actions.put_draft, d, which,
                                                      partial(stacks.count_stack, player=player, book=book,
                                                              state=state, kept=kept)))))
    return card(column(rows, GAP), f"stack-{player}", padding=8)


# ---------------------------------------------------------------- a player's own peek

@ft.component
def Peek(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Rat tokens and used tool cards are secret (BU-3, BU-5): a player taps to see
    their own, and hides them again before passing the phone."""
    who = d.ui.peek
    out: list[ft.Control] = [heading(_("Your secrets"), 18),
                             ft.Text(_("Rat tokens and used tool cards are secret (BU-3, BU-5): "
                                       "tap your name to see your own, the others look away."), size=13)]
    if who is None or who not in d.gv.players:
        out.append(ft.Row([ft.Button(_("Peek: {player}").format(player=p), icon=ft.Icons.VISIBILITY,
                                     on_click=tap(partial(actions.peek, d.t, p)))
                           for p in d.gv.players], wrap=True, spacing=6))
        return column(out, 6)
    lines = present.private_text(present.private_view(d.record, who, d.replayed))
    draft = d.ui.draft
    if draft is not None:
        now = forms.rats_taken(d.state, draft).get(who)
        if now:
            lines.append(_("This round, once it is submitted: {n} more (BU-5).").format(n=now))
    hide = ft.FilledButton(_("Hide {player}'s secrets").format(player=who), icon=ft.Icons.VISIBILITY_OFF,
                           on_click=tap(partial(actions.peek, d.t, None)))
    out.append(card(column([*_lines(lines), hide], GAP), "peek"))
    return column(out, 6)


# ---------------------------------------------------------------- entering a round

@ft.component
def Entry(d: Drawn, *, key: str | None = None) -> ft.Control:
    ui = d.ui
    draft = d.draft(DRAFT)
    out = _status(d)
    out.append(card(column(_lines(present.reveal_instructions(d.state)), 4), "instructions"))
    out.append(Decks(d, DRAFT, key="decks"))
    out.append(ToolCards(d, key="tools"))
    out.append(Takes(d, DRAFT, key="takes"))
    if draft.revealed:
        out.append(Hamburgers(d, DRAFT, key="hamburgers"))
    out.append(Peek(d, key="peek"))
    out.append(error_text(ui.error))
    out.append(ft.FilledButton(_("Submit round"), icon=ft.Icons.CHECK, on_click=lambda e: actions.submit(d),
                               disabled=not draft.revealed))
    return column(out)


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


def RoundBody(rv: RoundView) -> list[ft.Control]:
    """A played round: the table, the history and the phones draw it alike (``present.round_lines``)."""
    return lines_drawn(present.round_lines(rv))


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


# ---------------------------------------------------------------- the end

def _end(ev: EndView | None, chosen: list[str], flip: Callable[[str, bool], None] | None) -> list[ft.Control]:
    """The end: everyone's secrets, the BU-7 top buns (to choose, with ``flip``), the
    house-rule scores, the winner."""
    if ev is None:
        return []
    out: list[ft.Control] = [heading(_("Game over"), 18), ft.Text(ev.end)]
    out.append(bold(_("Everyone's secrets, now shown (BU-5)")))
    out += _lines(present.secrets_lines(ev))
    out.append(bold(_("The wastebasket top bun (BU-7)")))
    out.append(ft.Text(ev.top_bun_note))
    if flip is not None:
        out += [ft.Checkbox(label=_("{player} flips the wastebasket card as a top bun").format(player=p),
                            value=p in chosen,
                            semantics_label=_("{player}: wastebasket top bun").format(player=p),
                            on_change=_flip(flip, p))
                for p in ev.top_bun_choices]
    else:
        flipped = [r.player for r in ev.rows if r.top_bun]
        out.append(ft.Text(_("Flipped: {players}").format(players=", ".join(flipped) or _("nobody"))))
    out.append(error_text(ev.error))
    out.append(bold(_("Final scores (house rule, BU-8)")))
    out += _lines(present.score_lines(ev), size=13)
    out.append(ft.Text(ev.scoring, size=12))
    out.append(ft.Text(ngettext("Winner: {players}", "Winners: {players}", len(ev.winners)).format(
                           players=", ".join(ev.winners)),
                       size=18, weight=ft.FontWeight.BOLD))
    out.append(ft.Text(ev.explanation))
    return out


def _flip(flip: Callable[[str, bool], None], player: str) -> Callable[[Any], None]:
    return lambda e: flip(player, bool(e.control.value))


@ft.component
def GameOver(d: Drawn, *, key: str | None = None) -> ft.Control:
    t = d.t
    chosen = forms.read_top_buns(d.settings.get(forms.TOP_BUNS))
    ev = present.end_view(d.record, chosen, d.replayed)
    out = _end(ev, chosen, lambda p, on: actions.flip_top_bun(t, p, on))
    out.append(error_text(d.ui.error))
    out.append(ft.Button(_("Home"), icon=ft.Icons.HOME, on_click=lambda e: t.go("home")))
    return column(out)


# ================================================================ history

@ft.component
def MatchDetail(shell: ShellServices, match_id: int, *, key: str | None = None) -> ft.Control:
    m = shell.store.match(match_id)
    settings = shell.store.match_settings(match_id)
    title = _("{game}: {players}").format(game=BurgerView.title, players=", ".join(m.players))
    out: list[ft.Control] = [heading(title)]
    if m.current is None:
        return column(out + [ft.Text(_("No game started."))])
    record = m.current.record
    try:
        replayed = replay(record)
        gv = present.game_view(record, replayed)
    except CompanionError as exc:
        return column(out + [error_text(str(exc))])
    out.append(ft.Text(words.sentence(present.state_line(replayed.state))))
    if not gv.over:
        out.append(ft.FilledButton(_("Continue this game"), icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: shell.continue_match(match_id)))
    out += [ft.Text(gv.tools, size=12), ft.Text(gv.scoring, size=12)]
    for rv in gv.rounds:
        out.append(bold(_("Round {number} (first player: {player})").format(number=rv.number, player=rv.first)))
        out += RoundBody(rv)
    chosen = forms.read_top_buns(settings.get(forms.TOP_BUNS))
    out += _end(present.end_view(record, chosen, replayed), chosen, None)
    out.append(ExportActions(shell, m, m.current.number, games_in_match=False))
    return column(out)


# ================================================================ rules

@ft.component
def RulesText(*, key: str | None = None) -> ft.Control:
    out: list[ft.Control] = [heading(_("{game}: the rules in plain words").format(game=BurgerView.title)),
                             *_lines([_(text) for text in RULES_INTRO]),
                             ft.Text(_(SCORING_LABEL), weight=ft.FontWeight.W_500)]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in RULES])
    return column(out)


class BurgerView:
    """Burger's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "burger"
    title = "Burger"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="burger-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"burger-table-{match.id}")

    def match_detail(self, shell: ShellServices, match_id: int) -> ft.Control:
        return MatchDetail(shell, match_id, key=f"burger-match-{match_id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="burger-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return present.match_line(records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The complete hamburgers now (its grid's first row: public, BU-5), for the
        browser's first screen."""
        if not records:
            return None
        seats, lines = present.score_grid(present.game_view(records[-1]))
        return lines[0].label, list(zip(seats, lines[0].cells, strict=True))

    def editor(self, shell: ShellServices, item_id: int) -> ft.Control:
        """A recipe set made in the app, edited (``/library/burger/<id>``)."""
        return RecipeEditor(shell, item_id, key=f"recipe-editor-{item_id}")


VIEW: BurgerView = BurgerView()
