"""The recipe sets players make in the app for their own copy (BU-5): the same JSON file
a recipe file is, kept in the store (:mod:`companion.store.library`)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from companion.core import words
from companion.core.game import Library
from companion.games.burger.forms import RECIPES_COPY
from companion.games.burger.recipes import RECIPES_DIR, RecipeBook


def _check(raw: Any) -> list[str]:
    try:
        RecipeBook.model_validate(raw)
    except ValidationError as exc:
        return [f"{'.'.join(str(p) for p in e['loc']) or 'file'}: {e['msg']}"
                for e in exc.errors(include_url=False)]
    return []


def _summary(raw: Any) -> list[str]:
    book = RecipeBook.model_validate(raw)
    return [f"{words.count(len(book.recipes), 'recipe')}"] + [
        f"  {r.name}: {', '.join(r.ingredients)}" for r in book.recipes]


def _name(raw: Any) -> str:
    name = raw.get("name") if isinstance(raw, dict) else None
    return name.strip() if isinstance(name, str) else ""


def _blank() -> dict[str, Any]:
    return {"name": "", "recipes": []}


LIBRARY = Library(kind="recipe set", plural="recipe sets", setting=RECIPES_COPY, check=_check,
                  summary=_summary, name_of=_name, blank=_blank,
                  examples=lambda: sorted(RECIPES_DIR.glob("*.json")))
