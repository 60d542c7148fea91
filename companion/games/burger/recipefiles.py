"""Recipe files as the setup and the table use them: the shipped ones in the player's
language, one picked by its path, or a recipe set made in the app kept as a match's
copy of its text; each loaded and checked (BU-5), or why it cannot be used. No flet here.

The recipes are not in the record (the contract allows no extra fields): a match keeps
the recipe file it is played with as its own setting, ``RECIPES`` (its path), or a
copy of a set made in the app, ``RECIPES_COPY``. The setup and the table draw the
recipes at every tap, so a file is read from disk only when it changed (its
modification time and size).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.core.edits import say
from companion.core.errors import RecordError
from companion.core.record import parse_json
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.recipes import RECIPES_DIR, RecipeBook, load_recipes, shipped_recipes
from companion.games.burger.recipes import problems as recipe_problems

#: The recipes of a match that names none (the referee's default): the English example.
DEFAULT_RECIPES = RECIPES_DIR / "example.json"


def default_recipes() -> str:
    """The recipe file a new setup starts with: the shipped example in the player's
    language (``assets/recipes/de/example.json`` in German)."""
    files = shipped_recipes()
    return str(files[0] if files else DEFAULT_RECIPES)


# the match's own settings (``TableSession.set_setting``)
RECIPES = "recipes"         # the recipe file's path
RECIPES_COPY = "recipes_copy"   # a copy of the recipe set made in the app that the match was set up with


@dataclass(frozen=True)
class RecipeStatus:
    """A recipe file as the setup shows it: loaded, or why not."""

    path: str
    book: RecipeBook | None
    text: str

    @property
    def ok(self) -> bool:
        return self.book is not None


def recipe_files() -> list[Path]:
    """The recipe files shipped in ``assets/recipes/`` in the player's language (the
    picker's list)."""
    return shipped_recipes()


def is_shipped(path: str) -> bool:
    """Whether ``path`` is one of the shipped recipe files, in any language (the setup
    shows it by its name, not its path)."""
    try:
        return Path(path).resolve().is_relative_to(RECIPES_DIR.resolve())
    except (OSError, ValueError):
        return False


def file_label(path: Path) -> str:
    """A shipped recipe file as the picker names it: the name the set gives itself
    ("Beispielrezepte"), else its file name."""
    return _named(str(path), path.stat().st_mtime_ns if path.is_file() else 0)


@lru_cache(maxsize=16)
def _named(path: str, stamp: int) -> str:
    del stamp               # the cache key only: an edited file is read again
    try:
        return load_recipes(path).name or Path(path).name
    except RecordError:
        return Path(path).name


@lru_cache(maxsize=16)
def _good_book(path: str, stamp: tuple[int, int]) -> RecipeBook:
    """A good recipe file, read once per version (``stamp``: an edited file is read
    again). A bad one raises, and the cache keeps no exception: its words are the
    language in effect when it was read."""
    del stamp
    return load_recipes(path)


def _book(path: Path) -> RecipeBook:
    """The recipe file at ``path`` (a RecordError when it cannot be used), read from
    disk only when it changed: the setup and the table draw it at every tap."""
    try:
        st = path.stat()
    except OSError:
        return load_recipes(path)       # says why it cannot be read
    return _good_book(str(path), (st.st_mtime_ns, st.st_size))


def recipe_status(path: str | Path | None = None) -> RecipeStatus:
    """Load a recipe file and say what it holds, or why it cannot be used (BU-5)."""
    path = Path(path) if path else Path(default_recipes())
    try:
        book = _book(path)
    except RecordError as err:
        return RecipeStatus(str(path), None, say(err))
    names = ", ".join(r.name for r in book.recipes)
    text = _recipes_line(book.name or path.name, len(book.recipes), names)
    if book.example:
        text += " " + _("An example file, made up: edit it to match your recipe cards.")
    return RecipeStatus(str(path), book, text)


def recipe_text_status(text: str, name: str) -> RecipeStatus:
    """A recipe set's JSON text (made in the app, or a match's copy of it), checked like
    a recipe file; ``name`` is what the player calls it."""
    try:
        raw = parse_json(text)
    except RecordError as err:
        return RecipeStatus("", None, f"{name}: {err.message}")
    found = recipe_problems(raw)
    if found:
        more = len(found) - 1
        if more:
            return RecipeStatus("", None, _("{name}: {problem} (and {more} more)").format(
                name=name, problem=found[0], more=more))
        return RecipeStatus("", None, f"{name}: {found[0]}")
    book = RecipeBook.model_validate(raw)
    names = ", ".join(r.name for r in book.recipes)
    return RecipeStatus("", book, _recipes_line(name, len(book.recipes), names))


def _recipes_line(name: str, n: int, names: str) -> str:
    """'example.json: 3 recipes (Classic, …).'"""
    return ngettext("{name}: {n} recipe ({names}).", "{name}: {n} recipes ({names}).", n).format(
        name=name, n=n, names=names)


def match_recipes(settings: Mapping[str, str]) -> RecipeStatus:
    """The recipes a match is played with: its own copy of a set made in the app, else
    the recipe file it names (the shipped example if none)."""
    copy = settings.get(RECIPES_COPY)
    if copy:
        return recipe_text_status(copy, _("The recipe set this game was set up with"))
    return recipe_status(settings.get(RECIPES))
