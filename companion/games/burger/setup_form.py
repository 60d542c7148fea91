"""Burger's setup form: the setup screen's fields and steps (the players in their
seats, the first player, the tool cards, the draw pile, the scoring, the recipes
chosen), each a pure step from the old value to the new, and the record a game
starts with. No flet here.

Nothing here decides a rule: refusals come from ``rules.start`` and the core's
``check_names``, and carry their ruling id. The recipes are checked as
``recipefiles`` reads them; they are not in the record but the match's own settings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core import edits
from companion.core.edits import clean, say
from companion.core.errors import RecordError, RuleError
from companion.core.names import Roster, check_names, normal
from companion.core.record import read
from companion.games.burger import rules
from companion.games.burger.i18n import _
from companion.games.burger.models import (
    DEFAULT_HAMBURGER_POINTS,
    DEFAULT_RAT_POINTS,
    DEFAULT_TEASE,
    DEFAULT_TONGS,
    BurgerRecord,
)
from companion.games.burger.recipefiles import RecipeStatus, default_recipes, recipe_status

MAX_TOOL_CARDS = 9          # a setup stepper's top per kind
MAX_POINTS = 9              # a scoring stepper's range: −MAX_POINTS…MAX_POINTS
STORED = "stored:"          # the setup's choice of a recipe set made in the app: "stored:<id>"


def name_errors(names: Sequence[str]) -> list[str | None]:
    """For each name field, why BU-1 refuses it (or None), as the player types."""
    return edits.name_errors(names, "BU-1")


@dataclass(frozen=True)
class Setup:
    """The setup screen's fields as entered. ``draw_pile`` is the text typed
    ('' = size not known); ``recipes`` the recipe file's path."""

    players: tuple[str, ...] = ()
    first: str | None = None
    tongs: int = DEFAULT_TONGS
    tease: int = DEFAULT_TEASE
    draw_pile: str = ""
    hamburger_points: int = DEFAULT_HAMBURGER_POINTS
    rat_points: int = DEFAULT_RAT_POINTS
    recipes: str = field(default_factory=default_recipes)

    def step(self, what: str, by: int) -> Setup:
        """A stepper press: tool cards stay 0…MAX_TOOL_CARDS, points −MAX_POINTS…MAX_POINTS."""
        if what in ("tongs", "tease"):
            return replace(self, **{what: min(MAX_TOOL_CARDS, max(0, getattr(self, what) + by))})
        if what in ("hamburger_points", "rat_points"):
            return replace(self, **{what: min(MAX_POINTS, max(-MAX_POINTS, getattr(self, what) + by))})
        raise ValueError(what)


def parse_draw_pile(text: str) -> int | None:
    """The draw pile field: '' is 'not known' (None); raises ValueError if not a whole number ≥ 0."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


def stored_recipes(setup: Setup) -> int | None:
    """The id of the recipe set made in the app that the setup has chosen, if one is."""
    if setup.recipes.startswith(STORED) and setup.recipes[len(STORED):].isdigit():
        return int(setup.recipes[len(STORED):])
    return None


def _setup_record(setup: Setup) -> BurgerRecord:
    return read(BurgerRecord, {
        "game": "burger",
        "players": clean(setup.players),
        "first": normal(setup.first) if setup.first else None,
        "tools": {"tongs": setup.tongs, "tease": setup.tease},
        "scoring": {"hamburger": setup.hamburger_points, "rat": setup.rat_points},
        "draw_pile": parse_draw_pile(setup.draw_pile),
    }, {})


def setup_errors(setup: Setup, recipes: RecipeStatus | None = None) -> dict[str, str]:
    """Why the game cannot start yet, per field: 'names' (the list as a whole),
    'first', 'tools', 'draw_pile', 'scoring', 'recipes'. Empty when it can start.
    ``recipes``: the chosen recipes, checked (default: the file ``setup.recipes`` names)."""
    out: dict[str, str] = {}
    names = clean(setup.players)
    try:
        check_names(names, rules.MIN_PLAYERS, rules.MAX_PLAYERS, "BU-1")
    except RuleError as err:
        out["names"] = say(err)
    try:
        pile = parse_draw_pile(setup.draw_pile)
    except ValueError:
        out["draw_pile"] = _("the draw pile is a whole number of cards, or empty if not known")
        pile = None
    recipes = recipes if recipes is not None else recipe_status(setup.recipes)
    if not recipes.ok:
        out["recipes"] = recipes.text
    if "names" in out:
        return out
    try:
        rules.start(_setup_record(replace(setup, draw_pile="" if pile is None else str(pile))))
    except RuleError as err:
        where = {"BU-1": "first", "BU-3": "tools", "BU-6": "draw_pile", "BU-8": "scoring"}
        out[where.get(err.ruling or "", "names")] = say(err)
    except RecordError:   # a count below zero: the steppers never give one
        out["tools"] = _("tool cards are whole numbers, 0 or more")
    return out


def setup_error(setup: Setup) -> str | None:
    """The first reason the game cannot start, or None."""
    errs = setup_errors(setup)
    for key in ("names", "first", "tools", "draw_pile", "scoring", "recipes"):
        if key in errs:
            return errs[key]
    return None


def new_record(setup: Setup) -> dict[str, Any]:
    """A game record before round 1 (the contract's input record). Only call it
    when ``setup_errors`` is empty; the recipe file is not part of the record."""
    players = clean(setup.players)
    record: dict[str, Any] = {"game": "burger", "players": players}
    record["first"] = Roster(players).find(setup.first) if setup.first else players[0]
    record["tools"] = {"tongs": setup.tongs, "tease": setup.tease}
    record["scoring"] = {"hamburger": setup.hamburger_points, "rat": setup.rat_points}
    pile = parse_draw_pile(setup.draw_pile)
    if pile is not None:
        record["draw_pile"] = pile
    record["rounds"] = []
    return record


@dataclass(frozen=True)
class SetupUI:
    """The setup screen's passing state: the fields, and the first player as a seat."""

    # made for each screen, not at import: its recipes are the shipped set in the language then in effect
    setup: Setup = field(default_factory=lambda: Setup(players=("", "", "")))
    first: int = 0                       # index into the names
    touched: frozenset[int] = frozenset()   # the name fields typed in or left (by seat)
    tried: bool = False                  # Start tapped: every field's refusal is said


def renamed(d: SetupUI, i: int, name: str) -> SetupUI:
    """Name field ``i`` typed in."""
    players = d.setup.players
    return replace(d, setup=replace(d.setup, players=players[:i] + (name,) + players[i + 1:]),
                   touched=d.touched | {i})


def left(d: SetupUI, i: int) -> SetupUI:
    """Name field ``i`` was left (typed in or not): its refusal is said from now on."""
    return d if i in d.touched else replace(d, touched=d.touched | {i})


def started(d: SetupUI) -> SetupUI:
    """Start tapped: every field's refusal is said from now on."""
    return replace(d, tried=True)


def said_setup_errors(d: SetupUI, errors: Mapping[str, str]) -> tuple[list[str | None], dict[str, str]]:
    """The name fields' refusals (BU-1) and the setup's own (``errors``, from
    :func:`setup_errors`) as the screen says them: a field's only once it was typed in
    or left, or Start was tapped; the names' and the first player's not while a fresh
    field keeps its refusal to itself (a fresh empty field is no mistake)."""
    fields = name_errors(d.setup.players)
    quiet = edits.keeps_quiet(fields, d.touched, d.tried)
    return (edits.said_name_errors(fields, d.touched, d.tried),
            {k: v for k, v in errors.items() if not (quiet and k in ("names", "first"))})


def moved(d: SetupUI, i: int, by: int) -> SetupUI:
    """Seat ``i`` moved up (``by`` −1) or down (+1); the first player stays with their name."""
    names, j = list(d.setup.players), i + by
    names[i], names[j] = names[j], names[i]
    return replace(d, setup=replace(d.setup, players=tuple(names)), first={i: j, j: i}.get(d.first, d.first),
                   touched=edits.touched_swapped(d.touched, i, j))


def removed(d: SetupUI, i: int) -> SetupUI:
    """Seat ``i`` removed; if it was the first player's, the first seat is first."""
    names = d.setup.players[:i] + d.setup.players[i + 1:]
    first = d.first
    if first == i or first >= len(names):
        first = 0
    elif first > i:
        first -= 1
    return replace(d, setup=replace(d.setup, players=names), first=first, touched=edits.touched_removed(d.touched, i))


def with_players(d: SetupUI, names: Sequence[str]) -> SetupUI:
    """A group played with before, picked: its names in their seats, replacing the fields;
    the first player (BU-1) stays with their name if they are in the group, else the
    first seat is first."""
    chosen = setup_of(d).first
    found = Roster(names).find(chosen) if chosen else None
    first = list(names).index(found) if found is not None else 0
    return replace(d, setup=replace(d.setup, players=tuple(names)), first=first,
                   touched=frozenset(range(len(names))))


def setup_of(d: SetupUI) -> Setup:
    """The setup with the first player taken from the chosen seat."""
    names = d.setup.players
    first = names[d.first].strip() if d.first < len(names) and names[d.first].strip() else None
    return replace(d.setup, first=first)
