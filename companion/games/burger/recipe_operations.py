"""Editing a recipe set, as plain data: each operation takes a recipe file's parsed
JSON and gives back a new one (the argument is never changed), in the order the
file format lists its fields. No flet here: the editor
(:mod:`companion.games.burger.recipe_editor_screen`) calls these and saves what they give.

- The set: its name and note.
- The ingredient list (the copy's ingredient cards): add, rename (the recipes using
  the card follow the new name), remove. Removing a card some recipe uses takes it
  out of the list only: those recipes keep it and show the fault until it is taken
  out of them or added back, so nothing a player entered goes without a word. A file
  without a list (older files) gets one, from its recipes, at the first change to it.
- The recipes: add (a blank one, last), rename, remove, duplicate (the copy just
  after it), add an ingredient (repeats allowed), take one out.
- What a card or a name may not be (``add_refused``, ``rename_refused``): blank,
  already listed, a bun or a rat (BU-5). The editor asks before it adds or renames.
- The faults (``faults_of``): every line of the check (``recipes.faults``), each
  mapped to its recipe, to a card of the ingredient list, or to the set.

An edited file is the players' own: the first edit takes off a copied example's
``example`` mark (the setup then no longer calls it a made-up example).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.core import words
from companion.core.errors import shorten
from companion.games.burger.i18n import _
from companion.games.burger.models import RAT
from companion.games.burger.recipes import BOTTOM_BUN, TOP_BUN, Fault, faults, ingredient_list

_ORDER = ("example", "name", "note", "ingredients", "recipes")


def _key(card: str) -> str:
    return " ".join(card.split()).casefold()


def blank() -> dict[str, Any]:
    """A new, empty recipe set: no name, no cards, no recipes (its faults say what it needs)."""
    return {"name": "", "ingredients": [], "recipes": []}


def editable(raw: Any) -> str | None:
    """Why the editor cannot change this file (its shape is not a recipe file's), or None."""
    if not isinstance(raw, dict):
        return _("This file is not a recipe set (not a JSON object).")
    for text in ("name", "note"):
        if text in raw and not isinstance(raw[text], str):
            return (_("Its name is not text.") if text == "name" else _("Its note is not text."))
    listed = raw.get("ingredients")
    if listed is not None and not (isinstance(listed, list) and all(isinstance(c, str) for c in listed)):
        return _("Its ingredient list is not a list of card names.")
    recipes = raw.get("recipes", [])
    if not isinstance(recipes, list):
        return _("Its recipes are not a list.")
    for i, r in enumerate(recipes, 1):
        if not (isinstance(r, dict) and isinstance(r.get("name", ""), str)
                and isinstance(r.get("ingredients", []), list)
                and all(isinstance(c, str) for c in r.get("ingredients", []))):
            return _("Recipe {index} is not a name and a list of ingredients.").format(index=i)
    return None


def _out(raw: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """A new file: ``raw`` with ``changes``, fields in the format's order (others after),
    the example mark taken off."""
    merged = {**copy.deepcopy(dict(raw)), **changes}
    merged.pop("example", None)
    known = {k: merged[k] for k in _ORDER if k in merged}
    return {**known, **{k: v for k, v in merged.items() if k not in known}}


def _recipes(raw: Mapping[str, Any]) -> list[dict[str, Any]]:
    recipes = raw.get("recipes", [])
    return [copy.deepcopy(r) for r in recipes] if isinstance(recipes, list) else []


def _listed(raw: Mapping[str, Any]) -> list[str]:
    """The ingredient list, made from the recipes where the file has none."""
    return list(ingredient_list(raw))


# ---------------------------------------------------------------- the set

def set_name(raw: Mapping[str, Any], name: str) -> dict[str, Any]:
    return _out(raw, name=name)


def set_note(raw: Mapping[str, Any], note: str) -> dict[str, Any]:
    return _out(raw, note=note)


# ---------------------------------------------------------------- the ingredient list

def _card_refused(raw: Mapping[str, Any], card: str, *, but: int | None = None) -> str | None:
    key = _key(card)
    if not key:
        return _("A card needs a name.")
    if key == RAT:
        return _("The rats are never listed: a rat is never an ingredient (BU-5).")
    if key in (BOTTOM_BUN, TOP_BUN):
        return _("The buns are never listed: every hamburger has them (BU-5).")
    for i, other in enumerate(_listed(raw)):
        if i != but and _key(other) == key:
            return _("'{card}' is already in the list.").format(card=shorten(other))
    return None


def add_refused(raw: Mapping[str, Any], card: str) -> str | None:
    """Why ``card`` cannot join the ingredient list, or None."""
    return _card_refused(raw, card)


def rename_refused(raw: Mapping[str, Any], i: int, card: str) -> str | None:
    """Why ingredient card ``i`` cannot be renamed ``card``, or None. A name some recipe
    already uses for a card not in the list is refused too: the rename would merge that
    card into this one, and renaming back could not tell them apart."""
    refused = _card_refused(raw, card, but=i)
    if refused is not None:
        return refused
    key, own = _key(card), _key(_listed(raw)[i])
    if key != own:
        for recipe in _recipes(raw):
            for used in recipe.get("ingredients", []):
                if _key(used) == key:
                    return _("'{card}' is already in a recipe: add it to the list instead.").format(
                        card=shorten(used))
    return None


def add_ingredient(raw: Mapping[str, Any], card: str) -> dict[str, Any]:
    """``card`` (trimmed) last in the ingredient list."""
    return _out(raw, ingredients=[*_listed(raw), " ".join(card.split())])


def rename_ingredient(raw: Mapping[str, Any], i: int, card: str) -> dict[str, Any]:
    """Ingredient card ``i`` renamed ``card`` (trimmed); every recipe using the old name
    (any case) uses the new one."""
    listed = _listed(raw)
    old, new = _key(listed[i]), " ".join(card.split())
    listed[i] = new
    recipes = _recipes(raw)
    for r in recipes:
        r["ingredients"] = [new if _key(c) == old else c for c in r.get("ingredients", [])]
    return _out(raw, ingredients=listed, recipes=recipes)


def remove_ingredient(raw: Mapping[str, Any], i: int) -> dict[str, Any]:
    """Ingredient card ``i`` out of the list; recipes using it keep it (and show a fault)."""
    listed = _listed(raw)
    del listed[i]
    return _out(raw, ingredients=listed)


def used_by(raw: Mapping[str, Any], card: str) -> list[str]:
    """The names of the recipes using ``card`` (any case), each once, in the file's order."""
    key = _key(card)
    return [r.get("name", "") or _("recipe {number}").format(number=n) for n, r in enumerate(_recipes(raw), 1)
            if any(_key(c) == key for c in r.get("ingredients", []))]


# ---------------------------------------------------------------- the recipes

def add_recipe(raw: Mapping[str, Any], name: str = "") -> dict[str, Any]:
    """A new recipe, last: ``name`` and no ingredients yet."""
    return _out(raw, recipes=[*_recipes(raw), {"name": name, "ingredients": []}])


def rename_recipe(raw: Mapping[str, Any], r: int, name: str) -> dict[str, Any]:
    recipes = _recipes(raw)
    recipes[r]["name"] = name
    return _out(raw, recipes=recipes)


def remove_recipe(raw: Mapping[str, Any], r: int) -> dict[str, Any]:
    recipes = _recipes(raw)
    del recipes[r]
    return _out(raw, recipes=recipes)


def copy_name(raw: Mapping[str, Any], name: str) -> str:
    """A name for a copy of the recipe ``name`` that no recipe has: 'Cheeseburger (copy)',
    then '(copy 2)'…"""
    taken = {_key(r.get("name", "")) for r in _recipes(raw)}
    base = name.strip() or "Recipe"
    n = 1
    while True:
        out = f"{base} (copy)" if n == 1 else f"{base} (copy {n})"
        if _key(out) not in taken:
            return out
        n += 1


def duplicate_recipe(raw: Mapping[str, Any], r: int) -> dict[str, Any]:
    """A copy of recipe ``r`` just after it, under a name of its own."""
    recipes = _recipes(raw)
    twin = copy.deepcopy(recipes[r])
    twin["name"] = copy_name(raw, recipes[r].get("name", ""))
    recipes.insert(r + 1, twin)
    return _out(raw, recipes=recipes)


def add_to_recipe(raw: Mapping[str, Any], r: int, card: str) -> dict[str, Any]:
    """``card`` last among recipe ``r``'s ingredients (a second one counts: repeats allowed)."""
    recipes = _recipes(raw)
    recipes[r]["ingredients"] = [*recipes[r].get("ingredients", []), card]
    return _out(raw, recipes=recipes)


def remove_from_recipe(raw: Mapping[str, Any], r: int, j: int) -> dict[str, Any]:
    """Recipe ``r``'s ingredient ``j`` taken out."""
    recipes = _recipes(raw)
    recipes[r]["ingredients"] = [c for k, c in enumerate(recipes[r].get("ingredients", [])) if k != j]
    return _out(raw, recipes=recipes)


# ---------------------------------------------------------------- the faults

@dataclass(frozen=True)
class Faults:
    """Every fault of a file, where the editor shows it: ``whole`` under the set's name,
    ``listed`` under the ingredient list (by card), ``recipes`` under each recipe's card.
    Each is said without the file's place (the editor shows the place); ``lines`` are
    the check's own lines, in its order, each once."""

    whole: tuple[str, ...] = ()
    listed: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    recipes: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    lines: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.lines)

    def of_recipe(self, r: int) -> tuple[str, ...]:
        return self.recipes.get(r, ())

    def of_list(self) -> tuple[str, ...]:
        return tuple(line for i in sorted(self.listed) for line in self.listed[i])


def _said(f: Fault, raw: Any) -> str:
    """A fault as the editor says it, under the thing it is about."""
    if f.recipe is not None:
        if f.ingredient is not None:
            return _("Ingredient {number}: {fault}").format(number=f.ingredient + 1, fault=f.text)
        prefix = f.where.split(".", 1)[1] if "." in f.where else ""
        return words.sentence(f.text) if prefix in ("", "name", "ingredients") else f"{prefix}: {f.text}"
    if f.where.startswith("ingredients[") and f.ingredient is not None:
        return _("Card {number}: {fault}").format(number=f.ingredient + 1, fault=f.text)
    if f.where in ("recipes", "recipe file"):
        return words.sentence(f.text)
    return f"{f.where}: {f.text}"


def faults_of(raw: Any) -> Faults:
    """The check's faults of ``raw``, each mapped to its recipe, to a card of the list or
    to the set."""
    found = faults(raw)
    whole: list[str] = []
    listed: dict[int, list[str]] = {}
    recipes: dict[int, list[str]] = {}
    for f in found:
        said = _said(f, raw)
        if f.recipe is not None:
            recipes.setdefault(f.recipe, []).append(said)
        elif f.where.startswith("ingredients[") and f.ingredient is not None:
            listed.setdefault(f.ingredient, []).append(said)
        else:
            whole.append(said)
    return Faults(whole=tuple(whole), listed={i: tuple(v) for i, v in listed.items()},
                  recipes={r: tuple(v) for r, v in recipes.items()}, lines=tuple(f.line for f in found))
