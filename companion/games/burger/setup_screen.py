"""Burger's setup screen, a declarative Flet component: the players in their seats and
the first player (BU-1), the tool cards (BU-3), the draw pile (BU-6), the scoring
(BU-8) and the recipes (BU-5: a shipped file, a recipe set made in the app, or a file
picked by its path). The fields and their steps are ``setup_form``'s, the recipe files
``recipefiles``' (read again only when one changed); Start opens the match with its
record and the match settings that keep its recipes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft

from companion.core.edits import clean
from companion.games.burger import recipefiles, rules, setup_form
from companion.games.burger.i18n import _, pgettext
from companion.games.burger.rulings import (
    scoring_label,
    tools_label,
)
from companion.games.burger.setup_form import Setup, SetupUI
from companion.ui.contracts import ShellServices
from companion.ui.library import Choice
from companion.ui.library import choices as library_choices
from companion.ui.table import open_match
from companion.ui.widgets import Stepper, bold, error_text, heading, icon_button
from companion.ui.widgets.column import column
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.stepper import stepper_row
from companion.ui.widgets.text_field import TextField

SETUP = "burger-setup"


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
