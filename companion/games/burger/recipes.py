"""Burger recipes and the hamburger check (BU-5).

The recipes are not in the rule texts: they live in JSON files that players write
for their copy of the game (``assets/recipes/example.json`` is a made-up example to
copy; the app's recipe editor keeps a player's sets in the store as the same JSON).
A file has an optional ``name`` (what the players call the set), an optional
``note``, optionally the copy's ``ingredients`` (the ingredient cards; when given,
every recipe's ingredients are among them) and its ``recipes``: each a name and the
ingredients that go between the buns. The buns and rats are never listed (BU-5): a
complete hamburger is a bottom bun first (or one ingredient card flipped to serve as
bottom bun, never a rat), the recipe's ingredients in any order, and the top bun last.

``faults`` reports every fault of a parsed file, each naming where it is
(``recipes[2] (Cheeseburger).ingredients[1]: …``); ``companion recipes check`` reads a
file with the game's ``library`` part, never raising on bad JSON.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from companion.core.bounds import MAX_LIBRARY_CARDS, MAX_RECIPE_INGREDIENTS, MAX_RECIPES
from companion.core.errors import RecordError, shorten
from companion.core.i18n import language
from companion.core.paths import ASSETS, shipped
from companion.core.record import Model, describe_error, parse_json
from companion.core.text import Label, Prose, label
from companion.games.burger.i18n import N_, _, ngettext
from companion.games.burger.models import RAT

BOTTOM_BUN = "bottom bun"
TOP_BUN = "top bun"
_BUNS = {BOTTOM_BUN: N_("bottom bun"), TOP_BUN: N_("top bun")}


def bun_shown(card: str) -> str:
    """A card as a player reads it: the buns in the language now, an ingredient as named."""
    return _(_BUNS[card]) if card in _BUNS else card


RECIPES_DIR = ASSETS / "recipes"


def _key(card: str) -> str:
    return " ".join(card.split()).casefold()


def _not_listed(card: str) -> str:
    """BU-5: the buns and rats are never listed (a recipe's ingredients, a copy's
    ingredient cards): a ValueError saying why."""
    if _key(card) == RAT:
        raise ValueError(_("a rat is never an ingredient: it goes under the wastebasket (BU-5)"))
    if _key(card) in (BOTTOM_BUN, TOP_BUN):
        raise ValueError(_("'{card}': leave the buns out, every hamburger has them (BU-5)").format(card=card))
    return card


# Names a player reads, under the text policy of every such field (core.text).
CardName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(label)]
Ingredient = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(label),
                       AfterValidator(_not_listed)]


class Recipe(Model):
    """A recipe: its name and the ingredients between the buns (repeats allowed)."""

    name: CardName
    ingredients: Annotated[list[Ingredient], Field(min_length=1, max_length=MAX_RECIPE_INGREDIENTS)]


class RecipeBook(Model):
    """A recipe file. ``example`` marks a made-up file that players should edit;
    ``name`` is what the players call the set ("" in older files); ``ingredients``
    the copy's ingredient cards (None: not given, the recipes' ingredients are all)."""

    example: bool = False
    name: Label = ""
    note: Prose = ""
    ingredients: Annotated[list[Ingredient], Field(max_length=MAX_LIBRARY_CARDS)] | None = None
    recipes: Annotated[list[Recipe], Field(min_length=1, max_length=MAX_RECIPES)]   # bounds: core.bounds

    @model_validator(mode="after")
    def _agree(self) -> RecipeBook:
        found = _set_faults(self.model_dump())
        if found:
            raise ValueError(found[0].line)
        return self

    def cards(self) -> list[str]:
        """The copy's ingredient cards: the list when given, else each ingredient of the
        recipes once, in the file's order."""
        return ingredient_list(self.model_dump())


@dataclass(frozen=True)
class Fault:
    """One fault of a recipe file: where (``recipe``: the recipe's index, None for the
    set as a whole; ``ingredient``: the index in that recipe's or the set's list) and
    what, in a player's words. ``line`` is how ``companion recipes check`` says it."""

    where: str
    text: str
    recipe: int | None = None
    ingredient: int | None = None

    @property
    def line(self) -> str:
        return f"{self.where}: {self.text}"


def _recipe_at(raw: Any, i: int) -> str:
    """``recipes[2] (Cheeseburger)``: a recipe's place, with its name when it has one."""
    recipes = raw.get("recipes") if isinstance(raw, dict) else None
    name = recipes[i].get("name") if isinstance(recipes, list) and i < len(recipes) \
        and isinstance(recipes[i], dict) else None
    named = name.strip() if isinstance(name, str) else ""
    return f"recipes[{i}]" + (f" ({shorten(named)})" if named else "")


_SAID = {
    ("name",): N_("a recipe needs a name"),
    ("ingredients",): N_("a recipe needs at least one ingredient between the buns (BU-5)"),
}


def _shape_fault(err: Any, raw: Any) -> Fault:
    """A pydantic error as a Fault: its place (a recipe named), said in a player's words."""
    loc = tuple(err["loc"])
    recipe = loc[1] if len(loc) > 1 and loc[0] == "recipes" and isinstance(loc[1], int) else None
    where = ""
    rest = loc
    if recipe is not None:
        where, rest = _recipe_at(raw, recipe), loc[2:]
    ingredient = None
    for part in rest:
        if isinstance(part, int):
            where += f"[{part}]"
            ingredient = part
        else:
            where += ("." if where else "") + str(part)
    kind = err["type"]
    if kind == "value_error":
        text = str(err.get("ctx", {}).get("error", err["msg"]))
    elif kind in ("string_too_short", "too_short") and recipe is not None and rest in _SAID:
        text = _(_SAID[rest])
    elif kind == "too_short" and loc == ("recipes",):
        text = _("no recipes yet: a recipe set needs at least one")
    elif kind == "string_too_short":
        text = _("is blank: name it or remove it")
    else:
        text = describe_error(err)
    return Fault(where or "recipe file", text, recipe, ingredient)


def _texts(items: Any) -> list[tuple[int, str]]:
    """The (index, text) of a JSON list's non-blank texts (anything else: none)."""
    if not isinstance(items, list):
        return []
    return [(i, s) for i, s in enumerate(items) if isinstance(s, str) and s.strip()]


def _unlisted(card: str) -> bool:
    return _key(card) not in (RAT, BOTTOM_BUN, TOP_BUN)


def _set_faults(raw: dict[str, Any]) -> list[Fault]:
    """The faults between the parts of a file (the shape aside): duplicate recipe names,
    the ingredient list listing a card twice, a recipe's ingredient not in the list.
    Read from the parsed JSON, so they are found even where the shape has faults too."""
    found: list[Fault] = []
    listed = raw.get("ingredients")
    seen: dict[str, int] = {}
    for i, card in _texts(listed):
        if not _unlisted(card):
            continue      # said by the shape check (BU-5)
        first = seen.setdefault(_key(card), i)
        if first != i:
            found.append(Fault(f"ingredients[{i}]", _("'{card}' is listed twice: keep it once").format(
                card=shorten(card.strip())), None, i))
    recipes = raw.get("recipes")
    names: dict[str, int] = {}
    for r, recipe in enumerate(recipes if isinstance(recipes, list) else []):
        if not isinstance(recipe, dict):
            continue
        at = _recipe_at(raw, r)
        name = recipe.get("name")
        if isinstance(name, str) and name.strip():
            first = names.setdefault(_key(name), r)
            if first != r:
                found.append(Fault(f"{at}.name", _("another recipe is also called '{name}': give each "
                                                   "recipe its own name").format(name=shorten(name.strip())), r))
        if isinstance(listed, list):
            for j, card in _texts(recipe.get("ingredients")):
                if _unlisted(card) and _key(card) not in seen:
                    found.append(Fault(f"{at}.ingredients[{j}]", _("'{card}' is not in the ingredient list: add "
                                                                   "it there or pick one that is").format(
                        card=shorten(card.strip())), r, j))
    return found


def faults(raw: Any) -> list[Fault]:
    """Every fault of a recipe file's parsed JSON (empty: a good file), in the file's order:
    the set's own first, then each recipe's."""
    if not isinstance(raw, dict):
        return [Fault("recipe file", "a recipe file must be a JSON object")]
    try:
        RecipeBook.model_validate(raw)
        return []
    except ValidationError as exc:
        errors = [e for e in exc.errors(include_url=False) if e["loc"]]   # () is _agree: said below
    found = [_shape_fault(e, raw) for e in errors] + _set_faults(raw)
    return sorted(found, key=_order)


def _order(f: Fault) -> tuple[int, int]:
    """The set's faults first, then each recipe's: its name, the recipe, its ingredients."""
    at = -2 if f.where.endswith(".name") else -1 if f.ingredient is None else f.ingredient
    return (-1 if f.recipe is None else f.recipe, at)


def problems(raw: Any) -> list[str]:
    """Every fault of a recipe file's parsed JSON, one line each (empty: a good file)."""
    return [f.line for f in faults(raw)]


def ingredient_list(raw: Any) -> list[str]:
    """The ingredient cards of a parsed file: its list when given, else each ingredient of
    its recipes once (any case), in the file's order. Text only; faults aside."""
    if not isinstance(raw, dict):
        return []
    if isinstance(raw.get("ingredients"), list):
        return [s for s in raw["ingredients"] if isinstance(s, str)]
    seen: dict[str, str] = {}
    for recipe in raw.get("recipes") or []:
        if isinstance(recipe, dict):
            for __, card in _texts(recipe.get("ingredients")):
                if _unlisted(card):
                    seen.setdefault(_key(card), card.strip())
    return list(seen.values())


def name_of(raw: Any) -> str:
    """What the players call the set ("" if the file has no name)."""
    name = raw.get("name") if isinstance(raw, dict) else None
    return name.strip() if isinstance(name, str) else ""


def summary(book: RecipeBook) -> list[str]:
    """A good file in a few lines: its name, the recipes with their ingredients, the cards."""
    head = book.name or _("Recipes")
    if book.example:
        head = _("{name} (an example, made up: copy it and edit it to match your recipe cards)").format(name=head)
    cards = book.cards()
    counts = _("{recipes}, {cards}").format(
        recipes=ngettext("{n} recipe", "{n} recipes", len(book.recipes)).format(n=len(book.recipes)),
        cards=ngettext("{n} ingredient card", "{n} ingredient cards", len(cards)).format(n=len(cards)))
    if book.ingredients is None:
        counts = _("{counts} (from the recipes: no ingredient list)").format(counts=counts)
    lines = [f"{head}: {counts}"]
    lines += [f"  {r.name}: {', '.join(r.ingredients)}" for r in book.recipes]
    lines.append("  " + _("Ingredients: {cards}").format(cards=", ".join(cards)))
    return lines


class Reading(Enum):
    """How far a recipe file was read: a fact, so nothing tells it from a worded line."""

    UNREADABLE = "unreadable"   # the file could not be read (the line names it)
    NOT_JSON = "not json"       # read, but not JSON a recipe set can be (the line does not name it)
    CHECKED = "checked"         # JSON, checked: each line names its place in the file


def _read(path: Path) -> tuple[list[str], RecipeBook | None, Reading]:
    """A file's problems, its book (None if it has problems) and how far it was read.
    The bytes are read as the referee reads a record: not UTF-8, not JSON or nested too
    deeply is one problem, never a traceback."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        said = _("cannot read {path}: {error}").format(path=path, error=exc.strerror or exc)
        return [said], None, Reading.UNREADABLE
    try:
        raw = parse_json(data)
    except RecordError as err:
        return [err.message], None, Reading.NOT_JSON
    found = problems(raw)
    if found:
        return found, None, Reading.CHECKED
    return [], RecipeBook.model_validate(raw), Reading.CHECKED


def shipped_recipes() -> list[Path]:
    """The recipe files shipped in ``assets/recipes/`` (examples to copy), in the player's
    language where there are ones in it (``assets/recipes/de/``)."""
    return shipped(RECIPES_DIR, language())


def load_recipes(path: str | Path | None = None) -> RecipeBook:
    """A recipe file (default: the shipped example); a bad one raises a one-line RecordError
    naming its first fault."""
    path = Path(path) if path is not None else RECIPES_DIR / "example.json"
    found, book, reading = _read(path)
    if book is None:
        if reading is Reading.UNREADABLE:
            raise RecordError(f"recipes: {found[0]}")
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise RecordError(f"recipes {path.name}: {found[0]}{more}")
    return book


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
        problems.append(_("a rat can never be the bottom bun, flipped or not: it goes under the wastebasket (BU-5)"))
        rest = 1
    elif flipped_bottom or keys[0] == BOTTOM_BUN:
        rest = 1
    else:
        missing.append(BOTTOM_BUN)
        problems.append(_("the first card is '{card}', not the bottom bun: put the bottom bun first "
                          "or flip an ingredient card to serve as one (BU-5)").format(card=cards[0]))

    # the top bun: last, and nothing after it
    end = len(cards)
    has_top = not wastebasket_top and len(cards) > rest and keys[-1] == TOP_BUN
    if has_top:
        end -= 1
    middle = list(zip(cards[rest:end], keys[rest:end], strict=True))

    needed = Counter(_key(i) for i in recipe.ingredients)
    shown = {_key(i): i for i in recipe.ingredients}
    for card, key in middle:
        if key == RAT:
            problems.append(_("a rat is never part of a hamburger: it goes under the wastebasket (BU-5)"))
        elif key == TOP_BUN:
            problems.append(_("the top bun must be placed after all other ingredients (BU-5)"))
        elif key == BOTTOM_BUN:
            problems.append(_("a second bottom bun is not in the recipe (BU-5)"))
        elif needed[key] > 0:
            needed[key] -= 1
        else:
            problems.append(_("'{card}' is not in the {recipe} recipe (BU-5)").format(card=card, recipe=recipe.name))
    for key in needed.elements():
        missing.append(shown[key])
    if not wastebasket_top and not has_top:
        missing.append(TOP_BUN)

    complete = not missing and not problems
    if complete:
        how = []
        if flipped_bottom:
            how.append(_("'{card}' flipped as bottom bun (BU-5)").format(card=cards[0]))
        if wastebasket_top:
            how.append(_("the wastebasket card as top bun (BU-7)"))
        text = _("A complete {recipe}: {how}.").format(
            recipe=recipe.name, how="; ".join(how) if how else _("bottom bun, ingredients, top bun (BU-5)"))
    else:
        parts = []
        if missing:
            parts.append(_("missing {cards}").format(cards=", ".join(bun_shown(c) for c in missing)))
        parts.extend(problems)
        text = _("Not a complete {recipe}: {why}.").format(recipe=recipe.name, why="; ".join(parts))
    return HamburgerCheck(
        recipe=recipe.name, complete=complete, missing=missing, problems=problems, explanation=text,
    )
