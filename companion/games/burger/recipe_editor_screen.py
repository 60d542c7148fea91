"""The recipe editor: one recipe set made in the app (``/library/burger/<id>``), as a
declarative Flet component, phone first (360 px wide).

The set is read from the store at each render (:mod:`companion.store.library`: the
store is the truth, a reload shows the same) and every tap saves the changed file
there, as the JSON text ``companion recipes check`` reads; a name typed is saved key
by key. The edits themselves are :mod:`companion.games.burger.recipe_operations` (plain
data). What is not the file — the ingredient card picked for renaming, the texts of
the new card and the rename not yet applied, a recipe whose removal is being asked,
a refusal said — is the screen's passing state (``shell.ui``, keyed by the set's id).

The screen: the set's name; the BU-5 bun rules, once; the ingredient cards as chips
(tap one to rename or remove it; a field to add one); each recipe as a card with its
name, its ingredients as chips that a tap takes out, the ingredient cards to tap to
add one, and its faults under it; a new recipe; the note; and whether the set is ready
to use. The faults are the check's own, live after every tap.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import flet as ft

from companion.core.errors import CompanionError, StoreError
from companion.games.burger import recipe_operations as edit
from companion.games.burger.i18n import N_, _, ngettext
from companion.games.burger.recipes import ingredient_list, name_of
from companion.store import library
from companion.ui.contracts import ShellServices
from companion.ui.library import body_of
from companion.ui.widgets import bold, card, error_text, heading, icon_button
from companion.ui.widgets.column import column
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.keyed import keyed
from companion.ui.widgets.named import accessible, silent
from companion.ui.widgets.text_field import TextField

GAP = 6

BUN_RULES = N_("Every hamburger is a bottom bun, the recipe's ingredients in any order, and the top "
             "bun last; a card may be flipped as bottom bun, never a rat (BU-5). So list only what "
             "goes between the buns: the buns and rats are never listed.")


@dataclass(frozen=True)
class EditorUI:
    """The editor's passing state: the ingredient card picked (its index in the list) and
    the rename typed for it, the new card typed, the recipe whose removal is asked, the
    recipe just added (its name field takes the focus), and the last refusal."""

    picked: int | None = None
    rename: str = ""
    new_card: str = ""
    asking: int | None = None
    fresh: int | None = None
    said: str | None = None


def ui_key(item_id: int) -> str:
    return f"recipe-editor-{item_id}"


def _chip(label: str, text: str, on_click: Callable[[Any], Any], *, filled: bool = False,
          selected: bool = False, icon: Any = None) -> ft.Control:
    """A card as a chip: a small tap target whose accessible name says what a tap does."""
    kind = ft.FilledTonalButton if filled else ft.OutlinedButton
    return accessible(label, kind(silent(text), icon=icon, on_click=on_click, height=TAP,
                                  style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10, vertical=0))),
                      selected=selected)


def _wrap(controls: list[ft.Control], key: str | None = None) -> ft.Row:
    return ft.Row(controls, spacing=GAP, run_spacing=GAP, wrap=True, key=key)


@ft.component
def RecipeEditor(shell: ShellServices, item_id: int, *, key: str | None = None) -> ft.Control:
    k = ui_key(item_id)
    ui: EditorUI = shell.ui(k, EditorUI())
    back = ft.Button(_("All recipe sets"), icon=ft.Icons.ARROW_BACK,
                     on_click=lambda e: shell.go("library", game="burger"))
    try:
        it = library.item(shell.store, item_id)
    except CompanionError as exc:
        return column([heading(_("Recipe set")), error_text(str(exc)), back])
    why: str | None
    try:
        raw: Any = json.loads(it.body)
    except ValueError:
        raw, why = None, _("This recipe set is not JSON.")
    else:
        why = edit.editable(raw)
    if why is not None:
        return column([heading(it.name or _("Recipe set")), error_text(why),
                       ft.Text(_("Export it from the list, put it right in a text editor "
                                 "(companion recipes check FILE lists its faults) and import it again.")),
                       back])

    def put(fn: Callable[[EditorUI], EditorUI]) -> None:
        shell.set_ui(k, fn, EditorUI())

    def save(change: Callable[[Mapping[str, Any]], dict[str, Any]], **after: Any) -> None:
        """One tap's change, saved (read again first: another tab may have saved since)."""
        try:
            now = json.loads(library.item(shell.store, item_id).body)
            new = change(now)
            library.save(shell.store, item_id, name_of(new), body_of(new))
        except (StoreError, CompanionError) as exc:
            shell.say(_("Not saved: {error}").format(error=exc))
            return
        except (ValueError, IndexError, KeyError, TypeError):
            shell.saved()          # changed in another tab under this tap: show it as it is now
            return
        if after:
            put(lambda u: replace(u, **after))
        else:
            shell.saved()

    faults = edit.faults_of(raw)
    cards = ingredient_list(raw)
    recipes: list[dict[str, Any]] = raw.get("recipes", [])

    # ---------------------------------------------------------------- the ingredient cards
    def pick(i: int) -> None:
        put(lambda u: replace(u, picked=None if u.picked == i else i,
                              rename=cards[i] if u.picked != i else "", said=None))

    def add_card(e: Any = None) -> None:
        text = shell.ui(k, EditorUI()).new_card
        refused = edit.add_refused(raw, text)
        if refused:
            put(lambda u: replace(u, said=refused))
            return
        save(lambda r: edit.add_ingredient(r, text), new_card="", said=None)

    async def add_card_keep_focus(e: Any) -> None:
        add_card()
        await e.control.focus()      # the next card is typed straight away

    def rename_card(i: int) -> None:
        text = shell.ui(k, EditorUI()).rename
        refused = edit.rename_refused(raw, i, text)
        if refused:
            put(lambda u: replace(u, said=refused))
            return
        save(lambda r: edit.rename_ingredient(r, i, text), picked=None, rename="", said=None)

    def remove_card(i: int) -> None:
        save(lambda r: edit.remove_ingredient(r, i), picked=None, rename="", said=None)

    chips = [_chip((_("Ingredient card {card}: picked") if ui.picked == i
                    else _("Ingredient card {card}")).format(card=c), c,
                   tap(partial(pick, i)), filled=ui.picked == i, selected=ui.picked == i)
             for i, c in enumerate(cards)]
    listing: list[ft.Control] = [
        heading(_("Ingredient cards"), 18),
        ft.Text(_("The ingredient cards of your copy, each kind once. Tap one to rename or remove it."),
                size=13),
        _wrap(chips) if chips else ft.Text(_("None yet: add the first below."), size=13),
    ]
    if ui.picked is not None and ui.picked < len(cards):
        i, c = ui.picked, cards[ui.picked]
        users = edit.used_by(raw, c)
        listing += [
            ft.Row([
                TextField(label=_("Rename {card}").format(card=c), value=ui.rename, dense=True, expand=True,
                          on_change=typed(lambda v: put(lambda u: replace(u, rename=v))),
                          on_submit=lambda e: rename_card(i)),
                icon_button(ft.Icons.CHECK, _("Rename {card}: done").format(card=c), lambda e: rename_card(i)),
                icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {card} from the list").format(card=c),
                            lambda e: remove_card(i)),
            ], spacing=0, key="rename"),
            ft.Text(_("Used by {recipes}: renaming it renames it there too; removing it leaves it there, "
                      "shown as a fault, until you take it out.").format(recipes=", ".join(users))
                    if users else _("No recipe uses it yet."), size=12, key="used-by"),
        ]
    listing += [
        ft.Row([
            TextField(label=_("New ingredient card"), value=ui.new_card, dense=True, expand=True,
                      on_change=typed(lambda v: put(lambda u: replace(u, new_card=v, said=None))),
                      on_submit=add_card_keep_focus),
            icon_button(ft.Icons.ADD, _("Add the ingredient card"), add_card),
        ], spacing=0),
        error_text(ui.said),
        *[keyed(error_text(line), f"list-fault-{j}") for j, line in enumerate(faults.of_list())],
    ]

    # ---------------------------------------------------------------- the recipes
    def recipe_card(r: int, recipe: Mapping[str, Any]) -> ft.Control:
        n = r + 1
        name = recipe.get("name", "")
        inside: list[str] = recipe.get("ingredients", [])
        title = _("Recipe {number}").format(number=n)
        lower = _("recipe {number}").format(number=n)
        rows: list[ft.Control] = [
            ft.Row([
                TextField(label=_("{recipe} name").format(recipe=title), value=name, dense=True, expand=True,
                          autofocus=ui.fresh == r,
                          on_change=typed(lambda v: save(lambda x: edit.rename_recipe(x, r, v)))),
                icon_button(ft.Icons.CONTENT_COPY, _("Duplicate {recipe}").format(recipe=lower),
                            lambda e: save(lambda x: edit.duplicate_recipe(x, r), asking=None)),
                icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {recipe}").format(recipe=lower),
                            lambda e: put(lambda u: replace(u, asking=r))),
            ], spacing=0),
        ]
        if ui.asking == r:
            rows += [
                keyed(bold(_("Remove {recipe}?").format(recipe=name.strip() or lower)), "remove?"),
                ft.Row([
                    ft.FilledButton(_("Remove"), icon=ft.Icons.DELETE,
                                    on_click=lambda e: save(partial(edit.remove_recipe, r=r), asking=None, fresh=None)),
                    ft.Button(_("Keep"), icon=ft.Icons.CLOSE,
                              on_click=lambda e: put(lambda u: replace(u, asking=None))),
                ], wrap=True, key="asking"),
            ]
        rows.append(ft.Text(ngettext("Between the buns ({n} card); tap one to take it out:",
                                     "Between the buns ({n} cards); tap one to take it out:",
                                     len(inside)).format(n=len(inside))
                            if inside else _("Between the buns: nothing yet. Tap the cards below to add them."),
                            size=13))
        if inside:
            rows.append(_wrap([_chip(_("{recipe}: take out {card}").format(recipe=title, card=c), c,
                                     tap(partial(save, partial(edit.remove_from_recipe, r=r, j=j))),
                                     filled=True, icon=ft.Icons.CLOSE)
                               for j, c in enumerate(inside)], key="inside"))
        rows.append(ft.Text(_("Add:"), size=13))
        rows.append(_wrap([_chip(_("{recipe}: add {card}").format(recipe=title, card=c), c,
                                 tap(partial(save, partial(edit.add_to_recipe, r=r, card=c))), icon=ft.Icons.ADD)
                           for c in cards]) if cards
                    else ft.Text(_("Add ingredient cards to the list first."), size=13))
        rows += [error_text(line) for line in faults.of_recipe(r)]
        return ft.Container(card(column(rows, GAP), f"recipe-{n}"), key=f"recipe-{r}")

    def new_recipe() -> None:
        save(edit.add_recipe, fresh=len(recipes), asking=None)

    # ---------------------------------------------------------------- the screen
    if faults.count:
        verdict = error_text(ngettext(
            "{n} fault to put right before a game can use this set: each is shown where it is.",
            "{n} faults to put right before a game can use this set: each is shown where it is.",
            faults.count).format(n=faults.count))
    else:
        verdict = ft.Text(_("Ready to use: {recipes}, {cards}. Pick it when you set up a Burger game.").format(
            recipes=ngettext("{n} recipe", "{n} recipes", len(recipes)).format(n=len(recipes)),
            cards=ngettext("{n} ingredient card", "{n} ingredient cards", len(cards)).format(n=len(cards))),
            weight=ft.FontWeight.W_500)
    return column([
        heading(_("Burger recipe set")),
        TextField(label=_("Name of the set"), value=raw.get("name", ""), dense=True,
                  on_change=typed(lambda v: save(lambda x: edit.set_name(x, v)))),
        *[keyed(error_text(line), f"fault-{j}") for j, line in enumerate(faults.whole)],
        *([ft.Text(_("A copy of a made-up example: change it to match the recipe cards of your game "
                     "(your first change makes it your own set)."), weight=ft.FontWeight.W_500, key="example")]
          if raw.get("example") is True else []),
        ft.Text(_(BUN_RULES), size=13),
        *listing,
        heading(_("Recipes"), 18),
        *[recipe_card(r, recipe) for r, recipe in enumerate(recipes)],
        ft.Button(_("New recipe"), icon=ft.Icons.ADD, on_click=lambda e: new_recipe()),
        TextField(label=_("Note"), value=raw.get("note", ""), dense=True, multiline=True, min_lines=1, max_lines=4,
                  on_change=typed(lambda v: save(lambda x: edit.set_note(x, v)))),
        verdict,
        ft.Text(_("Saved as you go. A game set up with this set keeps its own copy: changing the set "
                  "later never changes that game."), size=12),
        back,
    ])
