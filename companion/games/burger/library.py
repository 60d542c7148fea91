"""The recipe sets players make in the app for their own copy (BU-5): each is the same
JSON file ``companion recipes check`` reads (:mod:`companion.games.burger.recipes`),
kept in the store (:mod:`companion.store.library`) and edited by the recipe editor
(:mod:`companion.games.burger.recipe_editor_screen`). A match set up with one keeps a copy of
its text in the setting ``RECIPES_COPY``. No flet here."""

from __future__ import annotations

from typing import Any

from companion.core.game import Library
from companion.games.burger import recipe_operations, recipes
from companion.games.burger.i18n import N_
from companion.games.burger.recipefiles import RECIPES_COPY


def _summary(raw: Any) -> list[str]:
    return recipes.summary(recipes.RecipeBook.model_validate(raw))


LIBRARY: Library = Library(kind=N_("recipe set"), plural=N_("recipe sets"), setting=RECIPES_COPY,
                           check=recipes.problems, summary=_summary, name_of=recipes.name_of,
                           blank=recipe_operations.blank, examples=recipes.shipped_recipes)
