"""Burger recipes and the hamburger check (BU-5).

The recipes are not in the rule texts: they live in JSON files under
``assets/recipes/`` that players edit (``example.json`` is a made-up example).
A recipe names the ingredients that go between the buns; a complete hamburger is
a bottom bun first (or one ingredient card flipped to serve as bottom bun, never a
rat), the recipe's ingredients in any order, and the top bun last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    field_validator,
)

from companion.core.errors import RecordError
from companion.core.paths import ASSETS
from companion.core.record import Model
from companion.games.burger.models import RAT

BOTTOM_BUN = "bottom bun"
TOP_BUN = "top bun"
RECIPES_DIR = ASSETS / "recipes"

CardName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


def _key(card: str) -> str:
    return " ".join(card.split()).casefold()


class Recipe(Model):
    """A recipe: its name and the ingredients between the buns (repeats allowed)."""

    name: CardName
    ingredients: Annotated[list[CardName], Field(min_length=1)]

    @field_validator("ingredients")
    @classmethod
    def _real_ingredients(cls, ingredients: list[str]) -> list[str]:
        for card in ingredients:
            if _key(card) == RAT:
                raise ValueError("a rat is not an ingredient (BU-5)")
            if _key(card) in (BOTTOM_BUN, TOP_BUN):
                raise ValueError(f"'{card}': the buns are not listed, every hamburger has them")
        return ingredients


class RecipeBook(Model):
    """A recipe file. ``example`` marks a made-up file that players should edit."""

    example: bool = False
    note: str = ""
    recipes: Annotated[list[Recipe], Field(min_length=1)]


def load_recipes(path: str | Path | None = None) -> RecipeBook:
    """A recipe file (default: the shipped example); a bad one raises a one-line RecordError."""
    path = Path(path) if path is not None else RECIPES_DIR / "example.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"recipes: cannot read {path}: {exc.strerror or exc}") from None
    try:
        return RecipeBook.model_validate_json(text)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in err["loc"]) or "file"
        raise RecordError(f"recipes {path.name}: {where}: {err['msg']}") from None


class HamburgerCheck(BaseModel):
    """Whether a stack makes a complete hamburger, and if not, why."""

    model_config = ConfigDict(frozen=True)

    recipe: str
    complete: bool
    missing: list[str]        # cards still needed, bottom bun first, top bun last
    problems: list[str]       # cards that break the recipe (rats, extras, a misplaced bun)
    explanation: str


def check_hamburger(
    stack: Sequence[str],
    recipe: Recipe,
    *,
    flipped_bottom: bool = False,
    wastebasket_top: bool = False,
) -> HamburgerCheck:
    """BU-5: does ``stack`` (bottom card first) make a complete hamburger of ``recipe``?

    ``flipped_bottom``: the first card is an ingredient card flipped to serve as the
    bottom bun (never a rat). ``wastebasket_top``: after the end of the game, the
    wastebasket card serves as the top bun (BU-7), so the stack needs none.
    """
    cards = list(stack)
    keys = [_key(c) for c in cards]
    missing: list[str] = []
    problems: list[str] = []

    # the bottom bun
    rest = 0
    if not cards:
        missing.append(BOTTOM_BUN)
    elif keys[0] == RAT:
        missing.append(BOTTOM_BUN)
        problems.append("a rat can never be the bottom bun, flipped or not: it goes under the wastebasket (BU-5)")
        rest = 1
    elif flipped_bottom or keys[0] == BOTTOM_BUN:
        rest = 1
    else:
        missing.append(BOTTOM_BUN)
        problems.append(
            f"the first card is '{cards[0]}', not the bottom bun: put the bottom bun first "
            "or flip an ingredient card to serve as one (BU-5)"
        )

    # the top bun: last, and nothing after it
    end = len(cards)
    has_top = not wastebasket_top and len(cards) > rest and keys[-1] == TOP_BUN
    if has_top:
        end -= 1
    middle = list(zip(cards[rest:end], keys[rest:end]))

    needed = Counter(_key(i) for i in recipe.ingredients)
    shown = {_key(i): i for i in recipe.ingredients}
    for card, key in middle:
        if key == RAT:
            problems.append("a rat is never part of a hamburger: it goes under the wastebasket (BU-5)")
        elif key == TOP_BUN:
            problems.append("the top bun must be placed after all other ingredients (BU-5)")
        elif key == BOTTOM_BUN:
            problems.append("a second bottom bun is not in the recipe (BU-5)")
        elif needed[key] > 0:
            needed[key] -= 1
        else:
            problems.append(f"'{card}' is not in the {recipe.name} recipe (BU-5)")
    for key in needed.elements():
        missing.append(shown[key])
    if not wastebasket_top and not has_top:
        missing.append(TOP_BUN)

    complete = not missing and not problems
    if complete:
        how = []
        if flipped_bottom:
            how.append(f"'{cards[0]}' flipped as bottom bun (BU-5)")
        if wastebasket_top:
            how.append("the wastebasket card as top bun (BU-7)")
        text = f"A complete {recipe.name}: " + ("; ".join(how) if how else "bottom bun, "
                                                "ingredients, top bun (BU-5)") + "."
    else:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(missing))
        parts.extend(problems)
        text = f"Not a complete {recipe.name}: " + "; ".join(parts) + "."
    return HamburgerCheck(
        recipe=recipe.name, complete=complete, missing=missing, problems=problems, explanation=text,
    )
